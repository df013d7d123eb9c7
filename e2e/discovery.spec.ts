// Discovery end to end against the simulator: a query built for each of the five networks with
// the builder's own labels, saved, run in the sandbox (free) and in production (one discovery call
// per page, said before it is spent), paged through, then run again from the cache: the calls
// left (the top bar's meter and the simulator's own balance) do not move. Rows go to the shortlist,
// the comparison tray and Add accounts (quoted there first). A refused field says why at the
// field and nothing is sent. Then offline (API stopped, Work offline, reloaded) a saved query
// reopens on its cached results, and its CSV reads back.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { validateDiscoveryQuery, validatePageRange, type DiscoveryNetwork } from '../src/shared/discovery';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0, discovery: 50 } });

const networks: { network: DiscoveryNetwork; label: string }[] = [
  { network: 'instagram', label: 'Instagram' },
  { network: 'youtube', label: 'YouTube' },
  { network: 'tiktok', label: 'TikTok' },
  { network: 'twitter', label: 'Twitter' },
  { network: 'twitch', label: 'Twitch' },
];

/** What the simulator's API account has left, and what the top bar says. */
async function callsLeft(page: Page, simulatorLeft: () => number): Promise<{ shown: string; api: number }> {
  return { shown: (await page.getByTestId('credits-discovery').textContent())!, api: simulatorLeft() };
}

/** Checks the cost of the range and runs it; returns the quote's words. */
async function run(page: Page, from: number, to: number): Promise<string> {
  const panel = page.getByTestId('run-panel');
  await panel.getByLabel('From page', { exact: true }).fill(String(from));
  await panel.getByLabel('to page', { exact: true }).fill(String(to));
  await panel.getByTestId('check-cost').click();
  const confirm = page.getByTestId('discovery-confirm');
  await expect(confirm).toBeVisible();
  const words = (await page.getByTestId('discovery-quote').textContent())!;
  await confirm.getByRole('button').first().click();
  await expect(page.getByTestId('discovery-progress')).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  return words;
}

