import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0210 } from './0210-team-ledger-outbox';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const step = (ledgerId: number, state: string, entryId = uuid) =>
  ({ ledgerId, entryId, state, balance: 'credits' }) as const;

describe('0210 team-ledger-outbox', () => {
  it('queues each step of an entry once, under one uuid, only with states and balances the team ledger knows', () => {
    const db = new Database(':memory:');
    migration0210.up(db);
    const insert = db.prepare(
      `INSERT INTO team_ledger_outbox (ledger_id, entry_id, state, operation, balance, expected_cost, spent_at, queued_at)
       VALUES (@ledgerId, @entryId, @state, 'report', @balance, 1, 1, 1)`,
    );
    insert.run(step(1, 'open'));
    insert.run(step(1, 'settled'));
    expect(() => insert.run(step(1, 'settled', 'a0000000-0000-4000-8000-000000000000'))).toThrow(/UNIQUE/);
    expect(() => insert.run(step(2, 'settled'))).toThrow(/UNIQUE/);
    expect(() => insert.run(step(3, 'pending', 'b0000000-0000-4000-8000-000000000000'))).toThrow(/CHECK/);
    expect(() => insert.run(step(3, 'open', 'not-a-uuid'))).toThrow(/CHECK/);
    expect(() => insert.run({ ...step(3, 'open', 'b0000000-0000-4000-8000-000000000000'), balance: 'gold' })).toThrow(/CHECK/);
    // Waiting until pushed, in the order queued.
    expect(db.prepare('SELECT seq, state, pushed_at, attempts, refused FROM team_ledger_outbox ORDER BY seq').all()).toEqual([
      { seq: 1, state: 'open', pushed_at: null, attempts: 0, refused: null },
      { seq: 2, state: 'settled', pushed_at: null, attempts: 0, refused: null },
    ]);
    expect(() => db.prepare(`UPDATE team_ledger_outbox SET cost = 'x'`).run()).toThrow(/cannot store TEXT/);
  });
});
