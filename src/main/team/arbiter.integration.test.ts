// The team database is the arbiter (issue 37): what a teammate with a valid researcher login and
// psql, or a laptop whose clock is wrong, can no longer do to the team's money, tried with plain
// SQL over the researcher's real login, as psql would, against a real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { TeamClaims } from './claims';
import { LOCK_SPACE, LOCKS } from './names';
import { pushRecord, teamItem } from './records';
import { MAX_HOLD_MS } from './schema/0060-arbiter';
import { teamAllowance } from './teamLedger';
import { describeTeam, refused, type Researcher } from '../../../test/teamHarness';

const PERMISSION_DENIED = '42501';
const CHECK_VIOLATION = '23514';
const DAY = 86_400_000;


describeTeam('the team database is the arbiter', { researchers: ['Mal Ice', 'Anna Berg'] }, (t) => {
  let mal: Researcher;
  let ann: Researcher;
  let malSql: pg.Client;
  let annSql: pg.Client;

  beforeAll(async () => {
    mal = t.researchers['Mal Ice'];
    ann = t.researchers['Anna Berg'];
    malSql = await mal.client();
    annSql = await ann.client();
  });

  /** The hold of an item's claim began `agoMs` ago (its last heartbeat `beatAgoMs`): set as the admin, past the triggers. */
  const backdateHold = async (item: { kind: string; key: string }, agoMs: number, beatAgoMs = 0) => {
    const admin = await t.team.admin.connect();
    try {
      await admin.query('SET session_replication_role = replica');
      await admin.query(
        `UPDATE scout_team.claims SET claimed_at = now() - $3::float8 * interval '1 millisecond', heartbeat_at = now() - $4::float8 * interval '1 millisecond'
          WHERE kind = $1 AND item_key = $2`,
        [item.kind, item.key, agoMs, beatAgoMs],
      );
    } finally {
      await admin.query('RESET session_replication_role');
      admin.release();
    }
  };

  const open = (client: pg.Client, entry: string, fields: { expected: number; account?: string; spentAt?: Date | null; operation?: string }) =>
    client.query(
      `INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost, spent_at)
       VALUES ($1, 'open', $2, 'instagram', $3, 'credits', $4, $5)`,
      [entry, fields.operation ?? 'report', fields.account ?? 'natgeo', fields.expected, fields.spentAt ?? null],
    );
  const settle = (client: pg.Client, entry: string, cost: number) =>
    client.query(
      `INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, 'settled', 'report', 'credits', 0, $2)`,
      [entry, cost],
    );

  it('takes a fast laptop at the server\'s time: its record and its spend are shared and count against its limit', async () => {
    await t.team.admin.query(`UPDATE scout_team.researchers SET monthly_limits = '{"credits": 1}' WHERE role_name = $1`, [ann.role]);
    const tenMinutesAhead = new Date(Date.now() + 10 * 60_000);
    const { seq } = await pushRecord(annSql, { item: teamItem('discovery', { network: null, subject: 'page-one' }), fetchedAt: tenMinutesAhead, body: { json: { page: 1 } } });
    const record = await annSql.query<{ ok: boolean }>('SELECT fetched_at = created_at AS ok FROM scout_team.records WHERE seq = $1', [seq]);
    expect(record.rows).toEqual([{ ok: true }]);

    const entry = randomUUID();
    await open(annSql, entry, { expected: 1, spentAt: tenMinutesAhead });
    await settle(annSql, entry, 1);
    const spend = await annSql.query<{ ok: boolean }>(`SELECT spent_at <= now() AS ok FROM scout_team.ledger_entries WHERE entry_id = $1`, [entry]);
    expect(spend.rows).toEqual([{ ok: true }]);
    // The monthly limit of 1 is reached: nothing more gets through.
    expect(await teamAllowance(ann.pool(), 'credits')).toEqual({ limit: 1, spent: 1 });
  });

  it('dates a backdated spend a week back at most, and counts it in the month it reached the team all the same', async () => {
    await t.team.admin.query(`UPDATE scout_team.researchers SET monthly_limits = '{"credits": 5}' WHERE role_name = $1`, [mal.role]);
    const before = await teamAllowance(mal.pool(), 'credits');
    const entry = randomUUID();
    await open(malSql, entry, { expected: 3, account: 'backdated', spentAt: new Date(Date.now() - 150 * DAY) });
    await settle(malSql, entry, 3);
    const { rows } = await malSql.query<{ days: number }>(`SELECT (extract(epoch FROM now() - spent_at) / 86400)::float8 AS days FROM scout_team.ledger_entries WHERE entry_id = $1`, [entry]);
    expect(rows[0]!.days).toBeLessThanOrEqual(7.01);
    expect(rows[0]!.days).toBeGreaterThan(6.9);
    expect(await teamAllowance(mal.pool(), 'credits')).toEqual({ limit: 5, spent: before.spent + 3 });
  });

  it('refuses invented refunds: one credit back of a report paid for on that account, never more than was spent', async () => {
    const forged = randomUUID();
    await open(malSql, forged, { expected: 0, account: 'nothingbought' });
    await refused(settle(malSql, forged, -1000), CHECK_VIOLATION);
    await refused(settle(malSql, forged, -1), CHECK_VIOLATION, /nothing spent on that account is left to refund/);
    // Paid 1 for a report on the account: one refund of 1, and no second one.
    const paid = randomUUID();
    await open(malSql, paid, { expected: 1, account: 'refundable' });
    await settle(malSql, paid, 1);
    const first = randomUUID();
    await open(malSql, first, { expected: 0, account: 'refundable' });
    await settle(malSql, first, -1);
    const second = randomUUID();
    await open(malSql, second, { expected: 0, account: 'refundable' });
    await refused(settle(malSql, second, -1), CHECK_VIOLATION, /left to refund/);
    // A teammate's spend on the account is not Mal's to refund.
    const annPaid = randomUUID();
    await open(annSql, annPaid, { expected: 1, account: 'annsonly' });
    await settle(annSql, annPaid, 1);
    const notHis = randomUUID();
    await open(malSql, notHis, { expected: 0, account: 'annsonly' });
    await refused(settle(malSql, notHis, -1), CHECK_VIOLATION);
    // Nor against an entry still open at any expected cost (it may yet fail).
    const pending = randomUUID();
    await open(malSql, pending, { expected: 1000, account: 'stillopen' });
    const againstOpen = randomUUID();
    await open(malSql, againstOpen, { expected: 0, account: 'stillopen' });
    await refused(settle(malSql, againstOpen, -1), CHECK_VIOLATION, /left to refund/);
    // Two refunds of the one credit sent at once: one passes, the other finds nothing left.
    const paidOnce = randomUUID();
    await open(malSql, paidOnce, { expected: 1, account: 'racedrefund' });
    await settle(malSql, paidOnce, 1);
    const [r1, r2] = [randomUUID(), randomUUID()];
    await open(malSql, r1, { expected: 0, account: 'racedrefund' });
    await open(malSql, r2, { expected: 0, account: 'racedrefund' });
    const malAgain = await mal.client();
    await malSql.query('BEGIN');
    await settle(malSql, r1, -1);
    const racing = settle(malAgain, r2, -1).then(
      () => 'accepted',
      (e: { code?: string }) => e.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await malSql.query('COMMIT');
    expect(await racing).toBe(CHECK_VIOLATION);
    // Nor a refund of something that is not a report, nor an absurd cost.
    const pdf = randomUUID();
    await open(malSql, pdf, { expected: 0, account: 'refundable', operation: 'pdf' });
    await refused(settle(malSql, pdf, -1), CHECK_VIOLATION, /one credit of a report/);
    const huge = randomUUID();
    await refused(open(malSql, huge, { expected: 1_000_000 }), CHECK_VIOLATION);
  });

  it('keeps every push moving while a teammate holds the old advisory locks; the order lock is nobody\'s to take', async () => {
    await malSql.query('SELECT pg_advisory_lock($1, $2), pg_advisory_lock($1, $3)', [LOCK_SPACE, LOCKS.recordsSequence, LOCKS.sharedSequence]);
    try {
      const pushed = await pushRecord(annSql, { item: teamItem('report', { network: 'instagram', subject: 'notblocked' }), fetchedAt: new Date(), body: { json: { ok: true } } });
      expect(pushed.created).toBe(true);
      await annSql.query(
        `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES ($1, $2, 'comparison', $3, 'name', '"Q3"', 0)`,
        [randomUUID(), randomUUID(), randomUUID()],
      );
    } finally {
      await malSql.query('SELECT pg_advisory_unlock_all()');
    }
    await refused(malSql.query('SELECT * FROM scout_team.order_locks FOR UPDATE'), PERMISSION_DENIED);
    for (const lock of ['LOCK TABLE scout_team.order_locks IN ACCESS SHARE MODE', 'LOCK TABLE scout_team.records IN EXCLUSIVE MODE']) {
      await malSql.query('BEGIN');
      await refused(malSql.query(lock), PERMISSION_DENIED);
      await malSql.query('ROLLBACK');
    }
    await refused(malSql.query('SELECT * FROM scout_team.claim_holds'), PERMISSION_DENIED);
    // Nor any table a purchase needs, by the locks LOCK TABLE would take.
    for (const table of ['claims', 'records', 'ledger', 'shared_changes', 'watchlist_runs', 'watchlist_renewals', 'researchers']) {
      await malSql.query('BEGIN');
      try {
        await refused(malSql.query(`LOCK TABLE scout_team.${table} IN SHARE MODE`), PERMISSION_DENIED);
      } finally {
        await malSql.query('ROLLBACK');
      }
    }
  });

  it('ends a claim at its ceiling however often it is renewed, and lets a teammate take it then', async () => {
    const item = teamItem('report', { network: 'instagram', subject: 'heldforever' });
    const token = randomUUID();
    await malSql.query(`INSERT INTO scout_team.claims (kind, item_key, token, lease_expires_at) VALUES ($1, $2, $3, now() + interval '10 minutes')`, [item.kind, item.key, token]);
    // Time passes: the hold began longer ago than the ceiling.
    await backdateHold(item, MAX_HOLD_MS + 60_000, 60_000);
    // Renewing it by hand: refused, with why.
    await refused(
      malSql.query(`UPDATE scout_team.claims SET lease_expires_at = now() + interval '10 minutes' WHERE kind = $1 AND item_key = $2`, [item.kind, item.key]),
      CHECK_VIOLATION,
      /held for its longest/,
    );
    // A new token on the same claim, or giving it up and claiming again at once: the same hold.
    await refused(
      malSql.query(`UPDATE scout_team.claims SET token = gen_random_uuid(), lease_expires_at = now() + interval '10 minutes' WHERE kind = $1 AND item_key = $2`, [item.kind, item.key]),
      CHECK_VIOLATION,
    );
    await malSql.query('SELECT scout_team.release_claim(kind, item_key, token) FROM scout_team.claims WHERE kind = $1 AND item_key = $2', [item.kind, item.key]);
    await refused(
      malSql.query(`INSERT INTO scout_team.claims (kind, item_key, token, lease_expires_at) VALUES ($1, $2, gen_random_uuid(), now() + interval '10 minutes')`, [item.kind, item.key]),
      CHECK_VIOLATION,
      /held for its longest/,
    );
    // Anna's Scout wins it.
    const outcome = await new TeamClaims(ann.pool()).claim(item, 365);
    expect(outcome.kind).toBe('won');
  });

  it('caps a lease at the ceiling from when the hold began, so Scout counts on no more', async () => {
    const item = teamItem('report', { network: 'instagram', subject: 'capped' });
    const claims = new TeamClaims(mal.pool(), { leaseMs: 10 * 60_000 });
    const won = await claims.claim(item, 365);
    if (won.kind !== 'won') throw new Error(`expected to win the claim, got ${won.kind}`);
    await backdateHold(item, 15 * 60_000);
    // A heartbeat asks for ten more minutes; the hold has five left.
    expect(await claims.heartbeat(won.claim)).toBe(true);
    const { rows } = await malSql.query<{ left_s: number }>(
      `SELECT extract(epoch FROM lease_expires_at - now())::float8 AS left_s FROM scout_team.claims WHERE kind = $1 AND item_key = $2`,
      [item.kind, item.key],
    );
    expect(rows[0]!.left_s).toBeGreaterThan(4 * 60);
    expect(rows[0]!.left_s).toBeLessThanOrEqual(5 * 60 + 1);
    // And Scout's own deadline follows the server's answer.
    expect(won.claim.deadline - performance.now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);
  });

  it('reserves one renewal at a time, settled at no more than reserved', async () => {
    const doc = randomUUID();
    await refused(
      malSql.query(`INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES (gen_random_uuid(), $1, 'instagram', 'natgeo', 1000, 'reserved')`, [doc]),
      CHECK_VIOLATION,
    );
    const reservation = randomUUID();
    await malSql.query(`INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES ($1, $2, 'instagram', 'natgeo', 1, 'reserved')`, [reservation, doc]);
    await refused(malSql.query(`UPDATE scout_team.watchlist_renewals SET state = 'spent', credits = 1000 WHERE reservation = $1`, [reservation]), CHECK_VIOLATION, /no more than it reserved/);
    await malSql.query(`UPDATE scout_team.watchlist_renewals SET state = 'spent', credits = 1 WHERE reservation = $1`, [reservation]);
  });
});
