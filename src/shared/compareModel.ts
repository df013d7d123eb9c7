// The comparison's model: accounts of any network side by side, one column per account, rows
// made comparable across networks. Pure: no DOM, no Node; runs in the renderer and in tests, and
// lives in src/shared so main can build exports from the cache with it too.
//
// Every figure is read from the report page's own model (buildReportModel, metricForPeriod), so
// a figure here is the figure the account's report page shows for the same period. A figure an
// account does not have is null, never 0, and is never ranked. Parts main kept as received
// (`_scoutUnparsed`) are read for nothing: they give null, as on the report page.
import type { SnapshotDetail } from './contract';
import type { ComparePeriod } from './compare';
import { networks, type CachedReport, type Network } from './reports';
import { accountUrl } from './networkLinks';
import { AGE_BUCKETS, at, buildReportModel, isRec, keptParts, metricForPeriod, num, own, rec, reportSeries, safely, type MetricView, type Rec, type ReportModel, type SeriesView, type ValueSource } from './reportModel';

import { networkLabels, PERIOD_WORDS, formatMetric, type MetricUnit } from './format';
import { noPostsText, readFromText } from './labels';

export type { ComparePeriod };

export interface CompareColumn {
  network: Network;
  accountKey: string;
  snapshotId: number;
  title: string;
  username: string;
  /** '@natgeo', or 'Channel UC…' for a YouTube channel known by its id (as on the report page). */
  handle: string;
  avatarUrl: string | null;
  profileUrl: string | null;
  /** When the snapshot was fetched: the comparison's "as of" for this account. */
  fetchedAt: number;
  note: string;
}

/** MetricUnit of the report page, plus text (countries, languages, price ranges). */
export type CompareUnit = MetricUnit | 'text';

export type CompareValue = number | string | null;

export interface CompareRow {
  key: string;
  /** In the researcher's words, network-neutral; per-network wording in `labels`. */
  label: string;
  group: string;
  /** Per-network groups: start collapsed. */
  expandable: boolean;
  unit: CompareUnit;
  /** null: not ranked. */
  better: 'higher' | 'lower' | null;
  /** True when some account's value depends on the period chosen. */
  periodDependent: boolean;
  /** One per column; null = the report does not have the figure (never 0 for missing). */
  values: CompareValue[];
  /** Per column: how that account's report names the figure ('Subscribers', 'Channel quality score (CQS)'); null where the value is null. */
  labels: (string | null)[];
  /** Column indexes of the best and worst values: only among ≥ 2 numbers, only where `better` is set, empty when all are equal. */
  best: number[];
  worst: number[];
  /** What the figure is and where it comes from (the sources sheet). */
  source: string;
  /** Per column: where this account's value was read ('er, 30 days', 'er, 365 days (no 30-day figure)'); null where null. */
  cellSources: (string | null)[];
  /** Per column, for period-dependent values: the period's own ('period'), 365 days' ('365d') or the headline ('overall'). */
  periodSources: (ValueSource | null)[];
  /**
   * Per column, why a null value is absent when the report does give the period: 'No posts in
   * the last 30 days' (src/shared/periodFigures.ts). Never 0, never ranked; null otherwise.
   */
  absent: (string | null)[];
}

export interface CompareGroup {
  name: string;
  expandable: boolean;
  /** The network of a per-network group; null for the groups every network shares. */
  network: Network | null;
}

export interface CompareSeries {
  column: number;
  /** The account's title, for the legend. */
  name: string;
  label: string;
  unit: MetricUnit;
  /** Ascending by time (epoch ms). */
  points: { time: number; value: number }[];
}

