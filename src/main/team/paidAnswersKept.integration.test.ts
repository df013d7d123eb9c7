// Paid answers kept (issue 37): Team workspaces wired as in the app (main services through the
// handlers the renderer calls) on one real PostgreSQL and one simulator, the referee of what was
// charged:
// - a watchlist a teammate deletes while its renewal run is under way keeps every report that run
//   paid for, and spends nothing more;
// - a laptop killed while it held a claim, started again on its data folder, takes its own claim
//   up at once (no wait for itself), while the same researcher's claim from another computer is
//   still waited for, and said as theirs ("you are buying it on another computer");
// - two laptops started together run a shared daily watchlist once for the team;
// - SIGTERM with 200 watchlists due exits within seconds, even with the team database slow to answer.
import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import type { TrackingProgress, WatchlistSummary } from '@shared/tracking';
import type { ReportProgress } from '@shared/reports';
import { reportTeamItem } from '../domains/reports/reportRecords';
import { bundleFixture, runNode } from '../../../test/childProcess';
import { tempDir } from '../../../test/support';
import { TeamClaims } from './claims';
import { describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

// A new report generates for a while after its credit is charged: a run is caught mid-way.
describeTeam('paid answers kept in a Team workspace', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 1_500 } }, (t) => {
  const spent = () => Object.values(t.sim.state.spent as unknown as Record<string, number>).reduce((x, y) => x + y, 0);
  const named = async (l: Laptop, name: string) => (await l.call<WatchlistSummary[]>('watchlists:list', {})).find((w) => w.name === name) ?? null;
  const waiting = (l: Laptop) => l.events.filter((e) => e.name === 'reports:changed' && (e.payload as ReportProgress).phase === 'waiting-teammate').map((e) => e.payload as ReportProgress);

  it('a watchlist a teammate deletes during its renewal run: every report the run paid for is kept, and it spends nothing more', async () => {
    const a = await t.laptop('Anna Berg');
    const b = await t.laptop('Bob Lund');
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
      const { rows } = await t.team.admin.query<{ state: string; credits: number }>("SELECT state, credits FROM scout_team.watchlist_renewals WHERE account_key LIKE 'kept_renewal_%'");
      return rows.every((r) => r.state !== 'reserved') && rows.filter((r) => r.state === 'spent').reduce((n, r) => n + r.credits, 0) === charged;
    });
  }, 60_000);

  it('a laptop killed while it held a claim, started again, buys at once; the same researcher’s claim from another computer is waited for, said as hers', async () => {
    const dataDir = tempDir('scout-team-killed-');
    // A laptop of Anna's claims the account through its Team workspace's own gate, then is killed.
    const fixture = bundleFixture('test/fixtures/claimHoldingLaptop.ts', ['keytar']);
    const child = runNode(fixture, [dataDir, t.keychain('Anna Berg'), t.sim.url, 'killed_holder'], { SCOUT_TEST_RESEARCHER: JSON.stringify({ connection: t.researchers['Anna Berg'].connection }) });
    await child.waitFor(/^won$/, 60_000);
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    const item = reportTeamItem('instagram', 'killed_holder');
    const held = await t.team.admin.query<{ left_s: number }>("SELECT extract(epoch FROM lease_expires_at - now())::float8 AS left_s FROM scout_team.claims WHERE kind = 'report' AND item_key = $1", [item.key]);
    // Its claim outlives it (a long lease): a laptop waiting for it would wait most of a minute.
    expect(held.rows[0]!.left_s).toBeGreaterThan(30);

    // Started again on the same data folder: it finds the claim its own and buys at once.
    const again = await t.laptop('Anna Berg', { dataDir, heldWaitMs: 3_000 });
    const before = spent();
    const from = performance.now();
    await again.call('reports:fetch', { network: 'instagram', account: 'killed_holder', confirmedCost: 1, workspace: 'team' });
    expect(performance.now() - from).toBeLessThan(10_000);
    expect(waiting(again)).toEqual([]);
    expect(spent() - before).toBe(1);
    expect(again.services.workspaces.get('team').reportsRepo.open('instagram', 'killed_holder')).not.toBeNull();
    // Bought and shared: the claim is released.
    expect((await t.team.admin.query("SELECT 1 FROM scout_team.claims WHERE item_key = $1", [item.key])).rows).toEqual([]);

    // Anna on another computer (another workspace file) is buying another account: waited for,
    // never as "waiting for Anna Berg".
    const otherComputer = new TeamClaims(t.researchers['Anna Berg'].pool(), { leaseMs: 60_000 });
    const elsewhere = reportTeamItem('instagram', 'bought_elsewhere');
    expect((await otherComputer.claim(elsewhere, 365)).kind).toBe('won');
    const failure = await again.failure('reports:fetch', { network: 'instagram', account: 'bought_elsewhere', confirmedCost: 1, workspace: 'team' });
    expect(failure).toMatchObject({ code: 'TEAM_ITEM_HELD', message: expect.stringMatching(/^You are buying the Instagram report of bought_elsewhere on another computer/) });
    expect(waiting(again)).toEqual([expect.objectContaining({ accountKey: 'bought_elsewhere', yoursElsewhere: true })]);
    expect(spent() - before).toBe(1);
  }, 120_000);

  it('two laptops started together run a shared daily watchlist once for the team', async () => {
    const a = await t.laptop('Anna Berg');
    const b = await t.laptop('Bob Lund');
    await a.call('reports:fetch', { network: 'instagram', account: 'started_together', confirmedCost: 1, workspace: 'team' });
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Daily, started together', schedule: 'daily', accounts: [{ network: 'instagram', account: 'started_together' }] });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Daily, started together'))?.accounts === 1, 10_000);
    const docId = a.services.workspaces.get('team').sharedWork!.docIdOf('watchlist', made.id)!;
    const dirs = [a, b].map((l) => l.services.workspaces.get('team').db.name.replace(/\/workspaces\/team\/scout\.sqlite$/, ''));
    // Both quit before it was ever run, and start again at the same moment.
    await t.closeLaptops();
    const [a2, b2] = await Promise.all(dirs.map((dataDir, i) => t.laptop((['Anna Berg', 'Bob Lund'] as const)[i], { dataDir, connect: false })));
    const runs = async () => (await t.team.admin.query<{ finished: boolean }>('SELECT finished_at IS NOT NULL AS finished FROM scout_team.watchlist_runs WHERE doc_id = $1', [docId])).rows;
    const checked = () => Promise.all([a2!, b2!].map(async (l) => (await l.call<{ members: { checkedAt: number | null }[] }>('watchlists:get', { id: (await named(l, 'Daily, started together'))!.id })).members[0]!.checkedAt));
    await waitUntil('a laptop’s run', async () => (await checked()).some((c) => c !== null), 20_000);
    // Time for the other laptop's first tick to run it too, were it to.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await checked()).filter((c) => c !== null)).toHaveLength(1);
    expect(await runs()).toEqual([{ finished: true }]);
  }, 60_000);
  it('SIGTERM with 200 watchlists due and the team database slow to answer: the laptop exits within seconds', async () => {
    const dataDir = tempDir('scout-team-exit-');
    const fixture = bundleFixture('test/fixtures/watchlistsLaptop.ts', ['keytar']);
    const env = { SCOUT_TEST_RESEARCHER: JSON.stringify({ connection: t.researchers['Anna Berg'].connection }) };
    const setup = runNode(fixture, ['setup', dataDir, t.keychain('Anna Berg'), t.sim.url, '200'], env);
    await setup.waitFor(/^set up$/, 120_000);
    await setup.exited;
    const before = spent();
    const laptop = runNode(fixture, ['run', dataDir, t.keychain('Anna Berg'), t.sim.url, '200'], env);
    await laptop.waitFor(/^running$/, 60_000);
    // A second of the schedule's runs under way, the team database slow to answer them (a
    // teammate's long transaction holds the table of runs), then the operating system asks Scout to quit.
    await new Promise((r) => setTimeout(r, 1_000));
    const blocker = await t.team.admin.connect();
    await blocker.query('BEGIN; LOCK TABLE scout_team.watchlist_runs IN ACCESS EXCLUSIVE MODE');
    await new Promise((r) => setTimeout(r, 200));
    const from = performance.now();
    laptop.process.kill('SIGTERM');
    const exited = await laptop.exited;
    const tookMs = performance.now() - from;
    await blocker.query('ROLLBACK');
    blocker.release();
    console.log(`SIGTERM with 200 watchlists: exited in ${Math.round(tookMs)} ms (${laptop.stdout().trim().split('\n').at(-1)})`);
    expect(exited).toEqual({ code: 0, signal: null });
    // The old shutdown waited out the team database's lock timeout (10 s) on each call it awaited
    // (measured 9.1 s here); now it waits at most 2 s for the team's work, then 2 s for its pool.
    expect(tookMs).toBeLessThan(7_000);
    // The refreshes were free: nothing was charged while it ran or closed.
    expect(spent()).toBe(before);
  }, 240_000);
});
