// Watchlists over 30 simulated days: accounts of several networks put on a watchlist (from a
// report page and from Tracking), refreshed day after day for free — the simulator's balance does
// not move — each refresh a snapshot; the account built to drop raises the follower-drop alert on
// the day it drops, and no other does; one account never fetched waits for a credit until the
// watchlist is allowed to renew, and then exactly as many credits as allowed are spent.
import AxeBuilder from '@axe-core/playwright';
import { formatMetric, formatSignedNumber } from '../src/shared/format';
import type { Network } from '../src/shared/reports';
import { accountProfile, followerEvents } from '../src/simulator/data/profile';
import { brandNews } from '../src/simulator/data/reports/brandPosts';
import { expect, test } from './fixtures';

const DAY_MS = 86_400_000;
const SIM_DAY = Date.UTC(2026, 9, 1, 12);
test.use({ scoutSimulator: { generationMs: 0, clock: SIM_DAY } });

const DAYS = 30;
const simDay = Math.floor(SIM_DAY / DAY_MS);
/** An account with no sudden drop or spike in the month (only the one built to drop has one). */
const steady = (network: Network, prefix: string, more: (name: string) => boolean = () => true) =>
  Array.from({ length: 300 }, (_, i) => `${prefix}${i}`).find((n) => followerEvents(network, n, simDay, simDay + DAYS + 2).length === 0 && more(n))!;
/** An Instagram account whose followers clearly move over a few days. */
const DRIFTING = steady('instagram', 'tracked.cafe', (n) => {
  const p = accountProfile('instagram', n, SIM_DAY);
  return Math.abs(p.growth30d) > 3 && Math.abs(p.growth30d) < 8 && p.followers > 5_000 && p.followers < 5_000_000;
});
const TUBE = steady('youtube', 'tracked_tube');
const STREAM = steady('twitch', 'tracked_stream');
const DROPS = 'falling.drop';
const drops = followerEvents('instagram', DROPS, simDay, simDay + DAYS);

