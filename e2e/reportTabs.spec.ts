// The report's companion tabs: each answer can be refreshed (free for media and mentions, free
// for the history of an unlocked report), the mentions period offers only what the answer
// carries, a long media list says how much it shows, and with the API gone a refresh fails
// clearly while the cached answer stays on screen.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 300 } });

type Json = Record<string, unknown>;

/** Rewrites the answers of one channel (`{ok, value}` from /rpc/<channel>) until unrouted. */
async function rewrite(page: Page, channel: string, change: (value: Json) => void) {
  const matches = (url: URL) => decodeURIComponent(url.pathname).endsWith(`/rpc/${channel}`);
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { ok: boolean; value?: Json };
    if (body.ok && body.value) change(body.value);
    await route.fulfill({ response, json: body });
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

const fetchedAt = async (tab: ReturnType<Page['getByTestId']>) => Number(await tab.getByTestId('fetched-at').getAttribute('data-fetched-at'));

test('report tabs refresh, offer only the periods they carry, and keep the cache when the API is gone', async ({ page, scout }, testInfo) => {
  test.setTimeout(60_000);
  const sim = scout.simulator!;
  const calls = (method: string) => sim.state.calls.get(method) ?? 0;
  await scout.open(page);

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill('instagram:natgeo tiktok:dancer');
  await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  const creditsBefore = sim.state.totalSpent();

  // Media, first open: a list longer than what is drawn says so (the simulator's lists stop at
  // 120, so this answer is stretched on its way to the page).
  await page.getByTestId('library-row-instagram-natgeo').click();
  const unstretch = await rewrite(page, 'media:get', (doc) => {
    const lists = (doc.view as { lists: { group: string; sort: string; period: string; postIds: string[] }[] }).lists;
    const list = lists.find((l) => l.group === 'all' && l.sort === 'time_posted_desc' && l.period === '30d')!;
    list.postIds = [...list.postIds, ...Array.from({ length: 200 - list.postIds.length }, (_, i) => `extra-${i}`)];
  });
  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByTestId('media-tab');
  await expect(media.locator('.media-grid li')).toHaveCount(120);
  await expect(media.getByTestId('media-more')).toContainText('Showing 120 of 200');
  await media.getByRole('button', { name: 'Show 80 more' }).click();
  await expect(media.locator('.media-grid li')).toHaveCount(200);
  await unstretch();

  // A refresh asks the API again, free, and shows the new answer with its new time.
  const firstMedia = await fetchedAt(media);
  const mediaCalls = calls('auditor.reportMedia');
  await expect(media.getByRole('button', { name: 'Refresh media' })).toBeEnabled();
  await media.getByRole('button', { name: 'Refresh media' }).click();
  await expect.poll(() => calls('auditor.reportMedia')).toBe(mediaCalls + 1);
  await expect.poll(() => fetchedAt(media)).toBeGreaterThan(firstMedia);
  await expect(media.getByTestId('media-more')).toHaveCount(0);
  await expect(media.locator('.media-grid li').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Media' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('media-refresh.png') });

  // History of an unlocked report: the tab says the refresh is free, and it is.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('history-tab');
  await expect(history.getByTestId('companion-status')).toContainText('Refresh: unlocked within 365 days: free');
  const historyCalls = calls('auditor.instagramHistory');
  const firstHistory = await fetchedAt(history);
  await history.getByRole('button', { name: 'Refresh history' }).click();
  await expect.poll(() => fetchedAt(history)).toBeGreaterThan(firstHistory);
  expect(calls('auditor.instagramHistory')).toBe(historyCalls + 1);
  await expect(history.getByRole('img', { name: /points over time/ }).first()).toBeVisible();
  expect(sim.state.totalSpent()).toBe(creditsBefore);
  await page.screenshot({ path: testInfo.outputPath('history-refresh.png') });

  // Had the year of access run out, main would refuse the free refresh (COST_CHANGED): the tab
  // then asks before spending. Played here by answering in main's place once; the confirmed
  // request then reaches the real main, which finds the report unlocked and says so, and the tab
  // offers the refresh for free instead of spending anything.
  const isChannel = (channel: string) => (url: URL) => decodeURIComponent(url.pathname).endsWith(`/rpc/${channel}`);
  await page.route(isChannel('reports:quote'), (route) => route.fulfill({ json: { ok: true, value: { cost: 1, balance: 'credits', reason: 'expired', freeUntil: null } } }), { times: 1 });
  await page.route(
    isChannel('history:get'),
    (route) =>
      route.fulfill({
        json: { ok: false, error: { code: 'COST_CHANGED', message: 'Fetching the history of natgeo unlocks its report and costs 1 report credit. Nothing was spent; confirm to go ahead.' } },
      }),
    { times: 1 },
  );
  const asked: Json[] = [];
  page.on('request', (r) => r.url().includes('/rpc/history%3Aget') && asked.push(r.postDataJSON() as Json));
  await history.getByRole('button', { name: 'Refresh history' }).click();
  const confirmation = history.getByTestId('history-confirmation');
  await expect(confirmation).toContainText('costs 1 report credit. Nothing was spent');
  await expect(history.getByRole('img', { name: /points over time/ }).first()).toBeVisible();
  await confirmation.getByRole('button', { name: 'Spend 1 report credit and refresh the history' }).click();
  await expect(confirmation).toContainText('is free now: its report is unlocked');
  await confirmation.getByRole('button', { name: 'Refresh the history for free' }).click();
  await expect(confirmation).toHaveCount(0);
  expect(asked.map((a) => [a.refresh, a.confirmedCost, a.workspace])).toEqual([
    [true, 0, undefined],
    [true, 1, 'demo'],
    [true, 0, 'demo'],
  ]);
  expect(sim.state.totalSpent()).toBe(creditsBefore);

  // TikTok mentions: the period select offers what the answer carries, 90d first.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByTestId('library-row-tiktok-dancer').click();
  await page.getByRole('tab', { name: 'Brand mentions' }).click();
  const mentions = page.getByTestId('mentions-tab');
  const period = mentions.getByLabel('Mentions period');
  await expect(period).toHaveValue('90d');
  await expect(period.locator('option')).toHaveText(['7d', '30d', '90d', '180d', '365d', 'all']);
  await period.selectOption('365d');
  await expect(mentions).toContainText('posts ·');

  // A refreshed answer without 90d (nor the chosen 365d): only its periods, the longest chosen.
  const unstrip = await rewrite(page, 'mentions:get', (doc) => {
    const view = doc.view as { periods: { period: string }[] };
    view.periods = view.periods.filter((p) => !['90d', '365d', 'all'].includes(p.period));
  });
  const mentionsCalls = calls('auditor.tiktokBrandMentions');
  await mentions.getByRole('button', { name: 'Refresh brand mentions' }).click();
  await expect(period.locator('option')).toHaveText(['7d', '30d', '180d']);
  await expect(period).toHaveValue('180d');
  expect(calls('auditor.tiktokBrandMentions')).toBe(mentionsCalls + 1);
  await unstrip();
  await mentions.getByRole('button', { name: 'Refresh brand mentions' }).click();
  // The researcher's 365d is back, so it is chosen again.
  await expect(period.locator('option')).toHaveCount(6);
  await expect(period).toHaveValue('365d');
  await expect(mentions.locator('ul.mentions li').first()).toBeVisible();
  const shown = await mentions.locator('ul.mentions li').allTextContents();
  const lastFetch = await fetchedAt(mentions);

  // The API goes away: a refresh fails with main's message, the cached list stays.
  await scout.stopSimulator();
  await mentions.getByRole('button', { name: 'Refresh brand mentions' }).click();
  await expect(mentions.getByRole('alert')).toContainText(/could not reach|did not answer|unavailable/i, { timeout: 20_000 });
  await expect(mentions.getByRole('alert')).toContainText('The cached answer is still shown.');
  await expect(mentions.locator('ul.mentions li')).toHaveText(shown);
  expect(await fetchedAt(mentions)).toBe(lastFetch);
  await expect(mentions.getByRole('button', { name: 'Refresh brand mentions' })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('mentions-offline.png') });
});
