// axe-core over every page, every report tab, the confirm panels and dialogs (Add accounts' quote,
// the PDF export's, Discovery's quote, a competitor analysis's, the Archive's delete) and the
// focus tip, in the light and the dark scheme: zero violations, each one named if it appears.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillWorkspace, QUERY_NAME, reports, workspaceSimulator } from './workspace';

test.use({ scoutSimulator: workspaceSimulator, bypassCSP: true });

// axe-core is a dev dependency of the project (package.json); the test fails here, by name, without it.
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** The violations axe finds in the whole document as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`);
}

test('axe finds nothing on any page, report tab, confirm panel or dialog, in either scheme', async ({ page, scout }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  const analysis = await fillWorkspace(page, scout.origin);
  const problems: string[] = [];
  const check = async (name: string) => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const v of await violations(page)) problems.push(`${name}: ${v}`);
  };

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const at = (name: string) => `${name} (${scheme})`;

    // Accounts, and Add accounts' quote before a fetch.
    await page.goto(`${scout.origin}/#/accounts`);
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await check(at('accounts'));
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel(/Usernames, channel ids/).fill('natgeo\nsomeone_new');
    await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
    await expect(page.getByTestId('fetch-confirmation')).toBeVisible();
    await check(at('add accounts, its quote'));
    await page.getByTestId('fetch-confirmation').getByRole('button', { name: 'Change' }).click();

    // Every report tab; the PDF export's confirm panel.
    for (const report of reports) {
      await page.goto(`${scout.origin}/#/accounts/${report}`);
      await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', report);
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      for (const tab of await tabs.allTextContents()) {
        await tabs.filter({ hasText: tab }).click();
        await expect(tabs.filter({ hasText: tab })).toHaveAttribute('aria-selected', 'true');
        await check(at(`${report} ${tab}`));
      }
    }
    await page.goto(`${scout.origin}/#/accounts/instagram/natgeo`);
    await page.getByTestId('export-pdf').click();
    await expect(page.getByRole('dialog', { name: 'Confirm PDF export' })).toBeVisible();
    await check(at('PDF export confirm'));
    await page.getByRole('dialog', { name: 'Confirm PDF export' }).getByRole('button', { name: 'Cancel' }).click();
    // The focus tip on a figure.
    const card = page.getByTestId('report-figures').locator('[data-metric]').first();
    await card.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('focus-tip')).toBeVisible();
    await check(at('focus tip'));

    // Compare, with its exact figures.
    await page.keyboard.press('Control+2');
    await expect(page.getByTestId('compare-table')).toBeVisible();
    await check(at('compare'));

    // Discovery, and its quote.
    await page.keyboard.press('Control+3');
    await page.getByRole('button', { name: QUERY_NAME, exact: true }).click();
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await check(at('discovery'));
    await page.getByTestId('mode-production').check();
    await page.getByTestId('check-cost').click();
    await expect(page.getByTestId('discovery-confirm')).toBeVisible();
    await check(at('discovery quote'));
    await page.getByTestId('discovery-confirm').getByRole('button', { name: 'Change' }).click();

    // Competitor: the analysis and its posts, and the create form's confirm panel.
    await page.goto(analysis);
    await expect(page.getByTestId('post-row').first()).toBeVisible();
    await check(at('competitor'));
    const form = page.getByTestId('competitor-form');
    await form.getByLabel('Brand’s Instagram username').fill('another_brand');
    await form.getByRole('button', { name: 'Create analysis…' }).click();
    await expect(page.getByTestId('competitor-confirm')).toBeVisible();
    await check(at('competitor confirm'));
    await page.getByTestId('competitor-confirm').getByRole('button', { name: /Cancel|Change/ }).click();

    // Archive and its delete question; Creators; Lists; Settings.
    await page.keyboard.press('Control+5');
    await page.getByTestId('archive-row').getByTestId('delete-pdf').click();
    await expect(page.getByTestId('confirm-delete-pdf')).toBeVisible();
    await check(at('archive, delete question'));
    await page.getByTestId('confirm-delete-pdf').getByRole('button', { name: 'Keep it' }).click();
    await page.keyboard.press('Control+6');
    await expect(page.getByTestId('creator-row').first()).toBeVisible();
    await check(at('creators'));
    await page.goto(`${scout.origin}/#/lists/6`);
    await expect(page.getByTestId('list-item-row').first()).toBeVisible();
    await check(at('lists'));
    await page.keyboard.press('Control+8');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await check(at('settings'));
  }
  expect(problems).toEqual([]);
});
