// Alerts against the simulator: a watchlist refreshed day after day raises the follower-drop
// alert for the account built to drop (on the day it drops, with both snapshots as evidence) and
// nothing for a steady one; alerts are read and muted; a report found gone says so; rules are
// edited, and unreadable stored rules give way to the usual ones.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAlertRules, type AlertsState, type AlertView } from '@shared/alerts';
import { DAY_MS } from '@shared/tracking';
import { accountProfile, followerEvents, PROFILE_REFERENCE_DAY } from '../../../simulator/data/profile';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
afterEach(() => h?.close());

const START = Date.UTC(2026, 9, 1, 12);
const day = (ms: number) => Math.floor(ms / DAY_MS);
/** An account with no drop or spike in the next month. */
const STEADY = Array.from({ length: 200 }, (_, i) => `steady.one${i}`).find((n) => followerEvents('twitter', n, day(START), day(START) + 31).length === 0 && Math.abs(accountProfile('twitter', n).growth30d) < 4)!;

describe('alerts', () => {
  it('a month of daily refreshes raises the follower drop of the account built to drop, once, with its evidence', async () => {
    h = await productionHarness({ clock: START });
    const accounts = [
      { network: 'instagram', account: 'falling.drop' },
      { network: 'twitter', account: STEADY },
    ] as const;
    for (const a of accounts) await h.ok('reports:fetch', { ...a, confirmedCost: 1 });
    const list = await h.ok('watchlists:create', { name: 'Month', schedule: 'manual', accounts: [...accounts] });
    expect((await h.ok('watchlists:rules', { id: list.id })).rules).toEqual(defaultAlertRules);
    const told: AlertsState[] = [];
    h.services.events.subscribe((e) => e.name === 'alerts:changed' && told.push(e.payload as AlertsState));

    const dropDay = followerEvents('instagram', 'falling.drop', day(START), day(START) + 30)[0]!.day;
    let raisedOn: number | null = null;
    for (let d = 1; d <= 30; d++) {
      h.sim.advanceClock(DAY_MS);
      const run = await h.ok('watchlists:run', { id: list.id });
      expect(run).toMatchObject({ refreshed: 2, failed: 0 });
      if (run.alerts > 0 && raisedOn === null) raisedOn = day(h.sim.clock.now());
    }
    expect(day(START)).toBeGreaterThan(PROFILE_REFERENCE_DAY);
    expect(raisedOn).toBe(dropDay);
    expect(h.sim.state.spent.credits).toBe(2);

    const alerts = await h.ok('alerts:list', {});
    expect(alerts.map((a) => [a.kind, a.accountKey])).toEqual([['follower-drop', 'falling.drop']]);
    const drop = alerts[0]! as AlertView;
    expect(drop).toMatchObject({ watchlistId: list.id, watchlistName: 'Month', network: 'instagram', read: false, threshold: 5, days: 7, account: 'falling.drop' });
    // The evidence: the followers before and after, as the snapshots hold them.
    const before = accountProfile('instagram', 'falling.drop', (dropDay - 1) * DAY_MS + 12 * 3600_000).followers;
    const after = accountProfile('instagram', 'falling.drop', dropDay * DAY_MS + 12 * 3600_000).followers;
    expect(drop.afterValue).toBe(after);
    expect(drop.beforeValue).toBeGreaterThanOrEqual(before);
    expect((drop.beforeValue! - drop.afterValue!) / drop.beforeValue!).toBeGreaterThan(0.05);
    expect(drop.beforeAt).toBeLessThan(drop.afterAt!);
    expect(await h.ok('alerts:count', {})).toEqual({ unread: 1 });
    expect(told.at(-1)).toMatchObject({ unread: 1, workspace: 'production' });

    // Read, then muted: the next drop of that account raises nothing.
    expect(await h.ok('alerts:markRead', { ids: [drop.id] })).toEqual({ unread: 0 });
    expect((await h.ok('alerts:list', { unreadOnly: true })).length).toBe(0);
    expect(await h.ok('alerts:mute', { id: drop.id })).toEqual({ muted: true });
    for (let d = 1; d <= 30; d++) {
      h.sim.advanceClock(DAY_MS);
      await h.ok('watchlists:run', { id: list.id });
    }
    expect((await h.ok('alerts:list', {})).filter((a) => a.kind === 'follower-drop')).toHaveLength(1);
  });

  // Daily runs until a new brand appears: a minute's room on a loaded machine.
  it('a new brand mentioning a watched account whose brand mentions were opened is said once, by name; one never opened is not asked for', async () => {
    h = await productionHarness({ clock: START });
    const tube = { network: 'youtube', account: 'new_mentions_tube' } as const;
    const tok = { network: 'tiktok', account: 'new.mentions.tok' } as const;
    for (const a of [tube, tok]) await h.ok('reports:fetch', { ...a, confirmedCost: 1 });
    const first = (await h.ok('mentions:get', tube))!;
    expect(first.view.network).toBe('youtube');
    const brandsOf = (view: typeof first.view) => (view.network === 'youtube' ? view.brands.map((b) => b.name) : []);
    const startBrands = new Set(brandsOf(first.view));
    const list = await h.ok('watchlists:create', { name: 'Mentions', schedule: 'manual', accounts: [tube, tok] });
    // Off unless chosen (asking again has no stated cost).
    expect((await h.ok('watchlists:rules', { id: list.id })).rules.newMention).toBe(false);
    await h.ok('watchlists:setRules', { id: list.id, rules: { ...defaultAlertRules, newMention: true } });
    const tiktokAsked = () => h.sim.state.calls.get('auditor.tiktokBrandMentions') ?? 0;
    const youtubeAsked = () => h.sim.state.calls.get('auditor.youtubeBrandMentions') ?? 0;
    const tubeAskedBefore = youtubeAsked();
    const spentBefore = { ...h.sim.state.spent };

    for (let d = 1; d <= 60; d++) {
      h.sim.advanceClock(DAY_MS);
      expect(await h.ok('watchlists:run', { id: list.id })).toMatchObject({ refreshed: 2, failed: 0 });
    }
    // Asked again on each run for the account whose brand mentions were opened; never for the other.
    expect(youtubeAsked() - tubeAskedBefore).toBe(60);
    expect(tiktokAsked()).toBe(0);
    expect(h.sim.state.spent).toEqual(spentBefore);

    const last = (await h.ok('mentions:get', tube))!;
    const gained = brandsOf(last.view).filter((b) => !startBrands.has(b));
    expect(gained.length).toBeGreaterThanOrEqual(1);
    const alerts = (await h.ok('alerts:list', {})).filter((a) => a.kind === 'new-mention');
    // Each brand said once, on the run that first found it, with the two fetches' dates.
    expect(alerts.flatMap((a) => a.detail!.split('\n')).sort()).toEqual([...gained].sort());
    for (const a of alerts) {
      expect(a).toMatchObject({ network: 'youtube', watchlistName: 'Mentions', read: false });
      expect(a.beforeAt).toBeLessThan(a.afterAt!);
    }
    // The runs kept the newest ten answers of the 61, not one a day for ever.
    const ws = h.services.active();
    const key = alerts[0]!.accountKey;
    expect(ws.db.prepare("SELECT count(*) FROM brand_mentions WHERE network = 'youtube' AND account_key = ?").pluck().get(key)).toBe(10);

    // Once asking cost a credit for the account (the ledger observed it), a run asks no more.
    const asked = youtubeAsked();
    ws.db
      .prepare("INSERT INTO credit_ledger (created_at, operation, network, account_key, balance, expected_cost, status, actual_cost) VALUES (?, 'mentions', 'youtube', ?, 'credits', 0, 'settled', 1)")
      .run(Date.now(), key);
    h.sim.advanceClock(DAY_MS);
    await h.ok('watchlists:run', { id: list.id });
    expect(youtubeAsked()).toBe(asked);
    ws.db.prepare("DELETE FROM credit_ledger WHERE operation = 'mentions' AND actual_cost = 1").run();
    // Switched off: the brand mentions are not asked for.
    await h.ok('watchlists:setRules', { id: list.id, rules: { ...defaultAlertRules, newMention: false } });
    h.sim.advanceClock(DAY_MS);
    await h.ok('watchlists:run', { id: list.id });
    expect(youtubeAsked()).toBe(asked);
  }, 60_000);

  it('says when a report is found gone, once; rules can be switched off; unreadable stored rules give way to the usual ones', async () => {
    h = await productionHarness();
    const list = await h.ok('watchlists:create', { name: 'Gone', schedule: 'manual', renewCap: 5, accounts: [{ network: 'twitch', account: 'private_stream' }] });
    const first = await h.ok('watchlists:run', { id: list.id });
    expect(first).toMatchObject({ failed: 1, alerts: 1 });
    // Nothing was charged, so nothing of the month's limit is held.
    expect(h.sim.state.spent.credits).toBe(0);
    expect((await h.ok('watchlists:get', { id: list.id }))!.renewedThisMonth).toBe(0);
    const [gone] = await h.ok('alerts:list', {});
    expect(gone).toMatchObject({ kind: 'unavailable', accountKey: 'private_stream', beforeAt: null });
    expect(gone!.detail).toBeTruthy();
    expect(await h.ok('watchlists:run', { id: list.id })).toMatchObject({ failed: 1, alerts: 0 });

    const rules = { ...defaultAlertRules, unavailable: false, followerDrop: { pct: 12.5, days: 14 } };
    expect(await h.ok('watchlists:setRules', { id: list.id, rules })).toEqual(rules);
    expect(await h.ok('watchlists:rules', { id: list.id })).toEqual({ rules, problem: null });
    const refused = await h.result('watchlists:setRules', { id: list.id, rules: { ...rules, followerDrop: { pct: 0, days: 200 } } });
    expect(refused.ok).toBe(false);

    // A damaged row (a hand edit, a bad restore): the usual rules apply, and the page is told.
    h.services.active().db.prepare("UPDATE watchlists SET alert_rules = '{\"followerDrop\": \"lots\"}' WHERE id = ?").run(list.id);
    expect(await h.ok('watchlists:rules', { id: list.id })).toEqual({ rules: defaultAlertRules, problem: expect.stringMatching(/could not be read; the usual ones apply/) });
    expect((await h.result('alerts:mute', { id: 9999 })).ok).toBe(false);
  });
});
