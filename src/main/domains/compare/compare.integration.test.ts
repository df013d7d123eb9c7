// Saved comparisons through the contract, on a real workspace file, against the simulator: each
// account pinned to the snapshot it was made from, newer data reported after a refresh, Update
// by saving the latest ids, and every kind of bad comparison refused with nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComparisonView, LatestSnapshot, SavedComparison } from '@shared/compare';
import type { CachedReport, CostQuote } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
beforeEach(async () => {
  h = await productionHarness();
});
afterEach(() => h?.close());

async function fetchReport(network: string, account: string): Promise<CachedReport & { snapshotId: number }> {
  const quote = await h.call<CostQuote>('reports:quote', { network, account });
  await h.call<CachedReport>('reports:fetch', { network, account, confirmedCost: quote.cost });
  const [latest] = await h.call<LatestSnapshot[]>('compare:latest', { accounts: [{ network, account }] });
  const report = await h.call<CachedReport>('reports:open', { network, account });
  return { ...report, snapshotId: latest!.snapshotId };
}

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (error: { code: string; message: string }) => error);

describe('compare operations', () => {
  it('saves a comparison pinned to its snapshots, says when a refresh brings newer data, and updates to the latest', async () => {
    const nasa = await fetchReport('instagram', 'nasa');
    const mkbhd = await fetchReport('youtube', 'mkbhd');
    const streamer = await fetchReport('twitch', 'some_streamer');
    const saved = await h.call<SavedComparison>('compare:save', {
      name: '  Space & tech  ',
      period: '30d',
      items: [
        // Any spelling Add accounts reads: the cache key is what is stored.
        { network: 'instagram', account: '@NASA', snapshotId: nasa.snapshotId, note: 'Strong audience in the US' },
        { network: 'youtube', account: 'mkbhd', snapshotId: mkbhd.snapshotId },
        { network: 'twitch', account: 'https://www.twitch.tv/some_streamer', snapshotId: streamer.snapshotId, note: '' },
      ],
    });
    expect(saved).toMatchObject({
      name: 'Space & tech',
      period: '30d',
      items: [
        { network: 'instagram', accountKey: 'nasa', snapshotId: nasa.snapshotId, note: 'Strong audience in the US' },
        { network: 'youtube', accountKey: 'mkbhd', snapshotId: mkbhd.snapshotId, note: '' },
        { network: 'twitch', accountKey: 'some_streamer', snapshotId: streamer.snapshotId, note: '' },
      ],
    });
    expect(saved.createdAt).toBe(saved.updatedAt);
    expect(await h.call('compare:list')).toEqual([saved]);
    expect(await h.call('compare:get', { id: saved.id })).toEqual({ ...saved, newer: [] });

    // A refresh of one account: a second snapshot, and the saved comparison keeps its first.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await fetchReport('instagram', 'nasa');
    expect(refreshed.snapshotId).not.toBe(nasa.snapshotId);
    expect(refreshed.snapshotCount).toBe(2);
    const view = await h.call<ComparisonView>('compare:get', { id: saved.id });
    expect(view.items).toEqual(saved.items);
    expect(view.newer).toEqual([{ network: 'instagram', accountKey: 'nasa', snapshotId: refreshed.snapshotId, fetchedAt: refreshed.fetchedAt }]);
    // The pinned snapshot still reads as it was fetched.
    expect(await h.call('reports:snapshot', { id: nasa.snapshotId })).toMatchObject({ id: nasa.snapshotId, accountKey: 'nasa', fetchedAt: nasa.fetchedAt, result: nasa.result });

    // Update: the renderer saves again with the latest snapshot of each account.
    const latest = await h.call<LatestSnapshot[]>('compare:latest', {
      accounts: [...saved.items.map((i) => ({ network: i.network, account: i.accountKey })), { network: 'tiktok', account: 'never_fetched' }],
    });
    expect(latest.map((l) => [l.accountKey, l.snapshotId])).toEqual([
      ['nasa', refreshed.snapshotId],
      ['mkbhd', mkbhd.snapshotId],
      ['some_streamer', streamer.snapshotId],
    ]);
    const updated = await h.call<SavedComparison>('compare:save', {
      id: saved.id,
      name: saved.name,
      period: '90d',
      items: saved.items.map((item, i) => ({ network: item.network, account: item.accountKey, snapshotId: latest[i]!.snapshotId, note: item.note })),
    });
    expect(updated).toMatchObject({ id: saved.id, createdAt: saved.createdAt, period: '90d' });
    expect(updated.items[0]).toEqual({ network: 'instagram', accountKey: 'nasa', snapshotId: refreshed.snapshotId, note: 'Strong audience in the US' });
    expect((await h.call<ComparisonView>('compare:get', { id: saved.id })).newer).toEqual([]);

    // Offline, it reads the same.
    await h.call('connection:setOffline', { offline: true });
    expect(await h.call('compare:get', { id: saved.id })).toEqual({ ...updated, newer: [] });

    expect(await h.call('compare:delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await h.call('compare:delete', { id: saved.id })).toEqual({ deleted: false });
    expect(await h.call('compare:get', { id: saved.id })).toBeNull();
    expect(await h.call('compare:list')).toEqual([]);
    // Snapshots are never deleted with a comparison.
    expect(await h.call('reports:snapshot', { id: nasa.snapshotId })).not.toBeNull();
  });

  it('refuses a bad comparison with a clear message, naming the account, and changes nothing', async () => {
    const nasa = await fetchReport('instagram', 'nasa');
    const mkbhd = await fetchReport('youtube', 'mkbhd');
    const good = [
      { network: 'instagram', account: 'nasa', snapshotId: nasa.snapshotId, note: '' },
      { network: 'youtube', account: 'mkbhd', snapshotId: mkbhd.snapshotId, note: '' },
    ];
    const saved = await h.call<SavedComparison>('compare:save', { name: 'Keep me', period: '30d', items: good });
    const save = (request: Record<string, unknown>) => failure(h.call('compare:save', { name: 'Bad', period: '30d', items: good, ...request }));

    expect(await save({ items: [good[0], { ...good[0], account: '@NASA' }] })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/nasa \(instagram\) is in the comparison twice/) });
    expect(await save({ items: [good[0], { ...good[1], snapshotId: nasa.snapshotId }] })).toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/mkbhd \(youtube\) is a report of another account/),
    });
    expect(await save({ items: [good[0], { ...good[1], snapshotId: 987654 }] })).toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/mkbhd \(youtube\).*not in this workspace’s cache/),
    });
    expect(await save({ items: [good[0]] })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/at least 2 accounts/) });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ network: 'twitch', account: `streamer_${i}`, snapshotId: nasa.snapshotId, note: '' }));
    expect(await save({ items: eleven })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/at most 10 accounts/) });
    expect(await save({ name: '   ' })).toMatchObject({ code: 'INVALID_INPUT', message: 'name: Give the comparison a name.' });
    expect(await save({ name: 'x'.repeat(121) })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^name: .*at most 120 characters/) });
    expect(await save({ period: '14d' })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^period: /) });
    expect(await save({ items: [good[0], { ...good[1], note: 'x'.repeat(2001) }] })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^items\.1\.note: A note is at most 2000/) });
    expect(await save({ items: [good[0], { ...good[1], account: 'not a name!' }] })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^items\.1\.account: /) });
    expect(await save({ id: 4242 })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/no longer saved/) });
    // Replacing a saved comparison with a bad one leaves it as it was.
    expect(await save({ id: saved.id, items: [good[0], { ...good[1], snapshotId: nasa.snapshotId }] })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await h.call('compare:list')).toEqual([saved]);

    expect(await failure(h.call('compare:latest', { accounts: [] }))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await failure(h.call('compare:get', { id: 'one' }))).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
