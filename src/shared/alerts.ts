// Alerts on watched accounts: the rules a watchlist applies (with their defaults), how a set of
// snapshots is read against them, and the words each alert is said in. Main evaluates; the
// renderer edits the rules and shows the alerts; both read the rules through this one schema.
import { z } from 'zod';
import type { Network } from './reports';
import type { WorkspaceId } from './workspaces';

export const alertKinds = ['follower-drop', 'follower-spike', 'low-engagement', 'quality-drop', 'unavailable', 'new-mention'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertKindLabels: Record<AlertKind, string> = {
  'follower-drop': 'Followers dropped',
  'follower-spike': 'Followers jumped (possibly bought)',
  'low-engagement': 'Engagement rate fell below the line',
  'quality-drop': 'Audience quality fell',
  unavailable: 'Report unavailable',
  'new-mention': 'New brand mention',
};

const DAYS = z.number().int('Days are a whole number.').min(1, 'At least 1 day.').max(90, 'At most 90 days.');

export const alertRulesSchema = z
  .object({
    /** Followers fell by at least `pct` % from their highest within `days` days. */
    followerDrop: z.object({ pct: z.number().min(0.5, 'At least 0.5 %.').max(90, 'At most 90 %.'), days: DAYS }).strict().nullable(),
    /** Followers rose by at least `pct` % from their lowest within `days` days. */
    followerSpike: z.object({ pct: z.number().min(1, 'At least 1 %.').max(1000, 'At most 1,000 %.'), days: DAYS }).strict().nullable(),
    /** The engagement rate went below `below` % (a period without posts is not a rate). */
    lowEngagement: z.object({ below: z.number().min(0.01, 'At least 0.01 %.').max(100, 'At most 100 %.') }).strict().nullable(),
    /** The audience quality score fell by at least `points` since the snapshot before. */
    qualityDrop: z.object({ points: z.number().min(1, 'At least 1 point.').max(100, 'At most 100 points.') }).strict().nullable(),
    /** A refresh found the account's report no longer available. */
    unavailable: z.boolean(),
    /**
     * A brand mentions the account that did not before (TikTok and YouTube, whose brand mentions
     * a run asks for again once they are in the cache). Off unless chosen: the API does not say
     * what asking again costs.
     */
    newMention: z.boolean(),
  })
  .strict();
export type AlertRules = z.infer<typeof alertRulesSchema>;

export const defaultAlertRules: AlertRules = {
  followerDrop: { pct: 5, days: 7 },
  followerSpike: { pct: 10, days: 7 },
  lowEngagement: { below: 1 },
  qualityDrop: { points: 5 },
  unavailable: true,
  newMention: false,
};

/** Rules as stored: missing ones take their defaults; null when what is stored cannot be read. */
export function readAlertRules(stored: unknown): AlertRules | null {
  const merged = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...defaultAlertRules, ...stored } : null;
  const read = alertRulesSchema.safeParse(merged);
  return read.success ? read.data : null;
}

const DAY_MS = 86_400_000;

/** How far before the snapshot before the newest the rules look (the longest window of days). */
export function rulesSpanDays(rules: AlertRules): number {
  return Math.max(rules.followerDrop?.days ?? 0, rules.followerSpike?.days ?? 0);
}

/** One snapshot's figures the rules read; null where the report did not say. */
export interface SnapshotFigures {
  id: number;
  at: number;
  followers: number | null;
  engagementRate: number | null;
  audienceQuality: number | null;
}

/** What a rule found: the two snapshots compared and their figures. */
export interface RaisedAlert {
  kind: Exclude<AlertKind, 'unavailable' | 'new-mention'>;
  before: SnapshotFigures | null;
  after: SnapshotFigures;
  beforeValue: number | null;
  afterValue: number;
  /** The rule's line: a percentage, a rate or points. */
  threshold: number;
  /** The window of days the rule looked back over. */
  days: number | null;
}

const positive = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;

/**
 * The alerts the newest snapshot raises, against the ones before it (oldest first). A figure the
 * report did not give is never read as 0: a snapshot without followers, and an engagement rate of
 * 0 (a period without posts), take part in no rule.
 */
