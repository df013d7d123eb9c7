// Credentials in Settings: bound to the API address they were entered for, https only, and a
// plain message (with Save disabled) when no keychain can be reached.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { startBrowserMode } from './browserMode';
import { expect, test } from './fixtures';

test.describe('an address change', () => {
  let api: SimulatorHandle;
  let listener: http.Server;
  let listenerUrl = '';
  const seen: http.IncomingHttpHeaders[] = [];
  test.beforeAll(async () => {
    api = await startSimulator({ credits: 31 });
    // Stands in for a host chosen by whoever changes the address: it records every request.
    listener = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{}}');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await api.close();
    listener.closeAllConnections();
    await new Promise((r) => listener.close(r));
  });

  test('asks first, removes the saved token, and nothing carrying it reaches the new address', async ({ page, scout }) => {
    await scout.open(page);
    await page.getByLabel('Workspace', { exact: true }).selectOption('production');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('API address').fill(api.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('API address saved.')).toBeVisible();
    await page.getByLabel('Account id').fill('demo');
    await page.getByLabel('API token').fill('demo-token');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText(`for ${new URL(api.url).origin}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText('Connected');

    // http to a host that is not this computer is refused, with the reason by the field.
    await page.getByLabel('API address').fill('http://api.example.com');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Use an https:// address' })).toBeVisible();
    await expect(page.getByLabel('API address')).toHaveAttribute('aria-invalid', 'true');

    // Settings says what a change does before it is confirmed; keeping the address keeps the token.
    await page.getByLabel('API address').fill(listenerUrl);
    await page.getByRole('button', { name: 'Save address' }).click();
    const confirm = page.getByTestId('confirm-address-change');
    await expect(confirm).toContainText('will be removed from the keychain, and you will enter them again');
    await confirm.getByRole('button', { name: 'Keep the current address' }).click();
    await expect(page.getByTestId('saved-account')).toBeVisible();

    await page.getByRole('button', { name: 'Save address' }).click();
    await confirm.getByRole('button', { name: 'Change address and remove credentials' }).click();
    await expect(page.getByText(/The old credentials were removed/)).toBeVisible();
    await expect(page.getByTestId('credential-status-production')).toHaveText('None saved');

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText('no API credentials');
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    expect(seen.filter((h) => 'x-auth-token' in h || 'x-auth-id' in h || JSON.stringify(h).includes('demo-token'))).toEqual([]);
  });
});

test('without a reachable keychain Settings says so in plain words and Save is disabled', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-nokeyring-'));
  // As `npm run serve` in a terminal without a desktop session: no D-Bus session, no display.
  const env = { ...process.env };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const app = await startBrowserMode({ dataDir, keychainService: `scout-workbench-e2e-${crypto.randomUUID()}`, env });
  try {
    await page.goto(app.launchUrl);
    await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
    await page.getByRole('link', { name: 'Settings' }).click();
    const problem = page.getByTestId('keychain-problem');
    await expect(problem).toContainText('Scout cannot reach a system keychain');
    await expect(problem).toContainText("dbus-run-session -- sh -c 'printf %s");
    await expect(problem).toContainText('npm run serve');
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('D-Bus without X11');
    expect(text).not.toContain('apt install');
    await expect(page.getByTestId('credential-status-production')).toHaveText('Keychain unavailable');
    await page.getByLabel('Account id').fill('1234');
    await page.getByLabel('API token').fill('a-token-that-cannot-be-saved');
    await expect(page.getByRole('button', { name: 'Save credentials' })).toBeDisabled();
    // The raw reason is kept for a bug report, in the log.
    expect(fs.readFileSync(path.join(dataDir, 'logs', 'scout.log'), 'utf8')).toMatch(/cannot reach a system keychain.*\(.+\)/);
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
