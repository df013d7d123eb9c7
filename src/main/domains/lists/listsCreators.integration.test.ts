// Lists (auditor.list, limit 100 / offset pages) and creators (auditor.creators, cursor pages and
// each filter) end to end in main against the simulator over loopback, cached in a real SQLite
// file and read back offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../app/mainServices';
import type { SimulatorHandle } from '../../../simulator/server';
import { parseOffsetDateTime } from '../../../simulator/data/discovery';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import { offsetDateTime } from '../creators/creatorsService';

let h: ProductionHarness;
let sim: SimulatorHandle;
let services: MainServices;
const events: { name: string; payload: unknown }[] = [];
const call: ProductionHarness['result'] = (channel, request) => h.result(channel, request);
const ok: ProductionHarness['ok'] = (channel, request) => h.ok(channel, request);
const calls = (name: string) => sim.state.calls.get(name) ?? 0;
const day = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  h = await productionHarnessWith({ simOptions: { generationMs: 30, seed: 'lists-creators-test' }, services: { polling: { pollDelayMs: () => 20 } } });
  ({ sim, services } = h);
  services.events.subscribe((e) => events.push(e));
});

afterAll(() => h?.close());

describe('lists', () => {
  it('fetches a list whole by pages of 100, through the ledger, and keeps every field', async () => {
    const before = calls('auditor.list');
    const credits = sim.state.balances.credits;
    const summary = await ok('lists:sync', { listId: 3 });
    expect(summary).toMatchObject({ listId: 3, itemCount: 300, complete: true });
    // 300 items: three full pages and the short (empty) one that ends the list.
    expect(calls('auditor.list') - before).toBe(4);
    expect(events.filter((e) => e.name === 'lists:changed').map((e) => (e.payload as { items: number }).items)).toEqual([100, 200, 300, 300]);
    expect(sim.state.balances.credits).toBe(credits);
    const entries = services.active().ledger.entries().filter((e) => e.operation === 'list');
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.status === 'settled' && e.actualCost === 0 && e.accountKey === 'list:3')).toBe(true);
    const items = await ok('lists:items', { listId: 3 });
    expect(items).toHaveLength(300);
    expect(items.map((i) => i.position)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const first = items[0]!;
    expect(first).toMatchObject({ listId: 3, network: 'tiktok' });
    expect(first.account).toBe(first.username);
    expect(first.followers).toBeGreaterThan(0);
    // The API's internal ids are not a researcher's words: no report id; the lists by number only until named.
    expect(first.fields).not.toHaveProperty('report_id');
    expect(first.fields).not.toHaveProperty('lists');
    expect(first.inLists.map((l) => l.listId)).toContain(3);
    expect(first.inLists.every((l) => l.name === null)).toBe(true);
    expect(first.fields).toHaveProperty('created');
    expect(first.fields).toHaveProperty('audience_geo');
    expect(first.fields).not.toHaveProperty('username');
  });

  it('reads YouTube items by channel id, a small list in one call, and says when a list does not exist', async () => {
    await ok('lists:sync', { listId: 2 });
    const youtube = await ok('lists:items', { listId: 2 });
    expect(youtube[0]!.account).toMatch(/^UC/);
    const before = calls('auditor.list');
    expect(await ok('lists:sync', { listId: 4 })).toMatchObject({ itemCount: 5, complete: true });
    expect(calls('auditor.list') - before).toBe(1);
    const missing = await call('lists:sync', { listId: 99 });
    expect(!missing.ok && missing.error.code).toBe('API_NOT_FOUND');
    expect(!missing.ok && missing.error.message).toMatch(/list 99/);
    const bad = await call('lists:sync', { listId: 0 });
    expect(!bad.ok && bad.error.code).toBe('INVALID_INPUT');
    expect((await ok('lists:known', {})).map((l) => l.listId)).toEqual([2, 3, 4]);
  });

  it('names a synced list, keeps the name over a sync again, says it wherever the list is held, and refuses one name for two lists', async () => {
    const summary = await ok('lists:rename', { listId: 3, name: '  Summer   shortlist ' });
    expect(summary).toMatchObject({ listId: 3, name: 'Summer shortlist', itemCount: 300 });
    // Local: nothing asked of the API for a name.
    const before = calls('auditor.list');
    expect((await ok('lists:known', {})).find((l) => l.listId === 3)!.name).toBe('Summer shortlist');
    expect(calls('auditor.list')).toBe(before);
    const items = await ok('lists:items', { listId: 3 });
    expect(items.every((i) => i.inLists.some((l) => l.listId === 3 && l.name === 'Summer shortlist'))).toBe(true);
    await ok('lists:sync', { listId: 3 });
    expect((await ok('lists:known', {})).find((l) => l.listId === 3)!.name).toBe('Summer shortlist');

    const taken = await call('lists:rename', { listId: 2, name: 'SUMMER SHORTLIST' });
    expect(!taken.ok && taken.error).toMatchObject({ code: 'INVALID_INPUT', fields: { name: expect.stringContaining('Summer shortlist') } });
    const unsynced = await call('lists:rename', { listId: 77, name: 'Nowhere' });
    expect(!unsynced.ok && unsynced.error.code).toBe('INVALID_INPUT');
    const long = await call('lists:rename', { listId: 2, name: 'x'.repeat(81) });
    expect(!long.ok && long.error.fields?.name).toMatch(/at most 80/);
    // Renamed again, then cleared: an empty name gives the list back its number.
    expect((await ok('lists:rename', { listId: 3, name: 'Q3 creators' })).name).toBe('Q3 creators');
    expect((await ok('lists:rename', { listId: 2, name: 'Summer shortlist' })).name).toBe('Summer shortlist');
    expect((await ok('lists:rename', { listId: 2, name: '   ' })).name).toBeNull();
    expect((await ok('lists:known', {})).map((l) => [l.listId, l.name])).toEqual([
      [2, null],
      [3, 'Q3 creators'],
      [4, null],
    ]);
  });

  it('reads lists offline', async () => {
    await ok('connection:setOffline', { offline: true });
    try {
      const before = calls('auditor.list');
      expect(await ok('lists:items', { listId: 4 })).toHaveLength(5);
      const refused = await call('lists:sync', { listId: 4 });
      expect(!refused.ok && refused.error.code).toBe('OFFLINE');
      expect(calls('auditor.list')).toBe(before);
    } finally {
      await ok('connection:setOffline', { offline: false });
    }
  });
});

