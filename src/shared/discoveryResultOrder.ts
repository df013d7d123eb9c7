// The order of Discovery's results table, kept apart from React (and in src/shared, for main's
// exports too) so the table and the export agree: the API's order (page, then place on the page)
// unless the researcher sorts by a column. The researcher's status is not in a row: sorting by it
// takes each row's place in the pipeline (`statusRank` of @shared/workflow) from the caller.
import type { DiscoveryRow } from './discoveryData';
import { sortRows, type SortOrder, type SortState, type SortValue } from './dataTable';

export const resultSortKeys = ['order', 'account', 'followers', 'er', 'avgViews', 'realFollowers', 'quality', 'country', 'verified', 'status'] as const;
export type ResultSortKey = (typeof resultSortKeys)[number];

export const sortValues: Record<Exclude<ResultSortKey, 'status'>, (r: DiscoveryRow) => SortValue> = {
  order: (r) => r.page * 100 + r.position,
  account: (r) => r.title ?? r.username ?? r.socialId,
  followers: (r) => r.followers,
  er: (r) => r.er,
  avgViews: (r) => r.avgViews,
  realFollowers: (r) => r.realFollowers,
  // By the marks' order (poor … excellent); a mark Scout does not know after the known ones.
  quality: (r) => (r.quality === null ? null : qualityMarks.indexOf(r.quality as (typeof qualityMarks)[number]) + 1 || qualityMarks.length + 1),
  country: (r) => r.country,
  verified: (r) => (r.verified === null ? null : r.verified ? 1 : 0),
};

/** AQS and CQS marks, worst first. */
export const qualityMarks = ['poor', 'fair', 'average', 'good', 'very_good', 'excellent'] as const;

/** The order of a first click: names A→Z, the pipeline's first step first, figures largest first, results in the API's order. */
export const firstOrder = (key: ResultSortKey): SortOrder => (key === 'account' || key === 'country' || key === 'order' || key === 'status' ? 'asc' : 'desc');

/** Each row's place in the research pipeline (null: no status), for the `status` sort. */
export type StatusRankOf = (row: DiscoveryRow) => number | null;

/** Rows (given in the API's order) as the table shows them. */
export function orderRows(rows: readonly DiscoveryRow[], sort: SortState<ResultSortKey> | null, statusRankOf: StatusRankOf = () => null): readonly DiscoveryRow[] {
  if (!sort) return rows;
  return sortRows(rows, sort.key === 'status' ? statusRankOf : sortValues[sort.key], sort.order);
}
