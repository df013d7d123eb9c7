// The report's companion tabs: media, metrics history and brand mentions, each from the cache
// first (main fetches on first open), each with a Refresh that asks the API again. Media and
// mentions cost nothing; history unlocks a report, so when it would cost a credit the tab says so
// and waits for a confirmation. A failed refresh (offline, say) keeps the cached answer on screen.
// This file: which tabs a network has, the periods an answer carries, and reading the API's
// loosely typed answers.
import type { Network } from '@shared/reports';

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export type CompanionTab = 'media' | 'history' | 'mentions';

/** Which tabs a network's report has (spec 4.5–4.7). */
export function companionTabs(network: Network): CompanionTab[] {
  const tabs: CompanionTab[] = [];
  if (network === 'instagram' || network === 'youtube') tabs.push('media');
  if (network === 'instagram' || network === 'twitter') tabs.push('history');
  if (network === 'tiktok' || network === 'youtube') tabs.push('mentions');
  return tabs;
}

/** A period key's length in days, for ordering: '7d' → 7, 'all' → ∞; unknown keys sort first. */
function periodDays(period: string): number {
  if (period === 'all') return Infinity;
  const m = /^(\d+)([dwmy])$/.exec(period);
  if (!m) return -1;
  return Number(m[1]) * { d: 1, w: 7, m: 30, y: 365 }[m[2] as 'd' | 'w' | 'm' | 'y'];
}

/** The periods an answer carries, shortest first. */
export function carriedPeriods(performance: unknown): string[] {
  return Object.keys(obj(performance)).sort((a, b) => periodDays(a) - periodDays(b));
}

/** The chosen period when the answer has it, else `preferred` when it has that, else its longest. */
export function pickPeriod(periods: readonly string[], chosen: string | null, preferred: string): string {
  if (chosen !== null && periods.includes(chosen)) return chosen;
  if (periods.includes(preferred)) return preferred;
  return periods[periods.length - 1] ?? '';
}