export interface CompareModel {
  columns: CompareColumn[];
  /** In display order: the shared groups, then one group per network present. */
  groups: CompareGroup[];
  rows: CompareRow[];
  period: ComparePeriod;
  series: {
    /** Followers over time (Instagram followers_chart, YouTube metrics_history): only accounts whose report has it. */
    followers: CompareSeries[];
    /** Engagement rate over time (YouTube metrics_history.er; Instagram and Twitter from the account's cached metrics history). */
    engagement: CompareSeries[];
    /** Engagement rate by period (7 … 365 days) of every account that has it: the overlay every network can draw. */
    engagementByPeriod: { column: number; name: string; points: { period: ComparePeriod; value: number }[] }[];
  };
  /** Audience shares in percent; null where an account's report lacks the group. */
  ageGender: { ages: string[]; genders: string[]; byColumn: { column: number; ages: (number | null)[]; genders: (number | null)[] }[] };
  /** The union of each account's top 5 audience countries, largest total first; null where not in an account's list. */
  topCountries: { countries: string[]; byColumn: { column: number; shares: (number | null)[] }[] };
}

export const SHARED_GROUPS = ['Overview', 'Engagement', 'Content', 'Audience quality', 'Audience', 'Prices'] as const;


const TOP_COUNTRIES = 5;
const TOP_LANGUAGES = 3;
const OTHER = 'Other';

interface Account {
  model: ReportModel;
  /** `result` without the parts kept as received. */
  readable: Rec;
  /** Every series the report has, its account's metrics history included (reportSeries). */
  series: SeriesView[];
}

interface Cell {
  value: CompareValue;
  label: string | null;
  source: string | null;
  periodSource: ValueSource | null;
  /** The metric key read, for metric cells. */
  metric?: string;
  /** Why the value is absent though the report gives the period (a period without posts). */
  absent?: string;
}

const NONE: Cell = { value: null, label: null, source: null, periodSource: null };

function asReport(s: SnapshotDetail): CachedReport {
  return {
    network: s.network as Network,
    accountKey: s.accountKey,
    summary: s.summary,
    state: s.state as CachedReport['state'],
    quality: null,
    fetchedAt: s.fetchedAt,
    unlockedAt: null,
    validUntil: null,
    tiktokType: null,
    snapshotCount: 1,
    result: s.result,
  };
}

function metricOf(model: ReportModel, key: string): MetricView | undefined {
  return model.metrics.find((m) => m.key === key);
}

/** A metric's value for the period, exactly as the report page reads it. */
function metricCell(model: ReportModel, keys: readonly string[], period: ComparePeriod, labelOf?: (m: MetricView) => string): Cell {
  let noPosts: Cell | null = null;
  for (const key of keys) {
    const m = metricOf(model, key);
    if (!m) continue;
    const at = metricForPeriod(m, period);
    if (at.source === 'no-posts') {
      // The report gives the period, and it holds no posts: absent, said why, never 0.
      noPosts ??= { ...NONE, label: labelOf ? labelOf(m) : m.label, source: `${key}, ${PERIOD_WORDS[period]}: no posts`, metric: key, absent: noPostsText(model.network, m.byPeriod[period]?.noPosts ? period : null) };
      continue;
    }
    if (at.value === null) continue;
    const byPeriod = Object.keys(m.byPeriod).length > 0;
    const when = !byPeriod
      ? ''
      : at.source === 'period'
        ? `, ${PERIOD_WORDS[period]}`
        : at.source === '365d'
          ? `, 365 days (no ${PERIOD_WORDS[period]} figure)`
          : `, the report's headline figure (no ${PERIOD_WORDS[period]} or 365-day figure)`;
    return { value: at.value, label: labelOf ? labelOf(m) : m.label, source: `${key}${when}`, periodSource: byPeriod ? at.source : null, metric: key };
  }
  return noPosts ?? NONE;
}

function breakdownItems(model: ReportModel, key: string) {
  return model.breakdowns.find((b) => b.key === key)?.items ?? null;
}

/** 'United States 34.2 %, Brazil 12 %': the first `n` items of a breakdown, as the report page formats them. */
function topText(model: ReportModel, key: string, n: number): Cell {
  const items = breakdownItems(model, key)?.filter((i) => i.label !== OTHER).slice(0, n) ?? [];
  if (items.length === 0) return NONE;
  const label = model.breakdowns.find((b) => b.key === key)!.label;
  return { value: items.map((i) => `${i.label} ${formatMetric(i.value, 'percent')}`).join(', '), label, source: `${key} breakdown, top ${n}`, periodSource: null };
}