export function evaluateAlerts(snapshots: readonly SnapshotFigures[], rules: AlertRules): RaisedAlert[] {
  const after = snapshots.at(-1);
  if (!after) return [];
  const earlier = snapshots.slice(0, -1);
  const previous = earlier.at(-1) ?? null;
  const raised: RaisedAlert[] = [];
  // A move is raised when it first crosses its line: the snapshot before, read the same way, must not have.
  const crossed = (find: (series: readonly SnapshotFigures[]) => RaisedAlert | null) => {
    const now = find(snapshots);
    if (now && !(previous && find(earlier))) raised.push(now);
  };
  if (rules.followerDrop) {
    const { pct, days } = rules.followerDrop;
    crossed((series) => followerMove(series, days, (top, last) => ((top - last) / top) * 100 >= pct, (a, b) => a > b, 'follower-drop', pct));
  }
  if (rules.followerSpike) {
    const { pct, days } = rules.followerSpike;
    crossed((series) => followerMove(series, days, (low, last) => ((last - low) / low) * 100 >= pct, (a, b) => a < b, 'follower-spike', pct));
  }
  if (rules.lowEngagement) {
    const { below } = rules.lowEngagement;
    crossed((series) => {
      const last = series.at(-1)!;
      if (!positive(last.engagementRate) || last.engagementRate >= below) return null;
      const before = series.at(-2) ?? null;
      return { kind: 'low-engagement', before, after: last, beforeValue: before?.engagementRate ?? null, afterValue: last.engagementRate, threshold: below, days: null };
    });
  }
  if (rules.qualityDrop && previous && positive(previous.audienceQuality) && positive(after.audienceQuality) && previous.audienceQuality - after.audienceQuality >= rules.qualityDrop.points) {
    raised.push({ kind: 'quality-drop', before: previous, after, beforeValue: previous.audienceQuality, afterValue: after.audienceQuality, threshold: rules.qualityDrop.points, days: null });
  }
  return raised;
}

/**
 * The newest snapshot's followers against the furthest of the earlier ones within `days` (the
 * highest for a drop, the lowest for a spike), when `moved` says that is past the line.
 */
function followerMove(
  series: readonly SnapshotFigures[],
  days: number,
  moved: (extreme: number, last: number) => boolean,
  further: (a: number, b: number) => boolean,
  kind: 'follower-drop' | 'follower-spike',
  threshold: number,
): RaisedAlert | null {
  const last = series.at(-1);
  if (!last || !positive(last.followers)) return null;
  let extreme: SnapshotFigures | null = null;
  for (const s of series) {
    if (s === last || s.at < last.at - days * DAY_MS || s.at > last.at || !positive(s.followers)) continue;
    if (extreme === null || further(s.followers, extreme.followers!)) extreme = s;
  }
  if (!extreme || !moved(extreme.followers!, last.followers)) return null;
  return { kind, before: extreme, after: last, beforeValue: extreme.followers, afterValue: last.followers, threshold, days };
}

/** A brand in an account's brand mentions: its key in the answer and its name. */
export interface MentioningBrand {
  key: string;
  name: string;
}

/**
 * The brands of the newer brand mentions that the older ones did not have, in the newer's order.
 * A brand is matched by its key, and by its name when the API gave it another key.
 */
export function newBrandMentions(older: readonly MentioningBrand[], newer: readonly MentioningBrand[]): MentioningBrand[] {
  const keys = new Set(older.map((b) => b.key));
  const names = new Set(older.map((b) => b.name.trim().toLowerCase()));
  const seen = new Set<string>();
  return newer.filter((b) => {
    if (keys.has(b.key) || names.has(b.name.trim().toLowerCase()) || seen.has(b.key)) return false;
    seen.add(b.key);
    return true;
  });
}

/** An alert as the inbox shows it. */
export interface AlertView {
  id: number;
  kind: AlertKind;
  network: Network;
  accountKey: string;
  /** What to send main to name the account. */
  account: string;
  /** The cached report's title or name, when there is a report. */
  title: string | null;
  watchlistId: number | null;
  watchlistName: string | null;
  raisedAt: number;
  beforeAt: number | null;
  afterAt: number | null;
  beforeValue: number | null;
  afterValue: number | null;
  threshold: number | null;
  days: number | null;
  /** Why, in words, for an unavailable report (the API's answer); the new brands' names, one a line, for a new brand mention. */
  detail: string | null;
  read: boolean;
}

/** The `alerts:changed` event: how many are unread now. */
export interface AlertsState {
  workspace: WorkspaceId;
  unread: number;
}
