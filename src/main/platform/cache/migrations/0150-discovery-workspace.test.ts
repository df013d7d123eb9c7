import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0050 } from './0050-creators-and-lists';
import { migration0060 } from './0060-discovery-and-competitor';
import { migration0150 } from './0150-discovery-workspace';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0050.up(d);
  migration0060.up(d);
  // A page cached before this migration: it was a production page.
  d.prepare(`INSERT INTO discovery_queries (query_hash, network, query, first_fetched_at, last_fetched_at) VALUES ('h1', 'instagram', jsonb('{}'), 1, 1)`).run();
  d.prepare(`INSERT INTO lists (id, fetched_at) VALUES (7, 1)`).run();
  migration0150.up(d);
  return d;
}

const saved = (d: Database.Database, name = 'Beauty DE') =>
  Number(d.prepare(`INSERT INTO discovery_saved_queries (name, network, body, created_at, updated_at) VALUES (?, 'instagram', '{"social_network":"instagram"}', 1, 1)`).run(name).lastInsertRowid);
const run = (d: Database.Database, queryId: number, values: { from?: number; to?: number; outcome?: string; spent?: number } = {}) =>
  d
    .prepare(
      `INSERT INTO discovery_runs (query_id, at, sandbox, from_page, to_page, pages_fetched, pages_from_cache, calls_spent, outcome) VALUES (?, 1, 0, ?, ?, 1, 0, ?, ?)`,
    )
    .run(queryId, values.from ?? 1, values.to ?? 5, values.spent ?? 1, values.outcome ?? 'finished');

describe('0150 discovery workspace', () => {
  it('keeps earlier pages as production ones and lists as not known complete', () => {
    const d = db();
    expect(d.prepare('SELECT sandbox FROM discovery_queries').pluck().get()).toBe(0);
    expect(d.prepare('SELECT complete FROM lists WHERE id = 7').pluck().get()).toBe(0);
    expect(() => d.prepare(`UPDATE discovery_queries SET sandbox = 2`).run()).toThrow(/CHECK/);
  });

  it('keeps a saved query’s runs with it, and refuses runs that cannot have happened', () => {
    const d = db();
    const id = saved(d);
    run(d, id);
    expect(() => run(d, id, { from: 0 })).toThrow(/CHECK/);
    expect(() => run(d, id, { from: 5, to: 4 })).toThrow(/CHECK/);
    expect(() => run(d, id, { to: 501 })).toThrow(/CHECK/);
    expect(() => run(d, id, { outcome: 'maybe' })).toThrow(/CHECK/);
    expect(() => run(d, id, { spent: -1 })).toThrow(/CHECK/);
    expect(() => run(d, 999)).toThrow(/FOREIGN KEY/);
    expect(() => saved(d, '')).toThrow(/CHECK/);
    expect(() => d.prepare(`INSERT INTO discovery_saved_queries (name, network, body, created_at, updated_at) VALUES ('x', 'instagram', 'not json', 1, 1)`).run()).toThrow(/CHECK/);
    d.prepare('DELETE FROM discovery_saved_queries WHERE id = ?').run(id);
    expect(d.prepare('SELECT count(*) FROM discovery_runs').pluck().get()).toBe(0);
    // The pages stay: they were paid for.
    expect(d.prepare('SELECT count(*) FROM discovery_queries').pluck().get()).toBe(1);
  });

  it('holds one shortlist row per account and one unlock lookup per account', () => {
    const d = db();
    const add = (key: string) => d.prepare(`INSERT INTO shortlist (network, account_key, account, added_at) VALUES ('instagram', ?, ?, 1)`).run(key, key);
    add('nasa');
    expect(() => add('nasa')).toThrow(/UNIQUE/);
    const ask = () => d.prepare(`INSERT INTO unlock_lookups (network, account_key, asked_at) VALUES ('tiktok', 'x', 1)`).run();
    ask();
    expect(() => ask()).toThrow(/UNIQUE|PRIMARY/);
  });
});
