import { expect, test } from './fixtures';

test('add accounts with one cost confirmation, find them in the library, open one offline', async ({ page, scout }, testInfo) => {
  test.setTimeout(90_000);
  const cspViolations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && cspViolations.push(m.text()));
  await scout.open(page);
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(page.getByText('No cached accounts yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo\nhttps://www.twitch.tv/shroud\nsnapchat:snapper\nbad name!');
  await expect(page.getByText('name!: "name!" is not a valid instagram name')).toBeVisible();
  await page.getByRole('button', { name: 'Check cost of 4 accounts' }).click();

  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toContainText('Instagram natgeo — new: 1 report credit');
  await expect(confirmation).toContainText('Twitch shroud — new: 1 report credit');
  await expect(confirmation).toContainText('Spends 4 report credits, leaving 996 of 1,000');
  // Nothing has been spent before the researcher confirms.
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await page.getByRole('button', { name: 'Fetch and spend 4 report credits' }).click();

  const run = page.getByTestId('fetch-run');
  // "bad name!" is two entries: "bad" is a valid name, "name!" was refused before anything was asked.
  await expect(run.locator('li[data-status="done"]')).toHaveCount(4, { timeout: 40_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('996');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('library-count')).toHaveText('4 accounts');
  await page.getByLabel('Network', { exact: true }).selectOption('twitch');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await page.getByLabel('Network', { exact: true }).selectOption('');
  // Sorting by a column, and the other way round on a second click.
  const followers = page.getByRole('columnheader', { name: 'Followers' });
  await followers.getByRole('button').click();
  await expect(followers).toHaveAttribute('aria-sort', 'descending');
  const counts = async () =>
    (await page.locator('table.library tbody td.num:nth-of-type(3)').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  await expect.poll(async () => { const c = await counts(); return c.length === 4 && c.every((v, i) => i === 0 || c[i - 1]! >= v); }).toBe(true);
  await followers.getByRole('button').click();
  await expect(followers).toHaveAttribute('aria-sort', 'ascending');
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
  // One Tab stop for the periods; the arrow keys move the choice.
  await page.getByRole('radio', { name: '90d' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: '180d' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: '180d' })).toBeFocused();
  await expect(page.getByRole('radio', { name: '7d' })).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('region', { name: /countr/i }).first()).toBeVisible();
  // Values are rounded for reading; copying one gives its raw number.
  const copied = await metrics
    .getByRole('row', { name: /Engagement rate/ })
    .locator('td[data-raw]')
    .first()
    .evaluate((td) => {
      let text = '';
      document.addEventListener('copy', (e) => (text = e.clipboardData?.getData('text/plain') ?? ''), { once: true });
      const range = document.createRange();
      range.selectNodeContents(td);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      document.execCommand('copy');
      return { text, raw: td.getAttribute('data-raw'), shown: td.textContent };
    });
  expect(copied.text).toBe(copied.raw);
  expect(copied.shown).not.toBe(copied.raw);
  // Followers over time and age × gender are drawn with echarts.
  await expect(page.getByRole('img', { name: /Followers: \d+ points over time/ })).toBeVisible();
  await expect(page.getByTestId('chart').first().locator('canvas')).toHaveCount(1);
  expect(cspViolations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('report.png'), fullPage: true });

  // A free refresh keeps the first fetch as a snapshot and compares with it.
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByTestId('snapshot-changes')).toContainText('Changes since');
  await expect(page.getByTestId('snapshot-changes')).toContainText('No change in the headline figures or audience shares.');
  await expect(page.getByText('2 snapshots')).toBeVisible();
  await expect(page.getByTestId('credits-reports')).toHaveText('996');

  // Offline, everything cached still opens, picture included.
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
  await page.reload();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
  // The tabs from the keyboard: End is the last one, its panel labelled by it.
  await page.getByRole('tab', { name: 'Overview' }).press('End');
  await expect(page.getByRole('tab', { name: 'Raw JSON' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Raw JSON' })).toBeVisible();
  await expect(page.getByLabel("The API's answer as cached")).toContainText('"followers_count"');

  // A refresh says what it costs first, and offline it fails at once with a clear message.
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toContainText('unlocked within 365 days: free');
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByRole('alert')).toContainText('offline');
});

test('report tabs: media, history and brand mentions open from the cache', async ({ page, scout }, testInfo) => {
  test.setTimeout(90_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill('instagram:natgeo youtube:foodchannel tiktok:dancer');
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 2 report credits and 1 advanced-report credit' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(3, { timeout: 40_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('library-row-instagram-natgeo').click();
  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByTestId('media-tab');
  await expect(media.locator('.media-grid li').first()).toBeVisible();
  await page.getByLabel('Media type').selectOption('reels');
  await page.getByLabel('Sort media by').selectOption('likes_desc');
  await expect(media).toContainText('posts · average likes');
  await expect(media.locator('img.thumb').first()).toHaveAttribute('src', /^data:image\/png/);
  await page.screenshot({ path: testInfo.outputPath('media.png') });
  // The report is unlocked, so its history is free: still two report credits and one
  // advanced-report credit (TikTok) spent.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-tab').getByRole('img', { name: /Engagement rate: \d+ points over time/ })).toHaveAttribute('data-rendered', 'true');
  await page.getByRole('button', { name: 'Refresh credits' }).click();
  await expect(page.getByTestId('credits-reports')).toHaveText('998');
  await expect(page.getByTestId('credits-advanced')).toHaveText('99');

  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByTestId('library-row-youtube-foodchannel').click();
  await page.getByRole('tab', { name: 'Media' }).click();
  await expect(page.getByTestId('media-tab')).toContainText(/Page 1 of \d+ \(50 a page\)/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('media-tab')).toContainText('Page 2 of');
  await page.getByRole('tab', { name: 'Brand mentions' }).click();
  await expect(page.getByTestId('mentions-tab').locator('li').first()).toBeVisible();

  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByTestId('library-row-tiktok-dancer').click();
  await expect(page.getByRole('tab', { name: 'Media' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Views against likes for \d+ posts/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Brand mentions' }).click();
  await page.getByLabel('Mentions period').selectOption('365d');
  await expect(page.getByTestId('mentions-tab')).toContainText('posts ·');
});
