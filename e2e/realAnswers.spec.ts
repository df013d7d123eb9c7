// A paid answer is never thrown away (issue "Real API answers"): accounts that answer in the real
// forms of api-notes.md, and accounts whose answers carry parts in shapes nobody documented, are
// saved and shown — the odd parts listed as kept as received, every other figure on the page.
import { expect, test } from './fixtures';
import { usesRealForms } from '../src/simulator/data/realForms';
import { networks, type Network } from '../src/shared/reports';

/** The first name of the form `realform_<n>` that answers in the real forms on `network`. */
function realFormsName(network: Network): string {
  for (let n = 0; n < 200; n++) if (usesRealForms(network, `realform_${n}`)) return `realform_${n}`;
  throw new Error(`no real-forms name found for ${network}`);
}

test('real-form and odd-shaped answers are saved, and shown with what could not be read kept as received', async ({ page, scout }) => {
  test.setTimeout(120_000);
  const real = networks.map((network) => ({ network, name: realFormsName(network) }));
  const odd = (['instagram', 'tiktok', 'youtube'] as const).map((network) => ({ network, name: 'oddshape_demo' }));
  const all = [...real, ...odd];

  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill(all.map((a) => `${a.network}:${a.name}`).join('\n'));
  await page.getByRole('button', { name: `Check cost of ${all.length} accounts` }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(all.length, { timeout: 90_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  for (const { network, name } of all) {
    await page.goto(`${scout.origin}/#/accounts/${network}/${name}`);
    const figures = page.getByTestId('report-figures');
    await expect(figures).toBeVisible();
    // The headline figures are there: the followers (or subscribers) card carries a number.
    await expect(figures.locator('[data-raw]').first()).toHaveAttribute('data-raw', /\d/);
    const kept = page.getByTestId('kept-parts');
    if (name.startsWith('oddshape')) {
      await expect(kept).toBeVisible();
      await expect(kept).toContainText('Scout could not read these parts');
      await expect(kept).toContainText(network === 'instagram' ? 'comments_rate' : 'metrics');
    } else {
      // Real forms are read, not merely kept: nothing is left over.
      await expect(kept).toHaveCount(0);
    }
  }
  // Not one of them was refused as malformed: every one is in the library.
  await page.goto(`${scout.origin}/#/accounts`);
  for (const { network, name } of all) await expect(page.getByTestId(`library-row-${network}-${name}`)).toBeVisible();
});
