// The API's creator lists, synced into the cache (a list's first sync spends).
import { ListsService } from './listsService';
import { ListsRepository } from './listsRepository';
import type { ListsChannel } from '@shared/contract/lists.channels';
import { defineDomain, teamConfirmed } from '../context';

declare module '../context' {
  interface ServiceMap {
    lists: ListsService;
  }
}

export const listsDomain = defineDomain<ListsChannel>({
  name: 'lists',
  register: (ctx) => {
    const lists = new ListsService({ repo: new ListsRepository(ctx.db), paid: ctx.paid, jobs: ctx.jobs, onSaved: ctx.storePictures, ...(ctx.share ? { share: ctx.share } : {}) });
    return { services: { lists }, codecs: [lists.codec] };
  },
  handlers: (h) => ({
    'lists:known': async () => h.active().lists.known(),
    // Team: a list synced before is asked of the API again and claims nothing, so only "not connected" applies to it.
    'lists:quote': async ({ listId }) => {
      const ws = h.active();
      const { teamUnreachable, ...note } = await ws.unlocks.teamNote('credits');
      return { ...note, ...(teamUnreachable && ws.lists.claims(listId) ? { teamUnreachable } : {}) };
    },
    'lists:sync': async ({ listId, teamUnreachableConfirmed }) => h.active().lists.sync(listId, teamConfirmed(teamUnreachableConfirmed)),
    'lists:items': async ({ listId }) => h.active().lists.items(listId),
    'lists:rename': async ({ listId, name }) => h.active().lists.rename(listId, name),
  }),
});
