// One of bench/cache.ts's figures of what main answers while the cache's slow work runs, in a
// process that has done nothing else (its heap is the app's, not the bench's): prints its figures
// as one JSON line.
// - backup: the cache's daily backup (SQLite's online backup, in steps);
// - upgrade: the cache taken back to the schema before migration 0230 (its indexes over the
//   library, and what every later migration added), then the upgrade at the next start (its backup
//   and the migrations, in a worker; then every workspace opened, each in a turn of its own).
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../src/main/platform/cache/database';
import { workerScript } from '../src/main/platform/util/workerScript';
import { backupOnline } from '../src/main/platform/cache/backups';
import { migrations } from '../src/main/platform/cache/migrations';
import { migration0230 } from '../src/main/platform/cache/migrations/0230-library-at-scale';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import type { Figures } from './cache';
import type { Call } from './inProcess';
import { whileHeld } from './responsiveness';

/**
 * What the migrations from 0230 on add (tables, indexes, columns), read off the migrations
 * themselves: two empty databases, one before 0230 and one at the latest version, compared.
 */
function addedSince0230(): { tables: string[]; indexes: string[]; columns: [table: string, column: string][] } {
  const before = openDatabase(':memory:', { migrations: migrations.filter((m) => m.version < migration0230.version) });
  const after = openDatabase(':memory:', { migrations });
  const objects = (db: Database.Database, type: string) => new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%'").pluck().all(type) as string[]);
  const [tablesBefore, tablesAfter] = [objects(before, 'table'), objects(after, 'table')];
  const indexesBefore = objects(before, 'index');
  const columnsOf = (db: Database.Database, table: string) => (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  const columns: [string, string][] = [];
  for (const table of tablesBefore) {
    const had = new Set(columnsOf(before, table));
    for (const column of columnsOf(after, table)) if (!had.has(column)) columns.push([table, column]);
  }
  const added = {
    tables: [...tablesAfter].filter((t) => !tablesBefore.has(t)),
    indexes: [...objects(after, 'index')].filter((i) => !indexesBefore.has(i)),
    columns,
  };
  before.close();
  after.close();
  return added;
}

/** Takes a cache back to the schema before 0230: what the later migrations added is taken out. */
function backBefore0230(file: string): void {
  const { tables, indexes, columns } = addedSince0230();
  const db = new Database(file);
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    for (const index of indexes) db.exec(`DROP INDEX IF EXISTS "${index}"`);
    for (const table of tables) db.exec(`DROP TABLE IF EXISTS "${table}"`);
    for (const [table, column] of columns) db.exec(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
    db.pragma(`user_version = ${migrations.filter((m) => m.version < migration0230.version).at(-1)!.version}`);
  })();
  db.close();
}

function openServices(dataDir: string): { services: MainServices; call: Call } {
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger });
  const dispatch = createDispatcher(createHandlers(services), logger, () => services.ready());
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(channel, payload);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  };
  return { services, call };
}

async function held(mode: 'backup' | 'upgrade', dataDir: string, at: string): Promise<Figures> {
  const figures: Figures = {};
  const file = path.join(dataDir, 'workspaces', 'demo', 'scout.sqlite');
  // The app runs its database worker from its build; from source it is bundled once, on main (a
  // quarter of a second): done before measuring.
  workerScript('dbWorker');
  if (mode === 'upgrade') backBefore0230(file);
  const { services, call } = openServices(dataDir);
  try {
    if (mode === 'backup') {
      await call('workspace:get', {});
      const { held } = await whileHeld(call, () => backupOnline(services.active().db, file, 'daily', Date.now()));
      figures[`backup${at}.max_block_ms`] = held.maxBlockMs;
      figures[`backup${at}.rpc_wait_max_ms`] = held.rpcWaitMaxMs;
      figures[`backup${at}_s`] = held.tookMs / 1000;
    } else {
      const { held } = await whileHeld(call, () => call('workspace:get', {}));
      if (services.active().db.pragma('user_version', { simple: true }) !== migrations.at(-1)!.version) throw new Error('bench: the cache was not migrated');
      figures[`migration${at}.max_block_ms`] = held.maxBlockMs;
      figures[`migration${at}.rpc_wait_max_ms`] = held.rpcWaitMaxMs;
      figures[`migration${at}_s`] = held.tookMs / 1000;
    }
  } finally {
    await services.close();
  }
  return figures;
}

const [mode, dataDir, at = ''] = process.argv.slice(2);
((mode === 'backup' || mode === 'upgrade') && dataDir ? held(mode, dataDir, at) : Promise.reject(new Error(`bench/cacheHeldChild.ts: mode ${mode}?`)))
  .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  });
