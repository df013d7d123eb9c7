// Watchlists: what both sides know about them (the rules of a name, a schedule and a renewal cap,
// the views main sends, and the words a researcher reads for each outcome).
import type { TeamStamp } from './teamSeen';
import type { Network } from './reports';
import type { WorkspaceId } from './workspaces';

export const watchSchedules = ['daily', 'weekly', 'manual'] as const;
export type WatchSchedule = (typeof watchSchedules)[number];

export const MAX_WATCHLIST_NAME = 80;
/** Accounts one watchlist holds: a run of them stays a few minutes at the API's pace. */
export const MAX_WATCHLIST_ACCOUNTS = 500;
/** Credits a month a watchlist may be allowed to spend on renewals. */
export const MAX_RENEW_CAP = 10_000;

export const DAY_MS = 86_400_000;
/** How long after a run the next scheduled one is due. */
export const scheduleEveryMs: Record<WatchSchedule, number | null> = { daily: DAY_MS, weekly: 7 * DAY_MS, manual: null };

export const scheduleLabels: Record<WatchSchedule, string> = { daily: 'Every day', weekly: 'Every week', manual: 'Only when I ask' };

export const refreshOutcomes = ['refreshed', 'renewed', 'needs-credit', 'failed', 'cancelled'] as const;
export type RefreshOutcome = (typeof refreshOutcomes)[number];

/** How the latest refresh of an account ended, in a researcher's words. */
export const refreshOutcomeLabels: Record<RefreshOutcome, string> = {
  refreshed: 'Refreshed for free',
  renewed: 'Renewed (1 credit)',
  'needs-credit': 'Needs a credit',
  failed: 'Not refreshed',
  cancelled: 'Stopped',
};

/** A watchlist's name as kept: trimmed, spaces collapsed; null when nothing is left or it is too long. */
export function cleanWatchlistName(name: string): string | null {
  const clean = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean === '' || [...clean].length > MAX_WATCHLIST_NAME) return null;
  // Control and format characters (bidi overrides, zero-width) are never part of a name.
  if (/[\p{Cc}\p{Cf}]/u.test(clean)) return null;
  return clean;
}

/** The first day (UTC) of the month containing `at`: "this month" for a renewal cap. */
export function monthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export interface WatchlistSummary {
  id: number;
  name: string;
  schedule: WatchSchedule;
  /** Credits a month renewals may spend; 0: never renews. */
  renewCap: number;
  paused: boolean;
  createdAt: number;
  lastRunAt: number | null;
  /** The teammate who made its latest run (a Team workspace's scheduled run is made once for the team); null: this Scout, or never run. */
  lastRunBy: string | null;
  /** When the schedule runs it next (in the past: at the next check, Scout being open); null: by hand only, or paused. */
  nextRunAt: number | null;
  accounts: number;
  /** Credits its renewals spent (or have out) this calendar month. */
  renewedThisMonth: number;
  /** A run of it is under way. */
  running: boolean;
  /** In a Team workspace, once shared: its version and who last changed `name`, `schedule`, `renewCap`, `paused` or `rules` (a teammate). */
  team?: TeamStamp;
}

export interface WatchlistMember {
  network: Network;
  accountKey: string;
  /** What to send main to name the account (reads back to the same account). */
  account: string;
  /** The cached report's name and title, when there is a report. */
  username: string | null;
  title: string | null;
  followers: number | null;
  addedAt: number;
  /** Fetches of this account kept as snapshots. */
  snapshots: number;
  /** When the report's free refreshes end (a year after its unlock); null when unknown or never fetched. */
  freeUntil: number | null;
  checkedAt: number | null;
  outcome: RefreshOutcome | null;
  /** Why, when it was not refreshed. */
  message: string | null;
}

export interface WatchlistView extends WatchlistSummary {
  members: WatchlistMember[];
}

/** A run of a watchlist as it goes (the `tracking:changed` event). */
export interface TrackingProgress {
  workspace: WorkspaceId;
  watchlistId: number;
  state: 'running' | 'done' | 'stopped' | 'skipped';
  total: number;
  done: number;
  refreshed: number;
  renewed: number;
  needsCredit: number;
  failed: number;
  /** Alerts the run raised (known once it ends). */
  alerts: number;
  /** Why a run was skipped or stopped, in words. */
  reason: string | null;
}

export const renewalWindows = [30, 60, 90] as const;
export type RenewalWindow = (typeof renewalWindows)[number];

/** A cached report whose free year ends soon (or has ended lately), and what renewing it costs. */
export interface RenewalItem {
  network: Network;
  accountKey: string;
  /** What to send main to name the account. */
  account: string;
  title: string | null;
  username: string;
  /** When its free refreshes end (or ended). */
  freeUntil: number;
  ended: boolean;
  /** What renewing costs once it has ended: 1 of this balance. */
  balance: string;
  /** The watchlists it is on, by name. */
  watchlists: string[];
}
