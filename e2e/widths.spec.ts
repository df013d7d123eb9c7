// Every page and every report tab, in the demo workspace with reports of each network fetched, a
// competitor analysis with its posts, a Discovery query run in the sandbox, a list, creators and a
// PDF in the Archive, walked at 1,100 and 1,920 px in the light and the dark scheme: nothing
// scrolls sideways, nothing in the main region reaches past the window (what a scrolling box
// clips is that box's own business; Compare's and a list's tables show every column), text cut
// short says it whole on hover (a title; keyboard focus is keyboard.spec.ts), and the comparison
// tray keeps to one line. Screens of each page are kept in the test's output folder.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAccounts, fillWorkspace, QUERY_NAME, reports, runSandboxQuery, workspaceSimulator } from './workspace';

test.use({ scoutSimulator: workspaceSimulator });


/** What reaches past the window: the document's own width, and each element of the main region not clipped by a box of its own. */
function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the document is ${document.documentElement.scrollWidth} px wide in ${width}`);
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    };
    const main = document.querySelector('main#main')!;
    for (const el of [main, ...main.querySelectorAll('*')]) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Clipped by a box between it and the main region: that box is measured instead.
      let clipped = false;
      for (let up = el.parentElement; up && up !== main.parentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped && box.right > width + 0.5) found.push(`${describe(el)} reaches ${Math.round(box.right)} px`);
    }
    return found.slice(0, 8);
  });
}

/**
 * Words drawn on two lines in the elements `selector` finds: each word's text measured as one
 * range, which has one box unless it was broken. A handle (`.account-sub`) may break after its
 * separators (_ . - ·): its pieces between them are its words.
 */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>(selector)) {
      const handle = cell.classList.contains('account-sub');
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(handle ? /[^\s_.·-]+/gu : /\S+/gu)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(`“${m[0]}” in “${(cell.textContent ?? '').trim().slice(0, 40)}”`);
        }
      }
    }
    return out.slice(0, 12);
  }, selector);
}

/** Text cut short by an ellipsis in the main region and the tray, with whether it says itself whole on hover (a title). */
function cutTexts(page: Page): Promise<{ text: string; title: string | null; testId: string }[]> {
  return page.evaluate(() => {
    const out: { text: string; title: string | null; testId: string }[] = [];
    const roots = [document.querySelector('main#main'), document.querySelector('.compare-tray')].filter((r): r is Element => r !== null);
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(el);
        if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
        const titled = el.closest('[title]');
        el.setAttribute('data-cut', String(out.length));
        out.push({ text: (el.textContent ?? '').trim(), title: titled?.getAttribute('title') ?? null, testId: el.getAttribute('data-cut')! });
      }
    }
    return out;
  });
}

interface View {
  name: string;
  open(): Promise<void>;
}

test('every page and report tab fits 1,100 and 1,920 px in both schemes; cut text says itself whole on hover; the tray keeps to one line', async ({ page, scout }, testInfo: TestInfo) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1920, height: 1000 });
  await scout.open(page);
  const analysis = await fillWorkspace(page, scout.origin);

  const goTo = (key: string, heading: RegExp | string) => async () => {
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };
  const views: View[] = [
    { name: 'accounts', open: goTo('Control+1', 'Accounts') },
    { name: 'compare', open: async () => { await goTo('Control+2', 'Compare')(); await expect(page.getByTestId('compare-table').locator('thead th[data-name]')).toHaveCount(reports.length); } },
    { name: 'discovery', open: async () => { await goTo('Control+3', 'Discovery')(); await page.getByRole('button', { name: QUERY_NAME, exact: true }).click(); await expect(page.getByTestId('result-row').first()).toBeVisible(); } },
    { name: 'competitor', open: async () => { await page.goto(analysis); await expect(page.getByTestId('post-row').first()).toBeVisible(); } },
    { name: 'archive', open: async () => { await goTo('Control+5', 'Archive')(); await expect(page.getByTestId('archive-row')).toHaveCount(1); } },
    { name: 'creators', open: async () => { await goTo('Control+6', 'Creators')(); await expect(page.getByTestId('creator-row').first()).toBeVisible(); } },
    { name: 'lists', open: async () => { await page.goto(`${scout.origin}/#/lists/6`); await expect(page.getByTestId('list-item-row').first()).toBeVisible(); } },
    { name: 'settings', open: goTo('Control+9', 'Settings') },
  ];

  const problems: string[] = [];
  const check = async (name: string, width: number) => {
    // Charts draw into their boxes after a frame: measure once the page is still.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const p of await overflowOf(page)) problems.push(`${name}: ${p}`);
    for (const cut of await cutTexts(page)) if (cut.title === null || !cut.title.includes(cut.text.replace(/…$/, ''))) problems.push(`${name}: “${cut.text}” is cut without its whole text on hover (title ${cut.title})`);
    // Compare's table shows every account: none waits off to the side of its box.
    const sideways = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.compare-table-wrap')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.className} scrolls ${box.scrollWidth} in ${box.clientWidth} px`),
    );
    for (const p of sideways) problems.push(`${name}: ${p}`);
    // A list has more columns than 1,100 px hold: its box scrolls, and scrolled to its end the account is still in view at its left.
    const list = page.getByTestId('list-table-scroll');
    if (await list.isVisible()) {
      const kept = await list.evaluate((box) => {
        box.scrollLeft = box.scrollWidth;
        const account = box.querySelector('tbody td[data-column="title"]')!.getBoundingClientRect();
        const left = box.getBoundingClientRect().left;
        const seen = account.left >= left - 1 && account.left < left + 60;
        box.scrollLeft = 0;
        return seen;
      });
      if (!kept) problems.push(`${name}: a list scrolled sideways hides its accounts`);
    }
    const tray = page.getByTestId('compare-tray');
    if (await tray.isVisible()) {
      const height = (await tray.boundingBox())!.height;
      if (height > 56) problems.push(`${name}: the tray is ${Math.round(height)} px high at ${width} px`);
    }
  };

  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const view of views) {
        await view.open();
        await check(`${view.name} at ${width} px, ${scheme}`, width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: testInfo.outputPath(`${view.name}-${width}-${scheme}.png`), fullPage: true });
      }
      for (const report of reports) {
        await page.goto(`${scout.origin}/#/accounts/${report}`);
        await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', report);
        const tabs = page.getByRole('tablist').first().getByRole('tab');
        const names = await tabs.allTextContents();
        for (const tab of names) {
          await tabs.filter({ hasText: tab }).click();
          await expect(tabs.filter({ hasText: tab })).toHaveAttribute('aria-selected', 'true');
          await page.getByRole('tabpanel').first().waitFor();
          await check(`${report} ${tab} at ${width} px, ${scheme}`, width);
          if (report === 'instagram/natgeo' || tab === 'Overview') await page.screenshot({ path: testInfo.outputPath(`report-${report.replace('/', '-')}-${tab}-${width}-${scheme}.png`), fullPage: true });
        }
      }
    }
  }
  expect(problems).toEqual([]);
});

