// What changed between two fetches of one account: the headline figures, and audience shares
// that moved by at least half a percentage point, or that entered or left a top-N list; and
// the headline figures across every fetch, as a chart.
import type { CachedReport, ReportSummary } from '@shared/reports';
import { buildReportModel } from './reportModel';

export interface FigureChange {
  label: string;
  before: number | null;
  after: number | null;
  /** after − before; null when either is missing. */
  delta: number | null;
  unit: 'count' | 'percent';
}

interface ShareChangeBase {
  breakdown: string;
  item: string;
}

/**
 * One audience share that changed. An item in only one snapshot's list (a top-10 country list,
 * say) is `entered` or `left` with the share it had there: the other snapshot did not say what
 * its share was, only that it was not in the list, so it is never a change from 0.
 */
export type ShareChange =
  | (ShareChangeBase & { kind: 'moved'; before: number; after: number })
  | (ShareChangeBase & { kind: 'entered'; before: null; after: number })
  | (ShareChangeBase & { kind: 'left'; before: number; after: null });

export interface SnapshotComparison {
  figures: FigureChange[];
  /** Moves first, largest first; then the items that entered or left a list, by breakdown, largest share first. */
  shares: ShareChange[];
}

type Comparable = Pick<CachedReport, 'network' | 'accountKey' | 'summary' | 'result' | 'fetchedAt'> & Partial<CachedReport>;

const figures: [keyof ReportSummary, string, FigureChange['unit']][] = [
  ['followers', 'Followers', 'count'],
  ['engagementRate', 'Engagement rate', 'percent'],
  ['growthPrc', 'Growth, 30 days', 'percent'],
  ['avgViews', 'Average views', 'count'],
  ['avgLikes', 'Average likes', 'count'],
  ['avgComments', 'Average comments', 'count'],
  ['audienceQuality', 'Audience quality', 'count'],
];

/** The rest of a top-N list: computed by the display model, not a member that comes and goes. */
const OTHER = 'Other';

function asReport(r: Comparable): CachedReport {
  return { state: 'READY', quality: null, unlockedAt: null, validUntil: null, tiktokType: null, snapshotCount: 1, ...r } as CachedReport;
}

export function compareSnapshots(older: Comparable, newer: Comparable, minShareMove = 0.5): SnapshotComparison {
  const figureChanges = figures.map(([key, label, unit]) => {
    const before = typeof older.summary[key] === 'number' ? (older.summary[key] as number) : null;
    const after = typeof newer.summary[key] === 'number' ? (newer.summary[key] as number) : null;
    // A 30-day engagement rate and a report's overall one are different figures: no change between them.
    const comparable = key !== 'engagementRate' || (older.summary.engagementRateBasis ?? null) === (newer.summary.engagementRateBasis ?? null);
    return { label, before, after, delta: before !== null && after !== null && comparable ? after - before : null, unit };
  });
  const oldModel = buildReportModel(asReport(older));
  const newModel = buildReportModel(asReport(newer));
  const moves: ShareChange[] = [];
  const membership: ShareChange[] = [];
  for (const b of newModel.breakdowns) {
    if (!b.share) continue;
    const previous = oldModel.breakdowns.find((o) => o.key === b.key);
    if (!previous) continue;
    const before = new Map(previous.items.map((i) => [i.label, i.value]));
    const after = new Map(b.items.map((i) => [i.label, i.value]));
    const entered: ShareChange[] = [];
    const left: ShareChange[] = [];
    for (const item of b.items) {
      const was = before.get(item.label);
      if (was === undefined) {
        if (item.label !== OTHER) entered.push({ kind: 'entered', breakdown: b.label, item: item.label, before: null, after: item.value });
      } else if (Math.abs(item.value - was) >= minShareMove) {
        moves.push({ kind: 'moved', breakdown: b.label, item: item.label, before: was, after: item.value });
      }
    }
    for (const item of previous.items) {
      if (!after.has(item.label) && item.label !== OTHER) left.push({ kind: 'left', breakdown: b.label, item: item.label, before: item.value, after: null });
    }
    entered.sort((x, y) => (y.after ?? 0) - (x.after ?? 0));
    left.sort((x, y) => (y.before ?? 0) - (x.before ?? 0));
    membership.push(...entered, ...left);
  }
  moves.sort((a, b) => Math.abs(b.after! - b.before!) - Math.abs(a.after! - a.before!));
  return { figures: figureChanges, shares: [...moves, ...membership] };
}

