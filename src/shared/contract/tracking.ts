// Tracking: watchlists (accounts refreshed on a schedule, within a renewal limit), their alert
// rules, and the alerts inbox (alerts:*).
import { z } from 'zod';
import { isPositiveId } from '@shared/ids';
import { alertRulesSchema, type AlertRules, type AlertsState, type AlertView } from '@shared/alerts';
import type { TeamStamp } from '@shared/teamSeen';
import { MAX_RENEW_CAP, MAX_WATCHLIST_ACCOUNTS, cleanWatchlistName, renewalWindows, watchSchedules, type RenewalItem, type TrackingProgress, type WatchlistSummary, type WatchlistView } from '@shared/tracking';
import { account, network, noInput, op, seenOnly, seenVersion, withAccountRef, type Exact, type OperationsOf } from './common';
import type { TrackingChannel, TrackingEventName } from './tracking.channels';

const watchlistId = z.number().int().refine(isPositiveId, 'That is not a watchlist id.');
const watchlistName = z.string().max(400).refine((n) => cleanWatchlistName(n) !== null, 'A watchlist name is 1 to 80 characters, without control characters.');
const renewCap = z.number().int('A renewal limit is a whole number of credits.').min(0).max(MAX_RENEW_CAP, `A watchlist may renew at most ${MAX_RENEW_CAP} credits a month.`);
const watchedAccount = withAccountRef(z.object({ network, account }).strict());
const watchedAccounts = z.array(watchedAccount).min(1).max(MAX_WATCHLIST_ACCOUNTS, `A watchlist holds at most ${MAX_WATCHLIST_ACCOUNTS} accounts.`);

export const trackingOperations = {
  /** Every watchlist of the workspace, by name. */
  'watchlists:list': op<WatchlistSummary[]>()(noInput),
  /** One watchlist with its accounts (each with its cached figures and how its latest refresh ended); null when there is none with that id. */
  'watchlists:get': op<WatchlistView | null>()(z.object({ id: watchlistId }).strict()),
  'watchlists:create': op<WatchlistSummary>()(
    z.object({ name: watchlistName, schedule: z.enum(watchSchedules), renewCap: renewCap.optional(), accounts: watchedAccounts.optional() }).strict(),
  ),
  /** Renames it, changes its schedule or renewal limit, pauses or resumes it (pausing stops a run under way). */
  'watchlists:update': op<WatchlistSummary>()(
    z
      .object({
        id: watchlistId,
        name: watchlistName.optional(),
        schedule: z.enum(watchSchedules).optional(),
        renewCap: renewCap.optional(),
        paused: z.boolean().optional(),
        /**
         * What its editor showed when the researcher began (its `team.version`, and the settings
         * it showed): only the settings that differ from it are changed, and a Team workspace
         * shares the change as made on that version. Absent: as given, on the latest version.
         */
        seen: z
          .object({ version: seenVersion, name: z.string().max(200).optional(), schedule: z.enum(watchSchedules).optional(), renewCap: z.number().int().nonnegative().optional(), paused: z.boolean().optional() })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  'watchlists:delete': op<{ deleted: boolean }>()(z.object({ id: watchlistId }).strict()),
  /** Adds accounts (those on it already stay as they are); how many were new. */
  'watchlists:addAccounts': op<{ added: number }>()(z.object({ id: watchlistId, accounts: watchedAccounts }).strict()),
  'watchlists:removeAccount': op<{ removed: boolean }>()(z.object({ id: watchlistId, item: watchedAccount }).strict()),
  /** Refreshes every account of it now (free ones only, unless it may renew); resolves when the run ends. Progress: `watchlists:changed`. */
  'watchlists:run': op<TrackingProgress>()(z.object({ id: watchlistId }).strict()),
  'watchlists:cancel': op<{ cancelled: boolean }>()(z.object({ id: watchlistId }).strict()),
  /** The watchlist's alert rules (the usual ones where none were saved); `problem` when saved ones could not be read. */
  'watchlists:rules': op<{ rules: AlertRules; problem: string | null; team?: TeamStamp }>()(z.object({ id: watchlistId }).strict()),
  /** `seen`: the watchlist's `team.version` when the rules editor opened (a Team workspace shares the change as made on it). */
  'watchlists:setRules': op<AlertRules>()(z.object({ id: watchlistId, rules: alertRulesSchema, seen: seenOnly }).strict()),
  /** Cached reports whose free year ends within 30, 60 or 90 days (or ended in the last 30), soonest first. */
  'watchlists:renewalPlan': op<RenewalItem[]>()(z.object({ days: z.literal(renewalWindows, 'Choose 30, 60 or 90 days.') }).strict()),
  /** The alerts inbox, newest first. */
  'alerts:list': op<AlertView[]>()(z.object({ unreadOnly: z.boolean().optional(), limit: z.number().int().min(1).max(1000).optional() }).strict()),
  'alerts:count': op<{ unread: number }>()(noInput),
  /** Marks these alerts read (every unread one without ids); the unread count left. */
  'alerts:markRead': op<{ unread: number }>()(z.object({ ids: z.array(z.number().int().refine(isPositiveId, 'That is not an alert id.')).max(1000).optional() }).strict()),
  /** No more alerts of this one's kind for its account; it is marked read. */
  'alerts:mute': op<{ muted: boolean }>()(z.object({ id: z.number().int().refine(isPositiveId, 'That is not an alert id.') }).strict()),
} satisfies OperationsOf<TrackingChannel>;

export interface TrackingEvents {
  /** A watchlist's run as it goes (and once more when it ends or is skipped). */
  'watchlists:changed': TrackingProgress;
  /** Alerts were raised, read or muted: how many are unread now. */
  'alerts:changed': AlertsState;
}

const eventsMatchNames: Exact<keyof TrackingEvents, TrackingEventName> = true;
void eventsMatchNames;