test('a query per network: saved, run in sandbox and production, paged, re-run from the cache for free; offline reopen and CSV', async ({ page, scout }) => {
  test.setTimeout(180_000);
  const sim = scout.simulator!;
  const simLeft = () => sim.state.balances.discoveryRequests;
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/rpc/discovery%3Arun') && sent.push(r.postData() ?? ''));
  await scout.open(page);
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Discovery' })).toBeVisible();
  await expect(page.getByText('No saved queries yet.')).toBeVisible();
  await expect(page.getByTestId('credits-discovery')).toHaveText('50');

  let left = 50;
  for (const [i, { network, label }] of networks.entries()) {
    await page.getByTestId('new-query').click();
    await page.getByRole('radio', { name: label, exact: true }).check();
    await page.getByLabel('Followers from').fill('10000');
    // The request body shows exactly what will be sent.
    await expect(page.getByTestId('dq-request-body')).toContainText(`"social_network": "${network}"`);
    await expect(page.getByTestId('dq-request-body')).toContainText('"subscribers_count"');
    const name = `${label} creators over 10K`;
    await page.getByTestId('query-name').fill(name);
    await page.getByTestId('save-query').click();
    await expect(page.getByTestId('discovery-status')).toHaveText(`Saved “${name}”.`);
    await expect(page.getByTestId('saved-query').filter({ hasText: name })).toContainText(`${label} · never run`);

    // Sandbox: free sample data, filters not applied.
    await page.getByTestId('mode-sandbox').check();
    expect(await run(page, 1, 2)).toBe('Sandbox pages 1–2: 2 to fetch; free (sample data, filters not applied).');
    await expect(page.getByTestId('run-outcome')).toHaveText('Finished: 2 pages fetched, 0 from the cache; free (sandbox).');
    await expect(page.getByTestId('results-count')).toContainText('40 accounts from 2 cached pages');
    await expect(page.getByTestId('results-count')).toContainText('sandbox sample');
    expect(await callsLeft(page, simLeft)).toEqual({ shown: String(left), api: left });

    // Production: the cost first, then the spend; the meter and the API's balance move by 2.
    await page.getByTestId('mode-production').check();
    // A sandbox page never answers a production view.
    await expect(page.getByText('No production pages of this query are cached yet.')).toBeVisible();
    expect(await run(page, 1, 2)).toBe(`Pages 1–2: 2 to fetch, spend 2 discovery calls; ${left} left.`);
    left -= 2;
    await expect(page.getByTestId('run-outcome')).toHaveText(`Finished: 2 pages fetched, 0 from the cache; spent 2 discovery calls; ${left} left.`);
    await expect(page.getByTestId('credits-discovery')).toHaveText(String(left));
    expect(simLeft()).toBe(left);
    await expect(page.getByTestId('results-count')).toContainText('40 accounts from 2 cached pages');

    // Page through the cached pages.
    const rows = page.getByTestId('result-row');
    await page.getByTestId('next-page').click();
    await expect(page.getByTestId('results-view')).toHaveValue('1');
    // Virtualised: the table says how many rows it has, the document holds those in view.
    await expect(page.getByRole('table', { name: 'Search results' })).toHaveAttribute('aria-rowcount', '21');
    await expect(rows.first().locator('td[data-column="order"]')).toHaveText('1 · #1');
    await page.getByTestId('next-page').click();
    await expect(page.getByTestId('results-view')).toHaveValue('2');
    await expect(rows.first().locator('td[data-column="order"]')).toHaveText('2 · #1');
    await expect(page.getByTestId('next-page')).toBeDisabled();
    await page.getByTestId('previous-page').click();
    await expect(page.getByTestId('results-view')).toHaveValue('1');
    await page.getByTestId('results-view').selectOption('all');

    // Again from the cache: nothing sent, nothing spent.
    const before = await callsLeft(page, simLeft);
    expect(await run(page, 1, 2)).toBe('Pages 1–2: all 2 pages already cached; spends nothing.');
    await expect(page.getByTestId('run-outcome')).toHaveText('Finished: 0 pages fetched, 2 from the cache; nothing spent.');
    expect(await callsLeft(page, simLeft)).toEqual(before);

    // The history says what each run fetched and spent.
    const history = page.getByTestId('run-history-row');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Production, pages 1–2');
    await expect(history.nth(0)).toContainText('0 fetched, 2 from cache, 0 calls spent');
    await expect(history.nth(1)).toContainText('2 fetched, 0 from cache, 2 calls spent');
    await expect(history.nth(2)).toContainText('Sandbox, pages 1–2');
    await expect(page.getByTestId('saved-query')).toHaveCount(i + 1);
  }
  // Five production runs of two pages each: ten calls, no more.
  expect(simLeft()).toBe(40);
  expect(sent).toHaveLength(15);

  // Countries by name, as on every page (where the results carry one).
  const countries = await page.locator('[data-testid="result-row"] td[data-column="country"]').allTextContents();
  expect(countries.filter((c) => /^[A-Z]{2}$/.test(c))).toEqual([]);

  // Sorting by a column, with the keyboard too.
  const followers = page.getByRole('columnheader', { name: 'Followers' });
  await followers.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(followers).toHaveAttribute('aria-sort', 'descending');
  const counts = async () =>
    (await page.locator('[data-testid="result-row"] td[data-column="followers"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''))).map((t) => Number(t.replace(/[^\d]/g, '')));
  await expect.poll(async () => { const c = await counts(); return c.length > 5 && c.every((v, j) => j === 0 || c[j - 1]! >= v); }).toBe(true);
  await page.keyboard.press('Enter');
  await expect(followers).toHaveAttribute('aria-sort', 'ascending');

  // The rows from the keyboard: arrows move, Space selects, Shift+Space a range, End and Home jump.
  const rows = page.getByTestId('result-row');
  await rows.first().focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-count')).toHaveText('1 account selected');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Space');
  await expect(page.getByTestId('selection-count')).toHaveText('3 accounts selected');
  await page.keyboard.press('End');
  await expect(page.locator('[data-testid="result-row"][aria-rowindex="41"]')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid="result-row"][aria-rowindex="2"]')).toBeFocused();
  await expect(page.locator('[data-testid="result-row"][aria-selected="true"]')).toHaveCount(3);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Rows selected (a click, then Shift for a range) go to the shortlist, the tray and Add accounts.
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 accounts selected');
  const picked = await rows.evaluateAll((trs) => trs.slice(0, 3).map((tr) => tr.querySelector('.account-handle')!.textContent!.replace(/^@/, '')));
  await page.getByTestId('selection-shortlist').click();
  await expect(page.getByTestId('shortlist-row')).toHaveCount(3);
  await page.getByTestId('shortlist-row').first().getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByTestId('shortlist-row')).toHaveCount(2);
  // The shortlist keeps what the search showed (engagement rate, country), filters by status and
  // exports what it shows.
  const shortlist = page.getByTestId('shortlist');
  await expect(shortlist.getByRole('columnheader', { name: 'Engagement rate' })).toBeVisible();
  const [shortCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('shortlist-csv').click()]);
  expect(shortCsv.suggestedFilename()).toBe('Shortlist.csv');
  const shortRows = Papa.parse<Record<string, string>>(fs.readFileSync((await shortCsv.path())!).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data;
  const listed = await page.getByTestId('shortlist-row').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-account')));
  expect(shortRows.map((r) => r.Account!.replace(/^.*\(@|\)$/g, ''))).toEqual(listed);
  expect(shortRows.every((r) => /^\d+(\.\d+)?$/.test(r['Engagement rate (%)']!))).toBe(true);
  await shortlist.getByLabel('Shortlist status').selectOption({ label: 'Status “Approved”' });
  await expect(page.getByTestId('shortlist-row')).toHaveCount(0);
  await expect(shortlist.getByText('No shortlisted account matches these filters.')).toBeVisible();
  await shortlist.getByLabel('Shortlist status').selectOption({ label: 'No status' });
  await expect(page.getByTestId('shortlist-row')).toHaveCount(2);
  await page.getByTestId('selection-compare').click();
  await expect(page.getByTestId('results-status')).toHaveText('3 accounts added to the comparison tray.');
  await expect(page.getByTestId('compare-tray').locator('li.tray-item')).toHaveCount(3);
  await page.getByTestId('selection-fetch').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('checkbox')).toHaveCount(3);
  for (const name of picked) await expect(confirmation).toContainText(name);
  await confirmation.getByRole('button', { name: 'Change' }).click();

  // Offline: the API gone, Work offline, reloaded. A saved query reopens on its cached results.
  await scout.reloadOfflineWithoutApi(page);
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'Instagram creators over 10K', exact: true }).click();
  await expect(page.getByTestId('mode-production')).toBeChecked();
  await expect(page.getByTestId('results-count')).toContainText('40 accounts from 2 cached pages');
  await expect(page.getByTestId('filters-summary')).toHaveText('Instagram: Followers');
  const shown = await page.getByTestId('result-row').evaluateAll((trs) => trs.slice(0, 5).map((tr) => tr.querySelector('.account-handle')?.textContent?.replace(/^@/, '') ?? ''));
  // Pages still to fetch are refused offline, in words; the cached ones show, and cost nothing.
  await page.getByTestId('page-to').fill('3');
  await page.getByTestId('check-cost').click();
  // The calls left are the credit meter's last figure, said as such (the meter shows the same number).
  const meterCalls = (await page.getByTestId('credits-discovery').innerText()).trim();
  expect(meterCalls).toMatch(/^\d[\d,]*$/);
  await expect(page.getByTestId('discovery-quote')).toHaveText(new RegExp(`^Pages 1–3: 2 already cached, 1 to fetch, spend 1 discovery call; ${meterCalls} left when last checked \\(.+\\)\\.$`));
  await expect(page.getByTestId('run-blocked')).toContainText('Scout is working offline');
  await expect(page.getByTestId('discovery-confirm').getByRole('button', { name: 'Fetch 1 page and spend 1 discovery call' })).toBeDisabled();
  await page.getByTestId('discovery-confirm').getByRole('button', { name: 'Change' }).click();

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('Instagram creators over 10K.csv');
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(40);
  expect(parsed.data.slice(0, 5).map((r) => r.Username)).toEqual(shown);
  expect(parsed.data.every((r) => r.Network === 'Instagram' && Number(r.Followers) >= 10_000)).toBe(true);
  // Figures as the screen rounds them (no floating noise), and no internal page or position columns.
  expect(parsed.data.every((r) => /^(\d+(\.\d{1,2})?)?$/.test(r['Engagement rate (%)']!))).toBe(true);
  expect(parsed.meta.fields!.join(' ')).not.toMatch(/page|position|\bid\b/i);

  // Duplicate, rename and delete (which asks first) work offline too: they touch only the workspace.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByTestId('discovery-status')).toHaveText('Duplicated as “Instagram creators over 10K (copy)”.');
  const copy = page.getByTestId('saved-query').filter({ hasText: 'Instagram creators over 10K (copy)' });
  await expect(copy).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('“Instagram creators over 10K (copy)” has not been run yet.')).toBeVisible();
  await copy.getByRole('button', { name: 'Rename…' }).click();
  await copy.getByLabel('New name').fill('Instagram, second look');
  await copy.getByRole('button', { name: 'Rename', exact: true }).click();
  const renamed = page.getByTestId('saved-query').filter({ hasText: 'Instagram, second look' });
  await expect(renamed).toBeVisible();
  await expect(page.getByTestId('query-name')).toHaveValue('Instagram, second look');
  await renamed.getByRole('button', { name: 'Delete…' }).click();
  await expect(renamed.getByRole('alertdialog')).toContainText('The pages it fetched stay cached in this workspace');
  await renamed.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('saved-query')).toHaveCount(6);
  await renamed.getByRole('button', { name: 'Delete…' }).click();
  await renamed.getByRole('button', { name: 'Delete query' }).click();
  await expect(page.getByTestId('saved-query')).toHaveCount(5);
  await expect(page.getByTestId('discovery-status')).toHaveText('Deleted “Instagram, second look”. Its cached pages stay in this workspace.');
  // Its results are still there: the pages were paid for.
  await expect(page.getByTestId('results-count')).toContainText('40 accounts from 2 cached pages');
});

