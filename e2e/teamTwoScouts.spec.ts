// Two researchers' Scouts, each in its own browser mode process (its own data folder and keychain
// entry) and its own Chromium page, in the Team workspace: one team database (a real PostgreSQL
// started here, set up as an admin would) and one API simulator (also started here, the referee of
// what was charged). What one buys shows in the other's library within a second without a click
// and opens there offline; asked by both at once it is bought once; saved work and watchlists are
// shared; the team's spending names who spent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { appRoot, startBrowserMode, type BrowserModeApp } from './browserMode';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { postgresMissing, startPostgres, type TestPostgres } from '../test/postgresServer';
import { teamDatabase, type Researcher, type TeamDatabase } from '../test/teamDb';
import { setUpTeamWorkspace } from './teamSettings';

interface TwoScouts {
  researcher: Researcher;
  app: BrowserModeApp;
  context: BrowserContext;
  page: Page;
}

/** A Scout of its own (data folder, keychain entry, browser context) in the Team workspace, on the simulator, connected as `who`. */
async function startScout(browser: Browser, sim: SimulatorHandle, server: TestPostgres, team: TeamDatabase, who: Researcher, cleanups: (() => Promise<void>)[]): Promise<TwoScouts> {
  // Each part is put away afterwards even when a later step here fails.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-team-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const app = await startBrowserMode({ dataDir, keychainService: `scout-workbench-e2e-${crypto.randomUUID()}` });
  cleanups.push(() => app.stop());
  // Light, 1,100 px wide: the screenshots of the libraries are taken as a researcher would see them.
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, colorScheme: 'light' });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(app.launchUrl);
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await setUpTeamWorkspace(page, sim.url, server, team.database, who);
  await page.getByRole('link', { name: 'Accounts' }).click();
  return { researcher: who, app, context, page };
}

/** Add accounts → check the cost of one account (network:name) → its confirmation shown. */
async function quoteOne(page: Page, account: string) {
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(account);
  await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
  await expect(page.getByTestId('fetch-confirmation')).toContainText('new: 1 report credit');
}

