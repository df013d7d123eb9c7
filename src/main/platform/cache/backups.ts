// Backups of a workspace database, in a `backups` folder beside it: before every migration that
// changes the version and once a day, three kept. A backup is a whole SQLite file, written under a
// temporary name and renamed, so a half-written one is never listed or restored.
import fs from 'node:fs';
import path from 'node:path';
import { ScoutError } from '@shared/errors';
import type { BackupInfo, BackupReason } from '@shared/contract';
import type { Db } from './database';
import { chmodQuietly, ensurePrivateDir, PRIVATE_FILE_MODE } from '../privateFiles';

export const BACKUPS_KEPT = 3;
export const DAY_MS = 24 * 60 * 60 * 1000;
const BACKUP_NAME = /^(\d{13})-(daily|migration)\.sqlite$/;

export function backupsDir(dbFile: string): string {
  return path.join(path.dirname(dbFile), 'backups');
}

/** Newest first. Files that are not Scout's backups are ignored. */
export function listBackups(dbFile: string): BackupInfo[] {
  const dir = backupsDir(dbFile);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupInfo[] = [];
  for (const name of names) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    try {
      const size = fs.statSync(path.join(dir, name)).size;
      found.push({ id: name, takenAt: Number(match[1]), size, reason: match[2] as BackupReason });
    } catch {
      // Deleted meanwhile.
    }
  }
  return found.sort((a, b) => b.takenAt - a.takenAt);
}

function target(dbFile: string, reason: BackupReason, now: number): { file: string; partial: string } {
  const dir = backupsDir(dbFile);
  ensurePrivateDir(dir);
  // Two backups in one millisecond would share a name; the later one moves on a millisecond.
  let at = now;
  while (fs.existsSync(path.join(dir, `${at}-${reason}.sqlite`))) at++;
  const file = path.join(dir, `${at}-${reason}.sqlite`);
  return { file, partial: `${file}.partial` };
}

function finish(dbFile: string, written: { file: string; partial: string }): BackupInfo {
  chmodQuietly(written.partial, PRIVATE_FILE_MODE);
  fs.renameSync(written.partial, written.file);
  prune(dbFile);
  return listBackups(dbFile).find((b) => b.id === path.basename(written.file))!;
}

/**
 * Synchronous, for the moment before a migration (opening a workspace is synchronous).
 * VACUUM INTO writes a consistent copy in one statement, as SQLite's online backup would.
 */
export function backupNow(db: Db, dbFile: string, reason: BackupReason, now = Date.now()): BackupInfo {
  const written = target(dbFile, reason, now);
  fs.rmSync(written.partial, { force: true });
  try {
    db.prepare('VACUUM INTO ?').run(written.partial);
  } catch (error) {
    fs.rmSync(written.partial, { force: true });
    throw error;
  }
  return finish(dbFile, written);
}

/** SQLite's online backup: copies in steps, so the workspace stays usable while it runs. */
export async function backupOnline(db: Db, dbFile: string, reason: BackupReason, now = Date.now()): Promise<BackupInfo> {
  const written = target(dbFile, reason, now);
  fs.rmSync(written.partial, { force: true });
  try {
    await db.backup(written.partial);
  } catch (error) {
    fs.rmSync(written.partial, { force: true });
    throw error;
  }
  return finish(dbFile, written);
}

/** Keeps the newest BACKUPS_KEPT; the oldest go. */
export function prune(dbFile: string): void {
  for (const old of listBackups(dbFile).slice(BACKUPS_KEPT)) {
    fs.rmSync(path.join(backupsDir(dbFile), old.id), { force: true });
  }
}

export function dailyBackupDue(dbFile: string, now = Date.now()): boolean {
  const newest = listBackups(dbFile)[0];
  return !newest || now - newest.takenAt >= DAY_MS || newest.takenAt > now;
}

/**
 * Puts the backup in place of the (closed) database, a copy written off the event loop and renamed
 * into place. The current file is kept beside it as
 * `scout.sqlite.before-restore-<time>`, with its WAL, so a restore can itself be undone.
 */
