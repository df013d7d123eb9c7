// Deliverables a client receives, end to end in real Chromium: Settings → Your agency (a logo
// checked by main: an unsafe SVG refused with words, the kept logo unchanged; a good SVG drawn into
// a PNG by the page), then a comparison printed to PDF in its paper layout (page.pdf() with print
// media) and a client report made from a report page, both read back with poppler.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodePng } from '../src/simulator/png';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

const accounts = [
  { network: 'instagram', account: 'natgeo' },
  { network: 'youtube', account: 'foodchannel' },
  { network: 'twitch', account: 'shroud' },
] as const;

const AGENCY = 'Northwind Media';
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** The text in the order it is drawn: a table cell's wrapped lines stay together. */
const pdfRaw = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
/** Text with every space and line break taken out: a wrapped table cell still reads as one. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

function solidPng(width: number, height: number): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([0xc0, 0x39, 0x2b, 0xff], i);
  return encodePng(width, height, rgba);
}

/** The screen table with every folded group opened: per row its group, label and the figures shown (marks and hidden words taken out). */
async function shownFigures(page: Page) {
  const table = page.getByTestId('compare-table');
  const folded = table.locator('button.group-toggle[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  return table.evaluate((el) =>
    [...el.querySelectorAll('tbody[data-group] tr[data-unit]')].map((tr) => ({
      group: tr.closest('tbody')!.getAttribute('data-group')!,
      expandable: tr.closest('tbody')!.getAttribute('data-expandable') === 'true',
      label: tr.querySelector('th')!.textContent!.trim(),
      figures: [...tr.querySelectorAll('td')].filter((td) => !td.classList.contains('missing')).map((td) => {
        const copy = td.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.visually-hidden, .rank-mark').forEach((n) => n.remove());
        return copy.textContent!.trim();
      }),
    })),
  );
}

