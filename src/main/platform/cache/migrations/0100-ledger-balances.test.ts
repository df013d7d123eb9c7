import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0090 } from './0090-credit-ledger';
import { migration0100 } from './0100-ledger-balances';

describe('0100 ledger-balances', () => {
  it('adds the balances before, the most a call can cost and the outside movement, keeping rows already there', () => {
    const db = new Database(':memory:');
    migration0090.up(db);
    db.prepare(`INSERT INTO credit_ledger (created_at, operation, balance, expected_cost, status, actual_cost) VALUES (1, 'report', 'credits', 1, 'settled', 1)`).run();
    migration0100.up(db);
    expect(db.prepare('SELECT actual_cost, balances_before, max_cost, outside FROM credit_ledger').get()).toEqual({
      actual_cost: 1,
      balances_before: null,
      max_cost: null,
      outside: 0,
    });
    db.prepare(
      `INSERT INTO credit_ledger (created_at, operation, balance, expected_cost, status, balances_before, max_cost, outside) VALUES (2, 'media', 'credits', 0, 'settled', '{"credits":5}', 1, 2)`,
    ).run();
    expect(db.prepare('SELECT sum(outside) AS n FROM credit_ledger').get()).toEqual({ n: 2 });
    // STRICT still holds for the new columns.
    expect(() => db.prepare(`UPDATE credit_ledger SET outside = 'lots'`).run()).toThrow(/cannot store TEXT/);
  });
});
