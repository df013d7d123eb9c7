// One Scout per data folder. Two processes on one folder would each settle the other's in-flight
// ledger rows as crash leftovers and book credits twice, so both hosts take this lock before they
// open anything in the folder.
//
// The lock is an OS file lock held by SQLite on a small file (`locking_mode = EXCLUSIVE` plus a
// write, so the lock is kept until the connection closes). The OS drops it when the process dies,
// however it dies: a kill -9 leaves no stale lock. Who holds it is written beside it as JSON, only
// to say so in the refusal; the JSON is never what decides.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, makePrivateFile } from './privateFiles';

export const LOCK_FILE = 'scout.lock';
export const HOLDER_FILE = 'scout.lock.json';

export interface LockHolder {
  pid: number;
  host: 'browser' | 'electron';
  /** Browser mode's address (never the launch URL: that carries the session token). */
  url?: string;
  startedAt: string;
}

export interface DataFolderLock {
  readonly dataDir: string;
  /** Records where this instance can be found (browser mode's address, once it listens). */
  describe(update: Partial<Pick<LockHolder, 'url'>>): void;
  release(): void;
}

/** Thrown when another process holds the folder; its message is the one line to show. */
export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(busyMessage(dataDir, holder));
    this.name = 'DataFolderBusyError';
  }
}

export function acquireDataFolderLock(
  dataDir: string,
  who: Omit<LockHolder, 'pid' | 'startedAt'>,
  options: { nativeBinding?: string } = {},
): DataFolderLock {
  ensurePrivateDir(dataDir);
  const lockFile = path.join(dataDir, LOCK_FILE);
  const holderFile = path.join(dataDir, HOLDER_FILE);
  makePrivateFile(lockFile);
  // timeout 0: a held lock is an answer, not something to wait for.
  const db = new Database(lockFile, { nativeBinding: options.nativeBinding, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The journal stays a rollback journal: WAL's shared memory would let a second reader in.
    db.pragma('journal_mode = DELETE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, started_at TEXT)');
    db.exec('BEGIN EXCLUSIVE');
    db.prepare('DELETE FROM holder').run();
    db.prepare('INSERT INTO holder (pid, started_at) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataFolderBusyError(dataDir, readHolder(holderFile));
    throw error;
  }
  let holder: LockHolder = { ...who, pid: process.pid, startedAt: new Date().toISOString() };
  const writeHolder = () => {
    try {
      const temp = `${holderFile}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(holder), { mode: 0o600 });
      fs.renameSync(temp, holderFile);
    } catch {
      // Only the refusal message of a second instance reads it.
    }
  };
  writeHolder();
  let released = false;
  return {
    dataDir,
    describe(update) {
      holder = { ...holder, ...update };
      if (!released) writeHolder();
    },
    release() {
      if (released) return;
      released = true;
      try {
        fs.rmSync(holderFile, { force: true });
      } finally {
        db.close();
      }
    },
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

function readHolder(file: string): LockHolder | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || (value.host !== 'browser' && value.host !== 'electron')) return null;
    return {
      pid: value.pid,
      host: value.host,
      url: typeof value.url === 'string' ? value.url : undefined,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    };
  } catch {
    return null;
  }
}

function busyMessage(dataDir: string, holder: LockHolder | null): string {
  const where = holder
    ? [
        holder.host === 'browser' ? `browser mode${holder.url ? ` at ${holder.url}` : ''}` : 'the desktop app',
        `pid ${holder.pid}`,
        holder.startedAt ? `started ${holder.startedAt}` : null,
      ]
        .filter(Boolean)
        .join(', ')
    : 'another process';
  return `Scout is already running on the data folder ${dataDir} (${where}); nothing was changed. Use that one, or stop it first.`;
}
