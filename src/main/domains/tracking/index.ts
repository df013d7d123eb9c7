// Tracking: watchlists (accounts refreshed on a schedule while their access is free) and the
// alerts their rules raise on what the refreshes found, or on what teammates' reports say.
import type { Network } from '@shared/reports';
import { TrackingService } from './trackingService';
import { AlertsService } from './alertsService';
import { reportOfItem } from '../reports/reportRecords';
import { AlertsRepository } from './alertsRepository';
import { WatchlistsRepository } from './watchlistsRepository';
import { TeamTracking } from '../../team/teamTracking';
import { teamItemParts } from '../../team/records';
import { batched } from '../../platform/util/timeSlices';
import { eventError } from '../../platform/errorWording';
import type { TrackingChannel } from '@shared/contract/tracking.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    tracking: TrackingService;
    alerts: AlertsService;
  }
}


type AccountOf = { network: Network; accountKey: string };

export const trackingDomain = defineDomain<TrackingChannel>({
  name: 'tracking',
  register: (ctx) => {
    const edits = { ...(ctx.onEdit ? { onEdit: ctx.onEdit } : {}), ...(ctx.teamVersion ? { teamVersion: ctx.teamVersion } : {}) };
    const alerts = new AlertsService({ repo: new AlertsRepository(ctx.db), jobs: ctx.jobs, ...edits });
    const companions = ctx.use('companions');
    const team = ctx.team;
    const tracking = new TrackingService({
      alerts,
      brandMentions: (ref) => companions.refreshKeptMentions(ref),
      keptMentions: (ref) => companions.newestMentions(ref),
      repo: new WatchlistsRepository(ctx.db),
      reports: ctx.use('reports'),
      reportsRepo: ctx.use('reportsRepo'),
      ledger: ctx.ledger,
      connection: ctx.connection,
      jobs: ctx.jobs,
      logger: ctx.logger,
      isActive: () => ctx.isActive(),
      ...edits,
      ...(team
        ? {
            team: {
              tracking: new TeamTracking(() => team.pool(), team.sharedWork.origin, ctx.db),
              docId: (watchlistId: number) => team.sharedWork.docIdOf('watchlist', watchlistId) ?? null,
              reachable: () => team.connector.status().state === 'connected',
              connected: () => team.connected(),
            },
          }
        : {}),
    });
    // Teammates' reports of watched accounts are read against the watchlists' alert rules, as a
    // run here is: gathered while a pull writes them, read once it has (a turn later).
    const teammatesMentions = batched<AccountOf>((accounts) => {
      try {
        tracking.teammateMentions(accounts);
      } catch (error) {
        ctx.logger.warn(`alerts on teammates' brand mentions not evaluated: ${eventError(error).message}`);
      }
    });
    const teammatesSnapshots = batched<AccountOf | 'all'>((accounts) => {
      try {
        tracking.teammateSnapshots(accounts.includes('all') ? 'all' : (accounts as AccountOf[]));
      } catch (error) {
        ctx.logger.warn(`alerts on teammates' reports not evaluated: ${eventError(error).message}`);
      }
    });
    return {
      services: { tracking, alerts },
      onTeamRecord: (kind, record) => {
        if (kind === 'report') {
          teammatesSnapshots.add(reportOfItem(record.item));
        } else if (kind === 'mentions') {
          const parts = teamItemParts(record.item);
          if (parts) teammatesMentions.add({ network: parts.network as Network, accountKey: parts.subject });
        }
      },
      onSharedApplied: (kinds) => {
        if (kinds.includes('watchlist')) teammatesSnapshots.add('all');
      },
      // A teammate deleted it: a run of it here stops spending, and keeps what it paid for.
      onWatchlistRemoved: (watchlistId) => void tracking.deleted(watchlistId),
      // Watchlists due (missed while Scout was closed, too) are refreshed now, then as they fall due.
      start: () => tracking.startSchedule(),
      // Watchlists that fell due while another workspace was open are refreshed now.
      activated: () => void tracking.tick(),
      // No scheduled refresh starts from here on; a tick waiting on the team database is not waited out.
      stop: (waitMs) => tracking.stopSchedule(waitMs),
    };
  },
  handlers: (h) => ({
    'watchlists:list': async () => h.active().tracking.list(),
    'watchlists:get': async ({ id }) => h.active().tracking.get(id),
    'watchlists:create': async ({ name, schedule, renewCap, accounts }) =>
      h.active().tracking.create({ name, schedule, renewCap: renewCap ?? 0, accounts: accounts?.map((a) => a.account) ?? [] }),
    'watchlists:update': async ({ id, seen, ...change }) => h.active().tracking.update(id, change, seen),
    'watchlists:delete': async ({ id }) => ({ deleted: h.active().tracking.remove(id) }),
    'watchlists:addAccounts': async ({ id, accounts }) => ({ added: h.active().tracking.addAccounts(id, accounts.map((a) => a.account)) }),
    'watchlists:removeAccount': async ({ id, item }) => ({ removed: h.active().tracking.removeAccount(id, item.account) }),
    'watchlists:run': async ({ id }) => h.active().tracking.run(id),
    'watchlists:cancel': async ({ id }) => ({ cancelled: h.active().tracking.cancel(id) }),
    'watchlists:rules': async ({ id }) => h.active().alerts.rules(id),
    'watchlists:setRules': async ({ id, rules, seen }) => h.active().alerts.setRules(id, rules, seen),
    'watchlists:renewalPlan': async ({ days }) => h.active().tracking.renewalPlan(days),
    'alerts:list': async (options) => h.active().alerts.list(options),
    'alerts:count': async () => ({ unread: h.active().alerts.unreadCount() }),
    'alerts:markRead': async ({ ids }) => ({ unread: h.active().alerts.markRead(ids ?? null) }),
    'alerts:mute': async ({ id }) => (h.active().alerts.mute(id), { muted: true }),
  }),
});
