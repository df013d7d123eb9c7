// The one outbox (local migration 0310): what the three outboxes of before held (records, ledger
// steps, shared-work changes not pushed yet) and the two tables of rows set aside move into one
// table each, in order, once: checked on a cache holding rows of every kind, migrated at once, and
// migrated by a child killed (SIGKILL) in the middle of it, then opened again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { Logger } from '../../log';
import { TeamCodecs } from '../../../team/codecs';
import { SharedWork } from '../../../team/sharedWork';
import { TeamLedger } from '../../../team/teamLedger';
import { TeamSync } from '../../../team/sync';
import { openDatabase, type Db } from '../database';
import { migrations } from '.';

const root = path.resolve(__dirname, '../../../../..');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A cache at 0300 whose outboxes hold rows of every kind, some refused, some pushed. */
function cacheAt300(file: string): void {
  const db = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 300) });
  const record = db.prepare('INSERT INTO team_outbox (kind, item_key, fetched_at, body_json, body_bytes, body_file, queued_at, attempts, last_attempt_at, last_error, refused_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  record.run('report', '["instagram","one",""]', 1000, '{"result":{"a":1}}', null, null, 10, 2, 11, 'The team database cannot be reached', null);
  record.run('pdf', '["instagram","two",""]', 2000, null, Buffer.from([1, 2, 3]), null, 20, 0, null, null, null);
  record.run('pdf', '["instagram","three",""]', 3000, null, null, '/archive/three.pdf', 30, 0, null, null, null);
  record.run('report', '["instagram","four",""]', 4000, '{"result":{}}', null, null, 40, 1, 41, 'too large', 42);
  const step = db.prepare(
    `INSERT INTO team_ledger_outbox (ledger_id, entry_id, state, operation, network, account_key, item, balance, expected_cost, cost, balance_before, balance_after, note, spent_at, queued_at, pushed_at, attempts, refused)
     VALUES (?, ?, ?, 'report', 'instagram', ?, NULL, 'credits', 1, ?, 10, ?, ?, ?, ?, ?, ?, ?)`,
  );
  step.run(1, uuid(1), 'open', 'one', null, null, null, 100, 101, 102, 1, null);
  step.run(1, uuid(1), 'settled', 'one', 1, 9, 'done', 100, 103, null, 3, null);
  step.run(2, uuid(2), 'open', 'two', null, null, null, 200, 201, null, 0, null);
  step.run(3, uuid(3), 'open', 'three', null, null, null, 300, 301, null, 1, 'a rule said no');
  const change = db.prepare('INSERT INTO shared_changes (change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at, refused) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  change.run(uuid(10), 5, uuid(99), 'discovery_query', uuid(20), 'name', '"Pulled"', 0, 'anna', 'Anna', 500, null);
  change.run(uuid(11), null, uuid(98), 'discovery_query', uuid(20), 'name', '"Mine"', 5, null, null, 600, null);
  change.run(uuid(12), null, uuid(98), 'discovery_query', uuid(20), 'body', null, 5, null, null, 601, null);
  change.run(uuid(13), null, uuid(98), 'comparison', uuid(21), 'name', '"x"', 0, null, null, 602, 'too long');
  db.prepare("INSERT INTO team_skipped (seq, kind, item_key, researcher, reason, skipped_at) VALUES (7, 'future_kind', 'k', 'bob', 'unknown kind', 70)").run();
  db.prepare("INSERT INTO shared_skipped (seq, reason, skipped_at) VALUES (8, 'a value that is not JSON', 80)").run();
  db.close();
}

type Rows = Record<string, unknown[]>;

/** What each old table held, in its order (ids aside: the ledger's seq is the one outbox's id now). */
function before(db: Database.Database | Db): Rows {
  return {
    records: db.prepare('SELECT kind, item_key, fetched_at, body_json, body_bytes, body_file, queued_at, attempts, last_attempt_at, last_error, refused_at FROM team_outbox ORDER BY id').all(),
    ledger: db.prepare('SELECT ledger_id, entry_id, state, operation, network, account_key, item, balance, expected_cost, cost, balance_before, balance_after, note, spent_at, queued_at, pushed_at, attempts, refused FROM team_ledger_outbox ORDER BY seq').all(),
    shared: db.prepare('SELECT change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at, refused FROM shared_changes ORDER BY seq IS NULL, seq, id').all(),
    recordsSkipped: db.prepare('SELECT * FROM team_skipped ORDER BY seq').all(),
    sharedSkipped: db.prepare('SELECT * FROM shared_skipped ORDER BY seq').all(),
  };
}

/** The same, read after the migration: through the old names' views and the shared changes' log. */
function after(db: Db): Rows {
  return { ...before(db), shared: db.prepare('SELECT change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at, refused FROM shared_change_log ORDER BY seq IS NULL, seq, id').all() };
}

function checkMoved(db: Db, was: Rows): void {
  // Migrated to the newest version, through 0310.
  expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
  expect(after(db)).toEqual(was);
  // One outbox: every stream's rows, each stream in the order it was queued, each once.
  const rows = db.prepare<[], { stream: string; key: string }>(
    `SELECT stream, coalesce(payload ->> 'item_key', payload ->> 'change_id', (payload ->> 'ledger_id') || ':' || (payload ->> 'state')) AS key FROM team_outgoing ORDER BY id`,
  ).all();
  const of = (stream: string) => rows.filter((r) => r.stream === stream).map((r) => r.key);
  expect(of('records')).toEqual(['["instagram","one",""]', '["instagram","two",""]', '["instagram","three",""]', '["instagram","four",""]']);
  expect(of('ledger')).toEqual(['1:open', '1:settled', '2:open', '3:open']);
  expect(of('shared')).toEqual([uuid(11), uuid(12), uuid(13)]);
  expect(db.prepare('SELECT count(*) FROM shared_changes WHERE seq IS NULL').pluck().get()).toBe(0);
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('team_outbox', 'team_ledger_outbox', 'team_skipped', 'shared_skipped')").pluck().all();
  expect(tables).toEqual([]);
  // The engines read it as what waits: two records (one refused), one ledger step (one refused, two pushed), two changes.
  const sync = new TeamSync({ pool: () => { throw new Error('no team database'); }, db, codecs: new TeamCodecs() });
  expect(sync.status()).toMatchObject({ pending: 3, refused: 1, skipped: 1 });
  expect(new TeamLedger({ pool: () => null, db, logger: new Logger('error') }).pending()).toBe(2);
  expect(new SharedWork({ db, adapters: [], pool: () => { throw new Error('no team database'); } }).pendingCount()).toBe(2);
}

describe('0310 team-outgoing', () => {
  let child: string;
  beforeAll(() => {
    child = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-outgoing-child-')), 'child.cjs');
    buildSync({
      entryPoints: [path.join(root, 'test/fixtures/teamOutgoingMigrationChild.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: child,
      external: ['better-sqlite3'],
      tsconfig: path.join(root, 'tsconfig.node.json'),
      nodePaths: [path.join(root, 'node_modules')],
      logLevel: 'error',
    });
  });

  const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-outgoing-')), 'workspace.db');

  it('moves what the three outboxes and both set-aside tables held into one each, in order, once', () => {
    const file = tempFile();
    cacheAt300(file);
    const raw = new Database(file);
    const was = before(raw);
    raw.close();
    const db = openDatabase(file);
    try {
      checkMoved(db, was);
    } finally {
      db.close();
    }
  });

  it('killed (SIGKILL) in the middle of the move: the old tables are as they were, and the next open moves them, once', async () => {
    const file = tempFile();
    cacheAt300(file);
    const raw = new Database(file);
    const was = before(raw);
    raw.close();
    await new Promise<void>((resolve, reject) => {
      const proc = spawn(process.execPath, [child, file], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_PATH: path.join(root, 'node_modules') } });
      let stderr = '';
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      proc.stdout.on('data', (c: Buffer) => c.toString().includes('moved') && proc.kill('SIGKILL'));
      proc.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the child exited with ${code}: ${stderr}`))));
    });
    const left = new Database(file);
    try {
      expect(left.pragma('user_version', { simple: true })).toBe(300);
      expect(left.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('team_outgoing', 'team_set_aside')").pluck().get()).toBe(0);
      expect(before(left)).toEqual(was);
    } finally {
      left.close();
    }
    const db = openDatabase(file);
    try {
      checkMoved(db, was);
    } finally {
      db.close();
    }
  });
});
