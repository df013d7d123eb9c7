// Compare end to end: four accounts from three networks picked in the library, compared, saved;
// a refresh after saving says newer data exists and changes nothing until Update; then offline
// (simulator stopped, Work offline), reloaded, reopened from the saved list, and exported: the
// XLSX and CSV read back here hold every figure the table shows (the CSV rounded as the screen
// rounds it) and say why a missing one is missing, in words, never 0.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { roundAsShown, type FigureUnit } from '../src/shared/sheets';
import { formatMetric } from '../src/shared/format';
import { appRoot } from './browserMode';
import { addAccounts } from './workspace';

/** The words a sheet writes where a figure is absent: labels.ts ABSENT_WORDS, or the model's reason for a period without posts. */
const ABSENT = /^(not in report|no posts|No (posts|videos|streams|tweets) in the last [\w ]+)$/;

const DAY_MS = 86_400_000;

test.use({ scoutSimulator: { generationMs: 0 } });

/** The built main's scripts (out/main and its chunks) that load `module`, by require or import. */
function builtScriptsLoading(module: string): string[] {
  const dir = path.join(appRoot, 'out/main');
  const scripts = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  const loads = new RegExp(`(require|import)\\(\\s*["']${module}["']\\s*\\)`);
  return scripts.filter((f) => loads.test(fs.readFileSync(path.join(dir, f), 'utf8'))).sort();
}

const accounts = [
  { network: 'instagram', account: 'natgeo' },
  { network: 'instagram', account: 'travel.cafe' },
  { network: 'youtube', account: 'foodchannel' },
  { network: 'twitch', account: 'shroud' },
] as const;

interface ShownRow {
  group: string;
  label: string;
  unit: string;
  /** Per column, the table's data-value: the model's value, '' where the figure is missing. */
  values: string[];
  /** Per column, the text shown. */
  texts: string[];
}

interface ShownTable {
  names: string[];
  expandable: string[];
  rows: ShownRow[];
}

