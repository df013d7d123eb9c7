// Opens a workspace's database the careful way: a file that is suddenly empty where data was is
// reported instead of silently started afresh, a migration is preceded by a backup, and damage
// names the backup to restore.
import fs from 'node:fs';
import path from 'node:path';
import { ScoutError } from '@shared/errors';
import type { BackupInfo } from '@shared/contract';
import { isEmptyDatabase, openDatabase, type Db } from './database';
import { backupNow, listBackups } from './backups';
import { makePrivateFile } from '../privateFiles';

/** Written beside the database once it has been opened, so an emptied file can be recognised. */
export const HAD_DATA_MARKER = 'scout.had-data';

export interface WorkspaceOpenOptions {
  label: string;
  nativeBinding?: string;
  now?: () => number;
  /** Read every page for damage before use (the default); false when a worker checks beside it. */
  check?: boolean;
}

function describeBackup(backup: BackupInfo): string {
  return `the backup taken ${new Date(backup.takenAt).toISOString().replace('T', ' ').slice(0, 16)} UTC (${backup.id})`;
}

export function restoreAdvice(dbFile: string): string {
  const newest = listBackups(dbFile)[0];
  return newest
    ? `Restore ${describeBackup(newest)} in Settings → Backups, or move ${path.dirname(dbFile)} aside and restart Scout to start an empty workspace.`
    : `No backup of it exists; move ${path.dirname(dbFile)} aside and restart Scout to start an empty workspace.`;
}

export function openWorkspaceDatabase(dbFile: string, options: WorkspaceOpenOptions): Db {
  const now = options.now ?? Date.now;
  const marker = path.join(path.dirname(dbFile), HAD_DATA_MARKER);
  const db = openDatabase(dbFile, {
    nativeBinding: options.nativeBinding,
    check: options.check,
    damagedAdvice: restoreAdvice(dbFile),
    inspect: (raw) => {
      if (!isEmptyDatabase(raw)) return;
      const newest = listBackups(dbFile)[0];
      // A new workspace: nothing was ever here.
      if (!newest && !fs.existsSync(marker)) return;
      throw new ScoutError({
        code: 'DATABASE_EMPTIED',
        message:
          `The ${options.label} workspace's database is empty, though it held data before. ` +
          (newest
            ? `Restore ${describeBackup(newest)} in Settings → Backups. `
            : `No backup of it exists: restore the file ${dbFile} from your own backups, or move ${path.dirname(dbFile)} aside to start afresh. `) +
          'Nothing was changed.',
      });
    },
    // A fresh database (version 0) has nothing to keep.
    beforeMigrate: (raw, from) => {
      if (from > 0) backupNow(raw, dbFile, 'migration', now());
    },
  });
  if (!fs.existsSync(marker)) {
    try {
      makePrivateFile(marker);
    } catch (error) {
      db.close();
      throw error;
    }
  }
  return db;
}
