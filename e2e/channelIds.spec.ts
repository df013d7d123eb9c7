// A YouTube channel asked for by its id: channel ids are case-sensitive, so the id is quoted,
// listed and shown on its report in its own letter case, as a channel, never as a lower-cased
// @handle; the library's Country column says a country's name, not its code.
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

const ID = 'UCBJycsmduvYEL83R_U4JriQ';

test('a channel id keeps its case from the quote to the library and the report', async ({ page, scout }) => {
  test.setTimeout(60_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel(/Usernames, channel ids/).fill(`youtube:${ID}`);
  await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
  const confirmation = page.getByTestId('fetch-confirmation');
  await expect(confirmation).toContainText(`YouTube ${ID} — new: 1 report credit`);
  await page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.locator('table.library tbody tr').first();
  await expect(row).toContainText(`Channel ${ID}`);
  await expect(row).not.toContainText(`@${ID.toLowerCase()}`);
  await expect(row).not.toContainText(`@${ID}`);
  const country = row.locator('td[data-column="country"]');
  const code = await country.getAttribute('title');
  if (code) await expect(country).not.toHaveText(code);

  await row.locator('td[data-column="followers"]').click();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.getByTestId('report-view')).toContainText(`Channel ${ID}`);
  await expect(page.getByTestId('report-view')).not.toContainText(`@${ID.toLowerCase()}`);
});
