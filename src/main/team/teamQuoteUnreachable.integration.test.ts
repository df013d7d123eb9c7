// The team database away is said in the quote, before spending is pressed (issue 37), through the
// handlers the renderer calls, on a real PostgreSQL that is stopped and started, the simulator as
// the referee of what was charged: each quote that costs says the team database cannot be reached
// (Add accounts' plan, a report's own quote, a PDF export's, a history's, a discovery run's, a
// competitor analysis's, a list's first sync); declining buys nothing and leaves no library row,
// run or analysis; buying anyway buys once, and the report reaches a teammate once the team is
// back. A Team workspace not connected at all says so in the same quotes, and leaves nothing.
import { expect, it } from 'vitest';
import type { LibraryPageView } from '@shared/contract';
import type { DiscoveryQuote, ListSummary, SavedDiscoveryQuery } from '@shared/discoveryData';
import type { CostQuote, FetchManyOutcome } from '@shared/reports';
import type { TeamView } from '@shared/team';
import type { TeamSyncView } from '@shared/teamSync';
import { describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

describeTeam('the team database away, said in the quote (Team workspace, through the handlers)', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  const spent = () => t.sim.state.totalSpent();
  const pending = async (l: Laptop) => {
    const view = await l.call<TeamSyncView>('team:syncStatus');
    return view.team ? view.pending : -1;
  };
  /** The library's rows, as "network/account state" (reports and fetch attempts alike). */
  const library = async (l: Laptop) => (await l.call<LibraryPageView>('reports:library', {})).items.map((i) => `${i.network}/${i.accountKey} ${i.state}`).sort();
  const plan = (l: Laptop, accounts: readonly (readonly [string, string])[]) =>
    l.call<CostQuote[]>('reports:quoteMany', { items: accounts.map(([network, account]) => ({ network, account })) });

  it('each new account of Add accounts is quoted as "cannot be reached"; declined, nothing is bought and no row is left; bought anyway, once, and shared when the team is back', async () => {
    const a = await t.laptop('Anna Berg');
    // Bought while the team answers: its refresh is free then, and the team is asked about nothing.
    await a.call('reports:fetch', { network: 'instagram', account: 'quotedfree', confirmedCost: 1, workspace: 'team' });
    await waitUntil('the first report shared', async () => (await pending(a)) === 0, 15_000);
    // The team answers: no word of it in the quote.
    const reachable = await plan(a, [['instagram', 'quotedone']]);
    expect(reachable[0]).toMatchObject({ cost: 1, reason: 'new' });
    expect('teamUnreachable' in reachable[0]!).toBe(false);

    await t.server.stopServer();
    const before = spent();
    try {
      expect((await a.call<TeamView>('team:test')).status.state).toBe('unreachable');
      // Add accounts' plan: every account that costs says the team cannot be asked; the free one does not.
      const quotes = await plan(a, [
        ['instagram', 'quotedone'],
        ['twitch', 'quotedtwo'],
        ['instagram', 'quotedfree'],
      ]);
      expect(quotes.map((q) => [q.cost, q.reason, q.teamUnreachable ?? false])).toEqual([
        [1, 'new', true],
        [1, 'new', true],
        [0, 'unlocked', false],
      ]);
      // A report's own quote and a PDF export's say it too.
      expect(await a.call<CostQuote>('reports:quote', { network: 'twitch', account: 'quotedtwo' })).toMatchObject({ cost: 1, teamUnreachable: true });
      expect(await a.call<CostQuote>('archive:quote', { network: 'twitch', account: 'quotedtwo' })).toMatchObject({ cost: 1, teamUnreachable: true });
      expect(spent()).toBe(before);

      // The researcher buys the first anyway and declines the second (it is not sent; and one
      // sent without the choice, as when the team went away after the quote, is refused):
      // the first is bought once, the second not, and the library has no row for it.
      const run = await a.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
        workspace: 'team',
        runId: 'run-quoted-away',
        items: [
          { network: 'instagram', account: 'quotedone', confirmedCost: 1, teamUnreachableConfirmed: true },
          { network: 'twitch', account: 'quotedtwo', confirmedCost: 1 },
        ],
      });
      expect(run.outcomes.map((o) => [o.accountKey, o.status, o.error?.code ?? null])).toEqual([
        ['quotedone', 'done', null],
        ['quotedtwo', 'failed', 'TEAM_UNREACHABLE'],
      ]);
      expect(spent()).toBe(before + 1);
      expect(await library(a)).toEqual(['instagram/quotedfree READY', 'instagram/quotedone READY']);
      expect(await a.call('reports:attempt', { network: 'twitch', account: 'quotedtwo' })).toBeNull();
      // Quoted again, it is free now: bought here.
      expect((await plan(a, [['instagram', 'quotedone']]))[0]).toMatchObject({ cost: 0, reason: 'unlocked' });
      expect(await pending(a)).toBeGreaterThan(0);
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the report bought anyway shared', async () => (await pending(a)) === 0, 15_000);

    // Bob's Scout receives it from the team: his copy costs nothing.
    const b = await t.laptop('Bob Lund');
    await waitUntil("Anna's report on Bob's laptop", async () => (await b.call('reports:open', { network: 'instagram', account: 'quotedone' })) !== null, 15_000);
    expect(spent()).toBe(before + 1);
    expect(await library(b)).toContain('instagram/quotedone READY');
  });

  /** The saved query's runs, as "outcome pagesFetched" (newest first). */
  const runsOf = async (l: Laptop, id: number) => ((await l.call<SavedDiscoveryQuery[]>('discovery:queries')).find((q) => q.id === id)?.runs ?? []).map((r) => `${r.outcome} ${r.pagesFetched}`);
  const ledgerRows = (l: Laptop) => l.services.workspaces.get('team').ledger.entries().length;
  const discoveryBody = { social_network: 'instagram', subscribers_count: { from: 250_000 } };
  const analysis = { username: 'acmequoted', dateFrom: '2026-01-01', dateTo: '2026-02-01', audienceGeo: [], hashtags: [] };

  it("every other paid path's quote says the team database cannot be reached (history, a discovery run, a competitor analysis, a list's first sync); declined, nothing is bought and nothing is left", async () => {
    const a = await t.laptop('Anna Berg');
    const query = await a.call<SavedDiscoveryQuery>('discovery:saveQuery', { name: 'Quoted away', body: discoveryBody });
    // A list synced here before is asked of the API again, claiming nothing: the team is not asked of it.
    await a.call('lists:sync', { listId: 4 });
    // The team answers: no word of it in any quote.
    const range = { body: discoveryBody, sandbox: false, fromPage: 1, toPage: 2 };
    const reachable = await a.call<DiscoveryQuote>('discovery:quote', range);
    expect(reachable.calls).toBe(2);
    expect('teamUnreachable' in reachable).toBe(false);
    expect(await a.call('competitor:quote')).toEqual({});
    expect(await a.call('lists:quote', { listId: 3 })).toEqual({});

    await t.server.stopServer();
    const before = spent();
    const rows = ledgerRows(a);
    try {
      expect((await a.call<TeamView>('team:test')).status.state).toBe('unreachable');
      // Said in each quote, before anything is pressed.
      expect(await a.call<DiscoveryQuote>('discovery:quote', range)).toMatchObject({ calls: 2, teamUnreachable: true });
      expect(await a.call('competitor:quote')).toEqual({ teamUnreachable: true });
      expect(await a.call('lists:quote', { listId: 3 })).toEqual({ teamUnreachable: true });
      expect(await a.call('lists:quote', { listId: 4 })).toEqual({});
      // History unlocks the report: its quote is a report's.
      expect(await a.call<CostQuote>('reports:quote', { network: 'instagram', account: 'historyquoted' })).toMatchObject({ cost: 1, teamUnreachable: true });
      // Nothing to buy, nothing to ask: a sandbox run, pages all cached.
      expect('teamUnreachable' in (await a.call<DiscoveryQuote>('discovery:quote', { ...range, sandbox: true }))).toBe(false);

      // Declined: not sent. One sent without the choice (the team went away after the quote) is
      // refused before anything is bought, and leaves nothing: no run in the query's history, no
      // analysis, no list, no history, no ledger row.
      const run = await a.call('discovery:run', { ...range, runId: 'run-declined', queryId: query.id, confirmedCalls: 2, workspace: 'team' });
      expect(run).toMatchObject({ outcome: 'failed', pagesFetched: 0, callsSpent: 0, errorCode: 'TEAM_UNREACHABLE' });
      expect(await runsOf(a, query.id)).toEqual([]);
      expect((await a.failure('competitor:create', { ...analysis, acceptMayCost: true, workspace: 'team' })).code).toBe('TEAM_UNREACHABLE');
      expect(await a.call('competitor:list')).toEqual([]);
      expect((await a.failure('lists:sync', { listId: 3 })).code).toBe('TEAM_UNREACHABLE');
      expect((await a.call<ListSummary[]>('lists:known')).map((l) => l.listId)).toEqual([4]);
      expect((await a.failure('history:get', { network: 'instagram', account: 'historyquoted', refresh: true, confirmedCost: 1, workspace: 'team' })).code).toBe('TEAM_UNREACHABLE');
      expect(await a.call('reports:attempt', { network: 'instagram', account: 'historyquoted' })).toBeNull();
      expect(spent()).toBe(before);
      expect(ledgerRows(a)).toBe(rows);

      // Bought anyway, from the quote: the run is bought once and remembered.
      const bought = await a.call('discovery:run', { ...range, runId: 'run-anyway', queryId: query.id, confirmedCalls: 2, workspace: 'team', teamUnreachableConfirmed: true });
      expect(bought).toMatchObject({ outcome: 'finished', pagesFetched: 2 });
      expect(await runsOf(a, query.id)).toEqual(['finished 2']);
      expect(t.sim.state.spent.discoveryRequests).toBeGreaterThan(0);
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the pages bought anyway shared', async () => (await pending(a)) === 0, 15_000);
  }, 60_000);

  it('a Team workspace not connected to its team database says so in every quote that costs, and a refused purchase leaves nothing', async () => {
    // Never connected: no settings at all (as for a wrong password, the send refuses: TEAM_NOT_CONNECTED).
    const a = await t.laptop();
    const query = await a.call<SavedDiscoveryQuery>('discovery:saveQuery', { name: 'Not connected', body: discoveryBody });
    const before = spent();
    const range = { body: discoveryBody, sandbox: false, fromPage: 1, toPage: 1 };

    expect((await plan(a, [['instagram', 'notconnected']])).map((q) => [q.cost, q.teamNotConnected ?? false, q.teamUnreachable ?? false])).toEqual([[1, true, false]]);
    expect(await a.call<CostQuote>('archive:quote', { network: 'instagram', account: 'notconnected' })).toMatchObject({ cost: 1, teamNotConnected: true });
    expect(await a.call<DiscoveryQuote>('discovery:quote', range)).toMatchObject({ calls: 1, teamNotConnected: true });
    expect(await a.call('competitor:quote')).toEqual({ teamNotConnected: true });
    // A list is refused without a connection whether synced before or not.
    expect(await a.call('lists:quote', { listId: 3 })).toEqual({ teamNotConnected: true });

    // Sent anyway (the quote offers no spend): refused, nothing bought, nothing left behind.
    expect((await a.failure('reports:fetch', { network: 'instagram', account: 'notconnected', confirmedCost: 1, workspace: 'team' })).code).toBe('TEAM_NOT_CONNECTED');
    expect(await a.call('reports:attempt', { network: 'instagram', account: 'notconnected' })).toBeNull();
    expect(await library(a)).toEqual([]);
    expect(await a.call('discovery:run', { ...range, runId: 'run-not-connected', queryId: query.id, confirmedCalls: 1, workspace: 'team' })).toMatchObject({ outcome: 'failed', errorCode: 'TEAM_NOT_CONNECTED' });
    expect(await runsOf(a, query.id)).toEqual([]);
    expect((await a.failure('competitor:create', { ...analysis, acceptMayCost: true, workspace: 'team' })).code).toBe('TEAM_NOT_CONNECTED');
    expect(await a.call('competitor:list')).toEqual([]);
    expect((await a.failure('lists:sync', { listId: 3 })).code).toBe('TEAM_NOT_CONNECTED');
    expect(await a.call('lists:known')).toEqual([]);
    expect(spent()).toBe(before);
    expect(ledgerRows(a)).toBe(0);
  });
});
