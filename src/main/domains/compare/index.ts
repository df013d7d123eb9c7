// Saved comparisons: side by side, with their period and notes (shared in a Team workspace).
import { CompareService } from './compareService';
import { ComparisonsRepository } from './comparisonsRepository';
import type { CompareChannel } from '@shared/contract/compare.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    compare: CompareService;
  }
}

export const compareDomain = defineDomain<CompareChannel>({
  name: 'compare',
  register: (ctx) => ({ services: { compare: new CompareService(new ComparisonsRepository(ctx.db), Date.now, ctx.onEdit, ctx.teamVersion) } }),
  handlers: (h) => ({
    'compare:list': async () => h.active().compare.list(),
    'compare:get': async ({ id }) => h.active().compare.get(id),
    'compare:save': async (request) => h.active().compare.save(request),
    'compare:delete': async ({ id }) => ({ deleted: h.active().compare.delete(id) }),
    'compare:latest': async ({ accounts }) => h.active().compare.latest(accounts.map(({ account }) => account)),
    'compare:printPdf': async ({ suggestedName }) => {
      // Browser mode: the page prints its print layout with the browser's own dialog.
      if (!h.host.printToPdf) return { openedByHost: false, savedTo: null };
      return { openedByHost: true, savedTo: await h.host.printToPdf(suggestedName) };
    },
  }),
});
