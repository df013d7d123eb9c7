// Starts the real app in browser mode (the built main services in Node, serving the built
// renderer) on a fresh data folder and its own keychain entry, for each test.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const root = path.resolve(__dirname, '..');

export interface ScoutApp {
  launchUrl: string;
  origin: string;
  dataDir: string;
  logFile: string;
  /** Everything the server process printed. */
  output(): string;
  /** Every /rpc/ answer the page received, as text. */
  rpcBodies: string[];
  open(page: Page): Promise<void>;
}

async function startServe(dataDir: string, keychainService: string): Promise<{ child: ChildProcess; launchUrl: string; output: () => string }> {
  const child = spawn(process.execPath, [path.join(root, 'out/main/serve.js'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, SCOUT_KEYCHAIN_SERVICE: keychainService },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const launchUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${output}`)), 15_000);
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const match = /Open: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output}`)));
  });
  return { child, launchUrl, output: () => output };
}

export const test = base.extend<{ scout: ScoutApp }>({
  // Playwright requires an object pattern here, even when the fixture needs no other fixture.
  // eslint-disable-next-line no-empty-pattern
  scout: async ({}, use) => {
    if (!fs.existsSync(path.join(root, 'out/main/serve.js'))) throw new Error('Run `npm run build` before the end-to-end tests.');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-'));
    const keychainService = `scout-workbench-e2e-${crypto.randomUUID()}`;
    const { child, launchUrl, output } = await startServe(dataDir, keychainService);
    const rpcBodies: string[] = [];
    const app: ScoutApp = {
      launchUrl,
      origin: new URL(launchUrl).origin,
      dataDir,
      logFile: path.join(dataDir, 'logs', 'scout.log'),
      output,
      rpcBodies,
      async open(page) {
        page.on('response', async (response) => {
          if (response.url().includes('/rpc/')) rpcBodies.push(await response.text().catch(() => ''));
        });
        await page.goto(launchUrl);
        await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
      },
    };
    await use(app);
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };
