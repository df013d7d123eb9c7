// Backups and the careful open of a workspace database, on real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { backupNow, BACKUPS_KEPT, backupsDir, DailyBackups, DAY_MS, listBackups, restoreBackupFile } from './backups';
import { HAD_DATA_MARKER, openWorkspaceDatabase } from './workspaceStore';
import { latestVersion, type Migration } from './migrate';
import { migrations } from './migrations';

const dbFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-backup-')), 'workspaces', 'demo', 'scout.sqlite');
const mode = (f: string) => fs.statSync(f).mode & 0o777;
const T0 = Date.UTC(2026, 0, 10, 9, 0);

function withNotes(file: string, notes: string[]) {
  const db = openWorkspaceDatabase(file, { label: 'Demo', now: () => T0 });
  db.exec('CREATE TABLE IF NOT EXISTS notes (body TEXT)');
  for (const body of notes) db.prepare('INSERT INTO notes VALUES (?)').run(body);
  return db;
}
const notesIn = (db: Database.Database) => (db.prepare('SELECT body FROM notes ORDER BY rowid').all() as { body: string }[]).map((r) => r.body);

describe('backups', () => {
  it('keeps the newest three, each a whole private SQLite file', () => {
    const file = dbFile();
    const db = withNotes(file, ['a']);
    for (let day = 0; day < 5; day++) {
      db.prepare('INSERT INTO notes VALUES (?)').run(`day ${day}`);
      backupNow(db, file, 'daily', T0 + day * DAY_MS);
    }
    const kept = listBackups(file);
    expect(kept.map((b) => b.takenAt)).toEqual([T0 + 4 * DAY_MS, T0 + 3 * DAY_MS, T0 + 2 * DAY_MS]);
    expect(fs.readdirSync(backupsDir(file)).sort()).toEqual(kept.map((b) => b.id).sort());
    expect(mode(backupsDir(file))).toBe(0o700);
    for (const b of kept) {
      const full = path.join(backupsDir(file), b.id);
      expect(mode(full)).toBe(0o600);
      expect(b.size).toBe(fs.statSync(full).size);
      const copy = new Database(full, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
    }
    expect(BACKUPS_KEPT).toBe(3);
    db.close();
  });

  it('takes a daily backup at open and then at most once a day, with the online backup', async () => {
    const file = dbFile();
    const db = withNotes(file, ['x']);
    let now = T0;
    const errors: Error[] = [];
    const daily = new DailyBackups(db, file, (e) => errors.push(e), () => now);
    expect(await daily.check()).toMatchObject({ reason: 'daily', takenAt: T0 });
    now = T0 + DAY_MS - 1;
    expect(await daily.check()).toBeNull();
    now = T0 + DAY_MS;
    expect(await daily.check()).toMatchObject({ takenAt: T0 + DAY_MS });
    expect(listBackups(file)).toHaveLength(2);
    await daily.stop();
    expect(errors).toEqual([]);
    db.close();
  });

  it('backs up before a migration that changes the version, not when there is nothing to migrate', () => {
    const file = dbFile();
    withNotes(file, ['before the upgrade']).close();
    expect(listBackups(file)).toEqual([]);
    const next: Migration = { version: latestVersion(migrations) + 10, name: 'extra', up: (db) => db.exec('CREATE TABLE extra (x)') };
    const db = openDatabase(file, { migrations: [...migrations, next], beforeMigrate: (raw) => backupNow(raw, file, 'migration', T0) });
    db.close();
    const [backup] = listBackups(file);
    expect(backup).toMatchObject({ reason: 'migration', takenAt: T0 });
    const copy = new Database(path.join(backupsDir(file), backup!.id), { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    expect(notesIn(copy)).toEqual(['before the upgrade']);
    copy.close();
  });

  it('restores a backup in place of the current file, keeping that file aside', async () => {
    const file = dbFile();
    const db = withNotes(file, ['kept']);
    const backup = backupNow(db, file, 'daily', T0);
    db.prepare('INSERT INTO notes VALUES (?)').run('after the backup');
    db.close();
    const { keptAs } = await restoreBackupFile(file, backup.id, T0 + 1);
    expect(keptAs).toBe(`${file}.before-restore-${T0 + 1}`);
    const restored = openWorkspaceDatabase(file, { label: 'Demo' });
    expect(notesIn(restored)).toEqual(['kept']);
    restored.close();
    const aside = new Database(keptAs!, { readonly: true });
    expect(notesIn(aside)).toEqual(['kept', 'after the backup']);
    aside.close();
    expect(mode(file)).toBe(0o600);
    await expect(restoreBackupFile(file, '1111111111111-daily.sqlite')).rejects.toMatchObject({ code: 'BACKUP_NOT_FOUND' });
  });
});

describe('a workspace database that is suddenly empty', () => {
  it('is reported with the backup to restore when it becomes 0 bytes, and nothing is changed', () => {
    const file = dbFile();
    const db = withNotes(file, ['precious']);
    const backup = backupNow(db, file, 'daily', T0);
    db.close();
    fs.truncateSync(file, 0);
    expect(() => openWorkspaceDatabase(file, { label: 'Demo' })).toThrow(
      expect.objectContaining({ code: 'DATABASE_EMPTIED', message: expect.stringContaining(`Restore the backup taken 2026-01-10 09:00 UTC (${backup.id})`) }),
    );
    expect(fs.statSync(file).size).toBe(0);
    expect(listBackups(file)).toHaveLength(1);
  });

  it('is reported when it has no tables and only the marker says it held data', () => {
    const file = dbFile();
    withNotes(file, ['x']).close();
    expect(fs.existsSync(path.join(path.dirname(file), HAD_DATA_MARKER))).toBe(true);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    new Database(file).close();
    expect(() => openWorkspaceDatabase(file, { label: 'Demo' })).toThrow(expect.objectContaining({ code: 'DATABASE_EMPTIED', message: expect.stringMatching(/No backup of it exists/) }));
  });

  it('starts afresh when the workspace is new, and writes the marker private', () => {
    const file = dbFile();
    const db = openWorkspaceDatabase(file, { label: 'Demo' });
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    db.close();
    expect(mode(path.join(path.dirname(file), HAD_DATA_MARKER))).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
  });

  it('names the newest backup when the file is damaged', () => {
    const file = dbFile();
    const db = withNotes(file, ['x']);
    const backup = backupNow(db, file, 'daily', T0);
    db.close();
    fs.writeFileSync(file, 'not a database at all '.repeat(300));
    expect(() => openWorkspaceDatabase(file, { label: 'Demo' })).toThrow(
      expect.objectContaining({ code: 'DATABASE_UNREADABLE', message: expect.stringContaining(`Restore the backup taken 2026-01-10 09:00 UTC (${backup.id}) in Settings → Backups`) }),
    );
  });
});
