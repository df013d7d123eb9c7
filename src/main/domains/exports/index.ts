// Files written from the cache: the sheets of Compare, Discovery, Competitor, Lists and Creators.
import { ExportService, type ExportDestination } from './exportService';
import { exportPlan } from './plans';
import type { ExportsChannel } from '@shared/contract/exports.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    exports: ExportService;
  }
}

export const exportsDomain = defineDomain<ExportsChannel>({
  name: 'exports',
  register: (ctx) => ({ services: { exports: new ExportService({ jobs: ctx.jobs, brand: () => ctx.use('agency').brand(), logoPng: () => ctx.use('agency').logoPng() }) } }),
  handlers: (h) => ({
    // From the cache, written by main: the desktop app asks where, browser mode hands out a download.
    'exports:save': async ({ runId, format, subject }) => {
      const ws = h.active();
      const destination: ExportDestination = h.host.chooseSaveTarget ? { kind: 'dialog', choose: h.host.chooseSaveTarget } : h.downloadDestination();
      return ws.exports.save(runId, format, exportPlan(ws, subject), destination);
    },
    // An export belongs to the workspace it started in, which may no longer be the active one.
    'exports:cancel': async ({ runId }) => ({ cancelled: h.openWorkspaces().some((ws) => ws.exports.cancel(runId)) }),
  }),
});
