// Discovery attacked where it spends: two runs of one query at once (two windows, a double
// click, two spellings), an answer lost after the API charged for the page, a cost that changed
// between quote and run, sandbox pages against production ones, a workspace switched mid-run,
// and requests built to hurt (huge, prototype keys, deep nesting, bad pages). Against the
// simulator over loopback, through a proxy that can lose an answer after the API acted, with a
// real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../app/mainServices';
import { startSimulator, type SimulatorHandle } from '../../../simulator/server';
import { accountProfile } from '../../../simulator/data/profile';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import { lossyProxy } from '../../../../test/lossyProxy';
import type { RequestOf } from '@shared/contract';
import type { DiscoveryProgress } from '@shared/discoveryData';
import type { Result } from '@shared/errors';

let sim: SimulatorHandle;
let proxy: Awaited<ReturnType<typeof lossyProxy>>;
let h: ProductionHarness;
let services: MainServices;
const call: ProductionHarness['result'] = (channel, request) => h.result(channel, request);
const ok: ProductionHarness['ok'] = (channel, request) => h.ok(channel, request);
const searches = () => sim.state.calls.get('auditor.search') ?? 0;
const allCalls = () => [...sim.state.calls.values()].reduce((a, b) => a + b, 0);
const discoverySpent = () => sim.state.spent.discoveryRequests;
const ledgerSpent = () => services.active().ledger.totals().discoveryRequests;

beforeAll(async () => {
  sim = await startSimulator({ generationMs: 30, discovery: 5000, latencyMs: 40, seed: 'discovery-attack' });
  // Answers of auditor.search can be lost after the simulator answered (and charged).
  proxy = await lossyProxy(sim.url, (pathname) => /\/auditor\.search\/?$/.test(pathname));
  h = await productionHarnessWith({
    sim,
    baseUrl: proxy.url,
    services: {
      // Generous: a loaded machine must not turn a slow answer into a lost one (the proxy loses them on purpose).
      apiTimeoutMs: 20_000,
      transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } },
      polling: { pollDelayMs: () => 20 },
    },
  });
  services = h.services;
});

afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await sim?.close();
});

describe('two runs of one query at the same time', () => {
  it('pays each page once when two windows run overlapping pages, however the query is spelled', async () => {
    const body = { social_network: 'youtube', subscribers_count: { from: 10_000 } };
    const sameAgain = { subscribers_count: { from: '10000' }, social_network: ' YouTube ' };
    const before = { searches: searches(), spent: discoverySpent(), ledger: ledgerSpent() };
    const q1 = await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 3 });
    const q2 = await ok('discovery:quote', { body: sameAgain, sandbox: false, fromPage: 2, toPage: 4 });
    const q3 = await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 3 });
    expect([q1.calls, q2.calls, q3.calls]).toEqual([3, 3, 3]);
    // Window one, window two (another spelling), and a double click in window one.
    const runs = await Promise.all([
      ok('discovery:run', { runId: 'w1', body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 3, workspace: 'production' }),
      ok('discovery:run', { runId: 'w2', body: sameAgain, sandbox: false, fromPage: 2, toPage: 4, confirmedCalls: 3, workspace: 'production' }),
      ok('discovery:run', { runId: 'w1-again', body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 3, workspace: 'production' }),
    ]);
    expect(runs.map((r) => [r.outcome, r.message])).toEqual([0, 1, 2].map(() => ['finished', null]));
    // Four distinct pages: four searches, four calls charged, four booked.
    expect(searches() - before.searches).toBe(4);
    expect(discoverySpent() - before.spent).toBe(4);
    expect(ledgerSpent() - before.ledger).toBe(4);
    // Each run says what it spent itself, not what the other runs spent meanwhile.
    expect(runs.reduce((s, r) => s + r.callsSpent, 0)).toBe(4);
    for (const r of runs) expect(r.callsSpent).toBe(r.pagesFetched);
    expect((await ok('discovery:results', { body: sameAgain, sandbox: false })).pages).toEqual([1, 2, 3, 4]);
  });
});

