import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ScoutError } from '@shared/errors';
import { openDatabase } from './database';
import { latestVersion, runMigrations, type Migration } from './migrate';
import { migrations } from './migrations';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-db-'));
  dirs.push(dir);
  return path.join(dir, 'ws', 'scout.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const table = (version: number, name: string): Migration => ({
  version,
  name,
  up: (db) => void db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`),
});

describe('migration runner', () => {
  it('applies every migration on an in-memory database and records the version', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    expect(latestVersion(migrations)).toBeGreaterThanOrEqual(90);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'workspace_meta'").get()).toBeTruthy();
    db.close();
  });

  it('opens a file database in WAL mode and does nothing on the second open', () => {
    const file = tempFile();
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(runMigrations(db, migrations)).toEqual([]);
    db.close();
  });

  it('applies only what is pending, in order', () => {
    const db = new Database(':memory:');
    expect(runMigrations(db, [table(10, 'a')])).toEqual([10]);
    expect(runMigrations(db, [table(10, 'a'), table(20, 'b'), table(30, 'c')])).toEqual([20, 30]);
    expect(db.pragma('user_version', { simple: true })).toBe(30);
  });

  it('runs pending migrations in one transaction: a failure leaves the database untouched', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    const broken: Migration = { version: 30, name: 'broken', up: () => void db.exec('CREATE TABLE oops (') };
    expect(() => runMigrations(db, [table(10, 'a'), table(20, 'b'), broken])).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a database written by a newer Scout, with a clear message, and changes nothing', () => {
    const file = tempFile();
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma('user_version = 990');
    raw.close();
    const before = fs.readFileSync(file);
    let error: unknown;
    try {
      openDatabase(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoutError);
    expect((error as ScoutError).code).toBe('DATABASE_FROM_FUTURE');
    expect((error as ScoutError).message).toMatch(/newer version of Scout.*990/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('reports a file that is not a database as unreadable instead of crashing', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'this is not sqlite '.repeat(100));
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'DATABASE_UNREADABLE' }));
  });

  it('rejects a migration list out of order', () => {
    const db = new Database(':memory:');
    expect(() => runMigrations(db, [table(20, 'b'), table(10, 'a')])).toThrow(/increasing order/);
  });

  it('lists every migration file of the folder', () => {
    const files = fs
      .readdirSync(path.join(__dirname, 'migrations'))
      .filter((f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(files.map((f) => Number(f.slice(0, 4)))).toEqual(migrations.map((m) => m.version));
  });
});
