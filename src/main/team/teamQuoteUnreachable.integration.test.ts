// The team database away is said in the quote, before spending is pressed (issue 37), through the
// handlers the renderer calls, on a real PostgreSQL that is stopped and started, the simulator as
// the referee of what was charged: each quote that costs says the team database cannot be reached
// (Add accounts' plan, a report's own quote, a PDF export's); declining buys nothing and leaves no
// library row; buying anyway buys once, and the report reaches a teammate once the team is back.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LibraryPageView } from '@shared/contract';
import type { CostQuote, FetchManyOutcome } from '@shared/reports';
import type { TeamView } from '@shared/team';
import type { TeamSyncView } from '@shared/teamSync';
import type { MainServices } from '../services/mainServices';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { describeWithPostgres, startPostgres, type TestPostgres } from '../../../test/postgres';
import { teamDatabase, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamDb';
import { closeLaptops, connect, teamLaptop, type Laptop } from '../../../test/teamLaptop';

describeWithPostgres('the team database away, said in the quote (Team workspace, through the handlers)', () => {
  let server: TestPostgres;
  let team: TeamDatabase;
  let anna: Researcher;
  let bob: Researcher;
  let sim: SimulatorHandle;
  const keychains = [`scout-workbench-test-${crypto.randomUUID()}`, `scout-workbench-test-${crypto.randomUUID()}`];
  const open: MainServices[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    team = await teamDatabase(server);
    anna = await team.addResearcher('Anna Berg');
    bob = await team.addResearcher('Bob Lund');
    sim = await startSimulator({ generationMs: 30 });
  });
  afterEach(async () => {
    await closeLaptops(open, keychains);
  });
  afterAll(async () => {
    await team?.close();
    await server?.close();
    await sim?.close();
  });

  const spent = () => sim.state.totalSpent();
  const pending = async (l: Laptop) => {
    const view = await l.call<TeamSyncView>('team:syncStatus');
    return view.team ? view.pending : -1;
  };
  /** The library's rows, as "network/account state" (reports and fetch attempts alike). */
  const library = async (l: Laptop) => (await l.call<LibraryPageView>('reports:library', {})).items.map((i) => `${i.network}/${i.accountKey} ${i.state}`).sort();
  const plan = (l: Laptop, accounts: readonly (readonly [string, string])[]) =>
    l.call<CostQuote[]>('reports:quoteMany', { items: accounts.map(([network, account]) => ({ network, account })) });

  it('each new account of Add accounts is quoted as "cannot be reached"; declined, nothing is bought and no row is left; bought anyway, once, and shared when the team is back', async () => {
    const a = await teamLaptop({ sim, keychainService: keychains[0]!, open });
    expect((await connect(a, anna)).status.state).toBe('connected');
    // Bought while the team answers: its refresh is free then, and the team is asked about nothing.
    await a.call('reports:fetch', { network: 'instagram', account: 'quotedfree', confirmedCost: 1, workspace: 'team' });
    await waitUntil('the first report shared', async () => (await pending(a)) === 0, 15_000);
    // The team answers: no word of it in the quote.
    const reachable = await plan(a, [['instagram', 'quotedone']]);
    expect(reachable[0]).toMatchObject({ cost: 1, reason: 'new' });
    expect('teamUnreachable' in reachable[0]!).toBe(false);

    await server.stopServer();
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
      await server.startServer();
    }
    await waitUntil('the report bought anyway shared', async () => (await pending(a)) === 0, 15_000);

    // Bob's Scout receives it from the team: his copy costs nothing.
    const b = await teamLaptop({ sim, keychainService: keychains[1]!, open });
    expect((await connect(b, bob)).status.state).toBe('connected');
    await waitUntil("Anna's report on Bob's laptop", async () => (await b.call('reports:open', { network: 'instagram', account: 'quotedone' })) !== null, 15_000);
    expect(spent()).toBe(before + 1);
    expect(await library(b)).toContain('instagram/quotedone READY');
  });
});
