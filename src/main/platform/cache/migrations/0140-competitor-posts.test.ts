import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0060 } from './0060-discovery-and-competitor';
import { migration0140 } from './0140-competitor-posts';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0060.up(d);
  migration0140.up(d);
  d.prepare(`INSERT INTO competitor_reports (report_id, created_at, updated_at, description) VALUES ('r1', 1, 1, jsonb('{}'))`).run();
  return d;
}

const post = (d: Database.Database, idx: number, caption: string, account = 'someone') =>
  d.prepare('INSERT INTO competitor_post_rows (report_id, idx, caption, account, followers) VALUES (?, ?, ?, ?, ?)').run('r1', idx, caption, account, idx * 10);

describe('0140 competitor posts', () => {
  it('keeps the full-text index in step with the rows, and one row per place', () => {
    const d = db();
    post(d, 0, 'Loving my new look from @acme', 'jane.doe');
    post(d, 1, 'Thanks @acme', 'john');
    const match = (q: string) => d.prepare('SELECT rowid FROM competitor_post_search WHERE competitor_post_search MATCH ?').pluck().all(q);
    expect(match('"loving"')).toHaveLength(1);
    expect(match('"jane"')).toHaveLength(1);
    d.prepare(`UPDATE competitor_post_rows SET caption = 'Changed' WHERE idx = 0`).run();
    expect(match('"loving"')).toHaveLength(0);
    expect(match('"changed"')).toHaveLength(1);
    expect(() => post(d, 1, 'again')).toThrow(/UNIQUE/);
    expect(() => d.prepare(`INSERT INTO competitor_post_rows (report_id, idx) VALUES ('nope', 0)`).run()).toThrow(/FOREIGN KEY/);
    // Deleting the analysis takes its rows and their search entries.
    d.prepare(`DELETE FROM competitor_reports WHERE report_id = 'r1'`).run();
    expect(d.prepare('SELECT count(*) FROM competitor_post_rows').pluck().get()).toBe(0);
    expect(match('"thanks"')).toHaveLength(0);
  });

  it('sorts by an index for each column the browser sorts by', () => {
    const d = db();
    const plan = d.prepare(`EXPLAIN QUERY PLAN SELECT idx FROM competitor_post_rows WHERE report_id = 'r1' ORDER BY followers DESC LIMIT 100`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/competitor_post_rows_followers/);
  });
});
