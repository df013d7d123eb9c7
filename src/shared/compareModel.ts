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
import { AGE_BUCKETS, buildReportModel, isRec, keptParts, own, rec, reportSeries, safely, type Rec, type ReportModel, type ValueSource } from './reportModel';

import { networkLabels, PERIOD_WORDS, formatMetric, type MetricUnit } from './format';
import { readFromText } from './labels';
import { breakdownItems, extraCell, metricCell, metricOf, NONE, OTHER, TOP_COUNTRIES, type Account } from './compareCells';
import { DETAIL_BETTER, makeRow, SHARED_ROWS } from './compareRows';

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
  return row.periodDependent ? periodSourceText(row.periodSources[c] ?? null, period) : 'As fetched';
}

/** For which period a figure read for `period` stands, by where it was read (metricCell's `periodSource`). */
export function periodSourceText(source: ValueSource | null, period: CompareModel['period']): string {
  if (source === null || source === 'no-posts') return 'As fetched';
  if (source === 'period') return PERIOD_WORDS[period];
  if (source === '365d') return `365 days (no ${PERIOD_WORDS[period]} figure)`;
  return `Report's headline figure (no ${PERIOD_WORDS[period]} figure)`;
}

/** Where a figure was read, in words: '"Subscribers" in the YouTube report, 30 days'. The same on a cell's hover and in the Sources sheet. */
export function whereRead(model: CompareModel, row: CompareRow, c: number): string {
  const period = periodText(row, c, model.period);
  return readFromText(row.labels[c] ?? row.label, networkLabels[model.columns[c]!.network], period === 'As fetched' ? '' : period);
}
