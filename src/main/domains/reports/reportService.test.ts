// Reports through the contract, against the simulator: cache first, costs confirmed before
// anything is spent, one request for two opens, offline, polling, and the companions.
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedReport, CostQuote, ReportProgress, SpendingRow } from '@shared/reports';
import { PICTURES_PER_CALL, type PictureAnswer } from '@shared/pictures';
import type { CompanionDocument, HistoryView, InstagramMediaView, TiktokMentionsView, YoutubeMediaView } from '@shared/companions';
import { generateYoutubeMediaPage } from '../../../simulator/data/reports';
import { input } from '../../platform/api/schemas/testkit';
import { ImagesRepository } from '../../platform/cache/repositories';
import { MediaRepository } from './mediaRepository';
import { accountRef } from '@shared/accountInput';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
afterEach(() => h?.close());

/** The first video of a channel's media page, as the simulator makes it (ids do not depend on the date). */
const firstVideoId = (channel: string, page: number) => (generateYoutubeMediaPage(input('youtube', channel), page).media as { id: string }[])[0]!.id;

describe('reports, cache first', () => {
  it('quotes, fetches once, then opens from the cache with its age and no network', async () => {
    // Generating for a second: long enough that a loaded machine still sees the report generate.
    h = await productionHarness({ credits: 10, generationMs: 1000 });
    expect(await h.call('reports:open', { network: 'twitch', account: 'streamer' })).toBeNull();
    const quote = await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'streamer' });
    expect(quote).toMatchObject({ cost: 1, balance: 'credits', reason: 'new' });
    const progress: ReportProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'reports:changed' && progress.push(e.payload as ReportProgress));
    const report = await h.call<CachedReport>('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 });
    expect(report).toMatchObject({ network: 'twitch', accountKey: 'streamer', state: 'READY', snapshotCount: 1 });
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['requesting', 'generating', 'saving']));
    expect(h.sim.state.balances.credits).toBe(9);

    const calls = h.sim.state.calls.get('auditor.twitch');
    await h.call('connection:setOffline', { offline: true });
    const cached = await h.call<CachedReport>('reports:open', { network: 'twitch', account: 'Streamer' });
    expect(cached.fetchedAt).toBe(report.fetchedAt);
    expect(cached.result).toEqual(report.result);
    expect(h.sim.state.calls.get('auditor.twitch')).toBe(calls);
  });

  it('refuses to spend what was not confirmed, and says why', async () => {
    h = await productionHarness();
    await expect(h.call('reports:fetch', { network: 'youtube', account: 'UCnew', confirmedCost: 0 })).rejects.toMatchObject({
      code: 'COST_CHANGED',
      message: expect.stringMatching(/would cost 1 report credit, not 0. Nothing was spent/),
    });
    expect(h.sim.state.calls.get('auditor.youtube')).toBeUndefined();
    expect(h.sim.state.totalSpent()).toBe(0);
  });

  it('refreshes an unlocked account for free, keeping every fetch as a snapshot', async () => {
    h = await productionHarness({ credits: 5 });
    await h.call('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 1 });
    const quote = await h.call<CostQuote>('reports:quote', { network: 'instagram', account: 'natgeo' });
    expect(quote).toMatchObject({ cost: 0, reason: 'unlocked' });
    const again = await h.call<CachedReport>('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 0 });
    expect(again.snapshotCount).toBe(2);
    expect(h.sim.state.balances.credits).toBe(4);
    const snaps = await h.call<unknown[]>('reports:snapshots', { network: 'instagram', account: 'natgeo' });
    expect(snaps).toHaveLength(2);
  });

  it('makes one request for two opens of the same account in flight', async () => {
    h = await productionHarness({ generationMs: 0 });
    const [a, b] = await Promise.all([
      h.call<CachedReport>('reports:fetch', { network: 'snapchat', account: 'snapper', confirmedCost: 1 }),
      h.call<CachedReport>('reports:fetch', { network: 'snapchat', account: 'snapper', confirmedCost: 1 }),
    ]);
    expect(a.fetchedAt).toBe(b.fetchedAt);
    expect(h.sim.state.calls.get('auditor.snapchat')).toBe(1);
    expect(h.sim.state.spent.credits).toBe(1);
  });

  it('refuses a spend confirmed in another workspace than the active one', async () => {
    h = await productionHarness();
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'elsewhere', confirmedCost: 1, workspace: 'demo' })).rejects.toMatchObject({
      code: 'WORKSPACE_CHANGED',
      message: expect.stringMatching(/confirmed in the demo workspace, but production is active now. Nothing was spent/),
    });
    await expect(h.call('history:get', { network: 'twitter', account: 'elsewhere', confirmedCost: 1, workspace: 'demo' })).rejects.toMatchObject({ code: 'WORKSPACE_CHANGED' });
    expect(h.sim.state.calls.size).toBe(0);
    await h.call('reports:fetch', { network: 'twitch', account: 'here', confirmedCost: 1, workspace: 'production' });
    expect(h.sim.state.spent.credits).toBe(1);
  });

  it('asks for a cached YouTube channel by its id in its own letter case, though the cache keys it in lower case', async () => {
    h = await productionHarness({ generationMs: 0 });
    const id = 'UCAbCdEfGhIjKlMnOpQrStUv';
    const first = await h.call<CachedReport>('reports:fetch', { network: 'youtube', account: id, confirmedCost: 1 });
    expect(first).toMatchObject({ accountKey: id.toLowerCase(), summary: { accountId: id } });
    // The library hands back the key; the API must still get the id (the simulator, like the
    // API, answers a lower-cased id with another channel).
    const again = await h.call<CachedReport>('reports:fetch', { network: 'youtube', account: first.accountKey, confirmedCost: 0 });
    expect(again.summary.accountId).toBe(id);
    const media = await h.call<CompanionDocument<YoutubeMediaView>>('media:get', { network: 'youtube', account: first.accountKey, refresh: true });
    expect(media.view.videos.length).toBeGreaterThan(0);
    // The answer stored (raw) is the channel's own: asked by the id in its own case.
    const stored = new MediaRepository(h.services.active().db).youtubePage(first.accountKey, 1);
    expect(JSON.stringify(stored?.result)).toContain(id);
    expect(h.sim.state.spent.credits).toBe(1);
  });

  it('fails at once while offline', async () => {
    h = await productionHarness();
    await h.call('connection:setOffline', { offline: true });
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'x', confirmedCost: 1 })).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(h.sim.state.calls.size).toBe(0);
  });

  it('gives up on a NOT_READY that never ends, with a clear error, and never pays twice', async () => {
    h = await productionHarness({ generationMs: 3_600_000 }, { pollDelayMs: () => 20, maxWaitMs: 300 });
    await expect(h.call('reports:fetch', { network: 'tiktok', account: 'forever', confirmedCost: 1 })).rejects.toMatchObject({
      code: 'GENERATION_TIMEOUT',
      message: expect.stringMatching(/still being generated.*credit is spent.*no cost/),
    });
    expect(h.sim.state.spent.advancedReports).toBe(1);
  });

  it('records the refund of a generation that failed', async () => {
    h = await productionHarness();
    await expect(h.call('reports:fetch', { network: 'twitch', account: 'novideos_x', confirmedCost: 1 })).rejects.toMatchObject({
      code: 'API_NO_VIDEOS',
      message: expect.stringMatching(/^novideos_x has no videos.*credit was refunded/),
    });
    const spending = await h.call<SpendingRow[]>('ledger:spending', {});
    expect(spending.reduce((s, r) => s + r.spent, 0)).toBe(0);
    expect(h.sim.state.totalSpent()).toBe(0);
  });

  it('tells a page opened mid-fetch where the fetch stands, then how it ended', async () => {
    h = await productionHarness({ generationMs: 3_600_000 }, { pollDelayMs: () => 5_000, maxWaitMs: 60_000 });
    const events: ReportProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'reports:changed' && events.push(e.payload as ReportProgress));
    const pending = h.call('reports:fetch', { network: 'youtube', account: 'Slowchannel', confirmedCost: 1 });
    await expect.poll(() => events.some((e) => e.phase === 'generating')).toBe(true);
    const now = await h.call<ReportProgress>('reports:progress', { network: 'youtube', account: 'slowchannel' });
    expect(now).toMatchObject({ network: 'youtube', accountKey: 'slowchannel', phase: 'generating', retryInSec: expect.any(Number) });
    // Events name their workspace, so a page of the other workspace ignores them.
    expect(events.every((e) => e.workspace === 'production')).toBe(true);
    // The countdown counts to the next poll Scout will make, not to the API's hint.
    expect(now.nextCheckAt! - Date.now()).toBeGreaterThan(3_000);
    expect(now.nextCheckAt! - Date.now()).toBeLessThanOrEqual(5_000);
    expect(await h.call('reports:progress', { network: 'youtube', account: 'other' })).toBeNull();

    await h.call('reports:cancel', { network: 'youtube', account: 'slowchannel' });
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    // The request had been paid for before the cancel: the finished event says so.
    expect(events.at(-1)).toMatchObject({ phase: 'finished', error: { code: 'CANCELLED' }, spent: { credits: 1 } });
    expect(await h.call('reports:progress', { network: 'youtube', account: 'slowchannel' })).toBeNull();
  });

  it('ends a failed generation with a finished event that says the credit came back', async () => {
    h = await productionHarness();
    const events: ReportProgress[] = [];
    h.services.events.subscribe((e) => e.name === 'reports:changed' && events.push(e.payload as ReportProgress));
    await h.call('reports:fetch', { network: 'tiktok', account: 'noviews_clip', confirmedCost: 1 }).catch(() => undefined);
    expect(events.at(-1)).toMatchObject({ phase: 'finished', accountKey: 'noviews_clip', error: { code: 'API_NO_VIEWS', message: expect.stringMatching(/refunded/) }, spent: {} });
    await h.call('reports:fetch', { network: 'twitch', account: 'fine', confirmedCost: 1 });
    expect(events.at(-1)).toMatchObject({ phase: 'finished', accountKey: 'fine', error: null, spent: { credits: 1 } });
  });

  it('can be cancelled while generating', async () => {
    h = await productionHarness({ generationMs: 3_600_000 }, { pollDelayMs: () => 50, maxWaitMs: 60_000 });
    const pending = h.call('reports:fetch', { network: 'twitch', account: 'slowpoke', confirmedCost: 1 });
    // Cancelled once the API took the request (charged on arrival), however slow the machine.
    await expect.poll(() => h.sim.state.spent.credits, { timeout: 15_000, interval: 20 }).toBe(1);
    expect(await h.call('reports:cancel', { network: 'twitch', account: 'slowpoke' })).toEqual({ cancelled: true });
    await expect(pending).rejects.toMatchObject({ message: expect.stringMatching(/Cancelled/) });
    // The caller hears of the cancel at once; the kernel settles the paid row just after.
    await h.services.active().paid.idle();
    await h.services.active().jobs.idle();
    // The credit went with the request. The account is most likely unlocked, but only the API
    // knows (a failed generation is refunded), so the quote says so and stays at what it may cost.
    expect(h.sim.state.spent.credits).toBe(1);
    expect(await h.call('reports:open', { network: 'twitch', account: 'slowpoke' })).toBeNull();
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'slowpoke' })).toMatchObject({ cost: 1, reason: 'paid-not-fetched' });
  });

  it('quotes a report whose PDF or history was paid for but whose answer was lost as paid-not-fetched, at most its cost', async () => {
    h = await productionHarness();
    const ws = h.services.active();
    // What the kernel leaves behind when a charged PDF's or history's answer is lost: a row resolved from the balances.
    for (const [operation, account] of [['pdf', 'lostpdf'], ['history', 'losthistory']] as const) {
      const id = ws.ledger.begin({ operation, network: 'instagram', accountKey: account, balance: 'credits', expectedCost: 1 });
      ws.ledger.markUnknown(id, 'the connection was reset');
      ws.ledger.resolve(id, 1, 9, 'planInfo: credits 10 → 9');
      expect(await h.call<CostQuote>('reports:quote', { network: 'instagram', account })).toMatchObject({ cost: 1, reason: 'paid-not-fetched' });
    }
    expect(await h.call<CostQuote>('reports:quote', { network: 'instagram', account: 'nothinglost' })).toMatchObject({ cost: 1, reason: 'new' });
  });

  it('does not count a refunded generation as an unlock', async () => {
    h = await productionHarness();
    await h.call('reports:fetch', { network: 'twitch', account: 'novideos_y', confirmedCost: 1 }).catch(() => undefined);
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'novideos_y' })).toMatchObject({ cost: 1, reason: 'new' });
  });
});

