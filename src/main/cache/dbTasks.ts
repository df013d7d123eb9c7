// Database work too long for main's event loop, run in a worker thread of its own (dbWorker.ts):
// preparing a workspace whose schema is behind (backup, migration), checking every page of one for
// damage, copying a backup into place, moving a long write's log into the database (a checkpoint). Main awaits the answer; a failure comes back as the same
// ScoutError the work threw (its words and advice), a file error with its code.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import { ScoutError, type ScoutErrorData } from '@shared/errors';

export type DbTask =
  | { kind: 'prepare'; file: string; label: string; nativeBinding?: string }
  | { kind: 'check'; file: string; nativeBinding?: string; damagedAdvice: string }
  | { kind: 'copy'; from: string; to: string }
  | { kind: 'checkpoint'; file: string; nativeBinding?: string };

export type DbTaskAnswer = { ok: true } | { ok: false; error: ScoutErrorData; errno: string | null };

let bundled: string | null = null;

/**
 * The worker's script: beside main's own in a build (electron-vite builds out/main/dbWorker.js);
 * run from source (tests, benchmarks), bundled once per process by esbuild, a dev dependency.
 */
export function dbWorkerScript(): string {
  for (const built of [path.join(__dirname, 'dbWorker.js'), path.join(__dirname, '..', 'dbWorker.js')]) if (fs.existsSync(built)) return built;
  if (bundled && fs.existsSync(bundled)) return bundled;
  const source = path.join(__dirname, 'dbWorker.ts');
  if (!fs.existsSync(source)) throw new Error(`Scout's database worker is missing (looked beside ${__dirname}).`);
  // Inside the checkout's node_modules, so the bundle finds better-sqlite3 as main does.
  const cache = path.resolve(__dirname, '../../../node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'scout-dbworker-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'dbWorker.cjs');
  // Hidden from the bundler: only a source checkout reaches this, and it has esbuild.
  const esbuild = createRequire(__filename)('esbuild') as typeof Esbuild;
  esbuild.buildSync({
    entryPoints: [source],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3'],
    alias: { '@shared': path.resolve(__dirname, '../../shared') },
    logLevel: 'silent',
  });
  bundled = out;
  return out;
}

/**
 * Runs the task in a worker thread; resolves when it is done, rejects with its error. `signal`
 * stops the worker where it is (a read-only check, when its workspace closes): nothing of it
 * outlives the abort.
 */
export function runDbTask(task: DbTask, options: { signal?: AbortSignal } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const worker = new Worker(dbWorkerScript(), { workerData: task });
    let answered = false;
    const stop = () => {
      if (answered) return;
      answered = true;
      void worker.terminate().finally(() => reject(options.signal!.reason));
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (answer: DbTaskAnswer) => {
      answered = true;
      if (answer.ok) resolve();
      else reject(Object.assign(new ScoutError(answer.error), answer.errno ? { errno: answer.errno } : {}));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`Scout's database worker stopped (exit code ${code}) before it answered.`));
    });
  });
}
