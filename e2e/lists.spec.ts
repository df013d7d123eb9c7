// Lists end to end: a bad list id is refused at its field; list 6 of the simulator (210 items,
// Instagram and TikTok) is synced for free, paged through, named by keyboard (the name shown
// wherever the list is referred to, and refused for another list), its items ticked into the Compare
// tray and handed to Add accounts (quoted there first), one opened as a report; then with the API
// gone and Scout offline, after a reload, the list and its items are all still there, and export
// as Excel and CSV files read back here.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

test('sync a list, page through it, compare and open its items, offline too', async ({ page, scout }) => {
  test.setTimeout(90_000);
  const simulator = scout.simulator!;
  await scout.open(page);
  await page.keyboard.press('Control+7');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await expect(page.getByTestId('lists-empty')).toContainText('No list synced yet.');

  // The id is checked at its field; nothing is sent.
  const idField = page.getByLabel('List id');
  const sync = page.getByRole('button', { name: 'Sync list' });
  for (const [typed, message] of [
    ['', 'Enter the number of a list.'],
    ['0', 'A list id is a whole number from 1.'],
    ['6a', 'A list id is a whole number, such as 12.'],
    ['-2', 'A list id is a whole number, such as 12.'],
  ] as const) {
    await idField.fill(typed);
    await sync.click();
    await expect(page.getByTestId('list-id-field').locator('.field-error')).toHaveText(message);
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByTestId('lists-empty')).toBeVisible();

  // A list the account does not have: said, nothing kept.
  await idField.fill('99');
  await sync.click();
  await expect(page.getByTestId('list-sync-note')).toContainText('List 99 was not synced');
  await expect(page.getByTestId('lists-empty')).toBeVisible();

  // List 6: 210 items over three pages of the API (limit 100), free.
  const spentBefore = { ...simulator.state.spent };
  await idField.fill(' 6 ');
  await sync.click();
  await expect(page.getByTestId('list-sync-note')).toHaveText('List 6: 210 items in the cache. Nothing was spent.', { timeout: 20_000 });
  expect(simulator.state.spent).toEqual(spentBefore);
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(page.getByTestId('known-list-6')).toContainText('210');
  await expect(page.getByTestId('known-list-6')).toContainText('Complete');
  expect(page.url()).toMatch(/#\/lists\/6$/);

  // Page through: 100 at a time.
  const rows = page.getByTestId('list-item-row');
  const pager = page.getByTestId('list-page');
  await expect(pager).toHaveText('Items 1–100 of 210');
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(pager).toHaveText('Items 101–200 of 210');
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(pager).toHaveText('Items 201–210 of 210');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  await page.getByRole('button', { name: '← Previous' }).click();
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(pager).toHaveText('Items 1–100 of 210');

  // Each item with its fields: network, followers and ER by the one formatter, the other fields as sent.
  let table = page.getByRole('table', { name: 'Items of List 6' });
  for (const header of ['Account', 'Network', 'Followers', 'Engagement rate', 'In lists', 'First requested', 'Main audience country']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // No API id as a column; countries by name.
  for (const header of ['Report id', 'Report Id', 'Id']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toHaveCount(0);
  await expect(rows.first().locator('td[data-column="field:audience_geo"]')).toHaveText(/^[A-Z][a-zà-ÿ’ ().-]+[a-z)]$/);

  // The researcher names the list, by keyboard: Enter keeps the name, Escape leaves it as it was.
  const nameButton = page.getByRole('button', { name: 'Name this list…' });
  await nameButton.focus();
  await page.keyboard.press('Enter');
  const nameField = page.getByLabel('List name');
  await expect(nameField).toBeFocused();
  await page.keyboard.type('Not this one');
  await page.keyboard.press('Escape');
  await expect(nameButton).toBeFocused();
  await expect(page.getByTestId('list-name')).toHaveText('List 6');
  await page.keyboard.press('Enter');
  await expect(nameField).toHaveValue('');
  await page.keyboard.type('  Summer   shortlist ');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-name')).toHaveText('Summer shortlist');
  await expect(page.getByRole('button', { name: 'Rename…' })).toBeFocused();
  await expect(page.getByTestId('known-list-6')).toContainText('Summer shortlist');
  // The sync's line above says the list by its name now, not "List 6".
  await expect(page.getByTestId('list-sync-note')).toHaveText('Summer shortlist: 210 items in the cache. Nothing was spent.');
  table = page.getByRole('table', { name: 'Items of Summer shortlist' });
  await expect(table).toBeVisible();
  // Wherever the list is referred to: the items it shares with list 1 say both, by name where there is one.
  const inLists = rows.locator('td[data-column="inLists"]');
  await expect(inLists.first()).toContainText('Summer shortlist');
  expect(await inLists.allTextContents()).toContain('List 1, Summer shortlist');
  expect((await inLists.allTextContents()).every((t) => !/\d,\d/.test(t))).toBe(true);
  const first = rows.first();
  await expect(first.locator('td[data-column="er"]')).toHaveText(/^\d+(\.\d+)? %$/);
  await expect(first.locator('td[data-column="followers"]')).toHaveText(/^[\d,.]+[KM]?$/);
  // Sorted by followers, largest first, across all 210 (not just the page shown).
  const followers = table.locator('th[data-column="followers"]');
  await followers.getByRole('button').click();
  await expect(followers).toHaveAttribute('aria-sort', 'descending');
  const exact = async () => (await rows.locator('td[data-column="followers"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''))).map((t) => Number(t.replace(/[^\d]/g, '')));
  const top = await exact();
  expect(top.every((v, i) => i === 0 || top[i - 1]! >= v)).toBe(true);
  await page.getByRole('button', { name: 'Next →' }).click();
  const next = await exact();
  expect(Math.max(...next)).toBeLessThanOrEqual(Math.min(...top));
  await page.getByRole('button', { name: '← Previous' }).click();

  // Two Instagram items to Compare; the ticks on another page are kept.
  const instagram = page.locator('[data-testid="list-item-row"][data-network="instagram"]');
  const names = [await instagram.nth(0).getAttribute('data-account'), await instagram.nth(1).getAttribute('data-account')];
  await instagram.nth(0).getByRole('checkbox').check();
  await instagram.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(page.getByTestId('list-selection')).toHaveText('2 items selected');
  await page.getByRole('button', { name: 'Add 2 accounts to Compare' }).click();
  await expect(page.getByTestId('list-note')).toHaveText('2 accounts added to the Compare tray.');
  const tray = page.getByTestId('compare-tray');
  await expect(tray.locator('li')).toHaveCount(2);
  for (const name of names) await expect(tray.getByTestId(`tray-item-instagram-${name!.toLowerCase()}`)).toBeVisible();

  // The same two through Add accounts: quoted there before anything is spent.
  await page.getByRole('button', { name: 'Fetch 2 reports…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const confirmation = page.getByTestId('fetch-confirmation');
  for (const name of names) await expect(confirmation).toContainText(`Instagram ${name} — new: 1 report credit`);
  await expect(page.getByTestId('fetch-total')).toHaveText('Spends 2 report credits, leaving 998 of 1,000.');
  await confirmation.getByRole('button', { name: 'Change' }).click();
  expect(simulator.state.spent.credits).toBe(spentBefore.credits);

  // An item opens as its report page; back finds the list as it was.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await expect(pager).toHaveText('Items 1–100 of 210');
  const item = rows.nth(2);
  const [network, account] = [await item.getAttribute('data-network'), await item.getAttribute('data-account')];
  await item.locator('td[data-column="followers"]').click();
  await expect(page.getByTestId('report-missing')).toBeVisible();
  expect(decodeURIComponent(page.url())).toContain(`#/accounts/${network}/${account}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(account!);
  await page.goBack();
  await expect(page.getByTestId('list-items')).toBeVisible();

  // One name names one list: another list cannot take it, in any case.
  await idField.fill('4');
  await sync.click();
  await expect(page.getByTestId('list-sync-note')).toHaveText('List 4: 5 items in the cache. Nothing was spent.', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Name this list…' }).click();
  await page.getByLabel('List name').fill('summer SHORTLIST');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('list-name-field').locator('.field-error')).toHaveText('Another list is already called “Summer shortlist”: choose another name.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('list-name')).toHaveText('List 4');
  await page.getByTestId('known-list-6').click();
  await expect(page.getByTestId('list-name')).toHaveText('Summer shortlist');
  // Synced again, the list keeps its name and is called by it.
  await page.getByRole('button', { name: 'Sync again' }).click();
  await expect(page.getByTestId('list-sync-note')).toHaveText('Summer shortlist: 210 items in the cache. Nothing was spent.', { timeout: 20_000 });
  await expect(page.getByTestId('list-name')).toHaveText('Summer shortlist');

  // Offline: the API gone, Scout offline, reloaded: the list is read from the cache.
  await scout.reloadOfflineWithoutApi(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await expect(page.getByTestId('known-list-6')).toContainText('210');
  await expect(page.getByTestId('known-list-6')).toContainText('Summer shortlist');
  await expect(page.getByTestId('list-name')).toHaveText('Summer shortlist');
  await expect(pager).toHaveText('Items 1–100 of 210');
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(pager).toHaveText('Items 201–210 of 210');
  await expect(page.getByTestId('sync-blocked')).toContainText('working offline');
  await expect(page.getByRole('button', { name: 'Sync list' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sync again' })).toBeDisabled();

  // Exported offline: every item (all pages), in the table's order; figures as the screen rounds them, no ids.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export-csv').click()]);
  // Named as the researcher named the list.
  expect(csv.suggestedFilename()).toBe('Summer shortlist.csv');
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(210);
  expect(parsed.meta.fields).not.toContain('Report id');
  expect(parsed.meta.fields).not.toContain('In lists');
  expect(parsed.data.every((r) => /^(\d+(\.\d{1,2})?)?$/.test(r['Engagement rate (%)']!))).toBe(true);
  expect(parsed.data.every((r) => r['First requested'] === '' || /^\d{4}-\d\d-\d\d$/.test(r['First requested']!))).toBe(true);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toBe('Summer shortlist.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('Items')!;
  expect(sheet.rowCount).toBe(3 + 210);
  expect(sheet.getCell(1, 1).text).toBe('Summer shortlist');
  expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, printTitlesRow: '1:3' });
  expect((sheet.getRow(3).values as unknown[]).slice(1, 6)).toEqual(['Account', 'Username', 'Network', 'Followers', 'Engagement rate']);
  expect(parsed.data.map((r) => r.Username)).toEqual(Array.from({ length: 210 }, (_, i) => sheet.getCell(4 + i, 2).text));
});

test('a list sorts and filters by your status across all its pages, the status in its own column', async ({ page, scout }) => {
  test.setTimeout(90_000);
  await scout.open(page);
  await page.keyboard.press('Control+7');
  await page.getByLabel('List id').fill('6');
  await page.getByRole('button', { name: 'Sync list' }).click();
  await expect(page.getByTestId('list-sync-note')).toContainText('210 items in the cache', { timeout: 20_000 });
  const rows = page.getByTestId('list-item-row');
  await expect(rows).toHaveCount(100);
  const table = page.getByRole('table', { name: 'Items of List 6' });
  await expect(table.locator('th[data-column="status"]')).toHaveCount(0);

  // A status on an item of the last page (as its report page saves it).
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('button', { name: 'Next →' }).click();
  const last = rows.last();
  const [network, account] = [await last.getAttribute('data-network'), await last.getAttribute('data-account')];
  await page.evaluate(`fetch('/rpc/notes:set', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ network: ${JSON.stringify(network)}, account: ${JSON.stringify(account)}, note: '', tags: [], status: 'contacted' }) })`);
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(page.getByTestId('list-page')).toHaveText('Items 1–100 of 210');

  // Its own column; sorted by it, the item comes first, from page 3.
  const status = table.locator('th[data-column="status"]');
  await expect(status).toHaveText('Status');
  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toHaveAttribute('data-account', account!);
  await expect(rows.first().locator('td[data-column="status"]')).toHaveText('Contacted');
  await page.getByLabel('Items: status').selectOption({ label: 'Status “Contacted”' });
  await expect(rows).toHaveCount(1);
});