/** A step's name as long as Settings → Research workflow lets it be (40 characters). */
const LONG_STEP = 'Waiting for the brand’s written approval';

test('the library fits 1,100 px when its rows hold long names, full country names, TikTok report kinds and research statuses', async ({ page, scout }, testInfo: TestInfo) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  await addAccounts(page, 'tiktok:dancer\ninstagram:natgeo', 2);
  // The real answer, its rows given the longest values a row shows (a year of an agency's cache
  // holds them): a long name and handle, "United Kingdom", an Advanced report, a labelled overall
  // rate, "364 days ago", a status (one the longest a step's name can be) and tags.
  await page.route('**/rpc/reports%3Alibrary', async (route) => {
    const answer = await (await route.fetch()).json();
    for (const item of answer.value.items) {
      Object.assign(item.summary, { title: 'Alexandrina Kitchen Stories 9600', username: 'alexandrina.kitchen.stories9600', country: 'GB', followers: 254_912 });
      // TikTok's row: an Advanced report; Instagram's: its overall rate, labelled (no 30-day figure).
      if (item.network === 'tiktok') Object.assign(item, { tiktokType: 'advanced_report', status: 'waiting', tags: ['beauty', 'q3 shortlist'] });
      else {
        Object.assign(item.summary, { engagementRate: 0.1052, engagementRateBasis: 'overall' });
        item.status = 'shortlisted';
      }
      item.fetchedAt = Date.now() - 364 * 24 * 3600 * 1000;
    }
    await route.fulfill({ json: answer });
  });
  await page.route('**/rpc/workflow%3Asteps', async (route) => {
    const answer = await (await route.fetch()).json();
    answer.value.steps.push({ id: 'waiting', label: LONG_STEP });
    await route.fulfill({ json: answer });
  });
  await page.reload();
  await expect(page.getByText('United Kingdom').first()).toBeVisible();
  await expect(page.getByText('364 days ago').first()).toBeVisible();
  await expect(page.getByTestId('er-overall')).toBeVisible();
  const library = page.getByRole('table', { name: 'Cached accounts' });
  await expect(library.getByRole('columnheader', { name: /Status/ })).toBeVisible();
  await expect(library.getByText(LONG_STEP)).toBeVisible();
  await expect(library.getByText('Shortlisted')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await overflowOf(page)).toEqual([]);
    const table = await page.locator('table.library').evaluate((t) => ({ table: t.getBoundingClientRect().right, page: t.parentElement!.getBoundingClientRect().right }));
    expect(table.table).toBeLessThanOrEqual(table.page + 1);
    await page.screenshot({ path: testInfo.outputPath(`library-statuses-1100-${scheme}.png`), fullPage: true });
  }
});

