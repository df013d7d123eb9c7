import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0020 } from './0020-reports';
import { migration0080 } from './0080-search';

describe('0080 search', () => {
  it('creates the full-text index, ranking names above captions, and indexes reports already kept', () => {
    const db = new Database(':memory:');
    migration0020.up(db);
    db.prepare(
      "INSERT INTO report_snapshots (id, network, account_key, fetched_at, state, username, raw) VALUES (1, 'instagram', 'space.daily', 1, 'READY', 'space.daily', jsonb('{}'))",
    ).run();
    db.prepare(
      `INSERT INTO reports (id, network, account_key, latest_snapshot_id, snapshot_count, first_fetched_at, fetched_at, state, username, title, description)
       VALUES (1, 'instagram', 'space.daily', 1, 1, 1, 1, 'READY', 'space.daily', 'Space Daily', 'Rockets and café talk')`,
    ).run();
    migration0080.up(db);
    const match = (q: string) => db.prepare('SELECT rowid FROM report_search WHERE report_search MATCH ? ORDER BY rank').pluck().all(q);
    expect(match('"space"')).toEqual([1]);
    expect(match('"cafe"')).toEqual([1]); // diacritics removed
    expect(match('"rock"*')).toEqual([1]);
    db.prepare("INSERT INTO report_search (rowid, username, media_text) VALUES (2, 'other', 'a space walk')").run();
    // The name outweighs a caption.
    expect(match('"space"')).toEqual([1, 2]);
    expect(db.prepare("SELECT rank FROM report_search WHERE report_search MATCH '\"space\"' AND rowid = 1").pluck().get()).toBeLessThan(0);
  });
});
