// The report page's model: a cached report of any network as display-ready metrics,
// breakdowns, series and short facts. Pure: no DOM, no Node. Never throws: whatever part of
// `result` cannot be read is left out.
//
// Shapes read (spec api-reference 2.1–2.4, api-notes): Instagram's flat `result.user`;
// `result.report.{basic, metrics, features}` of YouTube (features wrapped in {data}),
// TikTok, Twitch, Twitter and Snapchat (opendata / verified, `report.version`). `result` is
// already normalised by main (age keys, upper-case countries, mark_title, 365d beside all).
import { accountHandle } from '@shared/labels';
import { networks, type CachedReport, type Network } from '@shared/reports';
import { featureBreakdowns, instagramBreakdowns } from './breakdowns';
import { Extras, featureExtras, instagramExtras, resultExtras } from './extras';
import { CARD_KEYS, CARD_LIMIT, metricSpec } from './catalogue';
import {
  defaultPeriodOf,
  fillHeadlines,
  markPeriodsWithoutPosts,
  PERIOD_PART,
  readFeatureMetric,
  readFeatureNumbers,
  readMetric,
  readReportMetrics,
  reportPeriods,
} from './metrics';
import { keptParts } from './kept';
import { bool, entries, isRec, num, own, rec, safely, str, type Rec } from './read';
import { buildScatter, buildSeries } from './series';
import type { Breakdown, MetricView, Period, ReportModel } from './types';

export type { Breakdown, BreakdownItem, MetricUnit, MetricView, Period, PeriodValue, ReportModel, SeriesView } from './types';
export { PERIODS } from './types';
export { formatMetric, formatChange, formatPoints, formatExact } from '@shared/format';

/** Metrics worth a chart across periods: how engagement and growth move from a week to a year. */
const PERIOD_CHART_KEYS = ['er', 'subscribers_growth_prc'] as const;

/** Metrics that are scores out of 100, about the audience's quality and authenticity. */
const SCORE_KEYS: ReadonlySet<string> = new Set(['aqs', 'cqs', 'audience_authenticity', 'audience_reachability', 'subscribers_quality']);

/** READY_LOW_CONFIDENCE in words, per network (spec 3.1). */
const LOW_CONFIDENCE: Record<Network, string> = {
  twitch: 'Low confidence: the audience geography is limited or missing for this channel.',
  tiktok:
    'Low confidence: the audience is not active enough to estimate its age and gender, the share aged 21+, earned media value, prices, reach and topics.',
  instagram: 'Low confidence: some audience data is limited; treat the audience figures with care.',
  youtube: 'Low confidence: some audience data is limited; treat the audience figures with care.',
  twitter: 'Low confidence: some audience data is limited; treat the audience figures with care.',
  snapchat: 'Low confidence: some audience data is limited; treat the audience figures with care.',
};

function stateNote(network: Network, state: unknown): string | null {
  if (state === 'READY_LOW_CONFIDENCE') return LOW_CONFIDENCE[network];
  if (state === 'NOT_READY') return 'This report is still being generated; the figures may be incomplete.';
  return null;
}

/** Instagram `user` fields that are not metrics (read as breakdowns, series or extras). */
const INSTAGRAM_NON_METRICS: ReadonlySet<string> = new Set([
  'username',
  'full_name',
  'is_private',
  'is_verified',
  'about',
  'photo_url',
  'aqs_name',
  'aqs_description',
  'blogger_categories',
  'blogger_languages',
  'blogger_geo',
  'blogger_prices',
  'blogger_rankings',
  'audience_type',
  'audience_ethnicity',
  'followers_chart',
  'following_chart',
  'audience_languages',
  'social_networks',
  'audience_income',
  'audience_geography',
  'audience_interests',
  'est_reach',
  'est_post_price',
  'location',
  'demography_by_age',
  'demography',
  'contact_details',
  'brand_safety',
  'aqs',
  'id',
  'user_id',
]);

/** Instagram keys shown even when null: hidden likes (api-notes). */
const INSTAGRAM_NULLABLE: ReadonlySet<string> = new Set(['avg_likes', 'likes_spread', 'likes_comments_ratio']);

function instagramMetrics(user: Rec, network: Network): MetricView[] {
  const out: MetricView[] = [];
  // AQS: a number with its name ("Very good") as the mark.
  const aqs = num(own(user, 'aqs'));
  if (aqs !== null) out.push(...readMetric('aqs', { value: aqs, title: own(user, 'aqs_name') }, network));
  const safety = own(user, 'brand_safety');
  if (num(own(safety, 'score')) !== null) out.push(...readMetric('brand_safety', { value: own(safety, 'score'), mark: own(safety, 'mark') }, network));
  const hasMediaPerWeek = own(user, 'media_per_week') !== undefined && own(user, 'media_per_week') !== null;
  for (const [key, raw] of entries(user)) {
    if (INSTAGRAM_NON_METRICS.has(key)) continue;
    if (key === 'post_frequency' && hasMediaPerWeek) continue;
    out.push(...readMetric(key, raw, network, INSTAGRAM_NULLABLE.has(key)));
  }
  return out;
}

