// Metrics of every shape: `report.metrics.*` ({value, mark, similar, performance.{period}}),
// Instagram's flat `user` fields (numbers, {value, avg, title}, {value, performance}) and the
// single-number features (aqs, cqs, blogger_emv, audience_age_21_plus_prc, …).
import type { Network } from '@shared/reports';
import { absentForNoPosts, isPostCount, periodsWithoutPosts } from '@shared/periodFigures';
import { metricSpec } from './catalogue';
import { at, entries, isRec, markOf, num, own, rec, type Rec } from './read';
import { PERIODS, type MetricView, type Period, type PeriodValue } from './types';

/** Relative change, null when there is nothing to compare with. */
export function relativeChange(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  const change = (value - previous) / Math.abs(previous);
  return Number.isFinite(change) ? change : null;
}

function markIn(obj: Rec, suffix = ''): string | null {
  return markOf(own(obj, `mark${suffix}`)) ?? markOf(own(obj, `mark_title${suffix}`)) ?? markOf(own(obj, `mark_tittle${suffix}`));
}

/** The entry of one period of a performance object: `365d`, else the deprecated `all`. */
function periodEntry(performance: Rec, period: Period): unknown {
  const entry = own(performance, period);
  if (entry !== undefined && entry !== null) return entry;
  return period === '365d' ? own(performance, 'all') : undefined;
}

/** Scales a number into the unit (hours → ms). */
function scaled(value: number | null, scale: number): number | null {
  return value === null ? null : value * scale;
}

/** The key suffix of a total's per-period figure: subscribers_count.in_period (new subscribers). */
export const PERIOD_PART = '.in_period';

interface Part {
  /** '' for the metric itself; 'story', 'spotlight', 'viewers' for its parts (value_story, …). */
  suffix: string;
  label: string;
}

const PARTS: readonly Part[] = [
  { suffix: '', label: '' },
  { suffix: '_story', label: 'stories' },
  { suffix: '_spotlight', label: 'Spotlight' },
  { suffix: '_viewers', label: 'viewers' },
];

function readPeriods(obj: Rec, suffix: string, scale: number): Partial<Record<Period, PeriodValue>> {
  const performance = rec(own(obj, 'performance'));
  const out: Partial<Record<Period, PeriodValue>> = {};
  if (!performance) return out;
  for (const period of PERIODS) {
    const raw = periodEntry(performance, period);
    if (raw === undefined || raw === null) continue;
    if (!isRec(raw)) {
      // A bare number per period.
      const value = suffix === '' ? num(raw) : null;
      if (value !== null) out[period] = { value: scaled(value, scale), previous: null, change: null, mark: null, similar: null };
      continue;
    }
    const value = scaled(num(own(raw, `value${suffix}`)), scale);
    const previous = scaled(num(own(raw, `value_prev${suffix}`)), scale);
    const mark = markIn(raw, suffix);
    const similar = suffix === '' ? scaled(num(own(raw, 'similar')), scale) : null;
    if (value === null && previous === null && mark === null && similar === null) continue;
    out[period] = { value, previous, change: relativeChange(value, previous), mark, similar };
  }
  return out;
}

/**
 * One metric object (or bare number) as MetricViews: the metric, then any story / Spotlight /
 * viewers parts it carries. `keepNull`: show a null metric (Instagram's hidden likes) instead
 * of dropping it. The headline value is filled in later (fillHeadlines) once the report's
 * periods are known.
 */
export function readMetric(key: string, raw: unknown, network: Network, keepNull = false): MetricView[] {
  const spec = metricSpec(key, network);
  const scale = spec.scale ?? 1;
  const base = { unit: spec.unit, ...(spec.deprecated ? { deprecated: true } : {}) };

  if (raw === null || raw === undefined || typeof raw !== 'object' || Array.isArray(raw)) {
    const value = scaled(num(raw), scale);
    if (value === null && !(keepNull && raw === null)) return [];
    return [{ key, label: spec.label, ...base, value, byPeriod: {}, mark: null, similar: null }];
  }

  const obj = raw as Rec;
  const out: MetricView[] = [];
  for (const part of PARTS) {
    const value = scaled(num(own(obj, `value${part.suffix}`)), scale);
    const byPeriod = readPeriods(obj, part.suffix, scale);
    const hasPeriods = Object.keys(byPeriod).length > 0;
    if (part.suffix === '') {
      const mark = markIn(obj) ?? markOf(own(obj, 'title'));
      const similar = scaled(num(own(obj, 'similar')) ?? num(own(obj, 'avg')), scale);
      if (value === null && !hasPeriods && !keepNull) {
        // An object without any readable value is not a metric.
        return [];
      }
      if (spec.periodLabel && hasPeriods && value !== null) {
        // A total (subscribers) whose periods hold another quantity (new subscribers): two rows,
        // the total not by period, and the period's own figure under its own name.
        out.push({ key, label: spec.label, unit: spec.unit, value, byPeriod: {}, mark, similar });
        out.push({ key: `${key}${PERIOD_PART}`, label: spec.periodLabel, unit: spec.unit, value: null, byPeriod, mark: null, similar: null });
      } else if (spec.periodLabel && hasPeriods) {
        out.push({ key: `${key}${PERIOD_PART}`, label: spec.periodLabel, unit: spec.unit, value, byPeriod, mark, similar });
      } else {
        out.push({ key, label: spec.label, ...base, value, byPeriod, mark, similar });
      }
    } else if (value !== null || hasPeriods) {
      const mark = markIn(obj, part.suffix);
      out.push({ key: `${key}.${part.suffix.slice(1)}`, label: `${spec.label} (${part.label})`, unit: spec.unit, value, byPeriod, mark, similar: null });
    }
  }
  return out;
}

