// Numbered migrations against PRAGMA user_version. All pending migrations run in one
// transaction: a database is either fully at the new version or untouched.
import type Database from 'better-sqlite3';
import { ScoutError } from '@shared/errors';

export interface Migration {
  /** The file's number (0010, 0020 …); user_version holds the last one applied. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

export function assertWellFormed(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new Error(`Migrations must be listed in strictly increasing order: ${m.version} (${m.name}) after ${previous}.`);
    }
    previous = m.version;
  }
}

export interface MigrationHooks {
  /** Called before a migration that changes the version, outside any transaction (a backup). */
  beforeMigrate?(fromVersion: number, toVersion: number): void;
}

/**
 * Applies what is pending and returns the versions applied. The version that decides is read
 * inside the write transaction: several processes opening one new database at once then queue on
 * the write lock, and each one after the first finds nothing left to do.
 */
export function runMigrations(db: Database.Database, migrations: readonly Migration[], hooks: MigrationHooks = {}): number[] {
  assertWellFormed(migrations);
  const latest = latestVersion(migrations);
  // A look without the write lock, so an up-to-date database (the usual case) takes none.
  const seen = userVersion(db);
  refuseFuture(seen, latest);
  if (seen === latest) return [];
  hooks.beforeMigrate?.(seen, latest);
  return db
    .transaction(() => {
      const current = userVersion(db);
      refuseFuture(current, latest);
      const pending = migrations.filter((m) => m.version > current);
      for (const m of pending) m.up(db);
      // user_version cannot be bound as a parameter; the value is a checked integer.
      if (pending.length > 0) db.pragma(`user_version = ${latestVersion(pending)}`);
      return pending.map((m) => m.version);
    })
    .immediate();
}

function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function refuseFuture(current: number, latest: number): void {
  if (current > latest) {
    throw new ScoutError({
      code: 'DATABASE_FROM_FUTURE',
      message:
        `This workspace was last opened by a newer version of Scout (database version ${current}; this version knows up to ${latest}). ` +
        'Update Scout to open it. Nothing was changed.',
    });
  }
}