function featureMetrics(features: Rec, network: Network): MetricView[] {
  return [
    ...readFeatureMetric('aqs', own(features, 'aqs'), network),
    ...readFeatureMetric('cqs', own(features, 'cqs'), network),
    ...readFeatureMetric('audience_age_21_plus_prc', own(features, 'audience_age_21_plus_prc'), network),
    ...readFeatureMetric('blogger_emv', own(features, 'blogger_emv'), network),
    ...readFeatureMetric('blogger_reach', own(features, 'blogger_reach'), network),
    ...readFeatureNumbers('media_by_type', own(features, 'media_by_type'), network),
    ...readFeatureNumbers('audience_sentiments', own(features, 'audience_sentiments'), network, ['score']),
    // Unknown single-number features.
    ...entries(features).flatMap(([key, feature]) => (KNOWN_FEATURE_METRICS.has(key) ? [] : readFeatureMetric(key, feature, network))),
  ];
}

/** Features never read as one number (they hold lists or tables), besides those read above. */
const KNOWN_FEATURE_METRICS: ReadonlySet<string> = new Set([
  'aqs',
  'cqs',
  'audience_age_21_plus_prc',
  'blogger_emv',
  'blogger_reach',
  'media_by_type',
  'audience_sentiments',
  'audience_geo',
  'audience_age_gender',
  'audience_by_type',
  'audience_races',
  'likes_distribution',
  'blogger_geo',
]);

/** Metrics in display order (known first, in catalogue order), one per key. */
function ordered(metrics: MetricView[], network: Network, orderOf: (key: string, network: Network) => number): MetricView[] {
  const seen = new Set<string>();
  const unique = metrics.filter((m) => (seen.has(m.key) ? false : (seen.add(m.key), true)));
  return unique
    .map((m, i) => ({ m, i, o: orderOf(m.key, network) }))
    .sort((a, b) => a.o - b.o || a.i - b.i)
    .map(({ m }) => m);
}

function networkOf(value: unknown): Network {
  return (networks as readonly unknown[]).includes(value) ? (value as Network) : 'instagram';
}

