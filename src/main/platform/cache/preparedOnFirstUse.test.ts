// The deferred statements on a real SQLite connection: nothing compiles before its first use, a
// SQL error is said there, modes set before (or after) the first use hold, and the rest of the
// connection is the connection itself.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedOnFirstUse } from './preparedOnFirstUse';

let raw: Database.Database;
afterEach(() => raw?.open && raw.close());

describe('preparedOnFirstUse', () => {
  it('compiles a statement on its first use, not before', () => {
    raw = new Database(':memory:');
    const db = preparedOnFirstUse(raw);
    // The table does not exist yet: compiled now, this would throw.
    const insert = db.prepare<[string]>('INSERT INTO notes (body) VALUES (?)');
    const count = db.prepare<[], number>('SELECT count(*) FROM notes').pluck();
    const broken = db.prepare('SELEKT nothing');
    raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    insert.run('first');
    insert.run('second');
    expect(count.get()).toBe(2);
    expect(() => broken.run()).toThrow(/syntax error/);
    // Compiled once: the same statement answers again.
    expect(insert.source).toBe('INSERT INTO notes (body) VALUES (?)');
    expect(insert.reader).toBe(false);
    expect(count.reader).toBe(true);
  });

  it('keeps the modes set before the first use, and takes those set after', () => {
    raw = new Database(':memory:');
    raw.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y')");
    const db = preparedOnFirstUse(raw);
    const rows = db.prepare<[], unknown[]>('SELECT a, b FROM t ORDER BY a').raw();
    expect(rows.all()).toEqual([[1, 'x'], [2, 'y']]);
    rows.raw(false);
    expect(rows.all()).toEqual([{ a: 1, b: 'x' }, { a: 2, b: 'y' }]);
    const big = db.prepare<[], bigint>('SELECT a FROM t WHERE a = 2').pluck().safeIntegers();
    expect(big.get()).toBe(2n);
    expect([...db.prepare<[], number>('SELECT a FROM t ORDER BY a').pluck().iterate()]).toEqual([1, 2]);
    expect(db.prepare('SELECT a, b FROM t').columns().map((c) => c.name)).toEqual(['a', 'b']);
    const bound = db.prepare<unknown[], string>('SELECT b FROM t WHERE a = ?').pluck().bind(1);
    expect(bound.get()).toBe('x');
  });

  it('is the connection itself for everything else: transactions, pragmas, properties, close', () => {
    raw = new Database(':memory:');
    const db = preparedOnFirstUse(raw);
    db.exec('CREATE TABLE t (a INTEGER)');
    const insert = db.prepare<[number]>('INSERT INTO t VALUES (?)');
    const addAll = db.transaction((values: number[]) => {
      expect(db.inTransaction).toBe(true);
      for (const v of values) insert.run(v);
    });
    addAll([1, 2, 3]);
    addAll.immediate([4, 5, 6]);
    expect(raw.prepare('SELECT count(*) FROM t').pluck().get()).toBe(6);
    const failing = db.transaction(() => {
      insert.run(7);
      throw new Error('rolled back');
    });
    expect(() => failing()).toThrow('rolled back');
    expect(raw.prepare('SELECT count(*) FROM t').pluck().get()).toBe(6);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.memory).toBe(true);
    db.close();
    expect(raw.open).toBe(false);
  });
});
