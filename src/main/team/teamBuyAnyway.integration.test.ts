// "Buy anyway" beyond a single report, through the handlers the renderer calls, with the team
// database stopped: Add accounts (a batch), a PDF export, a discovery run, a competitor analysis
// and brand mentions are refused with TEAM_UNREACHABLE and nothing is spent; confirmed, they are
// bought here, and reach the team once it is back.
import { expect, it } from 'vitest';
import type { ArchivedPdf } from '@shared/archive';
import type { CostQuote, FetchManyOutcome } from '@shared/reports';
import type { TeamView } from '@shared/team';
import type { TeamSyncView } from '@shared/teamSync';
import { describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

describeTeam('buy anyway while the team database cannot be reached: Add accounts and PDF export (through the handlers)', { researchers: ['Anna Berg'], simulator: { generationMs: 30 } }, (t) => {
  const spent = () => t.sim.state.spent.credits;
  const pending = async (l: Laptop) => {
    const view = await l.call<TeamSyncView>('team:syncStatus');
    return view.team ? view.pending : -1;
  };

  /** Anna's laptop, connected, then the team database stopped and the connection found gone. */
  async function away(): Promise<Laptop> {
    const a = await t.laptop('Anna Berg');
    await t.server.stopServer();
    expect((await a.call<TeamView>('team:test')).status.state).toBe('unreachable');
    return a;
  }

  it('Add accounts: each item refused (nothing spent); each confirmed one bought here, shared once the team is back', async () => {
    const a = await away();
    const before = spent();
    try {
      const items = [
        { network: 'instagram', account: 'batchone', confirmedCost: 1 },
        { network: 'twitch', account: 'batchtwo', confirmedCost: 1 },
      ];
      const asked = await a.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', { workspace: 'team', runId: 'run-asked', items });
      expect(asked.outcomes.map((o) => [o.accountKey, o.status, o.error?.code])).toEqual([
        ['batchone', 'failed', 'TEAM_UNREACHABLE'],
        ['batchtwo', 'failed', 'TEAM_UNREACHABLE'],
      ]);
      expect(spent()).toBe(before);

      // The researcher says "Buy anyway" for the first only.
      const bought = await a.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
        workspace: 'team',
        runId: 'run-confirmed',
        items: [{ ...items[0], teamUnreachableConfirmed: true }, items[1]],
      });
      expect(bought.outcomes.map((o) => [o.accountKey, o.status, o.error?.code ?? null])).toEqual([
        ['batchone', 'done', null],
        ['batchtwo', 'failed', 'TEAM_UNREACHABLE'],
      ]);
      expect(spent()).toBe(before + 1);
      expect(await a.call('reports:open', { network: 'instagram', account: 'batchone' })).not.toBeNull();
      expect(await a.call('reports:open', { network: 'twitch', account: 'batchtwo' })).toBeNull();
      expect(await pending(a)).toBeGreaterThan(0);
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the report bought while away shared', async () => (await pending(a)) === 0, 15_000);
  });

  it('PDF export: refused (nothing spent), then made once confirmed, and shared once the team is back', async () => {
    const a = await away();
    const before = spent();
    try {
      const quote = await a.call<CostQuote>('archive:quote', { network: 'twitch', account: 'pdfaway' });
      const request = { network: 'twitch', account: 'pdfaway', confirmedCost: quote.cost, workspace: 'team' };
      const asked = await a.failure('archive:export', request);
      expect(asked.code).toBe('TEAM_UNREACHABLE');
      expect(spent()).toBe(before);
      expect(await a.call<ArchivedPdf[]>('archive:list', {})).toHaveLength(0);

      const pdf = await a.call<ArchivedPdf>('archive:export', { ...request, teamUnreachableConfirmed: true });
      expect(pdf.accountKey).toBe('pdfaway');
      expect(spent()).toBe(before + quote.cost);
      expect((await a.call<ArchivedPdf[]>('archive:list', {})).map((p) => p.accountKey)).toEqual(['pdfaway']);
      // The request is checked as before: "buy anyway" is only ever `true`.
      expect((await a.failure('archive:export', { ...request, teamUnreachableConfirmed: false })).code).toBe('INVALID_INPUT');
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the PDF made while away shared', async () => (await pending(a)) === 0, 15_000);
  });
  it('a discovery run: refused (nothing spent), then run once confirmed', async () => {
    const a = await away();
    try {
      const body = { social_network: 'instagram' };
      const quote = await a.call<{ calls: number; queriesLeft: number | null }>('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 1 });
      expect(quote.calls).toBe(1);
      const request = { runId: 'run-away', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: quote.calls, workspace: 'team' };
      const plan = async () => (await a.call<{ balances: { discoveryRequests?: number | null } }>('plan:refresh').catch(() => null))?.balances;
      const before = await plan();
      // A run answers how it ended: failed, nothing fetched, why in words and as a code the page asks on.
      expect(await a.call('discovery:run', request)).toMatchObject({ outcome: 'failed', pagesFetched: 0, callsSpent: 0, errorCode: 'TEAM_UNREACHABLE', message: expect.stringMatching(/^The team database cannot be reached/) });
      expect(await plan()).toEqual(before);
      const run = await a.call<{ outcome: string; pagesFetched: number; errorCode?: string }>('discovery:run', { ...request, runId: 'run-away-confirmed', teamUnreachableConfirmed: true });
      expect(run, JSON.stringify(run)).toMatchObject({ outcome: 'finished', pagesFetched: 1 });
      expect(run.errorCode).toBeUndefined();
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the discovery page bought while away shared', async () => (await pending(a)) === 0, 15_000);
  });
  it('a competitor analysis and brand mentions: each refused (nothing spent), then bought once confirmed', async () => {
    const a = await away();
    try {
      const analysis = { username: 'acmeaway', dateFrom: '2026-01-01', dateTo: '2026-02-01', audienceGeo: [], hashtags: [], acceptMayCost: true, workspace: 'team' };
      expect((await a.failure('competitor:create', analysis)).code).toBe('TEAM_UNREACHABLE');
      expect(await a.call<unknown[]>('competitor:list')).toHaveLength(0);
      expect((await a.call<{ username: string }>('competitor:create', { ...analysis, teamUnreachableConfirmed: true })).username).toBe('acmeaway');

      const mentions = { network: 'tiktok', account: 'mentionsaway' };
      expect((await a.failure('mentions:get', mentions)).code).toBe('TEAM_UNREACHABLE');
      expect(await a.call('mentions:get', { ...mentions, teamUnreachableConfirmed: true })).not.toBeNull();
    } finally {
      await t.server.startServer();
    }
  });
});