test('your agency brands a comparison PDF made for paper and a client report kept in the Archive', async ({ page, scout }, testInfo) => {
  test.setTimeout(180_000);
  // The PDFs and their pages as pictures, kept with the test's results to look at.
  const out = testInfo.outputPath('deliverables');
  fs.mkdirSync(out, { recursive: true });
  await scout.open(page);

  // ---- Settings → Your agency, by keyboard where a researcher types
  await page.evaluate(() => (location.hash = '#/settings'));
  const agency = page.getByTestId('agency-section');
  await agency.getByLabel('Agency name').fill(AGENCY);
  await agency.getByLabel('Accent colour', { exact: true }).fill('#c0392b');
  await agency.getByLabel('Accent colour', { exact: true }).press('Enter');
  await expect(agency.getByTestId('agency-feedback')).toHaveText(`Saved: deliverables carry “${AGENCY}”.`);

  const file = agency.getByTestId('agency-logo-file');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(1600, 400) });
  await expect(agency.getByTestId('agency-logo-feedback')).toHaveText('Logo saved from logo.png.');
  // A wide logo is shown at a logo's size: the page still fits 1,100 px.
  await page.setViewportSize({ width: 1100, height: 900 });
  expect((await agency.getByTestId('agency-logo').boundingBox())!.width).toBeLessThanOrEqual(250);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await agency.screenshot({ path: path.join(out, 'settings-agency.png') });
  const kept = await agency.getByTestId('agency-logo').getAttribute('src');
  expect(kept).toMatch(/^data:image\/png;base64,/);
  // An SVG with a script: refused with words, the PNG kept.
  await file.setInputFiles({ name: 'bad.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>') });
  await expect(agency.getByTestId('agency-logo-feedback')).toHaveText('The SVG logo cannot be used: it holds a <script> element. Save it again without scripts, animation or links to other files (most editors have a "plain SVG" export) and choose it again. The logo kept before is unchanged.');
  await expect(agency.getByTestId('agency-logo')).toHaveAttribute('src', kept!);
  // A file that claims to be a PNG and is not: refused, kept.
  await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not a png at all, just words') });
  await expect(agency.getByTestId('agency-logo-feedback')).toContainText('is not a PNG picture');
  await expect(agency.getByTestId('agency-logo')).toHaveAttribute('src', kept!);
  // A good SVG: kept as given, with the PNG the page drew from it for PDFs.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#c0392b"/><circle cx="20" cy="20" r="12" fill="#fff"/></svg>';
  await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(agency.getByTestId('agency-logo-feedback')).toHaveText('Logo saved from logo.svg.');
  await expect(agency.getByTestId('agency-logo')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // Kept in the workspace: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId('agency-section').getByLabel('Agency name')).toHaveValue(AGENCY);
  await expect(page.getByTestId('agency-section').getByTestId('agency-logo')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  // ---- three accounts from three networks, compared
  await page.evaluate(() => (location.hash = '#/accounts'));
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel(/Usernames, channel ids/).fill(accounts.map((a) => `${a.network}:${a.account}`).join('\n'));
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
  await page.getByTestId('fetch-confirmation').getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  for (const a of accounts) await page.getByTestId(`library-row-${a.network}-${a.account}`).getByRole('checkbox').check();
  await page.getByTestId('library-selection').getByRole('button', { name: 'Add to comparison' }).click();
  await page.getByTestId('compare-tray').getByRole('button', { name: 'Compare 3' }).click();
  await expect(page.getByTestId('compare-table').locator('thead th[data-name]')).toHaveCount(3);
  const note = 'Strong fit for the spring launch; ask for rates.';
  await page.getByTestId('compare-note-instagram-natgeo').fill(note);
  await page.getByLabel('Name', { exact: true }).fill('Spring shortlist');
  const names = await page.getByTestId('compare-table').locator('thead th[data-name] .account-name').allTextContents();
  const figures = await shownFigures(page);
  const folded = figures.filter((r) => r.expandable);
  expect(new Set(folded.map((r) => r.group))).toEqual(new Set(['Instagram', 'YouTube', 'Twitch']));

  // PDF: the paper layout is drawn (charts included), then browser mode opens the browser's print
  // dialog; the dialog is the browser's, so it is stood in for here and page.pdf() prints instead.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-print-asked', 'true');
  });
  await page.getByTestId('export-pdf').click();
  await expect(page.locator('body')).toHaveAttribute('data-print-asked', 'true');
  await expect(page.getByTestId('compare-print')).toHaveAttribute('data-agency', 'read');
  await expect(page.getByTestId('print-charts').locator('img').first()).toBeAttached();
  const comparePdf = path.join(out, 'comparison.pdf');
  await page.pdf({ path: comparePdf, preferCSSPageSize: true, printBackground: true });
  const text = pdfText(comparePdf);
  const flat = squeeze(pdfRaw(comparePdf));
  const pages = pdfPages(comparePdf);
  expect(pages).toBeGreaterThanOrEqual(2);
  expect(pages).toBeLessThanOrEqual(8);
  // The header: agency, title, accounts; page numbers on every page.
  expect(text).toContain(AGENCY);
  expect(text).toContain('Spring shortlist');
  expect(text).toContain('Comparison of 3 accounts');
  for (const name of names) expect(flat).toContain(squeeze(name));
  for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
  // Every group open: each per-network group's figures are on paper, as the screen shows them.
  for (const group of ['Instagram', 'YouTube', 'Twitch']) expect(text).toContain(group);
  for (const row of folded) {
    expect(flat, row.label).toContain(squeeze(row.label));
    for (const figure of row.figures) expect(flat, `${row.label}: ${figure}`).toContain(squeeze(figure));
  }
  // The note, and no screen words.
  expect(flat).toContain(squeeze(note));
  for (const words of ['Printed with the browser', 'print dialog', 'Hover a figure', 'Excel (XLSX)', 'Save as PDF', 'scrolls sideways', 'figures)', 'Not exported', 'Researcher’s note']) {
    expect(text, words).not.toContain(words);
  }
  // The charts are pictures on a page of their own, within the page's width.
  const chartsFit = await page.evaluate(() => {
    const section = document.querySelector('[data-testid="print-charts"]')!;
    return [...section.querySelectorAll('img')].map((img) => ({ natural: img.naturalWidth > 0, alt: img.alt }));
  });
  expect(chartsFit.length).toBeGreaterThan(0);
  for (const chart of chartsFit) expect(chart.natural, chart.alt).toBe(true);
  execFileSync('pdftoppm', ['-png', '-r', '50', comparePdf, path.join(out, 'comparison')]);

  // ---- a client report of one account, made from the cache and kept in the Archive
  await page.evaluate(() => (location.hash = '#/accounts/instagram/natgeo'));
  await expect(page.getByTestId('report-view')).toBeVisible();
  const headline = await page.getByTestId('report-figures').locator('> div').evaluateAll((cards) =>
    cards.map((c) => ({ label: c.querySelector('dt')!.textContent!, value: c.querySelector('dd')!.textContent! })),
  );
  await page.getByTestId('client-report').click();
  await expect(page.getByTestId('client-report-note')).toBeFocused();
  await page.keyboard.type('Audience grew steadily; renew in spring.');
  await page.getByTestId('client-report-make').click();
  await expect(page.getByTestId('client-report-done')).toContainText('Client report saved in the Archive');
  await page.evaluate(() => (location.hash = '#/archive'));
  const row = page.getByTestId('archive-row').filter({ hasText: 'Client report' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Natgeo');
  // No "Export again" for a PDF the API did not make.
  await expect(row.getByTestId('export-again')).toHaveCount(0);
  const listed = (await page.evaluate(async () => {
    const response = await fetch(`/rpc/${encodeURIComponent('archive:list')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return response.json();
  })) as { ok: boolean; value: { id: number; kind: string }[] };
  const client = listed.value.find((p) => p.kind === 'client')!;
  // Served at the archive's address, as the Archive's Open does in browser mode.
  const bytes = await page.evaluate(async (id) => {
    const response = await fetch(`/archive/${id}.pdf`);
    return [...new Uint8Array(await response.arrayBuffer())];
  }, client.id);
  const clientPdf = path.join(out, 'client.pdf');
  fs.writeFileSync(clientPdf, Buffer.from(bytes));
  const clientText = pdfText(clientPdf);
  expect(pdfPages(clientPdf)).toBeGreaterThan(1);
  expect(clientText).toContain(AGENCY);
  expect(clientText).toContain('Audience grew steadily; renew in spring.');
  // Each headline figure as the screen writes it, its minus sign (U+2212) too: the PDF's fonts have it.
  for (const card of headline) {
    expect(clientText).toContain(card.label);
    expect(clientText).toContain(card.value);
  }
  execFileSync('pdftoppm', ['-png', '-r', '50', clientPdf, path.join(out, 'client')]);
});