test('the Team workspace’s top bar keeps to one row at 1,100 px, with credits, the team’s state and a long researcher name', async ({ page, scout }, testInfo: TestInfo) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  // Team made active with its API address and credentials (the credits show); no team database yet.
  await page.getByLabel('Workspace', { exact: true }).selectOption('team');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API address').fill(scout.simulator!.url);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('API address saved.')).toBeVisible();
  await page.getByLabel('Account id').fill('demo');
  await page.getByLabel('API token').fill('demo-token');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByTestId('credits-reports')).toBeVisible();
  const bar = page.locator('header.topbar');
  /** How many rows the bar's parts take: two when one part starts lower than another. */
  const rows = () =>
    bar.evaluate((header) => {
      const tops = [...header.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0).map((b) => b.top);
      return Math.max(...tops) > Math.min(...tops) + 8 ? 2 : 1;
    });
  const team = page.getByTestId('team-status');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(team).toHaveText('Team database not connected');
    expect(await rows()).toBe(1);
    expect(await overflowOf(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`team-top-bar-1100-${scheme}.png`) });
  }
  // Connected as a researcher with a long name (the admin types it): cut to its room, whole on hover.
  const name = 'Alexandrina Kitchen-Stories Berglund-Lindqvist';
  await page.route('**/rpc/team%3Aget', async (route) => {
    const answer = await (await route.fetch()).json();
    answer.value.status = { ...answer.value.status, state: 'connected', researcherName: name, message: `Connected as ${name}.` };
    await route.fulfill({ json: answer });
  });
  await page.reload();
  await expect(team).toHaveText(`Team: ${name}`);
  await expect(page.getByTestId('credits-reports')).toBeVisible();
  expect(await rows()).toBe(1);
  expect(await team.locator('[title]').first().getAttribute('title')).toContain(name);
});

test('Discovery’s results show each account’s name whole at 1,100 px (its handle gives up room first)', async ({ page, scout }, testInfo: TestInfo) => {
  await page.setViewportSize({ width: 1100, height: 1000 });
  await scout.open(page);
  // A query run in the sandbox (free): 40 accounts of sample data.
  await runSandboxQuery(page, 'Names');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // Names of up to 24 characters (most are) are never cut; a longer one keeps at least 20 before its “…”.
      const cut = await page.getByTestId('result-row').evaluateAll((rows) =>
        rows.flatMap((row) => {
          const title = row.querySelector<HTMLElement>('.account-title');
          if (!title || title.scrollWidth <= title.clientWidth + 1) return [];
          const name = title.textContent ?? '';
          const shown = Math.floor((name.length * title.clientWidth) / title.scrollWidth);
          return name.length <= 24 || shown < 20 ? [`“${name}” shows about ${shown} characters`] : [];
        }),
      );
      expect(cut, `${width} px, ${scheme}`).toEqual([]);
      expect(await overflowOf(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`discovery-names-${width}-${scheme}.png`), fullPage: true });
    }
  }
});

test('Compare’s headers break between words, never inside one, and handles only after a separator, at 1,100 and 1,920 px', async ({ page, scout }, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1100, height: 1000 });
  await scout.open(page);
  await addAccounts(page, reports.map((r) => r.replace('/', ':')).join('\n'), reports.length);
  await page.getByRole('table', { name: 'Cached accounts' }).getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await page.keyboard.press('Control+2');
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th[data-name]')).toHaveCount(reports.length);
  const broken = () => brokenWords(page, '[data-testid="compare-table"] :is(thead .account-name, thead .account-sub, tbody th[scope="row"], thead .figure-head)');
  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await broken(), `${width} px, ${scheme}`).toEqual([]);
      // Every account still in view: the table does not scroll sideways, nothing runs past the window.
      expect(await page.locator('.compare-table-wrap').evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
      expect(await overflowOf(page)).toEqual([]);
      await table.locator('thead').screenshot({ path: testInfo.outputPath(`compare-headers-${width}-${scheme}.png`) });
    }
  }
});

test('a list’s cells wrap between words, never inside one, at 1,100 and 1,920 px', async ({ page, scout }, testInfo: TestInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1100, height: 1000 });
  await scout.open(page);
  // Two lists, one named: an item in both says both names in its "In lists" cell.
  await page.keyboard.press('Control+7');
  for (const id of ['1', '6']) {
    await page.getByLabel('List id').fill(id);
    await page.getByRole('button', { name: 'Sync list' }).click();
    await expect(page.getByTestId('list-sync-note')).toContainText('in the cache', { timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'Name this list…' }).click();
  await page.getByLabel('List name').fill('Summer shortlist');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-name')).toHaveText('Summer shortlist');
  await expect(page.getByTestId('list-item-row').first()).toBeVisible();
  await expect(page.locator('td[data-column="inLists"]').filter({ hasText: 'Summer shortlist' }).first()).toBeVisible();
  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await brokenWords(page, '.list-item-table :is(td, th)'), `${width} px, ${scheme}`).toEqual([]);
      expect(await overflowOf(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`list-cells-${width}-${scheme}.png`) });
    }
  }
});
