// Bundles a test fixture into one CommonJS file, so each child process starts as plain Node in a
// blink, and runs it. Used by the tests that need real separate processes (locks, crashes).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';

export const repoRoot = path.resolve(__dirname, '..');

/** `external`: native modules besides better-sqlite3 the fixture loads (keytar, for the main services). */
export function bundleFixture(entry: string, external: readonly string[] = []): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-fixture-')), `${path.basename(entry, '.ts')}.cjs`);
  buildSync({
    entryPoints: [path.join(repoRoot, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    external: ['better-sqlite3', ...external],
    // import('keytar') made require(), so the child finds it by NODE_PATH as it does better-sqlite3.
    ...(external.length > 0 ? { supported: { 'dynamic-import': false } } : {}),
    tsconfig: path.join(repoRoot, 'tsconfig.node.json'),
    nodePaths: [path.join(repoRoot, 'node_modules')],
    logLevel: 'error',
  });
  return out;
}

export interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout line matching, or rejects when the child exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: path.join(repoRoot, 'node_modules'), ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${out}${err}`)), timeoutMs);
        const check = () => {
          const match = out.split('\n').find((line) => pattern.test(line));
          if (match !== undefined) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        child.stdout.on('data', check);
        check();
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          check();
          reject(new Error(`exited (${code ?? signal}) before ${pattern}: ${out}${err}`));
        });
      });
    },
  };
}
