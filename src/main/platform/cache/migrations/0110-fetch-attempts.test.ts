import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0110 } from './0110-fetch-attempts';

describe('0110 fetch-attempts', () => {
  it('keeps one attempt per account and refuses outcomes it does not know', () => {
    const db = new Database(':memory:');
    migration0110.up(db);
    const insert = db.prepare(`INSERT INTO fetch_attempts (network, account_key, api_name, outcome, at) VALUES (?, ?, ?, ?, ?)`);
    insert.run('twitch', 'c1', 'c1', 'cancelled', 1);
    expect(db.prepare('SELECT outcome, spent, error_code FROM fetch_attempts').get()).toEqual({ outcome: 'cancelled', spent: '{}', error_code: null });
    expect(() => insert.run('twitch', 'c1', 'c1', 'failed', 2)).toThrow(/UNIQUE/);
    expect(() => insert.run('twitch', 'c2', 'c2', 'running', 2)).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE fetch_attempts SET at = 'soon'`).run()).toThrow(/cannot store TEXT/);
  });
});