describe('creators', () => {
  it('writes dates in the spec’s form, for the researcher’s own days', () => {
    const from = offsetDateTime('2026-03-03', '00:00:00');
    expect(from).toMatch(/^2026-03-03T00:00:00[+-]\d{2}:\d{2}$/);
    expect(parseOffsetDateTime(from)!.getTime()).toBe(new Date('2026-03-03T00:00:00').getTime());
    expect(offsetDateTime('2026-03-03', '23:59:59')).toMatch(/^2026-03-03T23:59:59[+-]\d{2}:\d{2}$/);
  });

  it('synchronises every creator with cursor pages and lists them offline', async () => {
    // One report unlocked here shows among the creators.
    await ok('reports:fetch', { network: 'instagram', account: 'creator_probe', confirmedCost: 1, workspace: 'production' });
    const before = calls('auditor.creators');
    const result = await ok('creators:sync', {});
    expect(result.complete).toBe(true);
    expect(result.synced).toBeGreaterThan(200);
    expect(result.pages).toBe(Math.ceil(result.synced / 100));
    expect(calls('auditor.creators') - before).toBe(result.pages);
    expect(events.filter((e) => e.name === 'creators:changed').at(-1)!.payload).toEqual({ synced: result.synced, workspace: 'production' });
    await ok('connection:setOffline', { offline: true });
    try {
      const all = await ok('creators:list', {});
      expect(all).toHaveLength(result.synced);
      const probe = await ok('creators:list', { text: 'CREATOR_PROBE' });
      expect(probe).toHaveLength(1);
      expect(probe[0]!.accounts[0]).toMatchObject({ network: 'instagram', username: 'creator_probe', account: 'creator_probe' });
      expect(probe[0]!.accounts[0]!.reportUnlockedAt).toBeGreaterThan(Date.now() - 60_000);
      const withMail = all.find((c) => c.emails.length > 0)!;
      expect((await ok('creators:list', { text: withMail.emails[0]! })).map((c) => c.id)).toContain(withMail.id);
      expect(all.some((c) => c.networkStatus !== null && c.contractStatus !== null && c.paymentStatus !== null)).toBe(true);
    } finally {
      await ok('connection:setOffline', { offline: false });
    }
  });

  it('filters by unlock dates, creator ids and creator accounts', async () => {
    const all = await ok('creators:list', {});
    const from = day(Date.now() - 30 * 86_400_000);
    const to = day(Date.now() - 10 * 86_400_000);
    const start = new Date(`${from}T00:00:00`).getTime();
    const end = new Date(`${to}T23:59:59`).getTime();
    const expected = all.filter((c) => c.accounts.some((a) => a.reportUnlockedAt !== null && a.reportUnlockedAt >= start && a.reportUnlockedAt <= end + 999));
    const dated = await ok('creators:sync', { unlockedFrom: from, unlockedTo: to });
    expect(dated.synced).toBe(expected.length);
    expect(dated.synced).toBeGreaterThan(0);

    const ids = all.slice(0, 3).map((c) => c.id);
    expect(await ok('creators:sync', { creatorIds: ids })).toMatchObject({ synced: 3, pages: 1, complete: true });

    const accounts = all.slice(5, 7).map((c) => ({ network: c.accounts[0]!.network!, account: c.accounts[0]!.account! }));
    const byAccount = await ok('creators:sync', { creatorAccounts: accounts });
    expect(byAccount.synced).toBeGreaterThanOrEqual(2);
    // None matching is an empty answer, not a failure.
    expect(await ok('creators:sync', { creatorAccounts: [{ network: 'twitch', account: 'nobody_at_all_here' }] })).toMatchObject({ synced: 0, complete: true });
  });

  it('refuses filters past the spec’s limits before sending anything', async () => {
    const before = calls('auditor.creators');
    const ids = await call('creators:sync', { creatorIds: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(!ids.ok && ids.error.fields?.creatorIds).toMatch(/1000/);
    const accounts = await call('creators:sync', { creatorAccounts: Array.from({ length: 101 }, (_, i) => ({ network: 'instagram' as const, account: `a${i}` })) });
    expect(!accounts.ok && accounts.error.fields?.creatorAccounts).toMatch(/100/);
    const dates = await call('creators:sync', { unlockedFrom: '2026-02-30' });
    expect(!dates.ok && dates.error.fields?.unlockedFrom).toBeTruthy();
    const order = await call('creators:sync', { unlockedFrom: '2026-03-02', unlockedTo: '2026-03-01' });
    expect(!order.ok && order.error.fields?.unlockedTo).toBeTruthy();
    const name = await call('creators:sync', { creatorAccounts: [{ network: 'instagram', account: 'not valid!' }] });
    expect(!name.ok && name.error.code).toBe('INVALID_INPUT');
    expect(calls('auditor.creators')).toBe(before);
  });
});
