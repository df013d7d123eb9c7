// What changed between two fetches of one account: the headline figures, and audience shares
// that moved by at least half a percentage point.
import type { CachedReport, ReportSummary } from '@shared/reports';
import { buildReportModel } from '../reportModel';

export interface FigureChange {
  label: string;
  before: number | null;
  after: number | null;
  /** after − before; null when either is missing. */
  delta: number | null;
  unit: 'count' | 'percent';
}

export interface ShareChange {
  breakdown: string;
  item: string;
  before: number;
  after: number;
}

export interface SnapshotComparison {
  figures: FigureChange[];
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

function asReport(r: Comparable): CachedReport {
  return { state: 'READY', quality: null, unlockedAt: null, validUntil: null, tiktokType: null, snapshotCount: 1, ...r } as CachedReport;
}

export function compareSnapshots(older: Comparable, newer: Comparable, minShareMove = 0.5): SnapshotComparison {
  const figureChanges = figures.map(([key, label, unit]) => {
    const before = typeof older.summary[key] === 'number' ? (older.summary[key] as number) : null;
    const after = typeof newer.summary[key] === 'number' ? (newer.summary[key] as number) : null;
    return { label, before, after, delta: before !== null && after !== null ? after - before : null, unit };
  });
  const oldModel = buildReportModel(asReport(older));
  const newModel = buildReportModel(asReport(newer));
  const shares: ShareChange[] = [];
  for (const b of newModel.breakdowns) {
    if (!b.share) continue;
    const previous = oldModel.breakdowns.find((o) => o.key === b.key);
    if (!previous) continue;
    for (const item of b.items) {
      const before = previous.items.find((i) => i.label === item.label)?.value ?? 0;
      if (Math.abs(item.value - before) >= minShareMove) shares.push({ breakdown: b.label, item: item.label, before, after: item.value });
    }
  }
  shares.sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before));
  return { figures: figureChanges, shares };
}
