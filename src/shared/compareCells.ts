// How one account's cell of a comparison is read from its report model: a metric for the
// period exactly as the report page reads it, a breakdown's top items or one share, a price, a
// report fact. Each cell says where it was read; a figure the report lacks is NONE (null).
import type { ComparePeriod } from './compare';
import type { CompareValue } from './compareModel';
import { at, metricForPeriod, num, own, rec, type MetricView, type Rec, type ReportModel, type SeriesView, type ValueSource } from './reportModel';
import { PERIOD_WORDS, formatMetric } from './format';
import { noPostsText } from './labels';

export const TOP_COUNTRIES = 5;
export const TOP_LANGUAGES = 3;
export const OTHER = 'Other';

export interface Account {
  model: ReportModel;
  /** `result` without the parts kept as received. */
  readable: Rec;
  /** Every series the report has, its account's metrics history included (reportSeries). */
  series: SeriesView[];
}

export interface Cell {
  value: CompareValue;
  label: string | null;
  source: string | null;
  periodSource: ValueSource | null;
  /** The metric key read, for metric cells. */
  metric?: string;
  /** Why the value is absent though the report gives the period (a period without posts). */
  absent?: string;
}

export const NONE: Cell = { value: null, label: null, source: null, periodSource: null };

export function metricOf(model: ReportModel, key: string): MetricView | undefined {
  return model.metrics.find((m) => m.key === key);
}

/** A metric's value for the period, exactly as the report page reads it. */
export function metricCell(model: ReportModel, keys: readonly string[], period: ComparePeriod, labelOf?: (m: MetricView) => string): Cell {
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

export function breakdownItems(model: ReportModel, key: string) {
  return model.breakdowns.find((b) => b.key === key)?.items ?? null;
}

/** 'United States 34.2 %, Brazil 12 %': the first `n` items of a breakdown, as the report page formats them. */
export function topText(model: ReportModel, key: string, n: number): Cell {
  const items = breakdownItems(model, key)?.filter((i) => i.label !== OTHER).slice(0, n) ?? [];
  if (items.length === 0) return NONE;
  const label = model.breakdowns.find((b) => b.key === key)!.label;
  return { value: items.map((i) => `${i.label} ${formatMetric(i.value, 'percent')}`).join(', '), label, source: `${key} breakdown, top ${n}`, periodSource: null };
}

export function shareCell(model: ReportModel, breakdown: string, item: string): Cell {
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

export function postPrice(account: Account): Cell {
  const p = priceParts(account);
  const post = num(own(p.post, 'post_price'));
  if (post !== null) return { value: post, label: 'Post price', source: `${p.postPath}.post_price`, periodSource: null };
  const integration = num(own(p.integration, 'price'));
  if (integration !== null) return { value: integration, label: 'Video integration price', source: `${p.integrationPath}.price`, periodSource: null };
  return NONE;
}

export function priceRange(account: Account): Cell {
  const p = priceParts(account);
  const post = range(num(own(p.post, 'post_price_from')), num(own(p.post, 'post_price_to')));
  if (post) return { value: post, label: 'Post price range', source: `${p.postPath}.post_price_from/to`, periodSource: null };
  const estimate = range(num(own(p.estimate, 'min')), num(own(p.estimate, 'max')));
  if (estimate) return { value: estimate, label: 'Estimated post price', source: 'user.est_post_price.min/max', periodSource: null };
  const integration = range(num(own(p.integration, 'price_from')), num(own(p.integration, 'price_to')));
  if (integration) return { value: integration, label: 'Video integration price range', source: `${p.integrationPath}.price_from/to`, periodSource: null };
  return NONE;
}

export function extraCell(model: ReportModel, label: string): Cell {
  const e = model.extras.find((x) => x.label === label);
  return e ? { value: e.value, label, source: `report fact "${label}"`, periodSource: null } : NONE;
}