test('a refused field says why where it is typed, and nothing is sent', async ({ page, scout }) => {
  const asked: string[] = [];
  page.on('request', (r) => /\/rpc\/discovery%3A(quote|run)/.test(r.url()) && asked.push(r.url()));
  await scout.open(page);
  await page.keyboard.press('Control+3');
  await page.getByRole('radio', { name: 'Instagram', exact: true }).check();

  // The long groups start folded and say how many filters they hold; a value set keeps one open.
  const account = page.locator('details[data-group="Account"]');
  await expect(account).not.toHaveAttribute('open', '');
  await expect(account.locator('summary')).toHaveText(/^Account \d+ filters$/);
  await account.locator('summary').click();
  await page.getByLabel('Account type', { exact: true }).selectOption('brand');
  await expect(account.locator('summary')).toHaveText(/^Account \d+ filters, 1 set$/);
  await expect(page.getByTestId('dq-request-body')).toContainText('"account_type": "brand"');
  await page.getByLabel('Account type', { exact: true }).selectOption('');
  await account.locator('summary').click();
  await expect(account).not.toHaveAttribute('open', '');

  // A value out of range: the message at the filter, the cost cannot be asked.
  await page.getByLabel('Engagement rate from').fill('150');
  const refused = validateDiscoveryQuery({ social_network: 'instagram', er: { from: 150 } });
  expect(refused.ok).toBe(false);
  const message = refused.ok ? '' : refused.errors[0]!.message;
  const er = page.locator('[data-filter="er"]');
  await expect(er).toHaveAttribute('data-invalid', 'true');
  await expect(er.getByText(message)).toBeVisible();
  await expect(page.getByTestId('check-cost')).toBeDisabled();
  // Saving a refused query is refused too, at the field.
  await page.getByTestId('query-name').fill('Too engaged');
  await page.getByTestId('save-query').click();
  await expect(page.getByTestId('discovery-status')).toHaveText('Not saved: see the fields marked.');
  await expect(page.getByText('No saved queries yet.')).toBeVisible();

  // A page range past 500: its message at the range.
  await page.getByLabel('Engagement rate from').fill('2');
  await expect(er).not.toHaveAttribute('data-invalid', 'true');
  await page.getByTestId('page-to').fill('600');
  await page.getByTestId('check-cost').click();
  await expect(page.getByTestId('page-error')).toHaveText(validatePageRange(1, 600)!.message);
  await expect(page.getByTestId('page-to')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('discovery-confirm')).toHaveCount(0);
  expect(asked).toEqual([]);

  // Fixed, the cost is asked for (free) and nothing is spent until confirmed.
  await page.getByTestId('page-to').fill('1');
  await expect(page.getByTestId('page-error')).toHaveCount(0);
  await page.getByTestId('check-cost').click();
  await expect(page.getByTestId('discovery-quote')).toHaveText('Sandbox page 1: 1 to fetch; free (sample data, filters not applied).');
  expect(asked).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('discovery-confirm')).toHaveCount(0);
  expect(scout.simulator!.state.balances.discoveryRequests).toBe(50);

  // The cost changes between the quote and the confirmation (the page got cached meanwhile, here
  // by a run sent straight to main): nothing is sent, and the page says so in words.
  await page.getByTestId('mode-production').check();
  await page.getByTestId('check-cost').click();
  await expect(page.getByTestId('discovery-quote')).toHaveText('Page 1: 1 to fetch, spend 1 discovery call; 50 left.');
  const elsewhere = await page.evaluate(async (body) => {
    const response = await fetch('/rpc/discovery%3Arun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ runId: 'elsewhere', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'demo' }),
    });
    return (await response.json()) as { ok: boolean };
  }, JSON.parse((await page.getByTestId('dq-request-body').textContent())!) as unknown);
  expect(elsewhere.ok).toBe(true);
  expect(scout.simulator!.state.balances.discoveryRequests).toBe(49);
  await page.getByTestId('discovery-confirm').getByRole('button', { name: 'Fetch 1 page and spend 1 discovery call' }).click();
  await expect(page.getByTestId('run-outcome')).toHaveText(
    'The cost changed since it was quoted (a page was cached or the balance moved meanwhile), so nothing was sent and nothing was spent. Check the cost again.',
  );
  expect(scout.simulator!.state.balances.discoveryRequests).toBe(49);
  await page.getByRole('button', { name: 'Check the cost again' }).click();
  await expect(page.getByTestId('discovery-quote')).toHaveText('Page 1: already cached; spends nothing.');
});

