// Without a mouse: what a hover title says (an exact figure, a whole name cut short) is shown on
// keyboard focus too (the focus tip), Compare can show its exact figures in the cells, and the
// report's value disclosures are named by what they hold. And the small dead ends: the post
// browser's empty state clears its filters, Discovery drops the last run's outcome when the run
// to come changes and says what its total counts, the Archive says what "Kept" means and deletes
// with the danger style.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillWorkspace, LONG, QUERY_NAME, workspaceSimulator } from './workspace';

test.use({ scoutSimulator: workspaceSimulator });

/** Focus as the keyboard gives it (Tab), so the page treats it as keyboard focus. */
async function keyboardFocus(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('exact values and whole names on keyboard focus; disclosures named; the small dead ends lead somewhere', async ({ page, scout }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  const analysis = await fillWorkspace(page, scout.origin);
  const tip = page.getByTestId('focus-tip');

  // The library cuts the long name at 1,100 px; the row on keyboard focus says it whole.
  await page.keyboard.press('Control+1');
  const longRow = page.getByTestId(`library-row-instagram-${LONG}`);
  const handle = longRow.locator('.account-names .truncate').nth(1);
  expect(await handle.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await keyboardFocus(page, longRow);
  await expect(tip).toContainText(`@${LONG}`);
  await expect(tip).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  // The tray's remove button names the account it takes out, whole.
  await keyboardFocus(page, page.getByTestId(`tray-item-instagram-${LONG}`).getByRole('button'));
  await expect(tip).toContainText(`@${LONG}`);
  // A scroll and the focus leaving in one turn (focus() scrolling into view, then Tab, did it): the
  // tip, told to follow and then to hide before React renders, goes; the page stays.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('scroll'));
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await expect(tip).toHaveCount(0);
  await expect(page.getByTestId(`tray-item-instagram-${LONG}`)).toBeVisible();

  // The report: a headline figure and a metrics value are Tab stops that show their exact figure.
  await page.goto(`${scout.origin}/#/accounts/instagram/natgeo`);
  const card = page.getByTestId('report-figures').locator('[data-metric]').first();
  const exact = (await card.getAttribute('title'))!;
  expect(exact).toMatch(/\d/);
  await keyboardFocus(page, card);
  await expect(tip).toHaveText(exact);
  const value = page.getByTestId('metrics').locator('td[title]').first();
  await keyboardFocus(page, value);
  await expect(tip).toHaveText((await value.getAttribute('title'))!);
  // Each value disclosure says what it holds.
  const summaries = await page.getByTestId('report-view').locator('summary').allTextContents();
  expect(summaries.length).toBeGreaterThan(1);
  for (const name of summaries) expect(name).toMatch(/^Values of \S/);
  expect(new Set(summaries).size).toBe(summaries.length);
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('tabpanel').locator('summary');
  await expect(history.first()).toBeVisible();
  const latest = await history.allTextContents();
  for (const name of latest) expect(name).toMatch(/^Latest values of \S/);
  expect(new Set(latest).size).toBe(latest.length);

  // Compare: the exact figures in the cells, with one box.
  await page.keyboard.press('Control+2');
  const followers = page.getByTestId('compare-table').locator('tr[data-row] td[data-value]:not([data-value=""])').first();
  const rounded = (await followers.textContent())!;
  await page.getByTestId('compare-exact').check();
  const figure = (text: string | null) => text!.replace(/[▲▼]|best: |worst: /g, '').trim();
  const shown = figure(await followers.textContent());
  expect(await followers.getAttribute('title')).toContain(shown);
  expect(shown).not.toBe(figure(rounded));

  // Competitor: its headline figures are Tab stops; no post matches → Clear filters brings them back.
  await page.goto(analysis);
  const emv = page.getByTestId('competitor-dashboard').locator('dd[title]').first();
  await keyboardFocus(page, emv);
  await expect(tip).toHaveText((await emv.getAttribute('title'))!);
  await page.getByLabel('Followers from').fill('999999999999');
  const empty = page.getByTestId('posts-empty');
  await expect(empty).toContainText('No post matches these filters.');
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Followers from')).toHaveValue('');
  await expect(page.getByTestId('post-row').first()).toBeVisible();
  await expect(page.getByTestId('post-count')).toHaveText('300 of 300 posts');

  // Discovery: the total is said as what it counts; a changed run drops the last run's outcome.
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: QUERY_NAME, exact: true }).click();
  await expect(page.getByTestId('results-count')).toContainText(/40 accounts from 2 cached pages of the \d+ pages this search has/);
  // A focused result row says what its cells' titles say, under their columns' names.
  const result = page.getByTestId('result-row').first();
  const followersExact = (await result.locator('td[data-column="followers"]').getAttribute('title'))!;
  expect(followersExact).toMatch(/^\d{1,3}(,\d{3})*$/);
  await keyboardFocus(page, result);
  await expect(tip).toContainText(`Followers: ${followersExact}`);
  await page.getByTestId('mode-sandbox').check();
  await page.getByTestId('page-to').fill('2');
  await page.getByTestId('check-cost').click();
  await page.getByTestId('discovery-confirm').getByRole('button').first().click();
  const outcome = page.getByTestId('run-outcome');
  await expect(outcome).toHaveText('Finished: 0 pages fetched, 2 from the cache; free (sandbox).');
  await page.getByTestId('check-cost').click();
  await expect(page.getByTestId('discovery-confirm')).toBeVisible();
  await expect(outcome).toHaveCount(0);
  await page.getByTestId('discovery-confirm').getByRole('button').first().click();
  await expect(outcome).toBeVisible();
  await page.getByTestId('page-to').fill('3');
  await expect(outcome).toHaveCount(0);

  // Archive: "Kept" says where; deleting is the danger button, in the error colour.
  await page.keyboard.press('Control+5');
  const row = page.getByTestId('archive-row');
  await expect(row.getByTestId('pdf-kept')).toHaveText('Kept on this computer');
  await expect(row.getByTestId('pdf-kept')).toHaveAttribute('title', /opens offline/);
  await row.getByTestId('delete-pdf').click();
  const remove = page.getByTestId('confirm-delete-pdf').getByRole('button', { name: 'Delete the PDF' });
  const [background, error] = await remove.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(document.documentElement).getPropertyValue('--error').trim()]);
  const errorRgb = await page.evaluate((hex) => {
    const probe = document.createElement('span');
    probe.style.color = hex;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, error);
  expect(background).toBe(errorRgb);
  await page.getByTestId('confirm-delete-pdf').getByRole('button', { name: 'Keep it' }).click();
});
