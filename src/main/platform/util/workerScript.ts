// The script of a worker thread Scout starts (dbWorker: database work; sheetWorker: workbooks).
// In a build it is beside main's own (electron-vite builds out/main/<name>.js from the inputs in
// electron.vite.config.ts); run from source (tests, benchmarks) it is bundled once per process by
// esbuild, a dev dependency.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';

/** Each worker's entry, from src/main/platform (the same depth as this folder, so the paths below hold for each). */
const SOURCES = {
  dbWorker: 'cache/dbWorker.ts',
  sheetWorker: 'files/sheetWorker.ts',
} as const;

export type WorkerName = keyof typeof SOURCES;

/** Modules a worker requires from node_modules as main does, rather than carrying a copy. */
const EXTERNAL = ['better-sqlite3', 'exceljs'];

const bundled = new Map<WorkerName, string>();

/**
 * The worker's script. From source this bundles it, synchronously, the first time (some 100 ms):
 * benchmarks ask for it before they measure.
 */
export function workerScript(name: WorkerName): string {
  for (const built of [path.join(__dirname, `${name}.js`), path.join(__dirname, '..', `${name}.js`)]) if (fs.existsSync(built)) return built;
  const done = bundled.get(name);
  if (done && fs.existsSync(done)) return done;
  const source = path.join(__dirname, '..', SOURCES[name]);
  if (!fs.existsSync(source)) throw new Error(`Scout's ${name} is missing (looked beside ${__dirname}).`);
  // Inside the checkout's node_modules, so the bundle finds its external modules as main does.
  const cache = path.resolve(__dirname, '../../../../node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, `scout-${name.toLowerCase()}-`));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, `${name}.cjs`);
  // Hidden from the bundler: only a source checkout reaches this, and it has esbuild.
  const esbuild = createRequire(__filename)('esbuild') as typeof Esbuild;
  esbuild.buildSync({
    entryPoints: [source],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    alias: { '@shared': path.resolve(__dirname, '../../../shared') },
    logLevel: 'silent',
  });
  bundled.set(name, out);
  return out;
}
