// The team ledger against a real PostgreSQL and real SQLite files: every step of each laptop's
// credit ledger reaches the team ledger, once, in order, whatever happens on the way (a lost
// answer, a team database that cannot be reached, a laptop killed between the two).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from '../platform/cache/database';
import { CreditLedger } from '../kernel/creditLedger';
import { Logger } from '../platform/log';
import { bundleFixture, runNode } from '../../../test/childProcess';
import { describeTeam, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamHarness';
import { createTeamPool } from './pool';
import { TeamLedger, type TeamLedgerOptions } from './teamLedger';

interface Laptop {
  db: Db;
  file: string;
  ledger: CreditLedger;
  team: TeamLedger;
  /** The local clock the ledger stamps entries with. */
  clock: { now: number };
}

const DAY = 24 * 60 * 60 * 1000;
const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);

it('a step that cannot be queued undoes the ledger write it mirrors: never one without the other', () => {
  const db = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-team-ledger-')), 'workspace.db'));
  try {
    const team = new TeamLedger({ pool: () => null, db, logger: new Logger('error') });
    const ledger = new CreditLedger(db, Date.now, { onStep: team.enqueue });
    const id = ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'kept', balance: 'credits', expectedCost: 1 });
    // The outbox refuses the next step (as a full disk would): the settle is undone with it.
    db.exec(`CREATE TRIGGER no_more BEFORE INSERT ON team_outgoing WHEN NEW.stream = 'ledger' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => ledger.settle(id, 1, 9)).toThrow(/disk full/);
    expect(() => ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'never', balance: 'credits', expectedCost: 1 })).toThrow(/disk full/);
    expect(ledger.entries().map((e) => [e.accountKey, e.status])).toEqual([['kept', 'pending']]);
    expect(db.prepare('SELECT state FROM team_ledger_outbox').all()).toEqual([{ state: 'open' }]);
  } finally {
    db.close();
  }
});

describeTeam('the team ledger (PostgreSQL + SQLite)', { team: false }, (t) => {
  let team: TeamDatabase;
  let ada: Researcher;
  let bob: Researcher;
  const dbs: Db[] = [];
  const ledgers: TeamLedger[] = [];
  const logger = new Logger('error');

  // Runs before the harness closes this test's team.
  afterEach(async () => {
    await Promise.all(ledgers.splice(0).map((l) => l.stop()));
    for (const db of dbs.splice(0)) db.close();
  });

  async function freshTeam() {
    ({ team, researchers: [ada, bob] } = await t.freshTeam('Ada Lovelace', 'Bob Marley'));
  }

  function tempFile(): string {
    return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-team-ledger-')), 'workspace.db');
  }

  /** A laptop: its own SQLite file, its credit ledger mirrored through a team ledger on `pool`. */
  function laptop(pool: TeamLedgerOptions['pool'], file = tempFile(), retry?: TeamLedgerOptions['retry']): Laptop {
    const db = openDatabase(file);
    dbs.push(db);
    const clock = { now: Date.now() };
    const teamLedger = new TeamLedger({ pool, db, logger, retry });
    ledgers.push(teamLedger);
    const ledger = new CreditLedger(db, () => clock.now, { onStep: teamLedger.enqueue });
    return { db, file, ledger, team: teamLedger, clock };
  }

  /** Every row of the team ledger, in the order the team database took them. */
  async function teamRows() {
    const { rows } = await team.admin.query<{ entry_id: string; state: string; researcher: string; operation: string; account_key: string | null; balance: string; cost: number | null }>(
      'SELECT entry_id, state, researcher, operation, account_key, balance, cost FROM scout_team.ledger ORDER BY seq',
    );
    return rows;
  }

  /** A pool that can never connect: a loopback port nobody listens on. */
  function unreachablePool(): pg.Pool {
    const pool = createTeamPool({ host: '127.0.0.1', port: 9, database: 'none', user: 'nobody', password: 'none' }, { connectTimeoutMs: 500 });
    return pool;
  }

  it('spends on two laptops appear in the team ledger: who, what, when, which balance, what it cost', async () => {
    await freshTeam();
    const adaPool = ada.pool();
    const a = laptop(() => adaPool);
    const bobPool = bob.pool();
    const b = laptop(() => bobPool);

    // Three days ago, to the second (the team keeps microseconds, a laptop milliseconds).
    const opened = Math.floor((Date.now() - 3 * DAY) / 1000) * 1000;
    a.clock.now = opened;
    const one = a.ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'natgeo', balance: 'credits', expectedCost: 1, balanceBefore: 100 });
    a.clock.now = opened + 5_000;
    a.ledger.settle(one, 1, 99, { note: 'planInfo: credits 100 → 99' });
    const two = a.ledger.begin({ operation: 'discovery', accountKey: 'query:ab', balance: 'discoveryRequests', expectedCost: 1, balanceBefore: 10, item: 'page 3' });
    logger.registerSecret('tok-secret-123456');
    a.ledger.fail(two, 'refused by the API (token tok-secret-123456)');
    a.ledger.refund({ operation: 'report', network: 'instagram', accountKey: 'natgeo', balance: 'credits', balanceAfter: 100, note: 'generation failed: refunded' });

    b.clock.now = opened + 60_000;
    const three = b.ledger.begin({ operation: 'report', network: 'tiktok', accountKey: 'khaby', balance: 'advancedReports', expectedCost: 1, balanceBefore: 7 });
    // Drawn from another balance than expected: the team ledger says which.
    b.ledger.settle(three, 1, 49, { balance: 'credits' });
    const four = b.ledger.begin({ operation: 'report', network: 'youtube', accountKey: 'mrbeast', balance: 'credits', expectedCost: 1, balanceBefore: 49 });
    b.ledger.markUnknown(four, 'timed out');

    // Queued in the ledger's own transactions, not pushed yet (neither has started).
    expect(a.team.pending()).toBe(6);
    expect(b.team.pending()).toBe(4);
    await Promise.all([a.team.flush(), b.team.flush()]);
    expect([a.team.pending(), b.team.pending()]).toEqual([0, 0]);

    const { rows } = await team.admin.query(
      `SELECT researcher, operation, network, account_key, item, balance, expected_cost, cost, balance_before, balance_after, state, spent_at
         FROM scout_team.ledger_entries ORDER BY spent_at, operation, account_key`,
    );
    expect(rows).toEqual([
      { researcher: ada.role, operation: 'report', network: 'instagram', account_key: 'natgeo', item: null, balance: 'credits', expected_cost: 1, cost: 1, balance_before: 100, balance_after: 99, state: 'settled', spent_at: new Date(opened) },
      { researcher: ada.role, operation: 'discovery', network: null, account_key: 'query:ab', item: 'page 3', balance: 'discoveryRequests', expected_cost: 1, cost: 0, balance_before: 10, balance_after: null, state: 'failed', spent_at: new Date(opened + 5_000) },
      { researcher: ada.role, operation: 'report', network: 'instagram', account_key: 'natgeo', item: null, balance: 'credits', expected_cost: 0, cost: -1, balance_before: null, balance_after: 100, state: 'settled', spent_at: new Date(opened + 5_000) },
      { researcher: bob.role, operation: 'report', network: 'tiktok', account_key: 'khaby', item: null, balance: 'credits', expected_cost: 1, cost: 1, balance_before: 7, balance_after: 49, state: 'settled', spent_at: new Date(opened + 60_000) },
      { researcher: bob.role, operation: 'report', network: 'youtube', account_key: 'mrbeast', item: null, balance: 'credits', expected_cost: 1, cost: null, balance_before: 49, balance_after: null, state: 'unknown', spent_at: new Date(opened + 60_000) },
    ]);
    // Notes as the ledger wrote them, minus what the log would scrub.
    const notes = await team.admin.query<{ note: string | null }>("SELECT note FROM scout_team.ledger WHERE operation = 'discovery' AND state = 'failed'");
    expect(notes.rows[0]!.note).toMatch(/^refused by the API \(token .+\)$/);
    expect(notes.rows[0]!.note).not.toContain('tok-secret-123456');
    // Each entry's steps in the order they happened, under one uuid.
    const steps = (await teamRows()).filter((r) => r.account_key === 'mrbeast').map((r) => r.state);
    expect(steps).toEqual(['open', 'unknown']);

    // Found out later: only the new step goes.
    b.ledger.resolve(four, 0, 49, 'balance unchanged');
    expect(b.team.pending()).toBe(1);
    await b.team.flush();
    expect((await teamRows()).filter((r) => r.account_key === 'mrbeast').map((r) => r.state)).toEqual(['open', 'unknown', 'resolved']);
  });

  it("the team ledger takes a time only on an entry's opening, never in the future, and a negative cost only as a refund", async () => {
    await freshTeam();
    const c = await ada.client();
    const open = (id: string, expected: number, spentAt: Date | null) =>
      c.query(
        `INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost, spent_at) VALUES ($1, 'open', 'report', 'instagram', 'natgeo', 'credits', $2, $3)`,
        [id, expected, spentAt],
      );
    const settle = (id: string, cost: number, spentAt: Date | null = null) =>
      c.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost, spent_at) VALUES ($1, 'settled', 'report', 'credits', 0, $2, $3)`, [id, cost, spentAt]);
    const paid = '11111111-1111-4111-8111-111111111111';
    const refund = '22222222-2222-4222-8222-222222222222';
    // A laptop a day fast: its spend is dated now, by the server's clock (refused, it was never shared).
    const ahead = '33333333-3333-4333-8333-333333333333';
    await open(ahead, 0, new Date(Date.now() + DAY));
    const dated = await c.query<{ now: boolean }>(`SELECT spent_at = recorded_at AS now FROM scout_team.ledger WHERE entry_id = $1`, [ahead]);
    expect(dated.rows).toEqual([{ now: true }]);
    await open(paid, 1, new Date(Date.now() - DAY));
    await expect(settle(paid, 1, new Date())).rejects.toMatchObject({ code: '23514' });
    await expect(settle(paid, -1)).rejects.toMatchObject({ code: '23514' });
    await settle(paid, 1);
    await open(refund, 0, new Date());
    await settle(refund, -1);
    const { rows } = await c.query<{ entry_id: string; cost: number }>('SELECT entry_id, cost FROM scout_team.ledger_entries ORDER BY entry_id');
    expect(rows).toEqual([
      { entry_id: paid, cost: 1 },
      { entry_id: refund, cost: -1 },
      { entry_id: ahead, cost: null },
    ]);
  });

  it('a step the team refuses is kept with why and holds nothing up; a pool closed with its workspace keeps steps queued', async () => {
    await freshTeam();
    const closed = ada.pool();
    await closed.end();
    const a = laptop(() => closed);
    // A network the team schema does not take (lowercase letters only).
    const odd = a.ledger.begin({ operation: 'report', network: 'Insta-gram', accountKey: 'odd', balance: 'credits', expectedCost: 1 });
    a.ledger.settle(odd, 1, 9);
    const fine = a.ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'fine', balance: 'credits', expectedCost: 1 });
    a.ledger.settle(fine, 1, 8);
    await expect(a.team.flush()).rejects.toThrow(/after calling end/);
    expect(a.team.pending()).toBe(4);

    const pool = ada.pool();
    const again = laptop(() => pool, a.file);
    await again.team.flush();
    expect(again.team.pending()).toBe(0);
    expect((await teamRows()).map((r) => `${r.account_key}:${r.state}`)).toEqual(['fine:open', 'fine:settled']);
    const refused = again.db.prepare('SELECT state, refused FROM team_ledger_outbox WHERE refused IS NOT NULL ORDER BY seq').all() as { state: string; refused: string }[];
    expect(refused.map((r) => r.state)).toEqual(['open', 'settled']);
    expect(refused[0]!.refused).toMatch(/ledger_network_check/);
    // Never retried.
    await again.team.flush();
    expect((await teamRows()).length).toBe(2);
  });

  it('a push whose answer was lost is pushed again and lands once', async () => {
    await freshTeam();
    const real = ada.pool();
    let lose = 1;
    // The server takes the INSERT, then the answer is lost on the way back (a dropped connection).
    const losing = Object.assign(Object.create(real) as pg.Pool, {
      query: async (...args: Parameters<pg.Pool['query']>) => {
        const result = await (real.query as (...a: unknown[]) => Promise<unknown>)(...args);
        if (lose-- > 0) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        return result;
      },
    });
    const a = laptop(() => losing);
    const id = a.ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'lost', balance: 'credits', expectedCost: 1, balanceBefore: 5 });
    a.ledger.settle(id, 1, 4);
    await expect(a.team.flush()).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
    // It reached the team ledger, but this laptop cannot know: still queued.
    expect((await teamRows()).map((r) => r.state)).toEqual(['open']);
    expect(a.team.pending()).toBe(2);
    await a.team.flush();
    expect(a.team.pending()).toBe(0);
    const rows = await teamRows();
    expect(rows.map((r) => r.state)).toEqual(['open', 'settled']);
    expect(new Set(rows.map((r) => r.entry_id)).size).toBe(1);
    expect(a.db.prepare('SELECT state, attempts FROM team_ledger_outbox ORDER BY seq').all()).toEqual([
      { state: 'open', attempts: 2 },
      { state: 'settled', attempts: 1 },
    ]);
  });

  it('while the team database cannot be reached, spends queue; pushed in order at the next start', async () => {
    await freshTeam();
    const file = tempFile();
    const down = unreachablePool();
    const first = laptop(() => down, file, { firstMs: 20, mostMs: 50 });
    first.team.start();
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      const id = first.ledger.begin({ operation: 'report', network: 'instagram', accountKey: name, balance: 'credits', expectedCost: 1, balanceBefore: 10 });
      first.ledger.settle(id, 1, 9);
      ids.push(id);
    }
    await expect(first.team.flush()).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
    expect(first.team.pending()).toBe(6);
    // The pusher keeps trying (with backoff) while the database is away.
    await waitUntil('a retry', () => (first.db.prepare('SELECT attempts FROM team_ledger_outbox ORDER BY seq LIMIT 1').get() as { attempts: number }).attempts >= 3);
    expect(await teamRows()).toEqual([]);
    await first.team.stop();
    first.db.close();
    dbs.splice(dbs.indexOf(first.db), 1);
    await down.end();

    // Scout starts again with the team reachable: the queue goes out by itself, in order.
    const pool = ada.pool();
    const again = laptop(() => pool, file);
    again.team.start();
    await waitUntil('the queue pushed', () => again.team.pending() === 0);
    const rows = await teamRows();
    expect(rows.map((r) => `${r.account_key}:${r.state}`)).toEqual(['one:open', 'one:settled', 'two:open', 'two:settled', 'three:open', 'three:settled']);
    expect(rows.every((r) => r.researcher === ada.role)).toBe(true);
  });

  it('the pusher retries with backoff and pushes once the database is back, without being asked', async () => {
    await freshTeam();
    const down = unreachablePool();
    const up = ada.pool();
    let reachable = false;
    const a = laptop(() => (reachable ? up : down), tempFile(), { firstMs: 20, mostMs: 40 });
    a.team.start();
    const id = a.ledger.begin({ operation: 'pdf', network: 'instagram', accountKey: 'later', balance: 'credits', expectedCost: 1, balanceBefore: 3 });
    a.ledger.settle(id, 1, 2);
    await waitUntil('a failed push', () => (a.db.prepare('SELECT attempts FROM team_ledger_outbox ORDER BY seq LIMIT 1').get() as { attempts: number }).attempts >= 1);
    expect(a.team.pending()).toBe(2);
    reachable = true;
    await waitUntil('the queue pushed', () => a.team.pending() === 0);
    expect((await teamRows()).map((r) => r.state)).toEqual(['open', 'settled']);
    await down.end();
  });

  it('a laptop killed (SIGKILL) between its ledger write and the push: pushed at the next start', async () => {
    await freshTeam();
    const file = tempFile();
    openDatabase(file).close(); // migrated before the child opens it
    const script = bundleFixture('test/fixtures/teamLedgerWriter.ts');
    const child = runNode(script, [file]);
    await child.waitFor(/^written 3$/);
    child.process.kill('SIGKILL');
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });

    const pool = bob.pool();
    const again = laptop(() => pool, file);
    // Every ledger step the child wrote is queued: none lost, none without its ledger row.
    expect(again.ledger.entries().map((e) => e.status)).toEqual(['settled', 'settled', 'pending']);
    expect(again.team.pending()).toBe(5);
    again.team.start();
    await waitUntil('the queue pushed', () => again.team.pending() === 0);
    const rows = await teamRows();
    expect(rows.map((r) => `${r.account_key}:${r.state}`)).toEqual(['killed1:open', 'killed1:settled', 'killed2:open', 'killed2:settled', 'killed3:open']);
    expect(rows.every((r) => r.researcher === bob.role)).toBe(true);

    // The call that was out is resolved from the balances at start-up, straight from pending: the
    // team's entry goes open → unknown → resolved, as its states require.
    const out = again.ledger.open()[0]!;
    again.ledger.resolve(out.id, 1, 96, 'planInfo: credits 97 → 96');
    await waitUntil('the resolution pushed', () => again.team.pending() === 0);
    expect((await teamRows()).filter((r) => r.account_key === 'killed3').map((r) => [r.state, r.cost])).toEqual([
      ['open', null],
      ['unknown', null],
      ['resolved', 1],
    ]);
  }, 30_000);

  it("the team's totals per researcher and month: known costs, and what is not known yet as such", async () => {
    await freshTeam();
    await team.admin.query(`SET ROLE scout_owner; UPDATE scout_team.researchers SET monthly_limits = '{"credits": 200}' WHERE role_name = '${ada.role}'; RESET ROLE;`);
    const adaPool = ada.pool();
    const bobPool = bob.pool();
    const a = laptop(() => adaPool);
    const b = laptop(() => bobPool);
    const now = Date.now();
    const thisMonth = month(now);
    const startOfMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const lastMonthDay = startOfMonth - 10 * DAY;
    // This month's spends a few seconds apart, never before the month began.
    const recent = Math.max(startOfMonth, now - 60_000) + 10_000;
    const lastMonth = month(lastMonthDay);
    const spend = (l: Laptop, at: number, balance: 'credits' | 'discoveryRequests', cost: number, end: 'settle' | 'fail' | 'unknown' | 'open' = 'settle') => {
      l.clock.now = at;
      const id = l.ledger.begin({ operation: 'report', network: 'instagram', accountKey: `acct${at}${cost}${end}`, balance, expectedCost: cost, balanceBefore: 500 });
      if (end === 'settle') l.ledger.settle(id, cost, 500 - cost);
      if (end === 'fail') l.ledger.fail(id, 'refused');
      if (end === 'unknown') l.ledger.markUnknown(id, 'timed out');
    };
    spend(a, recent - 1_000, 'credits', 1);
    spend(a, recent - 2_000, 'credits', 2);
    spend(a, recent - 3_000, 'credits', 1, 'unknown');
    spend(a, recent - 4_000, 'credits', 1, 'fail');
    spend(a, recent - 5_000, 'discoveryRequests', 3);
    spend(b, recent - 1_000, 'credits', 1, 'open');
    // Spends that reached the team last month (set as the admin, past the triggers that stamp
    // the server's time): last month's, by the server's clock and by the laptop's.
    const reachedLastMonth = async (role: string, cost: number) => {
      const entry = crypto.randomUUID();
      const client = await team.admin.connect();
      try {
        await client.query('SET session_replication_role = replica');
        for (const state of ['open', 'settled']) {
          await client.query(
            `INSERT INTO scout_team.ledger (entry_id, state, researcher, recorded_at, spent_at, operation, network, account_key, balance, expected_cost, cost, balance_before, balance_after)
             VALUES ($1, $2, $3, $4, $5, 'report', 'instagram', $6, 'credits', $7, $8, 500, $9)`,
            [entry, state, role, new Date(lastMonthDay), state === 'open' ? new Date(lastMonthDay) : null, `old${entry}`, cost, state === 'open' ? null : cost, state === 'open' ? null : 500 - cost],
          );
        }
      } finally {
        await client.query('RESET session_replication_role');
        client.release();
      }
    };
    await reachedLastMonth(ada.role, 5);
    await reachedLastMonth(bob.role, 4);
    await Promise.all([a.team.flush(), b.team.flush()]);

    const spending = await a.team.spending();
    expect(spending).toEqual({
      team: true,
      queued: 0,
      rows: [
        { researcher: 'Ada Lovelace', you: true, month: thisMonth, balance: 'credits', spent: 3, expected: 1, openCalls: 1, calls: 3, limit: 200 },
        { researcher: 'Ada Lovelace', you: true, month: thisMonth, balance: 'discoveryRequests', spent: 3, expected: 0, openCalls: 0, calls: 1, limit: null },
        { researcher: 'Bob Marley', you: false, month: thisMonth, balance: 'credits', spent: 0, expected: 1, openCalls: 1, calls: 1, limit: null },
        { researcher: 'Ada Lovelace', you: true, month: lastMonth, balance: 'credits', spent: 5, expected: 0, openCalls: 0, calls: 1, limit: 200 },
        { researcher: 'Bob Marley', you: false, month: lastMonth, balance: 'credits', spent: 4, expected: 0, openCalls: 0, calls: 1, limit: null },
      ],
    });
    // Bob sees the same team, as himself.
    expect((await b.team.spending()).rows.filter((r) => r.you).map((r) => r.researcher)).toEqual(['Bob Marley', 'Bob Marley']);
    // This month's allowance: known costs plus what is not known yet; last month and failures do not count.
    expect(await a.team.allowance('credits')).toEqual({ limit: 200, spent: 4 });
    expect(await b.team.allowance('credits')).toEqual({ limit: null, spent: 1 });
    expect(await a.team.allowance('advancedReports')).toEqual({ limit: null, spent: 0 });

    // A laptop whose clock says last month (or that held the spend offline since): the team
    // dates it a week back at most, and its monthly limit counts it, since it reached the team
    // this month.
    spend(a, lastMonthDay, 'credits', 7);
    await a.team.flush();
    expect(await a.team.allowance('credits')).toEqual({ limit: 200, spent: 11 });
  });

  it("a queued spend counts toward the month's allowance: pushed before the limit is read", async () => {
    await freshTeam();
    const pool = ada.pool();
    const a = laptop(() => pool);
    const id = a.ledger.begin({ operation: 'report', network: 'instagram', accountKey: 'queued', balance: 'credits', expectedCost: 1, balanceBefore: 5 });
    a.ledger.settle(id, 1, 4);
    expect(a.team.pending()).toBe(2);
    expect(await a.team.allowance('credits')).toEqual({ limit: null, spent: 1 });
    expect(a.team.pending()).toBe(0);
  });
});
