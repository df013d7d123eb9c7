// The PDF archive: the API's PDF reports (bought, kept beside the workspace's database) and
// Scout's own client reports made from the cache.
import path from 'node:path';
import { archiveFileUrl } from '@shared/archive';
import { ArchiveService, PdfTeamCodec } from './archiveService';
import { ClientReportService } from './clientReportService';
import { PdfsRepository } from './pdfsRepository';
import { workspaceDbPath } from '../../platform/paths';
import type { ArchiveChannel } from '@shared/contract/archive.channels';
import { defineDomain, teamConfirmed } from '../context';

declare module '../context' {
  interface ServiceMap {
    archive: ArchiveService;
    clientReports: ClientReportService;
  }
}


export const archiveDomain = defineDomain<ArchiveChannel>({
  name: 'archive',
  register: (ctx) => {
    const reports = ctx.use('reports');
    const archive = new ArchiveService({
      reports,
      repo: new PdfsRepository(ctx.db),
      paid: ctx.paid,
      jobs: ctx.jobs,
      // Beside the workspace's database: workspaces/<id>/archive/.
      dir: path.join(path.dirname(workspaceDbPath(ctx.dataDir, ctx.id)), 'archive'),
      loopbackOrigin: () => ctx.loopbackOrigin(),
      ...(ctx.polling?.pollDelayMs ? { pollDelayMs: ctx.polling.pollDelayMs } : {}),
      ...(ctx.share ? { share: ctx.share } : {}),
    });
    const clientReports = new ClientReportService({ reports, archive, agency: ctx.use('agency') });
    return { services: { archive, clientReports }, codecs: [new PdfTeamCodec(archive)] };
  },
  handlers: (h) => ({
    // Team: what the team database says of it, as for a report's quote (it cannot be reached, a monthly limit).
    'archive:quote': async ({ account }) => {
      const ws = h.active();
      return (await ws.unlocks.withTeam([ws.archive.quote(account)]))[0]!;
    },
    'archive:export': async ({ account, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.archive.export(account, confirmedCost, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'archive:exportAgain': async ({ id, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.archive.export(ws.archive.accountOf(id), confirmedCost, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'archive:cancel': async ({ account }) => ({ cancelled: h.active().archive.cancel(account) }),
    'archive:list': async (query) => h.active().archive.list(query),
    'archive:open': async ({ id }) => {
      const file = h.active().archive.existingFile(id);
      if (!h.host.openPath) return { openedByHost: false, url: archiveFileUrl(id) };
      await h.host.openPath(file);
      return { openedByHost: true, url: null };
    },
    'archive:reveal': async ({ id }) => {
      const file = h.active().archive.existingFile(id);
      if (!h.host.showItemInFolder) return { openedByHost: false, path: file };
      h.host.showItemInFolder(file);
      return { openedByHost: true, path: file };
    },
    'archive:delete': async ({ id }) => ({ deleted: h.active().archive.delete(id) }),
    // From the cache: no API call, no credit, works offline.
    'archive:clientReport': async ({ account, note, fetchedAt }) => h.active().clientReports.make({ ref: account, note, fetchedAt }),
  }),
});
