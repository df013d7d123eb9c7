// `npm start`: the desktop app. Electron 45 downloads its runtime on first use; where that is
// impossible (no internet), Scout says so in one line and starts browser mode instead, and does
// not try again for a day (electronRuntime.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { bin, envWithout, root, run } from './lib.mjs';
import { prepareElectronNative } from './prepare-electron-native.mjs';
import { clearFailure, downloadPlan, readFailure, writeFailure } from './electronRuntime.mjs';

const electronDir = path.join(root, 'node_modules/electron');
/** A failed download of the runtime, written down so the next starts do not wait on it again (electronRuntime.mjs). */
const failureFile = path.join(root, '.electron-native/electron-download.json');

function electronExecutable() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const exe = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(exe) ? exe : null;
}

async function ensureElectron() {
  const version = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;
  const installed = electronExecutable() !== null;
  const plan = downloadPlan({ installed, failure: readFailure(failureFile, version), now: Date.now(), retry: process.env.SCOUT_RETRY_ELECTRON === '1' });
  if (plan.say) process.stdout.write(plan.say);
  if (installed) return { ok: true };
  if (!plan.attempt) return { ok: false, reason: plan.reason };
  const code = await run(process.execPath, [path.join(electronDir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (code === 0 && electronExecutable()) {
    clearFailure(failureFile);
    return { ok: true };
  }
  writeFailure(failureFile, version, Date.now());
  return { ok: false, reason: 'the Electron runtime could not be downloaded' };
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
