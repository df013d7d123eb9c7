import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0050 } from './0050-creators-and-lists';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0050.up(d);
  return d;
}

describe('0050 creators-and-lists', () => {
  it('keeps creators with their accounts, findable by account, removed with the creator', () => {
    const d = db();
    d.prepare("INSERT INTO creators (id, first_name, last_name, country, is_favorite, fetched_at, raw) VALUES ('7', 'Ada', 'L', 'GB', 1, 1000, jsonb('{\"id\":7}'))").run();
    d.prepare("INSERT INTO creator_accounts (creator_id, network, account_key, social_id, is_report_unlocked) VALUES ('7', 'instagram', 'ada', '123', 1)").run();
    expect(d.prepare("SELECT creator_id FROM creator_accounts WHERE network = 'instagram' AND account_key = 'ada'").pluck().all()).toEqual(['7']);
    expect(() => d.prepare("INSERT INTO creator_accounts (creator_id, network, account_key) VALUES ('8', 'instagram', 'x')").run()).toThrow(/FOREIGN KEY/);
    d.prepare("DELETE FROM creators WHERE id = '7'").run();
    expect(d.prepare('SELECT count(*) FROM creator_accounts').pluck().get()).toBe(0);
  });

  it('keeps list items once per list and report, in order', () => {
    const d = db();
    d.prepare('INSERT INTO lists (id, fetched_at) VALUES (5, 1000)').run();
    const insert = d.prepare("INSERT INTO list_items (list_id, report_id, position, network, account_key, fetched_at, raw) VALUES (5, ?, ?, 'instagram', ?, 1000, jsonb('{}'))");
    insert.run(11, 1, 'b');
    insert.run(10, 0, 'a');
    expect(() => insert.run(10, 2, 'a')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(d.prepare('SELECT account_key FROM list_items WHERE list_id = 5 ORDER BY position').pluck().all()).toEqual(['a', 'b']);
  });
});
