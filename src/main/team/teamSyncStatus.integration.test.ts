// Settings → Team database's sharing line and "Receive the team's cache", through the handlers the
// renderer calls, on two laptops, one real PostgreSQL and one simulator: what waits to be shared
// (and why), a teammate's record that cannot be read (with why, in words), and the team's cache
// received with its progress, live, cancellable, the screens told to read again.
import { expect, it } from 'vitest';
import type { LibraryPageView } from '@shared/contract';
import type { TeamJoinResult, TeamSyncView } from '@shared/teamSync';
import { pushRecord, teamItem } from './records';
import { connect, describeTeam, waitUntil, type Laptop, type Researcher } from '../../../test/teamHarness';

describeTeam("the team's sharing in Settings, and receiving the team's cache (through the handlers)", { team: false, simulator: { generationMs: 30 } }, (t) => {
  /** A team database of its own per test: its record count is this test's alone. */
  async function team(): Promise<{ anna: Researcher; bob: Researcher }> {
    const [anna, bob] = (await t.freshTeam('Anna Berg', 'Bob Lund')).researchers;
    return { anna, bob };
  }

  const status = async (l: Laptop) => {
    const view = await l.call<TeamSyncView>('team:syncStatus');
    if (!view.team) throw new Error('no team');
    return view;
  };
  const library = async (l: Laptop) => (await l.call<LibraryPageView>('reports:library', {})).items.map((row) => row.accountKey).sort();
  const syncEvents = (l: Laptop) => l.events.filter((e) => e.name === 'team:sync').map((e) => e.payload as TeamSyncView);

  it('all shared once pushed; what waits while the team database is away is counted, and said to be waiting', async () => {
    const { anna } = await team();
    const a = await t.laptop();
    await connect(a, anna);
    await a.call('reports:fetch', { network: 'instagram', account: 'sharedfirst', confirmedCost: 1, workspace: 'team' });
    await waitUntil('the report pushed', async () => (await status(a)).pending === 0, 5_000);
    expect(await status(a)).toMatchObject({ pending: 0, refused: 0, skippedCount: 0, skipped: [], join: null, reachable: true });

    await t.server.stopServer();
    try {
      await a.call('team:test');
      await a.call('reports:fetch', { network: 'twitch', account: 'waitsoffline', confirmedCost: 1, workspace: 'team', teamUnreachableConfirmed: true });
      await waitUntil('the push tried and found the database away', async () => (await status(a)).reachable === false, 5_000);
      const away = await status(a);
      expect(away.pending).toBe(1);
      // Told live too: the last team:sync event says the same.
      expect(syncEvents(a).at(-1)).toMatchObject({ team: true, pending: 1 });
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the waiting record shared once the database is back', async () => (await status(a)).pending === 0, 15_000);
  });

  it("a teammate's record that cannot be read: counted, listed with who shared it and why, in words", async () => {
    const { anna, bob } = await team();
    const b = await t.laptop();
    await connect(b, bob);
    await pushRecord(anna.pool(), { item: teamItem('report', { network: 'instagram', subject: 'unreadable' }), fetchedAt: new Date(), body: { json: { result: { user: 'not a report' } } } });

    // Named as the team knows Anna (her name is looked up once the record is kept aside).
    await waitUntil('the record kept aside, its sharer named', async () => (await status(b)).skipped[0]?.researcher === 'Anna Berg', 5_000);
    const view = await status(b);
    expect(view.skipped).toHaveLength(1);
    const [skipped] = view.skipped;
    expect(skipped).toMatchObject({ kind: 'report', researcher: 'Anna Berg' });
    expect(skipped!.reason.length).toBeGreaterThan(10);
    // No sequence numbers or item keys reach the page.
    expect(Object.keys(skipped!).sort()).toEqual(['kind', 'reason', 'researcher', 'skippedAt']);
    expect(view.lastPulledAt).not.toBeNull();
  });

  it("receiving the team's cache: everything Anna bought lands in Bob's library, progress told as it goes, the screens told to read again", async () => {
    const { anna, bob } = await team();
    const a = await t.laptop();
    await connect(a, anna);
    const bought = ['joinone', 'jointwo', 'jointhree'];
    for (const account of bought) await a.call('reports:fetch', { network: 'instagram', account, confirmedCost: 1, workspace: 'team' });
    await waitUntil("Anna's reports pushed", async () => (await status(a)).pending === 0, 5_000);

    // A new laptop: whatever its first pull took, join takes the rest, and then it has all of it.
    const b = await t.laptop();
    await connect(b, bob);
    const done = await b.call<TeamJoinResult>('team:join');
    expect(done.cancelled).toBe(false);
    expect(done.received).toBe(done.total);
    expect(await library(b)).toEqual([...bought].sort());
    expect(b.events.some((e) => e.name === 'team:received' && (e.payload as { kinds: string[] }).kinds.includes('report'))).toBe(true);
    expect((await status(b)).join).toBeNull();

    // Again from the start (this laptop's place in the team's records forgotten): every record is
    // read again, counted up to the whole, and told page by page on team:sync.
    // Every pull the connection started has ended (nothing new is announced after this, and the
    // next poll is a minute away), then the cursor is set back: as a laptop that has not received
    // the team's cache yet.
    await b.services.workspaces.get('team').teamSync!.pullNow();
    b.services.workspaces.get('team').db.prepare('UPDATE team_sync SET cursor = 0 WHERE id = 1').run();
    b.events.length = 0;
    const again = await b.call<TeamJoinResult>('team:join');
    expect(again).toEqual({ received: 3, total: 3, cancelled: false });
    const progress = syncEvents(b).flatMap((v) => (v.team && v.join ? [v.join] : []));
    expect(progress.at(0)).toEqual({ received: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ received: 3, total: 3 });
    // Once done, the last word is that nothing is running.
    expect(syncEvents(b).at(-1)).toMatchObject({ team: true, join: null });
    expect(await library(b)).toEqual([...bought].sort());
  });

  it('cancelled: stops before the next page, says how far it came, and the next sync goes on from there', async () => {
    const { anna, bob } = await team();
    const a = await t.laptop();
    await connect(a, anna);
    await a.call('reports:fetch', { network: 'youtube', account: 'cancelled', confirmedCost: 1, workspace: 'team' });
    await waitUntil("Anna's report pushed", async () => (await status(a)).pending === 0, 5_000);
    const b = await t.laptop();
    await connect(b, bob);
    await waitUntil("Anna's report in Bob's library", async () => (await library(b)).includes('cancelled'), 5_000);
    // Every pull the connection started has ended (nothing new is announced after this, and the
    // next poll is a minute away), then the cursor is set back: as a laptop that has not received
    // the team's cache yet.
    await b.services.workspaces.get('team').teamSync!.pullNow();
    b.services.workspaces.get('team').db.prepare('UPDATE team_sync SET cursor = 0 WHERE id = 1').run();

    // The researcher presses Cancel as soon as the count is shown (the handler runs at once).
    let cancelled: Promise<{ cancelled: boolean }> | null = null;
    const stop = b.services.events.subscribe((event) => {
      if (event.name !== 'team:sync') return;
      const view = event.payload as TeamSyncView;
      if (view.team && view.join && !cancelled) cancelled = b.call('team:cancelJoin');
    });
    try {
      const result = await b.call<TeamJoinResult>('team:join');
      expect(result).toEqual({ received: 0, total: 1, cancelled: true });
      expect(await cancelled).toEqual({ cancelled: true });
    } finally {
      stop();
    }
    expect((await status(b)).join).toBeNull();
    expect(await b.call('team:cancelJoin')).toEqual({ cancelled: false });
    // Started again: it goes on from where it stopped.
    expect(await b.call<TeamJoinResult>('team:join')).toEqual({ received: 1, total: 1, cancelled: false });
  });

  it('asked while another workspace is active: the Team workspace\'s sharing, as Settings shows it', async () => {
    const a = await t.laptop();
    await a.call('workspace:switch', { workspace: 'demo' });
    // Settings names the Team workspace whichever is active: its status, not nothing.
    expect((await a.call<TeamSyncView>('team:syncStatus')).team).toBe(true);
  });
});