/** The same RPC Settings → Team spending reads: how many of this Scout's spends wait for the team ledger. */
async function queuedSpends(page: Page): Promise<number> {
  const answer = await page.evaluate(async () => {
    const response = await fetch('/rpc/team%3Aspending', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' });
    return (await response.json()) as { ok: boolean; value?: { team: boolean; queued?: number } };
  });
  if (!answer.ok || !answer.value?.team) throw new Error(`team:spending answered ${JSON.stringify(answer)}`);
  return answer.value.queued!;
}

const reportKey = (network: string, name: string) => JSON.stringify([network, name, '']);

test.describe('Two Scouts on one team database', () => {
  test.skip(postgresMissing !== null, `PostgreSQL is not installed: ${postgresMissing}`);
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let server: TestPostgres;
  let team: TeamDatabase;
  let sim: SimulatorHandle;
  let a: TwoScouts;
  let b: TwoScouts;
  /** What was started for the two Scouts, put away in reverse order. */
  const cleanups: (() => Promise<void>)[] = [];
  /** What Anna's Scout said it spent, report credits, step by step: Settings on Bob's must show the sum. */
  let annaSpent = 0;
  let bobSpent = 0;

  test.beforeAll(async ({ browser }) => {
    if (!fs.existsSync(path.join(appRoot, 'out/main/serve.js'))) throw new Error('Run `npm run build` before the end-to-end tests.');
    server = await startPostgres();
    team = await teamDatabase(server);
    const [anna, bob] = [await team.addResearcher('Anna Berg'), await team.addResearcher('Bob Lund')];
    // Every answer a little late, pictures too: a teammate's report shows in the library before its
    // pictures are stored, and the rows must draw them once they are.
    sim = await startSimulator({ generationMs: 300, latencyMs: 250, port: 0 });
    const started = await Promise.allSettled([startScout(browser, sim, server, team, anna, cleanups), startScout(browser, sim, server, team, bob, cleanups)]);
    for (const one of started) if (one.status === 'rejected') throw one.reason;
    [a, b] = started.map((one) => (one as PromiseFulfilledResult<TwoScouts>).value) as [TwoScouts, TwoScouts];
  });
  test.afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await sim?.close();
    await team?.close();
    await server?.close();
  });

  test('Anna buys an account: Bob’s library shows it within a second, unasked, and it opens there offline; charged once', async () => {
    const spent = sim.state.spent.credits;
    await expect(b.page.getByText('No cached accounts yet.')).toBeVisible();

    await quoteOne(a.page, 'instagram:teamfirst');
    await a.page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
    await expect(a.page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 20_000 });
    const finished = Date.now();
    await expect(a.page.getByTestId('run-spent')).toHaveText('· spent 1 report credit');
    annaSpent += 1;
    // Bob does nothing: Anna's record reaches his Scout by the team database's notice, and his library reads again.
    await expect(b.page.getByTestId('library-row-instagram-teamfirst')).toBeVisible({ timeout: Math.max(1, 1_000 - (Date.now() - finished)) });
    expect(sim.state.spent.credits - spent).toBe(1);
    await a.page.getByRole('button', { name: 'Done' }).click();
    await expect(a.page.getByTestId('library-row-instagram-teamfirst')).toBeVisible();

    // One API account: Bob's credit meter, asked again as Anna's record arrived, shows her spend.
    await expect(b.page.getByTestId('credits-reports')).toHaveText(sim.state.balances.credits.toLocaleString('en-US'));
    // Its picture came with it: Bob's Scout stored it as the report arrived, and the row draws it.
    await expect(b.page.getByTestId('library-row-instagram-teamfirst').locator('img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
    // From Bob's own cache, with Scout offline: the report and its picture.
    const calls = [...sim.state.calls.values()].reduce((sum, n) => sum + n, 0);
    await b.page.getByRole('button', { name: 'Work offline' }).click();
    await expect(b.page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
    await b.page.getByTestId('library-row-instagram-teamfirst').focus();
    await b.page.keyboard.press('Enter');
    await expect(b.page.getByTestId('report-view')).toHaveAttribute('data-report', 'instagram/teamfirst');
    await expect(b.page.getByTestId('report-figures').locator('[data-metric="followers_count"]').first()).toBeVisible();
    await expect(b.page.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
    expect([...sim.state.calls.values()].reduce((sum, n) => sum + n, 0)).toBe(calls);
    expect(sim.state.spent.credits - spent).toBe(1);
    await b.page.getByRole('button', { name: 'Go online' }).click();
    await expect(b.page.getByTestId('connection')).not.toHaveAttribute('data-mode', 'offline');
    await b.page.getByRole('link', { name: 'Accounts' }).click();

    for (const [scout, name] of [[a, 'anna'], [b, 'bob']] as const) {
      await expect(scout.page.getByTestId('library-count')).toHaveText('1 account');
      await scout.page.screenshot({ path: test.info().outputPath(`library-${name}.png`) });
    }
  });

  test('the same new account asked by both at once: bought once, the other takes that copy, neither shows an error', async () => {
    const spent = sim.state.spent.credits;
    await Promise.all([quoteOne(a.page, 'youtube:bothatonce'), quoteOne(b.page, 'youtube:bothatonce')]);
    await Promise.all([a.page, b.page].map((page) => page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click()));
    for (const { page } of [a, b]) {
      await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.getByTestId('fetch-run').locator('li')).toHaveCount(1);
    }
    expect(sim.state.spent.credits - spent).toBe(1);
    // One Scout bought it, the other spent nothing (it waited for that purchase, or found it done).
    const said = await Promise.all([a, b].map(async ({ page }) => (await page.getByTestId('run-spent').textContent())!.trim()));
    expect([...said].sort()).toEqual(['· nothing spent', '· spent 1 report credit']);
    if (said[0] === '· spent 1 report credit') annaSpent += 1;
    else bobSpent += 1;
    for (const { page } of [a, b]) {
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('.feedback.error')).toHaveCount(0);
    }
    // The team database's word: one record of it, and one spend for it once both ledgers are shared.
    await expect.poll(async () => (await queuedSpends(a.page)) + (await queuedSpends(b.page)), { timeout: 10_000 }).toBe(0);
    const records = await team.admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM scout_team.records WHERE kind = 'report' AND item_key = $1`, [reportKey('youtube', 'bothatonce')]);
    expect(records.rows[0]!.n).toBe(1);
    const spends = await team.admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM scout_team.ledger WHERE state = 'open' AND account_key = 'bothatonce'`);
    expect(spends.rows[0]!.n).toBe(1);
    for (const { page } of [a, b]) await page.getByRole('button', { name: 'Done' }).click();
    for (const { page } of [a, b]) await expect(page.getByTestId('library-count')).toHaveText('2 accounts');
  });

  test('a discovery query Anna saves shows in Bob’s saved queries, unasked', async () => {
    const name = 'Instagram creators over 10K followers, for the team';
    await b.page.keyboard.press('Control+3');
    await expect(b.page.getByTestId('new-query')).toBeVisible();
    await expect(b.page.getByTestId('saved-query')).toHaveCount(0);

    await a.page.keyboard.press('Control+3');
    await a.page.getByTestId('new-query').click();
    await a.page.getByRole('radio', { name: 'Instagram', exact: true }).check();
    await a.page.getByLabel('Followers from').fill('10000');
    await a.page.getByTestId('query-name').fill(name);
    await a.page.getByTestId('save-query').click();
    await expect(a.page.getByTestId('saved-query')).toHaveAttribute('data-name', name);

    const shared = b.page.getByTestId('saved-query');
    await expect(shared).toHaveAttribute('data-name', name);
    await expect(shared).toContainText('Instagram · never run');
  });

  test('a watchlist Anna makes shows on Bob’s Tracking page, unasked, and an account she adds reaches the open watchlist there', async () => {
    await b.page.keyboard.press('Control+8');
    await expect(b.page.getByTestId('page-tracking')).toBeVisible();
    await a.page.keyboard.press('Control+8');
    await a.page.getByLabel('New watchlist', { exact: true }).fill('Team creators');
    await a.page.getByLabel('Schedule of the new watchlist').selectOption('weekly');
    await a.page.getByRole('button', { name: 'Create watchlist' }).click();
    await expect(a.page.getByTestId('watchlist-name')).toHaveText('Team creators');

    const row = b.page.getByRole('row').filter({ hasText: 'Team creators' });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await row.click();
    await expect(b.page.getByTestId('watchlist-name')).toHaveText('Team creators');
    await expect(b.page.getByTestId('watchlist-schedule')).toContainText('Every week');

    await a.page.getByLabel('Add accounts', { exact: true }).fill('https://www.instagram.com/teamwatched/');
    await a.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(a.page.getByTestId('watchlist-added')).toHaveText('1 account added to Team creators.');
    await expect(b.page.getByTestId('watched-instagram-teamwatched')).toBeVisible({ timeout: 10_000 });
  });

  test('Settings on Bob’s Scout: the team’s spending shows Anna’s spend under her name', async () => {
    // The spending section reads the team ledger when Settings opens: Anna's spends are there first.
    await expect.poll(() => queuedSpends(a.page), { timeout: 10_000 }).toBe(0);
    await b.page.getByRole('link', { name: 'Settings' }).click();
    const month = b.page.getByTestId(`team-spending-${new Date().toISOString().slice(0, 7)}`);
    await expect(month.locator('caption')).toContainText('(this month)');
    const annas = month.getByRole('row').filter({ has: b.page.getByRole('cell', { name: 'Anna Berg', exact: true }) });
    await expect(annas).toHaveCount(1);
    await expect(annas.getByRole('cell').nth(1)).toHaveText('Report credits');
    await expect(annas.getByRole('cell').nth(2)).toHaveText(String(annaSpent));
    // Bob's own line, when he bought something, is marked as his.
    const bobs = month.getByRole('row').filter({ has: b.page.getByRole('cell', { name: /^Bob Lund/ }) });
    if (bobSpent === 0) await expect(bobs).toHaveCount(0);
    else {
      await expect(bobs).toHaveAttribute('aria-current', 'true');
      await expect(bobs.getByRole('cell').nth(2)).toHaveText(String(bobSpent));
    }
  });
});
