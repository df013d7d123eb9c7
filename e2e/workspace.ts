// The demo workspace the layout and accessibility walks go through: reports of every network (one
// with a long name), all in the comparison tray, a PDF in the Archive, a competitor analysis with
// its posts, a Discovery query run in the sandbox, a synced list and synced creators.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A long name on purpose: the library, the tray and Compare must cut it and say it whole. */
export const LONG = 'the_very_long_account_name_xx';
export const reports = ['instagram/natgeo', `instagram/${LONG}`, 'youtube/foodchannel', 'tiktok/dancer', 'twitch/shroud', 'twitter/newsdesk', 'snapchat/snapper'];
export const QUERY_NAME = 'Instagram creators over 10K followers, for the layout walk';

/** What the fixture's simulator needs for this workspace (`test.use({ scoutSimulator })`). */
export const workspaceSimulator = { generationMs: 0, analysisMs: 300, discovery: 50 };

export async function addAccounts(page: Page, text: string, count: number) {
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(text);
  await page.getByRole('button', { name: `Check cost of ${count} accounts` }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(count, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Done' }).click();
}

/** The workspace every view is walked in. Returns the competitor analysis's address. */
/** Saves an Instagram Discovery query called `name` (`filters` fills its form) and runs pages 1–2 in the sandbox (free). */
export async function runSandboxQuery(page: Page, name: string, filters?: () => Promise<void>): Promise<void> {
  await page.keyboard.press('Control+3');
  await page.getByTestId('new-query').click();
  await page.getByRole('radio', { name: 'Instagram', exact: true }).check();
  await filters?.();
  await page.getByTestId('query-name').fill(name);
  await page.getByTestId('save-query').click();
  await page.getByTestId('mode-sandbox').check();
  const panel = page.getByTestId('run-panel');
  await panel.getByLabel('From page', { exact: true }).fill('1');
  await panel.getByLabel('to page', { exact: true }).fill('2');
  await panel.getByTestId('check-cost').click();
  await page.getByTestId('discovery-confirm').getByRole('button').first().click();
  await expect(page.getByTestId('discovery-progress')).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
}

export async function fillWorkspace(page: Page, origin: string): Promise<string> {
  await addAccounts(page, reports.map((r) => r.replace('/', ':')).join('\n'), reports.length);
  const library = page.getByRole('table', { name: 'Cached accounts' });
  await library.getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await expect(page.getByTestId('compare-tray').locator('.tray-item')).toHaveCount(reports.length);

  // A PDF in the Archive.
  await page.goto(`${origin}/#/accounts/twitch/shroud`);
  await page.getByTestId('export-pdf').click();
  await page.getByRole('button', { name: 'Export the PDF for free' }).click();
  await expect(page.getByTestId('export-pdf-done')).toContainText('PDF saved in the Archive', { timeout: 30_000 });

  // A competitor analysis and its posts.
  await page.keyboard.press('Control+4');
  const form = page.getByTestId('competitor-form');
  await form.getByLabel('Brand’s Instagram username').fill('acme_posts300');
  await form.getByLabel('Audience countries').fill('us, gb');
  await form.getByLabel('Hashtags').fill('#acme');
  await form.getByRole('button', { name: 'Create analysis…' }).click();
  await page.getByTestId('competitor-confirm').getByRole('button', { name: 'Create; it may cost credits' }).click();
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-state', '10', { timeout: 30_000 });
  const analysis = page.url();
  await page.getByTestId('fetch-posts').click();
  await expect(page.getByTestId('posts-complete')).toBeVisible({ timeout: 60_000 });

  // A Discovery query run in the sandbox (free).
  await runSandboxQuery(page, QUERY_NAME, () => page.getByLabel('Followers from').fill('10000'));

  // A list, and creators.
  await page.keyboard.press('Control+7');
  await page.getByLabel('List id').fill('6');
  await page.getByRole('button', { name: 'Sync list' }).click();
  await expect(page.getByTestId('list-sync-note')).toContainText('210 items in the cache', { timeout: 20_000 });
  await page.keyboard.press('Control+6');
  await page.getByLabel('Creator accounts').fill('instagram natgeo');
  await page.getByRole('button', { name: 'Sync creators' }).click();
  await expect(page.getByTestId('creators-sync-result')).toContainText('synced', { timeout: 20_000 });
  return analysis;
}
