// The one formatter: every number, percentage, change and date a page shows goes through here, so
// one figure reads the same wherever it appears (a card, a table, a chart, a file main writes).
//
// The rules:
// - Figures of an account (followers, views, likes, prices) are compact from 10,000 in cards,
//   tables, lists and chart labels (13,166 → 13.2K; 1,204,784 → 1.2M); below 10,000 they are
//   written out (2,244). Hover titles, copied values and the "Values" tables are exact
//   (formatExact), so the rounded figure can always be checked.
// - Chart axes are compact from 1,000 (300K, 1.2M): ticks are round numbers side by side.
// - Counts Scout keeps itself (credits, accounts, snapshots, items shown) are exact: formatCount.
// - A negative number has the minus sign U+2212, never a hyphen.
// - Shares and rates are in "%". A change of a percentage is in percentage points, "pp"
//   (formatPoints); any other change is relative, "+12 %", and says so where it is shown.
// - Plurals by count: plural(1, 'post') → '1 post', plural(2, 'post') → '2 posts'.
// - Dates: formatDate (15 Jan 2026), formatDateTime (with the time), formatAge (3 h ago); a time
//   axis's ticks carry their year (formatAxisTime: Apr 2025, Apr 15, 2025).
// Locale: en-US digits and grouping everywhere, so K and M read like the numbers beside them.
//
// Also here, because they are how a value is written wherever it goes: the words for networks
// and periods (the one label dictionary), a saved file's name, and CSV text. It lives in
// src/shared so main builds exports from the cache with the very words and figures the screens show.

import { shownDecimals } from './sheets';
import type { ComparePeriod } from './compare';
import type { Network } from './reports';

export type MetricUnit = 'count' | 'percent' | 'ratio' | 'duration_ms' | 'per_week' | 'money';

export const DASH = '—';
export const MINUS = '\u2212';

/** Where compact numbers start in cards and tables. */
export const COMPACT_FROM = 10_000;

const LOCALE = 'en-US';
const grouped = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const exactNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const exactSmall = new Intl.NumberFormat(LOCALE, { maximumSignificantDigits: 4 });

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

function signed(abs: string, negative: boolean): string {
  return negative && abs !== '0' ? `${MINUS}${abs}` : abs;
}

/** Any hyphen-minus Intl writes, as the minus sign. */
function minus(text: string): string {
  return text.replace(/-/g, MINUS);
}

const STEPS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** 1234 → '1.2K', 1_234_567 → '1.2M' (from 1,000); smaller numbers by `small`. */
function compact(value: number, small: (abs: number) => string): string {
  const abs = Math.abs(value);
  for (let i = 0; i < STEPS.length; i++) {
    const [size, suffix] = STEPS[i]!;
    if (abs >= size * 0.99995) {
      const scaled = Number((abs / size).toFixed(1));
      // 999.95K rounds to 1000K: show it as 1M.
      if (scaled >= 1000 && i > 0) return signed(`${trim((scaled / 1000).toFixed(1))}${STEPS[i - 1]![1]}`, value < 0);
      return signed(`${trim(scaled.toFixed(1))}${suffix}`, value < 0);
    }
  }
  return signed(small(abs), value < 0);
}

/** Two significant decimals for small numbers, fewer as they grow: 0.0051, 0.87, 3.45, 20.7, 345. */
function decimalAbs(abs: number): string {
  if (abs === 0) return '0';
  // The rule is shared with the files (roundAsShown): a CSV holds the decimals the screen shows.
  return trim(abs.toFixed(shownDecimals(abs)));
}

function decimal(value: number): string {
  const abs = Math.abs(value);
  if (abs >= COMPACT_FROM) return compact(value, decimalAbs);
  return signed(abs >= 1000 ? grouped.format(abs) : decimalAbs(abs), value < 0);
}

/** A figure of an account: '2,244', '13.2K', '1.2M', '0.5'. */
export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= COMPACT_FROM) return compact(value, decimalAbs);
  return signed(abs >= 100 ? grouped.format(abs) : decimalAbs(abs), value < 0);
}

/** An axis tick: compact from 1,000 ('300K', '1.2M', '−5K'), '0.5' below. */
export function formatAxis(value: number): string {
  if (!isNumber(value)) return '';
  return compact(value, decimalAbs);
}

/** An axis tick of a percentage: '12 %'. */
export function formatAxisPercent(value: number): string {
  return isNumber(value) ? `${formatAxis(value)} %` : '';
}

function duration(ms: number): string {
  const negative = ms < 0;
  const abs = Math.abs(ms);
  let text: string;
  if (abs === 0) text = '0 min';
  else if (abs < 1000) text = `${Math.round(abs)} ms`;
  else if (abs < 60_000) text = `${trim((abs / 1000).toFixed(1))} s`;
  else {
    const totalMin = Math.round(abs / 60_000);
    if (totalMin < 60) {
      const s = Math.round((abs % 60_000) / 1000);
      text = s === 0 || s === 60 ? `${totalMin} min` : `${Math.floor(abs / 60_000)} min ${s} s`;
    } else {
      const h = Math.floor(totalMin / 60);
      const m = totalMin % 60;
      text = m === 0 ? `${grouped.format(h)} h` : `${grouped.format(h)} h ${m} min`;
    }
  }
  return signed(text, negative);
}

function money(value: number): string {
  const abs = Math.abs(value);
  const text = abs >= COMPACT_FROM ? compact(abs, decimalAbs) : abs >= 100 ? grouped.format(abs) : trim(abs.toFixed(2));
  return signed(`$${text}`, value < 0);
}

/**
 * A value rounded for display by the rules above: 1.2M, 2,244, 3.45 %, 0.87, 1 h 20 min,
 * 4.5 / week, $1.2K; '—' for null (or anything not a finite number).
 */
