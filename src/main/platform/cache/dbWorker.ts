// A worker thread's one piece of database work, off main's event loop (dbTasks.ts starts it): the
// careful opening of a workspace whose schema must be brought up to date (the backup before a
// migration, the migration itself), a full read of every page for damage, the copy of a backup, or
// a checkpoint of the write-ahead log.
// Each takes seconds on a workspace of 100,000 reports; main keeps answering meanwhile.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ScoutError } from '@shared/errors';
import { checkPages } from './database';
import { openWorkspaceDatabase } from './workspaceStore';
import type { DbTask, DbTaskAnswer } from './dbTasks';

function run(task: DbTask): void {
  if (task.kind === 'prepare') {
    openWorkspaceDatabase(task.file, { label: task.label, nativeBinding: task.nativeBinding }).close();
  } else if (task.kind === 'check') {
    const db = new Database(task.file, { nativeBinding: task.nativeBinding, readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      checkPages(db, task.file, task.damagedAdvice);
    } finally {
      db.close();
    }
  } else if (task.kind === 'checkpoint') {
    // PASSIVE: copies what no reader still needs and waits for nobody; main's writes go on meanwhile.
    const db = new Database(task.file, { nativeBinding: task.nativeBinding, fileMustExist: true, timeout: 5000 });
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      db.close();
    }
  } else {
    fs.copyFileSync(task.from, task.to);
  }
}

let answer: DbTaskAnswer;
try {
  run(workerData as DbTask);
  answer = { ok: true };
} catch (error) {
  answer = {
    ok: false,
    error: error instanceof ScoutError ? error.toData() : { code: 'INTERNAL', message: (error as Error)?.message ?? String(error) },
    errno: (error as NodeJS.ErrnoException | null)?.code ?? null,
  };
}
parentPort!.postMessage(answer);
