// Claims against a real PostgreSQL: the database decides who buys. Two laptops racing for one
// item → exactly one wins, every time; a lease that ran out is taken over by exactly one; a
// holder whose connections die (terminated, a server crash) keeps its claim; a killed holder
// blocks its item until its lease runs out, and can never send after it was taken over.
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { bundleFixture, runNode } from '../../../test/childProcess';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamHarness';
import { TeamClaims, type ClaimOutcome, type HeldClaim } from './claims';
import { TeamError } from '../kernel/teamErrors';
import { teamItem, type TeamItem } from './records';

const YEAR = 365;
let items = 0;
const freshItem = (prefix = 'acct'): TeamItem => teamItem('report', { network: 'instagram', subject: `${prefix}${++items}` });

describeTeam('team claims', { researchers: ['Ada', 'Bob', 'Cyd'] }, (t) => {
  let server: TestPostgres;
  let team: TeamDatabase;
  let ada: Researcher;
  let bob: Researcher;
  let cyd: Researcher;
  let adaPool: pg.Pool;
  let bobPool: pg.Pool;

  beforeAll(() => {
    ({ server, team } = t);
    ({ Ada: ada, Bob: bob, Cyd: cyd } = t.researchers);
    adaPool = ada.pool();
    bobPool = bob.pool();
  });

  /** Waits (on the server's clock) until an item's claim has run out. */
  const expired = (claims: TeamClaims, item: TeamItem) => waitUntil('the lease to run out', async () => ((await claims.holderOf(item))?.lease_left_ms ?? -1) < 0);
  const won = (o: ClaimOutcome): HeldClaim => {
    if (o.kind !== 'won') throw new Error(`expected to win, got ${o.kind}`);
    return o.claim;
  };

  it('lets exactly one of two laptops racing for the same item win, every time', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 60_000 });
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    for (let round = 0; round < 100; round++) {
      const item = freshItem('race');
      const outcomes = await Promise.all([a.claim(item, YEAR), b.claim(item, YEAR)]);
      const winners = outcomes.filter((o) => o.kind === 'won');
      expect(winners, `round ${round}`).toHaveLength(1);
      const winner = outcomes[0]!.kind === 'won' ? ada : bob;
      const loser = outcomes.find((o) => o.kind !== 'won');
      // The other is told whose it is, by name, and how long their claim lasts.
      expect(loser).toMatchObject({ kind: 'held', holder: winner.role, holderName: winner.name });
      expect((loser as { leaseLeftMs: number }).leaseLeftMs).toBeGreaterThan(0);
    }
  });

  it('hands a teammate\'s copy instead of a claim, and only a copy young enough', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 60_000 });
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    const item = freshItem('copy');
    const claim = won(await a.claim(item, YEAR));
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    const { seq } = await a.complete(claim, new Date(), { json: { followers: 10 } });
    // Written and released in one go: the next asker gets the copy, and there is no claim left.
    expect(await b.claim(item, YEAR)).toEqual({ kind: 'copy', copy: { seq, researcher: ada.role, researcherName: 'Ada', fetchedAt: expect.any(Date) } });
    expect(await b.holderOf(item)).toBeNull();

    // Bought 400 days ago: too old where 365 days apply, still a copy where any age does.
    const old = freshItem('old');
    const oldClaim = won(await a.claim(old, YEAR));
    await a.complete(oldClaim, new Date(Date.now() - 400 * 86_400_000), { json: { followers: 1 } });
    expect(await b.claim(old, null)).toMatchObject({ kind: 'copy', copy: { researcher: ada.role } });
    const fresh = await b.claim(old, YEAR);
    expect(fresh).toMatchObject({ kind: 'won', takenOverFrom: null });
  });

  it('gives an item back on failure, for the next one to claim at once', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 60_000 });
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    const item = freshItem('fail');
    const claim = won(await a.claim(item, YEAR));
    await a.release(claim);
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'won', takenOverFrom: null });
    // The one who gave it up cannot keep or confirm it any more.
    expect(await a.heartbeat(claim)).toBe(false);
    await expect(a.confirm(claim, 0)).rejects.toMatchObject({ code: 'TEAM_CLAIM_LOST' });
  });

  it('pushes the lease on with each heartbeat, on the server\'s clock', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 5_000 });
    const item = freshItem('beat');
    const claim = won(await a.claim(item, YEAR));
    const leaseOf = async () => (await adaPool.query<{ at: Date; beat: Date }>('SELECT lease_expires_at AS at, heartbeat_at AS beat FROM scout_team.claims WHERE item_key = $1', [item.key])).rows[0]!;
    const first = await leaseOf();
    await waitUntil('the server clock to move on', async () => (await adaPool.query<{ later: boolean }>('SELECT now() > $1 AS later', [first.beat])).rows[0]!.later);
    expect(await a.heartbeat(claim)).toBe(true);
    const second = await leaseOf();
    expect(second.at.getTime()).toBeGreaterThan(first.at.getTime());
    // keepAlive beats on its own until stopped.
    const beats = new Set<number>();
    const alive = a.keepAlive(claim, 30, () => beats.add(-1));
    await waitUntil('two more heartbeats', async () => {
      beats.add((await leaseOf()).beat.getTime());
      return [...beats].filter((t) => t > second.beat.getTime()).length >= 2;
    });
    alive.stop();
    expect(beats.has(-1)).toBe(false);
    // A call that could outlast the lease is not sent: a teammate could take over meanwhile.
    await expect(a.confirm(claim, 60_000)).rejects.toMatchObject({ code: 'TEAM_CLAIM_LOST', message: expect.stringContaining('long enough') });
    await a.confirm(claim, 1_000);
    await a.release(claim);
  });

  it('lets exactly one teammate take over a claim whose lease ran out, and never its old holder again', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 150 });
    const takers = [bob, cyd, bob, cyd, bob, cyd].map((r) => new TeamClaims(r.pool({ max: 2 }), { leaseMs: 60_000 }));
    for (let round = 0; round < 15; round++) {
      const item = freshItem('expire');
      const claim = won(await a.claim(item, YEAR));
      await expired(a, item);
      const outcomes = await Promise.all(takers.map((t) => t.claim(item, YEAR)));
      const winners = outcomes.filter((o) => o.kind === 'won');
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(winners[0]).toMatchObject({ takenOverFrom: ada.role });
      const holder = (await a.holderOf(item))!.holder;
      for (const o of outcomes) if (o.kind !== 'won') expect(o).toMatchObject({ kind: 'held', holder });
      // The holder that was gone comes back: its claim is lost and it must not send.
      expect(await a.heartbeat(claim)).toBe(false);
      await expect(a.confirm(claim, 0)).rejects.toBeInstanceOf(TeamError);
    }
  });

  it('keeps a claim through terminated connections and a server crash: the lease, not the connection, holds it', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 60_000 });
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    const item = freshItem('crash');
    const claim = won(await a.claim(item, YEAR));
    expect(await server.killConnections({ user: ada.role })).toBeGreaterThan(0);
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    expect(await a.heartbeat(claim)).toBe(true);
    await server.restart('immediate');
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    await a.confirm(claim, 30_000);
    const { seq } = await a.complete(claim, new Date(), { json: { after: 'crash' } });
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'copy', copy: { seq } });
  });

  it('knows its own claim whose answer was lost, even after giving up on it, rather than waiting for itself', async () => {
    // The INSERT commits, its answer is lost: a connection that dies at that very moment.
    let lose = 0;
    const lossy = new Proxy(adaPool, {
      get(target, prop) {
        if (prop === 'query') {
          return async (...args: Parameters<pg.Pool['query']>) => {
            const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
            if (lose > 0 && String(args[0]).includes('INSERT INTO scout_team.claims')) {
              lose--;
              throw new Error('Connection terminated unexpectedly');
            }
            return result;
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const a = new TeamClaims(lossy, { leaseMs: 60_000 });
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    const once = freshItem('lost');
    lose = 1;
    const claim = won(await a.claim(once, YEAR));
    expect((await a.holderOf(once))!.token).toBe(claim.token);
    await a.release(claim);

    // Every answer lost until Scout gives up; asked again later, the claim is found to be its own.
    const item = freshItem('lost');
    lose = 100;
    await expect(a.claim(item, YEAR)).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
    lose = 0;
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    const again = won(await a.claim(item, YEAR));
    expect((await a.holderOf(item))!.token).toBe(again.token);
  });

  it('says the team cannot be reached when the server is down, and claims again once it is back', async () => {
    const a = new TeamClaims(adaPool, { leaseMs: 60_000 });
    const item = freshItem('down');
    await server.stopServer('fast');
    try {
      await expect(a.claim(item, YEAR)).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
    } finally {
      await server.startServer();
    }
    expect((await a.claim(item, YEAR)).kind).toBe('won');
  });

  it('never lets two laptops send the same paid request, through terminated connections and a server crash', async () => {
    const researchers = [ada, bob, cyd, ada];
    const laptops = researchers.map((r) => ({ who: r.role, claims: new TeamClaims(r.pool({ max: 3 }), { leaseMs: 30_000 }) }));
    const all = Array.from({ length: 25 }, () => freshItem('many'));
    const sends = new Map<string, string[]>();
    let sent = 0;
    // Faults at fixed points of the run (not on a timer), while the other laptops are mid-way.
    const faults = new Map<number, () => Promise<unknown>>([
      [4, () => server.killConnections({})],
      [10, () => server.restart('immediate')],
      [17, () => server.killConnections({ user: bob.role })],
    ]);
    let faulting: Promise<unknown> = Promise.resolve();
    const buy = async (laptop: (typeof laptops)[number], item: TeamItem) => {
      for (;;) {
        let outcome: ClaimOutcome;
        try {
          outcome = await laptop.claims.claim(item, YEAR);
        } catch (error) {
          if ((error as TeamError).code === 'TEAM_UNREACHABLE') continue;
          throw error;
        }
        if (outcome.kind === 'copy') return;
        if (outcome.kind === 'held') {
          await waitUntil('the holder to finish', async () => (await laptop.claims.holderOf(item).catch(() => ({ token: 'unreachable' }))) === null, 20_000);
          continue;
        }
        // The claim is this laptop's until its lease runs out: a confirm that cannot reach the
        // server is asked again (nothing is sent until one succeeds).
        for (;;) {
          try {
            await laptop.claims.confirm(outcome.claim, 1_000);
            break;
          } catch (error) {
            if ((error as TeamError).code !== 'TEAM_UNREACHABLE') throw error;
          }
        }
        sends.set(item.key, [...(sends.get(item.key) ?? []), laptop.who]);
        const fault = faults.get(++sent);
        // One fault at a time: a restart must not cut the connection that ends others.
        if (fault) await (faulting = faulting.then(fault));
        for (;;) {
          try {
            await laptop.claims.complete(outcome.claim, new Date(), { json: { item: item.key } });
            return;
          } catch (error) {
            if ((error as TeamError).code !== 'TEAM_UNREACHABLE') throw error;
          }
        }
      }
    };
    await Promise.all(laptops.map((laptop, i) => (async () => {
      // Each laptop goes through the same items in its own order.
      const order = all.map((_, k) => all[(k * (i + 1) * 7) % all.length]!);
      for (const item of new Set(order)) await buy(laptop, item);
    })()));
    expect(all.filter((item) => sends.get(item.key)?.length !== 1).map((item) => [item.key, sends.get(item.key)])).toEqual([]);
    const { rows } = await team.admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM scout_team.records WHERE item_key = ANY($1)`, [all.map((i) => i.key)]);
    expect(rows[0]!.n).toBe(all.length);
  }, 60_000);

  it('keeps a killed laptop\'s claim until its lease runs out, then lets one teammate take over', async () => {
    const fixture = bundleFixture('test/fixtures/teamHolder.ts');
    const subject = `killed${++items}`;
    const item = teamItem('report', { network: 'instagram', subject });
    const holder = runNode(fixture, ['4000', subject], { SCOUT_TEST_TEAM_CONNECTION: JSON.stringify(ada.connection) });
    await holder.waitFor(/^won$/);
    const b = new TeamClaims(bobPool, { leaseMs: 60_000 });
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    // Killed just after a heartbeat, so the lease it leaves has (nearly) all its 4 s to run.
    const since = (await bobPool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
    await waitUntil('a fresh heartbeat', async () => (await bobPool.query<{ fresh: boolean }>('SELECT heartbeat_at > $2 AS fresh FROM scout_team.claims WHERE item_key = $1', [item.key, since])).rows[0]?.fresh === true);
    holder.process.kill('SIGKILL');
    await holder.exited;
    // Its connections are gone at once; its claim is not, until the lease it last renewed runs out.
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'held', holder: ada.role });
    await expired(b, item);
    expect(await b.claim(item, YEAR)).toMatchObject({ kind: 'won', takenOverFrom: ada.role });
  });
});
