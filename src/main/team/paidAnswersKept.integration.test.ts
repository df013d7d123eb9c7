// Paid answers kept (issue 37): Team workspaces wired as in the app (main services through the
// handlers the renderer calls) on one real PostgreSQL and one simulator, the referee of what was
// charged:
// - a watchlist a teammate deletes while its renewal run is under way keeps every report that run
//   paid for, and spends nothing more.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TrackingProgress, WatchlistSummary } from '@shared/tracking';
import type { MainServices } from '../services/mainServices';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { describeWithPostgres, startPostgres, type TestPostgres } from '../../../test/postgres';
import { teamDatabase, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamDb';
import { closeLaptops, connect, teamLaptop, type Laptop } from '../../../test/teamLaptop';

describeWithPostgres('paid answers kept in a Team workspace', () => {
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
    // A new report generates for a while after its credit is charged: a run is caught mid-way.
    sim = await startSimulator({ generationMs: 1_500 });
  });
  afterEach(async () => {
    await closeLaptops(open, keychains);
  });
  afterAll(async () => {
    await team?.close();
    await server?.close();
    await sim?.close();
  });

  const spent = () => Object.values(sim.state.spent as unknown as Record<string, number>).reduce((x, y) => x + y, 0);
  const named = async (l: Laptop, name: string) => (await l.call<WatchlistSummary[]>('watchlists:list', {})).find((w) => w.name === name) ?? null;

  it('a watchlist a teammate deletes during its renewal run: every report the run paid for is kept, and it spends nothing more', async () => {
    const a = await teamLaptop({ sim, keychainService: keychains[0]!, open });
    const b = await teamLaptop({ sim, keychainService: keychains[1]!, open });
    expect((await connect(a, anna)).status.state).toBe('connected');
    expect((await connect(b, bob)).status.state).toBe('connected');
    // Never fetched: each one costs a credit, within the watchlist's monthly limit.
    const accounts = Array.from({ length: 20 }, (_, i) => ({ network: 'instagram', account: `kept_renewal_${i}` }));
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Deleted mid-run', schedule: 'manual', renewCap: 50, accounts });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Deleted mid-run'))?.accounts === 20, 10_000);
    const before = spent();

    const run = a.call<TrackingProgress>('watchlists:run', { id: made.id });
    // Bob deletes it once the simulator charged for a few of its renewals (their reports still generating).
    await waitUntil('three renewals charged', () => spent() - before >= 3, 20_000);
    await b.call('watchlists:delete', { id: (await named(b, 'Deleted mid-run'))!.id });
    const ended = await run;
    expect(ended.state).toBe('stopped');
    expect(await named(a, 'Deleted mid-run')).toBeNull();

    const charged = spent() - before;
    const ws = a.services.workspaces.get('team');
    const kept = accounts.filter((x) => ws.reportsRepo.open('instagram', x.account) !== null).length;
    // Every credit charged is a report in the cache; the run stopped spending on the rest.
    expect(charged).toBeGreaterThanOrEqual(3);
    expect(kept).toBe(charged);
    expect(charged).toBeLessThan(accounts.length);
    // The ledger has each spend; the team's month holds nothing the run did not spend.
    expect(ws.ledger.totals().credits).toBe(charged);
    await waitUntil('the renewals settled in the team database', async () => {
      const { rows } = await team.admin.query<{ state: string; credits: number }>("SELECT state, credits FROM scout_team.watchlist_renewals WHERE account_key LIKE 'kept_renewal_%'");
      return rows.every((r) => r.state !== 'reserved') && rows.filter((r) => r.state === 'spent').reduce((n, r) => n + r.credits, 0) === charged;
    });
  }, 60_000);
});
