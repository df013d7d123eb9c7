// A Team researcher's monthly limit said in the quote, before they confirm, through the handlers
// the renderer calls, on a real PostgreSQL and the simulator: the quote carries what they spent
// this month and their limit; the one that would go past it is the one the send refuses, in the
// same words; no limit, no figure; a workspace without a team, no field at all.
import { expect, it } from 'vitest';
import type { CostQuote } from '@shared/reports';
import { pastMonthlyLimit } from '@shared/monthlyLimit';
import { productionHarness } from '../../../test/productionHarness';
import { describeTeam, type Researcher } from '../../../test/teamHarness';

describeTeam('the monthly limit in the quote (Team workspace, through the handlers)', { researchers: ['Ada', 'Ben'], simulator: { generationMs: 30 } }, (t) => {
  const setLimit = (r: Researcher, limits: string) =>
    t.team.admin.query(`SET ROLE scout_owner; UPDATE scout_team.researchers SET monthly_limits = '${limits}' WHERE role_name = '${r.role}'; RESET ROLE;`);

  it('says what was spent of the limit, flags the quote past it, and that is the one the send refuses, in the same words', async () => {
    await setLimit(t.researchers.Ada, '{"credits": 2}');
    const laptop = await t.laptop('Ada');
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
    const spent = t.sim.state.spent.credits;
    const refused = await laptop.failure('reports:fetch', { network: 'instagram', account: 'limitthree', confirmedCost: 1, workspace: 'team' });
    expect(refused.code).toBe('TEAM_LIMIT');
    expect(refused.message).toContain("This would take you to 3 of your 2 report credits this month (your team's limit)");
    expect(t.sim.state.spent.credits).toBe(spent);
  });

  it('no limit, or the team database away: the quote says none (null); a workspace without a team has no such field', async () => {
    await setLimit(t.researchers.Ben, '{}');
    const laptop = await t.laptop('Ben');
    const quote = await laptop.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
    expect(quote).toMatchObject({ cost: 1, limit: null });

    // The team database away: the quote still answers, saying no limit is known (the send asks again).
    await setLimit(t.researchers.Ben, '{"credits": 5}');
    await t.server.stopServer();
    try {
      const away = await laptop.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
      expect(away).toMatchObject({ cost: 1, limit: null });
    } finally {
      await t.server.startServer();
    }

    const production = await productionHarness({}, {}, t.sim);
    try {
      const alone = await production.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nolimit' });
      expect(alone.cost).toBe(1);
      expect('limit' in alone).toBe(false);
    } finally {
      await production.close();
    }
  });
});
