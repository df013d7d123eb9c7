// A workspace's repositories prepare some 170 statements when it opens, most of which a session
// never runs: compiled there, they held main for 15–25 ms per workspace, and a first start after
// an upgrade opens every workspace. Through this connection a statement compiles on its first
// use instead; everything else is the connection itself.
import type Database from 'better-sqlite3';
import type { Db } from './database';

type Statement = Database.Statement<unknown[], unknown>;
type Modifier = 'pluck' | 'raw' | 'expand' | 'safeIntegers';

/** The connection, with `prepare` deferred: the statement compiles (and says a SQL error) on its first use. */
export function preparedOnFirstUse(db: Db): Db {
  const bound = new Map<PropertyKey, unknown>();
  const prepare = (source: string) => deferredStatement(db, source);
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // better-sqlite3's methods are native: called on the connection itself, never on the proxy.
      let method = bound.get(key);
      if (!method) bound.set(key, (method = (value as (...args: unknown[]) => unknown).bind(target)));
      return method;
    },
  });
}

function deferredStatement(db: Db, source: string): Statement {
  let statement: Statement | null = null;
  // Modes set before the first use (`.pluck()` where the repository declares it), applied in order.
  const modes: [Modifier, boolean | undefined][] = [];
  const real = (): Statement => {
    if (statement) return statement;
    const prepared = db.prepare(source);
    for (const [mode, on] of modes) applyMode(prepared, mode, on);
    return (statement = prepared);
  };
  const setMode = (mode: Modifier) => (on?: boolean) => {
    if (statement) applyMode(statement, mode, on);
    else modes.push([mode, on]);
    return deferred;
  };
  const deferred = {
    source,
    get database() {
      return db;
    },
    get reader() {
      return real().reader;
    },
    get readonly() {
      return real().readonly;
    },
    get busy() {
      return statement?.busy ?? false;
    },
    pluck: setMode('pluck'),
    raw: setMode('raw'),
    expand: setMode('expand'),
    safeIntegers: setMode('safeIntegers'),
    run: (...params: unknown[]) => real().run(...params),
    get: (...params: unknown[]) => real().get(...params),
    all: (...params: unknown[]) => real().all(...params),
    iterate: (...params: unknown[]) => real().iterate(...params),
    columns: () => real().columns(),
    bind: (...params: unknown[]) => {
      real().bind(...params);
      return deferred;
    },
  };
  return deferred as unknown as Statement;
}

/** better-sqlite3 refuses an explicit undefined: a mode named without a value is turned on. */
function applyMode(statement: Statement, mode: Modifier, on: boolean | undefined): void {
  if (on === undefined) statement[mode]();
  else statement[mode](on);
}
