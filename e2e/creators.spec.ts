// Creators end to end, and quotes that know what the API account has already unlocked.
// 1. Filters refused at their fields; a sync by unlock dates, then by creator accounts (an account
//    this Scout fetched first), both free; a contact copied; an account opened outside through
//    main's allow-list; then offline, after a reload, everything synced is still there.
// 2. Two Scouts (two data folders) on one simulator, so one API account: the second quotes the
//    accounts the first fetched as free ("unlocked on … by your API account") and fetching them
//    spends nothing at the API.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DAY_MS } from '../src/simulator/clock';
import { startBrowserMode } from './browserMode';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shownDate = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(ms));

/** Fetches accounts through Add accounts, confirming what the quote says. */
async function addAccounts(page: Page, lines: string, confirmLabel: string) {
  await page.keyboard.press('Control+1');
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill(lines);
  await page.getByRole('button', { name: /^Check cost of / }).click();
  await page.getByTestId('fetch-confirmation').getByRole('button', { name: confirmLabel }).click();
  const run = page.getByTestId('fetch-run');
  await expect(run.getByRole('button', { name: 'Done' })).toBeVisible({ timeout: 40_000 });
  return run;
}

test('sync creators by unlock date and by account, copy a contact, offline too', async ({ page, scout }) => {
  test.setTimeout(120_000);
  const simulator = scout.simulator!;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: scout.origin });
  await scout.open(page);
  // An account this API account has unlocked today: the simulator's creators include it.
  const run = await addAccounts(page, 'natgeo', 'Fetch and spend 1 report credit');
  await expect(run.locator('li[data-status="done"]')).toHaveCount(1);
  await run.getByRole('button', { name: 'Done' }).click();

  await page.keyboard.press('Control+6');
  await expect(page.getByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
  await expect(page.getByTestId('creators-empty')).toContainText('No creators in the cache yet.');

  // Each filter says what is wrong with it, beside it; nothing is sent.
  const syncButton = page.getByRole('button', { name: 'Sync creators' });
  await page.getByLabel('Report unlocked from').fill('2026-04-01');
  await page.getByLabel('to', { exact: true }).fill('2026-03-01');
  await page.getByLabel('Creator ids').fill('12, 4x');
  await page.getByLabel('Creator accounts').fill('instagram natgeo\nnatgeo');
  await syncButton.click();
  await expect(page.getByTestId('field-unlocked-to').locator('.field-error')).toHaveText('The end date comes before the start date.');
  await expect(page.getByTestId('field-creator-ids').locator('.field-error')).toHaveText('"4x" is not a creator id: ids are whole numbers from 1, separated by commas.');
  await expect(page.getByTestId('field-creator-accounts').locator('.field-error')).toContainText('Line 2 (“natgeo”): choose a network, or paste a profile link.');
  await expect(page.getByLabel('Creator ids')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('creators-empty')).toBeVisible();
  await page.getByLabel('Creator ids').fill(Array.from({ length: 1001 }, (_, i) => i + 1).join(', '));
  await syncButton.click();
  await expect(page.getByTestId('field-creator-ids').locator('.field-error')).toHaveText('At most 1,000 creator ids at a time; this has 1,001.');

  // By unlock date: the last 30 days of the simulator's clock.
  const now = simulator.clock.now();
  const from = day(now - 30 * DAY_MS);
  const to = day(now);
  await page.getByLabel('Report unlocked from').fill(from);
  await page.getByLabel('to', { exact: true }).fill(to);
  await page.getByLabel('Creator ids').fill('');
  await page.getByLabel('Creator accounts').fill('');
  const spentBefore = { ...simulator.state.spent };
  await syncButton.click();
  const result = page.getByTestId('creators-sync-result');
  await expect(result).toHaveText(/^\d+ creators? synced\. Nothing was spent\.$/, { timeout: 20_000 });
  const synced = Number((await result.textContent())!.split(' ')[0]);
  expect(synced).toBeGreaterThan(0);
  expect(synced).toBeLessThan(240);
  expect(simulator.state.spent).toEqual(spentBefore);
  await expect(page.getByTestId('creators-count')).toHaveText(`${synced} creator${synced === 1 ? '' : 's'} in the cache`);
  // Every creator shown was unlocked within the dates asked for.
  const rows = page.getByTestId('creator-row');
  await expect(rows.first()).toBeVisible();
  // Measured rows drawn as tall as what they hold, one under the other (not collapsed into a strip).
  const [firstBox, nameBox] = await Promise.all([rows.first().boundingBox(), rows.first().locator('td').first().boundingBox()]);
  expect(firstBox!.height).toBeGreaterThan(30);
  expect(nameBox!.y + nameBox!.height).toBeLessThanOrEqual(firstBox!.y + firstBox!.height + 0.5);
  if (synced > 1) expect((await rows.nth(1).boundingBox())!.y).toBeGreaterThanOrEqual(firstBox!.y + firstBox!.height - 0.5);
  const dates = await page.getByTestId('account-unlocked').allTextContents();
  expect(dates.length).toBeGreaterThan(0);
  for (const text of dates) {
    const shown = /report unlocked (.+)$/.exec(text)?.[1];
    expect(shown, text).toBeTruthy();
    const at = new Date(`${shown} 12:00 UTC`).getTime();
    expect(day(at) >= from && day(at) <= to, `${text} within ${from}…${to}`).toBe(true);
  }

  // A contact copies with one press, and says so.
  const copy = page.getByRole('button', { name: /^Copy email / }).first();
  const email = (await copy.getAttribute('aria-label'))!.replace(/^Copy email /, '');
  await copy.click();
  await expect(page.getByTestId('copy-note').first()).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);

  // By creator account: the account fetched above, unlocked today.
  await page.getByLabel('Report unlocked from').fill('');
  await page.getByLabel('to', { exact: true }).fill('');
  await page.getByLabel('Creator accounts').fill('instagram natgeo');
  await syncButton.click();
  await expect(result).toHaveText('1 creator synced. Nothing was spent.', { timeout: 20_000 });
  await page.getByLabel('Search creators by name, contact or account').fill('natgeo');
  await expect(page.getByTestId('creators-count')).toHaveText('1 creator matching “natgeo”');
  const natgeo = page.getByTestId('creator-account').filter({ hasText: '@natgeo' });
  await expect(natgeo).toContainText('Instagram');
  await expect(natgeo.getByTestId('account-unlocked')).toContainText(`report unlocked ${shownDate(now)}`);
  expect(simulator.state.spent).toEqual(spentBefore);
  // The API's creator id is no researcher's word: not on the row (a country, if any, by its name).
  const row = page.getByTestId('creator-row').first();
  await expect(row).not.toContainText(/\bid \d/);
  expect(await row.getAttribute('data-creator')).toMatch(/^\d+$/);
  await expect(row.locator('.creator-name .muted')).not.toHaveText(/^[A-Z]{2}$/);

  // The account opens on its network through main's allow-list.
  await page.context().route('https://www.instagram.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>profile</title>' }));
  const popup = page.waitForEvent('popup');
  await natgeo.getByRole('button', { name: /@natgeo/ }).click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toBe('https://www.instagram.com/natgeo/');
  await opened.close();

  // Offline: the API gone, Scout offline, reloaded: the creators are read from the cache.
  await page.getByLabel('Search creators by name, contact or account').fill('');
  await expect(page.getByTestId('creators-count')).toHaveText(/ in the cache$/);
  const total = (await page.getByTestId('creators-count').textContent())!;
  await scout.reloadOfflineWithoutApi(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
  await expect(page.getByTestId('creators-count')).toHaveText(total);
  await page.getByLabel('Search creators by name, contact or account').fill('natgeo');
  await expect(page.getByTestId('creators-count')).toHaveText('1 creator matching “natgeo”');
  await expect(page.getByTestId('sync-blocked')).toContainText('working offline');
  await expect(syncButton).toBeDisabled();

  // Offline too, the creators listed go out as a sheet: the search's one, named by the search.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('Creators matching “natgeo”.csv');
  const lines = fs.readFileSync((await csv.path())!, 'utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Creator,Country,Favourite,Emails,Phones,Accounts,Network status,Contract status,Payment status');
  expect(lines.filter((l) => /natgeo/i.test(l))).toHaveLength(1);
  await expect(page.getByTestId('creators-export-status')).toHaveText('Creators matching “natgeo”.csv downloaded.');
});

