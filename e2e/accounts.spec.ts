import { expect, test } from './fixtures';

test('add accounts with one cost confirmation, find them in the library, open one offline', async ({ page, scout }, testInfo) => {
  test.setTimeout(90_000);
  await scout.open(page);
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(page.getByText('No cached accounts yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo\nhttps://www.twitch.tv/shroud\nsnapchat:snapper\nbad name!');
  await expect(page.getByText('name!: "name!" is not a valid instagram name')).toBeVisible();
  await page.getByRole('button', { name: 'Check cost of 4 accounts' }).click();

  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toContainText('Instagram natgeo — new: 1 credit');
  await expect(confirmation).toContainText('Twitch shroud — new: 1 credit');
  await expect(confirmation).toContainText('Spends 4 report credits, leaving 996 of 1,000');
  // Nothing has been spent before the researcher confirms.
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await page.getByRole('button', { name: 'Fetch and spend 4' }).click();

  const run = page.getByTestId('fetch-run');
  // "bad name!" is two entries: "bad" is a valid name, "name!" was refused before anything was asked.
  await expect(run.locator('li[data-status="done"]')).toHaveCount(4, { timeout: 40_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('996');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('library-count')).toHaveText('4 accounts');
  await page.getByLabel('Network', { exact: true }).selectOption('twitch');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await page.getByLabel('Network', { exact: true }).selectOption('');
  await page.getByLabel(/Search names/).fill('natgeo');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await page.screenshot({ path: testInfo.outputPath('library.png') });

  // Keyboard: focus the row, Enter opens it.
  await page.getByTestId('library-row-instagram-natgeo').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.getByTestId('report-figures')).toContainText('Followers');
  await expect(page.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const metrics = page.getByTestId('metrics');
  await expect(metrics.getByRole('rowheader', { name: /Engagement rate/ })).toBeVisible();
  await page.getByRole('radio', { name: '90d' }).click();
  await expect(page.getByRole('radio', { name: '90d' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('region', { name: /countr/i }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('report.png'), fullPage: true });

  // Offline, everything cached still opens, picture included.
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
  await page.reload();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(page.getByLabel("The API's answer as cached")).toContainText('"followers_count"');

  // A refresh says what it costs first, and offline it fails at once with a clear message.
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toContainText('unlocked within 365 days: free');
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByRole('alert')).toContainText('offline');
});
