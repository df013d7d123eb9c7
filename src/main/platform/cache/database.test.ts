// Opening a database under contention and faults, with real files and real processes: a busy
// file is "already open", never "damaged"; damage is found by quick_check; files are private.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScoutError } from '@shared/errors';
import { openDatabase } from './database';
import { latestVersion } from './migrate';
import { migrations } from './migrations';
import { bundleFixture, runNode, type Child } from '../../../../test/childProcess';

let fixture: string;
beforeAll(() => {
  fixture = bundleFixture('test/fixtures/dataFolderChild.ts');
});
const children: Child[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  }
});

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-db-')), 'ws', 'scout.sqlite');

function openError(file: string): ScoutError {
  try {
    openDatabase(file).close();
  } catch (error) {
    return error as ScoutError;
  }
  throw new Error('opened');
}

describe('opening a database', () => {
  it('lets several processes open one new database at once: none is told it is damaged, all end migrated', async () => {
    for (let round = 0; round < 3; round++) {
      const file = tempFile();
      const opened = Array.from({ length: 5 }, () => runNode(fixture, ['open', file]));
      children.push(...opened);
      const answers = await Promise.all(
        opened.map(async (child) => {
          await child.exited;
          return JSON.parse(child.stdout().trim()) as { version?: number; code?: string; message?: string };
        }),
      );
      for (const answer of answers) {
        expect(answer.message ?? '').not.toMatch(/damaged/);
        if (answer.version === undefined) expect(answer).toMatchObject({ code: 'DATABASE_BUSY', message: expect.stringMatching(/already open/) });
        else expect(answer.version).toBe(latestVersion(migrations));
      }
      const db = new Database(file, { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
      db.close();
    }
  }, 60_000);

  it('says a database held by another process is already open, and changes nothing', async () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const holder = runNode(fixture, ['hold', file]);
    children.push(holder);
    await holder.waitFor(/^holding$/);
    const before = fs.readFileSync(file);
    const error = openError(file);
    expect(error).toBeInstanceOf(ScoutError);
    expect(error.code).toBe('DATABASE_BUSY');
    expect(error.message).toMatch(/already open/);
    expect(error.message).not.toMatch(/damaged/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }, 30_000);

  it('finds damage with quick_check and says what to do', () => {
    const file = tempFile();
    const db = openDatabase(file);
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    for (let i = 0; i < 400; i++) insert.run(`row ${i} `.repeat(40));
    db.exec('CREATE INDEX filler_body ON filler (body)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    // Scribble over pages in the middle of the file: the header still says "SQLite".
    const pageSize = 4096;
    const fd = fs.openSync(file, 'r+');
    const pages = Math.floor(fs.statSync(file).size / pageSize);
    for (let page = Math.floor(pages / 2); page < Math.floor(pages / 2) + 3; page++) {
      fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize + 100);
    }
    fs.closeSync(fd);
    expect(() => openDatabase(file, { damagedAdvice: 'Restore the backup of yesterday.' })).toThrow(
      expect.objectContaining({ code: 'DATABASE_UNREADABLE', message: expect.stringMatching(/is damaged.*Restore the backup of yesterday\./) }),
    );
  });

  it('creates the folder 0700 and the database 0600, WAL and all', () => {
    const file = tempFile();
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (x)');
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(fs.statSync(f).mode & 0o777, f).toBe(0o600);
    db.close();
  });
});
