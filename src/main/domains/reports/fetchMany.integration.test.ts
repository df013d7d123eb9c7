// Many accounts fetched by main in one batch: paid requests one at a time through the ledger,
// the waiting for generation for all at once, each item checked against its own quote, and a
// run that can be cancelled whole or stopped by a change of workspace.
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchManyOutcome, ReportProgress } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
afterEach(() => h?.close());

const mixed = [
  { network: 'instagram', account: 'batch_ig' },
  { network: 'youtube', account: 'batch_yt' },
  { network: 'tiktok', account: 'batch_tt', tiktokType: 'report' },
  { network: 'twitch', account: 'batch_tw' },
  { network: 'twitter', account: 'batch_x' },
  { network: 'snapchat', account: 'batch_sc' },
] as const;

describe('reports:fetchMany', () => {
  it('waits for all generations at once, sends paid requests one at a time, and checks each item against its quote', async () => {
    // Long enough that six requests sent one at a time are all out before the first is ready,
    // however loaded the machine: the order of the events says whether they were waited for at once.
    const generationMs = 3000;
    // Polled every 200 ms, not the harness's 20: TikTok answers at most 100 requests a minute, and
    // 3 s of polls every 20 ms would run into that limit (and wait it out).
    h = await productionHarness({ generationMs }, { pollDelayMs: () => 200 });
    const progress: ReportProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'reports:changed' && progress.push(e.payload as ReportProgress));
    const { outcomes } = await h.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
      workspace: 'production',
      runId: 'run1',
      items: [...mixed.map((m) => ({ ...m, confirmedCost: 1 })), { network: 'twitch', account: 'unconfirmed', confirmedCost: 0 }],
    });
    expect(outcomes.map((o) => [o.accountKey, o.status])).toEqual([...mixed.map((m) => [m.account, 'done']), ['unconfirmed', 'failed']]);
    expect(outcomes.at(-1)!.error).toMatchObject({ code: 'COST_CHANGED' });
    // All six were generating before any was finished: waited for at once, not one after another
    // (an order of events, not a time the machine's load could stretch).
    const firstEvent = (account: string, phase: ReportProgress['phase']) => progress.findIndex((p) => p.accountKey === account && p.phase === phase);
    const lastToGenerate = Math.max(...mixed.map((m) => firstEvent(m.account, 'generating')));
    const firstFinished = Math.min(...mixed.map((m) => firstEvent(m.account, 'finished')));
    expect(lastToGenerate).toBeGreaterThanOrEqual(0);
    expect(lastToGenerate).toBeLessThan(firstFinished);
    expect(h.sim.state.spent).toMatchObject({ credits: 5, miniReports: 1 });
    const ws = h.services.active();
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
    // One at a time: each paid call was settled before the next was written.
    const entries = ws.ledger.entries();
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.createdAt).toBeGreaterThanOrEqual(entries[i - 1]!.settledAt!);
    // Every account said it was queued, requested, generating and finished.
    for (const m of mixed) {
      const phases = progress.filter((p) => p.accountKey === m.account).map((p) => p.phase);
      expect(phases).toEqual(expect.arrayContaining(['queued', 'requesting', 'generating', 'finished']));
    }
    // Six saved, and the refused one listed as failed, so it does not vanish.
    expect(await h.call('reports:library', {})).toMatchObject({ total: 7, items: expect.arrayContaining([expect.objectContaining({ accountKey: 'unconfirmed', state: 'failed' })]) });
  }, 60_000);

  it('cancels a whole run; what was paid stays recorded and nothing more is sent', async () => {
    h = await productionHarness({ generationMs: 60_000 });
    const generating = new Set<string>();
    const allGenerating = new Promise<void>((resolve) =>
      h.services.events.subscribe((e) => {
        const p = e.payload as ReportProgress;
        if (e.name === 'reports:changed' && p.phase === 'generating') generating.add(p.accountKey);
        if (generating.size === 3) resolve();
      }),
    );
    const run = h.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
      workspace: 'production',
      runId: 'run-cancel',
      items: ['c1', 'c2', 'c3'].map((account) => ({ network: 'twitch', account, confirmedCost: 1 })),
    });
    await allGenerating;
    expect(await h.call('reports:cancelMany', { runId: 'run-cancel' })).toEqual({ cancelled: true });
    const { outcomes } = await run;
    expect(outcomes.map((o) => o.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(h.services.active().ledger.totals().credits).toBe(3);
    expect(h.sim.state.spent.credits).toBe(3);
    expect(await h.call('reports:cancelMany', { runId: 'run-cancel' })).toEqual({ cancelled: false });
  });

  it('skips the items not yet sent when another workspace becomes active; those sent finish where they were paid', async () => {
    h = await productionHarness({ generationMs: 300, latencyMs: 150 });
    let switched: Promise<unknown> | null = null;
    h.services.events.subscribe((e) => {
      if (e.name === 'reports:changed' && (e.payload as ReportProgress).phase === 'requesting' && !switched) switched = h.call('workspace:switch', { workspace: 'demo' });
    });
    const { outcomes } = await h.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
      workspace: 'production',
      runId: 'run-switch',
      items: ['w1', 'w2', 'w3'].map((account) => ({ network: 'twitch', account, confirmedCost: 1 })),
    });
    await switched;
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'skipped', 'skipped']);
    expect(outcomes[1]!.error).toMatchObject({ code: 'WORKSPACE_CHANGED' });
    expect(h.sim.state.spent.credits).toBe(1);
    expect(h.services.workspaces.get('production').ledger.totals().credits).toBe(1);
  });
});
