// All six networks end to end: added in one run against a simulator that takes its time, read
// period by period, then reopened with the simulator stopped.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 3000 } });

const accounts = [
  { network: 'instagram', account: 'natgeo', label: 'Instagram', tabs: ['Media', 'History'] },
  { network: 'youtube', account: 'foodchannel', label: 'YouTube', tabs: ['Media', 'Brand mentions'] },
  { network: 'tiktok', account: 'dancer', label: 'TikTok', tabs: ['Brand mentions'] },
  { network: 'twitch', account: 'shroud', label: 'Twitch', tabs: [] },
  { network: 'twitter', account: 'jack', label: 'Twitter', tabs: ['History'] },
  { network: 'snapchat', account: 'snapper', label: 'Snapchat', tabs: [] },
] as const;

/** Every chart on the report page has drawn its canvas. */
async function expectChartsDrawn(page: Page, atLeast: number) {
  const charts = page.getByTestId('report-view').getByTestId('chart');
  await expect.poll(() => charts.count()).toBeGreaterThanOrEqual(atLeast);
  await expect.poll(async () => (await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-rendered')))).every((r) => r === 'true')).toBe(true);
  if (atLeast > 0) await expect(charts.first().locator('canvas')).toHaveCount(1);
}

async function openFromLibrary(page: Page, network: string, account: string) {
  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByTestId(`library-row-${network}-${account}`).click();
  await expect(page.getByTestId('report-view')).toBeVisible();
}

/**
 * One truth per figure: each headline card shows exactly its metric's row in the table for the
 * chosen period, and says where its value comes from the way the table does.
 */
async function expectCardsMatchTable(page: Page, network: string) {
  const cards = page.getByTestId('report-figures').locator('div[data-metric]');
  const count = await cards.count();
  expect(count, `${network} has headline cards`).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const key = (await card.getAttribute('data-metric'))!;
    const row = page.getByTestId('metrics').locator(`tr[data-metric="${key}"]`);
    const label = (await card.locator('dt').innerText()).trim();
    const value = (await card.locator('dd').first().innerText()).trim();
    expect(value, `${network} ${key}: a card never shows a dash`).not.toBe('—');
    await expect(row.locator('th')).toHaveText(label);
    const cell = row.locator('td').first();
    // A figure of a period without posts has no raw value on either (it reads "No posts in …").
    const raw = await card.getAttribute('data-raw');
    if (raw === null) await expect(cell).not.toHaveAttribute('data-raw');
    else await expect(cell).toHaveAttribute('data-raw', raw);
    expect((await cell.innerText()).startsWith(value), `${network} ${key}: card ${value}, table ${await cell.innerText()}`).toBe(true);
    const source = await card.locator('dd.card-source').getAttribute('data-source');
    await expect(row).toHaveAttribute('data-source', source!);
  }
  const labels = await cards.locator('dt').allInnerTexts();
  if (network === 'youtube' || network === 'snapchat') expect(labels).toContain('Subscribers');
  else expect(labels).toContain('Followers');
  expect(labels.join(' ')).not.toMatch(/Followers.*Subscribers|Subscribers.*Followers/);
  // A row the period does not change says so in words, explained under the table.
  await expect(page.getByTestId('metrics-legend')).toContainText('not by period');
  expect(await page.getByTestId('metrics').innerText()).not.toMatch(/ \*$/m);
}

/**
 * Every chart's option as its wrapper states it (data-facts): value axes named and their ticks
 * compact, bottom axes named, every age group labelled, legends whole (never paged or cut).
 */
async function expectReadableCharts(page: Page, network: string) {
  const facts = await page
    .getByTestId('report-view')
    .getByTestId('chart')
    .evaluateAll((els) => els.map((e) => ({ label: e.getAttribute('aria-label') ?? '', facts: JSON.parse(e.getAttribute('data-facts') ?? 'null') })));
  expect(facts.length, `${network} draws charts`).toBeGreaterThan(0);
  for (const { label, facts: f } of facts) {
    expect(f, `${network} ${label}: facts`).not.toBeNull();
    for (const axis of f.axes as { dim: string; type: string; shown: boolean; name: string; sample: string | null; allCategories: boolean }[]) {
      if (!axis.shown) continue;
      if (axis.type === 'value' || axis.dim === 'x') expect(axis.name, `${network} ${label}: ${axis.dim} axis named`).not.toBe('');
      if (axis.type === 'value') expect(axis.sample, `${network} ${label}: compact ${axis.dim} ticks`).toMatch(/^1\.2M( %)?$/);
    }
    if (f.legend) expect(f.legend.type, `${network} ${label}: legend whole`).toBe('plain');
    if (/^Audience by age and gender/.test(label)) expect(f.axes.find((a: { dim: string }) => a.dim === 'x').allCategories, `${network}: every age group`).toBe(true);
    for (const g of f.gauges as { detailOffset: string }[]) expect(g.detailOffset, `${network}: gauge value inside the arc`).toBe('0%');
  }
}

/** The report's header, figures, avatar and charts: what a reader needs to see first. */
async function expectReportShown(page: Page, label: string, testInfo: TestInfo, name: string) {
  const view = page.getByTestId('report-view');
  await expect(view.locator('.report-head')).toContainText(label);
  await expect(view.locator('.report-head img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('report-figures')).toContainText(/Followers|Subscribers/);
  await expect(page.getByTestId('metrics').locator('tbody tr').first()).toBeVisible();
  await expectChartsDrawn(page, 1);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test('six networks: add with progress, read every period and tab, then reopen all with the simulator stopped', async ({ page, scout }, testInfo) => {
  test.setTimeout(180_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(accounts.map((a) => `${a.network}:${a.account}`).join('\n'));
  await page.getByRole('button', { name: 'Check cost of 6 accounts' }).click();
  await expect(page.getByTestId('fetch-confirmation')).toContainText('Spends 5 report credits, leaving 995 of 1,000');
  await expect(page.getByTestId('fetch-confirmation')).toContainText('Spends 1 advanced-report credit');
  await page.getByRole('button', { name: 'Fetch and spend 5 report credits and 1 advanced-report credit' }).click();

  // Opening the account being generated shows where it stands, counting down to the next check.
  const run = page.getByTestId('fetch-run');
  // All six generate at once; the run says how many are in and about how long the rest take.
  await expect(page.getByTestId('run-progress')).toContainText(/^[0-5] of 6 ready, about \d+ s left$/);
  await run.locator('li[data-status="running"]').first().getByRole('button', { name: 'Open' }).click();
  const progress = page.getByTestId('report-progress');
  await expect(progress).toContainText(/asking again in \d+ s · \d+ s so far/);
  await page.screenshot({ path: testInfo.outputPath('generating.png') });
  await expect(page.getByTestId('report-view')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toHaveCount(0);

  // Back in the library the run is still on screen until every account is in.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(run.locator('li[data-status="done"]')).toHaveCount(6, { timeout: 90_000 });
  await expect(page.getByTestId('run-progress')).toHaveText('6 of 6 ready');
  await expect(page.getByTestId('credits-reports')).toHaveText('995');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('6 accounts');

  for (const a of accounts) {
    await openFromLibrary(page, a.network, a.account);
    await expectReportShown(page, a.label, testInfo, `${a.network}-online`);
    await expectCardsMatchTable(page, a.network);
    await expectReadableCharts(page, a.network);
    if (a.network === 'snapchat') await expect(page.getByTestId('state-note')).toContainText(/^From (verified|public) data: /);
    if (a.network === 'snapchat') await expect(page.getByTestId('report-view')).not.toContainText(/opendata/i);

    // Every period the report carries; the table follows the choice.
    const radios = page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio');
    const periods = await radios.allTextContents();
    expect(periods.length, `${a.network} carries periods`).toBeGreaterThanOrEqual(2);
    const tables = new Set<string>();
    for (const p of periods) {
      await page.getByRole('radio', { name: p, exact: true }).click();
      await expect(page.getByRole('radio', { name: p, exact: true })).toHaveAttribute('aria-checked', 'true');
      tables.add(await page.getByTestId('metrics').innerText());
      await expectCardsMatchTable(page, a.network);
    }
    expect(tables.size, `${a.network}: the metrics change with the period`).toBeGreaterThan(1);

    for (const tab of a.tabs) {
      await page.getByRole('tab', { name: tab }).click();
      // The tab's answer (media:get) has taken over 10 s with the machine loaded by other work.
      if (tab === 'Media') await expect(page.getByTestId('media-tab').locator('img.thumb').first()).toHaveAttribute('src', /^data:image\/png/, { timeout: 30_000 });
      if (tab === 'History') await expect(page.getByTestId('history-tab').getByTestId('chart').first()).toHaveAttribute('data-rendered', 'true');
      if (tab === 'Brand mentions') await expect(page.getByTestId('mentions-tab').locator('li').first()).toBeVisible();
    }
  }

  // The API goes away. Everything fetched so far still opens: reports, charts, pictures, tabs.
  await scout.stopSimulator();
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('6 accounts');
  await expect(page.locator('table.library img.avatar')).toHaveCount(6);
  for (const img of await page.locator('table.library img.avatar').all()) await expect(img).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.screenshot({ path: testInfo.outputPath('library-offline.png') });

  for (const a of accounts) {
    await openFromLibrary(page, a.network, a.account);
    await expectReportShown(page, a.label, testInfo, `${a.network}-offline`);
    const radios = page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio');
    await radios.last().click();
    await expect(radios.last()).toHaveAttribute('aria-checked', 'true');
    for (const tab of a.tabs) {
      await page.getByRole('tab', { name: tab }).click();
      if (tab === 'Media') await expect(page.getByTestId('media-tab').locator('img.thumb').first()).toHaveAttribute('src', /^data:image\/png/, { timeout: 30_000 });
      if (tab === 'History') await expect(page.getByTestId('history-tab').getByTestId('chart').first()).toHaveAttribute('data-rendered', 'true');
      if (tab === 'Brand mentions') await expect(page.getByTestId('mentions-tab').locator('li').first()).toBeVisible();
    }
  }

  // Asking for something new says what went wrong and spends nothing.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByRole('alert')).toContainText(/reach|connect|offline/i);
  expect(scout.simulator!.state.totalSpent()).toBe(6);
});

test('a report page fetches an account itself, can cancel it, and says when a failed generation was refunded', async ({ page, scout }) => {
  test.setTimeout(60_000);
  await scout.open(page);
  await page.goto(`${scout.origin}/#/accounts/twitch/slowstreamer`);
  await expect(page.getByTestId('report-missing')).toContainText('no cached Twitch report for slowstreamer');
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm fetch' })).toContainText('new: 1 report credit');
  await page.getByRole('button', { name: 'Spend 1 report credit and fetch' }).click();
  await expect(page.getByTestId('report-progress')).toContainText(/asking again in \d+ s/);
  await page.getByTestId('report-progress').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('report-progress')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('report-notice')).toContainText(
    'Cancelled after the request had reached the API: 1 report credit spent. The report is most likely unlocked, so fetching it again should cost nothing; Scout still asks first.',
  );
  // The request went out and was paid. Only the API knows whether that unlocked the account (a
  // failed generation is refunded), so Scout asks for at most one credit, and the API charges none.
  // The page remembers how the last fetch ended and offers to try again.
  await page.getByRole('button', { name: 'Try again…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm fetch' })).toContainText('paid for but never fetched (cancelled, or its answer lost): most likely free, at most 1 report credit');
  await page.getByRole('button', { name: 'Spend at most 1 report credit and fetch' }).click();
  await expect(page.getByTestId('report-view')).toBeVisible({ timeout: 20_000 });
  expect(scout.simulator!.state.spent.credits).toBe(1);
  await expect(page.getByTestId('refresh-cost')).toContainText(/Refresh is free until/);
  await expect(page.locator('.report-head')).toContainText('1 report credit spent on it');

  // A TikTok mini report, then its upgrade: each says which balance it spends.
  await page.goto(`${scout.origin}/#/accounts/tiktok/minidancer`);
  await page.getByLabel('TikTok report').selectOption('report');
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm fetch' })).toContainText('new: 1 mini-report credit');
  // Focus starts on Cancel, so Enter twice never spends.
  await expect(page.getByRole('dialog', { name: 'Confirm fetch' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.getByRole('button', { name: 'Spend 1 mini-report credit and fetch' }).click();
  await expect(page.getByTestId('report-view')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.report-head')).toContainText('mini report');
  await page.getByRole('button', { name: 'Get the advanced report…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toContainText('Advanced report: mini report unlocked; the advanced one is not: 1 advanced-report credit');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toHaveCount(0);
  // A confirmation belongs to its page: going to another account leaves it behind.
  await page.getByRole('button', { name: 'Get the advanced report…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toBeVisible();
  await page.goto(`${scout.origin}/#/accounts/twitch/slowstreamer`);
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'twitch/slowstreamer');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(scout.simulator!.state.spent.miniReports).toBe(1);
  expect(scout.simulator!.state.spent.advancedReports ?? 0).toBe(0);

  await page.goto(`${scout.origin}/#/accounts/twitch/novideos_streamer`);
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await page.getByRole('button', { name: 'Spend 1 report credit and fetch' }).click();
  await expect(page.getByRole('alert')).toContainText('has no videos, so no report could be made. The credit was refunded.', { timeout: 20_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('999');
});
