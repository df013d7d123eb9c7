// Reports: an account's analytics report (bought once, kept), its companions (posts, metrics
// history, brand mentions) and the library of every report the cache holds.
import { ReportService } from './reportService';
import { CompanionService } from './companionService';
import { AttemptsRepository } from './attemptsRepository';
import { HistoryRepository, MentionsRepository } from './accountDocuments';
import { MediaRepository } from './mediaRepository';
import { ReportsRepository } from './reportsRepository';
import type { ReportsChannel } from '@shared/contract/reports.channels';
import type { QuoteChannel } from '../quotes';
import { PICTURES_ANSWER_BYTES, type PictureAnswer } from '@shared/pictures';
import { defineDomain, teamConfirmed } from '../context';

declare module '../context' {
  interface ServiceMap {
    reports: ReportService;
    reportsRepo: ReportsRepository;
    companions: CompanionService;
  }
}

/** The reports' channels but its quotes (domains/quotes). */
type ReportChannels = Exclude<ReportsChannel, QuoteChannel>;

export const reportsDomain = defineDomain<ReportChannels>({
  name: 'reports',
  register: (ctx) => {
    const share = ctx.share ? { share: ctx.share } : {};
    const reportsRepo = new ReportsRepository(ctx.db);
    const reports = new ReportService({
      unlockedElsewhere: (network, key) => ctx.use('creatorsRepo').unlockedAt(network, key),
      tagsByAccount: () => ctx.use('notes').tagsByAccount(),
      statusByAccount: () => ctx.use('notes').statusOf(),
      api: () => ctx.api(),
      repo: reportsRepo,
      attempts: new AttemptsRepository(ctx.db),
      ledger: ctx.ledger,
      paid: ctx.paid,
      jobs: ctx.jobs,
      onSaved: ctx.storePictures,
      // A teammate's report: its pictures stored as they come, then the screens told again to draw them.
      onPulled: async (result) => {
        if ((await ctx.storePictures(result)) > 0) ctx.tellReceived(['report']);
      },
      ...share,
      ...ctx.polling,
    });
    const companions = new CompanionService({
      api: () => ctx.api(),
      reports,
      media: new MediaRepository(ctx.db),
      history: new HistoryRepository(ctx.db),
      mentions: new MentionsRepository(ctx.db),
      ...share,
      paid: ctx.paid,
      onSaved: ctx.storePictures,
    });
    return {
      services: { reports, reportsRepo, companions },
      codecs: [reports.teamCodec(), companions.codecs.media, companions.codecs.history, companions.codecs.mentions],
    };
  },
  handlers: (h) => ({
    // Accounts arrive read (the contract's schema parses them into an AccountRef).
    'reports:open': async ({ account }) => h.active().reports.open(account),
    'reports:fetch': async ({ confirmedCost, workspace, account, tiktokType, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.reports.fetch({ ...account, tiktokType }, confirmedCost, { confirmedHere, ...teamConfirmed(teamUnreachableConfirmed) });
    },
    // Every item waits its turn for its paid request; one not yet sent when another workspace became active is skipped.
    'reports:fetchMany': async ({ workspace, runId, items }) =>
      h.spendingIn(workspace).ws.reports.fetchMany(
        runId,
        items.map(({ account, tiktokType, confirmedCost, teamUnreachableConfirmed }) => ({ ref: { ...account, tiktokType }, confirmedCost, ...teamConfirmed(teamUnreachableConfirmed) })),
      ),
    // A run belongs to the workspace it started in, which may no longer be the active one.
    'reports:cancelMany': async ({ runId }) => ({ cancelled: h.openWorkspaces().some((ws) => ws.reports.cancelMany(runId)) }),
    'reports:cancel': async ({ account, workspace }) => ({ cancelled: (workspace ? h.workspace(workspace) : h.active()).reports.cancel(account) }),
    'reports:progress': async ({ account }) => h.active().reports.progressOf(account),
    'reports:library': async (query) => h.active().reports.library(query),
    'reports:attempt': async ({ account }) => h.active().reports.attemptOf(account),
    'reports:snapshots': async ({ account }) => h.active().reportsRepo.snapshots(account.network, account.key),
    // With the account's cached metrics history: Compare finds every series the report page shows.
    'reports:snapshot': async ({ id }) => h.active().companions.snapshot(id),
    'media:get': ({ account, page, refresh, teamUnreachableConfirmed }) => h.active().companions.media(account, { page, refresh, ...teamConfirmed(teamUnreachableConfirmed) }),
    'history:get': ({ account, refresh, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.companions.history(account, { refresh, confirmedCost, confirmedHere, ...teamConfirmed(teamUnreachableConfirmed) });
    },
    'images:get': async ({ urls }) => {
      const images = h.active().images;
      // The first picture always goes, so asking again for the `later` ones always moves on.
      let room = PICTURES_ANSWER_BYTES;
      return urls.map((url): PictureAnswer => {
        if (room <= 0) return { later: true };
        const image = images.get(url);
        if (!image) return null;
        room -= image.bytes.length;
        return { dataUrl: `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}` };
      });
    },
    'mentions:get': ({ account, refresh, teamUnreachableConfirmed }) => h.active().companions.mentions(account, { refresh, ...teamConfirmed(teamUnreachableConfirmed) }),
  }),
});
