// Accounts asked for but never saved do not vanish: main remembers how their latest fetch ended
// (failed with why, cancelled, paid for but not fetched), the library lists them, and a saved
// report clears the attempt.
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryPageView } from '@shared/contract';
import type { FetchAttemptView, FetchManyOutcome, ReportProgress } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
afterEach(() => h?.close());

const library = (query: object = {}) => h.call<LibraryPageView>('reports:library', query);
const attempt = (network: string, account: string) => h.call<FetchAttemptView | null>('reports:attempt', { network, account });

function when(predicate: (p: ReportProgress) => boolean): Promise<ReportProgress> {
  return new Promise((resolve) =>
    h.services.events.subscribe((e) => {
      if (e.name === 'reports:changed' && predicate(e.payload as ReportProgress)) resolve(e.payload as ReportProgress);
    }),
  );
}

describe('fetch attempts', () => {
  it('a failed generation is listed as failed with the reason, refunded; a saved report clears it', async () => {
    h = await productionHarness();
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'novideos_streamer', confirmedCost: 1 })).rejects.toMatchObject({ code: 'API_NO_VIDEOS' });
    const failed = await attempt('twitch', 'novideos_streamer');
    expect(failed).toMatchObject({ outcome: 'failed', apiName: 'novideos_streamer', error: { code: 'API_NO_VIDEOS' }, spent: {} });
    expect(failed!.error!.message).toMatch(/no videos.*refunded/);
    const page = await library();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ network: 'twitch', accountKey: 'novideos_streamer', state: 'failed', summary: { username: 'novideos_streamer', followers: null } });
    // The state filter picks attempts out; a figure filter leaves them out (they have no figures).
    expect((await library({ states: ['failed'] })).total).toBe(1);
    expect((await library({ states: ['READY'] })).total).toBe(0);
    expect((await library({ followersMin: 1 })).total).toBe(0);
    expect((await library({ text: 'videos' })).total).toBe(1);
    expect((await library({ text: 'nothing like it' })).total).toBe(0);

    // A report saved for an account clears its attempt.
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'fine_streamer', confirmedCost: 1, workspace: 'production' })).resolves.toBeTruthy();
    expect(await attempt('twitch', 'fine_streamer')).toBeNull();
    // A refresh refused (it is free now, not the credit confirmed) saves nothing: the report carries that attempt.
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'fine_streamer', confirmedCost: 1 })).rejects.toMatchObject({ code: 'COST_CHANGED' });
    // A cached report whose latest refresh saved nothing carries the attempt; it is not listed twice.
    const both = await library();
    expect(both.total).toBe(2);
    expect(both.items.find((i) => i.accountKey === 'fine_streamer')).toMatchObject({ state: 'READY', attempt: { outcome: 'failed', error: { code: 'COST_CHANGED' } } });
    await h.call('reports:fetch', { network: 'twitch', account: 'fine_streamer', confirmedCost: 0 });
    expect(await attempt('twitch', 'fine_streamer')).toBeNull();
  });

  it('a cancel before the paid request is cancelled with nothing spent; after the API charged it is paid-not-fetched and quoted "at most"', async () => {
    h = await productionHarness({ generationMs: 60_000, latencyMs: 100 });
    const generating = when((p) => p.accountKey === 'paid_one' && p.phase === 'generating');
    const requesting = when((p) => p.accountKey === 'paid_one' && p.phase === 'requesting');
    const run = h.call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', {
      workspace: 'production',
      runId: 'attempts',
      items: [
        { network: 'twitch', account: 'paid_one', confirmedCost: 1 },
        { network: 'twitch', account: 'queued_one', confirmedCost: 1 },
      ],
    });
    // The second waits its turn while the first is sent: cancelled there, it never reaches the API.
    await requesting;
    expect(await h.call('reports:cancel', { network: 'twitch', account: 'queued_one' })).toEqual({ cancelled: true });
    await generating;
    await h.call('reports:cancelMany', { runId: 'attempts' });
    const { outcomes } = await run;
    expect(outcomes.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    expect(h.sim.state.spent.credits).toBe(1);

    expect(await attempt('twitch', 'queued_one')).toMatchObject({ outcome: 'cancelled', spent: {} });
    expect(await attempt('twitch', 'paid_one')).toMatchObject({ outcome: 'paid-not-fetched', spent: { credits: 1 }, error: { code: 'CANCELLED' } });
    const page = await library({ states: ['paid-not-fetched', 'cancelled'] });
    expect(page.items.map((i) => [i.accountKey, i.state]).sort()).toEqual([
      ['paid_one', 'paid-not-fetched'],
      ['queued_one', 'cancelled'],
    ]);
    // Its retry is quoted like any fetch: most likely free, at most one credit.
    expect(await h.call('reports:quote', { network: 'twitch', account: 'paid_one' })).toMatchObject({ cost: 1, reason: 'paid-not-fetched' });
  });
});
