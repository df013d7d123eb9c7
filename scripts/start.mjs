// `npm start`: the desktop app. Electron 45 downloads its runtime on first use; where that is
// impossible (no internet), Scout says so in one line and starts browser mode instead.
import fs from 'node:fs';
import path from 'node:path';
import { bin, envWithout, root, run } from './lib.mjs';
import { prepareElectronNative } from './prepare-electron-native.mjs';

const electronDir = path.join(root, 'node_modules/electron');

function electronExecutable() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const exe = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(exe) ? exe : null;
}

async function ensureElectron() {
  if (electronExecutable()) return { ok: true };
  process.stdout.write('Scout: downloading the Electron runtime (once)…\n');
  const code = await run(process.execPath, [path.join(electronDir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
  return code === 0 && electronExecutable() ? { ok: true } : { ok: false, reason: 'the Electron runtime could not be downloaded' };
}

async function fallBackToBrowser(reason) {
  process.stdout.write(`Scout: ${reason}; starting browser mode instead (open the address below in your browser).\n`);
  process.exit(await run(process.execPath, [path.join(root, 'scripts/serve.mjs'), ...process.argv.slice(2)]));
}

const electron = await ensureElectron();
if (!electron.ok) await fallBackToBrowser(electron.reason);

const native = await prepareElectronNative();
if (!native.ok) await fallBackToBrowser(`the database module could not be built for Electron (${native.reason})`);

const built = await run(bin('electron-vite'), ['build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
process.exit(await run(electronExecutable(), [root, ...process.argv.slice(2)], { env: envWithout('ELECTRON_RUN_AS_NODE') }));