export function formatMetric(value: number | null | undefined, unit: MetricUnit): string {
  if (!isNumber(value)) return DASH;
  switch (unit) {
    case 'percent':
      return `${decimal(value)} %`;
    case 'ratio':
      return decimal(value);
    case 'duration_ms':
      return duration(value);
    case 'per_week':
      // Posts a week: one decimal is what the API's own figures carry (0.5, 4.5).
      return `${Math.abs(value) < 100 ? signed(trim(Math.abs(value).toFixed(1)), value < 0) : formatNumber(value)} / week`;
    case 'money':
      return money(value);
    case 'count':
    default:
      return formatNumber(value);
  }
}

/** The exact value, for hover titles and the "Values" tables: '1,204,784', '6.8912 %'. */
export function formatExact(value: number | null | undefined, unit: MetricUnit = 'count'): string {
  if (!isNumber(value)) return DASH;
  const abs = Math.abs(value);
  const text = abs !== 0 && abs < 1 ? exactSmall.format(abs) : exactNumber.format(abs);
  const out = signed(text, value < 0);
  switch (unit) {
    case 'percent':
      return `${out} %`;
    case 'money':
      return signed(`$${text}`, value < 0);
    case 'duration_ms':
      return duration(value);
    case 'per_week':
      return `${out} / week`;
    default:
      return out;
  }
}

/** A relative change: 0.123 → '+12.3 %', −0.05 → '−5 %'; '—' for null. Say "relative" beside it. */
export function formatChange(change: number | null | undefined): string {
  if (!isNumber(change)) return DASH;
  const pct = change * 100;
  const text = decimal(Math.abs(pct));
  if (text === '0') return '0 %';
  return `${pct > 0 ? '+' : MINUS}${text} %`;
}

/** A change of a percentage, in percentage points: 0.5 → '+0.5 pp', −1.234 → '−1.23 pp'. */
export function formatPoints(delta: number | null | undefined): string {
  if (!isNumber(delta)) return DASH;
  const text = decimal(Math.abs(delta));
  if (text === '0') return '0 pp';
  return `${delta > 0 ? '+' : MINUS}${text} pp`;
}

/** A signed change of a count: '+1,204', '−13.2K'. */
export function formatSignedNumber(delta: number | null | undefined): string {
  if (!isNumber(delta)) return DASH;
  const text = formatNumber(Math.abs(delta));
  return text === '0' ? '0' : `${delta > 0 ? '+' : MINUS}${text}`;
}

/** A signed change of an exact count (a rank, a count Scout keeps): '+4,995', '−4,995', '0'. */
export function formatSignedCount(delta: number | null | undefined): string {
  if (!isNumber(delta)) return DASH;
  const text = grouped.format(Math.abs(delta));
  return text === '0' ? '0' : `${delta > 0 ? '+' : MINUS}${text}`;
}

/** A share of a whole or of the audience: '34.2 %'. */
export function formatPercent(value: number | null | undefined): string {
  return formatMetric(value, 'percent');
}

/** A count Scout keeps itself, exact: '1,000'; '—' for null. */
export function formatCount(value: number | null | undefined): string {
  return isNumber(value) ? minus(grouped.format(value)) : DASH;
}

/** '1 post', '2 posts', '1,204 accounts'; `many` for irregular plurals. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function formatAge(epochMs: number | null, now = Date.now()): string {
  if (epochMs === null) return 'never';
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(epochMs: number): string {
  return date.format(new Date(epochMs));
}

const monthYear = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric' });
const dayTime = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * A time axis's tick, always with its year (ticks 'Apr Jul Oct Apr' leave the reader to guess
 * which April): a tick at the start of a month is 'Apr 2025', at the start of a day 'Apr 15,
 * 2025', any other 'Apr 15, 2025, 2:00 PM'. Chosen by the tick itself, so it holds when the
 * chart is zoomed from years to days. Local time, as the chart places its ticks.
 */
export function formatAxisTime(epochMs: number): string {
  if (!isNumber(epochMs)) return '';
  const d = new Date(epochMs);
  const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
  if (midnight && d.getDate() === 1) return monthYear.format(d);
  return (midnight ? date : dayTime).format(d);
}

const utcDay = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day the API gives as `YYYY-MM-DD` (no time zone): shown as that day everywhere. Anything else stays as received. */
export function formatDay(isoDay: string | null | undefined): string {
  if (!isoDay) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!m) return isoDay;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? isoDay : utcDay.format(new Date(ms));
}

const utcMonth = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar month given as `YYYY-MM` (UTC, as the team's totals are kept): 'November 2026'. Anything else stays as received. */
export function formatMonth(isoMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return isoMonth;
  return utcMonth.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

export function formatDateTime(epochMs: number): string {
  return dateTime.format(new Date(epochMs));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Each network's name, as every page, chart and sheet writes it. */
export const networkLabels: Readonly<Record<Network, string>> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
};

/** A report period in words: '30d' → '30 days'. */
export const PERIOD_WORDS: Readonly<Record<ComparePeriod, string>> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '180d': '180 days', '365d': '365 days' };


/**
 * An amount in a campaign's currency ('€1,250.00', '¥12,000', 'CHF 0.0042'): two decimals (the
 * currency's own for yen and the like), up to four below one (a cost per view is a fraction of a
 * cent); '—' for null.
 */
export function formatMoneyIn(value: number | null | undefined, currency: string): string {
  if (!isNumber(value)) return DASH;
  const small = Math.abs(value) > 0 && Math.abs(value) < 1;
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, ...(small ? { minimumFractionDigits: 2, maximumFractionDigits: 4 } : {}) }).format(value);
}
