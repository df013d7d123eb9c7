// "Find similar" on a report page: Discovery opens with a new query whose `similar` filter holds
// the account's identifier for its network (a username on Instagram, the channel id on YouTube);
// nothing is run or spent until the researcher asks. Networks Discovery cannot search that way
// offer no such button.
import { expect, test } from './fixtures';

test('Find similar opens Discovery with the similar filter set to the account\'s own identifier', async ({ page, scout }) => {
  test.setTimeout(60_000);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill('Lookalike.Source\nhttps://www.youtube.com/@lookalike_tube\nhttps://www.twitch.tv/lookalike_stream');
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 3 report credits' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(3, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  const credits = await page.getByTestId('credits-reports').textContent();
  const discovery = await page.getByTestId('credits-discovery').textContent();

  await page.getByTestId('library-row-instagram-lookalike.source').click();
  await page.getByTestId('find-similar').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discovery' })).toBeVisible();
  await expect(page.getByTestId('dq-request-body')).toContainText('"similar": "lookalike.source"');
  await expect(page.getByTestId('dq-request-body')).toContainText('"social_network": "instagram"');
  await expect(page.getByLabel('Query name')).toHaveValue('Similar to @lookalike.source');

  // YouTube: the channel id its report carries, not the handle.
  await page.keyboard.press('Control+1');
  await page.getByTestId('library-row-youtube-lookalike_tube').click();
  await page.getByTestId('find-similar').click();
  await expect(page.getByTestId('dq-request-body')).toContainText(/"similar": "UC[A-Za-z0-9_-]{22}"/);
  await expect(page.getByTestId('dq-request-body')).toContainText('"social_network": "youtube"');

  // Twitch has no such search: no button.
  await page.keyboard.press('Control+1');
  await page.getByTestId('library-row-twitch-lookalike_stream').click();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.getByTestId('find-similar')).toHaveCount(0);
  // Nothing was run or spent.
  await expect(page.getByTestId('credits-reports')).toHaveText(credits!);
  await expect(page.getByTestId('credits-discovery')).toHaveText(discovery!);
});
