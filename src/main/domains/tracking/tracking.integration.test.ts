// Watchlists against the simulator and a real workspace file: a run refreshes what is free and
// spends nothing, renews only within the month's limit it was given (each renewal through the
// ledger), and the schedule runs what is due, catches up, and waits while offline or paused.
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TrackingProgress, type WatchlistSummary, type WatchlistView } from '@shared/tracking';
import type { ReportProgress } from '@shared/reports';
import { accountRef } from '@shared/accountInput';
import { accountProfile } from '../../../simulator/data/profile';
import { Logger } from '../../platform/log';
import { WatchlistsRepository } from './watchlistsRepository';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';
import { TrackingService } from './trackingService';

let h: ProductionHarness;
afterEach(() => h?.close());

const fetched = [
  { network: 'instagram', account: 'track_ig' },
  { network: 'youtube', account: 'track_yt' },
  { network: 'tiktok', account: 'track_tt', tiktokType: 'report' },
] as const;

async function buy(items: readonly { network: string; account: string; tiktokType?: string }[]) {
  for (const item of items) await h.call('reports:fetch', { ...item, confirmedCost: 1 });
}

const sum = (spent: object) => Object.values(spent as Record<string, number>).reduce((a, b) => a + b, 0);

describe('watchlists', () => {
  it('refreshes every account whose access is free, a day later on the simulator, and spends nothing', async () => {
    h = await productionHarness();
    await buy(fetched);
    const spentBefore = sum(h.sim.state.spent);
    expect(spentBefore).toBe(3);
    const list = await h.ok('watchlists:create', {
      name: '  Agency   creators ',
      schedule: 'daily',
      accounts: [...fetched.map(({ network, account }) => ({ network, account })), { network: 'twitch', account: 'track_never' }],
    });
    expect(list).toMatchObject({ name: 'Agency creators', schedule: 'daily', renewCap: 0, accounts: 4, lastRunAt: null, running: false });
    const before = accountProfile('instagram', 'track_ig', h.sim.clock.now()).followers;

    h.sim.advanceClock(DAY_MS);
    const events: TrackingProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'watchlists:changed' && events.push(e.payload as TrackingProgress));
    const result = await h.ok('watchlists:run', { id: list.id });
    expect(result).toMatchObject({ state: 'done', total: 4, done: 4, refreshed: 3, renewed: 0, needsCredit: 1, failed: 0, workspace: 'production' });
    // Nothing spent: the simulator's account and Scout's ledger agree.
    expect(sum(h.sim.state.spent)).toBe(spentBefore);
    expect(h.services.active().ledger.totals()).toEqual(h.sim.state.spent);
    // Progress went out as each account finished.
    expect(events.map((e) => e.done)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4]));
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 4 });

    const view = (await h.ok('watchlists:get', { id: list.id }))!;
    const member = (key: string) => view.members.find((m) => m.accountKey === key)!;
    for (const { account } of fetched) expect(member(account)).toMatchObject({ outcome: 'refreshed', snapshots: 2, message: null });
    expect(member('track_never')).toMatchObject({ outcome: 'needs-credit', snapshots: 0, freeUntil: null });
    expect(member('track_never').message).toMatch(/costs 1 credit, and this watchlist does not spend credits/);
    // The new snapshot has the simulator's figures of the next day.
    expect(member('track_ig').followers).toBe(accountProfile('instagram', 'track_ig', h.sim.clock.now()).followers);
    expect(member('track_ig').followers).not.toBe(before);
    expect(member('track_ig').freeUntil).toBeGreaterThan(Date.now() + 360 * DAY_MS);
    expect(view.lastRunAt).not.toBeNull();
    // Run again: a daily watchlist is next due a day after it began.
    expect(view.nextRunAt).toBe(view.lastRunAt! + DAY_MS);
  });

  it('renews only when allowed, within its monthly limit, each renewal in the ledger', async () => {
    h = await productionHarness();
    const accounts = [
      { network: 'instagram', account: 'renew_one' },
      { network: 'twitter', account: 'renew_two' },
      { network: 'twitch', account: 'renew_three' },
    ] as const;
    const list = await h.ok('watchlists:create', { name: 'Renewals', schedule: 'manual', renewCap: 2, accounts: [...accounts] });
    const first = await h.ok('watchlists:run', { id: list.id });
    expect(first).toMatchObject({ renewed: 2, needsCredit: 1, refreshed: 0, failed: 0 });
    expect(sum(h.sim.state.spent)).toBe(2);
    const ws = h.services.active();
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
    // Every renewal was quoted and settled in the ledger like any other fetch.
    expect(ws.ledger.entries().filter((e) => e.operation === 'report')).toHaveLength(2);
    let view = (await h.ok('watchlists:get', { id: list.id }))!;
    expect(view.renewedThisMonth).toBe(2);
    const limited = view.members.find((m) => m.outcome === 'needs-credit')!;
    expect(limited.message).toBe("This month's renewals reached the watchlist's limit of 2 credits.");

    // The next run refreshes the two renewed for free and still does not buy the third.
    const second = await h.ok('watchlists:run', { id: list.id });
    expect(second).toMatchObject({ refreshed: 2, renewed: 0, needsCredit: 1 });
    expect(sum(h.sim.state.spent)).toBe(2);

    // A higher limit lets the third through, once.
    await h.ok('watchlists:update', { id: list.id, renewCap: 3 });
    expect(await h.ok('watchlists:run', { id: list.id })).toMatchObject({ refreshed: 2, renewed: 1, needsCredit: 0 });
    expect(sum(h.sim.state.spent)).toBe(3);
    view = (await h.ok('watchlists:get', { id: list.id }))!;
    expect(view.renewedThisMonth).toBe(3);
    expect(view.members.every((m) => m.snapshots >= 1)).toBe(true);
  });

  it('keeps a renewal counted when its run is stopped after the credit was spent', async () => {
    h = await productionHarness({ generationMs: 60_000 });
    const list = await h.ok('watchlists:create', { name: 'Stopped', schedule: 'manual', renewCap: 1, accounts: [{ network: 'instagram', account: 'stop_mid' }] });
    const generating = new Promise<void>((resolve) =>
      h.services.events.subscribe((e) => e.name === 'reports:changed' && (e.payload as ReportProgress).phase === 'generating' && resolve()),
    );
    const run = h.ok('watchlists:run', { id: list.id });
    await generating;
    expect((await h.ok('watchlists:list', {}))[0]).toMatchObject({ running: true });
    expect(await h.ok('watchlists:cancel', { id: list.id })).toEqual({ cancelled: true });
    expect(await run).toMatchObject({ state: 'stopped', done: 1, failed: 1 });
    // The API charged for the request: it stays counted against the month's limit.
    expect(sum(h.sim.state.spent)).toBe(1);
    const view = (await h.ok('watchlists:get', { id: list.id }))!;
    expect(view).toMatchObject({ renewedThisMonth: 1, running: false });
    expect(view.members[0]).toMatchObject({ outcome: 'cancelled' });
    // Paid for but never fetched, the kernel quotes it at a credit (only the API knows whether it
    // is unlocked); with the month's limit used, the next run sends nothing.
    expect(await h.ok('watchlists:run', { id: list.id })).toMatchObject({ refreshed: 0, renewed: 0, needsCredit: 1 });
    expect(sum(h.sim.state.spent)).toBe(1);
  });

  it('plans renewals: the free years ending within 30, 60 or 90 days and those ended lately, as the quote reckons them', async () => {
    h = await productionHarness();
    const accounts = [
      { network: 'instagram', account: 'ends_soon', unlockedDaysAgo: 340 },
      { network: 'twitch', account: 'ends_later', unlockedDaysAgo: 300 },
      { network: 'tiktok', account: 'ended_lately', unlockedDaysAgo: 370, tiktokType: 'report' },
      { network: 'twitter', account: 'ended_long_ago', unlockedDaysAgo: 420 },
      { network: 'youtube', account: 'fresh', unlockedDaysAgo: 10 },
    ] as const;
    const ws = h.services.active();
    for (const a of accounts) {
      await h.call('reports:fetch', { network: a.network, account: a.account, ...('tiktokType' in a ? { tiktokType: a.tiktokType } : {}), confirmedCost: 1 });
      // As if unlocked that long ago (the API's validUntil says no sooner).
      ws.db.prepare('UPDATE reports SET unlocked_at = ?, valid_until = NULL WHERE network = ? AND account_key = ?').run(Date.now() - a.unlockedDaysAgo * DAY_MS, a.network, a.account);
    }
    await h.ok('watchlists:create', { name: 'Renew me', schedule: 'manual', accounts: [{ network: 'instagram', account: 'ends_soon' }] });
    const in30 = await h.ok('watchlists:renewalPlan', { days: 30 });
    expect(in30.map((r) => [r.accountKey, r.ended])).toEqual([
      ['ended_lately', true],
      ['ends_soon', false],
    ]);
    expect(in30.find((r) => r.accountKey === 'ends_soon')).toMatchObject({ watchlists: ['Renew me'], balance: 'credits', account: 'ends_soon' });
    expect(in30.find((r) => r.accountKey === 'ended_lately')).toMatchObject({ watchlists: [], balance: 'miniReports' });
    expect((await h.ok('watchlists:renewalPlan', { days: 90 })).map((r) => r.accountKey)).toEqual(['ended_lately', 'ends_soon', 'ends_later']);
    // The plan's dates are the quote's: free until then, a credit after.
    for (const item of await h.ok('watchlists:renewalPlan', { days: 90 })) {
      const quote = await h.ok('reports:quote', { network: item.network, account: item.account, ...(item.network === 'tiktok' ? { tiktokType: 'report' as const } : {}) });
      // (Backdated here while the ledger's purchase is today's, the quote says why in its own words.)
      if (item.ended) expect(quote).toMatchObject({ cost: 1, balance: item.balance });
      else expect(quote).toMatchObject({ cost: 0, freeUntil: item.freeUntil });
    }
    expect((await h.result('watchlists:renewalPlan', { days: 45 as 30 })).ok).toBe(false);
  });

  it('refuses bad input with words: names, limits, unknown ids, too many accounts', async () => {
    h = await productionHarness();
    const a = await h.ok('watchlists:create', { name: 'Weekly', schedule: 'weekly' });
    const refused = async (channel: string, payload: unknown) => {
      const r = await h.dispatch(channel, payload);
      expect(r.ok, JSON.stringify(payload)).toBe(false);
      return r.ok ? '' : r.error.message;
    };
    expect(await refused('watchlists:create', { name: 'weekly', schedule: 'daily' })).toMatch(/There is a watchlist called “weekly” already/);
    expect(await refused('watchlists:create', { name: '   ', schedule: 'daily' })).toMatch(/1 to 80 characters/);
    expect(await refused('watchlists:create', { name: 'a\u202Eb', schedule: 'daily' })).toMatch(/without control characters/);
    expect(await refused('watchlists:create', { name: 'X', schedule: 'hourly' })).toBeTruthy();
    expect(await refused('watchlists:update', { id: a.id, renewCap: -1 })).toBeTruthy();
    expect(await refused('watchlists:update', { id: a.id, renewCap: 1.5 })).toMatch(/whole number/);
    expect(await refused('watchlists:run', { id: 9999 })).toMatch(/There is no watchlist 9999/);
    expect(await refused('watchlists:addAccounts', { id: a.id, accounts: [{ network: 'instagram', account: 'https://example.com/x' }] })).toBeTruthy();
    const many = Array.from({ length: 300 }, (_, i) => ({ network: 'instagram' as const, account: `many_${i}` }));
    expect(await h.ok('watchlists:addAccounts', { id: a.id, accounts: many })).toEqual({ added: 300 });
    // The same again adds nothing and is not refused; 201 new ones are.
    expect(await h.ok('watchlists:addAccounts', { id: a.id, accounts: many })).toEqual({ added: 0 });
    const more = Array.from({ length: 201 }, (_, i) => ({ network: 'twitter' as const, account: `more_${i}` }));
    expect(await refused('watchlists:addAccounts', { id: a.id, accounts: more })).toMatch(/at most 500 accounts; “Weekly” has 300/);
    expect((await h.ok('watchlists:get', { id: a.id }))!.accounts).toBe(300);
    expect(await h.ok('watchlists:removeAccount', { id: a.id, item: { network: 'instagram', account: 'MANY_0' } })).toEqual({ removed: true });
    expect(await h.ok('watchlists:delete', { id: a.id })).toEqual({ deleted: true });
    expect(await h.ok('watchlists:list', {})).toEqual([]);
  });

  it('runs what its schedule says is due, catches up a missed day, and waits while offline or paused', async () => {
    h = await productionHarness();
    await buy([{ network: 'instagram', account: 'sched_one' }]);
    const ws = h.services.active();
    let now = Date.now();
    const tracking = new TrackingService({
      repo: new WatchlistsRepository(ws.db),
      reports: ws.reports,
      reportsRepo: ws.reportsRepo,
      ledger: ws.ledger,
      connection: ws.connection,
      jobs: ws.jobs,
      logger: new Logger('error'),
      now: () => now,
    });
    const daily = tracking.create({ name: 'Daily', schedule: 'daily', renewCap: 0, accounts: [accountRef('instagram', 'sched_one')] });
    const byHand = tracking.create({ name: 'By hand', schedule: 'manual', renewCap: 0, accounts: [accountRef('instagram', 'sched_one')] });
    const emptyWeekly = tracking.create({ name: 'Empty', schedule: 'weekly', renewCap: 0 });
    const state = (id: number): WatchlistSummary => tracking.list().find((w) => w.id === id)!;
    const snapshots = () => (tracking.get(daily.id) as WatchlistView).members[0]!.snapshots;

    // A new daily watchlist is due at once; one by hand and an empty one never are.
    expect(state(daily.id).nextRunAt).toBe(now);
    expect(state(byHand.id).nextRunAt).toBeNull();
    expect(state(emptyWeekly.id).nextRunAt).toBeNull();
    await tracking.tick();
    expect(state(daily.id).lastRunAt).toBe(now);
    expect(state(byHand.id).lastRunAt).toBeNull();
    expect(snapshots()).toBe(2);

    // Not again the same day.
    const later = (ms: number) => {
      now += ms;
      h.sim.advanceClock(ms);
    };
    later(12 * 3600_000);
    await tracking.tick();
    expect(snapshots()).toBe(2);

    // Three days with Scout closed: one run catches up.
    later(3 * DAY_MS);
    await tracking.tick();
    expect(snapshots()).toBe(3);
    expect(state(daily.id).nextRunAt).toBe(now + DAY_MS);

    // Offline: nothing is sent, and the run waits for the workspace to be back online.
    later(DAY_MS);
    await h.ok('connection:setOffline', { offline: true });
    await tracking.tick();
    expect(snapshots()).toBe(3);
    expect(state(daily.id).nextRunAt).toBeLessThanOrEqual(now);
    await h.ok('connection:setOffline', { offline: false });
    await tracking.tick();
    expect(snapshots()).toBe(4);

    // Paused: not due; resumed, due again.
    later(DAY_MS);
    tracking.update(daily.id, { paused: true });
    expect(state(daily.id).nextRunAt).toBeNull();
    await tracking.tick();
    expect(snapshots()).toBe(4);
    tracking.update(daily.id, { paused: false });
    await tracking.tick();
    expect(snapshots()).toBe(5);
    expect(sum(h.sim.state.spent)).toBe(1);
  });

  it('starts its schedule when the workspace opens and catches up what was missed while Scout was closed', async () => {
    h = await productionHarness();
    await buy([{ network: 'twitch', account: 'opened_late' }]);
    const list = await h.ok('watchlists:create', { name: 'On open', schedule: 'daily', accounts: [{ network: 'twitch', account: 'opened_late' }] });
    // The schedule looked when the workspace opened (nothing then); back to it a day later (a
    // snapshot is kept when the report changed), it looks again.
    await h.services.switchWorkspace('demo');
    h.sim.advanceClock(DAY_MS);
    await h.services.switchWorkspace('production');
    await expect.poll(async () => (await h.ok('watchlists:get', { id: list.id }))!.members[0]!.snapshots, { timeout: 10_000 }).toBe(2);
    expect((await h.ok('watchlists:get', { id: list.id }))!.lastRunAt).not.toBeNull();
    expect(sum(h.sim.state.spent)).toBe(1);
  });
});