/** What the across-snapshots chart needs of one fetch (`reports:snapshots` gives it). */
export interface SnapshotPoint {
  fetchedAt: number;
  summary: Pick<ReportSummary, 'followers' | 'engagementRate'>;
}

export interface SnapshotTrend {
  /** Oldest first: [fetchedAt, value] for the snapshots that have the figure. */
  followers: [number, number][];
  engagementRate: [number, number][];
}

/** Followers and engagement rate of every fetch, oldest first; figures a fetch lacks are left out. */
export function snapshotTrend(snapshots: readonly SnapshotPoint[]): SnapshotTrend {
  const ordered = [...snapshots].sort((a, b) => a.fetchedAt - b.fetchedAt);
  const points = (key: 'followers' | 'engagementRate') =>
    ordered.flatMap((s): [number, number][] => {
      const v = s.summary[key];
      return typeof v === 'number' && Number.isFinite(v) ? [[s.fetchedAt, v]] : [];
    });
  return { followers: points('followers'), engagementRate: points('engagementRate') };
}

/** The figures a timeline follows from fetch to fetch, with the unit each is written in. */
const timelineFigures = [
  { key: 'followers', label: 'Followers', unit: 'count' },
  { key: 'engagementRate', label: 'Engagement rate', unit: 'percent' },
  { key: 'avgViews', label: 'Average views', unit: 'count' },
  { key: 'audienceQuality', label: 'Audience quality', unit: 'count' },
] as const;

export interface TimelineEntry {
  from: number;
  to: number;
  changes: { label: string; unit: 'count' | 'percent'; before: number; after: number }[];
}

/**
 * What changed from each fetch to the next, newest first: only figures both fetches give (a
 * figure a report did not give is not a change to or from 0), and only fetches where one moved.
 */
export function snapshotTimeline(snapshots: readonly { fetchedAt: number; summary: Partial<Pick<ReportSummary, 'followers' | 'engagementRate' | 'avgViews' | 'audienceQuality'>> }[]): TimelineEntry[] {
  const ordered = [...snapshots].sort((a, b) => a.fetchedAt - b.fetchedAt);
  const entries: TimelineEntry[] = [];
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    const changes = timelineFigures.flatMap((f) => {
      const before = a.summary[f.key];
      const after = b.summary[f.key];
      if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after)) return [];
      // A rate of 0 is a period without posts, not a figure.
      if (f.key === 'engagementRate' && (before <= 0 || after <= 0)) return [];
      const moved = f.unit === 'percent' ? Math.abs(after - before) >= 0.005 : Math.round(after) !== Math.round(before);
      return moved ? [{ label: f.label, unit: f.unit, before, after }] : [];
    });
    if (changes.length > 0) entries.push({ from: a.fetchedAt, to: b.fetchedAt, changes });
  }
  return entries.reverse();
}

/** True when there is a line to draw: at least two fetches with a follower count. */
export function hasTrend(trend: SnapshotTrend): boolean {
  return trend.followers.length >= 2;
}

/** What a screen reader hears for the chart. */
export function snapshotTrendLabel(trend: SnapshotTrend, formatCount: (n: number) => string): string {
  const f = trend.followers;
  if (f.length === 0) return 'Followers across snapshots: none';
  const er = trend.engagementRate.length >= 2 ? `; engagement rate ${trend.engagementRate[0]![1].toFixed(2)} % to ${trend.engagementRate.at(-1)![1].toFixed(2)} %` : '';
  return `Followers across ${f.length} snapshots: ${formatCount(f[0]![1])} to ${formatCount(f.at(-1)![1])}${er}`;
}