test('a second Scout on the same API account quotes what the first fetched as free, and spends nothing on it', async ({ page, scout, browser }) => {
  test.setTimeout(120_000);
  const simulator = scout.simulator!;
  await scout.open(page);
  const first = await addAccounts(page, 'natgeo\ntwitch:shroud', 'Fetch and spend 2 report credits');
  await expect(first.locator('li[data-status="done"]')).toHaveCount(2);
  expect(simulator.state.spent.credits).toBe(2);
  const unlockedOn = shownDate(simulator.clock.now());

  // A second data folder, its own keychain entry, the same simulator (so the same API account).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-second-'));
  const second = await startBrowserMode({ dataDir, keychainService: `scout-workbench-e2e-${crypto.randomUUID()}`, args: ['--demo-api', simulator.url] });
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto(second.launchUrl);
    await expect(other.locator('main[aria-busy="false"]')).toBeVisible();
    await expect(other.getByText('No cached accounts yet.')).toBeVisible();
    await expect(other.getByTestId('credits-reports')).toHaveText('998');

    await other.getByRole('button', { name: 'Add accounts' }).click();
    await other.getByLabel('Network for bare names').selectOption('instagram');
    await other.getByLabel(/Usernames, channel ids/).fill('natgeo\ntwitch:shroud\ntherock');
    await other.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
    const confirmation = other.getByTestId('fetch-confirmation');
    await expect(confirmation).toContainText(`Instagram natgeo — free: unlocked on ${unlockedOn} by your API account`);
    await expect(confirmation).toContainText(`Twitch shroud — free: unlocked on ${unlockedOn} by your API account`);
    await expect(confirmation).toContainText('Instagram therock — new: 1 report credit');
    await expect(other.getByTestId('fetch-total')).toHaveText('Spends 1 report credit, leaving 997 of 998.');
    // Only the two unlocked elsewhere: nothing to spend.
    await confirmation.getByRole('checkbox', { name: 'Instagram therock' }).uncheck();
    await expect(other.getByTestId('fetch-total')).toHaveText('This costs nothing.');
    await confirmation.getByRole('button', { name: 'Fetch', exact: true }).click();
    const run = other.getByTestId('fetch-run');
    await expect(run.locator('li[data-status="done"]')).toHaveCount(2, { timeout: 40_000 });
    await expect(run.getByTestId('run-spent')).toHaveText([/nothing spent/, /nothing spent/]);
    // The API agrees: not one more credit went.
    expect(simulator.state.spent.credits).toBe(2);
    await expect(other.getByTestId('credits-reports')).toHaveText('998');
    await run.getByRole('button', { name: 'Done' }).click();
    await expect(other.getByTestId('library-count')).toHaveText('2 accounts');
  } finally {
    await context.close();
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
