// The same shell in the real Electron window, where its runtime exists. On machines where the
// runtime cannot be downloaded (no internet), this project is skipped with the reason printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const root = path.resolve(__dirname, '..');

function electronRuntime(): { path: string } | { reason: string } {
  const pathFile = path.join(root, 'node_modules/electron/path.txt');
  if (!fs.existsSync(pathFile)) return { reason: 'the Electron runtime is not downloaded (npm start downloads it where there is internet)' };
  const exe = path.join(root, 'node_modules/electron/dist', fs.readFileSync(pathFile, 'utf8').trim());
  if (!fs.existsSync(exe)) return { reason: `the Electron runtime is missing at ${exe}` };
  if (!fs.existsSync(path.join(root, '.electron-native/better_sqlite3.node'))) {
    return { reason: 'the Electron build of better-sqlite3 is missing (run npm start once)' };
  }
  return { path: exe };
}

const runtime = electronRuntime();
if ('reason' in runtime) console.log(`[electron] skipped: ${runtime.reason}`);

test('the desktop window opens on the demo workspace with its credits', async () => {
  test.skip('reason' in runtime, 'reason' in runtime ? runtime.reason : '');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-electron-'));
  const app = await electron.launch({
    executablePath: (runtime as { path: string }).path,
    args: [root],
    env: { ...process.env, SCOUT_DATA_DIR: dataDir },
  });
  const window = await app.firstWindow();
  await expect(window.getByLabel('Workspace', { exact: true })).toHaveValue('demo');
  await expect(window.getByTestId('credits-reports')).toHaveText('1,000');
  // The sandboxed page has no Node: only the contract's bridge.
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await window.evaluate(() => Object.keys((window as unknown as { scout: object }).scout).sort())).toEqual(['invoke', 'on']);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