describe('an answer lost after the API charged for the page', () => {
  it('is not sent again, is booked, and the run says it was paid for', async () => {
    const body = { social_network: 'instagram', er: { from: 2 } };
    const before = { searches: searches(), spent: discoverySpent(), ledger: ledgerSpent() };
    const saved = await ok('discovery:saveQuery', { name: 'Lossy', body });
    proxy.state.lose = 1;
    const r = await ok('discovery:run', { runId: 'lost', queryId: saved.id, body, sandbox: false, fromPage: 1, toPage: 2, confirmedCalls: 2, workspace: 'production' });
    expect(proxy.state.lost).toBe(1);
    // Sent once: the transport did not send a paid page again after losing its answer.
    expect(searches() - before.searches).toBe(1);
    expect(discoverySpent() - before.spent).toBe(1);
    expect(r).toMatchObject({ outcome: 'failed', pagesFetched: 0, callsSpent: 1 });
    expect(r.message).toMatch(/was paid for, but its answer was lost/);
    // Booked, not left open; the history says the same.
    expect(ledgerSpent() - before.ledger).toBe(1);
    expect(services.active().ledger.open()).toHaveLength(0);
    expect((await ok('discovery:queries', {})).find((q) => q.id === saved.id)!.runs[0]).toMatchObject({ outcome: 'failed', callsSpent: 1 });
    // The page never came: asking for it again is quoted as a call, not hidden, and the quote says it was paid once already.
    expect(await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 1 })).toMatchObject({ calls: 1, cachedPages: [], paidNotHere: [{ page: 1, paidAt: expect.any(Number) }] });
  });
});

describe('a cost that changed between quote and run', () => {
  it('refuses, sending nothing, when a page was cached meanwhile; the new quote then holds exactly', async () => {
    const body = { social_network: 'twitch', twitch_active_days_per_week: { from: 1 } };
    const quote = await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 3 });
    expect(quote.calls).toBe(3);
    // Another window fetches page 2 in between.
    await ok('discovery:run', { runId: 'between', body, sandbox: false, fromPage: 2, toPage: 2, confirmedCalls: 1, workspace: 'production' });
    const before = { searches: searches(), spent: discoverySpent() };
    const stale = await call('discovery:run', { runId: 'stale', body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 3, workspace: 'production' });
    expect(!stale.ok && stale.error.code).toBe('COST_CHANGED');
    expect(searches()).toBe(before.searches);
    // Confirming fewer than needed is refused just the same.
    const short = await call('discovery:run', { runId: 'short', body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 1, workspace: 'production' });
    expect(!short.ok && short.error.code).toBe('COST_CHANGED');
    const again = await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 3 });
    expect(again).toMatchObject({ calls: 2, cachedPages: [2], pagesToFetch: [1, 3] });
    const r = await ok('discovery:run', { runId: 'fresh', body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 2, workspace: 'production' });
    expect(r).toMatchObject({ outcome: 'finished', pagesFetched: 2, pagesFromCache: 1, callsSpent: 2 });
    expect(discoverySpent() - before.spent).toBe(2);
  });
});

