// Kills a writer with SIGKILL at random points, twenty times, and checks that no committed row is
// lost and that SQLite's integrity check stays `ok` (WAL, one transaction per snapshot, the
// ledger written with synchronous=FULL).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { ReportsRepository } from '../../domains/reports/reportsRepository';
import { CreditLedger } from '../../kernel/creditLedger';
import { Rng } from '../../../simulator/data/random';

const root = path.resolve(__dirname, '../../../..');

// The writer is bundled once, so each of the twenty children starts as plain Node in a blink.
let writer: string;
beforeAll(() => {
  writer = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-crash-writer-')), 'crashWriter.cjs');
  buildSync({
    entryPoints: [path.join(root, 'test/fixtures/crashWriter.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: writer,
    external: ['better-sqlite3'],
    tsconfig: path.join(root, 'tsconfig.node.json'),
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'error',
  });
});

function runUntilKilled(file: string, start: number, killAfterCommits: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, file, String(start)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_PATH: path.join(root, 'node_modules') },
    });
    const committed: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      buffer += c.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith('committed ')) committed.push(line.slice(10));
      // Kill in the middle of the writer's next write: whatever was printed had committed.
      if (committed.length >= killAfterCommits && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(committed);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

describe('crash safety', () => {
  it('loses no committed row over 20 SIGKILLs at random points', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-crash-'));
    const file = path.join(dir, 'scout.sqlite');
    const rng = new Rng('crash');
    const all: string[] = [];
    for (let round = 0; round < 20; round++) {
      const committed = await runUntilKilled(file, round * 1000, rng.int(1, 25));
      all.push(...committed);
      const db = openDatabase(file);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const repo = new ReportsRepository(db);
      const ledger = new CreditLedger(db);
      for (const line of all) {
        const [network, name, id] = line.split(':') as [string, string, string];
        expect(repo.open(network as never, name), `${network}:${name}`).not.toBeNull();
        expect(ledger.get(Number(id))?.status).toBe('settled');
      }
      db.close();
    }
    expect(all.length).toBeGreaterThanOrEqual(20);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
