// The display-ready report model: what the report page renders without knowing any network's
// shape. Built by buildReportModel (./reportModel.ts).
import type { Network } from '@shared/reports';

export type Period = '7d' | '30d' | '90d' | '180d' | '365d';

/** Every period a report can carry, shortest first (`all` is read as 365d). */
export const PERIODS: readonly Period[] = ['7d', '30d', '90d', '180d', '365d'];

import type { MetricUnit } from '@shared/format';

export type { MetricUnit };

export interface PeriodValue {
  value: number | null;
  previous: number | null;
  /** Relative change from `previous` (0.12 = +12 %); null without a usable previous value. */
  change: number | null;
  mark: string | null;
  similar: number | null;
  /**
   * The period holds no posts (src/shared/periodFigures.ts): the API's 0 for it is no figure.
   * `value`, `change` and `mark` are then null: never shown as 0, ranked or marked.
   */
  noPosts?: true;
}

export interface MetricView {
  /** API metric key, e.g. 'er', 'subscribers_count'; sub-values as 'views_avg.story', features as 'media_by_type.commercial'. */
  key: string;
  label: string;
  unit: MetricUnit;
  /** The headline value: top-level `value`, else the report's default period's value (see ReportModel.defaultPeriod). */
  value: number | null;
  byPeriod: Partial<Record<Period, PeriodValue>>;
  /** poor|fair|average|good|very_good|excellent|… as given (a title like "Very good" becomes very_good). */
  mark: string | null;
  /** The benchmark (`similar`, or Instagram's `avg`). */
  similar: number | null;
  /** True for a key the API has deprecated (post_frequency). */
  deprecated?: boolean;
  /** A count of posts whose overall figure is 0: "no recent posts", so `value` and `mark` are null (src/shared/periodFigures.ts). */
  noPosts?: true;
}

export interface BreakdownItem {
  label: string;
  value: number;
  /** A second number: previous period's value (likes distribution), a count (sentiments). */
  extra?: number;
  /** For `stacked` breakdowns: the parts of `value` (Male / Female / Unknown), `value` being their sum. */
  parts?: { label: string; value: number }[];
}

export interface Breakdown {
  key: string;
  label: string;
  kind: 'bar' | 'pie' | 'stacked';
  /** Values in percent where the API gives shares. */
  items: BreakdownItem[];
  /**
   * True when the items are the parts of one whole (percent, summing to ~100; a top-N list
   * gets an 'Other' item for the rest). False for counts and overlapping shares (interests, cities).
   */
  share: boolean;
  /** Percent for audience shares (overlapping ones too: interests, cities); count for numbers of posts and the like. */
  unit: 'percent' | 'count';
}

export interface SeriesView {
  key: string;
  label: string;
  /** The unit of the values (count when absent), for the axis and the tooltip. */
  unit?: MetricUnit;
  /** The value axis's name when it is not the label ('Viewers' for a stream's chart). */
  axisName?: string;
  /** Ascending by time. */
  points: { time: number; value: number }[];
}

export interface ReportModel {
  network: Network;
  title: string;
  username: string;
  /** How the account is named under its title: '@natgeo', or 'Channel UC…' for a YouTube channel id. */
  handle: string;
  description: string | null;
  avatarUrl: string | null;
  verified: boolean | null;
  /** READY_LOW_CONFIDENCE (or NOT_READY) explained in words; null when READY. */
  stateNote: string | null;
  /** Snapchat 'opendata' | 'verified', else null. */
  variant: string | null;
  /** The periods this report carries, in order. */
  periods: Period[];
  /** The periods that hold no posts: their figures made from posts are absent (PeriodValue.noPosts). */
  periodsWithoutPosts: Period[];
  /** The period headline values come from when a metric has no top-level value: 30d when carried. */
  defaultPeriod: Period | null;
  metrics: MetricView[];
  /** Keys of the metrics shown as headline cards, chosen per network from what the report has. */
  cards: string[];
  breakdowns: Breakdown[];
  series: SeriesView[];
  scatter: { x: number; y: number }[] | null;
  /** Headline metrics (engagement rate, follower growth) across the report's periods, beside similar accounts. */
  periodCharts: { key: string; label: string; unit: MetricUnit; points: { period: Period; value: number; similar: number | null }[] }[];
  /** Quality and authenticity scores on a 0–100 scale (AQS, audience authenticity…), drawn as gauges. */
  scores: { key: string; label: string; value: number; mark: string | null }[];
  extras: { label: string; value: string }[];
  /** Parts Scout could not read, kept as the API sent them (kept.ts). */
  kept: { path: string; reason: string; json: string }[];
}
