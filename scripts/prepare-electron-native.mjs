// Builds better-sqlite3's addon for Electron's ABI into .electron-native/, leaving the Node build
// in node_modules (which the tests use) untouched. Electron's main loads it through
// better-sqlite3's `nativeBinding` option. Skips the work when the stamp matches.
import fs from 'node:fs';
import path from 'node:path';
import { envWithout, root, run } from './lib.mjs';

const outDir = path.join(root, '.electron-native');
const target = path.join(outDir, 'better_sqlite3.node');
const stampFile = path.join(outDir, 'stamp.json');

const readVersion = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

export async function prepareElectronNative({ quiet = false } = {}) {
  const stamp = {
    electron: readVersion('electron'),
    betterSqlite3: readVersion('better-sqlite3'),
    platform: process.platform,
    arch: process.arch,
  };
  if (fs.existsSync(target) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === JSON.stringify(stamp)) {
    return { ok: true };
  }
  const work = path.join(outDir, 'better-sqlite3');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), work, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}build${path.sep}`) && !src.endsWith(`${path.sep}build`),
  });
  if (!quiet) process.stdout.write(`Scout: building the database module for Electron ${stamp.electron} (once)…\n`);
  const code = await run(
    process.execPath,
    [
      path.join(root, 'node_modules/node-gyp/bin/node-gyp.js'),
      'rebuild',
      '--release',
      '--runtime=electron',
      `--target=${stamp.electron}`,
      `--arch=${process.arch}`,
      '--dist-url=https://electronjs.org/headers',
    ],
    // npm passes .npmrc's nodedir down as npm_config_nodedir; it would build against Node's headers.
    { cwd: work, env: envWithout('npm_config_nodedir', 'NPM_CONFIG_NODEDIR'), stdio: quiet ? 'ignore' : 'inherit' },
  );
  if (code !== 0) return { ok: false, reason: 'node-gyp could not build it (Electron headers need a download)' };
  fs.copyFileSync(path.join(work, 'build/Release/better_sqlite3.node'), target);
  fs.writeFileSync(stampFile, JSON.stringify(stamp));
  fs.rmSync(work, { recursive: true, force: true });
  return { ok: true };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await prepareElectronNative();
  if (!result.ok) {
    process.stderr.write(`Scout: ${result.reason}\n`);
    process.exit(1);
  }
}