/** Opens every folded group, then reads the table: column names and every figure row. */
async function readTable(page: Page): Promise<ShownTable> {
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  const folded = table.locator('button.group-toggle[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await expect(table.locator('button.group-toggle[aria-expanded="false"]')).toHaveCount(0);
  return table.evaluate((el) => ({
    names: [...el.querySelectorAll('thead th[data-name]')].map((th) => th.getAttribute('data-name')!),
    expandable: [...el.querySelectorAll('tbody[data-expandable="true"]')].map((tb) => tb.getAttribute('data-group')!),
    rows: [...el.querySelectorAll('tbody[data-group] tr[data-unit]')].map((tr) => ({
      group: tr.closest('tbody')!.getAttribute('data-group')!,
      label: tr.querySelector('th')!.textContent!.trim(),
      unit: tr.getAttribute('data-unit')!,
      values: [...tr.querySelectorAll('td')].map((td) => td.getAttribute('data-value')!),
      texts: [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    })),
  }));
}

/** What a sheet cell holds for a table value (the writer's number mapping: percent as a fraction, durations in days). */
function expectedCell(unit: string, value: string): number | string | null {
  if (value === '') return null; // a word saying why: checked against ABSENT
  if (unit === 'text') return value;
  const n = Number(value);
  if (unit === 'percent') return n / 100;
  if (unit === 'duration_ms') return n / DAY_MS;
  return n;
}

function cellValue(cell: ExcelJS.Cell): number | string | null {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  // exceljs reads a cell with a time format ('[h]:mm:ss', a duration) as a Date: back to Excel's days.
  if (v instanceof Date) return (v.getTime() - Date.UTC(1899, 11, 30)) / DAY_MS;
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return v as number | string;
}

/** The figure rows of a sheet (after its account header), per group heading, with one value per account column. */
function sheetRows(ws: ExcelJS.Worksheet, columns: number): { group: string; label: string; values: (number | string | null)[] }[] {
  const out: { group: string; label: string; values: (number | string | null)[] }[] = [];
  let group = '';
  // After the title block (rows 1–2), the header row (3) and the five account rows (4–8).
  for (let r = 9; r <= ws.rowCount; r++) {
    const first = cellValue(ws.getCell(r, 1));
    if (first === null) continue;
    const fill = ws.getCell(r, 1).fill;
    if (fill && fill.type === 'pattern' && fill.pattern === 'solid') {
      group = String(first);
      continue;
    }
    out.push({ group, label: String(first), values: Array.from({ length: columns }, (_, j) => cellValue(ws.getCell(r, j + 2))) });
  }
  return out;
}

test('compare four accounts from three networks: save, refresh, update, reopen offline, export XLSX and CSV', async ({ page, scout }) => {
  test.setTimeout(180_000);
  const simulator = scout.simulator!;
  await scout.open(page);

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel(/Usernames, channel ids/).fill(accounts.map((a) => `${a.network}:${a.account}`).join('\n'));
  await page.getByRole('button', { name: 'Check cost of 4 accounts' }).click();
  await page.getByTestId('fetch-confirmation').getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(4, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  // Picked in the library: ticked, then added to the tray.
  for (const a of accounts) await page.getByTestId(`library-row-${a.network}-${a.account}`).getByRole('checkbox').check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await expect(page.getByTestId('library-selection')).toContainText('4 accounts added to the comparison');
  const tray = page.getByTestId('compare-tray');
  await expect(tray.locator('li')).toHaveCount(4);
  // The tray survives a reload, and its accounts are taken out by keyboard.
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(tray.locator('li')).toHaveCount(4);
  await expect(tray.getByTestId('tray-problem')).toHaveCount(0);

  await tray.getByRole('button', { name: 'Compare 4' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible();
  await expect(page.getByTestId('compare-table').locator('thead th[data-name]')).toHaveCount(4);
  const note = 'Strong fit; ask for rates, "quoted", and accents: café';
  await page.getByTestId('compare-note-instagram-natgeo').fill(note);
  await page.getByLabel('Name', { exact: true }).fill('Spring shortlist');
  await page.getByTestId('compare-save').click();
  await expect(page).toHaveURL(/#\/compare\/\d+$/);
  await expect(page.getByTestId('compare-title')).toHaveText('Spring shortlist');
  const savedAt = page.url();
  const saved = await readTable(page);
  expect(saved.names).toHaveLength(4);
  expect(saved.expandable).toEqual(expect.arrayContaining(['Instagram', 'YouTube', 'Twitch']));
  // Missing is shown as missing, never as 0, and is never ranked.
  const missing = saved.rows.flatMap((r) => r.values.map((v, i) => ({ v, text: r.texts[i]! })).filter((c) => c.v === ''));
  expect(missing.length).toBeGreaterThan(0);
  // Missing, or absent for a period without posts (src/shared/periodFigures.ts): said, never 0.
  for (const m of missing) expect(m.text).toMatch(/^(—missing|No (posts|videos|streams|tweets) in the last \d+ days|No recent (posts|videos|streams|tweets))$/);
  await expect(page.locator('td.missing[data-rank]')).toHaveCount(0);
  await expect(page.getByTestId('compare-legend')).toContainText('▲ marks the best and ▼ the worst');
  // The tray's order is the library's; natgeo's column is found by its name.
  const natgeo = saved.names.indexOf('Natgeo (Instagram)');
  expect(natgeo).toBeGreaterThanOrEqual(0);
  const followersAt = (t: ShownTable) => t.rows.find((r) => r.label === 'Followers / subscribers')!.values[natgeo];

  // A refresh of one account after saving: the saved comparison says newer data exists and shows what it was saved with.
  simulator.advanceClock(10 * DAY_MS);
  await page.evaluate(() => (location.hash = '#/accounts/instagram/natgeo'));
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.getByTestId('add-to-comparison')).toHaveText('Remove from comparison');
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByText('2 snapshots')).toBeVisible();
  await page.goto(savedAt);
  await expect(page.getByTestId('compare-newer')).toContainText('Newer data exists');
  await expect(page.getByTestId('compare-newer')).toContainText('Instagram');
  expect(await readTable(page)).toEqual(saved);
  await page.getByTestId('compare-update').click();
  await expect(page.getByTestId('compare-newer')).toHaveCount(0);
  const updated = await readTable(page);
  expect(followersAt(updated)).not.toBe(followersAt(saved));
  await expect(page.getByTestId('compare-note-instagram-natgeo')).toHaveValue(note);

  // Offline: the API gone and Work offline; a reload; the comparison reopened from the saved list.
  await scout.reloadOfflineWithoutApi(page);
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+2');
  await page.getByTestId('saved-comparisons').getByRole('link', { name: 'Spring shortlist' }).click();
  await expect(page.getByTestId('compare-title')).toHaveText('Spring shortlist');
  const shown = await readTable(page);
  expect(shown).toEqual(updated);
  await expect(page.getByTestId('compare-charts').getByTestId('chart').first()).toHaveAttribute('data-rendered', 'true');

  // XLSX: the Summary sheet and each network's sheet hold the table's figures; missing ones are empty cells.
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(xlsxDownload.suggestedFilename()).toBe('Spring shortlist.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await xlsxDownload.path())!) as unknown as ArrayBuffer);
  // Written by the built sheet worker: main's own scripts never load exceljs (a third of a second,
  // and the zip of a big workbook, away from its event loop); only the worker's does.
  expect(builtScriptsLoading('exceljs')).toEqual(['sheetWorker.js']);
  const checkSheet = (name: string, groups: (g: string) => boolean) => {
    const ws = wb.getWorksheet(name)!;
    expect(ws, name).toBeTruthy();
    const heads: string[] = [];
    for (let c = 2; cellValue(ws.getCell(3, c)) !== null; c++) heads.push(String(cellValue(ws.getCell(3, c))));
    const index = heads.map((h) => shown.names.indexOf(h));
    expect(index.every((i) => i >= 0), `${name}: ${heads.join(', ')}`).toBe(true);
    // The note row of the account header.
    expect(cellValue(ws.getCell(8, 1))).toBe('Note');
    index.forEach((i, j) => expect(cellValue(ws.getCell(8, j + 2))).toBe(i === natgeo ? note : null));
    // Print setup: landscape, one page wide, titles repeated.
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, printTitlesRow: '1:3', printTitlesColumn: 'A:A' });
    const rows = sheetRows(ws, heads.length);
    const expected = shown.rows.filter((r) => groups(r.group));
    expect(rows.map((r) => `${r.group} / ${r.label}`)).toEqual(expected.map((r) => `${r.group} / ${r.label}`));
    rows.forEach((row, k) => {
      const want = expected[k]!;
      index.forEach((i, j) => {
        const cell = expectedCell(want.unit, want.values[i]!);
        // A duration went through a Date on the way back: equal to the millisecond.
        if (cell === null) expect(String(row.values[j]), `${name} ${want.label} ${heads[j]}`).toMatch(ABSENT);
        else if (want.unit === 'duration_ms' && typeof cell === 'number') expect(row.values[j] as number).toBeCloseTo(cell, 8);
        else expect(row.values[j], `${name} ${want.label} ${heads[j]}`).toEqual(cell);
      });
    });
    return rows.length;
  };
  expect(checkSheet('Summary', (g) => !shown.expandable.includes(g))).toBeGreaterThan(10);
  for (const group of shown.expandable) expect(checkSheet(group, (g) => g === group)).toBeGreaterThan(0);
  expect(wb.getWorksheet('Sources')).toBeTruthy();

  // CSV: UTF-8 with a byte-order mark; one line per figure, in the table's order, missing as empty fields.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csvDownload.suggestedFilename()).toBe('Spring shortlist.csv');
  const bytes = fs.readFileSync((await csvDownload.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [head, ...lines] = parsed.data;
  expect(head!.slice(4)).toEqual(shown.names);
  const noteLine = lines.find((l) => l[0] === 'Note')!;
  expect(noteLine.slice(4)).toEqual(shown.names.map((_, i) => (i === natgeo ? note : '')));
  const figures = lines.slice(lines.indexOf(noteLine) + 1);
  expect(figures.map((l) => `${l[1]} / ${l[0]}`)).toEqual(shown.rows.map((r) => `${r.group} / ${r.label}`));
  figures.forEach((line, k) => {
    const want = shown.rows[k]!;
    want.values.forEach((v, i) => {
      const field = line[4 + i]!;
      if (v === '') expect(field, `${want.label} ${shown.names[i]}`).toMatch(ABSENT);
      else if (want.unit === 'text') expect(field.replace(/^'(?=[=+\-@\t\r])/, '')).toBe(v);
      // A duration as the screen writes it ('68 h 14 min'), never milliseconds.
      else if (want.unit === 'duration_ms') {
        expect(field, `${want.label} ${shown.names[i]}`).toBe(formatMetric(Number(v), 'duration_ms'));
        expect(want.texts[i]).toContain(field);
      }
      else expect(Number(field), `${want.label} ${shown.names[i]}`).toBe(roundAsShown(Number(v), want.unit as FigureUnit));
    });
  });
});

test('the tray takes two to ten accounts and says why Compare is off', async ({ page, scout }) => {
  await scout.open(page);
  await page.evaluate(() => {
    const picks = Array.from({ length: 11 }, (_, i) => ({ network: 'instagram', accountKey: `acc${i}`, username: `acc${i}`, title: null, avatarUrl: null }));
    localStorage.setItem('scout.compare.v1', JSON.stringify({ demo: picks }));
  });
  await page.reload();
  const tray = page.getByTestId('compare-tray');
  await expect(tray.locator('li')).toHaveCount(11);
  await expect(tray.getByTestId('tray-problem')).toHaveText('Compare takes at most 10 accounts: remove 1.');
  await expect(tray.getByRole('button', { name: 'Compare 11' })).toBeDisabled();
  // Removed by keyboard: the focus moves to the next account's ×.
  await tray.getByRole('button', { name: /^Remove acc0 / }).focus();
  await page.keyboard.press('Enter');
  await expect(tray.locator('li')).toHaveCount(10);
  await expect(tray.getByRole('button', { name: /^Remove acc1 / })).toBeFocused();
  await expect(tray.getByTestId('tray-problem')).toHaveCount(0);
  await expect(tray.getByRole('button', { name: 'Compare 10' })).toBeEnabled();
  // None of these has a cached report: the page says so rather than showing an empty table.
  await tray.getByRole('button', { name: 'Compare 10' }).click();
  await expect(page.getByTestId('compare-uncached')).toContainText('No cached report for acc1 (Instagram)');
  // One at a time, each gone before the next is clicked (the page redraws the comparison meanwhile).
  for (let i = 1; i < 10; i++) {
    await tray.getByRole('button', { name: new RegExp(`^Remove acc${i} `) }).click();
    await expect(tray.locator('li')).toHaveCount(10 - i);
  }
  await expect(tray.getByTestId('tray-problem')).toHaveText('Pick one more account to compare.');
  await tray.getByRole('button', { name: 'Clear' }).click();
  await expect(tray).toHaveCount(0);
  await expect(page.getByTestId('compare-empty')).toBeVisible();
});

test('the comparison shows the tray accounts at a status or with a tag, in the steps’ order, each with its status and tags', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await scout.open(page);
  const names = ['natgeo', 'nasa', 'cats'];
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel(/Usernames, channel ids/).fill(names.map((n) => `instagram:${n}`).join('\n'));
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
  await page.getByTestId('fetch-confirmation').getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  await page.evaluate(`(async () => {
    const call = (channel, body) => fetch('/rpc/' + channel, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await call('notes:set', { network: 'instagram', account: 'natgeo', note: '', tags: ['Spring'], status: 'approved' });
    await call('notes:set', { network: 'instagram', account: 'cats', note: '', tags: ['Spring'], status: 'considering' });
    localStorage.setItem('scout.compare.v1', JSON.stringify({ demo: ${JSON.stringify(names)}.map((n) => ({ network: 'instagram', accountKey: n, username: n, title: null, avatarUrl: null })) }));
  })()`);
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await page.getByTestId('compare-tray').getByRole('button', { name: 'Compare 3' }).click();
  const heads = page.getByTestId('compare-table').locator('thead th[data-name]');
  await expect(heads).toHaveCount(3);
  const order = () => heads.evaluateAll((ths) => ths.map((th) => th.getAttribute('data-testid')));
  await expect(page.getByTestId('compare-column-instagram-natgeo').getByTestId('row-notes')).toHaveText(/Approved\s*Spring/);
  await expect(page.getByTestId('compare-column-instagram-nasa').getByTestId('row-notes')).toHaveCount(0);

  // Tagged "Spring": the two with the tag, in the tray's order; then in the steps' order.
  await page.getByLabel('Compare: tag').selectOption({ label: 'Tagged “Spring”' });
  await expect(heads).toHaveCount(2);
  await expect(page.getByTestId('compare-filtered')).toHaveText('2 of the tray’s 3 accounts shown.');
  expect(await order()).toEqual(['compare-column-instagram-natgeo', 'compare-column-instagram-cats']);
  await page.getByRole('checkbox', { name: 'In the order of your status steps' }).check();
  await expect.poll(order).toEqual(['compare-column-instagram-cats', 'compare-column-instagram-natgeo']);

  // One account at a status is no comparison: said, and the table gives way.
  await page.getByLabel('Compare: status').selectOption({ label: 'Status “Approved”' });
  await expect(page.getByTestId('compare-filtered')).toHaveText('1 of the tray’s 3 accounts shown: a comparison needs two.');
  await expect(page.getByTestId('compare-table')).toHaveCount(0);
  await page.getByLabel('Compare: status').selectOption({ label: 'Any status' });
  await page.getByLabel('Compare: tag').selectOption({ label: 'Any tag' });
  await expect(heads).toHaveCount(3);
  expect(await order()).toEqual(['compare-column-instagram-cats', 'compare-column-instagram-natgeo', 'compare-column-instagram-nasa']);
});

test('the followers chart draws as counted, as growth from 100 or on a log scale: chosen by keyboard, kept after a reload', async ({ page, scout }, testInfo) => {
  test.setTimeout(90_000);
  await scout.open(page);
  // NASA's followers are hundreds of times natgeo's here: counted, natgeo's line lies flat on the floor.
  await addAccounts(page, 'instagram:nasa\ninstagram:natgeo', 2);
  await page.getByRole('table', { name: 'Cached accounts' }).getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await page.keyboard.press('Control+2');
  const followers = page.getByTestId('compare-charts').locator('[data-chart="followers"]');
  const scale = followers.getByRole('radiogroup', { name: 'Draw followers as' });
  const radio = (name: string) => scale.getByRole('radio', { name, exact: true });
  const chart = followers.getByTestId('chart');
  await expect(radio('Followers')).toHaveAttribute('aria-checked', 'true');
  await expect(chart).toHaveAttribute('aria-label', /^Followers over time of /);

  // One Tab stop; the arrow keys move the choice and the chart follows.
  await radio('Followers').focus();
  await page.keyboard.press('ArrowRight');
  await expect(radio('Growth (start = 100)')).toHaveAttribute('aria-checked', 'true');
  await expect(radio('Growth (start = 100)')).toBeFocused();
  await expect(chart).toHaveAttribute('aria-label', /^Followers over time \(growth \(start = 100\)\) of /);
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1100, 1920]) {
      await page.emulateMedia({ colorScheme: scheme });
      // The open chart follows the switch (its grid and axes drawn in the scheme's colours).
      await expect(chart).toHaveAttribute('data-scheme', scheme);
      await page.setViewportSize({ width, height: 1000 });
      await followers.scrollIntoViewIfNeeded();
      await followers.screenshot({ path: testInfo.outputPath(`followers-growth-${width}-${scheme}.png`) });
    }
  }

  // Kept for the next launch.
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(radio('Growth (start = 100)')).toHaveAttribute('aria-checked', 'true');
  await radio('Growth (start = 100)').focus();
  await page.keyboard.press('ArrowRight');
  await expect(radio('Log scale')).toHaveAttribute('aria-checked', 'true');
  await expect(chart).toHaveAttribute('aria-label', /^Followers over time \(log scale\) of /);
  await followers.screenshot({ path: testInfo.outputPath('followers-log.png') });
  await page.keyboard.press('Home');
  await expect(radio('Followers')).toHaveAttribute('aria-checked', 'true');
});
