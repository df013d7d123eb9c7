// A Team researcher's monthly limit said in the quote, before they confirm, through the handlers
// the renderer calls, on a real PostgreSQL and the simulator: the quote carries what they spent
// this month and their limit; the one that would go past it is the one the send refuses, in the
// same words; no limit, no figure; a workspace without a team, no field at all.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { CostQuote } from '@shared/reports';
import { pastMonthlyLimit } from '@shared/monthlyLimit';
import type { MainServices } from '../services/mainServices';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { productionHarness } from '../../../test/productionHarness';
import { describeWithPostgres, startPostgres, type TestPostgres } from '../../../test/postgres';
import { teamDatabase, type Researcher, type TeamDatabase } from '../../../test/teamDb';
import { closeLaptops, connect, teamLaptop } from '../../../test/teamLaptop';

describeWithPostgres('the monthly limit in the quote (Team workspace, through the handlers)', () => {
  let server: TestPostgres;
  let team: TeamDatabase;
  let ada: Researcher;
  let ben: Researcher;
  let sim: SimulatorHandle;
  const keychain = `scout-workbench-test-${crypto.randomUUID()}`;
  const open: MainServices[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    team = await teamDatabase(server);
    ada = await team.addResearcher('Ada');
    ben = await team.addResearcher('Ben');
    sim = await startSimulator({ generationMs: 30 });
  });
  afterEach(async () => {
    await closeLaptops(open, [keychain]);
  });
  afterAll(async () => {
    await team?.close();
    await server?.close();
    await sim?.close();
  });

  const setLimit = (r: Researcher, limits: string) =>
    team.admin.query(`SET ROLE scout_owner; UPDATE scout_team.researchers SET monthly_limits = '${limits}' WHERE role_name = '${r.role}'; RESET ROLE;`);

  it('says what was spent of the limit, flags the quote past it, and that is the one the send refuses, in the same words', async () => {
    await setLimit(ada, '{"credits": 2}');
    const laptop = await teamLaptop({ sim, keychainService: keychain, open });
    expect((await connect(laptop, ada)).status.state).toBe('connected');
    const quote = (account: string) => laptop.call<CostQuote>('reports:quote', { network: 'instagram', account });

    const first = await quote('limitone');
    expect(first).toMatchObject({ cost: 1, balance: 'credits', limit: { balance: 'credits', limit: 2, spent: 0 } });
    await laptop.call('reports:fetch', { network: 'instagram', account: 'limitone', confirmedCost: 1, workspace: 'team' });
    expect((await quote('limittwo')).limit).toEqual({ balance: 'credits', limit: 2, spent: 1 });
    await laptop.call('reports:fetch', { network: 'instagram', account: 'limittwo', confirmedCost: 1, workspace: 'team' });

    // The third is past the limit: the quote says so before anything is confirmed…
    const third = await quote('limitthree');
    expect(third.limit).toEqual({ balance: 'credits', limit: 2, spent: 2 });
    expect(pastMonthlyLimit(third.limit!, third.cost)).toBe(true);
    // …a refresh of one already bought costs nothing, so no limit is in its way.
    const again = await quote('limitone');
    expect(again.cost).toBe(0);
    // Add accounts' plan: every quote of the balance carries it.
    const plan = await laptop.call<CostQuote[]>('reports:quoteMany', { items: [{ network: 'instagram', account: 'limitthree' }, { network: 'youtube', account: 'limitfour' }] });
    expect(plan.map((q) => q.limit)).toEqual([third.limit, third.limit]);
    // …and the send refuses exactly that one, saying how far it would go.
    const spent = sim.state.spent.credits;
    const refused = await laptop.failure('reports:fetch', { network: 'instagram', account: 'limitthree', confirmedCost: 1, workspace: 'team' });
    expect(refused.code).toBe('TEAM_LIMIT');
    expect(refused.message).toContain("This would take you to 3 of your 2 report credits this month (your team's limit)");
    expect(sim.state.spent.credits).toBe(spent);
  });

  it('no limit, or the team database away: the quote says none (null); a workspace without a team has no such field', async () => {
    await setLimit(ben, '{}');
    const laptop = await teamLaptop({ sim, keychainService: keychain, open });
    expect((await connect(laptop, ben)).status.state).toBe('connected');
    const quote = await laptop.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
    expect(quote).toMatchObject({ cost: 1, limit: null });

    // The team database away: the quote still answers, saying no limit is known (the send asks again).
    await setLimit(ben, '{"credits": 5}');
    await server.stopServer();
    try {
      const away = await laptop.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
      expect(away).toMatchObject({ cost: 1, limit: null });
    } finally {
      await server.startServer();
    }

    const production = await productionHarness({}, {}, sim);
    try {
      const alone = await production.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
      expect(alone.cost).toBe(1);
      expect('limit' in alone).toBe(false);
    } finally {
      await production.close();
    }
  });
});
