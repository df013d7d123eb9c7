// The PDF archive end to end: a PDF exported from a report page (quoted first, the API's 202s
// waited out with progress), listed in the Archive, opened (browser mode serves the file), still
// listed and opened with the API gone after a reload, a missing file said so, delete asked first.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 200, pdfMs: 1500 } });

test('export a PDF from a report, keep it in the Archive, open it offline, delete it after asking', async ({ page, scout }) => {
  test.setTimeout(90_000);
  const sim = scout.simulator!;
  await scout.open(page);

  // A report paid for once; its PDF is then free (the report is unlocked).
  await page.goto(`${scout.origin}/#/accounts/twitch/streamer`);
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await page.getByRole('button', { name: 'Spend 1 report credit and fetch' }).click();
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'twitch/streamer', { timeout: 20_000 });
  expect(sim.state.totalSpent()).toBe(1);

  await page.getByTestId('export-pdf').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm PDF export' });
  await expect(confirm).toContainText('PDF export (it unlocks the report): unlocked within 365 days: free');
  // The way back sends nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(sim.state.calls.get('auditor.twitchPdf') ?? 0).toBe(0);
  await page.getByTestId('export-pdf').click();
  await page.getByRole('button', { name: 'Export the PDF for free' }).click();
  // The API answers 202 while it makes the PDF: the page says so, with a way to cancel.
  await expect(page.getByTestId('export-pdf-progress')).toHaveAttribute('data-phase', 'generating', { timeout: 10_000 });
  await expect(page.getByTestId('export-pdf-progress')).toContainText(/next check in \d+ s/);
  await expect(page.getByRole('button', { name: 'Cancel export' })).toBeVisible();
  await expect(page.getByTestId('export-pdf-done')).toContainText('PDF saved in the Archive', { timeout: 20_000 });
  expect(sim.state.totalSpent()).toBe(1);
  // Asked at least twice: the 202 while it was made, then the link.
  expect(sim.state.calls.get('auditor.twitchPdf')).toBeGreaterThanOrEqual(2);

  // In the Archive: one row, opened in a new tab that browser mode serves the PDF to.
  await page.getByRole('button', { name: 'Go to the Archive' }).click();
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
  const rows = page.getByTestId('archive-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Twitch');
  await expect(rows.first()).toContainText('Kept');
  const popup = page.context().waitForEvent('page');
  await rows.first().getByTestId('open-pdf').click();
  const opened = await popup;
  const pdfUrl = new URL(opened.url());
  expect(pdfUrl.pathname).toMatch(/^\/archive\/\d+\.pdf$/);
  await opened.close();
  const served = await page.request.get(`${scout.origin}${pdfUrl.pathname}`);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Search and the network filter.
  await page.getByTestId('archive-search').fill('stream');
  await expect(rows).toHaveCount(1);
  await page.getByTestId('archive-search').fill('nobody');
  await expect(page.getByTestId('archive-empty')).toContainText('No PDF matches');
  await page.getByTestId('archive-search').fill('');
  await page.getByTestId('archive-network').selectOption('youtube');
  await expect(page.getByTestId('archive-empty')).toBeVisible();
  await page.getByTestId('archive-network').selectOption('');
  await expect(rows).toHaveCount(1);

  // The API goes away; after a reload the archive is still there and the PDF still opens.
  await scout.stopSimulator();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
  await expect(rows).toHaveCount(1);
  const again = page.context().waitForEvent('page');
  await rows.first().getByTestId('open-pdf').click();
  const reopened = await again;
  expect(new URL(reopened.url()).pathname).toBe(pdfUrl.pathname);
  await reopened.close();
  const servedOffline = await page.request.get(`${scout.origin}${pdfUrl.pathname}`);
  expect((await servedOffline.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Without the session the file is not served.
  const stranger = await page.context().browser()!.newContext();
  expect((await stranger.request.get(`${scout.origin}${pdfUrl.pathname}`)).status()).toBe(401);
  await stranger.close();

  // A file that went missing from the folder is shown as such and cannot be opened.
  const archiveDir = path.join(scout.dataDir, 'workspaces', 'demo', 'archive');
  const [file] = fs.readdirSync(archiveDir).filter((f) => f.endsWith('.pdf'));
  fs.renameSync(path.join(archiveDir, file!), path.join(archiveDir, `${file}.moved`));
  await page.reload();
  await expect(rows.first().getByTestId('pdf-missing')).toHaveText('Missing');
  await expect(rows.first().getByTestId('open-pdf')).toBeDisabled();
  fs.renameSync(path.join(archiveDir, `${file}.moved`), path.join(archiveDir, file!));
  await page.reload();
  await expect(rows.first()).toContainText('Kept');

  // Delete asks first; keeping it changes nothing.
  await rows.first().getByTestId('delete-pdf').click();
  const ask = page.getByTestId('confirm-delete-pdf');
  await expect(ask).toContainText('Delete the PDF of');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId('delete-pdf').click();
  await page.getByRole('button', { name: 'Delete the PDF' }).click();
  await expect(page.getByTestId('archive-empty')).toContainText('No PDFs yet');
  expect(fs.readdirSync(archiveDir).filter((f) => f.endsWith('.pdf'))).toEqual([]);
});
