// A page that throws while it draws (here: every chart's drawing surface refused) says so in words
// with a way on, instead of the whole window going blank: the navigation, the workspace and the
// other pages go on working, and Try again draws the page afresh once drawing works again.
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

test('a page that fails to draw says so in words, and the rest of the window keeps working', async ({ page, scout }) => {
  test.setTimeout(90_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('natgeo');
  await page.getByRole('button', { name: /^Check cost of / }).click();
  await page.getByTestId('fetch-confirmation').getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 40_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  // Charts draw on a canvas in an effect of the report page: that is where it throws.
  await page.evaluate(() => {
    const canvas = HTMLCanvasElement.prototype as unknown as { getContext: unknown; drawingWorks?: unknown };
    canvas.drawingWorks = canvas.getContext;
    canvas.getContext = () => {
      throw new Error('The drawing surface is gone.');
    };
  });
  await page.evaluate(() => (window.location.hash = '#/accounts/instagram/natgeo'));
  const failed = page.getByTestId('page-failed');
  await expect(failed.getByRole('heading', { level: 1 })).toHaveText('This page stopped working');
  await expect(failed).toContainText('Nothing in your workspace was changed');
  // The details are the error's own (echarts' words about its missing surface, here), for a bug report.
  await expect(failed).toContainText('Details for a bug report: ');
  await expect(page.getByTestId('window-failed')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Another page opens as usual, and coming back starts the report afresh (still failing here).
  await page.keyboard.press('Control+7');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await page.goBack();
  await expect(failed).toBeVisible();

  // Drawing works again: Try again draws the report with its charts.
  await page.evaluate(() => {
    const canvas = HTMLCanvasElement.prototype as unknown as { getContext: unknown; drawingWorks?: unknown };
    canvas.getContext = canvas.drawingWorks;
  });
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByTestId('report-figures')).toBeVisible();
  await expect(page.locator('[data-testid="report-view"] canvas').first()).toBeVisible();
});
