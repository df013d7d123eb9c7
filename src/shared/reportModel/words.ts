// Words about a shown value, the same on the report page and in the client report.
import { PERIOD_WORDS } from '@shared/format';
import type { ValueSource } from './reportModel';
import type { Period } from './types';

/** Where a shown value comes from, in words: the same under a card, in the table and in the client report. */
export function sourceText(source: ValueSource, period: Period): string {
  if (source === 'period' || source === 'no-posts') return `last ${PERIOD_WORDS[period]}`;
  if (source === '365d') return `last 365 days (no ${PERIOD_WORDS[period]} figure)`;
  return 'not by period';
}
