import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('add accounts with one cost confirmation, find them in the library, open one offline', async ({ page, scout }, testInfo) => {
  test.setTimeout(90_000);
  const cspViolations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && cspViolations.push(m.text()));
  await scout.open(page);
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(page.getByText('No cached accounts yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await expect(page.getByLabel(/Usernames, channel ids/)).toBeFocused();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo\nhttps://www.twitch.tv/shroud\nsnapchat:snapper\nbad name!');
  // A line with an entry that is not valid is refused whole: "bad name!" is a typo, not an order for "bad".
  await expect(page.getByTestId('refused-lines')).toHaveText('bad name! — line 4 is not fetched: "name!" is not a valid Instagram name');
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();

  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toContainText('Instagram natgeo — new: 1 report credit');
  await expect(confirmation).toContainText('Twitch shroud — new: 1 report credit');
  await expect(confirmation).not.toContainText('bad');
  // New accounts start selected.
  await expect(confirmation.getByRole('checkbox')).toHaveCount(3);
  for (const name of ['Instagram natgeo', 'Twitch shroud', 'Snapchat snapper']) await expect(confirmation.getByRole('checkbox', { name })).toBeChecked();
  await expect(confirmation).toContainText('Spends 3 report credits, leaving 997 of 1,000');
  await expect(page.getByTestId('short-balance')).toHaveCount(0);
  // Nothing has been spent before the researcher confirms.
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await page.getByRole('button', { name: 'Fetch and spend 3 report credits' }).click();

  const run = page.getByTestId('fetch-run');
  await expect(run.locator('li[data-status="done"]')).toHaveCount(3, { timeout: 40_000 });
  await expect(run.locator('li')).toHaveCount(3);
  await expect(page.getByTestId('run-progress')).toHaveText('3 of 3 ready');
  await expect(page.getByTestId('credits-reports')).toHaveText('997');
  // The confirmation was used up by the run: nothing is left to pay twice.
  await expect(page.getByRole('button', { name: /Fetch and spend/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('library-count')).toHaveText('3 accounts');
  // Opening the page asks for the library once (not again when the workspace becomes known) and
  // for the page's pictures in one call.
  const asked: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const call = /\/rpc\/(reports%3Alibrary|images%3Aget)$/.exec(request.url());
    if (call) asked.push(decodeURIComponent(call[1]!));
  };
  page.on('request', onRequest);
  await page.reload();
  await expect(page.locator('table.library img.avatar')).toHaveCount(3);
  page.off('request', onRequest);
  expect(asked.sort()).toEqual(['images:get', 'reports:library']);
  // The first page's scripts (the entry and what it imports at once) hold neither zod nor
  // papaparse: those load with the pages that check input or write CSV.
  const firstScripts = await page.evaluate(async () => {
    const urls = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => s.src);
    urls.push(...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href));
    return Promise.all(urls.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
  });
  // Read whole (React alone is ~200 kB), not an error page.
  expect(firstScripts.reduce((bytes, script) => bytes + script.text.length, 0)).toBeGreaterThan(200_000);
  for (const { url, text } of firstScripts) {
    expect(text.includes('$ZodType'), `${url} holds zod`).toBe(false);
    expect(text.includes('Trailing quote on quoted field'), `${url} holds papaparse`).toBe(false);
  }
  // Another workspace's library is asked for when it becomes active.
  const switcher = page.getByLabel('Workspace', { exact: true });
  await switcher.selectOption('production');
  await expect(page.getByText('No cached accounts yet.')).toBeVisible();
  await switcher.selectOption('demo');
  await expect(page.getByTestId('library-count')).toHaveText('3 accounts');
  await page.getByLabel('Network', { exact: true }).selectOption('twitch');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await page.getByLabel('Network', { exact: true }).selectOption('');
  // Sorting by a column, and the other way round on a second click.
  const followers = page.getByRole('columnheader', { name: 'Followers' });
  await followers.getByRole('button').click();
  await expect(followers).toHaveAttribute('aria-sort', 'descending');
  const counts = async () =>
    // Cells are compact (13.2K) like the report page; the exact figure is the cell's title.
    (await page.locator('table.library tbody td[data-column="followers"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''))).map((t) => Number(t.replace(/[^\d]/g, '')));
  await expect.poll(async () => { const c = await counts(); return c.length === 3 && c.every((v, i) => i === 0 || c[i - 1]! >= v); }).toBe(true);
  await followers.getByRole('button').click();
  await expect(followers).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel(/Search names/).fill('natgeo');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  // One value per figure: the library's followers and 30-day engagement are the report page's.
  const row = page.getByTestId('library-row-instagram-natgeo');
  const libraryFollowers = await row.locator('td[data-column="followers"]').textContent();
  const libraryEr = await row.locator('td[data-column="engagementRate"]').textContent();
  await page.screenshot({ path: testInfo.outputPath('library.png') });

  // Keyboard: focus the row, Enter opens it.
  await page.getByTestId('library-row-instagram-natgeo').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.getByTestId('report-figures')).toContainText('Followers');
  await expect(page.getByTestId('report-figures').locator('[data-metric="followers_count"]').first()).toContainText(libraryFollowers!);
  await expect(page.getByTestId('report-figures').locator('[data-metric="er"]').first()).toContainText(libraryEr!);
  await expect(page.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const metrics = page.getByTestId('metrics');
  await expect(metrics.getByRole('rowheader', { name: /Engagement rate/ })).toBeVisible();
  await page.getByRole('radio', { name: '90 days' }).click();
  await expect(page.getByRole('radio', { name: '90 days' })).toHaveAttribute('aria-checked', 'true');
  // One Tab stop for the periods; the arrow keys move the choice.
  await page.getByRole('radio', { name: '90 days' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: '180 days' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: '180 days' })).toBeFocused();
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('tabindex', '-1');
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
  await expect(page.getByTestId('credits-reports')).toHaveText('997');

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
  // What the grid shows: every item's title and line, in order.
  const shown = async () => (await media.locator('.media-grid li').allTextContents()).join('\n');
  const allNewest = await shown();
  await page.getByLabel('Media type').selectOption('reels');
  await expect.poll(shown).not.toBe(allNewest);
  const reelsNewest = await shown();
  await page.getByLabel('Sort media by').selectOption('likes_desc');
  await expect.poll(shown).not.toBe(reelsNewest);
  // Sorted by likes, most first.
  const likes = (await media.locator('.media-grid li p.muted').allTextContents()).flatMap((t) => {
    const m = /^([\d,]+) likes/.exec(t);
    return m ? [Number(m[1]!.replace(/\D/g, ''))] : [];
  });
  expect(likes.length).toBeGreaterThan(1);
  expect(likes.every((n, i) => i === 0 || likes[i - 1]! >= n)).toBe(true);
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
  const youtubeMedia = page.getByTestId('media-tab');
  await expect(youtubeMedia).toContainText(/Page 1 of \d+ \(50 a page\)/);
  const firstTitle = youtubeMedia.locator('.media-grid li .media-title').first();
  await expect(firstTitle).toBeVisible();
  const pageOne = await youtubeMedia.locator('.media-grid li .media-title').allTextContents();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(youtubeMedia).toContainText('Page 2 of');
  // Another page of videos, not page 1 under a new number.
  await expect(firstTitle).not.toHaveText(pageOne[0]!);
  const pageTwo = await youtubeMedia.locator('.media-grid li .media-title').allTextContents();
  expect(pageTwo.length).toBeGreaterThan(0);
  expect(pageTwo.filter((title) => pageOne.includes(title))).toEqual([]);
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

/** Fetches the accounts in `text` (no default network) through the Add accounts panel, and closes it. */
async function addAccounts(page: Page, text: string, count: number, spend: string) {
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(text);
  await page.getByRole('button', { name: `Check cost of ${count} account${count === 1 ? '' : 's'}` }).click();
  await page.getByRole('button', { name: spend }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(count, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Done' }).click();
}

test.describe('the library', () => {
  test.use({ scoutSimulator: { generationMs: 0 } });

  test('keeps its filters across a report, says why it is empty, and answers in order', async ({ page, scout }) => {
    test.setTimeout(60_000);
    await scout.open(page);
    await expect(page.getByTestId('library-empty')).toContainText('No cached accounts yet.');

    // The panel takes the keyboard when it opens, and Escape closes it.
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await expect(page.getByLabel(/Usernames, channel ids/)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Add accounts' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add accounts' })).toBeFocused();

    await addAccounts(page, 'instagram:natgeo twitch:shroud snapchat:snapper', 3, 'Fetch and spend 3 report credits');
    const count = page.getByTestId('library-count');
    await expect(count).toHaveText('3 accounts');
    await expect(page.getByTestId('library-empty')).toHaveCount(0);

    // Typing a number sends one request once the typing pauses, not one per keystroke. The keys go
    // back to back: with 50 ms between them, a loaded machine once paused past the 250 ms the page
    // waits, and '1' was asked for first.
    const followerQueries: string[] = [];
    page.on('request', (r) => {
      const body = r.postData() ?? '';
      if (r.url().includes('/rpc/') && body.includes('followersMin')) followerQueries.push(body);
    });
    const atLeast = page.getByLabel('Followers at least');
    await atLeast.pressSequentially('1000');
    await expect.poll(() => followerQueries.length).toBe(1);
    expect(JSON.parse(followerQueries[0]!)).toMatchObject({ followersMin: 1000 });
    await page.waitForTimeout(400);
    expect(followerQueries).toHaveLength(1);
    await page.getByLabel('Age of data').selectOption({ label: 'Fetched in the last 30 days' });
    await expect.poll(() => followerQueries.length).toBe(2);
    expect(JSON.parse(followerQueries[1]!)).toMatchObject({ followersMin: 1000, fetchedAfter: expect.any(Number) });
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
    const filtered = await count.textContent();

    // Open a report from the keyboard and come back: the filters still show what the query applies,
    // and the keyboard is back on the row of the report.
    await page.getByTestId('library-row-instagram-natgeo').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('report-view')).toBeVisible();
    await page.getByRole('button', { name: '← All accounts' }).click();
    await expect(page.getByTestId('page-accounts')).toBeVisible();
    await expect(page.getByLabel('Age of data')).toHaveValue('30');
    await expect(atLeast).toHaveValue('1k'); // shown again the way a researcher types it
    await expect(count).toHaveText(filtered!);
    await expect(page.getByTestId('library-row-instagram-natgeo')).toBeFocused();

    // Filtered out is not empty: it says so, and clears.
    await page.getByLabel('Followers at most').fill('1');
    await expect(count).toHaveText('0 accounts');
    await expect(page.getByTestId('library-filtered-out')).toContainText('No accounts match these filters');
    await expect(page.getByText('No cached accounts yet.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText('3 accounts');
    await expect(page.getByLabel('Age of data')).toHaveValue('');
    await expect(atLeast).toHaveValue('');
    await expect(page.getByLabel('Followers at most')).toHaveValue('');

    // A slow answer to an older query does not replace the answer to the newer one.
    const isTwitchQuery = (body: string | null) => (body ?? '').includes('"networks":["twitch"]');
    await page.route(
      (url) => url.pathname.startsWith('/rpc/'),
      async (route) => {
        if (isTwitchQuery(route.request().postData())) await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    const slowAnswer = page.waitForResponse((r) => isTwitchQuery(r.request().postData()));
    await page.getByLabel('Network', { exact: true }).selectOption('twitch');
    await page.getByLabel('Network', { exact: true }).selectOption('');
    await expect(count).toHaveText('3 accounts');
    await slowAnswer;
    await page.waitForTimeout(300);
    await expect(count).toHaveText('3 accounts');
    await expect(page.locator('table.library tbody tr')).toHaveCount(3);
    await page.unrouteAll();
  });
});

test.describe('a short balance', () => {
  test.use({ scoutSimulator: { credits: 5, generationMs: 0 } });

  test('the confirmation quotes fresh balances, warns when they fall short, and fetches only the selected rows', async ({ page, scout }, testInfo) => {
    test.setTimeout(60_000);
    await scout.open(page);
    await expect(page.getByTestId('credits-reports')).toHaveText('5');
    // A TikTok mini report: cached, so its advanced report is a paid refresh.
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('');
    await page.getByLabel(/Usernames, channel ids/).fill('tiktok:dancer');
    await page.getByRole('radio', { name: 'Mini' }).check();
    await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 1 mini-report credit' }).click();
    await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Done' }).click();

    // Credits spent elsewhere: Scout has not heard of it yet.
    scout.simulator!.state.balances.credits = 2;
    await expect(page.getByTestId('credits-reports')).toHaveText('5');

    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('instagram');
    await page.getByLabel(/Usernames, channel ids/).fill('natgeo, nasa, cats, dogs\ntiktok:dancer');
    await page.getByRole('button', { name: 'Check cost of 5 accounts' }).click();
    const confirmation = page.getByTestId('fetch-confirmation');
    await expect(confirmation).toBeVisible();
    // The balance was asked again before quoting.
    await expect(page.getByTestId('credits-reports')).toHaveText('2');
    await expect(confirmation.getByRole('checkbox')).toHaveCount(5);
    for (const name of ['Instagram natgeo', 'Instagram nasa', 'Instagram cats', 'Instagram dogs']) await expect(confirmation.getByRole('checkbox', { name })).toBeChecked();
    // Cached, and its refresh costs a credit: not selected unless asked for.
    const dancer = confirmation.getByRole('checkbox', { name: 'TikTok dancer' });
    await expect(dancer).not.toBeChecked();
    await expect(confirmation).toContainText('TikTok dancer — cached; refresh mini report unlocked; the advanced one is not: 1 advanced-report credit');

    await expect(confirmation.getByRole('status')).toHaveText('Needs 3 report credits; only 2 left.');
    const warning = page.getByTestId('short-balance');
    await expect(warning).toContainText('1 report credit missing: the selected accounts need 3, and 2 are left.');
    const fetch = page.getByRole('button', { name: 'Fetch and spend 3 report credits' });
    await expect(fetch).toBeDisabled();
    await page.getByRole('region', { name: 'Add accounts' }).screenshot({ path: testInfo.outputPath('short-balance.png') });

    await confirmation.getByRole('checkbox', { name: 'Instagram dogs' }).uncheck();
    await expect(warning).toHaveCount(0);
    await expect(confirmation.getByRole('status')).toHaveText('Spends 2 report credits, leaving 0 of 2.');
    await dancer.check();
    await expect(confirmation.getByRole('status')).toHaveText('Spends 2 report credits, leaving 0 of 2. Spends 1 advanced-report credit, leaving 99 of 100.');
    await page.getByRole('button', { name: 'Fetch and spend 2 report credits and 1 advanced-report credit' }).click();

    const run = page.getByTestId('fetch-run');
    await expect(run.locator('li[data-status="done"]')).toHaveCount(4, { timeout: 20_000 });
    await expect(run.locator('li')).toHaveCount(4);
    await expect(run).not.toContainText('dogs');
    await expect(page.getByTestId('credits-reports')).toHaveText('0');
    await expect(page.getByTestId('credits-advanced')).toHaveText('99');
    expect(scout.simulator!.state.spent).toMatchObject({ credits: 2, miniReports: 1, advancedReports: 1 });
  });
});

test.describe('switching workspaces', () => {
  // Slow answers, so the run's paid requests (one at a time) are still going out when the workspace changes.
  test.use({ scoutSimulator: { generationMs: 3000, latencyMs: 500 } });

  test('clears an open confirmation and stops a run, which spends nothing more', async ({ page, scout }) => {
    test.setTimeout(60_000);
    await scout.open(page);
    const switcher = page.getByLabel('Workspace', { exact: true });
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('instagram');
    await page.getByLabel(/Usernames, channel ids/).fill('natgeo cats dogs');
    await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
    await expect(page.getByTestId('fetch-confirmation')).toBeVisible();

    // A confirmation quoted in one workspace cannot pay in another.
    await switcher.selectOption('production');
    await expect(page.getByTestId('fetch-confirmation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Fetch and spend/ })).toHaveCount(0);
    await switcher.selectOption('demo');
    await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
    await expect(page.getByTestId('fetch-confirmation')).toHaveCount(0);

    await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 3 report credits' }).click();
    const run = page.getByTestId('fetch-run');
    await expect(run.locator('li[data-status="running"]')).toHaveCount(1);
    await switcher.selectOption('production');
    // Those not yet sent are skipped at once, neutral, saying why; the fetch already paid for
    // finishes where it was paid, and the run says so until it has (no "Done" beside it meanwhile).
    await expect(run.locator('li[data-status="skipped"]')).toHaveCount(2);
    await expect(run.locator('li[data-status="skipped"]').first()).toContainText('Not fetched: you switched to Production before its turn; nothing was spent');
    await expect(run.locator('li[data-status="skipped"] .feedback.error')).toHaveCount(0);
    await expect(run.locator('li[data-status="running"]')).toContainText('Sent before you switched: it finishes in Demo (simulator), where it was paid for');
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await expect(run.locator('li').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(run.locator('li').first()).toContainText('Saved in Demo (simulator), where it was paid for');
    await expect(run.locator('li').first()).toContainText('spent 1 report credit');
    await expect(page.getByTestId('run-progress')).toHaveText('1 of 3 ready; 2 not fetched');
    await expect(page.getByRole('button', { name: 'Check cost of 3 accounts' })).toHaveCount(0);
    expect(scout.simulator!.state.spent.credits).toBe(1);

    await switcher.selectOption('demo');
    await expect(page.getByTestId('credits-reports')).toHaveText('999');
    expect(scout.simulator!.state.spent.credits).toBe(1);
  });
});
