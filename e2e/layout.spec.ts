// The shell around every page: the first Tab stop, the window's title, the favicon, a sidebar
// and top bar that stay in view on a long report, section links, a page as wide as the window,
// forms that say per field what is wrong, links out to posts and brands, and a credit meter that
// says how old it is and moves as soon as a spend happens. Screens walked at 1,100 and 1,920 px
// in both colour schemes (screenshots in the test's output folder).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Adds accounts through Add accounts and waits for them (the simulator is fast in this file). */
async function addAccounts(page: Page, text: string, count: number) {
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(text);
  await page.getByRole('button', { name: `Check cost of ${count} account${count === 1 ? '' : 's'}` }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(count, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
}

/** Whether the placeholder of an input fits in it (measured in the input's own font). */
async function placeholderFits(page: Page, label: RegExp | string) {
  return page.getByLabel(label).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
}

test.describe('shell', () => {
  test('the first Tab stop skips to the content; the title names the page; the favicon loads', async ({ page, scout }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await scout.open(page);
    await expect(page).toHaveTitle('Accounts — Scout Workbench');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    // The page uses the window's width (beside a 14rem sidebar), and the filter bar keeps its search readable.
    const main = await page.locator('main#main').boundingBox();
    expect(main!.width).toBeGreaterThan(1440 - 14 * 14 - 20);
    expect(await placeholderFits(page, /Search names/)).toBe(true);
    for (const label of ['Followers at least', 'Followers at most', 'Country (two letters)']) expect(await placeholderFits(page, label)).toBe(true);

    await page.keyboard.press('Control+9');
    await expect(page).toHaveTitle('Settings — Scout Workbench');
    await page.keyboard.press('Control+2');
    await expect(page).toHaveTitle('Compare — Scout Workbench');
    // Opened at an address: still the skip link first.
    await page.reload();
    await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    const icon = await page.locator('link[rel="icon"]').evaluate((link: HTMLLinkElement) => link.href);
    const response = await page.request.get(icon);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
    expect((await response.body()).subarray(1, 4).toString()).toBe('PNG');

  });

  test('the credit meter says how old it is, and one state at a time', async ({ page, scout }) => {
    await scout.open(page);
    const meter = page.getByTestId('credit-meter');
    await expect(meter.getByTestId('credits-age')).toHaveText('checked just now');
    await expect(meter.getByTestId('credits-age')).toBeVisible();
    // While the plan is asked again the meter says so, and nothing else.
    await page.route(/\/rpc\/plan%3Arefresh$|\/rpc\/plan:refresh$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('banner').getByLabel('Workspace').selectOption('production');
    await expect(meter).toContainText('Checking credits…');
    await expect(meter).not.toContainText('Add API credentials');
    await expect(meter).toContainText('Add API credentials in Settings');
    await expect(meter).not.toContainText('Checking credits…');
  });

  test('forms say per field what is wrong, in plain words, beside the field', async ({ page, scout }) => {
    await scout.open(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const accountField = page.getByTestId('field-accountId');
    const tokenField = page.getByTestId('field-apiToken');

    // Both empty: each field says so.
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(accountField.getByRole('alert')).toHaveText('Enter the account id.');
    await expect(tokenField.getByRole('alert')).toHaveText('Enter the API token.');
    await expect(page.getByLabel('Account id')).toHaveAttribute('aria-invalid', 'true');

    // Main's own checks come back per field too (a token too short, an id with a space).
    await page.getByLabel('Account id').fill('my account');
    await expect(accountField.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('API token').fill('short');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(accountField.getByRole('alert')).toContainText('only visible characters, no spaces');
    await expect(tokenField.getByRole('alert')).toContainText('The API token looks too short');
    await expect(page.getByLabel('API token')).toHaveAttribute('aria-invalid', 'true');
    const settings = page.getByTestId('page-settings');
    await expect(settings).not.toContainText('accountId');
    await expect(settings).not.toContainText('apiToken');

    // The address says it beside its field, without the field's internal name.
    await page.getByLabel('API address').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByTestId('field-baseUrl').getByRole('alert')).toBeVisible();
    await expect(settings).not.toContainText('baseUrl');
  });
});

test.describe('a long report', () => {
  test.use({ scoutSimulator: { generationMs: 300 } });

  test('keeps the shell in view, links its parts, names the window, links out to posts and brands; screens at two widths and both schemes', async ({
    page,
    scout,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await scout.open(page);
    await addAccounts(page, 'instagram:natgeo youtube:foodchannel', 2);

    // The library is the kit's data table: names sort A→Z on the first click; rows are selected
    // with their box, Space, Shift+Space for a range, or the header's box for all.
    const table = page.getByRole('table', { name: 'Cached accounts' });
    const account = table.getByRole('columnheader', { name: 'Account' });
    await account.getByRole('button').click();
    await expect(account).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-testid', 'library-row-youtube-foodchannel');
    const selected = page.getByTestId('library-selection');
    await table.getByRole('checkbox', { name: 'Select all 2 shown' }).check();
    await expect(selected).toHaveText(/^2 selected/);
    await table.getByRole('checkbox', { name: 'Select all 2 shown' }).uncheck();
    await expect(selected).toHaveCount(0);
    await table.locator('tbody tr').first().focus();
    await page.keyboard.press('Space');
    await expect(selected).toHaveText(/^1 selected/);
    await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('library-row-instagram-natgeo')).toBeFocused();
    await page.keyboard.press('Shift+Space');
    await expect(selected).toHaveText(/^2 selected/);
    await expect(table.getByRole('checkbox', { name: 'Select all 2 shown' })).toBeChecked();
    await table.getByRole('checkbox', { name: /^Select Natgeo/ }).click();
    await expect(selected).toHaveText(/^1 selected/);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(selected).toHaveCount(0);
    // Shift-click extends from the row clicked before (the anchor) to this one.
    await table.getByRole('checkbox', { name: /^Select Foodchannel/ }).click();
    await table.getByRole('checkbox', { name: /^Select Natgeo/ }).click({ modifiers: ['Shift'] });
    await expect(selected).toHaveText(/^2 selected/);
    // A filter that hides a selected row leaves it out of the count.
    await page.getByLabel('Network', { exact: true }).selectOption('instagram');
    await expect(page.getByTestId('library-count')).toHaveText('1 account');
    await expect(selected).toHaveText(/^1 selected/);
    await page.getByLabel('Network', { exact: true }).selectOption('');
    await expect(selected).toHaveText(/^2 selected/);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(selected).toHaveCount(0);
    // One Tab stop for the whole table: Tab from the last header lands on the row last used.
    await table.getByRole('columnheader', { name: 'Fetched' }).getByRole('button').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('library-row-instagram-natgeo')).toBeFocused();

    await page.getByTestId('library-row-instagram-natgeo').click();
    await expect(page.getByTestId('report-view')).toBeVisible();
    await expect(page).toHaveTitle('natgeo · Instagram — Scout Workbench');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(3000);

    // Scrolled to the end: the sidebar and the top bar are where they were.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    for (const part of [page.getByRole('navigation', { name: 'Main' }), page.getByRole('banner')]) {
      await expect(part).toBeInViewport();
      expect(Math.abs((await part.boundingBox())!.y)).toBeLessThan(1);
    }
    await expect(page.getByRole('link', { name: 'Settings' })).toBeInViewport();
    await expect(page.getByTestId('credit-meter')).toBeInViewport();

    // Section links: each part is reached below the top bar, and the address stays the report's.
    await page.evaluate(() => window.scrollTo(0, 0));
    const nav = page.getByRole('navigation', { name: 'Parts of this report' });
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Growth', 'Content', 'Audience']);
    const url = page.url();
    await nav.getByRole('link', { name: 'Audience' }).click();
    const audience = page.locator('#report-audience');
    await expect(audience).toBeFocused();
    await expect(audience).toBeInViewport();
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect((await audience.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    expect(page.url()).toBe(url);

    // Media open the post on Instagram through main's allow-list; thumbnails fill their column.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('tab', { name: 'Media' }).click();
    const first = page.getByTestId('media-item').first();
    const link = first.getByRole('link', { name: /^Open the post/ });
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
    const item = (await first.boundingBox())!;
    const thumb = (await first.locator('.thumb').boundingBox())!;
    expect(thumb.width).toBeGreaterThan(item.width - 2);
    expect(thumb.height).toBeCloseTo(thumb.width, 0);
    // No network here: the network's page is answered by the test, so the tab's address can be read.
    await page.context().route('https://www.instagram.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>post</title>' }));
    const opened = page.waitForEvent('popup');
    const asked = page.waitForResponse((r) => decodeURIComponent(r.url()).endsWith('/rpc/shell:openExternal'));
    await link.click();
    expect(((await (await asked).json()) as { ok: boolean; value: { url: string } }).value.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    const popup = await opened;
    await expect.poll(() => popup.url()).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    await popup.close();

    // Brand mentions open the brand's channel.
    await page.getByRole('link', { name: '← All accounts' }).or(page.getByRole('button', { name: '← All accounts' })).click();
    await page.getByTestId('library-row-youtube-foodchannel').click();
    await expect(page).toHaveTitle('foodchannel · YouTube — Scout Workbench');
    await page.getByRole('tab', { name: 'Brand mentions' }).click();
    const mention = page.getByTestId('mention').first().getByRole('link');
    await expect(mention).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/(channel\/UC[\w-]{22}|@.+)$/);
    await page.getByRole('tab', { name: 'Overview' }).click();

    // The screens of Accounts and Settings, at 1,100 and 1,920 px, light and dark.
    for (const width of [1100, 1920]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 1000 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.keyboard.press('Control+1');
        await expect(page.getByTestId('page-accounts')).toBeVisible();
        // The filters never squeeze the search below its placeholder.
        expect(await placeholderFits(page, /Search names/)).toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`accounts-${width}-${scheme}.png`) });
        await page.getByTestId('library-row-instagram-natgeo').click();
        await expect(page.getByTestId('report-figures')).toBeVisible();
        // A full-page picture of a page whose shell sticks: taken from the top, as the page opens.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: testInfo.outputPath(`report-${width}-${scheme}.png`), fullPage: true });
        await page.keyboard.press('Control+9');
        await page.getByRole('button', { name: 'Save credentials' }).click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: testInfo.outputPath(`settings-${width}-${scheme}.png`), fullPage: true });
        // Nothing in the shell wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });
});

test.describe('while a paid report generates', () => {
  test.use({ scoutSimulator: { generationMs: 6000 } });

  test('the credit meter has already moved', async ({ page, scout }) => {
    test.setTimeout(60_000);
    await scout.open(page);
    await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel(/Usernames, channel ids/).fill('natgeo');
    await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
    // The API charged when it accepted the request; the meter says so before the report is ready.
    await expect(page.getByTestId('credits-reports')).toHaveText('999', { timeout: 5000 });
    await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(0);
    await expect(page.getByTestId('credits-age')).toHaveText(/checked just now|checking…/);
    await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('credits-reports')).toHaveText('999');
  });
});
