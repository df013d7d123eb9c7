// Competitor analysis end to end: the form refuses bad fields where they are typed, says the
// cost before sending, the analysis is polled until ready, its 5,000 posts (the simulator makes
// exactly that many for a brand named …_posts5000) are fetched into the cache and browsed in a
// virtualised table: filtered, searched, a post opened through main's allow-list, the CSV read
// back. Then offline (API stopped, Work offline) after a reload, everything is still there.
import fs from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0, analysisMs: 2500 } });

test('create an analysis, browse and export its 5,000 posts, offline too', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await scout.open(page);
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Competitor analysis' })).toBeVisible();
  await expect(page.getByText('No competitor analyses yet.')).toBeVisible();

  // Each field says what is wrong with it, beside it; nothing is sent.
  const form = page.getByTestId('competitor-form');
  await form.getByLabel('Brand’s Instagram username').fill('bad name!');
  await form.getByLabel('Audience countries').fill('USA, gb');
  await form.getByLabel('Hashtags').fill('#ok');
  await form.getByRole('button', { name: 'Create analysis…' }).click();
  await expect(form.getByText('An Instagram username has only letters, digits, dots and underscores.')).toBeVisible();
  await expect(form.getByText(/Use two-letter ISO country codes/)).toBeVisible();
  await expect(page.getByTestId('competitor-confirm')).toHaveCount(0);

  await form.getByLabel('Brand’s Instagram username').fill('@acme_posts5000');
  await form.getByLabel('Audience countries').fill('us, gb');
  await form.getByLabel('From').fill('2026-01-01');
  await form.getByLabel('To').fill('2026-03-31');
  await form.getByLabel('Hashtags').fill('#acme spring');
  await form.getByRole('button', { name: 'Create analysis…' }).click();
  // The cost first: the reference does not say it, so the panel says it may cost.
  const confirm = page.getByTestId('competitor-confirm');
  await expect(confirm).toContainText('It may cost credits.');
  await expect(confirm).toContainText('@acme_posts5000');
  await expect(confirm).toContainText('audience United States, United Kingdom');
  await confirm.getByRole('button', { name: 'Create; it may cost credits' }).click();

  const analysis = page.getByTestId('analysis');
  await expect(analysis).toHaveAttribute('data-state', '0');
  await expect(page.getByTestId('analysis-calculating')).toBeVisible();
  await expect(analysis).toHaveAttribute('data-state', '10', { timeout: 30_000 });
  const reportId = page.url().split('/').pop()!;
  expect(reportId).toMatch(/^\w+$/);

  // The figures and the top hashtags chart.
  const dashboard = page.getByTestId('competitor-dashboard');
  await expect(dashboard.getByText('Mentions', { exact: true }).first()).toBeVisible();
  await expect(dashboard.locator('[data-rendered="true"]')).toHaveCount(1);

  // Every page of posts into the cache.
  await page.getByTestId('fetch-posts').click();
  await expect(page.getByTestId('posts-complete')).toHaveText('All 5,000 posts are in the cache.', { timeout: 60_000 });
  const count = page.getByTestId('post-count');
  await expect(count).toHaveText('5,000 of 5,000 posts');
  // Virtualised: only the rows on screen are in the document, and the last one is reachable.
  expect(await page.getByTestId('post-row').count()).toBeLessThan(80);
  await page.getByTestId('post-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.locator('tr[aria-rowindex="5001"][data-testid="post-row"]')).toBeVisible();
  await page.getByTestId('post-scroll').evaluate((el) => el.scrollTo({ top: 0 }));

  // Filter by paid type: its choices in words, not the API's keys; fewer posts, every one shown sponsored.
  const paidChoices = await page.getByTestId('filter-paid').locator('option').allTextContents();
  expect(paidChoices).toContain('likely sponsored');
  expect(paidChoices.filter((choice) => choice.includes('_'))).toEqual([]);
  await page.getByTestId('filter-paid').selectOption('sponsored');
  await expect(count).not.toHaveText('5,000 of 5,000 posts');
  const sponsored = Number((await count.textContent())!.split(' of ')[0]!.replace(/,/g, ''));
  expect(sponsored).toBeGreaterThan(500);
  expect(sponsored).toBeLessThan(2500);
  const paidCells = await page.getByTestId('post-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[6]!.textContent));
  expect(new Set(paidCells)).toEqual(new Set(['sponsored']));

  // Audience countries by name, as on every other page: the column, and the filter's choices in the order of their names.
  const countryOf = () => page.getByTestId('post-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[5]!.textContent!));
  const firstCountry = (await countryOf())[0]!;
  expect(firstCountry).toMatch(/^[A-Z][\p{L} ’().-]{3,}$/u);
  const countryFilter = page.getByTestId('filter-country');
  const choices = (await countryFilter.locator('option').allTextContents()).slice(1);
  expect(choices).toContain(firstCountry);
  expect(choices.some((c) => /^[A-Z]{2}$/.test(c))).toBe(false);
  expect(choices).toEqual([...choices].sort((a, b) => a.localeCompare(b, 'en')));
  await countryFilter.selectOption({ label: firstCountry });
  await expect.poll(async () => new Set(await countryOf())).toEqual(new Set([firstCountry]));
  await countryFilter.selectOption({ label: 'All' });
  await expect(count).toHaveText(`${sponsored.toLocaleString('en-US')} of 5,000 posts`);

  // Full-text search over captions, with the filter still on.
  await page.getByTestId('post-search').fill('loving');
  await expect(count).not.toHaveText(`${sponsored.toLocaleString('en-US')} of 5,000 posts`);
  const both = Number((await count.textContent())!.split(' of ')[0]!.replace(/,/g, ''));
  expect(both).toBeGreaterThan(0);
  expect(both).toBeLessThan(sponsored);
  // Each post shown holds a word of the family ("Loving", "#lovelife"…) in its caption or its account.
  const shown = await page.getByTestId('post-row').evaluateAll((rows) => rows.map((r) => [...r.children].map((cell) => cell.textContent).join(' ')));
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((text) => !/(^|[^\p{L}\p{N}])lov/iu.test(text))).toEqual([]);
  // “love” finds “Loving” (a word's other forms), as does a word half typed.
  for (const text of ['love', 'lovi']) {
    await page.getByTestId('post-search').fill(text);
    await expect(count).toHaveText(`${both.toLocaleString('en-US')} of 5,000 posts`);
  }
  await page.getByTestId('post-search').fill('loving');

  // A post opens outside through main's allow-list (the network's page answered by the test).
  await page.context().route('https://www.instagram.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>post</title>' }));
  const popup = page.waitForEvent('popup');
  const asked = page.waitForResponse((r) => decodeURIComponent(r.url()).endsWith('/rpc/shell:openExternal'));
  await page.getByTestId('open-post').first().click();
  expect(((await (await asked).json()) as { value: { url: string } }).value.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/\w+\/$/);
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
  await opened.close();

  // The CSV holds what the table shows: every matching post, in its order.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('competitor-acme_posts5000-2026-01-01_2026-03-31.csv');
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(both);
  expect(new Set(parsed.data.map((r) => r['Paid type']))).toEqual(new Set(['sponsored']));
  // Every post holds a word of the family searched for ("Loving", "#lovelife"…), in its caption or its account.
  expect(parsed.data.every((r) => /(^|[^\p{L}\p{N}])lov/iu.test(`${r.Caption} ${r.Account}`))).toBe(true);
  const dates = parsed.data.map((r) => r.Date!);
  expect(dates).toEqual([...dates].sort().reverse());

  // A workbook under way says how far it has got and stops on Cancel, from the keyboard too: nothing is downloaded.
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('export-xlsx').click();
  await expect(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('export-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('post-status')).toHaveText('Export cancelled: nothing was written.');
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  await expect(page.getByTestId('export-xlsx')).toBeEnabled();
  expect(downloads).toBe(0);

  // Ticked posts' accounts are handed to Add accounts, which quotes them like any other account.
  const analysisAddress = page.url();
  const tick = page.getByTestId('post-row').first().getByRole('checkbox');
  const picked = (await tick.getAttribute('aria-label'))!.replace(/^Select @/, '');
  await tick.check();
  await page.getByRole('button', { name: 'Fetch 1 report…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toContainText(picked);
  await expect(confirmation).toContainText('1 report credit');
  await confirmation.getByRole('button', { name: 'Change' }).click();
  await page.goto(analysisAddress);
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-state', '10');

  // Offline: the API gone and Work offline; after a reload the analysis and its posts are all there.
  await scout.reloadOfflineWithoutApi(page);
  await expect(page.getByTestId('analysis-row')).toHaveCount(1);
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-state', '10');
  await expect(page.getByTestId('posts-complete')).toHaveText('All 5,000 posts are in the cache.');
  await expect(page.getByTestId('post-count')).toHaveText('5,000 of 5,000 posts');
  await page.getByTestId('filter-paid').selectOption('sponsored');
  await expect(page.getByTestId('post-count')).toHaveText(`${sponsored.toLocaleString('en-US')} of 5,000 posts`);
  await expect(page.getByTestId('competitor-form').getByRole('button', { name: 'Create analysis…' })).toBeDisabled();
});