test('a watchlist of several networks refreshes for free over 30 simulated days, raises the drop alert, and renews only within its limit', async ({ page, scout }, testInfo) => {
  test.setTimeout(240_000);
  expect(drops.map((e) => e.kind)).toEqual(['drop']);
  const simulator = scout.simulator!;
  await scout.open(page);

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill(`${DRIFTING}\n${DROPS}\nhttps://www.youtube.com/@${TUBE}\nhttps://www.twitch.tv/${STREAM}`);
  await page.getByRole('button', { name: 'Check cost of 4 accounts' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 4 report credits' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(4, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('credits-reports')).toHaveText('996');

  // A watchlist refreshed only when asked (a daily one would also run by itself while Scout is
  // open, at a time of its own: this test refreshes by hand, day by simulated day).
  await page.keyboard.press('Control+8');
  await page.getByLabel('New watchlist', { exact: true }).fill('Autumn creators');
  await page.getByLabel('Schedule of the new watchlist').selectOption('manual');
  await page.getByRole('button', { name: 'Create watchlist' }).click();
  await expect(page.getByTestId('watchlist-name')).toHaveText('Autumn creators');
  await expect(page.getByTestId('watchlist-schedule')).toContainText('Only when I ask');

  // From the report page: onto that watchlist.
  await page.keyboard.press('Control+1');
  await page.getByTestId(`library-row-instagram-${DRIFTING}`).click();
  await page.getByRole('button', { name: 'Add to watchlist…' }).click();
  const form = page.getByRole('form', { name: 'Add to a watchlist' });
  await expect(form.getByRole('combobox')).toHaveValue(/^\d+$/);
  await expect(form.getByRole('combobox').locator('option:checked')).toHaveText('Autumn creators');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('tracked-note')).toHaveText('On Autumn creators.');
  await page.getByTestId('tracked-note').getByRole('button', { name: 'Autumn creators' }).click();

  // On Tracking: the rest, by link and by name, and one never fetched.
  await expect(page.getByTestId('watchlist-name')).toHaveText('Autumn creators');
  await page.getByLabel('Add accounts', { exact: true }).fill(`${DROPS}\nhttps://www.youtube.com/@${TUBE}\nhttps://www.twitch.tv/${STREAM}\nhttps://x.com/never_bought`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('watchlist-added')).toHaveText('4 accounts added to Autumn creators.');
  const members = page.getByRole('table', { name: 'Accounts on Autumn creators' }).locator('tbody tr');
  await expect(members).toHaveCount(5);
  await expect(page.getByTestId('alerts-empty')).toHaveText(/No new alerts/);

  // Thirty simulated days, a refresh each: nothing spent, a snapshot each day, and the drop alert
  // on the day falling.drop drops (and on no other day, for no other account).
  const drifting = page.getByTestId(`watched-instagram-${DRIFTING}`);
  const progress = page.getByTestId('watchlist-progress');
  for (let day = 1; day <= DAYS; day++) {
    simulator.advanceClock(DAY_MS);
    await page.getByRole('button', { name: 'Refresh now' }).click();
    const dropsToday = Math.floor(simulator.clock.now() / DAY_MS) === drops[0]!.day;
    // This day's run, not the line the day before left (the same words): its snapshot, then its end.
    await expect(drifting.locator('td[data-column="snapshots"]')).toHaveText(String(day + 1), { timeout: 20_000 });
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    await expect(progress).toHaveText(
      `Refreshed 5 accounts: 4 refreshed for free, 1 needs a credit.${dropsToday ? ' 1 new alert.' : ''}`,
      { timeout: 20_000 },
    );
    await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
  }
  await expect(page.getByTestId('credits-reports')).toHaveText('996');
  expect(simulator.state.spent.credits).toBe(4);

  // The alert: in the inbox with its evidence, counted beside Tracking.
  await expect(page.getByTestId('unread-alerts')).toHaveText('1, 1 unread alert');
  const alert = page.getByTestId(`alert-follower-drop-instagram-${DROPS}`);
  await expect(page.getByTestId('alerts-inbox').locator('li')).toHaveCount(1);
  await expect(alert).toContainText('Followers dropped');
  const before = accountProfile('instagram', DROPS, (drops[0]!.day - 1) * DAY_MS + 12 * 3600_000).followers;
  const after = accountProfile('instagram', DROPS, drops[0]!.day * DAY_MS + 12 * 3600_000).followers;
  const format = (n: number) => new Intl.NumberFormat('en-US').format(n);
  await expect(alert.locator('.alert-evidence')).toContainText(`${format(before)} → ${format(after)} followers (−`);
  await expect(alert.locator('.alert-evidence')).toContainText('Rule: down 5 % or more within 7 days.');
  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`tracking-${width}-${scheme}.png`), fullPage: true });
    }
  }
  // The inbox and the count beside Tracking pass axe's WCAG rules in both schemes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await alert.getByRole('button', { name: /^Mark read/ }).click();
  await expect(page.getByTestId('unread-alerts')).toHaveCount(0);
  await expect(page.getByTestId('alerts-empty')).toBeVisible();

  await expect(drifting.locator('td[data-column="snapshots"]')).toHaveText(String(DAYS + 1));
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
  // (falling.drop may drop again on these days: an alert more is said then.)
  await expect(page.getByTestId('watchlist-progress')).toHaveText(/^Refreshed 5 accounts: 4 refreshed for free, 1 renewed\.( 1 new alert\.)?$/, { timeout: 20_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('995');
  await expect(page.getByTestId('watchlist-schedule')).toContainText('Renewals: 1 of 1 credit this month.');
  await expect(never).toHaveAttribute('data-outcome', 'renewed');
  // Bought once: from now on it is refreshed for free like the others.
  simulator.advanceClock(DAY_MS);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('watchlist-progress')).toHaveText(/^Refreshed 5 accounts: 5 refreshed for free\.( 1 new alert\.)?$/, { timeout: 20_000 });
  await expect(page.getByTestId('credits-reports')).toHaveText('995');
  expect(simulator.state.spent.credits).toBe(5);

  // The history grew: the report page draws the followers across every snapshot.
  await drifting.getByRole('button').first().click();
  const changes = page.getByTestId('snapshot-changes');
  await expect(changes.getByTestId('chart')).toHaveAttribute('aria-label', new RegExp(`^Followers across ${DAYS + 3} snapshots: `));
  await page.getByTestId('add-to-comparison').click();

  // The drop in words, on its report page's timeline of fetches.
  await page.evaluate((name) => (location.hash = `#/accounts/instagram/${name}`), DROPS);
  const timeline = page.getByTestId('snapshot-timeline');
  await timeline.locator('summary').click();
  // (Written as the screen writes figures: the one formatter.)
  await expect(timeline.locator('li', { hasText: `Followers ${formatSignedNumber(after - before)} (${formatMetric(before, 'count')} → ${formatMetric(after, 'count')})` })).toHaveCount(1);
  await page.getByTestId('add-to-comparison').click();

  // Compare draws both over time from Scout's snapshots.
  await page.getByRole('button', { name: /^Compare 2/ }).click();
  const overTime = page.getByTestId('compare-snapshots');
  const followersChart = overTime.locator('[data-chart="snapshot-followers"]').getByTestId('chart');
  await expect(followersChart).toHaveAttribute('data-rendered', 'true');
  await expect(followersChart).toHaveAttribute('aria-label', new RegExp(`Falling Drop \\(Instagram\\), ${DAYS + 3} snapshots`));
});

