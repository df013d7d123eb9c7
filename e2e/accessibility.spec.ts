// axe-core on every page of the sidebar, every tab of a fetched report, the panels that quote a
// spend (Add accounts, a report's fetch, a Discovery run, a competitor analysis, a PDF export) and
// the panels that ask or take words (the client report's note, naming a list, restoring a backup,
// deleting a PDF), a refused field and working offline, each in the light and the dark colour
// scheme. Every scan must find nothing; a failure
// lists each rule broken, what to do about it and the elements that break it, per screen.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DAY_MS } from '../src/simulator/clock';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0, analysisMs: 0, discovery: 50 } });

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * WCAG 2.0, 2.1 and 2.2, levels A and AA (2.2 adds target sizes), and axe's best practices
 * (landmarks, heading order, table headers with text).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * Also every id once in the page: WCAG 2.2 dropped 4.1.1 (axe marks these rules deprecated), but a
 * repeated id still sends a label or a skip link to the wrong element.
 */
const ALSO = { 'duplicate-id': { enabled: true }, 'duplicate-id-active': { enabled: true } };
/** The WCAG rules whose outcome depends on colours: run again in the dark scheme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface Found {
  screen: string;
  scheme: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Scans in light then dark and keeps what axe finds. Light runs every WCAG rule; dark runs the
 * rules whose outcome depends on colour (nothing else changes with the scheme). A panel opened on a
 * page already scanned is scanned alone (`within`), the page around it being unchanged.
 */
class Scanner {
  readonly found: Found[] = [];
  readonly screens: string[] = [];
  constructor(private readonly page: Page) {}

