import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0040 } from './0040-history-and-mentions';

describe('0040 history-and-mentions', () => {
  it('keeps every fetch of history and mentions per account, as jsonb', () => {
    const db = new Database(':memory:');
    migration0040.up(db);
    for (const table of ['metrics_history', 'brand_mentions']) {
      const insert = db.prepare(`INSERT INTO ${table} (network, account_key, fetched_at, raw) VALUES (?, ?, ?, jsonb(?))`);
      insert.run('twitter', 'nasa', 1000, '{"metrics_history":{"er":{"history":[{"value":1.5,"time_iso":"2026-01-01"}]}}}');
      insert.run('twitter', 'nasa', 2000, '{"metrics_history":{"er":{"history":[]}}}');
      const rows = db.prepare(`SELECT fetched_at, json(raw) AS raw FROM ${table} WHERE network = 'twitter' AND account_key = 'nasa' ORDER BY fetched_at`).all();
      expect(rows).toHaveLength(2);
      expect(JSON.parse((rows[0] as { raw: string }).raw)).toEqual({ metrics_history: { er: { history: [{ value: 1.5, time_iso: '2026-01-01' }] } } });
      expect(() => insert.run('twitter', 'nasa', 1.5, '{}')).toThrow(/REAL/);
    }
  });
});
