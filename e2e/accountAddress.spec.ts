// A report's address is read by the same parse as every request: any spelling of an account is
// that account's page, and an address that names no account says so.
import { expect, test } from './fixtures';

test.use({ scoutSimulator: { generationMs: 0 } });

test('an address opens one account however it is spelled, and an unreadable one says so', async ({ page, scout }) => {
  test.setTimeout(60_000);
  await scout.open(page);
  // The free test account, spelled as a researcher might: it is quoted free, and is free.
  await page.goto(`${scout.origin}/#/accounts/twitch/@NASA`);
  await expect(page.getByTestId('report-missing')).toContainText('no cached Twitch report for nasa');
  await page.getByRole('button', { name: 'Fetch this report…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm fetch' })).toContainText('the free test account');
  await page.getByRole('button', { name: 'Fetch for free' }).click();
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'twitch/nasa', { timeout: 20_000 });
  expect(scout.simulator!.state.totalSpent()).toBe(0);

  // Another spelling of it is the same cached page.
  await page.goto(`${scout.origin}/#/accounts/twitch/%20Nasa%20`);
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'twitch/nasa');

  // A right-to-left override hidden in the address: refused, naming it; nothing is asked of the API.
  const calls = scout.simulator!.state.calls.size;
  await page.goto(`${scout.origin}/#/accounts/twitch/na%E2%80%AEsa`);
  await expect(page.getByTestId('report-address-unreadable')).toContainText('U+202E, right-to-left override');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This address names no account');
  await page.goto(`${scout.origin}/#/accounts/myspace/nasa`);
  await expect(page.getByTestId('report-address-unreadable')).toContainText('"myspace" is not one of the six networks');
  expect(scout.simulator!.state.calls.size).toBe(calls);
  await page.getByRole('button', { name: '← All accounts' }).click();
  await expect(page.getByTestId('library-row-twitch-nasa')).toBeVisible();
});
