// The reports tables as SQL sees them: the summary columns every row carries, the rows' shapes,
// the library's sort columns and the indexes that hold their orders, and a row read back as a
// library item.
import type { Network, ReportSummary } from '../../platform/api/types';
import { fromFlag } from '../../platform/cache/repositories/common';
import type { LibraryItem, LibrarySortKey, StoredReportState, TiktokType } from './reportsRepository';

export const summaryColumns = [
  ['account_id', 'accountId'],
  ['username', 'username'],
  ['title', 'title'],
  ['description', 'description'],
  ['avatar_url', 'avatarUrl'],
  ['verified', 'verified'],
  ['followers', 'followers'],
  ['engagement_rate', 'engagementRate'],
  ['engagement_rate_basis', 'engagementRateBasis'],
  ['growth_prc', 'growthPrc'],
  ['avg_views', 'avgViews'],
  ['avg_likes', 'avgLikes'],
  ['avg_comments', 'avgComments'],
  ['audience_quality', 'audienceQuality'],
  ['country', 'country'],
  ['language', 'language'],
] as const satisfies readonly (readonly [string, Exclude<keyof ReportSummary, 'network'>])[];

export type SummaryRow = {
  network: Network;
  account_id: string | null;
  username: string;
  title: string | null;
  description: string | null;
  avatar_url: string | null;
  verified: number | null;
  followers: number | null;
  engagement_rate: number | null;
  engagement_rate_basis: '30d' | 'overall' | null;
  growth_prc: number | null;
  avg_views: number | null;
  avg_likes: number | null;
  avg_comments: number | null;
  audience_quality: number | null;
  country: string | null;
  language: string | null;
};

export type ReportRow = SummaryRow & {
  id: number;
  account_key: string;
  latest_snapshot_id: number;
  snapshot_count: number;
  first_fetched_at: number;
  fetched_at: number;
  unlocked_at: number | null;
  valid_until: number | null;
  state: StoredReportState;
  quality: string | null;
  tiktok_type: TiktokType | null;
};

export type SnapshotRow = SummaryRow & {
  id: number;
  account_key: string;
  fetched_at: number;
  state: StoredReportState;
  quality: string | null;
  valid_until: number | null;
  tiktok_type: TiktokType | null;
};

export const summaryList = summaryColumns.map(([c]) => c).join(', ');
export const reportColumns = `r.id, r.network, r.account_key, r.latest_snapshot_id, r.snapshot_count, r.first_fetched_at, r.fetched_at,
  r.unlocked_at, r.valid_until, r.state, r.quality, r.tiktok_type, ${summaryColumns.map(([c]) => `r.${c}`).join(', ')}`;
export const snapshotColumns = `s.id, s.network, s.account_key, s.fetched_at, s.state, s.quality, s.valid_until, s.tiktok_type, ${summaryColumns
  .map(([c]) => `s.${c}`)
  .join(', ')}`;

export const sortColumns: Record<Exclude<LibrarySortKey, 'relevance'>, string> = {
  fetchedAt: 'r.fetched_at',
  firstFetchedAt: 'r.first_fetched_at',
  unlockedAt: 'r.unlocked_at',
  validUntil: 'r.valid_until',
  network: 'r.network',
  state: 'r.state',
  accountId: 'r.account_id COLLATE NOCASE',
  username: 'r.username COLLATE NOCASE',
  title: 'r.title COLLATE NOCASE',
  verified: 'r.verified',
  followers: 'r.followers',
  engagementRate: 'r.engagement_rate',
  growthPrc: 'r.growth_prc',
  avgViews: 'r.avg_views',
  avgLikes: 'r.avg_likes',
  avgComments: 'r.avg_comments',
  audienceQuality: 'r.audience_quality',
  country: 'r.country COLLATE NOCASE',
  language: 'r.language COLLATE NOCASE',
  // The step's place in the pipeline (migration 0260); an account without a status comes last.
  status: '(SELECT s.position FROM account_notes AS n JOIN status_steps AS s ON s.id = n.status WHERE n.network = r.network AND n.account_key = r.account_key)',
};

/**
 * The index that holds each sort's order (migrations 0020, 0230): a page can be read straight from
 * it. The status lives in another table: its sort finds the matches first and sorts those.
 */
export const sortIndexes: Record<Exclude<LibrarySortKey, 'relevance' | 'status'>, string> = {
  fetchedAt: 'reports_by_fetched_at',
  firstFetchedAt: 'reports_by_first_fetched_at',
  unlockedAt: 'reports_by_unlocked_at',
  validUntil: 'reports_by_valid_until',
  network: 'reports_by_network_only',
  state: 'reports_by_state',
  accountId: 'reports_by_account_id',
  username: 'reports_by_username',
  title: 'reports_by_title',
  verified: 'reports_by_verified',
  followers: 'reports_by_followers',
  engagementRate: 'reports_by_engagement_rate',
  growthPrc: 'reports_by_growth_prc',
  avgViews: 'reports_by_avg_views',
  avgLikes: 'reports_by_avg_likes',
  avgComments: 'reports_by_avg_comments',
  audienceQuality: 'reports_by_audience_quality',
  country: 'reports_by_country_name',
  language: 'reports_by_language',
};

/**
 * A page walks its sort's index (reading each report it passes to test the filters) while that
 * walk is short: about the page's end divided by the share of reports that match, at most this
 * many entries, and under half the matches (a walked entry costs about two sorted matches).
 * Otherwise the matches are found first and sorted.
 */
export const SORT_WALK_LIMIT = 25_000;

export function toSummary(row: SummaryRow): ReportSummary {
  return {
    network: row.network,
    accountId: row.account_id,
    username: row.username,
    title: row.title,
    description: row.description,
    avatarUrl: row.avatar_url,
    verified: fromFlag(row.verified),
    followers: row.followers,
    engagementRate: row.engagement_rate,
    engagementRateBasis: row.engagement_rate === null ? null : row.engagement_rate_basis,
    growthPrc: row.growth_prc,
    avgViews: row.avg_views,
    avgLikes: row.avg_likes,
    avgComments: row.avg_comments,
    audienceQuality: row.audience_quality,
    country: row.country,
    language: row.language,
  };
}

export function toLibraryItem(row: ReportRow): LibraryItem {
  return {
    network: row.network,
    accountKey: row.account_key,
    summary: toSummary(row),
    state: row.state,
    quality: row.quality,
    fetchedAt: row.fetched_at,
    firstFetchedAt: row.first_fetched_at,
    unlockedAt: row.unlocked_at,
    validUntil: row.valid_until,
    tiktokType: row.tiktok_type,
    snapshotCount: row.snapshot_count,
  };
}

export const ms = (value: number | null | undefined): number | null => (value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value));
export const finite = (value: number | null | undefined): number | null => (value === null || value === undefined || !Number.isFinite(value) ? null : value);
