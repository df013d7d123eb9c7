// Starts the real app in browser mode (the built main services in Node, serving the built
// renderer) on a fresh data folder and its own keychain entry, for each test.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../src/simulator/server';
import { appRoot, startBrowserMode } from './browserMode';

export interface ScoutApp {
  launchUrl: string;
  origin: string;
  dataDir: string;
  logFile: string;
  /** Everything the server process printed. */
  output(): string;
  /**
   * Every /rpc/ answer the page received, as text: only in a test that asks for them with
   * `test.use({ scoutRecordRpc: true })` (reading each answer back costs every other test CPU).
   */
  readonly rpcBodies: string[];
  /** Signs the page's browser context in (a launch address works once: later calls ask for a new one) and waits for the app. */
  open(page: Page): Promise<void>;
  /** A fresh one-time launch address from the running server. */
  newLaunchUrl(): Promise<string>;
  /** The simulator the demo workspace talks to, when the test started its own (`scoutSimulator`). */
  simulator: SimulatorHandle | null;
  /** Stops that simulator, as if the API had gone away. */
  stopSimulator(): Promise<void>;
  /** Work offline, the API gone (the test's simulator stopped), the page reloaded and drawn: the cache alone. */
  reloadOfflineWithoutApi(page: Page): Promise<void>;
}

export const test = base.extend<{ scout: ScoutApp; scoutSimulator: SimulatorOptions | null; scoutRecordRpc: boolean }>({
  /**
   * `test.use({ scoutSimulator: {...} })` starts a simulator in the test's own process with these
   * options and points the demo workspace at it (`--demo-api`), so the test can stop it.
   * Without it the app runs its built-in simulator.
   */
  scoutSimulator: [null, { option: true }],
  /** `test.use({ scoutRecordRpc: true })` keeps every /rpc/ answer the page receives in `scout.rpcBodies`. */
  scoutRecordRpc: [false, { option: true }],
  scout: async ({ scoutSimulator, scoutRecordRpc }, use, testInfo) => {
    if (!fs.existsSync(path.join(appRoot, 'out/main/serve.js'))) throw new Error('Run `npm run build` before the end-to-end tests.');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-'));
    const keychainService = `scout-workbench-e2e-${crypto.randomUUID()}`;
    const simulator = scoutSimulator ? await startSimulator({ ...scoutSimulator, port: 0 }) : null;
    let simulatorRunning = simulator !== null;
    const stopSimulator = async () => {
      if (!simulatorRunning) return;
      simulatorRunning = false;
      await simulator!.close();
    };
    const { launchUrl, newLaunchUrl, output, stop } = await startBrowserMode({ dataDir, keychainService, args: simulator ? ['--demo-api', simulator.url] : [] });
    const rpcBodies: string[] = [];
    let firstLaunchUnused = true;
    const printedAt = Date.now();
    const app: ScoutApp = {
      launchUrl,
      origin: new URL(launchUrl).origin,
      dataDir,
      logFile: path.join(dataDir, 'logs', 'scout.log'),
      output,
      get rpcBodies() {
        // An empty list would pass every "not in any answer" check: a test that reads it must record.
        if (!scoutRecordRpc) throw new Error('scout.rpcBodies is recorded only with test.use({ scoutRecordRpc: true })');
        return rpcBodies;
      },
      simulator,
      stopSimulator,
      async reloadOfflineWithoutApi(page) {
        await page.getByRole('button', { name: 'Work offline' }).click();
        await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
        await stopSimulator();
        await page.reload();
        await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
      },
      newLaunchUrl,
      async open(page) {
        if (scoutRecordRpc) {
          page.on('response', async (response) => {
            if (response.url().includes('/rpc/')) rpcBodies.push(await response.text().catch(() => ''));
          });
        }
        // The first address expires a minute after it was printed; a slow start asks for another.
        const url = firstLaunchUnused && Date.now() - printedAt < 45_000 ? launchUrl : await newLaunchUrl();
        firstLaunchUnused = false;
        await page.goto(url);
        await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
      },
    };
    await use(app);
    // A failed test keeps what the server printed (a crash says why there).
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('browser-mode output', { body: output(), contentType: 'text/plain' });
    await stop();
    await stopSimulator();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };
