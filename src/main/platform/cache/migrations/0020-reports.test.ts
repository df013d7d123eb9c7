import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0020 } from './0020-reports';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0020.up(d);
  return d;
}

const snapshot = (d: Database.Database, values: Partial<Record<string, unknown>> = {}) =>
  Number(
    d
      .prepare(
        `INSERT INTO report_snapshots (network, account_key, fetched_at, state, username, followers, verified, raw)
         VALUES (@network, @account_key, @fetched_at, @state, @username, @followers, @verified, jsonb(@raw))`,
      )
      .run({ network: 'instagram', account_key: 'nasa', fetched_at: 1000, state: 'READY', username: 'nasa', followers: 96_400_000, verified: 1, raw: '{"user":{"followers_chart":null}}', ...values })
      .lastInsertRowid,
  );

describe('0020 reports', () => {
  it('keeps snapshots with their raw JSON as jsonb and series apart', () => {
    const d = db();
    const id = snapshot(d);
    d.prepare('INSERT INTO report_series (snapshot_id, name, point_count, points) VALUES (?, ?, ?, jsonb(?))').run(id, 'user.followers_chart', 2, '[{"date":1,"count":5},{"date":2,"count":6}]');
    const row = d.prepare('SELECT json(raw) AS raw, typeof(raw) AS type, followers FROM report_snapshots WHERE id = ?').get(id);
    expect(row).toEqual({ raw: '{"user":{"followers_chart":null}}', type: 'blob', followers: 96_400_000 });
    expect(d.prepare("SELECT points ->> '$[1].count' FROM report_series").pluck().get()).toBe(6);
    // Series go with their snapshot.
    d.prepare('DELETE FROM report_snapshots WHERE id = ?').run(id);
    expect(d.prepare('SELECT count(*) FROM report_series').pluck().get()).toBe(0);
  });

  it('refuses NOT_READY snapshots and values of the wrong type (STRICT)', () => {
    const d = db();
    expect(() => snapshot(d, { state: 'NOT_READY' })).toThrow(/CHECK/);
    expect(() => snapshot(d, { fetched_at: 'yesterday' })).toThrow(/cannot store TEXT value in INTEGER column/);
    expect(() => snapshot(d, { verified: 2 })).toThrow(/CHECK/);
  });

  it('holds one reports row per account, pointing at an existing snapshot', () => {
    const d = db();
    const id = snapshot(d);
    const insert = d.prepare(
      `INSERT INTO reports (network, account_key, latest_snapshot_id, snapshot_count, first_fetched_at, fetched_at, state, username)
       VALUES ('instagram', 'nasa', ?, 1, 1000, 1000, 'READY', 'nasa')`,
    );
    insert.run(id);
    expect(() => insert.run(id)).toThrow(/UNIQUE/);
    expect(() => d.prepare("UPDATE reports SET latest_snapshot_id = 999")).not.toThrow();
    expect(() => d.prepare('UPDATE reports SET latest_snapshot_id = 999').run()).toThrow(/FOREIGN KEY/);
  });

  it('serves the library sorts from indexes instead of sorting the table', () => {
    const d = db();
    const plan = (sql: string) => (d.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan('SELECT * FROM reports ORDER BY followers DESC NULLS LAST, id DESC LIMIT 100')).toMatch(/reports_by_followers/);
    expect(plan('SELECT * FROM reports ORDER BY fetched_at DESC NULLS LAST, id DESC LIMIT 100')).toMatch(/reports_by_fetched_at/);
    expect(plan('SELECT * FROM reports ORDER BY title COLLATE NOCASE DESC NULLS LAST, id DESC LIMIT 100')).toMatch(/reports_by_title/);
    expect(plan("SELECT * FROM reports WHERE network = 'tiktok' ORDER BY fetched_at DESC")).toMatch(/reports_by_network/);
    expect(plan("SELECT id FROM report_snapshots WHERE network = 'x' AND account_key = 'y' ORDER BY fetched_at DESC")).toMatch(/report_snapshots_by_account/);
  });
});
