// Report types the renderer shows and main produces. Pure data: no imports but types.
import type { BalanceKind } from './balances';
import type { MonthlyLimit } from './monthlyLimit';
import type { WorkspaceId } from './workspaces';

export const networks = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const;
export type Network = (typeof networks)[number];

/** Networks as a researcher writes them: the one dictionary, for main's messages and the renderer's labels. */
export const networkNames: Record<Network, string> = { instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok', twitch: 'Twitch', twitter: 'Twitter', snapchat: 'Snapchat' };

export type ReportState = 'READY' | 'READY_LOW_CONFIDENCE' | 'NOT_READY';

/**
 * The headline of one report, the same for every network: what the library, comparison and
 * search need. Extracted from the network's own shape by the report schema; null where the
 * report does not carry it.
 */
export interface ReportSummary {
  network: Network;
  /** basic.id (YouTube channel id, TikTok user id, …) or null. */
  accountId: string | null;
  username: string;
  title: string | null;
  description: string | null;
  avatarUrl: string | null;
  verified: boolean | null;
  followers: number | null;
  /** Engagement rate, percent: the 30-day figure, else the report's overall one (see the basis). */
  engagementRate: number | null;
  /**
   * Which figure `engagementRate` is: '30d' the last 30 days'; 'overall' the report's overall
   * figure (it has no 30-day one, or those 30 days hold no posts: src/shared/periodFigures.ts).
   */
  engagementRateBasis: 'overall' | '30d' | null;
  /** Follower growth over 30 days, percent. */
  growthPrc: number | null;
  avgViews: number | null;
  avgLikes: number | null;
  avgComments: number | null;
  /** Audience quality score (aqs / cqs), 0–100. */
  audienceQuality: number | null;
  /** The account's own country, ISO alpha-2 upper case. */
  country: string | null;
  /** The account's language, two letters lower case. */
  language: string | null;
}

export type TiktokReportType = 'report' | 'advanced_report';

/** A cached report, parsed and ready to show. */
export interface CachedReport {
  network: Network;
  accountKey: string;
  summary: ReportSummary;
  state: ReportState;
  quality: string | null;
  fetchedAt: number;
  /** When this account was unlocked (paid for); free to refresh for 365 days from then. */
  unlockedAt: number | null;
  validUntil: number | null;
  tiktokType: TiktokReportType | null;
  snapshotCount: number;
  /** The API's whole `result`, normalised. */
  result: Record<string, unknown>;
}

export type { BalanceKind };

/**
 * What the team database says of a purchase while it is quoted (a Team workspace; empty outside
 * one, and when the quote costs nothing): said in the quote, before spending is pressed.
 */
export interface TeamQuoteNote {
  /**
   * True when the team database could not be asked (a teammate may already have it; the monthly
   * limit cannot be checked). The researcher answers in the quote: buying it then is their "Buy
   * anyway" (`teamUnreachableConfirmed`).
   */
  teamUnreachable?: true;
  /**
   * True when this Scout has no working connection to its team database at all (not set up, a
   * wrong password): the send would refuse (TEAM_NOT_CONNECTED), so the quote offers no spend.
   */
  teamNotConnected?: true;
}

/** What fetching a report costs now, and why: shown before anything is spent. */
export interface CostQuote extends TeamQuoteNote {
  cost: 0 | 1;
  balance: BalanceKind;
  /** `paid-not-fetched`: paid for within the year but never cached (cancelled); most likely free, at most `cost`. */
  reason: 'free-test-account' | 'unlocked' | 'new' | 'expired' | 'upgrade' | 'paid-not-fetched' | 'unlocked-elsewhere';
  freeUntil: number | null;
  /** `unlocked-elsewhere`: when the API account unlocked it outside this Scout (auditor.creators); null or absent otherwise. */
  unlockedAt?: number | null;
  /**
   * A Team workspace: the researcher's monthly limit on this balance and what they spent of it
   * this month, when the fetch costs something and they have one; null when they have none, or
   * the team database could not be asked (the send still checks). Absent outside a team.
   */
  limit?: MonthlyLimit | null;
}

/** A report fetch under way, sent on every step; the last one of a fetch has phase 'finished'. */
export interface ReportProgress {
  network: Network;
  accountKey: string;
  /**
   * `queued`: waiting for its turn, as paid requests go out one at a time. `waiting-teammate`
   * (Team): a teammate is buying it now; Scout waits for their copy and spends nothing.
   */
  phase: 'queued' | 'waiting-teammate' | 'requesting' | 'generating' | 'saving' | 'finished';
  /** `waiting-teammate`: the teammate's name, as the team knows them. */
  teammate?: string | null;
  /** `waiting-teammate`: it is the researcher themself, buying it on another computer (never "waiting for" themself). */
  yoursElsewhere?: boolean;
  /** The API's retryTtl while generating. */
  retryInSec: number | null;
  /** When Scout asks the API again (epoch ms), while generating: what a countdown counts to. */
  nextCheckAt: number | null;
  elapsedMs: number;
  /** With 'finished': null when the report was saved, else what went wrong (refunds said in the message). */
  error?: { code: string; message: string } | null;
  /** With 'finished': what this fetch spent, per balance, refunds deducted (empty when nothing). */
  spent?: Partial<Record<BalanceKind, number>>;
  /** With 'finished': a call's cost is not known yet (its answer was lost); Scout settles it before spending again. */
  spendUnresolved?: boolean;
  /** The workspace the fetch runs in: a page of another workspace ignores it. */
  workspace: WorkspaceId;
}

/**
 * How the latest fetch of an account ended when it saved no report: it failed (the API or the
 * network said why), was cancelled (or skipped) with nothing paid, or was paid for and not
 * fetched (cancelled or timed out after the API charged: most likely free to fetch again).
 */
export type AttemptOutcome = 'failed' | 'cancelled' | 'paid-not-fetched';
export const attemptOutcomes = ['failed', 'cancelled', 'paid-not-fetched'] as const satisfies readonly AttemptOutcome[];

/** The latest fetch of an account that saved no report; gone once a report of it is saved. */
export interface FetchAttemptView {
  network: Network;
  accountKey: string;
  /** The name the API was sent: what the library shows for an account with no report. */
  apiName: string;
  tiktokType: TiktokReportType | null;
  outcome: AttemptOutcome;
  error: { code: string; message: string } | null;
  at: number;
  /** What the attempts spent since the last saved report, per balance, refunds deducted. */
  spent: Partial<Record<BalanceKind, number>>;
}

/** How one account of a batch fetch (`reports:fetchMany`) ended, in the order the items were sent. */
export interface FetchManyOutcome {
  network: Network;
  accountKey: string;
  /** `skipped`: nothing was sent, as the workspace changed before its turn. */
  status: 'done' | 'failed' | 'cancelled' | 'skipped';
  error: { code: string; message: string } | null;
  /** What this account's fetch spent, per balance, refunds deducted (empty when nothing). */
  spent?: Partial<Record<BalanceKind, number>>;
}

export interface SpendingRow {
  day: string;
  operation: string;
  network: string | null;
  accountKey: string | null;
  balance: BalanceKind;
  spent: number;
  calls: number;
  /** How far the balance moved during these calls beyond what they can cost: spent outside Scout, not booked here. */
  outside: number;
}

/** How the library can be sorted: one list for the contract and the cache. */
export const librarySortKeys = [
  'fetchedAt',
  'firstFetchedAt',
  'unlockedAt',
  'validUntil',
  'network',
  'state',
  'accountId',
  'username',
  'title',
  'verified',
  'followers',
  'engagementRate',
  'growthPrc',
  'avgViews',
  'avgLikes',
  'avgComments',
  'audienceQuality',
  'country',
  'language',
  'status',
  'relevance',
] as const;
