import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startBrowserMode } from './browserMode';
import { expect, test } from './fixtures';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

test('the browser-mode server wants a session, not the launch value, and its own host name', async ({ scout }) => {
  const launch = new URL(scout.launchUrl).searchParams.get('launch')!;
  expect((await get(scout.origin, '/')).status).toBe(401);
  expect((await get(scout.origin, '/', { authorization: `Bearer ${launch}` })).status).toBe(401);

  const signIn = await get(scout.origin, scout.launchUrl);
  expect(signIn.status).toBe(303);
  const cookie = (signIn.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const [name, session] = cookie.split('=');
  expect(name).toBe(`scout_session_${new URL(scout.origin).port}`);
  expect(session).not.toBe(launch);
  expect((await get(scout.origin, '/', { cookie })).status).toBe(200);
  expect((await get(scout.origin, '/', { authorization: `Bearer ${session}` })).status).toBe(200);
  expect((await get(scout.origin, '/', { cookie, host: 'evil.example' })).status).toBe(421);
});

test('a page on another origin cannot call the contract', async ({ page, scout }) => {
  await scout.open(page);
  // Even from a page that knows the address, a cross-origin call is refused by the server
  // (Origin check) and blocked by the browser (no CORS grant).
  const result = await page.evaluate(async (origin) => {
    const other = origin.replace('127.0.0.1', 'localhost');
    try {
      const r = await fetch(`${other}/rpc/app:info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return r.status;
    } catch {
      return 'blocked';
    }
  }, scout.origin);
  expect(result).toBe('blocked');
});

test('a launch address opens Scout once; another browser needs a new one, had without a restart', async ({ page, browser, scout }) => {
  await scout.open(page);
  expect(page.url()).not.toContain('launch=');

  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    const reused = await stranger.goto(scout.launchUrl);
    expect(reused?.status()).toBe(401);
    await expect(stranger.locator('body')).toContainText('already used: each one opens Scout once');
    await expect(stranger.locator('body')).toContainText('press Enter in the terminal');
    expect(await other.cookies()).toEqual([]);

    await stranger.goto(await scout.newLaunchUrl());
    await expect(stranger.locator('main[aria-busy="false"]')).toBeVisible();
    await expect(stranger.getByTestId('credits-reports')).toHaveText('1,000');
  } finally {
    await other.close();
  }
  // The first browser kept its session.
  await page.reload();
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
});

function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  return refused;
}

test('two Scouts open in one browser both keep working', async ({ page, context, scout }) => {
  // A second Scout starts (its own server and database) and three tabs each reload and switch
  // workspace twice: 11 s alone, beyond the default 30 s beside another worker on CI.
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-second-'));
  const second = await startBrowserMode({ dataDir, keychainService: `scout-workbench-e2e-${crypto.randomUUID()}` });
  try {
    const refusedFirst = refusedCalls(page);
    await scout.open(page);
    const otherTab = await context.newPage();
    const refusedSecond = refusedCalls(otherTab);
    await otherTab.goto(second.launchUrl);
    await expect(otherTab.locator('main[aria-busy="false"]')).toBeVisible();

    const ports = [new URL(scout.origin).port, new URL(second.launchUrl).port];
    const names = (await context.cookies()).map((c) => c.name).sort();
    expect(names).toEqual(ports.map((p) => `scout_session_${p}`).sort());

    // Each tab still talks to its own Scout: reload, move about, call the contract.
    for (const tab of [page, otherTab, page]) {
      await tab.reload();
      await expect(tab.getByTestId('credits-reports')).toHaveText('1,000');
      await tab.keyboard.press('Control+9');
      await expect(tab.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
      const switcher = tab.getByRole('banner').getByLabel('Workspace');
      await switcher.selectOption('production');
      await expect(tab.getByTestId('credit-meter')).toContainText('Credits unknown');
      await switcher.selectOption('demo');
      await expect(tab.getByTestId('credits-reports')).toHaveText('1,000');
    }
    expect(refusedFirst).toEqual([]);
    expect(refusedSecond).toEqual([]);
  } finally {
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe('an API that echoes every request header', () => {
  test.use({ scoutRecordRpc: true });
  const token = `echoed-e2e-secret-${crypto.randomUUID()}`;
  let echo: http.Server;
  let echoUrl = '';
  const sawToken: boolean[] = [];
  test.beforeAll(async () => {
    echo = http.createServer((req, res) => {
      sawToken.push(req.headers['x-auth-token'] === token);
      const dump = Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('\n');
      res.writeHead(418, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { description: `you sent x-auth-token ${req.headers['x-auth-token']}` }, headers: req.headers, dump }));
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => echo.close(() => r())));

  test('puts the token nowhere on the page, in no RPC answer and in no event', async ({ page, scout }) => {
    await scout.open(page);
    await page.evaluate(() => {
      const w = window as unknown as { scoutEvents: string[] };
      w.scoutEvents = [];
      new EventSource('/events').onmessage = (m) => w.scoutEvents.push(String(m.data));
    });
    await page.getByLabel('Workspace', { exact: true }).selectOption('production');
    await page.keyboard.press('Control+9');
    await page.getByLabel('API address').fill(echoUrl);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('API address saved.')).toBeVisible();
    await page.getByLabel('Account id').fill('echo-account');
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText(/Saved in the system keychain/)).toBeVisible();

    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByTestId('connection-test-result').getByRole('alert');
    await expect(alert).toContainText('you sent x-auth-token [redacted]');

    // The echo did get the token (it is the API), so the checks below could fail.
    expect(sawToken.length).toBeGreaterThan(0);
    expect(sawToken.every(Boolean)).toBe(true);
    const errorBodies = scout.rpcBodies.filter((b) => b.includes('"ok":false'));
    expect(errorBodies.some((b) => b.includes('HTTP 418') && b.includes('127.0.0.1'))).toBe(true);

    const pageText = await page.evaluate(() => document.documentElement.outerHTML + document.body.innerText);
    expect(pageText).not.toContain(token);
    for (const body of scout.rpcBodies) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('echo-account');
    }
    const events = await page.evaluate(() => (window as unknown as { scoutEvents: string[] }).scoutEvents);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event).not.toContain(token);
    expect(fs.readFileSync(scout.logFile, 'utf8')).not.toContain(token);
  });
});
