// The ledger against answers that try to talk it into a wrong figure: no restTokens and no
// planInfo after a charge, restTokens -1, a TikTok advanced report drawn from report credits,
// balances moving during a call, calls whose cost the spec leaves open, and a second Scout on
// another data folder spending from the same API account at the same time.
import { afterEach, describe, expect, it } from 'vitest';
import type { CostQuote, ReportProgress, SpendingRow } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../test/productionHarness';

let harnesses: ProductionHarness[] = [];
afterEach(async () => {
  // The second Scout first: it shares the first one's simulator.
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});

async function harness(...args: Parameters<typeof productionHarness>) {
  const h = await productionHarness(...args);
  harnesses.push(h);
  return h;
}

function phaseSeen(h: ProductionHarness, phase: ReportProgress['phase']): Promise<void> {
  return new Promise((resolve) => {
    const off = h.services.events.subscribe((e) => {
      if (e.name === 'reports:changed' && (e.payload as ReportProgress).phase === phase) {
        off();
        resolve();
      }
    });
  });
}

const at = (ms: number, fn: () => void) => setTimeout(fn, ms);

describe('a paid request once sent is never booked as failed', () => {
  it('an answer without restTokens and a planInfo that fails after the charge: the report is saved, the entry stays open, then resolves at 1', async () => {
    const h = await harness({ generationMs: 30 });
    h.sim.state.quirks = { restTokens: 'absent', planInfo: 'down-after-charge' };
    const report = await h.call('reports:fetch', { network: 'twitch', account: 'quiet', confirmedCost: 1 });
    expect(report).toMatchObject({ accountKey: 'quiet', state: 'READY' });
    const ws = h.services.active();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'unknown', expectedCost: 1, accountKey: 'quiet' })]);
    // Nothing else that may spend goes out while its cost is not known.
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'next', confirmedCost: 1 })).rejects.toMatchObject({ code: 'LEDGER_UNRESOLVED' });
    expect(h.sim.state.spent.credits).toBe(1);

    h.sim.state.quirks.planInfo = 'up';
    await h.call('reports:fetch', { network: 'twitch', account: 'next', confirmedCost: 1 });
    expect(ws.ledger.entries().map((e) => [e.accountKey, e.status, e.actualCost])).toEqual([
      ['quiet', 'resolved', 1],
      ['next', 'settled', 1],
    ]);
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
  });

  it('cancelled while generating after such an answer, the next quote says paid but not fetched, never new', async () => {
    const h = await harness({ generationMs: 60_000 }, { pollDelayMs: () => 50 });
    h.sim.state.quirks = { restTokens: 'absent', planInfo: 'down-after-charge' };
    const generating = phaseSeen(h, 'generating');
    const pending = h.call('reports:fetch', { network: 'twitch', account: 'halfway', confirmedCost: 1 });
    await generating;
    await h.call('reports:cancel', { network: 'twitch', account: 'halfway' });
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    const ws = h.services.active();
    expect(ws.ledger.entries().some((e) => e.status === 'failed')).toBe(false);
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'halfway' })).toMatchObject({ cost: 1, reason: 'paid-not-fetched' });

    h.sim.state.quirks.planInfo = 'up';
    await ws.paid.settleOpenEntries();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'resolved', actualCost: 1 })]);
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'halfway' })).toMatchObject({ reason: 'paid-not-fetched' });
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
  });

  it('reads restTokens -1 as no balance, never as one that booked 1,001 credits', async () => {
    const h = await harness({ generationMs: 0 });
    h.sim.state.quirks = { restTokens: -1, planInfo: 'down-after-charge' };
    await h.call('reports:fetch', { network: 'instagram', account: 'minusone', confirmedCost: 1 });
    const ws = h.services.active();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'unknown', actualCost: null })]);
    h.sim.state.quirks.planInfo = 'up';
    await ws.paid.settleOpenEntries();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'resolved', actualCost: 1 })]);
    expect(ws.ledger.totals().credits).toBe(1);
  });

  it('settles from a plausible restTokens when planInfo is down, and from nothing implausible', async () => {
    const h = await harness({ generationMs: 0 });
    h.sim.state.quirks = { planInfo: 'down-after-charge' };
    await h.call('reports:fetch', { network: 'snapchat', account: 'told', confirmedCost: 1 });
    const ws = h.services.active();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'settled', actualCost: 1, balanceAfter: 999 })]);
    h.sim.state.quirks = { restTokens: 1e12, planInfo: 'down-after-charge' };
    await h.call('reports:fetch', { network: 'snapchat', account: 'boasted', confirmedCost: 1 });
    expect(ws.ledger.get(2)).toMatchObject({ status: 'unknown', actualCost: null });
    h.sim.state.quirks = {};
    await ws.paid.settleOpenEntries();
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
  });
});