test('results filtered by your status and tags, their notes shown under the name, and the file of what is shown', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await scout.open(page);
  await page.keyboard.press('Control+3');
  await page.getByTestId('new-query').click();
  await page.getByRole('radio', { name: 'Instagram', exact: true }).check();
  await page.getByTestId('query-name').fill('Tagged creators');
  await page.getByTestId('save-query').click();
  await page.getByTestId('mode-sandbox').check();
  await run(page, 1, 1);
  await expect(page.getByTestId('results-count')).toContainText('20 accounts from 1 cached page');
  const [first, second] = await page.getByTestId('result-row').evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute('data-account')!));

  // A status and a tag as a report page saves them, on two of the accounts found.
  await page.evaluate(`(async () => {
    const call = (channel, body) => fetch('/rpc/' + channel, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await call('notes:set', { network: 'instagram', account: ${JSON.stringify(first)}, note: '', tags: ['Spring'], status: 'contacted' });
    await call('notes:set', { network: 'instagram', account: ${JSON.stringify(second)}, note: '', tags: ['Spring'] });
  })()`);
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await page.getByRole('button', { name: 'Tagged creators', exact: true }).click();
  await page.getByTestId('mode-sandbox').check();
  await expect(page.getByTestId('results-count')).toContainText('20 accounts from 1 cached page');
  await expect(page.locator(`[data-testid="result-row"][data-account="${first}"] [data-testid="row-notes"]`)).toHaveText('Spring');
  // Drawn, not only there: each row its own visible line, the notes inside their row's box.
  const tagged = page.locator(`[data-testid="result-row"][data-account="${first}"]`);
  const plain = page.getByTestId('result-row').nth(2);
  await expect(tagged.getByTestId('row-notes')).toBeVisible();
  await expect(plain).toBeVisible();
  const [taggedBox, notesBox, plainBox] = await Promise.all([tagged.boundingBox(), tagged.getByTestId('row-notes').boundingBox(), plain.boundingBox()]);
  expect(taggedBox!.height).toBeGreaterThan(30);
  expect(Math.abs(taggedBox!.height - plainBox!.height)).toBeLessThan(1);
  expect(notesBox!.y).toBeGreaterThanOrEqual(taggedBox!.y);
  expect(notesBox!.y + notesBox!.height).toBeLessThanOrEqual(taggedBox!.y + taggedBox!.height + 0.5);
  expect(plainBox!.y).toBeGreaterThanOrEqual(taggedBox!.y + taggedBox!.height - 0.5);

  // Your status in its own column; sorted by it, the steps' order, the rest after.
  const statusHeader = page.getByRole('table', { name: 'Search results' }).locator('th[data-column="status"]');
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-account', first!);
  await expect(page.getByTestId('result-row').first().locator('td[data-column="status"]')).toHaveText('Contacted');
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-account', first!);

  const status = page.getByLabel('Results: status');
  const rows = page.getByTestId('result-row');
  await status.selectOption({ label: 'Status “Contacted”' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-account', first!);
  await status.selectOption({ label: 'No status' });
  await expect(page.getByRole('table', { name: 'Search results' })).toHaveAttribute('aria-rowcount', '20');
  await status.selectOption({ label: 'Any status' });
  await page.getByLabel('Results: tag').selectOption({ label: 'Tagged “Spring”' });
  await expect(rows).toHaveCount(2);

  // The file holds what the filter shows.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync((await csv.path())!).toString('utf8').slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.data.map((r) => r.Username).sort()).toEqual([first, second].sort());
});
