// The paid-work kernel with a team gate, against a real PostgreSQL and one simulator over
// loopback: two (or three) "laptops" — each the main services on its own SQLite file, its
// reports fetched through a kernel that claims in one team database — never both send the same
// paid report request. Which laptop wins a race is the database's choice; every test holds
// whichever it is.
import { performance } from 'node:perf_hooks';
import { beforeAll, expect, it } from 'vitest';
import { accountRef } from '@shared/accountInput';
import type { ApiClient } from '../platform/api/apiClient';
import { AttemptsRepository } from '../domains/reports/attemptsRepository';
import { PaidWork } from '../kernel/paidWork';
import { ReportService } from '../domains/reports/reportService';
import type { SimulatorHandle } from '../../simulator/server';
import type { ProductionHarness } from '../../../test/productionHarness';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, waitUntil, type Researcher } from '../../../test/teamHarness';
import { TeamClaims, type ClaimOutcome } from './claims';
import { PostgresTeamGate, type TeamGate } from './gate';
import { pushRecord, teamItem } from './records';

interface Laptop {
  harness: ProductionHarness;
  reports: ReportService;
  paid: PaidWork;
  /** Paid report requests this laptop sent (polls are free and not counted). */
  paidRequests: () => number;
  /** Every outcome of this laptop's claims, in order. */
  claims: ClaimOutcome['kind'][];
  ledgerRows: () => number;
}