describe('the cost is what moved, from whichever balance the API drew', () => {
  it('books a TikTok advanced report drawn from report credits on report credits', async () => {
    const h = await harness({ generationMs: 0 });
    h.sim.state.quirks = { tiktokAdvancedFrom: 'credits' };
    await h.call('reports:fetch', { network: 'tiktok', account: 'drawn', tiktokType: 'advanced_report', confirmedCost: 1 });
    h.sim.state.quirks = {};
    await h.call('reports:fetch', { network: 'tiktok', account: 'usual', tiktokType: 'advanced_report', confirmedCost: 1 });
    const ws = h.services.active();
    expect(ws.ledger.entries().map((e) => [e.accountKey, e.balance, e.actualCost, e.outside])).toEqual([
      ['drawn', 'credits', 1, 0],
      ['usual', 'advancedReports', 1, 0],
    ]);
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);
    // Paid is paid, whichever balance paid: a cancelled fetch of it would be quoted as paid.
    expect(await h.call<CostQuote>('reports:quote', { network: 'tiktok', account: 'drawn', tiktokType: 'advanced_report' })).toMatchObject({ cost: 0 });
  });

  it('never books one call at more than it can cost: the rest is flagged as moved outside Scout', async () => {
    const h = await harness({ generationMs: 0, latencyMs: 150 });
    // Someone spends three credits in the web app while Scout's request is out.
    const pending = h.call('reports:fetch', { network: 'twitch', account: 'busyday', confirmedCost: 1 });
    at(220, () => (h.sim.state.balances.credits -= 3));
    await pending;
    const ws = h.services.active();
    expect(ws.ledger.entries()).toEqual([expect.objectContaining({ status: 'settled', actualCost: 1, outside: 3 })]);
    const rows = await h.call<SpendingRow[]>('ledger:spending', {});
    expect(rows).toEqual([expect.objectContaining({ accountKey: 'busyday', spent: 1, outside: 3 })]);
  });

  it('observes calls whose cost the spec leaves open: a balance that moves during media is booked, at most one', async () => {
    const h = await harness({ generationMs: 0, latencyMs: 120 });
    await h.call('reports:fetch', { network: 'instagram', account: 'pictures', confirmedCost: 1 });
    const pending = h.call('media:get', { network: 'instagram', account: 'pictures' });
    at(180, () => (h.sim.state.balances.credits -= 2));
    await pending;
    const ws = h.services.active();
    expect(ws.ledger.entries().map((e) => [e.operation, e.status, e.actualCost, e.outside])).toEqual([
      ['report', 'settled', 1, 0],
      ['media', 'settled', 1, 1],
    ]);
    // Brand mentions with nothing moving: observed and booked at nothing.
    await h.call('mentions:get', { network: 'tiktok', account: 'pictures' });
    expect(ws.ledger.entries().at(-1)).toMatchObject({ operation: 'mentions', status: 'settled', actualCost: 0, outside: 0 });
  });
});

describe('two Scouts on one API account', () => {
  it("flags the other's spending, never books it twice: together the ledgers equal what the API took", async () => {
    const a = await harness({ generationMs: 0, latencyMs: 40 });
    const b = await harness({}, {}, a.sim);
    const fetchAll = (h: ProductionHarness, prefix: string) =>
      Promise.all(Array.from({ length: 8 }, (_, i) => h.call('reports:fetch', { network: 'twitch', account: `${prefix}${i}`, confirmedCost: 1 })));
    await Promise.all([fetchAll(a, 'alpha'), fetchAll(b, 'beta')]);
    const ledgers = [a, b].map((h) => h.services.active().ledger);
    expect(ledgers[0]!.totals().credits + ledgers[1]!.totals().credits).toBe(a.sim.state.spent.credits);
    expect(a.sim.state.spent.credits).toBe(16);
    const entries = ledgers.flatMap((l) => l.entries());
    expect(entries.every((e) => e.actualCost === 1)).toBe(true);
    // The windows overlapped: the other's spending was seen, and flagged.
    expect(entries.filter((e) => e.outside > 0).length).toBeGreaterThan(0);
    const rows = [...(await a.call<SpendingRow[]>('ledger:spending', {})), ...(await b.call<SpendingRow[]>('ledger:spending', {}))];
    expect(rows.some((r) => r.outside > 0)).toBe(true);
  });
});