test.describe('the renewal plan', () => {
  // The simulator's year began 340 days ago: the reports it unlocks now are free for 25 more days.
  test.use({ scoutSimulator: { generationMs: 0, clock: Date.now() - 340 * DAY_MS } });

  test('lists the free years ending soon and hands the chosen ones to Add accounts, quoted before anything is spent', async ({ page, scout }, testInfo) => {
    test.setTimeout(90_000);
    await scout.open(page);
    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('instagram');
    await page.getByLabel(/Usernames, channel ids/).fill('soon.ending\nhttps://www.twitch.tv/also_ending');
    await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 2 report credits' }).click();
    await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('credits-reports')).toHaveText('998');

    await page.keyboard.press('Control+8');
    const plan = page.getByTestId('renewal-plan');
    // Twitch's answer says when its year ends (validUntil, by the simulator's clock): in 25 days.
    // Instagram's says nothing, so its year runs from today's unlock: not in the plan.
    const row = plan.getByTestId('renewal-twitch-also_ending');
    await expect(row).toHaveAttribute('data-ended', 'false');
    await expect(plan.getByTestId('renewal-instagram-soon.ending')).toHaveCount(0);
    await expect(row.locator('td[data-column="cost"]')).toHaveText('free until then; 1 report credit after');
    await expect(plan.getByTestId('renewal-summary')).toHaveText('1 report: none has ended yet.');
    await row.getByRole('checkbox').check();
    await expect(plan.getByTestId('renewal-summary')).toHaveText('1 report: none has ended yet; 1 chosen, not ended yet (fetching it now is a free refresh).');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await plan.screenshot({ path: testInfo.outputPath(`renewal-plan-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await plan.getByRole('button', { name: 'Renew 1 account…' }).click();
    // Add accounts quotes it: still within its free year, so a refresh is free; nothing spent yet.
    await expect(page.getByLabel(/Usernames, channel ids/)).toHaveValue('twitch:also_ending');
    await expect(page.getByTestId('credits-reports')).toHaveText('998');
  });
});

test('a brand that starts mentioning a watched YouTube channel is an alert that names it; nothing is spent', async ({ page, scout }) => {
  test.setTimeout(180_000);
  const simulator = scout.simulator!;
  // A channel built to take up brands, with no sudden move of its followers and a clear engagement
  // rate in these weeks: the one alert it can raise is the new brand mention.
  const NAME = Array.from({ length: 300 }, (_, i) => `new_mentions_tube${i}`).find(
    (n) => followerEvents('youtube', n, simDay, simDay + 45).length === 0 && accountProfile('youtube', n, SIM_DAY).er > 2,
  )!;
  // The brand the channel built for it takes up after the test's first day (the simulator's rule).
  const news = brandNews(`youtube:${NAME}`, NAME, simDay + 45).filter((n) => n.day > simDay)[0]!;
  expect(news.day).toBeLessThanOrEqual(simDay + 31);
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill(`https://www.youtube.com/@${NAME}`);
  await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  // Its brand mentions opened once: from now on a refresh asks for them again.
  await page.keyboard.press('Control+1');
  await page.locator('[data-testid^="library-row-youtube-"]').first().click();
  await page.getByRole('tab', { name: 'Brand mentions' }).click();
  await expect(page.getByTestId('mentions-tab').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('mentions-tab')).not.toContainText(news.brand);

  await page.keyboard.press('Control+8');
  await page.getByLabel('New watchlist', { exact: true }).fill('Brand watch');
  await page.getByLabel('Schedule of the new watchlist').selectOption('manual');
  await page.getByRole('button', { name: 'Create watchlist' }).click();
  await page.getByLabel('Add accounts', { exact: true }).fill(`https://www.youtube.com/@${NAME}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('watchlist-added')).toHaveText('1 account added to Brand watch.');
  // The rule is the researcher's choice (asking again has no stated cost).
  const rule = page.getByRole('checkbox', { name: /a new brand mentions a TikTok or YouTube account/ });
  await expect(rule).not.toBeChecked();
  await rule.check();
  await page.getByRole('button', { name: 'Save alert rules' }).click();
  const spent = { ...simulator.state.spent };

  const progress = page.getByTestId('watchlist-progress');
  const watched = page.locator('[data-testid^="watched-youtube-"]');
  let raisedOn: number | null = null;
  for (let day = 1; day <= 40 && raisedOn === null; day++) {
    simulator.advanceClock(DAY_MS);
    await page.getByRole('button', { name: 'Refresh now' }).click();
    // This day's run, not the line the day before left: its snapshot, then its end.
    await expect(watched.locator('td[data-column="snapshots"]')).toHaveText(String(day + 1), { timeout: 20_000 });
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
    if ((await progress.textContent())!.includes('1 new alert')) raisedOn = Math.floor(simulator.clock.now() / DAY_MS);
  }
  // Raised once the channel's first video after the day it took the brand up was out (within a week).
  expect(raisedOn).not.toBeNull();
  expect(raisedOn!).toBeGreaterThanOrEqual(news.day);
  expect(raisedOn!).toBeLessThanOrEqual(news.day + 7);
  expect(simulator.state.spent).toEqual(spent);

  const inbox = page.getByTestId('alerts-inbox');
  await expect(inbox.locator('li')).toHaveCount(1);
  await expect(inbox.locator('li')).toContainText('New brand mention');
  await expect(inbox.locator('.alert-evidence')).toContainText(`Newly among its brand mentions: ${news.brand} (fetched `);
  await expect(inbox.locator('.alert-evidence')).toContainText('; not in those fetched ');
  await expect(page.getByTestId('unread-alerts')).toHaveText('1, 1 unread alert');
});

test('Add accounts on a watchlist adds the channel ids that read, and keeps each malformed one in the box with what is wrong with it', async ({ page, scout }) => {
  await scout.open(page);
  await page.keyboard.press('Control+8');
  await page.getByLabel('New watchlist', { exact: true }).fill('Channels');
  await page.getByLabel('Schedule of the new watchlist').selectOption('manual');
  await page.getByRole('button', { name: 'Create watchlist' }).click();
  await expect(page.getByTestId('watchlist-name')).toHaveText('Channels');
  const good = ['UCBJycsmduvYEL83R_U4JriQ', 'UCpVm7bg6pXKo1Pr6k5kxG9A'];
  // One id a character short (pasted with Instagram chosen for bare names), one link whose id holds a stray mark.
  const short = 'UCX6OQ3DkcsbYNE6H8uQQuV';
  const link = 'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA!';
  const box = page.getByLabel('Add accounts', { exact: true });
  await box.fill([good[0], short, link, `youtube:${good[1]}`].join('\n'));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('watchlist-added')).toHaveText('2 accounts added to Channels.');
  const members = page.getByRole('table', { name: 'Accounts on Channels' }).locator('tbody tr');
  await expect(members).toHaveCount(2);
  // The two that did not read stay as typed, to fix; each is said in words, not as a name of another network.
  await expect(box).toHaveValue(`${short}\n${link}`);
  const field = page.getByTestId('watchlist-add-field');
  await expect(field).toContainText('These lines were not added; fix them and add again.');
  await expect(field).toContainText(`“${short}” looks like a YouTube channel id but has 21 characters after UC, not 22 (1 missing)`);
  await expect(field).toContainText('the channel id in that link, “UCq-Fj5jknLsUf-MWSy4_brA!”, has 23 characters after UC, not 22 (1 too many) and holds “!”, which no channel id does');
  await expect(field).not.toContainText('Instagram name');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
});
