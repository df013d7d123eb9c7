// The comparison's rows: those every network shares (what each reads, in the researcher's words),
// which detail metrics are ranked, and a row made of its cells with its best and worst marked.
import type { ComparePeriod } from './compare';
import type { CompareColumn, CompareRow, CompareUnit, CompareValue, SHARED_GROUPS } from './compareModel';
import { AGE_BUCKETS, type MetricView, type ValueSource } from './reportModel';
import { PERIOD_WORDS } from './format';
import { extraCell, metricCell, postPrice, priceRange, shareCell, topText, TOP_COUNTRIES, TOP_LANGUAGES, type Account, type Cell } from './compareCells';

export interface SharedRow {
  key: string;
  label: string;
  group: (typeof SHARED_GROUPS)[number];
  unit: CompareUnit;
  better: CompareRow['better'];
  about: string;
  /** Metric keys this row reads (the first one present wins): left out of the per-network groups. */
  metrics?: readonly string[];
  /** Report facts (extras) this row reads: left out of the per-network groups. */
  extras?: readonly string[];
  cell: (a: Account, period: ComparePeriod) => Cell;
}

const qualityLabel = (m: MetricView) => (m.key === 'cqs' ? 'Channel quality score (CQS)' : 'Audience quality score (AQS)');

function metricRow(key: string, label: string, group: SharedRow['group'], unit: CompareUnit, better: SharedRow['better'], metrics: readonly string[], about: string, labelOf?: (m: MetricView) => string): SharedRow {
  return { key, label, group, unit, better, about, metrics, cell: (a, period) => metricCell(a.model, metrics, period, labelOf) };
}

export const SHARED_ROWS: SharedRow[] = [
  metricRow('followers', 'Followers / subscribers', 'Overview', 'count', 'higher', ['followers_count', 'subscribers_count', 'followers'], 'Followers (subscribers on YouTube and Snapchat) when the report was fetched.'),
  metricRow('growth', 'Follower growth', 'Overview', 'percent', 'higher', ['subscribers_growth_prc'], 'Change in followers over the period, in percent.'),
  metricRow('new_followers', 'New followers', 'Overview', 'count', 'higher', ['subscribers_growth', 'subscribers_count.in_period'], 'Followers gained (net) over the period.'),
  {
    key: 'country',
    label: "Account's country",
    group: 'Overview',
    unit: 'text',
    better: null,
    about: "The account's own country, as its report names it.",
    extras: ['Country'],
    cell: (a) => extraCell(a.model, 'Country'),
  },
  metricRow('er', 'Engagement rate', 'Engagement', 'percent', 'higher', ['er'], 'Engagement rate over the period, in percent, as the report computes it for its network.'),
  metricRow('avg_views', 'Average views', 'Engagement', 'count', 'higher', ['views_avg', 'video_views_avg'], 'Average views per post or video over the period.'),
  metricRow('avg_likes', 'Average likes', 'Engagement', 'count', 'higher', ['avg_likes', 'alikes_avg', 'favorite_avg'], 'Average likes per post (empty where the creator hides likes).'),
  metricRow('avg_comments', 'Average comments', 'Engagement', 'count', 'higher', ['avg_comments', 'comments_avg', 'reply_avg'], 'Average comments per post (replies on Twitter).'),
  metricRow('posting', 'Posts per week', 'Content', 'per_week', null, ['media_per_week', 'videos_per_week', 'post_frequency'], 'Posting frequency: posts (videos, streams) a week.'),
  metricRow('quality_score', 'Quality score (AQS / CQS)', 'Audience quality', 'count', 'higher', ['aqs', 'cqs'], 'The API\'s quality score out of 100: audience quality (AQS) on Instagram and TikTok, channel quality (CQS) on YouTube.', qualityLabel),
  metricRow('authenticity', 'Audience authenticity', 'Audience quality', 'percent', 'higher', ['audience_authenticity', 'subscribers_quality'], 'Share of real, good-quality followers (follower quality on TikTok), in percent.'),
  metricRow('reachability', 'Audience reachability', 'Audience quality', 'percent', 'higher', ['audience_reachability'], 'Share of followers who follow few enough accounts to see posts, in percent.'),
  {
    key: 'countries',
    label: 'Top audience countries',
    group: 'Audience',
    unit: 'text',
    better: null,
    about: `The audience's first ${TOP_COUNTRIES} countries with their shares.`,
    cell: (a) => topText(a.model, 'countries', TOP_COUNTRIES),
  },
  ...AGE_BUCKETS.map(
    (bucket): SharedRow => ({
      key: `age.${bucket}`,
      label: `Audience aged ${bucket}`,
      group: 'Audience',
      unit: 'percent',
      better: null,
      about: `Share of the audience aged ${bucket}, all genders, in percent.`,
      cell: (a) => shareCell(a.model, 'age_gender', bucket),
    }),
  ),
  ...(['Male', 'Female'] as const).map(
    (gender): SharedRow => ({
      key: `gender.${gender.toLowerCase()}`,
      label: `${gender} audience`,
      group: 'Audience',
      unit: 'percent',
      better: null,
      about: `Share of the audience that is ${gender.toLowerCase()}, in percent.`,
      cell: (a) => shareCell(a.model, 'gender', gender),
    }),
  ),
  metricRow('age_21_plus', 'Audience aged 21+', 'Audience', 'percent', null, ['audience_age_21_plus_prc'], 'Share of the audience aged 21 or over, in percent.'),
  {
    key: 'languages',
    label: 'Top audience languages',
    group: 'Audience',
    unit: 'text',
    better: null,
    about: `The audience's first ${TOP_LANGUAGES} languages with their shares.`,
    cell: (a) => topText(a.model, 'languages', TOP_LANGUAGES),
  },
  {
    key: 'post_price',
    label: 'Estimated post price',
    group: 'Prices',
    unit: 'money',
    better: null,
    about: 'The price of one sponsored post as the report estimates it (Instagram, TikTok), or of a video integration (YouTube), in US dollars.',
    extras: ['Post price', 'Integration price'],
    cell: (a) => postPrice(a),
  },
  {
    key: 'post_price_range',
    label: 'Estimated post price range',
    group: 'Prices',
    unit: 'text',
    better: null,
    about: 'The range the report gives for a sponsored post (Instagram) or a video integration (YouTube).',
    extras: ['Estimated post price'],
    cell: (a) => priceRange(a),
  },
];

