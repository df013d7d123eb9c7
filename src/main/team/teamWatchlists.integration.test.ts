// Watchlists in two Team workspaces wired as in the app (main services through the handlers the
// renderer calls), on one real PostgreSQL and one simulator: a watchlist Anna makes is Bob's too
// (accounts both add at once are all kept), its scheduled run is made by one laptop for the team,
// its monthly renewal limit counts every teammate's renewals, and Anna's run raises its alerts on
// Bob's laptop too (from the reports and brand mentions it shares, and the accounts it found gone).
import { expect, it } from 'vitest';
import { DAY_MS, type TrackingProgress, type WatchlistSummary, type WatchlistView } from '@shared/tracking';
import type { AlertRules, AlertView } from '@shared/alerts';
import { followerEvents } from '../../simulator/data/profile';
import { describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

const START = Date.UTC(2026, 9, 1, 12);
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const DROP_DAY = followerEvents('instagram', 'falling.drop', dayOf(START), dayOf(START) + 30)[0]!.day;

// The simulator's day: the one before the account built to drop drops.
describeTeam('watchlists shared by two Team workspaces', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30, clock: (DROP_DAY - 1) * DAY_MS + 12 * 3600_000 } }, (t) => {
  const named = async (l: Laptop, name: string) => (await l.call<WatchlistSummary[]>('watchlists:list', {})).find((w) => w.name === name) ?? null;
  const view = async (l: Laptop, name: string) => {
    const w = await named(l, name);
    return w ? l.call<WatchlistView>('watchlists:get', { id: w.id }) : null;
  };
  const keys = (v: WatchlistView | null) => (v?.members.map((m) => `${m.network}:${m.accountKey}`) ?? []).sort();
  const spent = () => Object.values(t.sim.state.spent as unknown as Record<string, number>).reduce((x, y) => x + y, 0);

  it('Anna’s watchlist is Bob’s: settings, rules and accounts; accounts both add at once are all kept; a deletion reaches both', async () => {
    const [a, b] = await t.pair();
    const made = await a.call<WatchlistSummary>('watchlists:create', {
      name: 'Agency creators',
      // By hand: the laptops' own schedules (a tick a minute) never run it during the test.
      schedule: 'manual',
      renewCap: 2,
      accounts: [
        { network: 'instagram', account: '@Shared.One' },
        { network: 'youtube', account: 'UCsharedChannel000000001' },
      ],
    });
    const rules: AlertRules = { followerDrop: { pct: 8, days: 14 }, followerSpike: null, lowEngagement: { below: 2 }, qualityDrop: { points: 5 }, unavailable: true, newMention: true };
    await a.call('watchlists:setRules', { id: made.id, rules });

    await waitUntil('the watchlist with both accounts on Bob’s laptop', async () => keys(await view(b, 'Agency creators')).length === 2, 10_000);
    const onBob = (await named(b, 'Agency creators'))!;
    expect(onBob).toMatchObject({ schedule: 'manual', renewCap: 2, paused: false, accounts: 2 });
    expect(keys(await view(b, 'Agency creators'))).toEqual(['instagram:shared.one', 'youtube:ucsharedchannel000000001']);
    await waitUntil('the rules on Bob’s laptop', async () => (await b.call<{ rules: AlertRules }>('watchlists:rules', { id: onBob.id })).rules.followerDrop?.pct === 8, 10_000);
    expect((await b.call<{ rules: AlertRules }>('watchlists:rules', { id: onBob.id })).rules).toEqual(rules);
    // The channel is still asked for by its id in its own letter case.
    expect((await view(b, 'Agency creators'))!.members.find((m) => m.network === 'youtube')!.account).toBe('UCsharedChannel000000001');
    expect(b.events.some((e) => e.name === 'team:received' && (e.payload as { kinds: string[] }).kinds.includes('watchlist'))).toBe(true);

    // Both add an account at once, neither having seen the other's: both are kept on both laptops.
    await Promise.all([
      a.call('watchlists:addAccounts', { id: made.id, accounts: [{ network: 'tiktok', account: 'annas_pick' }] }),
      b.call('watchlists:addAccounts', { id: onBob.id, accounts: [{ network: 'twitch', account: 'bobs_pick' }] }),
    ]);
    const all = ['instagram:shared.one', 'tiktok:annas_pick', 'twitch:bobs_pick', 'youtube:ucsharedchannel000000001'];
    await waitUntil('all four accounts on both laptops', async () => keys(await view(a, 'Agency creators')).join() === all.join() && keys(await view(b, 'Agency creators')).join() === all.join(), 10_000);

    // Bob pauses it, makes it weekly and removes Anna's pick: Anna's laptop follows.
    await b.call('watchlists:update', { id: onBob.id, paused: true, schedule: 'weekly' });
    await b.call('watchlists:removeAccount', { id: onBob.id, item: { network: 'tiktok', account: 'annas_pick' } });
    await waitUntil('paused and weekly, without Anna’s pick, on her laptop', async () => {
      const v = await view(a, 'Agency creators');
      return v !== null && v.paused && v.schedule === 'weekly' && !keys(v).includes('tiktok:annas_pick');
    }, 10_000);

    // Anna deletes it, having seen all of Bob's edits: gone on his laptop too.
    await a.call('watchlists:delete', { id: made.id });
    await waitUntil('the watchlist gone on Bob’s laptop', async () => (await named(b, 'Agency creators')) === null, 10_000);
    expect(spent()).toBe(0);
  });

  it('a scheduled run is made once for the team: the laptop that claims it runs, the other takes its time as its last run', async () => {
    const [a, b] = await t.pair();
    await a.call('reports:fetch', { network: 'instagram', account: 'sched_shared', confirmedCost: 1, workspace: 'team' });
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Daily team', schedule: 'daily', accounts: [{ network: 'instagram', account: 'sched_shared' }] });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Daily team'))?.accounts === 1, 10_000);
    expect(made.nextRunAt).not.toBeNull();

    const docId = a.services.workspaces.get('team').sharedWork!.docIdOf('watchlist', made.id)!;
    const runs = async () => (await t.team.admin.query<{ finished: boolean }>('SELECT finished_at IS NOT NULL AS finished FROM scout_team.watchlist_runs WHERE doc_id = $1 ORDER BY id', [docId])).rows.map((r) => r.finished);
    // Both laptops find it due at the same moment.
    await Promise.all([a, b].map((l) => l.services.workspaces.get('team').tracking.tick()));
    // One run for the team, said finished once it went through.
    expect(await runs()).toEqual([true]);
    let views = await Promise.all([view(a, 'Daily team'), view(b, 'Daily team')]);
    const ranOn = views.findIndex((v) => v!.members[0]!.checkedAt !== null);
    const waitedOn = 1 - ranOn;
    expect(views[waitedOn]!.members[0]!.checkedAt).toBeNull();
    // The other asked while that run was under way (not now) or after it finished (not due): at
    // its next tick it takes the finished run as its last.
    await [a, b][waitedOn]!.services.workspaces.get('team').tracking.tick();
    views = await Promise.all([view(a, 'Daily team'), view(b, 'Daily team')]);
    const ran = [views[ranOn]!];
    const waited = [views[waitedOn]!];
    expect(waited[0]!.members[0]!.checkedAt).toBeNull();
    // The one that did not run counts the team's run as its last, and is due a day after it.
    expect(waited[0]!.lastRunAt).not.toBeNull();
    expect(Math.abs(waited[0]!.lastRunAt! - ran[0]!.lastRunAt!)).toBeLessThan(5_000);
    expect(waited[0]!.nextRunAt).toBe(waited[0]!.lastRunAt! + DAY_MS);
    // …named as the teammate who made it; the one that ran names nobody (it was this laptop).
    expect(waited[0]!.lastRunBy).toBe(ranOn === 0 ? 'Anna Berg' : 'Bob Lund');
    expect(ran[0]!.lastRunBy).toBeNull();
    // Its next tick still does not run it (a teammate ran it within the day).
    await [a, b][waitedOn]!.services.workspaces.get('team').tracking.tick();
    expect(await runs()).toEqual([true]);
    // A run asked for by hand runs whatever the team did, and is written as the team's latest.
    const byHand = await [a, b][waitedOn]!.call<TrackingProgress>('watchlists:run', { id: waited[0]!.id });
    expect(byHand).toMatchObject({ state: 'done', refreshed: 1 });
    expect(await runs()).toEqual([true, true]);
    expect(spent()).toBe(1);
  });

  it('the monthly renewal limit counts every teammate’s renewals of the watchlist', async () => {
    const [a, b] = await t.pair();
    const accounts = [
      { network: 'instagram', account: 'team_renew_one' },
      { network: 'twitter', account: 'team_renew_two' },
      { network: 'twitch', account: 'team_renew_three' },
    ];
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Renew for the team', schedule: 'manual', renewCap: 1, accounts });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Renew for the team'))?.accounts === 3, 10_000);
    const before = spent();

    expect(await a.call<TrackingProgress>('watchlists:run', { id: made.id })).toMatchObject({ renewed: 1, needsCredit: 2 });
    expect(spent()).toBe(before + 1);
    // Bob's own laptop renewed nothing this month; the team did: he may not renew another.
    const onBob = (await named(b, 'Renew for the team'))!;
    const bobs = await b.call<TrackingProgress>('watchlists:run', { id: onBob.id });
    expect(bobs.renewed).toBe(0);
    expect(spent()).toBe(before + 1);
    const refused = (await view(b, 'Renew for the team'))!.members.filter((m) => m.outcome === 'needs-credit');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused[0]!.message).toBe("This month's renewals reached the watchlist's limit of 1 credit. (renewals by the whole team count)");
    expect((await named(b, 'Renew for the team'))!.renewedThisMonth).toBe(1);

    // Raised to 2 by Bob: one more renewal, by whoever runs next; the team's total is 2.
    await b.call('watchlists:update', { id: onBob.id, renewCap: 2 });
    await waitUntil('the new limit on Anna’s laptop', async () => (await named(a, 'Renew for the team'))?.renewCap === 2, 10_000);
    expect(await a.call<TrackingProgress>('watchlists:run', { id: made.id })).toMatchObject({ renewed: 1 });
    expect(spent()).toBe(before + 2);
    const total = await t.team.admin.query<{ n: string }>("SELECT sum(credits)::text AS n FROM scout_team.watchlist_renewals WHERE state = 'spent'");
    expect(total.rows[0]!.n).toBe('2');
    // Both renewals are in Anna's ledger (Bob's laptop spent nothing) as the simulator charged them.
    expect(a.services.workspaces.get('team').ledger.totals().credits).toBe(2);
    expect(b.services.workspaces.get('team').ledger.totals().credits ?? 0).toBe(0);
  });

  it('Anna’s run raises the follower-drop alert on Bob’s laptop too, from the reports it shares; spending nothing', async () => {
    const [a, b] = await t.pair();
    await a.call('reports:fetch', { network: 'instagram', account: 'falling.drop', confirmedCost: 1, workspace: 'team' });
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Drops', schedule: 'manual', accounts: [{ network: 'instagram', account: 'falling.drop' }] });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Drops'))?.accounts === 1, 10_000);
    const before = spent();

    t.sim.advanceClock(DAY_MS);
    expect(dayOf(t.sim.clock.now())).toBe(DROP_DAY);
    const run = await a.call<TrackingProgress>('watchlists:run', { id: made.id });
    expect(run).toMatchObject({ refreshed: 1, alerts: 1 });
    const bobsAlerts = () => b.call<AlertView[]>('alerts:list', {});
    await waitUntil('the drop alert on Bob’s laptop', async () => (await bobsAlerts()).some((x) => x.kind === 'follower-drop'), 10_000);
    const [alert] = await bobsAlerts();
    const [annas] = await a.call<AlertView[]>('alerts:list', {});
    expect(alert).toMatchObject({ kind: 'follower-drop', accountKey: 'falling.drop', watchlistName: 'Drops', read: false, beforeValue: annas!.beforeValue, afterValue: annas!.afterValue });
    expect(b.events.some((e) => e.name === 'alerts:changed' && (e.payload as { unread: number }).unread === 1)).toBe(true);
    // Read on Bob's laptop is Bob's: Anna's stays unread.
    await b.call('alerts:markRead', { ids: [alert!.id] });
    expect((await a.call<AlertView[]>('alerts:list', {}))[0]!.read).toBe(false);
    expect(spent()).toBe(before);
  });

  it('a report Anna’s run finds gone is said on Bob’s laptop too, with the API’s words, once', async () => {
    const [a, b] = await t.pair();
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Gone for the team', schedule: 'manual', renewCap: 5, accounts: [{ network: 'twitch', account: 'private_stream' }] });
    await waitUntil('the watchlist on Bob’s laptop', async () => (await named(b, 'Gone for the team'))?.accounts === 1, 10_000);
    expect(await a.call<TrackingProgress>('watchlists:run', { id: made.id })).toMatchObject({ failed: 1, alerts: 1 });
    const [annas] = (await a.call<AlertView[]>('alerts:list', {})).filter((x) => x.kind === 'unavailable');
    const bobsGone = async () => (await b.call<AlertView[]>('alerts:list', {})).filter((x) => x.kind === 'unavailable' && x.accountKey === 'private_stream');
    await waitUntil('the unavailable alert on Bob’s laptop', async () => (await bobsGone()).length > 0, 10_000);
    expect(await bobsGone()).toEqual([expect.objectContaining({ watchlistName: 'Gone for the team', detail: annas!.detail, read: false })]);
    // Anna's next run finds it gone again, and she renames the watchlist (Bob's laptop reads its
    // accounts against the rules again when it arrives): nothing new on either laptop.
    expect(await a.call<TrackingProgress>('watchlists:run', { id: made.id })).toMatchObject({ failed: 1, alerts: 0 });
    await a.call('watchlists:update', { id: made.id, name: 'Gone, for the team' });
    await waitUntil('the new name on Bob’s laptop', async () => (await named(b, 'Gone, for the team')) !== null, 10_000);
    expect(await bobsGone()).toHaveLength(1);
    // Nothing was charged, so nothing of the team's month is held: both reservations let go.
    expect((await named(b, 'Gone, for the team'))!.renewedThisMonth).toBe(0);
    const held = await t.team.admin.query<{ state: string }>("SELECT state FROM scout_team.watchlist_renewals WHERE account_key = 'private_stream'");
    expect(held.rows.map((r) => r.state)).toEqual(['released', 'released']);
  });

  // Up to 45 daily runs on two laptops: a minute's room on a loaded machine (3 s on a quiet one).
  it('a new brand mentioning a watched channel, found by Anna’s run, is said on Bob’s laptop too, by name', async () => {
    const [a, b] = await t.pair();
    const tube = { network: 'youtube', account: 'team_mentions_tube' };
    await a.call('reports:fetch', { ...tube, confirmedCost: 1, workspace: 'team' });
    await a.call('mentions:get', tube);
    const made = await a.call<WatchlistSummary>('watchlists:create', { name: 'Mentions for the team', schedule: 'manual', accounts: [tube] });
    await a.call('watchlists:setRules', { id: made.id, rules: { followerDrop: null, followerSpike: null, lowEngagement: null, qualityDrop: null, unavailable: false, newMention: true } });
    await waitUntil('the watchlist and its rules on Bob’s laptop', async () => {
      const w = await named(b, 'Mentions for the team');
      return w !== null && (await b.call<{ rules: AlertRules }>('watchlists:rules', { id: w.id })).rules.newMention;
    }, 10_000);
    const before = spent();
    let annas: AlertView | undefined;
    for (let d = 1; d <= 45 && !annas; d++) {
      t.sim.advanceClock(DAY_MS);
      await a.call<TrackingProgress>('watchlists:run', { id: made.id });
      annas = (await a.call<AlertView[]>('alerts:list', {})).find((x) => x.kind === 'new-mention');
    }
    expect(annas, 'a new brand within 45 days').toBeDefined();
    await waitUntil('the new-mention alert on Bob’s laptop', async () => (await b.call<AlertView[]>('alerts:list', {})).some((x) => x.kind === 'new-mention'), 10_000);
    const bobs = (await b.call<AlertView[]>('alerts:list', {})).filter((x) => x.kind === 'new-mention');
    expect(bobs).toEqual([expect.objectContaining({ network: 'youtube', accountKey: 'team_mentions_tube', watchlistName: 'Mentions for the team', detail: annas!.detail })]);
    expect(spent()).toBe(before);
  }, 60_000);
});
