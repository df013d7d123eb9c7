// The paid-work kernel under the faults that cost money: a balance-touching call made outside
// it, a restore or a close while a paid run is out, a full disk before a paid call, an answer
// lost after the API charged. Against the simulator over loopback and real SQLite files.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo, RequestOf, WorkspaceState } from '@shared/contract';
import type { DiscoveryQuote, DiscoveryRunResult } from '@shared/discoveryData';
import type { ReportProgress } from '@shared/reports';
import { productionHarness, productionHarnessWith, type ProductionHarness } from '../../../test/productionHarness';
import { lossyProxy } from '../../../test/lossyProxy';
import { startSimulator } from '../../simulator/server';
import { touchesBalance } from '../platform/api/paidGuard';
import { reportOperations } from '../platform/api/apiClient';
import { INTERNAL_MESSAGE } from '../platform/errorWording';
import type { Db } from '../platform/cache/database';

let h: ProductionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const body = { social_network: 'instagram', er: { from: 1 } };
const searches = (p: ProductionHarness) => p.sim.state.calls.get('auditor.search') ?? 0;

describe('nothing reaches a paid operation except through the kernel', () => {
  it('refuses every balance-touching call made straight on the API client, sending nothing; free calls go through', async () => {
    h = await productionHarness();
    const api = await h.services.active().api();
    const refused = [
      () => api.search({ social_network: 'instagram', page: 1 }, { paid: true }),
      () => api.report('twitch', 'someone', { paid: true }),
      () => api.pdf('instagram', 'natgeo', { paid: true }),
      () => api.instagramHistory('natgeo'),
      () => api.instagramMedia('natgeo'),
      () => api.list(1),
      () => api.competitorCreate({ username: 'nike', date_from: '2026-01-01', date_to: '2026-02-01', audience_geo: [], hashtags: [] }),
    ];
    for (const call of refused) {
      await expect(call()).rejects.toMatchObject({ code: 'INTERNAL', message: INTERNAL_MESSAGE, detail: expect.stringMatching(/outside the paid-work kernel; nothing was sent/) });
    }
    expect(h.sim.state.totalSpent()).toBe(0);
    expect([...h.sim.state.calls.keys()].filter(touchesBalance)).toEqual([]);
    // Free reads need no pass.
    await expect(api.planInfo()).resolves.toMatchObject({ reports: expect.any(Object) });
    await expect(api.searchSandbox({ social_network: 'instagram', page: 1 })).resolves.toMatchObject({ results: expect.any(Array) });
  });

  it('lists every report operation, the PDFs, history, media, mentions, lists, search and analyses as balance-touching, and no free read', () => {
    for (const { operation } of Object.values(reportOperations)) expect(touchesBalance(operation), operation).toBe(true);
    for (const op of ['auditor.tiktokByUserId', 'auditor.instagramPdf', 'auditor.tiktokPdf', 'auditor.instagramHistory', 'auditor.twitterHistory', 'auditor.reportMedia', 'auditor.youtubeMedia', 'auditor.tiktokBrandMentions', 'auditor.youtubeBrandMentions', 'auditor.list', 'auditor.search', '/api/marketanalysis/instagramCompetitorAnalysis']) {
      expect(touchesBalance(op), op).toBe(true);
    }
    for (const op of ['auditor.planInfo', 'auditor.searchSandbox', 'auditor.games', 'auditor.creators', '/api/marketanalysis/instagramCompetitorAnalysis/posts', '/api/marketanalysis/instagramCompetitorAnalysis/abc']) {
      expect(touchesBalance(op), op).toBe(false);
    }
  });
});

