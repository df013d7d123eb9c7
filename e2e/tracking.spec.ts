// Watchlists over simulated days: accounts of several networks put on a watchlist (from a report
// page and from Tracking), refreshed day after day for free — the simulator's balance does not
// move — each refresh a snapshot; one account never fetched waits for a credit until the
// watchlist is allowed to renew, and then exactly as many credits as allowed are spent.
import { accountProfile } from '../src/simulator/data/profile';
import { expect, test } from './fixtures';

const DAY_MS = 86_400_000;
const SIM_DAY = Date.UTC(2026, 9, 1, 12);
test.use({ scoutSimulator: { generationMs: 0, clock: SIM_DAY } });

/** An Instagram account whose followers clearly move over a few days. */
const DRIFTING = Array.from({ length: 200 }, (_, i) => `tracked.cafe${i}`).find((n) => {
  const p = accountProfile('instagram', n, SIM_DAY);
  return Math.abs(p.growth30d) > 3 && p.followers > 5_000 && p.followers < 5_000_000;
})!;

test('a watchlist of several networks refreshes for free over simulated days and renews only within its limit', async ({ page, scout }) => {
  test.setTimeout(120_000);
  const simulator = scout.simulator!;
  await scout.open(page);

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill(`${DRIFTING}\nhttps://www.youtube.com/@tracked_tube\nhttps://www.twitch.tv/tracked_stream`);
  await page.getByRole('button', { name: 'Check cost of 3 accounts' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 3 report credits' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(3, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('credits-reports')).toHaveText('997');

  // From the report page: a new watchlist with this account on it.
  await page.getByTestId(`library-row-instagram-${DRIFTING}`).click();
  await page.getByRole('button', { name: 'Add to watchlist…' }).click();
  const form = page.getByRole('form', { name: 'Add to a watchlist' });
  await expect(form.getByRole('combobox')).toHaveValue('new');
  await form.getByRole('textbox', { name: 'Name' }).fill('Autumn creators');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('tracked-note')).toHaveText('On Autumn creators.');
  await page.getByTestId('tracked-note').getByRole('button', { name: 'Autumn creators' }).click();

  // On Tracking: the rest, by link and by name, and one never fetched.
  await expect(page.getByTestId('watchlist-name')).toHaveText('Autumn creators');
  await page.getByLabel('Add accounts', { exact: true }).fill('https://www.youtube.com/@tracked_tube\nhttps://www.twitch.tv/tracked_stream\nhttps://x.com/never_bought');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('watchlist-added')).toHaveText('3 accounts added to Autumn creators.');
  const members = page.getByRole('table', { name: 'Accounts on Autumn creators' }).locator('tbody tr');
  await expect(members).toHaveCount(4);

  // Five simulated days, a refresh each: nothing spent, a snapshot each day.
  for (let day = 1; day <= 5; day++) {
    simulator.advanceClock(DAY_MS);
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(page.getByTestId('watchlist-progress')).toHaveText('Refreshed 4 accounts: 3 refreshed for free, 1 needs a credit.', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
  }
  await expect(page.getByTestId('credits-reports')).toHaveText('997');
  expect(simulator.state.spent.credits).toBe(3);
  const drifting = page.getByTestId(`watched-instagram-${DRIFTING}`);
  await expect(drifting.locator('td[data-column="snapshots"]')).toHaveText('6');
  await expect(drifting).toHaveAttribute('data-outcome', 'refreshed');
  await expect(drifting.locator('td[data-column="followers"]')).toHaveText(
    new Intl.NumberFormat('en-US').format(accountProfile('instagram', DRIFTING, simulator.clock.now()).followers),
  );
  const never = page.getByTestId('watched-twitter-never_bought');
  await expect(never).toHaveAttribute('data-outcome', 'needs-credit');
  await expect(never).toContainText('Never fetched: fetching it costs 1 credit, and this watchlist does not spend credits.');

  // Allowed to renew one credit a month: the next refresh buys the one never fetched, once.
  await page.getByRole('checkbox', { name: /Renew accounts whose free year ended/ }).check();
  await page.getByLabel('At most, credits a month').fill('1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('watchlist-saved')).toHaveText('Saved. This watchlist may spend up to 1 credit a month on renewals, each recorded in Spending.');
  await expect(page.getByTestId('watchlist-schedule')).toContainText('Renewals: 0 of 1 credit this month.');
  simulator.advanceClock(DAY_MS);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('watchlist-progress')).toHaveText('Refreshed 4 accounts: 3 refreshed for free, 1 renewed.', { timeout: 20_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('996');
  await expect(page.getByTestId('watchlist-schedule')).toContainText('Renewals: 1 of 1 credit this month.');
  await expect(never).toHaveAttribute('data-outcome', 'renewed');
  // Bought once: from now on it is refreshed for free like the others.
  simulator.advanceClock(DAY_MS);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('watchlist-progress')).toHaveText('Refreshed 4 accounts: 4 refreshed for free.', { timeout: 20_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('996');
  expect(simulator.state.spent.credits).toBe(4);

  // The history grew: the report page draws the followers across every snapshot.
  await drifting.getByRole('button').first().click();
  const changes = page.getByTestId('snapshot-changes');
  await expect(changes.getByTestId('chart')).toHaveAttribute('aria-label', /^Followers across 8 snapshots: /);
});
