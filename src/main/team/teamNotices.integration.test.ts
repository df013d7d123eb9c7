// An edit overtaken by a teammate's, through the handlers the renderer calls, on two laptops
// wired as in the app and one real PostgreSQL: Anna renames a saved query while her laptop cannot
// reach the team database, Bob renames it meanwhile and his reaches the team first; hers, sent when
// she is back, comes after his in the team's order and is the name now. Bob is told in words,
// live, and can restore his (shared to Anna) or dismiss the notice.
import { expect, it } from 'vitest';
import type { SavedDiscoveryQuery } from '@shared/discoveryData';
import type { TeamNotice } from '@shared/teamSync';
import type { TeamView } from '@shared/team';
import { connect, describeTeam, settingsOf, waitUntil, type Laptop } from '../../../test/teamHarness';


describeTeam("an edit overtaken by a teammate's: told, restored or dismissed (through the handlers)", { team: false, simulator: { generationMs: 30 } }, (t) => {
  const queries = (l: Laptop) => l.call<SavedDiscoveryQuery[]>('discovery:queries');
  const named = async (l: Laptop, name: string) => (await queries(l)).find((q) => q.name === name) ?? null;

  /**
   * Anna and Bob both have "Streamers"; Bob renames it to "Streamers (Bob)" and it reaches the
   * team; Anna, whose laptop could not reach the team database meanwhile, renamed it to
   * "Streamers (Anna)" without having seen his. When she is back hers follows his: his is overtaken.
   */
  async function overtaken(): Promise<{ a: Laptop; b: Laptop }> {
    const [anna, bob] = (await t.freshTeam('Anna Berg', 'Bob Lund')).researchers;
    const a = await t.laptop();
    const b = await t.laptop();
    await connect(a, anna);
    await connect(b, bob);
    await a.call('discovery:saveQuery', { name: 'Streamers', body: { social_network: 'instagram' } });
    // Pushed and pulled now (not left to the listener, whose timing is not this test's subject).
    const shared = (l: Laptop) => l.services.workspaces.get('team').sharedWork!.syncOnce();
    await shared(a);
    await shared(b);
    expect(await named(b, 'Streamers')).not.toBeNull();

    // Anna's laptop loses the team database (a port nothing listens on): her edits wait here.
    const away = await a.call<TeamView>('team:set', { ...settingsOf(anna), port: 1 });
    expect(away.status.state).not.toBe('connected');
    const bobs = (await named(b, 'Streamers'))!;
    await b.call('discovery:renameQuery', { id: bobs.id, name: 'Streamers (Bob)' });
    await shared(b);
    const annas = (await named(a, 'Streamers'))!;
    await a.call('discovery:renameQuery', { id: annas.id, name: 'Streamers (Anna)' });
    expect(await a.call<TeamNotice[]>('team:notices')).toEqual([]);

    // Back: hers goes to the team after Bob's, which she had not seen.
    expect((await connect(a, anna)).status.state).toBe('connected');
    // Bob's laptop reads the team's changes (its listener may have already: Anna's push announces
    // itself): his edit was overtaken.
    await shared(a);
    await shared(b);
    return { a, b };
  }

  it('told in words, live, the team’s name shown; restored: his is the name again, on Anna’s laptop too, and the notice goes', async () => {
    const { a: anna, b: bob } = await overtaken();
    const [notice] = await bob.call<TeamNotice[]>('team:notices');
    expect(notice!.message).toBe('Anna Berg renamed the saved query “Streamers” to “Streamers (Anna)” while you were renaming it; yours, “Streamers (Bob)”, is kept in its history — restore it?');
    expect(notice!.canRestore).toBe(true);
    expect(bob.events.some((e) => e.name === 'team:noticesChanged' && (e.payload as { notices: TeamNotice[] }).notices.some((n) => n.id === notice!.id))).toBe(true);
    expect(await named(bob, 'Streamers (Anna)')).not.toBeNull();
    // Anna, whose edit is the name now, is told nothing.
    expect(await anna.call<TeamNotice[]>('team:notices')).toEqual([]);

    expect(await bob.call<TeamNotice[]>('team:restoreNotice', { id: notice!.id })).toEqual([]);
    expect(await named(bob, 'Streamers (Bob)')).not.toBeNull();
    await waitUntil("Bob's name back on Anna's laptop", async () => {
      await anna.services.workspaces.get('team').sharedWork!.syncOnce();
      return (await named(anna, 'Streamers (Bob)')) !== null;
    }, 5_000);
    expect(await bob.call<TeamNotice[]>('team:notices')).toEqual([]);
    // Restoring it twice: said, nothing changed.
    const again = await bob.failure('team:restoreNotice', { id: notice!.id });
    expect(again.message).toMatch(/no longer waiting to be restored/);
  });

  it('dismissed: the notice goes and stays gone; the team’s name stays', async () => {
    const { a: anna, b: bob } = await overtaken();
    const [notice] = await bob.call<TeamNotice[]>('team:notices');
    const events = bob.events.length;
    expect(await bob.call<TeamNotice[]>('team:dismissNotice', { id: notice!.id })).toEqual([]);
    expect(bob.events.slice(events).some((e) => e.name === 'team:noticesChanged' && (e.payload as { notices: TeamNotice[] }).notices.length === 0)).toBe(true);
    await bob.services.workspaces.get('team').sharedWork!.syncOnce();
    expect(await bob.call<TeamNotice[]>('team:notices')).toEqual([]);
    expect(await named(bob, 'Streamers (Anna)')).not.toBeNull();
    expect(await named(anna, 'Streamers (Anna)')).not.toBeNull();
  });

  it('another workspace active: no notices, and nothing to restore', async () => {
    const { b: bob } = await overtaken();
    const [notice] = await bob.call<TeamNotice[]>('team:notices');
    await bob.call('workspace:switch', { workspace: 'demo' });
    expect(await bob.call<TeamNotice[]>('team:notices')).toEqual([]);
    expect((await bob.failure('team:restoreNotice', { id: notice!.id })).code).toBe('INVALID_INPUT');
    await bob.call('workspace:switch', { workspace: 'team' });
    expect(await bob.call<TeamNotice[]>('team:notices')).toHaveLength(1);
  });
});