function shareCell(model: ReportModel, breakdown: string, item: string): Cell {
  const found = breakdownItems(model, breakdown)?.find((i) => i.label === item);
  return found ? { value: found.value, label: null, source: `${breakdown} breakdown: ${item}`, periodSource: null } : NONE;
}

function money(v: number | null): string | null {
  return v === null ? null : formatMetric(v, 'money');
}

function range(from: number | null, to: number | null): string | null {
  const a = money(from);
  const b = money(to);
  if (a && b) return `${a}–${b}`;
  return a ?? b;
}

/** The price objects a report carries, read from the readable result only (never a kept part). */
function priceParts(account: Account): { post: Rec | null; postPath: string; estimate: Rec | null; integration: Rec | null; integrationPath: string } {
  const r = account.readable;
  const user = rec(own(r, 'user'));
  const body = rec(own(r, 'report'));
  const post = rec(own(user, 'blogger_prices')) ?? rec(at(body, 'features', 'blogger_prices', 'data'));
  const referenceIntegration = rec(at(r, 'video_integration_price', 'data'));
  const integration = referenceIntegration ?? rec(at(body, 'video_integration_price', 'data'));
  return {
    post,
    postPath: user ? 'user.blogger_prices' : 'report.features.blogger_prices',
    estimate: rec(own(user, 'est_post_price')),
    integration,
    integrationPath: referenceIntegration ? 'video_integration_price' : 'report.video_integration_price',
  };
}

function postPrice(account: Account): Cell {
  const p = priceParts(account);
  const post = num(own(p.post, 'post_price'));
  if (post !== null) return { value: post, label: 'Post price', source: `${p.postPath}.post_price`, periodSource: null };
  const integration = num(own(p.integration, 'price'));
  if (integration !== null) return { value: integration, label: 'Video integration price', source: `${p.integrationPath}.price`, periodSource: null };
  return NONE;
}

function priceRange(account: Account): Cell {
  const p = priceParts(account);
  const post = range(num(own(p.post, 'post_price_from')), num(own(p.post, 'post_price_to')));
  if (post) return { value: post, label: 'Post price range', source: `${p.postPath}.post_price_from/to`, periodSource: null };
  const estimate = range(num(own(p.estimate, 'min')), num(own(p.estimate, 'max')));
  if (estimate) return { value: estimate, label: 'Estimated post price', source: 'user.est_post_price.min/max', periodSource: null };
  const integration = range(num(own(p.integration, 'price_from')), num(own(p.integration, 'price_to')));
  if (integration) return { value: integration, label: 'Video integration price range', source: `${p.integrationPath}.price_from/to`, periodSource: null };
  return NONE;
}

function extraCell(model: ReportModel, label: string): Cell {
  const e = model.extras.find((x) => x.label === label);
  return e ? { value: e.value, label, source: `report fact "${label}"`, periodSource: null } : NONE;
}

