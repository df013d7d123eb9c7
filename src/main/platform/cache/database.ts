// Opens a workspace's SQLite file. One file per workspace, WAL so readers never wait on the
// writer, checked (quick_check) and brought up to date before anyone else touches it. A workspace
// of 100,000 reports takes seconds to check: it is opened unchecked and checked beside it, in a
// worker thread (dbTasks.ts), so main answers at once.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ScoutError } from '@shared/errors';
import { runMigrations, type Migration } from './migrate';
import { migrations as allMigrations } from './migrations';
import { ensurePrivateDir, makePrivateFile } from '../privateFiles';
import { busyError, diskFullError, isBusy, isDamaged, isDiskFull } from './storageFaults';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path to an Electron build of better-sqlite3's addon; Node uses the one in node_modules. */
  nativeBinding?: string;
  migrations?: readonly Migration[];
  readonly?: boolean;
  /** Runs on the raw connection before anything is written (a workspace refuses an emptied file here). */
  inspect?: (db: Db) => void;
  /** Runs before a migration that changes the version, outside its transaction (a backup). */
  beforeMigrate?: (db: Db, fromVersion: number, toVersion: number) => void;
  /** What to tell the researcher to do about a damaged file. */
  damagedAdvice?: string;
  /** Read every page for damage (quick_check) before use; true unless the caller checks apart. */
  check?: boolean;
}

/**
 * The pages a connection keeps in memory, KiB (SQLite's own default is 2 MiB). A library of
 * 100,000 reports filters and sorts over indexes of several megabytes: read from memory, not from
 * the disk again each time the researcher types.
 */
export const PAGE_CACHE_KIB = 32 * 1024;

const DEFAULT_DAMAGED_ADVICE = 'Move it aside and restart Scout to start an empty workspace.';

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const inMemory = file === ':memory:';
  const readonly = options.readonly ?? false;
  let db: Db;
  try {
    if (!inMemory && !readonly) {
      ensurePrivateDir(path.dirname(file));
      // Created private before SQLite sees it; its -wal and -shm files take the same mode.
      makePrivateFile(file);
    }
    db = new Database(file, { nativeBinding: options.nativeBinding, readonly, timeout: 5000 });
  } catch (error) {
    throw openFailure(file, error, 'could not open');
  }
  try {
    options.inspect?.(db);
    if (!inMemory && !readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // NORMAL is durable in WAL mode except for the last transactions on power loss; the credit
    // ledger raises it to FULL around its own writes.
    db.pragma('synchronous = NORMAL');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    if (!inMemory && (options.check ?? true)) checkPages(db, file, options.damagedAdvice);
    const beforeMigrate = options.beforeMigrate;
    runMigrations(db, options.migrations ?? allMigrations, beforeMigrate ? { beforeMigrate: (from, to) => beforeMigrate(db, from, to) } : {});
    return db;
  } catch (error) {
    db.close();
    if (error instanceof ScoutError) throw error;
    throw openFailure(file, error, 'damaged', options.damagedAdvice);
  }
}

/** Reads every page of the database for damage (quick_check); a damaged one is said with what to do. */
export function checkPages(db: Db, file: string, damagedAdvice = DEFAULT_DAMAGED_ADVICE): void {
  const check = db.pragma('quick_check(1)', { simple: true });
  if (check !== 'ok') {
    throw new ScoutError({
      code: 'DATABASE_UNREADABLE',
      message: `The database at ${file} is damaged. ${damagedAdvice}`,
      detail: `quick_check: ${String(check)}`,
    });
  }
}

/** The schema version a database file is at (0 for a new or empty one), read without changing anything. */
export function schemaVersion(file: string, nativeBinding?: string): number {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return 0;
  const db = new Database(file, { nativeBinding, readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** A busy file is in use, a full disk is full; only what SQLite calls corrupt is called damaged. */
function openFailure(file: string, error: unknown, otherwise: 'could not open' | 'damaged', damagedAdvice?: string): ScoutError {
  if (isBusy(error)) return busyError(file, error);
  if (isDiskFull(error)) return diskFullError(error);
  const detail = (error as Error)?.message;
  if (isDamaged(error) || otherwise === 'damaged') {
    return new ScoutError(
      {
        code: 'DATABASE_UNREADABLE',
        message: `The database at ${file} is damaged or is not a Scout database. ${damagedAdvice ?? DEFAULT_DAMAGED_ADVICE}`,
        detail,
      },
      { cause: error },
    );
  }
  return new ScoutError(
    {
      code: 'DATABASE_UNREADABLE',
      message: `Scout could not open its database at ${file}. Check that the folder is writable and the disk is not full.`,
      detail,
    },
    { cause: error },
  );
}

/** Whether a database file holds nothing at all: missing, 0 bytes, or no tables. */
export function isEmptyDatabase(db: Db): boolean {
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  return tables.n === 0 && (db.pragma('user_version', { simple: true }) as number) === 0;
}
