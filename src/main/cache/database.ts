// Opens a workspace's SQLite file. One file per workspace, WAL so readers never wait on the
// writer, and the schema brought up to date before anyone else touches it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ScoutError } from '@shared/errors';
import { runMigrations, type Migration } from './migrate';
import { migrations as allMigrations } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path to an Electron build of better-sqlite3's addon; Node uses the one in node_modules. */
  nativeBinding?: string;
  migrations?: readonly Migration[];
  readonly?: boolean;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const inMemory = file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, {
      nativeBinding: options.nativeBinding,
      readonly: options.readonly ?? false,
    });
  } catch (error) {
    throw new ScoutError(
      {
        code: 'DATABASE_UNREADABLE',
        message: `Scout could not open its database at ${file}. Check that the folder is writable and the disk is not full.`,
        detail: (error as Error).message,
      },
      { cause: error },
    );
  }
  try {
    if (!inMemory) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // NORMAL is durable in WAL mode except for the last transactions on power loss; the credit
    // ledger raises it to FULL around its own writes.
    db.pragma('synchronous = NORMAL');
    runMigrations(db, options.migrations ?? allMigrations);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof ScoutError) throw error;
    throw new ScoutError(
      {
        code: 'DATABASE_UNREADABLE',
        message: `The database at ${file} is damaged or is not a Scout database. Move it aside and restart Scout to start an empty workspace.`,
        detail: (error as Error).message,
      },
      { cause: error },
    );
  }
}
