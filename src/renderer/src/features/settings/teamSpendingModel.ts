// Settings → Team spending, as lines to show: the team ledger's totals per month (UTC),
// researcher and balance, in the words and figures of the one formatter and label dictionary.
import type { TeamSpendingRow } from '@shared/teamSpending';
import { formatCount, formatMonth, plural } from '@shared/format';
import { balanceLabels } from '@shared/labels';

export interface TeamSpendingLine {
  key: string;
  researcher: string;
  you: boolean;
  /** 'Report credits'. */
  balance: string;
  /** What calls whose cost is known cost: '3'. */
  spent: string;
  /** Calls whose cost is not known yet, at what they were expected to cost; null when there are none. */
  notKnownYet: string | null;
  /** This month only: how far the researcher is into their limit ('4 of 200'); 'No limit'; null for past months. */
  limit: string | null;
  /** Past the limit (spent and expected together). */
  over: boolean;
}

export interface TeamSpendingMonth {
  month: string;
  /** 'November 2026'. */
  label: string;
  current: boolean;
  lines: TeamSpendingLine[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The rows grouped by month, newest first, in the order main gives them within a month. */
export function teamSpendingMonths(rows: readonly TeamSpendingRow[], currentMonth: string): TeamSpendingMonth[] {
  const months = new Map<string, TeamSpendingMonth>();
  for (const row of rows) {
    let month = months.get(row.month);
    if (!month) {
      month = { month: row.month, label: formatMonth(row.month), current: row.month === currentMonth, lines: [] };
      months.set(row.month, month);
    }
    const total = row.spent + row.expected;
    month.lines.push({
      key: `${row.researcher}\u0000${row.balance}\u0000${month.lines.length}`,
      researcher: row.researcher,
      you: row.you,
      balance: capitalised(balanceLabels[row.balance] ?? row.balance),
      spent: formatCount(row.spent),
      notKnownYet: row.openCalls > 0 ? `${formatCount(row.expected)} expected (${plural(row.openCalls, 'call')} not settled yet)` : null,
      limit: !month.current ? null : row.limit === null ? 'No limit' : `${formatCount(total)} of ${formatCount(row.limit)}`,
      over: month.current && row.limit !== null && total > row.limit,
    });
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
}
