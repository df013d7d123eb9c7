// Settings → Team spending, rendered: each researcher's spending per month and balance, what is
// not known yet said as such, this month's limits, and this Scout's spends not shared yet.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TeamSpendingRow } from '@shared/teamSpending';
import { TeamSpendingView } from './TeamSpendingView';
import { teamSpendingMonths } from './teamSpendingModel';

const row = (over: Partial<TeamSpendingRow>): TeamSpendingRow => ({
  researcher: 'Ada Lovelace',
  you: true,
  month: '2026-11',
  balance: 'credits',
  spent: 0,
  expected: 0,
  openCalls: 0,
  calls: 1,
  limit: null,
  ...over,
});

const rows: TeamSpendingRow[] = [
  row({ spent: 198, expected: 7, openCalls: 2, calls: 205, limit: 200 }),
  row({ balance: 'discoveryRequests', spent: 1_500, calls: 1_500 }),
  row({ researcher: 'Bob Marley', you: false, spent: 12, calls: 12, limit: 50 }),
  row({ month: '2026-10', spent: 40, calls: 41, limit: 200 }),
];

/** The text of a piece of markup, as read: tags gone, entities and spaces as shown. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

describe('team spending', () => {
  it('groups by month, newest first; this month shows each limit and who is past it', () => {
    const months = teamSpendingMonths(rows, '2026-11');
    expect(months.map((m) => [m.label, m.current])).toEqual([
      ['November 2026', true],
      ['October 2026', false],
    ]);
    expect(months[0]!.lines.map(({ key: _key, ...l }) => l)).toEqual([
      { researcher: 'Ada Lovelace', you: true, balance: 'Report credits', spent: '198', notKnownYet: '7 expected (2 calls not settled yet)', limit: '205 of 200', over: true },
      { researcher: 'Ada Lovelace', you: true, balance: 'Discovery requests', spent: '1,500', notKnownYet: null, limit: 'No limit', over: false },
      { researcher: 'Bob Marley', you: false, balance: 'Report credits', spent: '12', notKnownYet: null, limit: '12 of 50', over: false },
    ]);
    // A past month's spending against today's limit would say nothing true: no limit shown.
    expect(months[1]!.lines[0]).toMatchObject({ spent: '40', limit: null, over: false });
  });

  it('renders a table per month with the researcher marked, what is not known yet, and the limits', () => {
    const html = renderToStaticMarkup(<TeamSpendingView spending={{ team: true, rows, queued: 0 }} currentMonth="2026-11" />);
    const november = text(/<table[^>]*team-spending-2026-11[\s\S]*?<\/table>/.exec(html)![0]);
    expect(november).toBe(
      'November 2026 (this month) Researcher Balance Spent Not known yet Monthly limit ' +
        'Ada Lovelace you Report credits 198 7 expected (2 calls not settled yet) 205 of 200 over the limit ' +
        'Ada Lovelace you Discovery requests 1,500 None No limit ' +
        'Bob Marley Report credits 12 None 12 of 50',
    );
    const october = text(/<table[^>]*team-spending-2026-10[\s\S]*?<\/table>/.exec(html)![0]);
    expect(october).toBe('October 2026 Researcher Balance Spent Not known yet Ada Lovelace you Report credits 40 None');
    expect(html).not.toContain('team-spending-queued');
  });

  it("says when some of this Scout's spends are not in the team ledger yet, and when nobody spent anything", () => {
    const queued = text(renderToStaticMarkup(<TeamSpendingView spending={{ team: true, rows: [], queued: 2 }} currentMonth="2026-11" />));
    expect(queued).toContain('2 spends of yours are not in the team ledger yet: Scout shares them as soon as the team database can be reached.');
    expect(queued).toContain('Nothing spent yet.');
    const one = text(renderToStaticMarkup(<TeamSpendingView spending={{ team: true, rows, queued: 1 }} currentMonth="2026-11" />));
    expect(one).toContain('1 spend of yours is not in the team ledger yet: Scout shares it as soon');
    expect(one).not.toContain('Nothing spent yet.');
  });
});