describe('a restore while a paid run is out', () => {
  it('is refused, naming the run; once it ended, the restore keeps every spend in the ledger and the quote says what was paid but is not here', async () => {
    h = await productionHarness({ latencyMs: 150 });
    const p = h;
    await vi.waitFor(async () => expect(await p.call<BackupInfo[]>('workspace:backups', { workspace: 'production' })).toHaveLength(1));
    const [backup] = await p.call<BackupInfo[]>('workspace:backups', { workspace: 'production' });
    const run = p.call<DiscoveryRunResult>('discovery:run', { runId: 'r6', body, sandbox: false, fromPage: 1, toPage: 6, confirmedCalls: 6, workspace: 'production' });
    await vi.waitFor(() => expect(searches(p)).toBeGreaterThan(0));
    await expect(p.call('workspace:restoreBackup', { workspace: 'production', backupId: backup!.id })).rejects.toMatchObject({
      code: 'WORK_UNDER_WAY',
      message: expect.stringMatching(/^A discovery run \(pages 1–6\) is under way in the Production workspace\. .*Nothing was changed\.$/),
    });
    expect(await run).toMatchObject({ outcome: 'finished', pagesFetched: 6, callsSpent: 6 });
    const ws = p.services.active();
    expect(ws.ledger.totals().discoveryRequests).toBe(p.sim.state.spent.discoveryRequests);

    // Now the restore goes ahead: the backup predates the run, but what was spent is not rolled back.
    const state = await p.call<WorkspaceState>('workspace:restoreBackup', { workspace: 'production', backupId: backup!.id });
    expect(state.workspaces.find((w) => w.id === 'production')?.problem).toBeNull();
    const restored = p.services.active();
    expect(restored).not.toBe(ws);
    expect(restored.ledger.totals().discoveryRequests).toBe(6);
    expect(restored.ledger.open()).toEqual([]);
    const quote = await p.call<DiscoveryQuote>('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 6 });
    expect(quote).toMatchObject({ calls: 6, cachedPages: [] });
    expect(quote.paidNotHere.map((x) => x.page)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('closing the workspace waits for the page that is out: its spend is recorded before the database closes', async () => {
    h = await productionHarness({ latencyMs: 250 });
    const p = h;
    const run = p.call<DiscoveryRunResult>('discovery:run', { runId: 'closing', body, sandbox: false, fromPage: 1, toPage: 4, confirmedCalls: 4, workspace: 'production' });
    await vi.waitFor(() => expect(searches(p)).toBe(1), { interval: 5 });
    const ws = p.services.active();
    await p.services.workspaces.closeAll();
    // The run was stopped with the page in flight finished and kept; nothing after it was sent.
    expect(await run).toMatchObject({ outcome: 'cancelled', pagesFetched: 1, callsSpent: 1 });
    expect(searches(p)).toBe(1);
    expect(p.sim.state.spent.discoveryRequests).toBe(1);
    expect(ws.db.open).toBe(false);
    // Reopened from the file: the spend is there, settled.
    const reopened = p.services.active();
    expect(reopened.ledger.totals().discoveryRequests).toBe(1);
    expect(reopened.ledger.open()).toEqual([]);
  });
});

/** Fills the workspace file to the brim with ledger rows that spent nothing, then lets it grow no more: a real SQLITE_FULL for the next write that needs room. */
function fillDisk(ws: { db: Db }): void {
  // Compacted first: free pages a migration left (a table rebuilt) would be room the fillers and
  // the write under test share in whatever order the file's layout gives.
  ws.db.exec('VACUUM');
  ws.db.pragma(`max_page_count = ${ws.db.pragma('page_count', { simple: true }) as number}`);
  const filler = ws.db.prepare(`INSERT INTO credit_ledger (created_at, operation, balance, expected_cost, status, actual_cost, note) VALUES (?, 'filler', 'credits', 0, 'failed', 0, ?)`);
  for (let size = 400; size >= 0; size = size > 8 ? size - 8 : size - 1) {
    try {
      for (let i = 0; i < 100_000; i++) filler.run(Date.now(), 'x'.repeat(size));
    } catch (error) {
      if (!/full/.test((error as Error).message)) throw error;
    }
  }
}

describe('a full disk around a paid call', () => {
  it('before it: answers DISK_FULL in plain words and sends nothing', async () => {
    h = await productionHarness({ credits: 10 });
    fillDisk(h.services.active());
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 })).rejects.toMatchObject({
      code: 'DISK_FULL',
      message: expect.stringMatching(/^The disk is full, so Scout could not record the Twitch report of streamer in the spending ledger and did not send it\. Nothing was spent\./),
    });
    expect(h.sim.state.calls.get('auditor.twitch')).toBeUndefined();
    expect(h.sim.state.balances.credits).toBe(10);
  });

  it('while it is out: says it was sent and is settled later; with space again it is, once, before anything else is spent', async () => {
    h = await productionHarness({ credits: 10, latencyMs: 200 });
    const p = h;
    const ws = p.services.active();
    const fetching = p.call('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 });
    // The row is written before sending; the disk fills while the request is out.
    await vi.waitFor(() => expect(ws.ledger.open()).toHaveLength(1), { interval: 5 });
    fillDisk(ws);
    await expect(fetching).rejects.toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/could not finish recording the Twitch report of streamer.*It was sent and may have been charged/) });
    expect(p.sim.state.spent.credits).toBe(1);
    expect(ws.ledger.open()).toHaveLength(1);
    // Space again (the fillers go): the pending row is settled from the balances first, and the
    // refetch of the now-unlocked report is free.
    ws.db.prepare(`DELETE FROM credit_ledger WHERE operation = 'filler'`).run();
    ws.db.pragma('max_page_count = 1073741823');
    await p.call('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 }).catch(() => undefined);
    expect(ws.ledger.open()).toEqual([]);
    expect(ws.ledger.totals().credits).toBe(1);
    expect(p.sim.state.spent.credits).toBe(1);
  });
});

