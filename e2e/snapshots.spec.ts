// Snapshots over simulated time: the simulator's account figures drift with its day, so a free
// refresh ten simulated days later shows what changed, and the followers across the fetches.
import type { Page } from '@playwright/test';
import { accountProfile, followerEvents } from '../src/simulator/data/profile';
import { expect, test } from './fixtures';

const DAY_MS = 86_400_000;

/**
 * The simulator's day is fixed: its figures follow its day, and whether an engagement rate moves
 * by as much as the screen shows between two given days is a fact about those days, not today's.
 */
const SIM_DAY = Date.UTC(2026, 9, 1, 12);
test.use({ scoutSimulator: { generationMs: 0, clock: SIM_DAY } });

/** An Instagram account of some size whose followers clearly move (grow or shrink) over ten days. */
const NAME = Array.from({ length: 200 }, (_, i) => `drifting.cafe${i}`).find((n) => {
  const p = accountProfile('instagram', n, SIM_DAY);
  // …and no sudden drop or spike in the ten days (the test reads the trend).
  const day = Math.floor(SIM_DAY / DAY_MS);
  return Math.abs(p.growth30d) > 2 && p.followers > 5_000 && p.followers < 5_000_000 && followerEvents('instagram', n, day, day + 10).length === 0;
})!;

/** The raw follower count the report page shows (its card's data-raw holds the raw number). */
async function shownFollowers(page: Page): Promise<number> {
  const figure = page.getByTestId('report-figures').locator('div').filter({ has: page.locator('dt', { hasText: /^Followers$/ }) });
  return Number(await figure.getAttribute('data-raw'));
}

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('a refresh ten simulated days later shows the followers change and draws them across snapshots', async ({ page, scout }, testInfo) => {
  test.setTimeout(60_000);
  const simulator = scout.simulator!;
  const profile = accountProfile('instagram', NAME, SIM_DAY);
  await scout.open(page);

  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('instagram');
  await page.getByLabel(/Usernames, channel ids/).fill(NAME);
  await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
  await page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId(`library-row-instagram-${NAME}`).click();
  await expect(page.getByTestId('report-view')).toBeVisible();
  const firstDay = simulator.clock.now();
  const before = await shownFollowers(page);
  // The simulator's figures for its day: the account's followers at its growth rate.
  expect(before).toBe(accountProfile('instagram', NAME, firstDay).followers);
  // One fetch: nothing to compare with yet.
  await expect(page.getByTestId('snapshot-changes')).toHaveCount(0);

  // Ten simulated days later the refresh is still free (unlocked within 365 days).
  simulator.advanceClock(10 * DAY_MS);
  const secondDay = simulator.clock.now();
  await page.getByRole('button', { name: 'Refresh…' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm refresh' })).toContainText('free');
  await page.getByRole('button', { name: 'Refresh for free' }).click();
  await expect(page.getByText('2 snapshots')).toBeVisible();
  await expect(page.getByTestId('credits-reports')).toHaveText('999');

  const expectedAfter = accountProfile('instagram', NAME, secondDay).followers;
  await expect.poll(() => shownFollowers(page)).toBe(expectedAfter);
  const after = await shownFollowers(page);
  expect(Math.sign(after - before)).toBe(Math.sign(profile.growth30d));
  // Ten days at the 30-day growth rate, compounded.
  expect(after / before).toBeCloseTo(Math.pow(1 + profile.growth30d / 100, 10 / 30), 3);

  const changes = page.getByTestId('snapshot-changes');
  await expect(changes).toContainText('Changes since');
  await expect(changes).not.toContainText('No change');
  const followersLine = changes.locator('li', { hasText: /^Followers:/ });
  await expect(followersLine).toHaveCount(1);
  const text = (await followersLine.textContent())!;
  // "Followers: +1,234 (56,789 → 58,023)", the sign the account's growth has.
  const match = /^Followers:\s*([+\-−])\s*([\d.,\s\u202f]+?)\s*\(([\d.,\s\u202f]+?)\s*→\s*([\d.,\s\u202f]+?)\)$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  const [, sign, delta, from, to] = match!;
  expect(sign === '+' ? 1 : -1).toBe(Math.sign(profile.growth30d));
  expect(digits(from!)).toBe(before);
  expect(digits(to!)).toBe(after);
  expect(digits(delta!)).toBe(Math.abs(after - before));
  // The engagement rate wobbles a little from day to day, and the audience shares with it.
  await expect(changes.locator('li', { hasText: /^Engagement rate: [+\-−][\d.,]+ pp/ })).toHaveCount(1);
  // Nothing is "new" in a top list only because an older fetch did not list it.
  for (const line of await changes.locator('li[data-kind="moved"]').allTextContents()) expect(line).not.toMatch(/: 0\.0 →|→ 0\.0 %/);

  // The followers (and engagement rate) across both fetches, drawn.
  await expect(changes.getByRole('heading', { name: /^Followers and engagement rate across snapshots$/ })).toBeVisible();
  const chart = changes.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const label = /^Followers across 2 snapshots: (.+?) to (.+?)(?:;|$)/.exec((await chart.getAttribute('aria-label')) ?? '');
  expect(label).not.toBeNull();
  expect([digits(label![1]!), digits(label![2]!)]).toEqual([before, after]);
  await expect(chart.locator('canvas')).toHaveCount(1);

  await changes.scrollIntoViewIfNeeded();
  await changes.screenshot({ path: testInfo.outputPath('snapshot-changes.png') });
});