describe('the ledger stays true', () => {
  it('records a credit charged by a request that was cancelled while it was out', async () => {
    h = await productionHarness({ generationMs: 0, latencyMs: 800 });
    const pending = h.call('reports:fetch', { network: 'twitch', account: 'cancel_me', confirmedCost: 1 });
    // planInfo (800 ms) and then the report request (charged on arrival, answered 800 ms later): it is
    // cancelled once charged, while its answer is still out, however slow the machine.
    await expect.poll(() => h.sim.state.spent.credits, { timeout: 15_000, interval: 20 }).toBe(1);
    await h.call('reports:cancel', { network: 'twitch', account: 'cancel_me' });
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    const ws = h.services.active();
    await ws.paid.settleOpenEntries();
    expect(ws.ledger.open()).toEqual([]);
    expect(h.sim.state.spent.credits).toBe(1);
    expect(ws.ledger.totals().credits).toBe(1);
  });

  it('is not fooled by credits spent elsewhere between two calls', async () => {
    h = await productionHarness({ generationMs: 0 });
    await h.call('reports:fetch', { network: 'twitch', account: 'mine', confirmedCost: 1 });
    // A colleague spends three credits on the same API account in the web app.
    for (let i = 0; i < 3; i++) h.sim.state.balances.credits--;
    await h.call('reports:fetch', { network: 'twitch', account: 'mine', confirmedCost: 0 });
    expect(h.services.active().ledger.totals().credits).toBe(1);
  });

  it("takes the unlock date from the API's validUntil, so the free year is never overestimated", async () => {
    h = await productionHarness({ generationMs: 0 });
    await h.call('reports:fetch', { network: 'twitch', account: 'dated', confirmedCost: 1 });
    const ws = h.services.active();
    const dated = accountRef('twitch', 'dated');
    const report = ws.reports.open(dated)!;
    expect(Math.abs(report.unlockedAt! - (report.validUntil! - 365 * 24 * 3600 * 1000))).toBeLessThan(2000);
    // A later unlock recorded by mistake does not stretch the free year past validUntil.
    ws.reports.noteUnlocked(dated, Date.now() + 100 * 24 * 3600 * 1000);
    const quote = ws.reports.quote(dated);
    expect(quote.freeUntil).toBeLessThanOrEqual(report.validUntil!);
  });
});