/** The display model of a cached report. Never throws. */
export function buildReportModel(report: CachedReport): ReportModel {
  const r: Rec = isRec(report) ? (report as unknown as Rec) : {};
  const network = networkOf(own(r, 'network'));
  const summary = rec(own(r, 'summary'));
  // Parts main kept as received are shown as they came (model.kept), and read for nothing else.
  const { kept, readable: result } = safely(() => keptParts(rec(own(r, 'result')) ?? {}), { kept: [], readable: rec(own(r, 'result')) ?? {} });
  const user = network === 'instagram' || !isRec(own(result, 'report')) ? rec(own(result, 'user')) : null;
  const body = rec(own(result, 'report'));
  const basic = rec(own(body, 'basic'));
  const features = rec(own(body, 'features'));

  const metrics = safely(() => {
    const list: MetricView[] = [];
    if (user) list.push(...safely(() => instagramMetrics(user, network), []));
    if (body) list.push(...safely(() => readReportMetrics(own(body, 'metrics'), network), []));
    if (features) list.push(...safely(() => featureMetrics(features, network), []));
    return list;
  }, []);
  // Snapchat gives new subscribers twice (subscribers_growth and subscribers_count's periods): one row.
  if (metrics.some((m) => m.key === 'subscribers_growth')) {
    const i = metrics.findIndex((m) => m.key === `subscribers_count${PERIOD_PART}`);
    if (i >= 0) metrics.splice(i, 1);
  }
  const periods: Period[] = safely(() => reportPeriods(metrics), []);
  const defaultPeriod = defaultPeriodOf(periods);
  // Before headlines are filled in: a headline is the API's own top-level figure here, never a period's.
  const withoutPosts = safely(() => markPeriodsWithoutPosts(metrics), []);
  safely(() => fillHeadlines(metrics, defaultPeriod), undefined);
  const sorted = safely(() => ordered(metrics, network, metricOrder), metrics);

  const breakdowns: Breakdown[] = [];
  if (user) breakdowns.push(...safely(() => instagramBreakdowns(user), []));
  if (features) for (const b of safely(() => featureBreakdowns(features), [])) if (!breakdowns.some((x) => x.key === b.key)) breakdowns.push(b);

  const extras = new Extras();
  if (user) safely(() => instagramExtras(extras, user), undefined);
  if (features) safely(() => featureExtras(extras, features, basic), undefined);
  safely(() => resultExtras(extras, result, str(own(r, 'quality')), str(own(r, 'tiktokType'))), undefined);

  const accountId = str(own(summary, 'accountId')) ?? str(own(basic, 'id'));
  const username = str(own(summary, 'username')) ?? str(own(basic, 'username')) ?? str(own(user, 'username')) ?? str(own(r, 'accountKey')) ?? '';
  const variant = network === 'snapchat' ? str(own(body, 'version')) : null;

  return {
    network,
    title: str(own(summary, 'title')) ?? str(own(basic, 'title')) ?? str(own(user, 'full_name')) ?? username,
    username,
    handle: handleOf(network, username, accountId),
    description: str(own(summary, 'description')) ?? str(own(basic, 'description')) ?? str(own(user, 'about')),
    avatarUrl: str(own(summary, 'avatarUrl')) ?? str(own(basic, 'avatar_url')) ?? str(own(user, 'photo_url')),
    verified: bool(own(summary, 'verified')) ?? bool(own(basic, 'is_verified')) ?? bool(own(user, 'is_verified')),
    stateNote: stateNote(network, own(r, 'state')),
    variant,
    periods,
    periodsWithoutPosts: withoutPosts.filter((p) => periods.includes(p)),
    defaultPeriod,
    metrics: sorted,
    cards: CARD_KEYS[network].filter((key) => sorted.some((m) => m.key === key && (m.value !== null || Object.keys(m.byPeriod).length > 0))).slice(0, CARD_LIMIT),
    breakdowns,
    series: safely(() => buildSeries(network, result, user, features), []),
    scatter: safely(() => buildScatter(features), null),
    periodCharts: PERIOD_CHART_KEYS.flatMap((key) => {
      const m = sorted.find((x) => x.key === key);
      if (!m) return [];
      const points = periods.flatMap((period) => {
        const at = m.byPeriod[period];
        return at && at.value !== null ? [{ period, value: at.value, similar: at.similar }] : [];
      });
      return points.length >= 2 ? [{ key, label: m.label, unit: m.unit, points }] : [];
    }),
    scores: sorted.filter((m) => SCORE_KEYS.has(m.key) && m.value !== null && m.value >= 0 && m.value <= 100).map((m) => ({ key: m.key, label: m.label, value: m.value!, mark: m.mark })),
    extras: extras.items,
    kept,
  };
}

function metricOrder(key: string, network: Network): number {
  const spec = metricSpec(key, network);
  if (spec.known) return spec.order;
  // A part (views_avg.story) right after its metric; feature numbers by their full key.
  const dot = key.indexOf('.');
  return dot > 0 && metricSpec(key.slice(0, dot), network).known ? metricSpec(key.slice(0, dot), network).order + 0.5 : spec.order;
}

/** How an account is named under its title (the one rule, in the label dictionary). */
export const handleOf = accountHandle;

/** Where a value shown for a period comes from; 'no-posts': nowhere, the period holds no posts (the value is null). */
export type ValueSource = 'period' | '365d' | 'overall' | 'no-posts';

/**
 * A metric's value for a period: that period's, else 365d's (`all` is read as 365d), else the
 * headline value. `source` says which (`fallback` is true unless it is the period's own), or
 * 'no-posts' (value null) when the period holds no posts;
 * `overall` for a metric the report gives one figure for, the same whatever period is chosen.
 */
export function metricForPeriod(
  m: MetricView,
  period: Period,
): { value: number | null; previous: number | null; change: number | null; fallback: boolean; source: ValueSource } {
  const byPeriod = isRec(m?.byPeriod) ? m.byPeriod : {};
  const exact = byPeriod[period];
  // A period without posts has no figure: not the 365-day one, not the overall one, never 0.
  if (exact?.noPosts) return { value: null, previous: null, change: null, fallback: false, source: 'no-posts' };
  if (exact && exact.value !== null) return { value: exact.value, previous: exact.previous, change: exact.change, fallback: false, source: 'period' };
  const year = byPeriod['365d'];
  if (period !== '365d' && year && year.value !== null) return { value: year.value, previous: year.previous, change: year.change, fallback: true, source: '365d' };
  // A count of posts that is 0 overall: no recent posts, whatever the period.
  if (m?.noPosts === true) return { value: null, previous: null, change: null, fallback: true, source: 'no-posts' };
  return { value: typeof m?.value === 'number' ? m.value : null, previous: null, change: null, fallback: true, source: 'overall' };
}