  async scan(screen: string, ready: Locator, within?: string) {
    // What a screen waits for can be a call to the API (a report tab's first open fetches its
    // companion from the simulator): on a busy machine that takes longer than a click's answer.
    await expect(ready).toBeVisible({ timeout: 30_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await this.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      // Legacy mode runs axe in the page itself; the default runs it in parts and finishes in a
      // blank page it opens for each scan, which costs a tab and a second axe per scan. The same
      // rules run on the same elements: Scout has no iframes, the one thing the parts are for.
      // Only violations come back whole: axe still runs every rule on every element, but skips
      // gathering each passing element's selector and markup (thousands of them per scan).
      let builder = new AxeBuilder({ page: this.page }).setLegacyMode();
      builder = scheme === 'light' ? builder.withTags(TAGS).options({ rules: ALSO, resultTypes: ['violations'] }) : builder.options({ resultTypes: ['violations'] }).withRules(COLOUR_RULES);
      if (within) builder = builder.include(within);
      const result = await builder.analyze();
      for (const v of result.violations) {
        this.found.push({
          screen,
          scheme,
          id: v.id,
          impact: v.impact ?? '',
          help: `${v.help} (${v.helpUrl})`,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
        });
      }
      this.screens.push(`${screen} (${scheme})`);
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
  }

  /** Every violation, by screen and scheme, in words that say what to fix. */
  report(): string {
    return this.found
      .map((f) => `[${f.screen} · ${f.scheme}] ${f.id} (${f.impact}): ${f.help}\n${f.nodes.map((n) => `    ${n}`).join('\n')}`)
      .join('\n');
  }

  expectClean() {
    // The screens scanned say that the walk reached them; none may have a violation.
    expect(this.screens.length).toBeGreaterThan(0);
    expect(this.found, `axe found violations:\n${this.report()}`).toEqual([]);
  }
}

/** Add accounts; with a scanner, its quote panel is scanned before the spend and the finished run after. */
async function addAccounts(page: Page, text: string, count: number, axe?: Scanner) {
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(text);
  await page.getByRole('button', { name: `Check cost of ${count} accounts` }).click();
  const quote = page.getByTestId('fetch-confirmation');
  if (axe) await axe.scan('Accounts: the add-accounts quote', quote);
  await quote.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(count, { timeout: 30_000 });
  if (axe) await axe.scan('Accounts: the fetch finished', page.getByRole('button', { name: 'Done' }), '[data-testid="fetch-run"]');
  await page.getByRole('button', { name: 'Done' }).click();
}

/** Between them, every tab a report has. */
const REPORTS: Record<string, string[]> = {
  'instagram-natgeo': ['Overview', 'Media', 'History', 'Raw JSON'],
  'youtube-foodchannel': ['Overview', 'Media', 'Brand mentions', 'Raw JSON'],
  'tiktok-dancer': ['Overview', 'Brand mentions', 'Raw JSON'],
};
const REPORT_ADDRESSES = 'instagram:natgeo youtube:foodchannel tiktok:dancer';

test('the scan finds what it must: a nameless button, a repeated id, and a colour only the dark scheme breaks', async ({ page, scout }) => {
  const axe = new Scanner(page);
  await scout.open(page);
  // Dark grey text: readable on the light page, not on the dark one.
  await page.evaluate(() =>
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<div id="axe-probe"><button type="button"></button><p style="color: #444">Dark grey words</p><i id="twice">a</i><i id="twice">b</i></div>'),
  );
  await axe.scan('a probe', page.locator('#axe-probe'), '#axe-probe');
  expect(axe.found.map((f) => [f.scheme, f.id])).toEqual([
    ['light', 'button-name'],
    ['light', 'duplicate-id'],
    ['dark', 'color-contrast'],
  ]);
  // The failure message names the rule, what to do and the element.
  expect(axe.report()).toMatch(/\[a probe · light\] button-name \(critical\): Buttons must have discernible text \(https:\/\/.+\)\n {4}#axe-probe > button/);
  expect(axe.report()).toContain('#axe-probe > p — Fix any of the following: Element has insufficient color contrast');
});

test('accounts, the add-accounts quote and every tab of a fetched report', async ({ page, scout }) => {
  // Scans take seconds each on a busy machine.
  test.setTimeout(240_000);
  const axe = new Scanner(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await scout.open(page);
  await axe.scan('Accounts, empty', page.getByText('No cached accounts yet.'));
  await addAccounts(page, REPORT_ADDRESSES, 3, axe);
  await axe.scan('Accounts, three cached', page.getByTestId('library-row-instagram-natgeo'));

  for (const [row, names] of Object.entries(REPORTS)) {
    await page.keyboard.press('Control+1');
    await page.getByTestId(`library-row-${row}`).click();
    await expect(page.getByTestId('report-view')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(names);
    for (const name of names) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      // A companion tab says when its answer was fetched once it has one.
      const ready = name === 'Overview' ? page.getByTestId('report-figures') : name === 'Raw JSON' ? page.getByLabel("The API's answer as cached") : page.getByTestId('fetched-at');
      // The report's header and tabs are scanned with its overview; the other tabs, their panel alone.
      await axe.scan(`Report ${row}: ${name}`, ready, name === 'Overview' ? undefined : '[role="tabpanel"]');
    }
  }
  axe.expectClean();
});

test('the client report note, the PDF export confirmation, compare, creators and the archive', async ({ page, scout }) => {
  // Scans take seconds each on a busy machine.
  test.setTimeout(240_000);
  const axe = new Scanner(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await scout.open(page);
  // A report not yet fetched: its page, and the quote of its fetch.
  await page.evaluate(() => (location.hash = '#/accounts/twitch/streamer'));
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await axe.scan('Report not fetched: the fetch quote', page.getByRole('dialog', { name: 'Confirm fetch' }));
  await page.keyboard.press('Control+1');
  await addAccounts(page, REPORT_ADDRESSES, 3);

  await page.evaluate(() => (location.hash = '#/accounts/instagram/natgeo'));
  await expect(page.getByTestId('report-figures')).toBeVisible();
  await page.getByTestId('client-report').click();
  await expect(page.getByTestId('client-report-note')).toBeFocused();
  await page.keyboard.type('Audience grew steadily.');
  await axe.scan('Report: the client report note', page.getByTestId('client-report-panel'), '[data-testid="client-report-panel"]');
  await page.getByTestId('client-report-make').click();
  await expect(page.getByTestId('client-report-done')).toContainText('Client report saved in the Archive');
  await axe.scan('Report: the client report saved', page.getByTestId('client-report-done'), '[data-testid="client-report-done"]');
  await page.getByTestId('export-pdf').click();
  const pdfConfirm = page.getByRole('dialog', { name: 'Confirm PDF export' });
  await axe.scan('Report: the PDF export confirmation', pdfConfirm, '[role="dialog"]');
  await pdfConfirm.getByRole('button', { name: 'Cancel' }).click();

  // Compare: three accounts picked in the library, through the tray.
  await page.keyboard.press('Control+1');
  for (const row of Object.keys(REPORTS)) await page.getByTestId(`library-row-${row}`).getByRole('checkbox').check();
  await axe.scan('Accounts: three selected', page.getByTestId('library-selection'), '[data-testid="library-selection"]');
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await page.getByTestId('compare-tray').getByRole('button', { name: 'Compare 3' }).click();
  await expect(page.getByTestId('compare-table').locator('thead th[data-name]')).toHaveCount(3);
  await axe.scan('Compare: three accounts, with the tray', page.getByTestId('compare-table'));
  const folded = page.getByTestId('compare-table').locator('button.group-toggle[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await axe.scan('Compare: every group open', page.getByTestId('compare-table'), '[data-testid="compare-table"]');
  await page.getByLabel('Name', { exact: true }).fill('Spring shortlist');
  await page.getByTestId('compare-save').click();
  await expect(page).toHaveURL(/#\/compare\/\d+$/);
  await axe.scan('Compare: a saved comparison', page.getByTestId('compare-title'));
  // Deleting it asks first, beside its name in the saved list.
  await page.getByRole('button', { name: 'Delete Spring shortlist…' }).click();
  const deleting = page.getByRole('group', { name: 'Delete Spring shortlist?' });
  await axe.scan('Compare: deleting a saved comparison asked first', deleting, '.saved-list');
  await deleting.getByRole('button', { name: 'Keep it' }).click();

  // Creators: the form, then the creators unlocked in the simulator's last week (the three fetched above among them).
  await page.keyboard.press('Control+6');
  await axe.scan('Creators, none synced', page.getByTestId('creators-empty'));
  const now = scout.simulator!.clock.now();
  await page.getByLabel('Report unlocked from').fill(day(now - 7 * DAY_MS));
  await page.getByLabel('to', { exact: true }).fill(day(now));
  await page.getByRole('button', { name: 'Sync creators' }).click();
  await expect(page.getByTestId('creators-sync-result')).toContainText('synced', { timeout: 20_000 });
  await axe.scan('Creators, synced', page.getByTestId('creator-row').first());

  // The Archive holds the client report; its delete asks first.
  await page.keyboard.press('Control+5');
  const row = page.getByTestId('archive-row').filter({ hasText: 'Client report' });
  await axe.scan('Archive', row);
  await row.getByTestId('delete-pdf').click();
  await axe.scan('Archive: delete asked first', page.getByTestId('confirm-delete-pdf'), '[data-testid="confirm-delete-pdf"]');

  axe.expectClean();
});

test('discovery and its run quote, a competitor analysis and its quote, a list named, settings and a restore asked first', async ({ page, scout }) => {
  // Scans take seconds each on a busy machine.
  test.setTimeout(240_000);
  const axe = new Scanner(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await scout.open(page);

  // Discovery: a query built and saved, the run's quote (with the whole page), a finished run's results.
  await page.keyboard.press('Control+3');
  await expect(page.getByText('No saved queries yet.')).toBeVisible();
  await page.getByTestId('new-query').click();
  await page.getByRole('radio', { name: 'Instagram', exact: true }).check();
  await page.getByLabel('Followers from').fill('10000');
  await page.getByTestId('query-name').fill('Instagram creators over 10K');
  await page.getByTestId('save-query').click();
  await expect(page.getByTestId('discovery-status')).toContainText('Saved');
  // A saved query's filters changed: its badge says so (the whole page, its filters open).
  await page.getByRole('button', { name: 'Edit filters' }).click();
  await page.getByLabel('Followers from').fill('20000');
  await axe.scan('Discovery: a saved query changed', page.getByText('Unsaved changes', { exact: true }));
  await page.getByTestId('mode-production').check();
  const panel = page.getByTestId('run-panel');
  await panel.getByLabel('From page', { exact: true }).fill('1');
  await panel.getByLabel('to page', { exact: true }).fill('2');
  await panel.getByTestId('check-cost').click();
  const confirm = page.getByTestId('discovery-confirm');
  await axe.scan('Discovery: the run quote', confirm, '[data-testid="discovery-confirm"]');
  await confirm.getByRole('button').first().click();
  await expect(page.getByTestId('discovery-progress')).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  await axe.scan('Discovery: results', page.getByTestId('result-row').first(), '[data-testid="results"]');
  // Deleting a saved query asks first, with a button in the danger colour.
  await page.getByTestId('saved-query').getByRole('button', { name: 'Delete…' }).click();
  const deleting = page.getByRole('alertdialog', { name: /^Delete / });
  await axe.scan('Discovery: deleting a query asked first', deleting, '.saved-query-delete');
  await deleting.getByRole('button', { name: 'Keep it' }).click();

  // Competitor: the form, its quote, a ready analysis with its posts.
  await page.keyboard.press('Control+4');
  await axe.scan('Competitor, no analyses', page.getByText('No competitor analyses yet.'));
  const form = page.getByTestId('competitor-form');
  await form.getByLabel('Brand’s Instagram username').fill('@acme_posts40');
  await form.getByLabel('Audience countries').fill('us, gb');
  await form.getByLabel('From').fill('2026-01-01');
  await form.getByLabel('To').fill('2026-03-31');
  await form.getByRole('button', { name: 'Create analysis…' }).click();
  const competitorQuote = page.getByTestId('competitor-confirm');
  await axe.scan('Competitor: the analysis quote', competitorQuote, '[data-testid="competitor-confirm"]');
  await competitorQuote.getByRole('button', { name: 'Create; it may cost credits' }).click();
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-state', '10', { timeout: 20_000 });
  await page.getByTestId('fetch-posts').click();
  await expect(page.getByTestId('posts-complete')).toBeVisible({ timeout: 20_000 });
  await axe.scan('Competitor: an analysis and its posts', page.getByTestId('post-row').first());

  // Lists: a list synced, then its name field open. List 4 (five items) is the table of any list, with less to scan.
  await page.keyboard.press('Control+7');
  // A refused field says why beside it, in the error colour.
  await page.getByLabel('List id').fill('0');
  await page.getByRole('button', { name: 'Sync list' }).click();
  await axe.scan('Lists, none synced, a refused id', page.getByTestId('list-id-field').locator('.field-error'));
  await page.getByLabel('List id').fill('4');
  await page.getByRole('button', { name: 'Sync list' }).click();
  await expect(page.getByTestId('list-sync-note')).toContainText('5 items in the cache', { timeout: 20_000 });
  await axe.scan('Lists: list 4', page.getByTestId('list-item-row').first());
  await page.getByRole('button', { name: 'Name this list…' }).click();
  await axe.scan('Lists: naming a list', page.getByLabel('List name'), '[data-testid="list-items"]');
  await page.keyboard.press('Escape');

  // Tracking: a watchlist, an account on it that needs a credit, and its renewal settings.
  await page.keyboard.press('Control+8');
  await page.getByLabel('New watchlist', { exact: true }).fill('Scanned creators');
  await page.getByRole('button', { name: 'Create watchlist' }).click();
  await page.getByLabel('Add accounts', { exact: true }).fill('https://x.com/scanned_account');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('watchlist-progress')).toHaveText('Refreshed 1 account: 1 needs a credit.');
  await page.getByRole('checkbox', { name: /Renew accounts whose free year ended/ }).check();
  await axe.scan('Tracking: a watchlist', page.getByTestId('watched-twitter-scanned_account'));

  // Settings, and restoring a backup asked first.
  await page.keyboard.press('Control+9');
  const demo = page.getByTestId('backups-demo');
  await axe.scan('Settings', demo.getByTestId('backup-row').first());
  await demo.getByRole('button', { name: /Restore the Demo .*backup taken/ }).click();
  await axe.scan('Settings: restore asked first', demo.getByTestId('confirm-restore'), '[data-testid="confirm-restore"]');
  await demo.getByRole('button', { name: 'Keep the current database' }).click();

  // Working offline: the top bar and the pages say so.
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByRole('button', { name: 'Go online' })).toBeVisible();
  await page.keyboard.press('Control+3');
  await axe.scan('Discovery, offline', page.getByTestId('saved-query').first());

  axe.expectClean();
});
