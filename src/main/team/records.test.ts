// Paid records against a real PostgreSQL: content-addressed (a push repeated is a no-op), size
// caps before sending, sequence order equal to commit order (so pulling "after N" misses
// nothing), and whatever comes back checked like an API answer.
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { describeTeam, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamHarness';
import { pushRecord, teamItem, teammateCopy, type TeamItem } from './records';
import { RECORD_LIMITS } from './schema/0010-team';

it('reads a record from the team database like an API answer: a malformed row is refused, not used', async () => {
  const hostile = { query: async () => ({ rows: [{ seq: '1; DROP', researcher: '<script>', researcher_name: 'x'.repeat(10_000), fetched_at: 'yesterday' }] }) };
  await expect(teammateCopy(hostile as unknown as pg.Pool, teamItem('report', { network: 'instagram', subject: 'a' }), 365)).rejects.toMatchObject({ code: 'TEAM_BAD_DATA' });
});

it('names an item unambiguously, whatever its subject holds', () => {
  const a = teamItem('report', { network: 'instagram', subject: 'a","b' });
  const b = teamItem('report', { network: 'instagram', subject: 'a', variant: 'b' });
  expect(a.key).not.toBe(b.key);
  expect(() => teamItem('report', { network: 'instagram', subject: 'x'.repeat(RECORD_LIMITS.keyChars) })).toThrow(/longer than/);
  expect(() => teamItem('report', { network: 'instagram', subject: '' })).toThrow(/empty/);
});

describeTeam('team records', { researchers: ['Ada'] }, (t) => {
  let team: TeamDatabase;
  let ada: Researcher;
  let adaPool: pg.Pool;

  beforeAll(() => {
    team = t.team;
    ada = t.researchers.Ada;
    adaPool = ada.pool();
  });

  const count = async (item: TeamItem) =>
    (await adaPool.query<{ n: number }>('SELECT count(*)::int AS n FROM scout_team.records WHERE kind = $1 AND item_key = $2', [item.kind, item.key])).rows[0]!.n;

  it('keeps one copy of the same content, however often it is pushed, and key order does not matter', async () => {
    const item = teamItem('report', { network: 'youtube', subject: 'mkbhd' });
    const first = await pushRecord(adaPool, { item, fetchedAt: new Date(), body: { json: { a: 1, b: [1, 2] } } });
    const again = await pushRecord(adaPool, { item, fetchedAt: new Date(), body: { json: { b: [1, 2], a: 1 } } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ seq: first.seq, created: false });
    const changed = await pushRecord(adaPool, { item, fetchedAt: new Date(), body: { json: { a: 2, b: [1, 2] } } });
    expect(changed.seq).toBeGreaterThan(first.seq);
    const pdf = teamItem('pdf', { network: 'youtube', subject: 'mkbhd' });
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const stored = await pushRecord(adaPool, { item: pdf, fetchedAt: new Date(), body: { bytes } });
    expect(await pushRecord(adaPool, { item: pdf, fetchedAt: new Date(), body: { bytes } })).toEqual({ seq: stored.seq, created: false });
    const { rows } = await adaPool.query<{ body_bytes: Buffer }>('SELECT body_bytes FROM scout_team.records WHERE seq = $1', [stored.seq]);
    expect(new Uint8Array(rows[0]!.body_bytes)).toEqual(bytes);
    expect(await count(item)).toBe(2);
  });

  it('refuses a record over the size caps before sending it', async () => {
    const item = teamItem('media', { network: 'instagram', subject: 'big' });
    const big = 'x'.repeat(RECORD_LIMITS.jsonBytes);
    await expect(pushRecord(adaPool, { item, fetchedAt: new Date(), body: { json: { big } } })).rejects.toMatchObject({ code: 'TEAM_REFUSED' });
    await expect(pushRecord(adaPool, { item, fetchedAt: new Date(), body: { bytes: new Uint8Array(RECORD_LIMITS.bytes + 1) } })).rejects.toMatchObject({ code: 'TEAM_REFUSED' });
    expect(await count(item)).toBe(0);
    // The database has the same rules for a client that skips Scout's.
    await expect(adaPool.query(`INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ('Report!', 'k', now(), '{}')`)).rejects.toMatchObject({ code: '23514' });
    await expect(adaPool.query(`INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ('report', repeat('k', 401), now(), '{}')`)).rejects.toMatchObject({ code: '23514' });
    await expect(adaPool.query(`INSERT INTO scout_team.records (kind, item_key, fetched_at) VALUES ('report', 'k', now())`)).rejects.toMatchObject({ code: '23514' });
  });

  it('numbers records in the order they commit, so a pull after N never misses a later commit below N', async () => {
    const first = await adaPool.connect();
    const second = await adaPool.connect();
    try {
      await first.query('BEGIN');
      const a = await pushRecord(first, { item: teamItem('report', { network: 'twitch', subject: 'one' }), fetchedAt: new Date(), body: { json: { n: 1 } } });
      // The second push waits for the first transaction: it cannot take a number and commit
      // while a lower one is still open.
      const pushing = pushRecord(second, { item: teamItem('report', { network: 'twitch', subject: 'two' }), fetchedAt: new Date(), body: { json: { n: 2 } } });
      await waitUntil('the second push to wait for the first', async () => {
        // It waits on the order lock's row, which the first push's transaction holds.
        const { rows } = await team.admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO scout_team.records%'`,
        );
        return rows[0]!.n === 1;
      });
      await first.query('COMMIT');
      const b = await pushing;
      expect(b.seq).toBeGreaterThan(a.seq);
    } finally {
      first.release();
      second.release();
    }
  });

  it('finds the newest copy of an item, with who bought it', async () => {
    const item = teamItem('report', { network: 'twitter', subject: 'nasa' });
    await pushRecord(adaPool, { item, fetchedAt: new Date(Date.now() - 10 * 86_400_000), body: { json: { v: 'older' } } });
    const newer = await pushRecord(adaPool, { item, fetchedAt: new Date(Date.now() - 86_400_000), body: { json: { v: 'newer' } } });
    expect(await teammateCopy(adaPool, item, 365)).toMatchObject({ seq: newer.seq, researcher: ada.role, researcherName: 'Ada' });
    expect(await teammateCopy(adaPool, item, 0.5)).toBeNull();
    expect(await teammateCopy(adaPool, teamItem('report', { network: 'twitter', subject: 'nobody' }), null)).toBeNull();
  });
});