describe('sandbox and production pages', () => {
  it('never answer for each other: in quotes, runs or results', async () => {
    const body = { social_network: 'tiktok', er: { from: 1 } };
    await ok('discovery:run', { runId: 'prod-first', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production' });
    const sandboxQuote = await ok('discovery:quote', { body, sandbox: true, fromPage: 1, toPage: 1 });
    expect(sandboxQuote).toMatchObject({ cachedPages: [], pagesToFetch: [1], calls: 0 });
    expect((await ok('discovery:results', { body, sandbox: true })).rows).toHaveLength(0);
    const sandboxCalls = sim.state.calls.get('auditor.searchSandbox') ?? 0;
    const spent = discoverySpent();
    const sb = await ok('discovery:run', { runId: 'sb-after', body, sandbox: true, fromPage: 1, toPage: 2, confirmedCalls: 0, workspace: 'production' });
    expect(sb).toMatchObject({ pagesFetched: 2, pagesFromCache: 0, callsSpent: 0 });
    expect(sim.state.calls.get('auditor.searchSandbox')).toBe(sandboxCalls + 2);
    expect(discoverySpent()).toBe(spent);
    // The sandbox's page 2 does not make production's page 2 free.
    expect(await ok('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 2 })).toMatchObject({ cachedPages: [1], pagesToFetch: [2], calls: 1 });
    const prodRows = (await ok('discovery:results', { body, sandbox: false })).rows;
    const sandboxRows = (await ok('discovery:results', { body, sandbox: true })).rows;
    expect(prodRows.every((r) => r.page === 1)).toBe(true);
    expect(sandboxRows.map((r) => r.page)).toContain(2);
  });
});

describe('a workspace switched during a run', () => {
  it('sends no further page once another workspace is active, keeps what was paid, and says why', async () => {
    const body = { social_network: 'youtube', subscribers_count: { from: 50_000 } };
    const before = { searches: searches(), spent: discoverySpent() };
    const production = services.active();
    let switched = false;
    const off = services.events.subscribe((e) => {
      const p = e.payload as DiscoveryProgress;
      if (e.name === 'discovery:changed' && p.runId === 'switch' && p.page === 2 && !switched) {
        switched = true;
        void services.switchWorkspace('demo');
      }
    });
    try {
      const r = await ok('discovery:run', { runId: 'switch', body, sandbox: false, fromPage: 1, toPage: 8, confirmedCalls: 8, workspace: 'production' });
      expect(switched).toBe(true);
      expect(r.pagesFetched).toBe(2);
      expect(r.callsSpent).toBe(2);
      expect(r.outcome).not.toBe('finished');
      expect(r.message).toMatch(/workspace/i);
      expect(searches() - before.searches).toBe(2);
      expect(discoverySpent() - before.spent).toBe(2);
      expect(production.ledger.open()).toHaveLength(0);
      expect(production.discovery.results({ body, sandbox: false }).pages).toEqual([1, 2]);
    } finally {
      off();
      await services.switchWorkspace('production');
    }
  });
});

describe('requests built to hurt', () => {
  let n = 0;
  const run = (body: unknown, extra: Record<string, unknown> = {}) =>
    call('discovery:run', { runId: `bad-${n++}`, body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production', ...extra } as RequestOf<'discovery:run'>);

  it('refuses each with INVALID_INPUT, a short answer, nothing sent and nothing polluted', async () => {
    const before = allCalls();
    let deep: unknown = { from: 1 };
    for (let i = 0; i < 20_000; i++) deep = { deeper: deep };
    const manyKeys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}_${'x'.repeat(50)}`, 1]));
    const cases: [string, Promise<Result<unknown>>][] = [
      ['60,000 unknown filters', run({ social_network: 'instagram', ...manyKeys })],
      ['a 10,000-character filter name', run({ social_network: 'instagram', ['n'.repeat(10_000)]: 1 })],
      ['a 2 MB keyword', run({ social_network: 'instagram', search: ['w'.repeat(2_000_000)] })],
      ['a prototype key', run(JSON.parse('{"social_network":"instagram","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'))],
      ['deep nesting in a filter', run({ social_network: 'instagram', er: deep })],
      ['deep nesting in an unknown key', run({ social_network: 'instagram', whatever: deep })],
      ['page 0', run({ social_network: 'instagram' }, { fromPage: 0, toPage: 0 })],
      ['page 501', run({ social_network: 'instagram' }, { fromPage: 501, toPage: 501 })],
      ['page NaN', run({ social_network: 'instagram' }, { fromPage: Number.NaN, toPage: 1 })],
      ['page 1.5', run({ social_network: 'instagram' }, { fromPage: 1.5, toPage: 2 })],
      ['confirmedCalls -1', run({ social_network: 'instagram' }, { confirmedCalls: -1 })],
      ['a body that is an array', run([{ social_network: 'instagram' }])],
      ['a body that is a string', run('{"social_network":"instagram"}')],
      ['a 10,000-character name', call('discovery:saveQuery', { name: 'q'.repeat(10_000), body: { social_network: 'instagram' } })],
      ['a quote of 60,000 unknown filters', call('discovery:quote', { body: { social_network: 'instagram', ...manyKeys }, sandbox: false, fromPage: 1, toPage: 1 })],
      ['results of 60,000 unknown filters', call('discovery:results', { body: { social_network: 'instagram', ...manyKeys }, sandbox: false })],
    ];
    for (const [what, pending] of cases) {
      const r = await pending;
      expect(r.ok, what).toBe(false);
      if (r.ok) continue;
      expect(r.error.code, what).toBe('INVALID_INPUT');
      // A short answer however large the request: it crosses IPC and is shown beside fields.
      expect(JSON.stringify(r.error).length, what).toBeLessThan(4000);
      expect(Object.keys(r.error.fields ?? {}).length, what).toBeLessThanOrEqual(10);
    }
    expect(allCalls()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await ok('discovery:queries', {})).toSatisfy((qs: { name: string }[]) => qs.every((q) => q.name.length <= 120));
  });
});

describe('quotes that know what is already unlocked', () => {
  it('does not quote free an account whose username is another unlocked account’s platform id', async () => {
    // Unlock @collide_owner here; then ask about the Twitter handle that is spelled as its id.
    const owner = 'collide_owner';
    const ownerId = accountProfile('twitter', owner).id;
    expect(ownerId).toMatch(/^\d{1,15}$/);
    await ok('reports:fetch', { network: 'twitter', account: owner, confirmedCost: 1, workspace: 'production' } as RequestOf<'reports:fetch'>);
    const quote = await ok('reports:quote', { network: 'twitter', account: ownerId } as RequestOf<'reports:quote'>);
    const before = { credits: sim.state.balances.credits, booked: services.active().ledger.totals().credits };
    // The researcher fetches at the cost quoted: what the API takes must be what was said, and booked.
    await ok('reports:fetch', { network: 'twitter', account: ownerId, confirmedCost: quote.cost, workspace: 'production' } as RequestOf<'reports:fetch'>);
    const taken = before.credits - sim.state.balances.credits;
    expect(taken).toBe(1); // @<digits> is another account: the API charges for it.
    expect(quote).toMatchObject({ cost: taken, reason: 'new' });
    expect(services.active().ledger.totals().credits - before.booked).toBe(taken);
  });
});
