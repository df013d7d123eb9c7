// A laptop at rest holds at most 3 connections to the team database: the one listening connection
// (every stream's announcements on it), and what the pool keeps of its last work until it closes
// idle ones (30 s). Counted in pg_stat_activity by the researcher's role, on two laptops wired as
// in the app, after one bought a report the other received.
import { expect, it } from 'vitest';
import { connect, describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

/** How long the pool keeps an idle connection (teamPoolConfig's idleTimeoutMillis), and a little more. */
const POOL_IDLE_MS = 30_000;

describeTeam('team connections per laptop', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  const count = async (role: string, listening = false): Promise<number> => {
    const { rows } = await t.team.admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND datname = current_database() AND ($2::boolean IS FALSE OR application_name LIKE '% listen')`,
      [role, listening],
    );
    return rows[0]!.n;
  };
  const session = (l: Laptop) => l.services.workspaces.get('team');

  it('a laptop at rest holds at most 3 PostgreSQL connections, one of them listening for every stream', async () => {
    const a = await t.laptop();
    await connect(a, t.researchers['Anna Berg']);
    const b = await t.laptop();
    await connect(b, t.researchers['Bob Lund']);
    const roles = [t.researchers['Anna Berg'].role, t.researchers['Bob Lund'].role];
    await waitUntil('both laptops listening for records and shared work', () => [a, b].every((l) => session(l).teamSync!.status().live && session(l).sharedWork!.live), 10_000);

    // Some work: a report bought on one, received by the other.
    await a.call('reports:fetch', { network: 'instagram', account: 'atrest', confirmedCost: 1, workspace: 'team' });
    await waitUntil("Anna's report at Bob's", async () => (await b.call<{ items: { accountKey: string }[] }>('reports:library', {})).items.some((r) => r.accountKey === 'atrest'), 10_000);

    // At rest: the pool's idle connections closed by now; sampled for a few seconds (polls come and go).
    await new Promise((r) => setTimeout(r, POOL_IDLE_MS + 2_000));
    const samples: number[][] = [];
    for (let i = 0; i < 10; i++) {
      samples.push(await Promise.all(roles.map((role) => count(role))));
      await new Promise((r) => setTimeout(r, 500));
    }
    const most = roles.map((_, i) => Math.max(...samples.map((s) => s[i]!)));
    console.log(`team connections at rest per laptop (most seen): ${most.join(', ')}`);
    expect(Math.max(...most)).toBeLessThanOrEqual(3);
    // One listening connection each, for the records and the shared work alike.
    expect(await Promise.all(roles.map((role) => count(role, true)))).toEqual([1, 1]);
  }, 90_000);
});