/** Every metric of `report.metrics`. Null metrics (the other Snapchat variant's keys) are left out. */
export function readReportMetrics(metrics: unknown, network: Network): MetricView[] {
  const out: MetricView[] = [];
  const hasMediaPerWeek = isRec(metrics) && isRec(own(metrics, 'media_per_week'));
  for (const [key, raw] of entries(metrics)) {
    // post_frequency is deprecated in favour of media_per_week: shown only without it.
    if (key === 'post_frequency' && hasMediaPerWeek) continue;
    out.push(...readMetric(key, raw, network));
  }
  return out;
}

/** Features that hold one number (`data` a number or `{value, mark, similar}`). */
export function readFeatureMetric(key: string, feature: unknown, network: Network): MetricView[] {
  const data = own(feature, 'data');
  if (num(data) !== null) return readMetric(key, num(data), network);
  if (isRec(data) && num(own(data, 'value')) !== null) {
    const metric = readMetric(key, { value: own(data, 'value'), mark: own(data, 'mark') ?? own(data, 'display_mark'), similar: own(data, 'similar') }, network);
    return metric.slice(0, 1);
  }
  return [];
}

/** The numbers of a feature object as separate metrics (media_by_type.recommended, …). */
export function readFeatureNumbers(key: string, feature: unknown, network: Network, only?: readonly string[]): MetricView[] {
  const out: MetricView[] = [];
  for (const [field, raw] of entries(at(feature, 'data'))) {
    if (only && !only.includes(field)) continue;
    out.push(...readMetric(`${key}.${field}`, num(raw), network));
  }
  return out;
}

/**
 * The periods the report carries: those held by at least half of the metrics that have
 * per-period values (a Snapchat verified report's subscriber metrics keep 180d, its other
 * metrics 7d/30d/90d: the report's periods are 7d/30d/90d).
 */
export function reportPeriods(metrics: readonly MetricView[]): Period[] {
  const counts = new Map<Period, number>();
  let withPeriods = 0;
  for (const m of metrics) {
    const keys = PERIODS.filter((p) => m.byPeriod[p] !== undefined);
    if (keys.length === 0) continue;
    withPeriods++;
    for (const p of keys) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return PERIODS.filter((p) => (counts.get(p) ?? 0) * 2 >= withPeriods && (counts.get(p) ?? 0) > 0);
}

export function defaultPeriodOf(periods: readonly Period[]): Period | null {
  return periods.includes('30d') ? '30d' : (periods[0] ?? null);
}

/**
 * The headline of metrics without a top-level value (and their mark and benchmark): the
 * default period's, else 30d, 365d, then any period's.
 */
export function fillHeadlines(metrics: MetricView[], defaultPeriod: Period | null): void {
  const order: Period[] = [...(defaultPeriod ? [defaultPeriod] : []), '30d', '365d', ...PERIODS];
  for (const m of metrics) {
    const chosen = order.map((p) => m.byPeriod[p]).find((e) => e !== undefined && e.value !== null);
    if (!chosen) continue;
    if (m.value === null) m.value = chosen.value;
    if (m.mark === null) m.mark = chosen.mark;
    if (m.similar === null) m.similar = chosen.similar;
  }
}

/**
 * The periods without posts (the shared rule, read from the API's own figures before headlines
 * are filled in), and the 0 the API sends for a figure made from posts in them made absent:
 * that 0 and its mark `poor` are no figure. Returns those periods, shortest first.
 */
export function markPeriodsWithoutPosts(metrics: MetricView[]): Period[] {
  const empty = periodsWithoutPosts(
    metrics.map((m) => ({ key: m.key, overall: m.value, periods: Object.fromEntries(Object.entries(m.byPeriod).map(([p, v]) => [p, v?.value ?? null])) })),
  );
  for (const m of metrics) {
    for (const period of PERIODS) {
      const entry = m.byPeriod[period];
      if (!entry || !absentForNoPosts(m.key, period, entry.value, empty)) continue;
      m.byPeriod[period] = { value: null, previous: entry.previous, change: null, mark: null, similar: entry.similar, noPosts: true };
    }
    // A count of 0 posts overall (posts per week with no period): no recent posts, not "0 / week — poor".
    if (isPostCount(m.key) && m.value === 0) {
      m.value = null;
      m.mark = null;
      m.noPosts = true;
    }
  }
  return PERIODS.filter((p) => empty.has(p));
}
