// The report's companion tabs: media, metrics history and brand mentions, each from the cache
// first (main fetches on first open), each with a Refresh that asks the API again. Media and
// mentions cost nothing; history unlocks a report, so when it would cost a credit the tab says so
// and waits for a confirmation. A failed refresh (offline, say) keeps the cached answer on screen.
// Main sends each answer as a typed view (@shared/companions): this file says only which tabs a
// network has and which period a tab shows.
import type { Network } from '@shared/reports';

export type CompanionTab = 'media' | 'history' | 'mentions';

/** Which tabs a network's report has (spec 4.5–4.7). */
export function companionTabs(network: Network): CompanionTab[] {
  const tabs: CompanionTab[] = [];
  if (network === 'instagram' || network === 'youtube') tabs.push('media');
  if (network === 'instagram' || network === 'twitter') tabs.push('history');
  if (network === 'tiktok' || network === 'youtube') tabs.push('mentions');
  return tabs;
}

/** The chosen period when the answer has it, else `preferred` when it has that, else its longest. */
export function pickPeriod(periods: readonly string[], chosen: string | null, preferred: string): string {
  if (chosen !== null && periods.includes(chosen)) return chosen;
  if (periods.includes(preferred)) return preferred;
  return periods[periods.length - 1] ?? '';
}