describe('an analysis paid for whose answer was lost', () => {
  it('is not asked for again, is booked once, and the Competitor page lists it until the brand is analysed again', async () => {
    const sim = await startSimulator({ analysisMs: 50 });
    // The simulator's analyses cost nothing (the reference does not say): the lost one is charged a credit as its answer is cut.
    const proxy = await lossyProxy(
      sim.url,
      (pathname, method) => method === 'POST' && /\/instagramCompetitorAnalysis\/?$/.test(pathname),
      () => void (sim.state.balances.credits -= 1),
    );
    const p = await productionHarnessWith({ sim, baseUrl: proxy.url, services: { apiTimeoutMs: 2000, transport: { retry: { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 } } } });
    try {
      const create: RequestOf<'competitor:create'> = { username: 'nike', dateFrom: '2026-01-01', dateTo: '2026-02-01', audienceGeo: [], hashtags: [], acceptMayCost: true, workspace: 'production' };
      proxy.state.lose = 1;
      const before = sim.state.calls.get('marketanalysis') ?? 0;
      const lost = await p.result('competitor:create', create);
      expect(lost).toMatchObject({ ok: false, error: { code: 'PAID_ANSWER_LOST', message: expect.stringMatching(/^The competitor analysis of nike was paid for, but its answer was lost on the way\. Scout did not ask again/) } });
      // Sent once, booked once.
      expect((sim.state.calls.get('marketanalysis') ?? 0) - before).toBe(1);
      const ws = p.services.active();
      expect(ws.ledger.entries().filter((e) => e.operation === 'competitor').map((e) => [e.status, e.actualCost])).toEqual([['resolved', 1]]);
      expect(await p.ok('competitor:lost', {})).toEqual([{ username: 'nike', paidAt: expect.any(Number) }]);
      // Analysed again (this time its answer arrives): no longer listed as lost; the ledger keeps both.
      await p.ok('competitor:create', create);
      expect(await p.ok('competitor:lost', {})).toEqual([]);
      expect(ws.ledger.entries().filter((e) => e.operation === 'competitor')).toHaveLength(2);
    } finally {
      await p.close();
      await proxy.close();
      await sim.close();
    }
  });
});

describe('progress events', () => {
  it('carry their workspace, and word an unexpected failure as an RPC error does, keeping the cause out of the text', async () => {
    h = await productionHarness();
    const ws = h.services.active();
    const events: ReportProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'reports:changed' && events.push(e.payload as ReportProgress));
    ws.reportsRepo.saveSnapshot = () => {
      throw new Error('SQLITE_MISUSE at /home/researcher/.scout/internal detail');
    };
    const result = await h.result('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } });
    expect(events.length).toBeGreaterThan(1);
    for (const e of events) expect(e.workspace).toBe('production');
    expect(events.at(-1)).toMatchObject({ phase: 'finished', error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } });
    expect(JSON.stringify(events)).not.toContain('/home/researcher');
  });
});