/** Detail metrics where more, or less, is plainly better; every other detail row is not ranked. */
export const DETAIL_BETTER: Record<string, 'higher' | 'lower'> = {
  comments_rate: 'higher',
  reactions_rate: 'higher',
  views_rate: 'higher',
  reach: 'higher',
  reach_rate: 'higher',
  blogger_reach: 'higher',
  blogger_emv: 'higher',
  live_viewers_avg: 'higher',
  chat_messages_per_hour: 'higher',
  shares_avg: 'higher',
  retweet_avg: 'higher',
  video_views_avg: 'higher',
  videos_v30: 'higher',
  story_completion_rate: 'higher',
  subscribers_conversion_rate: 'higher',
  brand_safety: 'higher',
  'audience_sentiments.score': 'higher',
  yearly_growth: 'higher',
  story_skip_rate: 'lower',
  story_exit_rate: 'lower',
};

function ranks(values: CompareValue[], better: CompareRow['better']): { best: number[]; worst: number[] } {
  if (better === null) return { best: [], worst: [] };
  const numeric = values.flatMap((v, i) => (typeof v === 'number' && Number.isFinite(v) ? [{ v, i }] : []));
  if (numeric.length < 2) return { best: [], worst: [] };
  const max = Math.max(...numeric.map((n) => n.v));
  const min = Math.min(...numeric.map((n) => n.v));
  if (max === min) return { best: [], worst: [] };
  const top = numeric.filter((n) => n.v === max).map((n) => n.i);
  const bottom = numeric.filter((n) => n.v === min).map((n) => n.i);
  return better === 'higher' ? { best: top, worst: bottom } : { best: bottom, worst: top };
}

function periodNote(period: ComparePeriod, cells: Cell[], columns: CompareColumn[]): string {
  const fell = (source: ValueSource) =>
    cells
      .map((c, i) => (c.periodSource === source ? columns[i]!.handle || columns[i]!.title : null))
      .filter((s): s is string => s !== null);
  const year = period === '365d' ? [] : fell('365d');
  const overall = fell('overall');
  const parts: string[] = [];
  if (year.length > 0) parts.push(`365 days for ${year.join(', ')}`);
  if (overall.length > 0) parts.push(`the report's headline figure for ${overall.join(', ')}`);
  const base = `For ${PERIOD_WORDS[period]}, as on each report page`;
  return parts.length > 0 ? `${base}; where a report lacks ${PERIOD_WORDS[period]}: ${parts.join('; ')}.` : `${base}.`;
}

export function makeRow(
  def: { key: string; label: string; group: string; expandable: boolean; unit: CompareUnit; better: CompareRow['better']; about: string },
  cells: Cell[],
  columns: CompareColumn[],
  period: ComparePeriod,
): CompareRow {
  // A number where text is expected, or text where a number is, is not this row's figure.
  const values = cells.map((c) => (def.unit === 'text' ? (typeof c.value === 'string' ? c.value : null) : typeof c.value === 'number' && Number.isFinite(c.value) ? c.value : null));
  const periodDependent = cells.some((c, i) => values[i] !== null && c.periodSource !== null);
  const { best, worst } = ranks(values, def.better);
  return {
    key: def.key,
    label: def.label,
    group: def.group,
    expandable: def.expandable,
    unit: def.unit,
    better: def.better,
    periodDependent,
    values,
    labels: cells.map((c, i) => (values[i] === null ? null : (c.label ?? def.label))),
    best,
    worst,
    source: periodDependent ? `${def.about} ${periodNote(period, cells, columns)}` : def.about,
    cellSources: cells.map((c, i) => (values[i] === null ? null : c.source)),
    periodSources: cells.map((c, i) => (values[i] === null ? null : c.periodSource)),
    absent: cells.map((c, i) => (values[i] === null ? (c.absent ?? null) : null)),
  };
}
