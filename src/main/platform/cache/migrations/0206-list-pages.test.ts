import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0050 } from './0050-creators-and-lists';
import { migration0180 } from './0180-list-names';
import { migration0206 } from './0206-list-pages';

describe('0206 list-pages', () => {
  it('keeps one row per page of a list, gone with its list; lists synced before have none', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migration0050.up(db);
    migration0180.up(db);
    db.prepare('INSERT INTO lists (id, fetched_at) VALUES (5, 1)').run();
    migration0206.up(db);
    expect(db.prepare('SELECT count(*) FROM list_pages').pluck().get()).toBe(0);
    db.prepare('INSERT INTO list_pages (list_id, page_offset, fetched_at, item_count) VALUES (5, 0, 10, 100), (5, 100, 11, 3)').run();
    expect(() => db.prepare('INSERT INTO list_pages (list_id, page_offset, fetched_at, item_count) VALUES (5, 0, 12, 1)').run()).toThrow(/UNIQUE|PRIMARY/);
    expect(() => db.prepare('INSERT INTO list_pages (list_id, page_offset, fetched_at, item_count) VALUES (5, -100, 12, 1)').run()).toThrow(/CHECK/);
    expect(() => db.prepare('INSERT INTO list_pages (list_id, page_offset, fetched_at, item_count) VALUES (9, 0, 12, 1)').run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM lists WHERE id = 5').run();
    expect(db.prepare('SELECT count(*) FROM list_pages').pluck().get()).toBe(0);
  });
});
