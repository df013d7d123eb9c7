// Add accounts promises only what it can do, and keeps its list and run across pages; the
// library is a worklist: accounts cancelled, failed or paid-not-fetched stay in it with a retry
// quoted like any fetch; filters and sort survive a reload.
import { expect, test } from './fixtures';

test('offline, no spend is offered and the panel says why before quoting; what was typed survives leaving the page', async ({ page, scout }) => {
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo cats');
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByTestId('spend-blocked')).toContainText('Scout is working offline, so nothing can be fetched');
  await expect(page.getByRole('button', { name: 'Check cost of 2 accounts' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Fetch and spend/ })).toHaveCount(0);

  // To Settings and back: the panel, the list and the reason are as they were.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByLabel(/Usernames, channel ids/)).toHaveValue('natgeo cats');
  await expect(page.getByTestId('spend-blocked')).toBeVisible();

  await page.getByRole('button', { name: 'Go online' }).click();
  await expect(page.getByTestId('spend-blocked')).toHaveCount(0);
  await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
  await expect(page.getByRole('button', { name: 'Fetch and spend 2 report credits' })).toBeEnabled();
});

test.describe('a run', () => {
  test.use({ scoutSimulator: { generationMs: 4000, latencyMs: 300 } });

  test('keeps going across pages; cancelled accounts stay in the library as cancelled, and their retry is quoted', async ({ page, scout }) => {
    test.setTimeout(60_000);
    await scout.open(page);
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('instagram');
    await page.getByLabel(/Usernames, channel ids/).fill('natgeo cats');
    await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 2 report credits' }).click();
    const run = page.getByTestId('fetch-run');
    await expect(run.locator('li[data-status="running"]').first()).toBeVisible();

    // Away and back mid-run: the same run, still following its accounts.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('link', { name: 'Accounts' }).click();
    await expect(run.locator('li')).toHaveCount(2);
    await expect(run.locator('li[data-status="running"]').first()).toContainText(/asking the API|generating/);
    // While it runs there is nothing to quote and nothing to dismiss.
    await expect(page.getByRole('button', { name: /Check cost/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(run.locator('li[data-status="cancelled"]')).toHaveCount(2, { timeout: 15_000 });
    // Neutral, not red, and each says what it spent.
    await expect(run.locator('.feedback.error')).toHaveCount(0);
    await expect(run.locator('li').first()).toContainText(/spent 1 report credit|nothing spent/);
    await expect(page.getByTestId('run-progress')).toHaveText('0 of 2 ready; 2 cancelled');
    await expect(page.getByRole('button', { name: /Check cost/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Done' }).click();
    // Done starts afresh: an empty list, ready for the next one.
    await expect(page.getByLabel(/Usernames, channel ids/)).toHaveValue('');

    // The library keeps them, saying what happened.
    const row = page.getByTestId('library-row-instagram-natgeo');
    await expect(row.getByTestId('library-state')).toHaveText(/Paid, not fetched|Cancelled/);
    await expect(page.getByTestId('library-row-instagram-cats')).toBeVisible();
    await page.getByLabel('Report state').selectOption('paid-not-fetched');
    await expect(row).toBeVisible();
    await page.getByLabel('Report state').selectOption('');

    await row.click();
    const attempt = page.getByTestId('report-attempt');
    await expect(attempt).toContainText(/Paid for, not fetched|The last fetch was cancelled/);
    await page.getByRole('button', { name: 'Try again…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm fetch' });
    await expect(confirm).toContainText(/most likely free|new: 1 report credit/);
    await expect(confirm.getByRole('button', { name: /Spend (at most )?1 report credit and fetch/ })).toBeEnabled();
  });
});

test('follower filters read 10k and 1.2m; filters and sort survive a reload; Account sorts A→Z first', async ({ page, scout }) => {
  test.setTimeout(90_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo cats dogs birds');
  await page.getByRole('button', { name: 'Check cost of 4 accounts' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 4 report credits' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(4, { timeout: 40_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('4 accounts');

  const exact = async () => page.locator('table.library tbody td[data-column="followers"]').evaluateAll((cells) => cells.map((c) => Number((c.getAttribute('title') ?? '').replace(/[^\d]/g, ''))));
  const all = await exact();
  const account = page.getByRole('columnheader', { name: 'Account' });
  await account.getByRole('button').click();
  await expect(account).toHaveAttribute('aria-sort', 'ascending');

  await page.getByLabel('Followers at least').fill('10k');
  const expected = all.filter((n) => n >= 10_000).length;
  await expect(page.getByTestId('library-count')).toHaveText(`${expected} account${expected === 1 ? '' : 's'}`);
  await page.getByLabel('Followers at most').fill('1.2m');
  // Applied a moment after the last keystroke: wait until the query holds it.
  const stored = () => page.evaluate(() => localStorage.getItem('scout.library.v1') ?? '');
  await expect.poll(stored).toContain('"followersMax":1200000');
  const between = all.filter((n) => n >= 10_000 && n <= 1_200_000).length;
  await expect(page.getByTestId('library-count')).toHaveText(`${between} account${between === 1 ? '' : 's'}`);
  for (const n of await exact()) expect(n >= 10_000 && n <= 1_200_000).toBe(true);
  // Not a number yet: said, and not applied.
  await page.getByLabel('Followers at most').fill('lots');
  await expect(page.getByTestId('followers-problem')).toBeVisible();
  await page.getByLabel('Followers at most').fill('1.2m');
  await expect(page.getByTestId('followers-problem')).toHaveCount(0);
  await expect.poll(stored).toContain('"followersMin":10000');
  await expect(page.getByTestId('library-count')).toHaveText(`${between} account${between === 1 ? '' : 's'}`);

  await page.reload();
  await expect(page.getByLabel('Followers at least')).toHaveValue('10k');
  await expect(page.getByLabel('Followers at most')).toHaveValue('1.2m');
  await expect(page.getByRole('columnheader', { name: 'Account' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('library-count')).toHaveText(`${between} account${between === 1 ? '' : 's'}`);
});
