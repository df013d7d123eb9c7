import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0090 } from './0090-credit-ledger';

describe('0090 credit-ledger', () => {
  it('creates the ledger and refuses unknown balances and statuses', () => {
    const db = new Database(':memory:');
    migration0090.up(db);
    const insert = db.prepare(
      `INSERT INTO credit_ledger (created_at, operation, balance, expected_cost, status) VALUES (1, 'report', ?, 1, ?)`,
    );
    insert.run('credits', 'pending');
    expect(() => insert.run('gold', 'pending')).toThrow(/CHECK/);
    expect(() => insert.run('credits', 'maybe')).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) AS n FROM credit_ledger').get()).toEqual({ n: 1 });
  });
});
