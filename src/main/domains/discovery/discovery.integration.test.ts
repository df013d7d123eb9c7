// Discovery end to end in main, through the contract's dispatcher: saved queries, quotes, sandbox
// and production runs against the simulator over loopback (production pages through the ledger's
// gate), cancel, the page-500 limit, cached results offline, and the shortlist, in a real SQLite
// file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../app/mainServices';
import type { SimulatorHandle } from '../../../simulator/server';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import type { DiscoveryProgress } from '@shared/discoveryData';

let h: ProductionHarness;
let sim: SimulatorHandle;
let services: MainServices;
const progress: DiscoveryProgress[] = [];
const call: ProductionHarness['result'] = (channel, request) => h.result(channel, request);
const ok: ProductionHarness['ok'] = (channel, request) => h.ok(channel, request);
const searches = () => sim.state.calls.get('auditor.search') ?? 0;
const sandboxSearches = () => sim.state.calls.get('auditor.searchSandbox') ?? 0;
const ledgerDiscovery = () => services.active().ledger.totals().discoveryRequests;

/** 2 pages in the simulator's universe (Instagram accounts with 5 M followers or more). */
const bigAccounts = { social_network: 'instagram', subscribers_count: { from: 5_000_000 } };
/** The same query spelled another way: it shares its pages. */
const bigAccountsAgain = { subscribers_count: { from: 5_000_000 }, social_network: 'instagram' };
const everyone = { social_network: 'youtube' };

beforeAll(async () => {
  h = await productionHarnessWith({ simOptions: { generationMs: 50, discovery: 5000, seed: 'discovery-test' } });
  ({ sim, services } = h);
  services.events.subscribe((e) => {
    if (e.name === 'discovery:changed') progress.push(e.payload as DiscoveryProgress);
  });
});

afterAll(() => h?.close());

describe('saved queries', () => {
  it('saves, duplicates, renames and deletes; refuses a bad body at its field', async () => {
    const saved = await ok('discovery:saveQuery', { name: '  Big accounts ', body: bigAccounts });
    expect(saved).toMatchObject({ name: 'Big accounts', network: 'instagram', runs: [] });
    expect(saved.body).toMatchObject(bigAccounts);
    const copy = await ok('discovery:duplicateQuery', { id: saved.id });
    expect(copy.name).toBe('Big accounts (copy)');
    expect(copy.id).not.toBe(saved.id);
    const renamed = await ok('discovery:renameQuery', { id: copy.id, name: 'Giants' });
    expect(renamed.name).toBe('Giants');
    expect((await ok('discovery:queries', {})).map((q) => q.name)).toEqual(['Giants', 'Big accounts']);
    const bad = await call('discovery:saveQuery', { name: 'No network', body: { subscribers_count: { from: 1 } } });
    expect(!bad.ok && bad.error.code).toBe('INVALID_INPUT');
    expect(!bad.ok && bad.error.fields?.social_network).toBeTruthy();
    const noName = await call('discovery:saveQuery', { name: '   ', body: bigAccounts });
    expect(!noName.ok && noName.error.fields?.name).toMatch(/name/);
    expect(await ok('discovery:deleteQuery', { id: copy.id })).toEqual({ deleted: true });
    expect(await ok('discovery:deleteQuery', { id: copy.id })).toEqual({ deleted: false });
    const gone = await call('discovery:renameQuery', { id: copy.id, name: 'x' });
    expect(!gone.ok && gone.error.code).toBe('INVALID_INPUT');
    expect(await ok('discovery:queries', {})).toHaveLength(1);
  });
});

