// What only the team decides about its watchlists (team/teamTracking.ts), against a real
// PostgreSQL and real workspace files: the month's renewals under one lock whoever asks at once,
// reservations a crash or an absent team left unsettled settled later (never held all month),
// and a run claimed for the team that stops teammates only once it finished, or for a while.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { tempDatabase, type TempDatabase } from '../platform/cache/repositories/testkit';
import { TeamError } from '../kernel/teamErrors';
import { RUN_LEASE_MS, TeamTracking } from './teamTracking';
import { describeTeam, type Researcher } from '../../../test/teamHarness';

describeTeam('a Team workspace’s watchlist runs and renewals', { researchers: ['Anna Berg', 'Bob Lund'] }, (t) => {
  let anna: Researcher;
  let bob: Researcher;
  let annaPool: pg.Pool;
  let bobPool: pg.Pool;
  const files: TempDatabase[] = [];

  beforeAll(() => {
    ({ 'Anna Berg': anna, 'Bob Lund': bob } = t.researchers);
    annaPool = anna.pool();
    bobPool = bob.pool();
  });
  afterEach(() => {
    for (const f of files.splice(0)) f.dispose();
  });

  /** A laptop's side: its own workspace file and origin. */
  const laptop = (pool: () => pg.Pool) => {
    const file = tempDatabase();
    files.push(file);
    return { tracking: new TeamTracking(pool, randomUUID(), file.db), db: file.db };
  };
  const states = async (docId: string) =>
    (await t.team.admin.query<{ state: string; credits: number }>('SELECT state, credits FROM scout_team.watchlist_renewals WHERE doc_id = $1 ORDER BY id', [docId])).rows;
  const account = { network: 'instagram' as const, key: 'renewed_one' };

  it('holds a month’s limit whoever asks at once: of six asks from two laptops under a limit of 2, two are held', async () => {
    const doc = randomUUID();
    const a = laptop(() => annaPool);
    const b = laptop(() => bobPool);
    const asks = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).tracking.reserveRenewal(doc, 1, { network: 'instagram', key: `acct${i}` }, 1, 2)));
    expect(asks.filter((x) => x.reservation !== null)).toHaveLength(2);
    expect((await states(doc)).map((r) => r.state)).toEqual(['reserved', 'reserved']);
    // Those refused left nothing behind to settle; those held are written down until told.
    expect(a.tracking.held().length + b.tracking.held().length).toBe(2);
    for (const [l, x] of asks.map((x, i) => [i % 2 ? a : b, x] as const)) if (x.reservation) await l.tracking.settleRenewal(x.reservation, 1);
    expect((await states(doc)).map((r) => r.state)).toEqual(['spent', 'spent']);
    expect(a.tracking.held().length + b.tracking.held().length).toBe(0);
    // The month is full: a seventh ask is refused with the team's total.
    expect(await a.tracking.reserveRenewal(doc, 1, account, 1, 2)).toEqual({ reservation: null, total: 2 });
  });

  it('settles later what a crash or an absent team left: asked before a crash (nothing sent) let go, a fetch out settled from the ledger', async () => {
    const doc = randomUUID();
    const a = laptop(() => annaPool);
    const held = await a.tracking.reserveRenewal(doc, 7, account, 1, 1);
    expect(held.reservation).not.toBeNull();
    // "Crash" while its fetch was out: the row stays reserved here and there, and counts.
    expect((await states(doc)).map((r) => r.state)).toEqual(['reserved']);
    // A crash between the team's answer and this laptop's note of it: 'reserving', nothing sent.
    const lost = randomUUID();
    a.db.prepare("INSERT INTO team_renewals (reservation, watchlist_id, network, account_key, at, state) VALUES (?, 7, 'instagram', 'other', ?, 'reserving')").run(lost, Date.now());
    await annaPool.query("INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES ($1, $2, 'instagram', 'other', 1, 'reserved')", [lost, doc]);

    // The next start: the ledger does not know yet what the fetch spent: it stays held.
    const restarted = new TeamTracking(() => annaPool, randomUUID(), a.db);
    expect(await restarted.flush(() => true, () => null)).toBe(1);
    expect((await states(doc)).map((r) => r.state)).toEqual(['reserved', 'released']);
    expect(restarted.held().map((h) => h.state)).toEqual(['reserved']);
    // Once the ledger settled it (1 credit spent): spent, and no longer written down here.
    expect(await restarted.flush(() => true, (h) => (h.accountKey === 'renewed_one' ? 1 : null))).toBe(1);
    expect(await states(doc)).toEqual([
      { state: 'spent', credits: 1 },
      { state: 'released', credits: 0 },
    ]);
    expect(restarted.held()).toEqual([]);
  });

  it('keeps a settlement the team could not take, and tells it at the next flush', async () => {
    const doc = randomUUID();
    let away = false;
    const pool = () => {
      if (away) throw new TeamError('TEAM_UNREACHABLE', 'The team database cannot be reached.');
      return annaPool;
    };
    const a = laptop(pool);
    const held = (await a.tracking.reserveRenewal(doc, 3, account, 1, 5)).reservation!;
    away = true;
    await expect(a.tracking.settleRenewal(held, 0)).rejects.toThrow(/cannot be reached/);
    expect(a.tracking.held()).toEqual([expect.objectContaining({ reservation: held, state: 'settle', spent: 0 })]);
    // An ask while away: refused, and written down to be let go (nothing was sent on it).
    await expect(a.tracking.reserveRenewal(doc, 3, account, 1, 5)).rejects.toThrow(/cannot be reached/);
    expect(a.tracking.held().map((h) => h.state)).toEqual(['settle', 'settle']);
    away = false;
    // A watchlist whose run is under way keeps its own.
    expect(await a.tracking.flush((id) => id !== 3, () => 0)).toBe(0);
    expect(await a.tracking.flush(() => true, () => 0)).toBe(2);
    expect(await states(doc)).toEqual([{ state: 'released', credits: 0 }]);
    expect(a.tracking.held()).toEqual([]);
  });

  it('claims a run for the team: a teammate’s finished run means not due, one under way not now, one left unfinished past its lease nothing', async () => {
    const doc = randomUUID();
    const a = laptop(() => annaPool);
    const b = laptop(() => bobPool);
    const DAY = 86_400_000;
    const annas = await a.tracking.claimRun(doc, DAY);
    expect(annas.claimed).toBe(true);
    // Under way: Bob's is not due now, but nothing is taken as his last run.
    expect(await b.tracking.claimRun(doc, DAY)).toEqual({ claimed: false, run: null });
    // Anna's own retry is never stopped by her own claim.
    expect((await a.tracking.claimRun(doc, DAY)).claimed).toBe(true);
    await a.tracking.finishRun((annas as { runId: string }).runId);
    const bobs = await b.tracking.claimRun(doc, DAY);
    expect(bobs).toEqual({ claimed: false, run: { startedAt: expect.any(Number), by: 'Anna Berg' } });
    expect(Math.abs((bobs as { run: { startedAt: number } }).run.startedAt - Date.now())).toBeLessThan(60_000);
    // Finished once: finishing again changes nothing.
    await a.tracking.finishRun((annas as { runId: string }).runId);

    // Another watchlist: Anna's claim never finished (a crash) and its lease ran out: Bob runs.
    const stale = randomUUID();
    await a.tracking.claimRun(stale, DAY);
    await asAdminWithoutTriggers(`UPDATE scout_team.watchlist_runs SET started_at = now() - interval '${RUN_LEASE_MS + 60_000} milliseconds' WHERE doc_id = '${stale}'`);
    expect((await b.tracking.claimRun(stale, DAY)).claimed).toBe(true);

    // A run dated after the server's now (its clock set back): no run of the past, nobody stopped.
    const future = randomUUID();
    await a.tracking.claimRun(future, DAY);
    await asAdminWithoutTriggers(`UPDATE scout_team.watchlist_runs SET started_at = now() + interval '30 days', finished_at = now() + interval '30 days' WHERE doc_id = '${future}'`);
    expect((await b.tracking.claimRun(future, DAY)).claimed).toBe(true);
  });

  /** As the admin, with the tables' triggers off (a test's way to age a row). */
  async function asAdminWithoutTriggers(sql: string) {
    const client = await t.team.admin.connect();
    try {
      await client.query("BEGIN; SET LOCAL session_replication_role = 'replica'");
      await client.query(sql);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
});