export async function restoreBackupFile(dbFile: string, backupId: string, now = Date.now()): Promise<{ keptAs: string | null }> {
  const backup = listBackups(dbFile).find((b) => b.id === backupId);
  if (!backup) {
    throw new ScoutError({ code: 'BACKUP_NOT_FOUND', message: `There is no backup ${backupId} for this workspace any more. Nothing was changed.` });
  }
  const incoming = `${dbFile}.restoring`;
  // Copied off the event loop (a workspace of 100,000 reports is gigabytes): main answers meanwhile.
  await fs.promises.copyFile(path.join(backupsDir(dbFile), backup.id), incoming);
  chmodQuietly(incoming, PRIVATE_FILE_MODE);
  let keptAs: string | null = null;
  if (fs.existsSync(dbFile)) {
    keptAs = `${dbFile}.before-restore-${now}`;
    fs.renameSync(dbFile, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) {
    if (!fs.existsSync(dbFile + suffix)) continue;
    // A WAL belongs to the file it was written for: it goes aside with it, never onto the backup.
    if (keptAs) fs.renameSync(dbFile + suffix, keptAs + suffix);
    else fs.rmSync(dbFile + suffix, { force: true });
  }
  fs.renameSync(incoming, dbFile);
  return { keptAs };
}

/**
 * Copies the spending ledger of a replaced database file into the restored one: rows the backup
 * has take the state the replaced file knew last (a call pending in the backup was settled
 * since), rows it lacks are added. Only the columns both files have are copied (the backup may be
 * from before a migration; the restored file has been migrated by now). Returns the rows added
 * or brought up to date.
 */
export function carryLedgerOver(db: Db, replacedFile: string): number {
  db.prepare('ATTACH DATABASE ? AS replaced').run(replacedFile);
  try {
    const columns = (schema: string) =>
      new Set((db.prepare(`SELECT name FROM pragma_table_info('credit_ledger', '${schema}')`).all() as { name: string }[]).map((c) => c.name));
    const here = columns('main');
    const there = columns('replaced');
    if (there.size === 0) return 0;
    const shared = [...here].filter((c) => c !== 'id' && there.has(c));
    const list = shared.map((c) => `"${c}"`).join(', ');
    const settle = shared.filter((c) => c !== 'created_at').map((c) => `"${c}" = r."${c}"`).join(', ');
    return db.transaction(() => {
      const same = 'r.id = credit_ledger.id AND r.created_at = credit_ledger.created_at';
      const updated = db.prepare(`UPDATE credit_ledger SET ${settle} FROM replaced.credit_ledger AS r WHERE ${same} AND r.status IS NOT credit_ledger.status`).run().changes;
      const added = db
        .prepare(
          `INSERT INTO credit_ledger (${list}) SELECT ${shared.map((c) => `r."${c}"`).join(', ')} FROM replaced.credit_ledger AS r
           WHERE NOT EXISTS (SELECT 1 FROM credit_ledger m WHERE m.id = r.id AND m.created_at = r.created_at) ORDER BY r.id`,
        )
        .run().changes;
      return updated + added;
    })();
  } finally {
    db.prepare('DETACH DATABASE replaced').run();
  }
}

/**
 * A Team workspace's outboxes in the replaced file: paid records and spending-ledger steps made
 * after the backup and not yet in the team database. Carried into the restored database (after
 * carryLedgerOver, whose rows the ledger steps are matched to), so a restore never keeps from the
 * team what was bought: the records are pushed and come back by the next pull, the spends reach
 * the team ledger. Pushing either twice is a no-op (records are content-addressed, ledger steps
 * unique per entry and state). Files without a team's tables carry nothing.
 */
/** Where a Team workspace keeps its team database's connection settings (never the password). */
export const TEAM_SETTINGS_KEY = 'teamDatabase';

export function carryTeamOutboxOver(db: Db, replacedFile: string): { records: number; ledgerSteps: number } {
  db.prepare('ATTACH DATABASE ? AS replaced').run(replacedFile);
  try {
    const has = (schema: 'main' | 'replaced', table: string) => db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
    const both = (table: string) => has('main', table) && has('replaced', table);
    return db.transaction(() => {
      // The one outbox (local migration 0310); team_outbox is its records' view.
      const records = both('team_outgoing')
        ? db
            .prepare(
              `INSERT INTO team_outgoing (stream, payload, body, queued_at)
               SELECT 'records', r.payload, r.body, r.queued_at FROM replaced.team_outgoing r
                WHERE r.stream = 'records' AND r.refused_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM team_outbox m WHERE m.kind = r.payload ->> 'kind' AND m.item_key = r.payload ->> 'item_key' AND m.fetched_at = r.payload ->> 'fetched_at')
                ORDER BY r.id`,
            )
            .run().changes
        : 0;
      // A step names its local ledger row; a row carried over by carryLedgerOver has a new id,
      // found again by what it was (when, what, which balance).
      const ledgerSteps =
        both('team_outgoing') && both('credit_ledger')
          ? db
              .prepare(
                `INSERT OR IGNORE INTO team_outgoing (stream, payload, queued_at)
                 SELECT 'ledger', json_set(o.payload, '$.ledger_id', m.id), o.queued_at
                   FROM replaced.team_outgoing o
                   JOIN replaced.credit_ledger r ON r.id = o.payload ->> 'ledger_id'
                   JOIN credit_ledger m ON m.created_at = r.created_at AND m.operation = r.operation AND m.balance = r.balance AND m.account_key IS r.account_key
                  WHERE o.stream = 'ledger' AND o.pushed_at IS NULL AND o.refused_at IS NULL
                  ORDER BY o.id`,
              )
              .run().changes
          : 0;
      // The team database to share them with: a backup from before it was set up has none, and
      // a connection is no work to roll back.
      if (both('workspace_meta')) {
        db.prepare(`INSERT OR IGNORE INTO workspace_meta (key, value, updated_at) SELECT key, value, updated_at FROM replaced.workspace_meta WHERE key = ?`).run(TEAM_SETTINGS_KEY);
      }
      return { records, ledgerSteps };
    })();
  } finally {
    db.prepare('DETACH DATABASE replaced').run();
  }
}

/** Once a day while a workspace is open: checked at open and every hour. */
export class DailyBackups {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly dbFile: string,
    private readonly onError: (error: Error) => void,
    private readonly now: () => number = Date.now,
  ) {}

  start(checkEveryMs = 60 * 60 * 1000): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), checkEveryMs);
    this.timer.unref();
  }

  /** Takes today's backup if none was taken in the last day; resolves once written. */
  check(): Promise<BackupInfo | null> {
    if (this.running || !dailyBackupDue(this.dbFile, this.now())) return Promise.resolve(null);
    const run = backupOnline(this.db, this.dbFile, 'daily', this.now())
      .catch((error: Error) => {
        this.onError(error);
        return null;
      })
      .finally(() => (this.running = null));
    this.running = run;
    return run;
  }

  /** Waits for a backup under way, so the database is not closed under it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