describeTeam('the kernel claims before paying (team database + simulator)', { researchers: ['Ada', 'Bob', 'Cyd'], simulator: { generationMs: 30 } }, (t) => {
  let server: TestPostgres;
  let ada: Researcher;
  let bob: Researcher;
  let cyd: Researcher;
  let sim: SimulatorHandle;

  beforeAll(() => {
    ({ server, sim } = t);
    ({ Ada: ada, Bob: bob, Cyd: cyd } = t.researchers);
  });

  /**
   * A laptop: the main services on a data folder of its own (production against the shared
   * simulator), with a kernel and report service that claim through `researcher`'s connection.
   * `wrap` may stand between the kernel and the gate (to hold a step until the other laptop's).
   */
  async function laptop(researcher: Researcher, wrap: (gate: TeamGate, claims: ClaimOutcome['kind'][]) => TeamGate = (g) => g, timing: ConstructorParameters<typeof PostgresTeamGate>[1] = {}): Promise<Laptop> {
    const harness = await t.production();
    const ws = harness.services.active();
    let paidRequests = 0;
    // Counts what this laptop's kernel sends as paid: `report(…, { paid: true })`.
    const counted = (api: ApiClient): ApiClient =>
      new Proxy(api, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'report' || typeof value !== 'function') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          return (...args: Parameters<ApiClient['report']>) => {
            if (args[2]?.paid) paidRequests++;
            return (value as ApiClient['report']).apply(target, args);
          };
        },
      });
    const claims: ClaimOutcome['kind'][] = [];
    const real = new PostgresTeamGate(researcher.pool(), { leaseMs: 5_000, heldPollMs: 20, ...timing });
    const recording: TeamGate = Object.assign(Object.create(real) as TeamGate, {
      claim: async (...args: Parameters<TeamGate['claim']>) => {
        const outcome = await real.claim(...args);
        claims.push(outcome.kind);
        return outcome;
      },
    });
    const paid = new PaidWork({ api: async () => counted(await ws.api()), ledger: ws.ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: wrap(recording, claims) });
    const reports = new ReportService({ api: async () => counted(await ws.api()), repo: ws.reportsRepo, attempts: new AttemptsRepository(ws.db), ledger: ws.ledger, paid, jobs: ws.jobs, pollDelayMs: () => 20, maxWaitMs: 10_000 });
    return { harness, reports, paid, paidRequests: () => paidRequests, claims, ledgerRows: () => ws.ledger.entries().length };
  }

  /** A deferred: a step one laptop waits on until the other's has happened. */
  function signal() {
    let fire!: () => void;
    const fired = new Promise<void>((resolve) => (fire = resolve));
    return { fire, fired };
  }

  it('two laptops fetching the same new account at the same moment: the simulator charges once, the other takes the copy', async () => {
    // Each laptop, having won, sends only once the other laptop's claim has been answered: so
    // the loser asks while the winner holds the claim and has not sent yet — a true race.
    const asked = { a: signal(), b: signal() };
    const holdUntil = (mine: 'a' | 'b', other: 'a' | 'b') => (gate: TeamGate, claims: ClaimOutcome['kind'][]): TeamGate =>
      Object.assign(Object.create(gate) as TeamGate, {
        claim: async (...args: Parameters<TeamGate['claim']>) => {
          const outcome = await gate.claim(...args);
          if (claims.length === 1) asked[mine].fire();
          return outcome;
        },
        confirm: async (...args: Parameters<TeamGate['confirm']>) => {
          await asked[other].fired;
          return gate.confirm(...args);
        },
      });
    const a = await laptop(ada, holdUntil('a', 'b'));
    const b = await laptop(bob, holdUntil('b', 'a'));
    const spentBefore = sim.state.spent.credits;
    const ref = accountRef('instagram', 'raceaccount');

    const [ra, rb] = await Promise.all([a.reports.fetch(ref, 1), b.reports.fetch(ref, 1)]);

    expect(sim.state.spent.credits - spentBefore).toBe(1);
    expect(a.paidRequests() + b.paidRequests()).toBe(1);
    const [winner, loser] = a.paidRequests() === 1 ? [a, b] : [b, a];
    expect(winner.claims).toEqual(['won']);
    // The loser found the winner's live claim, waited, and took their copy.
    expect(loser.claims[0]).toBe('held');
    expect(loser.claims.at(-1)).toBe('copy');
    expect(loser.ledgerRows()).toBe(0);
    expect(winner.ledgerRows()).toBe(1);
    // Both caches hold the same report; the loser's opens offline from its own cache.
    expect(ra?.result).toEqual(rb?.result);
    expect(loser.reports.open(ref)).toMatchObject({ network: 'instagram', accountKey: 'raceaccount', state: 'READY' });
  });

  it('an account a teammate already has: no API call at all, nothing spent', async () => {
    const a = await laptop(ada);
    const b = await laptop(bob);
    const ref = accountRef('tiktok', 'sharedcreator');
    const bought = await a.reports.fetch({ ...ref, tiktokType: 'report' }, 1);
    const callsBefore = [...sim.state.calls.values()].reduce((s, n) => s + n, 0);
    const spentBefore = sim.state.totalSpent();

    const taken = await b.reports.fetch({ ...ref, tiktokType: 'report' }, 1);

    expect([...sim.state.calls.values()].reduce((s, n) => s + n, 0)).toBe(callsBefore);
    expect(sim.state.totalSpent()).toBe(spentBefore);
    expect(b.claims).toEqual(['copy']);
    expect(b.ledgerRows()).toBe(0);
    expect(taken?.result).toEqual(bought?.result);
    expect(taken?.fetchedAt).toBe(bought?.fetchedAt);
    // A mini report is not an advanced one: that one is bought (claimed) afresh.
    await b.reports.fetch({ ...ref, tiktokType: 'advanced_report' }, 1);
    expect(b.claims.at(-1)).toBe('won');
    expect(b.paidRequests()).toBe(1);
  });

  it('a holder killed mid-call: once its lease runs out exactly one teammate takes over and pays once', async () => {
    const ref = accountRef('twitch', 'orphaned');
    const b = await laptop(bob);
    const c = await laptop(cyd);
    // Ada's laptop claimed the account and died before sharing it: no heartbeat, no release.
    const crashed = new TeamClaims(ada.pool(), { leaseMs: 3_000 });
    const held = await crashed.claim(teamItem('report', { network: 'twitch', subject: ref.key }), 365);
    expect(held.kind).toBe('won');
    const spentBefore = sim.state.spent.credits;

    const [rb, rc] = await Promise.all([b.reports.fetch(ref, 1), c.reports.fetch(ref, 1)]);

    expect(sim.state.spent.credits - spentBefore).toBe(1);
    expect(b.paidRequests() + c.paidRequests()).toBe(1);
    // Both had to wait for Ada's claim first; then one took it over, the other took their copy.
    expect(b.claims[0]).toBe('held');
    expect(c.claims[0]).toBe('held');
    expect([b.claims.at(-1), c.claims.at(-1)].sort()).toEqual(['copy', 'won']);
    expect(b.ledgerRows() + c.ledgerRows()).toBe(1);
    expect(rb?.result).toEqual(rc?.result);
  });

  it('a teammate who keeps buying past the wait: says whose it is, sends nothing', async () => {
    const ref = accountRef('youtube', 'longbuy');
    const holder = new TeamClaims(ada.pool(), { leaseMs: 60_000 });
    expect((await holder.claim(teamItem('report', { network: 'youtube', subject: ref.key }), 365)).kind).toBe('won');
    const b = await laptop(bob, undefined, { heldWaitMs: 100 });

    await expect(b.reports.fetch(ref, 1)).rejects.toMatchObject({ code: 'TEAM_ITEM_HELD', message: expect.stringMatching(/^Ada is buying the YouTube report of longbuy now/) });
    expect(b.paidRequests()).toBe(0);
    expect(b.ledgerRows()).toBe(0);
  });

  it("a teammate's copy that is not a readable report is no copy: not saved, and bought here once (it never blocks buying)", async () => {
    const b = await laptop(bob);
    const ref = accountRef('instagram', 'hostilecopy');
    await pushRecord(ada.pool(), { item: teamItem('report', { network: 'instagram', subject: ref.key }), fetchedAt: new Date(), body: { json: { result: { user: '<script>alert(1)</script>' } } } });

    const bought = await b.reports.fetch(ref, 1);
    expect(JSON.stringify(bought.result)).not.toContain('<script>');
    expect(b.claims).toEqual(['copy', 'won']);
    expect(b.reports.open(ref)).toMatchObject({ state: 'READY' });
    expect(b.paidRequests()).toBe(1);
    expect(b.ledgerRows()).toBe(1);
  });

  it('a claim that cannot be held as long as the call needs: nothing sent, given up, said', async () => {
    // Each heartbeat gives 5 s of lease; the call asks for a minute of it.
    const b = await laptop(bob, undefined, { leaseMs: 5_000, needMs: 60_000 });
    const ref = accountRef('twitch', 'shortlease');
    await expect(b.reports.fetch(ref, 1)).rejects.toMatchObject({ code: 'TEAM_FAILED', message: expect.stringMatching(/long enough to buy it safely\. Nothing was spent/) });
    expect(b.claims).toEqual(['won', 'won', 'won']);
    expect(b.paidRequests()).toBe(0);
    // The ledger row is written after the claim is confirmed: none.
    expect(b.ledgerRows()).toBe(0);
    expect(await new TeamClaims(cyd.pool()).holderOf(teamItem('report', { network: 'twitch', subject: ref.key }))).toBeNull();
  });

  it('a live holder keeps its claim past its lease by heartbeats: a teammate asking meanwhile is told to wait', async () => {
    const ref = accountRef('snapchat', 'longhold');
    const item = teamItem('report', { network: 'snapchat', subject: ref.key });
    const cydClaims = new TeamClaims(cyd.pool(), { leaseMs: 1_000 });
    let seen: ClaimOutcome | null = null;
    // Bob's laptop, about to share the report it saved, first lets three leases' time pass.
    const b = await laptop(
      bob,
      (gate) =>
        Object.assign(Object.create(gate) as TeamGate, {
          complete: async (...args: Parameters<TeamGate['complete']>) => {
            const from = performance.now();
            await waitUntil('three leases to pass', () => performance.now() - from > 3_000);
            seen = await cydClaims.claim(item, 365);
            return gate.complete(...args);
          },
        }),
      { leaseMs: 1_000, heartbeatMs: 100 },
    );
    await b.reports.fetch(ref, 1);
    expect(seen).toMatchObject({ kind: 'held', holder: bob.role, holderName: 'Bob' });
    // Completed: the teammate now takes the copy.
    expect((await cydClaims.claim(item, 365)).kind).toBe('copy');
  });

  it('a refused purchase gives its claim up: the next teammate is not kept waiting', async () => {
    const a = await laptop(ada);
    const b = await laptop(bob);
    const ref = accountRef('twitter', 'notfoundanywhere');
    await expect(a.reports.fetch(ref, 1)).rejects.toMatchObject({ code: expect.stringMatching(/^API_/) });
    expect(a.claims).toEqual(['won']);
    // Released, not left to its lease: the teammate wins it at once (and is refused in turn).
    expect(await new TeamClaims(cyd.pool()).holderOf(teamItem('report', { network: 'twitter', subject: ref.key }))).toBeNull();
    await expect(b.reports.fetch(ref, 1)).rejects.toMatchObject({ code: expect.stringMatching(/^API_/) });
    expect(b.claims).toEqual(['won']);
  });

  it('the team database unreachable: refused with words to act on, bought only once the researcher confirms', async () => {
    const b = await laptop(bob);
    const ref = accountRef('instagram', 'whileteamdown');
    const spentBefore = sim.state.spent.credits;
    await server.stopServer('fast');
    try {
      await expect(b.reports.fetch(ref, 1)).rejects.toMatchObject({
        code: 'TEAM_UNREACHABLE',
        message: expect.stringMatching(/^The team database cannot be reached: a teammate may already have the Instagram report of whileteamdown, and your team's monthly limit cannot be checked\. Buy anyway\?/),
      });
      expect(b.paidRequests()).toBe(0);
      expect(sim.state.spent.credits).toBe(spentBefore);

      const bought = await b.reports.fetch(ref, 1, { teamUnreachableConfirmed: true });
      expect(bought).toMatchObject({ state: 'READY' });
      expect(b.paidRequests()).toBe(1);
      expect(sim.state.spent.credits - spentBefore).toBe(1);
    } finally {
      await server.startServer();
    }
  }, 60_000);
});
