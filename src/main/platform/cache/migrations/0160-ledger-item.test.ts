import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0090 } from './0090-credit-ledger';
import { migration0100 } from './0100-ledger-balances';
import { migration0160 } from './0160-ledger-item';

describe('0160 ledger-item', () => {
  it('adds what part a row paid for, keeping rows already there, STRICT as before', () => {
    const db = new Database(':memory:');
    migration0090.up(db);
    migration0100.up(db);
    db.prepare(`INSERT INTO credit_ledger (created_at, operation, balance, expected_cost, status, actual_cost) VALUES (1, 'report', 'credits', 1, 'settled', 1)`).run();
    migration0160.up(db);
    expect(db.prepare('SELECT actual_cost, item FROM credit_ledger').get()).toEqual({ actual_cost: 1, item: null });
    db.prepare(`INSERT INTO credit_ledger (created_at, operation, account_key, balance, expected_cost, status, item) VALUES (2, 'discovery', 'query:ab', 'discoveryRequests', 1, 'pending', 'page 3')`).run();
    expect(db.prepare(`SELECT item FROM credit_ledger WHERE operation = 'discovery'`).get()).toEqual({ item: 'page 3' });
    expect(() => db.prepare(`UPDATE credit_ledger SET item = x'00'`).run()).toThrow(/cannot store BLOB/);
  });
});
