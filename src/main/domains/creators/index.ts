// Creators: the accounts the agency's lists and reports know, synced from the API.
import { CreatorsService } from './creatorsService';
import { CreatorsRepository } from './creatorsRepository';
import type { CreatorsChannel } from '@shared/contract/creators.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    creators: CreatorsService;
    creatorsRepo: CreatorsRepository;
  }
}

export const creatorsDomain = defineDomain<CreatorsChannel>({
  name: 'creators',
  register: (ctx) => {
    const creatorsRepo = new CreatorsRepository(ctx.db);
    const creators = new CreatorsService({ repo: creatorsRepo, paid: ctx.paid, jobs: ctx.jobs, onSaved: ctx.storePictures, ...(ctx.share ? { share: ctx.share } : {}) });
    return { services: { creators, creatorsRepo }, codecs: [creators.codec] };
  },
  handlers: (h) => ({
    'creators:sync': async (filter) => h.active().creators.sync(filter),
    'creators:list': async ({ text }) => h.active().creators.list(text),
  }),
});