interface SharedRow {
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

const SHARED_ROWS: SharedRow[] = [
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
const DETAIL_BETTER: Record<string, 'higher' | 'lower'> = {
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

function makeRow(
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

function column(s: SnapshotDetail, model: ReportModel, note: string): CompareColumn {
  const channelId = s.summary?.accountId ?? undefined;
  return {
    network: model.network,
    accountKey: s.accountKey,
    snapshotId: s.id,
    title: model.title,
    username: model.username,
    handle: model.handle,
    avatarUrl: model.avatarUrl,
    profileUrl: safely(() => accountUrl(model.network, { username: model.username || s.accountKey, ...(channelId ? { channelId } : {}) }), null),
    fetchedAt: s.fetchedAt,
    note,
  };
}

const FOLLOWER_SERIES = ['followers', 'history.subscribers_count', 'history.followers_count', 'history.followers'];

function seriesOf(accounts: Account[], columns: CompareColumn[], keys: readonly string[]): CompareSeries[] {
  return accounts.flatMap((a, i) => {
    const s = keys.map((k) => a.series.find((x) => x.key === k)).find((x) => x !== undefined && x.points.length > 0);
    return s ? [{ column: i, name: columns[i]!.title, label: s.label, unit: s.unit ?? 'count', points: s.points }] : [];
  });
}

function ageGender(accounts: Account[]): CompareModel['ageGender'] {
  const ages: string[] = [...AGE_BUCKETS];
  const genders: string[] = ['Male', 'Female'];
  for (const a of accounts) {
    for (const i of breakdownItems(a.model, 'age_gender') ?? []) if (!ages.includes(i.label)) ages.push(i.label);
    for (const i of breakdownItems(a.model, 'gender') ?? []) if (!genders.includes(i.label)) genders.push(i.label);
  }
  return {
    ages,
    genders,
    byColumn: accounts.map((a, column) => {
      const age = breakdownItems(a.model, 'age_gender');
      const gender = breakdownItems(a.model, 'gender');
      return {
        column,
        ages: ages.map((label) => age?.find((i) => i.label === label)?.value ?? null),
        genders: genders.map((label) => gender?.find((i) => i.label === label)?.value ?? null),
      };
    }),
  };
}

function topCountries(accounts: Account[]): CompareModel['topCountries'] {
  const lists = accounts.map((a) => (breakdownItems(a.model, 'countries') ?? []).filter((i) => i.label !== OTHER));
  const chosen = new Set<string>();
  for (const list of lists) for (const item of list.slice(0, TOP_COUNTRIES)) chosen.add(item.label);
  const byColumn = lists.map((list, column) => ({ column, shares: [...chosen].map((c) => list.find((i) => i.label === c)?.value ?? null) }));
  const total = (idx: number) => byColumn.reduce((s, c) => s + (c.shares[idx] ?? 0), 0);
  const order = [...chosen].map((name, idx) => ({ name, idx, total: total(idx) })).sort((x, y) => y.total - x.total);
  return {
    countries: order.map((o) => o.name),
    byColumn: byColumn.map((c) => ({ column: c.column, shares: order.map((o) => c.shares[o.idx]!) })),
  };
}

function validSnapshot(s: unknown, i: number): SnapshotDetail {
  if (!isRec(s) || !(networks as readonly unknown[]).includes(own(s, 'network')) || typeof own(s, 'accountKey') !== 'string') {
    throw new Error(`Comparison item ${i + 1} is not a cached report of a known network.`);
  }
  return s as unknown as SnapshotDetail;
}

/**
 * The comparison of `snapshots` (one column each, in order) for `period`. `notes[i]` is the
 * researcher's note on column i. Throws only when an item is not a snapshot of a known network;
 * any part of a report that cannot be read gives null figures.
 */
export function buildCompareModel(snapshots: SnapshotDetail[], notes: string[], period: ComparePeriod): CompareModel {
  const accounts: Account[] = snapshots.map((raw, i) => {
    const s = validSnapshot(raw, i);
    const model = buildReportModel(asReport(s));
    const readable = safely(() => keptParts(rec(s.result) ?? {}).readable, {} as Rec);
    const series = safely(() => reportSeries(model.network, model.series, s.history), model.series);
    return { model, readable, series };
  });
  const columns = snapshots.map((s, i) => column(s, accounts[i]!.model, notes[i] ?? ''));

  const rows: CompareRow[] = [];
  // Per network: metric keys and facts the shared rows read, so the network's group holds the rest.
  const used = new Map<Network, { metrics: Set<string>; extras: Set<string> }>();
  for (const def of SHARED_ROWS) {
    const cells = accounts.map((a) => safely(() => def.cell(a, period), NONE));
    cells.forEach((c, i) => {
      const network = columns[i]!.network;
      const u = used.get(network) ?? { metrics: new Set<string>(), extras: new Set<string>() };
      used.set(network, u);
      // The metric a shared row read is not repeated in the network's group; its other candidates
      // (YouTube's video_views_avg beside views_avg) are figures of their own and stay there.
      if (c.metric) u.metrics.add(c.metric);
      for (const e of def.extras ?? []) u.extras.add(e);
    });
    rows.push(makeRow({ ...def, expandable: false }, cells, columns, period));
  }

  const groups: CompareGroup[] = SHARED_GROUPS.map((name) => ({ name, expandable: false, network: null }));
  for (const network of networks) {
    const idx = columns.flatMap((c, i) => (c.network === network ? [i] : []));
    if (idx.length === 0) continue;
    const group = networkLabels[network];
    groups.push({ name: group, expandable: true, network });
    const u = used.get(network)!;
    const keys: string[] = [];
    const facts: string[] = [];
    for (const i of idx) {
      for (const m of accounts[i]!.model.metrics) if (!u.metrics.has(m.key) && !keys.includes(m.key)) keys.push(m.key);
      for (const e of accounts[i]!.model.extras) if (!u.extras.has(e.label) && !facts.includes(e.label)) facts.push(e.label);
    }
    for (const key of keys) {
      const first = idx.map((i) => metricOf(accounts[i]!.model, key)).find((m) => m !== undefined)!;
      const cells = accounts.map((a, i) => (columns[i]!.network === network ? safely(() => metricCell(a.model, [key], period), NONE) : NONE));
      if (cells.every((c) => c.value === null && c.absent === undefined)) continue;
      rows.push(
        makeRow(
          { key: `${network}.${key}`, label: first.label, group, expandable: true, unit: first.unit, better: DETAIL_BETTER[key] ?? null, about: `${group} report: ${first.label}.` },
          cells,
          columns,
          period,
        ),
      );
    }
    for (const label of facts) {
      // A fact named like a metric of the group (Instagram's estimated reach) would read as the same figure twice.
      const shown = rows.some((r) => r.group === group && r.label === label) ? `${label} (as stated)` : label;
      const cells = accounts.map((a, i) => (columns[i]!.network === network ? extraCell(a.model, label) : NONE));
      rows.push(makeRow({ key: `${network}.fact.${label}`, label: shown, group, expandable: true, unit: 'text', better: null, about: `${group} report: ${label}.` }, cells, columns, period));
    }
  }

  return {
    columns,
    groups,
    rows,
    period,
    series: {
      followers: seriesOf(accounts, columns, FOLLOWER_SERIES),
      engagement: seriesOf(accounts, columns, ['history.er']),
      engagementByPeriod: accounts.flatMap((a, column) => {
        const er = metricOf(a.model, 'er');
        if (!er) return [];
        const points = a.model.periods.flatMap((p) => {
          const v = er.byPeriod[p]?.value;
          return typeof v === 'number' ? [{ period: p, value: v }] : [];
        });
        return points.length > 0 ? [{ column, name: columns[column]!.title, points }] : [];
      }),
    },
    ageGender: ageGender(accounts),
    topCountries: topCountries(accounts),
  };
}

/** A model value as the one formatter writes it ('1.2M', '6.89 %', '$1.2K'); '' for missing. */
export function formatCompareValue(value: CompareValue, unit: CompareUnit): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  return unit === 'text' ? String(value) : formatMetric(value, unit);
}

/** For which period a figure of a comparison stands, in words (the Sources sheet's Period, a cell's hover). */
export function periodText(row: CompareRow, c: number, period: CompareModel['period']): string {
  if (!row.periodDependent || row.periodSources[c] === null) return 'As fetched';
  const source = row.periodSources[c];
  if (source === 'period') return PERIOD_WORDS[period];
  if (source === '365d') return `365 days (no ${PERIOD_WORDS[period]} figure)`;
  return `Report's headline figure (no ${PERIOD_WORDS[period]} figure)`;
}

/** Where a figure was read, in words: '"Subscribers" in the YouTube report, 30 days'. The same on a cell's hover and in the Sources sheet. */
export function whereRead(model: CompareModel, row: CompareRow, c: number): string {
  const period = periodText(row, c, model.period);
  return readFromText(row.labels[c] ?? row.label, networkLabels[model.columns[c]!.network], period === 'As fetched' ? '' : period);
}
