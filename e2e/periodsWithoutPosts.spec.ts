// Missing is never 0 (issue 19), in the real app against the simulator: a TikTok account that
// answers a month without posts as the real answer of api-notes does (data/realForms.ts
// quietMonth: 0 with mark poor) shows its overall ER in the library, labelled; "No posts in the
// last 30 days" on its report page, unmarked; and in Compare, unranked. Compare draws the
// engagement history the History tab fetched; the Media tab's empty period offers a longer one.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { quietMonth } from '../src/simulator/data/realForms';

test.use({ scoutSimulator: { generationMs: 0 } });

type Json = Record<string, unknown>;

const quiet = Array.from({ length: 400 }, (_, i) => `realform_${i}`).find((n) => quietMonth('tiktok', n))!;
const busy = 'dancer';

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

test('a month without posts is said, never 0, ranked or marked; Compare draws the History tab’s series; Media offers a longer period', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await scout.open(page);
  const accounts = [`tiktok:${quiet}`, `tiktok:${busy}`, 'instagram:natgeo', 'instagram:cristiano'];
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(accounts.join('\n'));
  await page.getByRole('button', { name: `Check cost of ${accounts.length} accounts` }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(accounts.length, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  // The library: the overall ER, labelled as such; the other account's 30-day one, unlabelled.
  const quietRow = page.getByTestId(`library-row-tiktok-${quiet}`);
  await expect(quietRow.getByTestId('er-overall')).toHaveText('overall');
  await expect(quietRow).not.toContainText(/(^|\s)0 %/);
  await expect(page.getByTestId(`library-row-tiktok-${busy}`).getByTestId('er-overall')).toHaveCount(0);

  // The report page: the ER card and the table say no posts, with no mark, for 30 days; 90 days have figures.
  await page.goto(`${scout.origin}/#/accounts/tiktok/${quiet}`);
  const erCard = page.getByTestId('report-figures').locator('[data-metric="er"]');
  await expect(erCard).toContainText('No posts in the last 30 days');
  const metrics = page.getByTestId('metrics');
  for (const key of ['er', 'media_per_week', 'views_avg']) {
    const row = metrics.locator(`tr[data-metric="${key}"]`);
    await expect(row, key).toContainText('No posts in the last 30 days');
    await expect(row.locator('.mark'), key).toHaveCount(0);
  }
  await page.getByRole('radio', { name: '90 days' }).check();
  await expect(metrics.locator('tr[data-metric="er"] td').first()).toHaveText(/\d+(\.\d+)? %/);

  // Natgeo's History tab fetches its metrics history (free: the report is unlocked).
  await page.goto(`${scout.origin}/#/accounts/instagram/natgeo`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-tab').getByRole('img', { name: /points over time/ }).first()).toBeVisible();

  // The Media tab: a period without posts says so, and one key press shows a longer period.
  const unroute = await rewrite(page, 'media:get', (doc) => {
    const view = doc.view as { lists: { group: string; sort: string; period: string; postIds: string[]; likesAvg: number | null }[] };
    for (const list of view.lists) {
      if (list.group === 'all' && list.sort === 'time_posted_desc' && list.period === '30d') {
        list.postIds = [];
        list.likesAvg = null;
      }
    }
  });
  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByTestId('media-tab');
  const empty = media.getByTestId('media-empty');
  await expect(empty).toContainText('No posts in the last 30 days');
  await expect(media).not.toContainText('0 posts');
  await expect(media.getByTestId('media-figures')).toHaveCount(0);
  const widen = empty.getByRole('button', { name: /^Show the last \d+ days$/ });
  await widen.focus();
  await page.keyboard.press('Enter');
  await expect(media.getByTestId('media-empty')).toHaveCount(0);
  await expect(media.locator('.media-grid li').first()).toBeVisible();
  await expect(media.getByLabel('Media period')).toBeFocused();
  await expect(media.getByLabel('Media period')).not.toHaveValue('30d');
  await unroute();

  // Compare: the quiet account's ER is said, not ranked; natgeo's engagement history is drawn.
  await page.goto(`${scout.origin}/#/accounts`);
  for (const a of [`tiktok-${quiet}`, `tiktok-${busy}`, 'instagram-natgeo', 'instagram-cristiano']) await page.getByTestId(`library-row-${a}`).getByRole('checkbox').check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await page.getByTestId('compare-tray').getByRole('button', { name: 'Compare 4' }).click();
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  const erRow = table.locator('tbody[data-group="Engagement"] tr', { has: page.locator('th', { hasText: /^Engagement rate$/ }) });
  // One account has no posts in the 30 days: its cell says so; the others hold figures.
  const quietCell = erRow.locator('td', { hasText: 'No posts in the last 30 days' });
  await expect(quietCell).toHaveCount(1);
  await expect(erRow.locator('td[data-value=""]')).toHaveCount(1);
  await expect(quietCell).toHaveAttribute('data-value', '');
  await expect(quietCell).not.toHaveAttribute('data-rank', /.+/);
  const overTime = page.locator('section[data-chart="engagement"]');
  await expect(overTime).toBeVisible();
  // Natgeo's history is cached (its History tab was opened), Cristiano's not: only natgeo is drawn.
  await expect(overTime.getByRole('img')).toHaveAccessibleName(/^Engagement rate over time of [^,]+ \(Instagram\)$/);
  await expect(overTime.locator('.chart-missing')).toContainText('(Instagram)');
});