describe('spending', () => {
  it('lists spending by day, operation and account', async () => {
    h = await productionHarness({ generationMs: 0 });
    await h.call('reports:fetch', { network: 'twitch', account: 'one', confirmedCost: 1 });
    await h.call('reports:fetch', { network: 'tiktok', account: 'two', tiktokType: 'report', confirmedCost: 1 });
    await h.call('reports:fetch', { network: 'twitch', account: 'nasa', confirmedCost: 0 });
    const rows = await h.call<SpendingRow[]>('ledger:spending', {});
    const today = new Date().toISOString().slice(0, 10);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ day: today, operation: 'report', network: 'twitch', accountKey: 'one', balance: 'credits', spent: 1 }),
        expect.objectContaining({ day: today, operation: 'report', network: 'tiktok', accountKey: 'two', balance: 'miniReports', spent: 1 }),
      ]),
    );
    expect(rows.find((r) => r.accountKey === 'nasa')?.spent ?? 0).toBe(0);
    // One account's spending, for its report page.
    const one = await h.call<SpendingRow[]>('ledger:spending', { network: 'tiktok', account: 'Two' });
    expect(one).toEqual([expect.objectContaining({ accountKey: 'two', balance: 'miniReports', spent: 1 })]);
  });
});

describe('media, history and mentions', () => {
  it('media need an unlocked report, then open from the cache', async () => {
    h = await productionHarness({ generationMs: 0 });
    await expect(h.call('media:get', { network: 'instagram', account: 'natgeo' })).rejects.toMatchObject({ code: 'API_ACCESS_DENIED' });
    await h.call('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 1 });
    const media = await h.call<CompanionDocument<InstagramMediaView>>('media:get', { network: 'instagram', account: 'natgeo' });
    expect([...new Set(media.view.lists.map((l) => l.group))].sort()).toEqual(['all', 'igtv', 'posts', 'reels']);
    expect(media.view.note).toBeNull();
    const calls = h.sim.state.calls.get('auditor.reportMedia');
    // From the cache: the same view, parsed again from the stored answer.
    expect(await h.call<CompanionDocument<InstagramMediaView>>('media:get', { network: 'instagram', account: 'natgeo' })).toEqual(media);
    expect(h.sim.state.calls.get('auditor.reportMedia')).toBe(calls);
    await h.call('reports:fetch', { network: 'youtube', account: 'UCvideos', confirmedCost: 1 });
    const page2 = await h.call<CompanionDocument<YoutubeMediaView>>('media:get', { network: 'youtube', account: 'UCvideos', page: 2 });
    expect(page2.view.videos[0]!.id).toBe(firstVideoId('UCvideos', 2));
    expect(page2.view.totalPages).toBeGreaterThanOrEqual(2);
  });

  it('a cached answer that no longer parses whole opens with what can be read, and says what not', async () => {
    h = await productionHarness();
    const stored = {
      media_ids: { all: { time_posted_desc: { performance: { '30d': { media_ids: ['1'], metrics: { likes_avg: { value: 'many' }, comments_avg: { value: 2 } } } } } } },
      media: { 1: { basic: { id: '1', code: 'abc', time_posted: 1_700_000_000 }, metrics: { likes_count: 3 } } },
    };
    new MediaRepository(h.services.active().db).saveInstagram('natgeo', stored, 1000);
    const media = await h.call<CompanionDocument<InstagramMediaView>>('media:get', { network: 'instagram', account: 'natgeo' });
    expect(media.fetchedAt).toBe(1000);
    expect(media.view.posts).toEqual([{ id: '1', caption: null, url: 'https://www.instagram.com/p/abc/', thumbnailUrl: null, postedAt: 1_700_000_000_000, likes: 3, comments: null, views: null, er: null }]);
    expect(media.view.lists).toEqual([{ group: 'all', sort: 'time_posted_desc', period: '30d', postIds: ['1'], likesAvg: null, commentsAvg: 2, viewsAvg: null }]);
    expect(media.view.note).toBe('Part of this answer could not be read and is not shown: result.media_ids.all.time_posted_desc.performance.30d.metrics.likes_avg.value: expected number, received string.');
    expect(h.sim.state.calls.get('auditor.reportMedia')).toBeUndefined();
  });

  it('history unlocks the report, so it asks for the cost first and goes through the ledger', async () => {
    h = await productionHarness({ generationMs: 0, credits: 3 });
    await expect(h.call('history:get', { network: 'twitter', account: 'tweeter' })).rejects.toMatchObject({ code: 'COST_CHANGED' });
    const history = await h.call<CompanionDocument<HistoryView>>('history:get', { network: 'twitter', account: 'tweeter', confirmedCost: 1 });
    expect(history.view.series.map((s) => s.metric)).toContain('er');
    expect(await h.call('history:get', { network: 'twitter', account: 'tweeter' })).toEqual(history);
    expect(h.sim.state.balances.credits).toBe(2);
    const spending = await h.call<SpendingRow[]>('ledger:spending', {});
    expect(spending).toEqual([expect.objectContaining({ operation: 'history', accountKey: 'tweeter', spent: 1 })]);
    // The report was never fetched, but the history unlocked it: fetching it is free.
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitter', account: 'tweeter' })).toMatchObject({ cost: 0, reason: 'unlocked' });
    await h.call('reports:fetch', { network: 'twitter', account: 'tweeter', confirmedCost: 0 });
    expect(h.sim.state.balances.credits).toBe(2);
  });

  it('brand mentions are free and cached', async () => {
    h = await productionHarness();
    const mentions = await h.call<CompanionDocument<TiktokMentionsView>>('mentions:get', { network: 'tiktok', account: 'dancer' });
    expect(mentions.view.network).toBe('tiktok');
    expect(mentions.view.periods.length).toBeGreaterThan(0);
    expect(await h.call('mentions:get', { network: 'tiktok', account: 'dancer' })).toEqual(mentions);
    expect(h.sim.state.totalSpent()).toBe(0);
  });
});

describe('pictures', () => {
  it('stores avatars and thumbnails when first seen, so they open with the API gone', async () => {
    h = await productionHarness({ generationMs: 0 });
    const report = await h.call<CachedReport>('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 1 });
    const media = await h.call<CompanionDocument<InstagramMediaView>>('media:get', { network: 'instagram', account: 'natgeo' });
    const thumbnail = media.view.posts[0]!.thumbnailUrl!;
    await h.sim.close();
    // Asked together, answered in the order asked.
    const unknown = 'http://127.0.0.1:1/cdn/avatar/instagram/unknown.png?exp=1';
    const pictures = await h.call<PictureAnswer[]>('images:get', { urls: [report.summary.avatarUrl!, unknown, thumbnail] });
    expect(pictures).toEqual([{ dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) }, null, { dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) }]);
    expect(pictures[0]).not.toEqual(pictures[2]);
    // The same picture under a fresh link (new expiry) is the same cached picture.
    const relinked = report.summary.avatarUrl!.replace(/exp=\d+/, 'exp=9999999999');
    expect(await h.call('images:get', { urls: [relinked] })).toEqual([pictures[0]]);
  });

  it('fills one answer up to its size and says `later` for the rest, always giving the first', async () => {
    h = await productionHarness();
    const big = new Uint8Array(1.5 * 1024 * 1024).fill(7);
    const urls = [0, 1, 2, 3, 4].map((i) => `http://cdn.test/big/${i}.png`);
    for (const url of urls) new ImagesRepository(h.services.active().db).save(url, { contentType: 'image/png', bytes: big, fetchedAt: Date.now() });
    // 4 MB of room: three pictures of 1.5 MB (the third passes it), then `later`.
    const answers = await h.call<PictureAnswer[]>('images:get', { urls });
    expect(answers.map((a) => (a === null ? 'none' : 'later' in a ? 'later' : 'picture'))).toEqual(['picture', 'picture', 'picture', 'later', 'later']);
    // Asked again, the rest come; a picture bigger than the room alone still comes.
    expect((await h.call<PictureAnswer[]>('images:get', { urls: urls.slice(3) })).every((a) => a !== null && 'dataUrl' in a)).toBe(true);
    await expect(h.call('images:get', { urls: Array.from({ length: PICTURES_PER_CALL + 1 }, (_, i) => `http://cdn.test/${i}.png`) })).rejects.toThrow();
    await expect(h.call('images:get', { urls: [] })).rejects.toThrow();
  });
});

describe('library and search', () => {
  it('lists and finds what was fetched', async () => {
    h = await productionHarness({ generationMs: 0 });
    for (const account of ['kitchen_daily', 'moto_world', 'kitchen_pro']) {
      await h.call('reports:fetch', { network: 'twitch', account, confirmedCost: 1 });
    }
    const page = await h.call<{ total: number; items: { accountKey: string }[] }>('reports:library', { sort: 'username', order: 'asc' });
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.accountKey)).toEqual(['kitchen_daily', 'kitchen_pro', 'moto_world']);
    const found = await h.call<{ total: number; items: { accountKey: string }[] }>('reports:library', { text: 'kitchen', sort: 'username', order: 'asc' });
    expect(found.items.map((x) => x.accountKey)).toEqual(['kitchen_daily', 'kitchen_pro']);
  });
});
