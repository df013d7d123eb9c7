// Least privilege, enforced by the database: what a researcher's own role can and cannot do to
// the team's data, tried with raw SQL over the researcher's real login (not through Scout, which
// would never try), so the rules hold whatever a laptop runs.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { TeamClaims } from './claims';
import { RECORDS_CHANNEL } from './names';
import { pushRecord, teamItem } from './records';
import { describeTeam, refused, waitUntil, type Researcher } from '../../../test/teamHarness';

const PERMISSION_DENIED = '42501';
const CHECK_VIOLATION = '23514';


describeTeam('team database privileges', { researchers: ['Ada Lovelace', 'Bob'] }, (t) => {
  let ada: Researcher;
  let bob: Researcher;
  let adaSql: pg.Client;
  let bobSql: pg.Client;

  beforeAll(async () => {
    ada = t.researchers['Ada Lovelace'];
    bob = t.researchers['Bob'];
    adaSql = await ada.client();
    bobSql = await bob.client();
  });

  /** As the schema's owner, in a transaction of its own (a pooled connection keeps no role). */
  const asOwner = async (sql: string) => {
    const client = await t.team.admin.connect();
    try {
      await client.query('BEGIN; SET LOCAL ROLE scout_owner');
      await client.query(sql);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };

  const openEntry = (client: pg.Client, entry = randomUUID()) =>
    client
      .query(
        `INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost, balance_before)
         VALUES ($1, 'open', 'report', 'instagram', 'natgeo', 'credits', 1, 100)`,
        [entry],
      )
      .then(() => entry);

  it('keeps records immutable: nobody changes or deletes one, not even its own researcher', async () => {
    const { seq } = await pushRecord(adaSql, { item: teamItem('report', { network: 'instagram', subject: 'natgeo' }), fetchedAt: new Date(), body: { json: { followers: 1 } } });
    await refused(bobSql.query(`UPDATE scout_team.records SET body_json = '{"followers": 2}' WHERE seq = $1`, [seq]), PERMISSION_DENIED);
    await refused(bobSql.query('DELETE FROM scout_team.records WHERE seq = $1', [seq]), PERMISSION_DENIED);
    await refused(adaSql.query('DELETE FROM scout_team.records WHERE seq = $1', [seq]), PERMISSION_DENIED);
    await refused(bobSql.query('TRUNCATE scout_team.records'), PERMISSION_DENIED);
    // The owner's grants allow it, the trigger does not: history is not rewritten by accident either.
    await refused(asOwner(`DELETE FROM scout_team.records WHERE seq = ${seq}`), PERMISSION_DENIED, /append-only/);
    const { rows } = await adaSql.query('SELECT body_json, researcher FROM scout_team.records WHERE seq = $1', [seq]);
    expect(rows).toEqual([{ body_json: { followers: 1 }, researcher: ada.role }]);
  });

  it('says who pushed a record and when by the connection, never by what the laptop claims', async () => {
    await refused(bobSql.query(`INSERT INTO scout_team.records (kind, item_key, researcher, fetched_at, body_json) VALUES ('report', 'x', $1, now(), '{}')`, [ada.role]), PERMISSION_DENIED);
    await refused(bobSql.query(`INSERT INTO scout_team.records (seq, kind, item_key, fetched_at, body_json) VALUES (1, 'report', 'x', now(), '{}')`), PERMISSION_DENIED);
    // Bought "tomorrow" (a laptop's clock a day fast): taken as bought now, by the server's clock,
    // so nobody pushes a record that stays fresh for longer, and a fast laptop still shares.
    const tomorrow = await bobSql.query<{ fresh: boolean }>(
      `INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ('report', 'x', now() + interval '1 day', '{}') RETURNING fetched_at = created_at AS fresh`,
    );
    expect(tomorrow.rows).toEqual([{ fresh: true }]);
    const { seq } = await pushRecord(bobSql, { item: teamItem('pdf', { network: 'instagram', subject: 'natgeo' }), fetchedAt: new Date(), body: { bytes: new Uint8Array([37, 80, 68, 70]) } });
    const { rows } = await bobSql.query<{ researcher: string; recent: boolean }>(`SELECT researcher, created_at > now() - interval '1 minute' AS recent FROM scout_team.records WHERE seq = $1`, [seq]);
    expect(rows).toEqual([{ researcher: bob.role, recent: true }]);
  });

  it('lets a researcher LISTEN for new records: one announcement per record stored, none for a push repeated, at commit', async () => {
    const listener = await bob.client();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(`${m.channel}:${m.payload}`));
    await listener.query(`LISTEN ${RECORDS_CHANNEL}`);
    const item = teamItem('report', { network: 'instagram', subject: 'announcedrecord' });
    const at = new Date();
    await adaSql.query('BEGIN');
    const first = await pushRecord(adaSql, { item, fetchedAt: at, body: { json: { n: 1 } } });
    // Not before commit: a teammate told of it finds it.
    const { rows } = await listener.query<{ n: number }>('SELECT count(*)::int AS n FROM scout_team.records WHERE seq = $1', [first.seq]);
    expect(rows[0]!.n).toBe(0);
    expect(heard).toEqual([]);
    await adaSql.query('COMMIT');
    expect(await pushRecord(adaSql, { item, fetchedAt: at, body: { json: { n: 1 } } })).toEqual({ seq: first.seq, created: false });
    const second = await pushRecord(adaSql, { item, fetchedAt: at, body: { json: { n: 2 } } });
    await waitUntil('two announcements', () => heard.length >= 2);
    expect(heard).toEqual([`${RECORDS_CHANNEL}:${first.seq}`, `${RECORDS_CHANNEL}:${second.seq}`]);
  });

  it('keeps the ledger append-only: no row changed or deleted, by anyone', async () => {
    const entry = await openEntry(adaSql);
    await refused(adaSql.query(`UPDATE scout_team.ledger SET cost = 0 WHERE entry_id = $1`, [entry]), PERMISSION_DENIED);
    await refused(adaSql.query(`DELETE FROM scout_team.ledger WHERE entry_id = $1`, [entry]), PERMISSION_DENIED);
    await refused(bobSql.query(`DELETE FROM scout_team.ledger WHERE entry_id = $1`, [entry]), PERMISSION_DENIED);
    await refused(bobSql.query('TRUNCATE scout_team.ledger'), PERMISSION_DENIED);
    await refused(asOwner('UPDATE scout_team.ledger SET cost = 0'), PERMISSION_DENIED, /append-only/);
  });

  it('settles a ledger entry by appending a row, which only its own researcher may do, in order', async () => {
    const entry = await openEntry(adaSql);
    const settle = (client: pg.Client, state: string, cost: number) =>
      client.query(
        `INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost, balance_after)
         VALUES ($1, $2, 'pdf', 'credits', 0, $3, 99) ON CONFLICT (entry_id, state) DO NOTHING`,
        [entry, state, cost],
      );
    await refused(settle(bobSql, 'settled', 0), PERMISSION_DENIED, new RegExp(`only ${ada.role} may settle`));
    await settle(adaSql, 'settled', 1);
    // Pushed again by an outbox whose answer was lost: nothing new.
    await settle(adaSql, 'settled', 1);
    // Settled is final.
    await refused(settle(adaSql, 'resolved', 0), CHECK_VIOLATION, /settled cannot become resolved/);
    await refused(settle(adaSql, 'failed', 0), CHECK_VIOLATION, /settled cannot become failed/);
    const { rows } = await bobSql.query('SELECT researcher, operation, network, account_key, expected_cost, cost, balance_before, balance_after, state FROM scout_team.ledger_entries WHERE entry_id = $1', [entry]);
    // What the entry was for is fixed when it opened: the settle row's 'pdf' and 0 are not taken.
    expect(rows).toEqual([{ researcher: ada.role, operation: 'report', network: 'instagram', account_key: 'natgeo', expected_cost: 1, cost: 1, balance_before: 100, balance_after: 99, state: 'settled' }]);
    const steps = await bobSql.query('SELECT state FROM scout_team.ledger WHERE entry_id = $1 ORDER BY seq', [entry]);
    expect(steps.rows.map((r) => r.state)).toEqual(['open', 'settled']);
    // An entry starts open, without a cost yet; and cannot be opened under someone else's name.
    await refused(adaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, 'open', 'report', 'credits', 1, 0)`, [randomUUID()]), CHECK_VIOLATION);
    await refused(adaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost) VALUES ($1, 'settled', 'report', 'credits', 1)`, [randomUUID()]), CHECK_VIOLATION, /starts open/);
    await refused(adaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, researcher, operation, balance, expected_cost) VALUES ($1, 'open', $2, 'report', 'credits', 1)`, [randomUUID(), bob.role]), PERMISSION_DENIED);
  });

  it('lets a lost answer be resolved later: open → unknown → resolved', async () => {
    const entry = await openEntry(bobSql);
    for (const state of ['unknown', 'resolved']) {
      await bobSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, $2, 'report', 'credits', 1, 1)`, [entry, state]);
    }
    const { rows } = await adaSql.query('SELECT state, cost FROM scout_team.ledger_entries WHERE entry_id = $1', [entry]);
    expect(rows).toEqual([{ state: 'resolved', cost: 1 }]);
  });

  it('lets nobody change or give up a teammate\'s live claim', async () => {
    const item = teamItem('report', { network: 'tiktok', subject: 'nasa' });
    const outcome = await new TeamClaims(ada.pool(), { leaseMs: 60_000 }).claim(item, 365);
    expect(outcome.kind).toBe('won');
    const before = await adaSql.query('SELECT holder, token, lease_expires_at FROM scout_team.claims WHERE kind = $1 AND item_key = $2', [item.kind, item.key]);
    const stolen = await bobSql.query(`UPDATE scout_team.claims SET token = gen_random_uuid(), lease_expires_at = now() + interval '1 minute' WHERE kind = $1 AND item_key = $2`, [item.kind, item.key]);
    // A claim is given up through release_claim only (a DELETE privilege would let anyone lock the table).
    await refused(bobSql.query('DELETE FROM scout_team.claims WHERE kind = $1 AND item_key = $2', [item.kind, item.key]), PERMISSION_DENIED);
    const dropped = await bobSql.query<{ gone: boolean }>('SELECT scout_team.release_claim(kind, item_key, token) AS gone FROM scout_team.claims WHERE kind = $1 AND item_key = $2', [item.kind, item.key]);
    expect([stolen.rowCount, dropped.rows[0]!.gone]).toEqual([0, false]);
    await refused(bobSql.query(`UPDATE scout_team.claims SET holder = $3 WHERE kind = $1 AND item_key = $2`, [item.kind, item.key, bob.role]), PERMISSION_DENIED);
    await refused(bobSql.query(`INSERT INTO scout_team.claims (kind, item_key, holder, token, lease_expires_at) VALUES ('report', 'y', $1, gen_random_uuid(), now() + interval '1 minute')`, [ada.role]), PERMISSION_DENIED);
    // A lease longer than the schema allows is refused: nobody blocks an item for a day.
    await refused(bobSql.query(`INSERT INTO scout_team.claims (kind, item_key, token, lease_expires_at) VALUES ('report', 'z', gen_random_uuid(), now() + interval '1 day')`), CHECK_VIOLATION);
    const after = await adaSql.query('SELECT holder, token, lease_expires_at FROM scout_team.claims WHERE kind = $1 AND item_key = $2', [item.kind, item.key]);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows[0].holder).toBe(ada.role);
  });

  it('keeps shared work append-only: a researcher appends an edit under their own name, nobody rewrites one', async () => {
    const change = randomUUID();
    const insert = (client: pg.Client, id: string, extra = '', extraValues: unknown[] = []) =>
      client.query(
        `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version${extra ? `, ${extra}` : ''})
         VALUES ($1, gen_random_uuid(), 'comparison', gen_random_uuid(), 'name', '"Q3 beauty"', 0${extraValues.map((_, i) => `, $${i + 2}`).join('')})
         ON CONFLICT (change_id) DO NOTHING RETURNING seq`,
        [id, ...extraValues],
      );
    const first = await insert(adaSql, change);
    const seq = first.rows[0].seq as string;
    // Pushed again (an answer lost): nothing new.
    expect((await insert(adaSql, change)).rowCount).toBe(0);
    await refused(bobSql.query(`UPDATE scout_team.shared_changes SET value = '"mine"' WHERE seq = $1`, [seq]), PERMISSION_DENIED);
    await refused(adaSql.query(`UPDATE scout_team.shared_changes SET value = '"mine"' WHERE seq = $1`, [seq]), PERMISSION_DENIED);
    await refused(bobSql.query('DELETE FROM scout_team.shared_changes WHERE seq = $1', [seq]), PERMISSION_DENIED);
    await refused(adaSql.query('DELETE FROM scout_team.shared_changes WHERE seq = $1', [seq]), PERMISSION_DENIED);
    await refused(bobSql.query('TRUNCATE scout_team.shared_changes'), PERMISSION_DENIED);
    await refused(asOwner(`DELETE FROM scout_team.shared_changes WHERE seq = ${seq}`), PERMISSION_DENIED, /append-only/);
    // Nobody writes under a teammate's name, picks their own place in the order or their time.
    await refused(insert(bobSql, randomUUID(), 'author', [ada.role]), PERMISSION_DENIED);
    await refused(insert(bobSql, randomUUID(), 'seq', [1]), PERMISSION_DENIED);
    await refused(insert(bobSql, randomUUID(), 'changed_at', [new Date(0)]), PERMISSION_DENIED);
    // An edit cannot claim to have seen a version that does not exist yet, nor be oversized.
    await refused(bobSql.query(`INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'comparison', gen_random_uuid(), 'name', '"x"', 1000000)`), CHECK_VIOLATION);
    await refused(bobSql.query(`INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'comparison', gen_random_uuid(), 'name', to_jsonb(repeat('x', 400000)), 0)`), CHECK_VIOLATION);
    const { rows } = await bobSql.query('SELECT author, value, changed_at > now() - interval \'1 minute\' AS recent FROM scout_team.shared_changes WHERE seq = $1', [seq]);
    expect(rows).toEqual([{ author: ada.role, value: 'Q3 beauty', recent: true }]);
  });

  it('lets a researcher settle only their own watchlist renewal, once; runs are kept as written, in the server’s name and time', async () => {
    const doc = randomUUID();
    const reserve = (client: pg.Client) =>
      client.query<{ id: string }>(`INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES (gen_random_uuid(), $1, 'instagram', 'natgeo', 1, 'reserved') RETURNING id::text`, [doc]).then((r) => r.rows[0]!.id);
    const adas = await reserve(adaSql);
    // Bob cannot settle (or release) Ada's reservation: row-level security hides it from his update.
    const bobs = await bobSql.query(`UPDATE scout_team.watchlist_renewals SET state = 'released', credits = 0 WHERE id = $1`, [adas]);
    expect(bobs.rowCount).toBe(0);
    await refused(bobSql.query('DELETE FROM scout_team.watchlist_renewals WHERE id = $1', [adas]), PERMISSION_DENIED);
    // Nobody writes another's name, another time, or a row already settled.
    await refused(bobSql.query(`INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state, researcher) VALUES (gen_random_uuid(), $1, 'instagram', 'x', 1, 'reserved', $2)`, [doc, ada.role]), PERMISSION_DENIED);
    await refused(bobSql.query(`INSERT INTO scout_team.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES (gen_random_uuid(), $1, 'instagram', 'x', 1, 'spent')`, [doc]), PERMISSION_DENIED);
    await adaSql.query(`UPDATE scout_team.watchlist_renewals SET state = 'spent' WHERE id = $1`, [adas]);
    await refused(adaSql.query(`UPDATE scout_team.watchlist_renewals SET state = 'released', credits = 0 WHERE id = $1`, [adas]), CHECK_VIOLATION);
    await refused(adaSql.query(`UPDATE scout_team.watchlist_renewals SET at = now() - interval '40 days' WHERE id = $1`, [adas]), PERMISSION_DENIED);
    await refused(adaSql.query('TRUNCATE scout_team.watchlist_renewals'), PERMISSION_DENIED);
    // Runs: appended in the server's name and time; finished once, by their researcher, at the server's time.
    const run = (await bobSql.query<{ id: string }>('INSERT INTO scout_team.watchlist_runs (doc_id, origin) VALUES ($1, gen_random_uuid()) RETURNING id::text', [doc])).rows[0]!.id;
    await refused(bobSql.query(`INSERT INTO scout_team.watchlist_runs (doc_id, origin, started_at) VALUES ($1, gen_random_uuid(), now() - interval '1 day')`, [doc]), PERMISSION_DENIED);
    await refused(bobSql.query('UPDATE scout_team.watchlist_runs SET doc_id = gen_random_uuid()'), PERMISSION_DENIED);
    expect((await adaSql.query(`UPDATE scout_team.watchlist_runs SET finished_at = now() WHERE id = $1`, [run])).rowCount).toBe(0);
    await bobSql.query(`UPDATE scout_team.watchlist_runs SET finished_at = now() - interval '1 day' WHERE id = $1`, [run]);
    await refused(bobSql.query(`UPDATE scout_team.watchlist_runs SET finished_at = now() WHERE id = $1`, [run]), CHECK_VIOLATION);
    await refused(bobSql.query('DELETE FROM scout_team.watchlist_runs'), PERMISSION_DENIED);
    await refused(bobSql.query('TRUNCATE scout_team.watchlist_runs'), PERMISSION_DENIED);
    const { rows } = await adaSql.query('SELECT researcher, started_at > now() - interval \'1 minute\' AS recent, finished_at > now() - interval \'1 minute\' AS finished_now FROM scout_team.watchlist_runs WHERE doc_id = $1', [doc]);
    // Finished "a day ago" reads as the server's now.
    expect(rows).toEqual([{ researcher: bob.role, recent: true, finished_now: true }]);
  });

  it('keeps the schema and the team list the admin\'s', async () => {
    await refused(bobSql.query(`INSERT INTO scout_team.researchers (role_name, display_name) VALUES ('mallory', 'Mallory')`), PERMISSION_DENIED);
    await refused(bobSql.query(`UPDATE scout_team.researchers SET monthly_limits = '{}'`), PERMISSION_DENIED);
    await refused(bobSql.query('SET ROLE scout_owner'), PERMISSION_DENIED);
    await refused(bobSql.query('CREATE TABLE scout_team.mine (id int)'), PERMISSION_DENIED);
    await refused(bobSql.query('ALTER TABLE scout_team.ledger DISABLE TRIGGER ledger_immutable'), PERMISSION_DENIED);
    await refused(bobSql.query('DROP TABLE scout_team.records'), PERMISSION_DENIED);
    await refused(bobSql.query(`DELETE FROM scout_team.schema_migrations`), PERMISSION_DENIED);
    const { rows } = await bobSql.query('SELECT role_name, display_name FROM scout_team.researchers ORDER BY display_name');
    expect(rows).toEqual([
      { role_name: ada.role, display_name: 'Ada Lovelace' },
      { role_name: bob.role, display_name: 'Bob' },
    ]);
  });

  it('accepts only whole, non-negative monthly limits on known balances', async () => {
    const add = (limits: string) => asOwner(`INSERT INTO scout_team.researchers (role_name, display_name, monthly_limits) VALUES ('lim_${randomUUID().slice(0, 8)}', 'L', '${limits}')`);
    for (const bad of ['{"credits": -1}', '{"gold": 3}', '{"credits": 1.5}', '{"credits": "5"}', '[1]']) await refused(add(bad), CHECK_VIOLATION);
    await add('{"credits": 200, "discoveryRequests": 0}');
  });
});
