// Campaigns end to end in Chromium: three creators picked from the library, a campaign refused
// while its window ends before it starts and then created, its plan read from the cache with
// every figure saying where it comes from (or why it is missing) and the agency's rates beside
// the media value, its media plan downloaded as PDF and XLSX and read back, then started: the plan says when it was frozen, and reads the same offline
// after a reload. Screenshots of the page at 1,100 and 1,920 px, light and dark, are kept with
// the test's output.
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAccounts } from './workspace';

test.use({ scoutSimulator: { generationMs: 0 } });

/** What axe finds wrong on the page (WCAG 2.2 A and AA, and axe's best practices), in light and in dark: nothing, or each rule with its elements. */
async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] }).analyze();
    for (const v of result.violations) found.push(`${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

test('plans a campaign of three creators from the cache and starts it', async ({ page, scout }, testInfo) => {
  test.setTimeout(180_000);
  await scout.open(page);
  await addAccounts(page, 'instagram:natgeo\ntiktok:dancer\nyoutube:foodchannel', 3);
  // Every API method but the balance meter's free auditor.planInfo, which the top bar asks now and then.
  const paidCalls = () => Object.fromEntries([...scout.simulator!.state.calls].filter(([method]) => method !== 'auditor.planInfo'));
  const calls = paidCalls();
  expect(Object.keys(calls)).toEqual(expect.arrayContaining(['auditor.report', 'auditor.tiktok', 'auditor.youtube']));
  const spent = { ...scout.simulator!.state.spent };

  await page.keyboard.press('Control+0');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeFocused();
  await expect(page.getByTestId('campaign-list')).toContainText('No campaigns yet.');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const editor = page.getByTestId('campaign-editor');
  await editor.getByLabel('Name', { exact: true }).fill('Summer glow');
  await editor.getByLabel('Client').fill('Glow Co');
  await editor.getByLabel('Currency').selectOption('EUR');
  await editor.getByLabel('Brand on Instagram').fill('@glowbrand');
  await editor.getByLabel('Hashtags').fill('#summerglow, #glowpartner');
  await editor.getByLabel('Mentions').fill('@glowbrand');
  await editor.getByLabel('First day').fill('2026-06-30');
  await editor.getByLabel('Last day').fill('2026-06-01');
  await editor.getByLabel('Instagram rate per 1,000 views').fill('20');
  await editor.getByLabel('Instagram rate per engagement').fill('0.5');
  await editor.getByLabel('TikTok rate per 1,000 views').fill('10');

  await editor.getByTestId('add-creators').click();
  const picker = page.getByTestId('creator-picker');
  for (const name of [/@natgeo/, /@dancer/, /foodchannel/i]) await picker.getByRole('checkbox', { name }).check();
  await picker.getByRole('button', { name: 'Add 3 creators' }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  const creators = editor.getByTestId('campaign-creator');
  await expect(creators).toHaveCount(3);
  const natgeo = creators.filter({ hasText: '@natgeo' });
  await natgeo.getByLabel(/posts agreed with/).fill('3');
  await natgeo.getByLabel(/^Fee of/).fill('1500');
  await natgeo.getByLabel(/^Due dates of/).fill('2026-06-10, 2026-06-20');
  await creators.filter({ hasText: '@dancer' }).getByLabel(/^Fee of/).fill('600');
  await creators.filter({ hasText: /foodchannel/i }).getByLabel(/^Fee of/).fill('2500');

  // A window that ends before it starts is refused in words, beside the window; nothing is saved.
  await editor.getByRole('button', { name: 'Create campaign' }).click();
  await expect(editor.getByTestId('campaign-save-error')).toContainText('The window ends on Jun 1, 2026, before it starts on Jun 30, 2026.');
  await expect(editor.locator('.form-field').filter({ hasText: 'First day' }).locator('.field-error')).toContainText('before it starts');
  await expect(page.getByTestId('campaign-list')).toContainText('No campaigns yet.');

  await editor.getByLabel('First day').fill('2026-06-01');
  await editor.getByLabel('Last day').fill('2026-06-30');
  await editor.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/#\/campaigns\/\d+$/);
  await expect(page.getByTestId('campaign-list').getByRole('link', { name: 'Summer glow' })).toBeVisible();

  // The plan: one block per creator and a total, every figure with where it comes from or why not.
  const plan = page.getByTestId('campaign-plan');
  await expect(plan.getByTestId('plan-creator')).toHaveCount(3);
  const dancer = plan.locator('[data-account="tiktok:dancer"]');
  await expect(dancer.locator('tr[data-figure="views"] .plan-source')).toHaveText('1 post × "Average views" in the TikTok report, 90 days');
  await expect(dancer.locator('tr[data-figure="mediaValue"] .plan-source')).toContainText('views ÷ 1,000 × the view rate; at €10.00 per 1,000 views, TikTok rates.');
  await expect(dancer.locator('tr[data-figure="costPerView"] .plan-value')).toHaveText(/^€0\.\d+$/);
  const ig = plan.locator('[data-account="instagram:natgeo"]');
  await expect(ig.locator('tr[data-figure="views"] .plan-missing')).toHaveText(
    'The Instagram report has no average views, and the account’s media are not cached: open its Media tab once (its answer is kept) and the plan reads their average video views',
  );
  await expect(ig.locator('tr[data-figure="engagements"] .plan-source')).toHaveText(/^3 posts × "Average likes" in the Instagram report \+ "Average comments" in the Instagram report$/);
  await expect(ig.locator('tr[data-figure="mediaValue"] .plan-rates')).toContainText('€20.00 per 1,000 views + €0.50 per engagement, Instagram rates');
  const yt = plan.locator('[data-account="youtube:foodchannel"]');
  await expect(yt.locator('tr[data-figure="mediaValue"] .plan-missing')).toHaveText('No media rates set for YouTube');
  await expect(plan.getByTestId('plan-total')).toContainText('€4,600.00');
  for (const cell of await plan.locator('td.plan-value').all()) await expect(cell).not.toHaveText(/^(0|€0\.00|—)?$/);

  // The media plan for the client, from the keyboard: the PDF and the workbook, downloaded in
  // browser mode, each with every creator, the totals and the rates.
  const exportCard = page.getByTestId('media-plan-export');
  await exportCard.getByTestId('media-plan-pdf').focus();
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^Media plan.+Summer glow\.pdf$/);
  await expect(exportCard.getByTestId('media-plan-status')).toHaveText(/downloaded\.$/);
  const pdfFile = testInfo.outputPath('media-plan.pdf');
  await pdfDownload.saveAs(pdfFile);
  const pdfWords = execFileSync('pdftotext', ['-raw', pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const words of ['Media plan', 'Summer glow', 'Glow Co', 'Jun 1, 2026 to Jun 30, 2026', '@natgeo', '€4,600.00', 'The Instagram report has no average views', 'at €20.00 per 1,000 views + €0.50 per engagement, Instagram rates', 'due 2026-06-10, 2026-06-20']) {
    expect(pdfWords, words).toContain(words);
  }
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), exportCard.getByTestId('media-plan-xlsx').click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^Media plan.+Summer glow\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsxDownload.path());
  expect(book.worksheets.map((w) => w.name)).toEqual(['Creators', 'Figures']);
  expect(book.getWorksheet('Creators')!.getColumn(1).values.filter(Boolean)).toEqual(expect.arrayContaining(['Total']));

  expect(await axeViolations(page)).toEqual([]);

  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`campaigns-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Start: asked first, then the plan is frozen and says when.
  await page.getByRole('button', { name: 'Start campaign…' }).click();
  await page.getByRole('group', { name: 'Start the campaign?' }).getByRole('button', { name: 'Start campaign' }).click();
  await expect(page.getByTestId('plan-frozen')).toContainText(/^Plan frozen on \w{3} \d{1,2}, \d{4}\./);
  await expect(page.getByTestId('plan-frozen')).toBeFocused();
  await expect(plan).toContainText('As frozen on');
  await expect(page.getByTestId('campaign-list')).toContainText('started');
  await expect(page.getByLabel(/^Fee of .*@natgeo/)).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('campaigns-started.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // Planning and starting asked the simulator nothing and spent nothing.
  expect(paidCalls()).toEqual(calls);
  expect(scout.simulator!.state.spent).toEqual(spent);

  // Offline, the API gone, reloaded: the campaign opens with its frozen plan as it was.
  const frozenText = await plan.innerText();
  await scout.reloadOfflineWithoutApi(page);
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+0');
  await page.getByTestId('campaign-list').getByRole('link', { name: 'Summer glow' }).click();
  await expect(page.getByTestId('plan-frozen')).toBeVisible();
  expect(await plan.innerText()).toBe(frozenText);

  // Deleted after a question (Escape keeps it): gone from the list.
  await page.getByRole('button', { name: 'Delete campaign…' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Delete Summer glow?' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete campaign…' }).click();
  await page.getByRole('group', { name: 'Delete Summer glow?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/#\/campaigns$/);
  await expect(page.getByTestId('campaign-list')).toContainText('No campaigns yet.');
});