describe('runs', () => {
  it('quotes for free: pages to fetch, calls, and the calls left', async () => {
    const before = searches();
    const quote = await ok('discovery:quote', { body: bigAccounts, sandbox: false, fromPage: 1, toPage: 5 });
    expect(quote).toMatchObject({ sandbox: false, cachedPages: [], pagesToFetch: [1, 2, 3, 4, 5], calls: 5, queriesLeft: 5000, totalPages: null });
    const sandbox = await ok('discovery:quote', { body: bigAccounts, sandbox: true, fromPage: 1, toPage: 5 });
    expect(sandbox.calls).toBe(0);
    expect(searches()).toBe(before);
    const range = await call('discovery:quote', { body: bigAccounts, sandbox: false, fromPage: 3, toPage: 2 });
    expect(!range.ok && range.error.fields?.toPage).toBeTruthy();
    const past = await call('discovery:quote', { body: bigAccounts, sandbox: false, fromPage: 1, toPage: 501 });
    expect(!past.ok && past.error.fields?.toPage).toMatch(/500/);
  });

  it('runs the sandbox for nothing, and keeps its pages apart from production', async () => {
    const left = sim.state.balances.discoveryRequests;
    const r = await ok('discovery:run', { runId: 'sb1', body: bigAccounts, sandbox: true, fromPage: 1, toPage: 2, confirmedCalls: 0, workspace: 'production' });
    expect(r).toMatchObject({ outcome: 'finished', pagesFetched: 2, callsSpent: 0 });
    expect(sandboxSearches()).toBe(2);
    expect(sim.state.balances.discoveryRequests).toBe(left);
    expect(ledgerDiscovery()).toBe(0);
    expect((await ok('discovery:results', { body: bigAccounts, sandbox: true })).rows).toHaveLength(40);
    // A sandbox page never answers a production view, nor a production quote.
    expect((await ok('discovery:results', { body: bigAccounts, sandbox: false })).rows).toHaveLength(0);
    expect((await ok('discovery:quote', { body: bigAccounts, sandbox: false, fromPage: 1, toPage: 2 })).calls).toBe(2);
  });

  it('spends one call per page in production, stops at the last page, and records the run', async () => {
    const [query] = await ok('discovery:queries', {});
    const left = sim.state.balances.discoveryRequests;
    progress.length = 0;
    const r = await ok('discovery:run', { runId: 'p1', queryId: query!.id, body: bigAccounts, sandbox: false, fromPage: 1, toPage: 5, confirmedCalls: 5, workspace: 'production' });
    // The API has two pages of this query: the run stops there.
    expect(r).toMatchObject({ outcome: 'finished', pagesFetched: 2, pagesFromCache: 0, callsSpent: 2, totalPages: 2, queriesLeft: left - 2 });
    expect(sim.state.balances.discoveryRequests).toBe(left - 2);
    expect(ledgerDiscovery()).toBe(2);
    expect(services.active().ledger.open()).toHaveLength(0);
    expect(progress.at(-1)).toMatchObject({ runId: 'p1', phase: 'finished', done: 2, total: 2 });
    expect(progress.filter((p) => p.page !== null).map((p) => p.page)).toEqual([1, 2]);
    const history = (await ok('discovery:queries', {}))[0]!.runs;
    expect(history[0]).toMatchObject({ sandbox: false, fromPage: 1, toPage: 5, pagesFetched: 2, callsSpent: 2, outcome: 'finished' });
  });

  it('re-runs from the cache for nothing, whatever the spelling of the query', async () => {
    const before = { searches: searches(), left: sim.state.balances.discoveryRequests };
    const quote = await ok('discovery:quote', { body: bigAccountsAgain, sandbox: false, fromPage: 1, toPage: 5 });
    expect(quote).toMatchObject({ cachedPages: [1, 2], pagesToFetch: [], calls: 0, totalPages: 2 });
    const r = await ok('discovery:run', { runId: 'p2', body: bigAccountsAgain, sandbox: false, fromPage: 1, toPage: 5, confirmedCalls: 0, workspace: 'production' });
    expect(r).toMatchObject({ pagesFetched: 0, pagesFromCache: 2, callsSpent: 0, outcome: 'finished' });
    expect(searches()).toBe(before.searches);
    expect(sim.state.balances.discoveryRequests).toBe(before.left);
    expect(ledgerDiscovery()).toBe(2);
  });

  it('refuses a run whose cost changed, sending nothing', async () => {
    const before = searches();
    const r = await call('discovery:run', { runId: 'c1', body: everyone, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 2, workspace: 'production' });
    expect(!r.ok && r.error.code).toBe('COST_CHANGED');
    const cached = await call('discovery:run', { runId: 'c2', body: bigAccounts, sandbox: false, fromPage: 1, toPage: 2, confirmedCalls: 2, workspace: 'production' });
    expect(!cached.ok && cached.error.code).toBe('COST_CHANGED');
    const elsewhere = await call('discovery:run', { runId: 'c3', body: everyone, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'demo' });
    expect(!elsewhere.ok && elsewhere.error.code).toBe('WORKSPACE_CHANGED');
    const invalid = await call('discovery:run', { runId: 'c4', body: { social_network: 'myspace' }, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production' });
    expect(!invalid.ok && invalid.error.fields?.social_network).toBeTruthy();
    expect(searches()).toBe(before);
  });

  it('cancels between pages and keeps the pages fetched', async () => {
    const left = sim.state.balances.discoveryRequests;
    const seen: number[] = [];
    const unsubscribe = services.events.subscribe((e) => {
      const p = e.payload as DiscoveryProgress;
      if (e.name === 'discovery:changed' && p.runId === 'x1' && p.page !== null) {
        seen.push(p.page);
        if (seen.length === 3) void call('discovery:cancel', { runId: 'x1' });
      }
    });
    const r = await ok('discovery:run', { runId: 'x1', body: everyone, sandbox: false, fromPage: 1, toPage: 20, confirmedCalls: 20, workspace: 'production' });
    unsubscribe();
    expect(r.outcome).toBe('cancelled');
    expect(r.pagesFetched).toBeGreaterThanOrEqual(3);
    expect(r.pagesFetched).toBeLessThan(20);
    expect(sim.state.balances.discoveryRequests).toBe(left - r.pagesFetched);
    expect(r.callsSpent).toBe(r.pagesFetched);
    const results = await ok('discovery:results', { body: everyone, sandbox: false });
    expect(results.pages).toEqual(Array.from({ length: r.pagesFetched }, (_, i) => i + 1));
    expect(await ok('discovery:cancel', { runId: 'x1' })).toEqual({ cancelled: false });
  });

  it('ends a run that runs out of discovery calls as failed, keeping the pages it paid for', async () => {
    const [query] = await ok('discovery:queries', {});
    const body = { social_network: 'tiktok' };
    const saved = sim.state.balances.discoveryRequests;
    sim.state.balances.discoveryRequests = 1;
    try {
      const r = await ok('discovery:run', { runId: 'dry', queryId: query!.id, body, sandbox: false, fromPage: 1, toPage: 3, confirmedCalls: 3, workspace: 'production' });
      expect(r).toMatchObject({ outcome: 'failed', pagesFetched: 1, callsSpent: 1 });
      expect(r.message).toBeTruthy();
      expect((await ok('discovery:results', { body, sandbox: false })).pages).toEqual([1]);
      expect((await ok('discovery:queries', {}))[0]!.runs[0]).toMatchObject({ outcome: 'failed', pagesFetched: 1, callsSpent: 1 });
      expect(services.active().ledger.open()).toHaveLength(0);
    } finally {
      sim.state.balances.discoveryRequests = saved;
    }
  });

  it('fetches up to page 500 and never past it', async () => {
    const before = searches();
    const r = await ok('discovery:run', { runId: 'end', body: everyone, sandbox: false, fromPage: 499, toPage: 500, confirmedCalls: 2, workspace: 'production' });
    expect(r).toMatchObject({ pagesFetched: 2, totalPages: 500, outcome: 'finished' });
    expect(searches()).toBe(before + 2);
    const past = await call('discovery:run', { runId: 'past', body: everyone, sandbox: false, fromPage: 500, toPage: 501, confirmedCalls: 1, workspace: 'production' });
    expect(!past.ok && past.error.code).toBe('INVALID_INPUT');
    expect(searches()).toBe(before + 2);
  });

  it('shows cached results offline: rows with linked accounts and an account the contract reads', async () => {
    // The credit meter's last answer: what an offline quote says is left, with its time.
    const meter = await ok('plan:refresh', {});
    await ok('connection:setOffline', { offline: true });
    try {
      const before = sim.state.calls.size === 0 ? 0 : [...sim.state.calls.values()].reduce((a, b) => a + b, 0);
      const results = await ok('discovery:results', { body: everyone, sandbox: false });
      expect(results.rows.length).toBe(results.pages.length * 20);
      expect(results.totalPages).toBe(500);
      expect(results.fetchedAt).not.toBeNull();
      const row = results.rows[0]!;
      expect(row).toMatchObject({ page: 1, position: 0, network: 'youtube' });
      expect(row.account).toMatch(/^UC/);
      expect(row.socialId).toBe(row.account);
      expect(row.linked.length).toBeGreaterThan(0);
      expect(row.linked[0]).toMatchObject({ network: 'youtube', socialId: row.socialId });
      expect(new Set(results.rows.map((r) => r.key)).size).toBe(results.rows.length);
      // Every figure the answer carries: average views and the channel quality mark (YouTube).
      expect(results.rows.every((r) => typeof r.avgViews === 'number' && r.avgViews >= 0)).toBe(true);
      expect(results.rows.every((r) => r.quality !== null && ['poor', 'fair', 'average', 'good', 'very_good', 'excellent'].includes(r.quality))).toBe(true);
      expect(results.rows.every((r) => r.realFollowers === null)).toBe(true);
      // Real answers name linked networks as strings with social_id (api-notes): read the same.
      const types = new Set(results.rows.flatMap((r) => r.linked.map((l) => (/^\d+$/.test(l.type) ? 'id' : 'name'))));
      expect([...types].sort()).toEqual(['id', 'name']);
      for (const r of results.rows) for (const l of r.linked) if (l.network) expect(l.socialId).toBeTruthy();
      const page2 = await ok('discovery:results', { body: everyone, sandbox: false, fromPage: 2, toPage: 2 });
      expect(page2.rows.every((r) => r.page === 2)).toBe(true);
      // A run of cached pages needs no network; one that would send is refused offline.
      expect((await ok('discovery:run', { runId: 'off', body: everyone, sandbox: false, fromPage: 1, toPage: 2, confirmedCalls: 0, workspace: 'production' })).pagesFromCache).toBe(2);
      const after = [...sim.state.calls.values()].reduce((a, b) => a + b, 0);
      expect(after).toBe(before);
      const quote = await ok('discovery:quote', { body: everyone, sandbox: false, fromPage: 1, toPage: 1 });
      expect(quote).toMatchObject({ queriesLeft: meter.plan!.discovery.requests, queriesLeftAsOf: meter.fetchedAt });
      expect(meter.fetchedAt).not.toBeNull();
      // The pictures were stored when the pages came (their CDN links die): offline they are there.
      const withPicture = results.rows.filter((r) => r.avatarUrl).slice(0, 5);
      expect(withPicture.length).toBeGreaterThan(0);
      const pictures = await ok('images:get', { urls: withPicture.map((r) => r.avatarUrl!) });
      expect(pictures).toHaveLength(withPicture.length);
      for (const picture of pictures) expect(picture).toEqual({ dataUrl: expect.stringMatching(/^data:image\//) });
    } finally {
      await ok('connection:setOffline', { offline: false });
    }
  });
});

describe('shortlist', () => {
  it('adds accounts once, refuses unreadable ones whole, removes by id', async () => {
    const results = await ok('discovery:results', { body: bigAccounts, sandbox: false });
    const items = results.rows.slice(0, 3).map((r) => ({ network: r.network, account: r.account!, title: r.title, avatarUrl: r.avatarUrl, followers: r.followers }));
    const list = await ok('shortlist:add', { items: [...items, items[0]!] });
    expect(list).toHaveLength(3);
    expect(list.map((i) => i.account).sort()).toEqual(items.map((i) => i.account).sort());
    const bad = await call('shortlist:add', { items: [{ network: 'instagram', account: 'fine' }, { network: 'instagram', account: 'not valid!' }] });
    expect(!bad.ok && bad.error.code).toBe('INVALID_INPUT');
    expect(await ok('shortlist:list', {})).toHaveLength(3);
    expect(await ok('shortlist:remove', { ids: [list[0]!.id, 99999] })).toEqual({ removed: 1 });
    expect(await ok('shortlist:list', {})).toHaveLength(2);
    // A country as a search may show it (a name, three letters): the accounts are added, the
    // shortlist keeping a two-letter code only.
    const more = results.rows.slice(3, 5);
    const added = await ok('shortlist:add', {
      items: [
        { network: more[0]!.network, account: more[0]!.account!, country: 'Germany' },
        { network: more[1]!.network, account: more[1]!.account!, country: 'gb' },
      ],
    });
    expect(added.filter((i) => i.account === more[0]!.account || i.account === more[1]!.account).map((i) => [i.account, i.country]).sort()).toEqual(
      [[more[0]!.account, null], [more[1]!.account, 'GB']].sort(),
    );
  });
});
