// Numbers rounded for display.
import type { MetricUnit } from './types';

const DASH = '—';
const MINUS = '−';

function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

function signed(abs: string, negative: boolean): string {
  return negative ? `${MINUS}${abs}` : abs;
}

/** 1234 → '1.2K', 1_234_567 → '1.2M', 12.34 → '12.3', 0.5 → '0.5'. */
function compact(value: number, smallDecimals = 1): string {
  const abs = Math.abs(value);
  const steps: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (let i = 0; i < steps.length; i++) {
    const [size, suffix] = steps[i]!;
    if (abs >= size * 0.99995) {
      const scaled = Number((abs / size).toFixed(1));
      // 999.95K rounds to 1000K: show it as 1M.
      if (scaled >= 1000 && i > 0) return signed(`${trim((scaled / 1000).toFixed(1))}${steps[i - 1]![1]}`, value < 0);
      return signed(`${trim(scaled.toFixed(1))}${suffix}`, value < 0);
    }
  }
  const rounded = trim(abs.toFixed(smallDecimals));
  return rounded === '0' ? '0' : signed(rounded, value < 0);
}

/** Two significant decimals for small numbers, fewer as they grow: 0.0051, 0.87, 3.45, 20.7, 1.2K. */
function decimal(value: number): string {
  const abs = Math.abs(value);
  if (abs === 0) return '0';
  if (abs >= 1000) return compact(value);
  let digits: number;
  if (abs >= 100) digits = 0;
  else if (abs >= 10) digits = 1;
  else if (abs >= 1) digits = 2;
  else digits = Math.min(6, Math.max(2, 1 - Math.floor(Math.log10(abs)))); // two significant digits
  const text = trim(abs.toFixed(digits));
  return text === '0' ? '0' : signed(text, value < 0);
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
      text = m === 0 ? `${h.toLocaleString('en-US')} h` : `${h.toLocaleString('en-US')} h ${m} min`;
    }
  }
  return signed(text, negative);
}

function money(value: number): string {
  const abs = Math.abs(value);
  const text = abs >= 1000 ? compact(abs) : trim(abs.toFixed(abs >= 100 ? 0 : 2));
  return signed(`$${text}`, value < 0);
}

/**
 * A value rounded for display: 1.2M, 12.3K, 3.45 %, 0.87, 1 h 20 min, 4.5 / week, $1.2K;
 * '—' for null (or anything not a finite number).
 */
export function formatMetric(value: number | null, unit: MetricUnit): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DASH;
  switch (unit) {
    case 'count':
      return compact(value);
    case 'percent':
      return `${decimal(value)} %`;
    case 'ratio':
      return decimal(value);
    case 'duration_ms':
      return duration(value);
    case 'per_week':
      return `${compact(value)} / week`;
    case 'money':
      return money(value);
    default:
      return compact(value);
  }
}

/** A relative change as text: 0.123 → '+12.3 %', −0.05 → '−5 %'; '—' for null. */
export function formatChange(change: number | null): string {
  if (typeof change !== 'number' || !Number.isFinite(change)) return DASH;
  const pct = change * 100;
  const text = decimal(Math.abs(pct));
  if (text === '0') return '0 %';
  return `${pct > 0 ? '+' : MINUS}${text} %`;
}
