// Notes and tags on an account, with the keyboard only (the two reports are fetched through Add
// accounts first): a note saved with Ctrl+Enter, two tags added with Enter, one removed by its
// named button and added again, all kept after a reload; the library shows the tags and filters
// by one.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAccounts, workspaceSimulator } from './workspace';

test.use({ scoutSimulator: workspaceSimulator });

/** Tab forward until `target` has focus (as a keyboard user gets there); fails past `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a note and two tags on an account, and the library filtered by a tag, by keyboard', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  await addAccounts(page, 'instagram:natgeo\nyoutube:foodchannel', 2);

  // The library's rows are one Tab stop (arrows move between them); Enter opens the report.
  const rows = page.getByRole('table', { name: 'Cached accounts' }).locator('tbody tr');
  await tabTo(page, rows.and(page.locator('[tabindex="0"]')));
  const row = page.getByTestId('library-row-instagram-natgeo');
  for (let i = 0; i < 3 && !(await row.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  const notes = page.getByTestId('account-notes');
  await expect(notes.getByRole('heading', { name: 'Notes, tags and status' })).toBeVisible();

  const tagBox = notes.getByLabel('Add a tag (Enter adds it)');
  const tags = notes.getByTestId('account-tags').locator('.tag-chip');
  const status = notes.getByTestId('account-notes-status');
  await tabTo(page, tagBox);
  await page.keyboard.type('Travel');
  await page.keyboard.press('Enter');
  await expect(tags).toHaveText(['Travel×']);
  // Cleaned as main keeps it: without the #, trimmed.
  await page.keyboard.type('#Outdoors ');
  await page.keyboard.press('Enter');
  await expect(tags).toHaveText(['Travel×', 'Outdoors×']);
  await expect(status).toHaveText('Tag “Outdoors” added');
  // A tag it has already (letter case aside) is said, not added.
  await page.keyboard.type('travel');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Already tagged “Travel”.');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');

  // The note: typed, saved with Ctrl+Enter.
  const note = notes.getByLabel(/^Note/);
  await tabTo(page, note);
  await page.keyboard.type('Pitch the spring campaign; ask for the media kit.');
  await expect(status).toContainText('note not saved yet');
  await page.keyboard.press('Control+Enter');
  await expect(status).toHaveText('Note saved');

  // A tag's remove button is named and reachable by Shift+Tab; focus returns to the tag box.
  const remove = notes.getByRole('button', { name: 'Remove tag Outdoors' });
  for (let i = 0; i < 10 && !(await remove.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tags).toHaveText(['Travel×']);
  await expect(tagBox).toBeFocused();
  await page.keyboard.type('Outdoors');
  await page.keyboard.press('Enter');
  await expect(tags).toHaveText(['Travel×', 'Outdoors×']);

  // Kept in the workspace: there after a reload.
  await page.reload();
  await expect(notes.getByLabel(/^Note/)).toHaveValue('Pitch the spring campaign; ask for the media kit.');
  await expect(tags).toHaveText(['Travel×', 'Outdoors×']);

  // The library: the row shows its tags; the Tag filter (keyboard: arrows on the select) keeps it alone.
  await page.keyboard.press('Control+1');
  await expect(page.getByTestId('library-count')).toHaveText('2 accounts');
  await expect(page.getByTestId('library-row-instagram-natgeo').locator('.tag-cell .tag-chip')).toHaveText(['Travel', 'Outdoors']);
  await expect(page.getByTestId('library-row-youtube-foodchannel').locator('.tag-chip')).toHaveCount(0);
  const filter = page.getByLabel('Tag', { exact: true });
  await tabTo(page, filter);
  await expect(filter.locator('option')).toHaveText(['Any tag', 'Tagged “Outdoors”', 'Tagged “Travel”']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(filter).toHaveValue('Travel');
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await expect(page.getByTestId('library-row-instagram-natgeo')).toBeVisible();
  await expect(page.getByTestId('library-row-youtube-foodchannel')).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('library-count')).toHaveText('2 accounts');
});

test('a status pipeline: an account moved on from its report page, the steps renamed and one removed in Settings, the library filtered and sorted by status', async ({ page, scout }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  await scout.open(page);
  await addAccounts(page, 'instagram:natgeo\nyoutube:foodchannel', 2);

  await page.getByTestId('library-row-instagram-natgeo').click();
  const notes = page.getByTestId('account-notes');
  const status = notes.getByLabel('Status', { exact: true });
  await expect(status.locator('option')).toHaveText(['No status', 'Considering', 'Shortlisted', 'Contacted', 'Approved']);
  await status.selectOption({ label: 'Contacted' });
  await expect(notes.getByTestId('account-notes-status')).toHaveText('Status: Contacted');

  // Settings: "Contacted" renamed "Emailed" and moved first, by keyboard.
  await notes.getByRole('button', { name: 'Rename the steps in Settings' }).click();
  const steps = page.getByTestId('status-steps');
  await expect(steps.getByLabel('Step 3 name')).toHaveValue('Contacted');
  await expect(steps.locator('.status-step-count')).toHaveText(['no accounts', 'no accounts', '1 account', 'no accounts']);
  await steps.getByLabel('Step 3 name').fill('Emailed');
  await steps.getByRole('button', { name: 'Move Emailed up' }).click();
  await steps.getByRole('button', { name: 'Move Emailed up' }).click();
  await steps.getByRole('button', { name: 'Save steps' }).click();
  await expect(page.getByTestId('status-steps-feedback')).toHaveText('Steps saved.');
  await expect(steps.getByLabel('Step 1 name')).toHaveValue('Emailed');

  // The library: natgeo's row says "Emailed"; the filter and the sort by status.
  await page.keyboard.press('Control+1');
  await expect(page.getByTestId('library-count')).toHaveText('2 accounts');
  await expect(page.getByTestId('library-row-instagram-natgeo').locator('.status-chip')).toHaveText('Emailed');
  await expect(page.getByTestId('library-row-youtube-foodchannel').locator('.status-chip')).toHaveCount(0);
  const filter = page.getByLabel('Status', { exact: true });
  await expect(filter.locator('option')).toHaveText(['Any status', 'No status', 'Status “Emailed”', 'Status “Considering”', 'Status “Shortlisted”', 'Status “Approved”']);
  await filter.selectOption({ label: 'No status' });
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await expect(page.getByTestId('library-row-youtube-foodchannel')).toBeVisible();
  await filter.selectOption({ label: 'Status “Emailed”' });
  await expect(page.getByTestId('library-count')).toHaveText('1 account');
  await expect(page.getByTestId('library-row-instagram-natgeo')).toBeVisible();
  await filter.selectOption({ label: 'Any status' });
  await page.getByRole('columnheader', { name: 'Status' }).getByRole('button').click();
  await expect(page.getByRole('table', { name: 'Cached accounts' }).locator('tbody tr').first()).toHaveAttribute('data-testid', 'library-row-instagram-natgeo');

  // Removing the step an account is at says so before it is saved, and clears that status.
  await page.keyboard.press('Control+9');
  await steps.getByRole('button', { name: 'Remove Emailed' }).click();
  await expect(page.getByTestId('status-steps-feedback')).toHaveText('“Emailed” removed when you save.');
  await steps.getByRole('button', { name: 'Save: 1 account loses its status' }).click();
  await expect(page.getByTestId('status-steps-feedback')).toHaveText('Steps saved; 1 account no longer has a status.');
  await page.keyboard.press('Control+1');
  await expect(page.getByTestId('library-row-instagram-natgeo')).toBeVisible();
  await expect(page.getByTestId('library-row-instagram-natgeo').locator('.status-chip')).toHaveCount(0);
});
