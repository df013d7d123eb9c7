// Conformance, section 8 of api-reference.md: every limit row, plus the charging rules of
// sections 3.1 and 4.2–4.4.
import { afterEach, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../../test/simClient';
import { universe } from '../data/discovery';

const DAY = 24 * 60 * 60 * 1000;
let t: SimTest;
afterEach(() => t?.close());

async function ready(t: SimTest, network: string, params: Record<string, string>) {
  const first = await t.method(network, { params });
  t.sim.advanceClock(2000);
  return { first, ready: await t.method(network, { params }) };
}

describe('section 8: limits', () => {
  it('TikTok report: more than 100 requests a minute → HTTP 429 with Retry-After', async () => {
    t = await simTest();
    for (let i = 0; i < 100; i++) {
      const r = await t.method('tiktok', { params: { channel: 'nasa' } });
      expect(r.status).toBe(200);
    }
    const limited = await t.method('tiktok', { params: { channel: 'nasa' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.sim.advanceClock(61_000);
    expect((await t.method('tiktok', { params: { channel: 'nasa' } })).status).toBe(200);
  });

  it('credits: 1 credit per first check, returned on failed generation, free for a year, paid again after 365 days', async () => {
    t = await simTest({ credits: 10 });
    const { first, ready: r } = await ready(t, 'twitch', { channel: 'somestreamer' });
    expect(first.body.result.restTokens).toBe(9);
    expect(r.body.result.report_state).toBe('READY');
    expect((await t.method('twitch', { params: { channel: 'somestreamer' } })).body.result.restTokens).toBe(9);
    t.sim.advanceClock(364 * DAY);
    expect((await t.method('twitch', { params: { channel: 'somestreamer' } })).body.result.restTokens).toBe(9);
    t.sim.advanceClock(2 * DAY);
    const again = await t.method('twitch', { params: { channel: 'somestreamer' } });
    expect(again.body.result).toMatchObject({ report_state: 'NOT_READY', restTokens: 8 });
    // A failed generation gives the credit back.
    const failed = await ready(t, 'twitch', { channel: 'novideos_streamer' });
    expect(failed.first.body.result.restTokens).toBe(7);
    expect(failed.ready.status).toBe(403);
    expect(t.sim.state.balances.credits).toBe(8);
    expect(t.sim.state.spent.credits).toBe(2);
  });

  it('TikTok type=report spends a mini-report credit; advanced (or omitted) an advanced one', async () => {
    t = await simTest({ miniReports: 5, advancedReports: 5 });
    await t.method('tiktok', { params: { channel: 'mini_one', type: 'report' } });
    await t.method('tiktok', { params: { channel: 'adv_one', type: 'advanced_report' } });
    await t.method('tiktok', { params: { channel: 'adv_two' } });
    expect(t.sim.state.balances).toMatchObject({ miniReports: 4, advancedReports: 3, credits: 1000 });
    // A mini report does not cover an advanced one.
    await t.method('tiktok', { params: { channel: 'mini_one', type: 'advanced_report' } });
    expect(t.sim.state.balances.advancedReports).toBe(2);
    const bad = await t.method('tiktok', { params: { channel: 'x', type: 'premium' } });
    expect(bad.status).toBe(400);
  });

  it('restTokens: every report answer carries the credits left', async () => {
    t = await simTest({ credits: 50 });
    const r = await t.method('snapchat', { params: { channel: 'snapper' } });
    expect(r.body.result.restTokens).toBe(49);
  });

  it('PDF link: valid 28 days, refreshed at most once a day', async () => {
    t = await simTest({ generationMs: 10 });
    const first = await t.method('twitchPdf', { params: { channel: 'pdfstreamer' } });
    expect(first.status).toBe(202);
    expect(first.body.result.retryTtl).toBeGreaterThan(0);
    t.sim.advanceClock(1000);
    const r1 = await t.method('twitchPdf', { params: { channel: 'pdfstreamer' } });
    expect(r1.status).toBe(200);
    const url1 = new URL(r1.body.result.pdfUrl);
    expect(Number(url1.searchParams.get('exp')) * 1000 - t.sim.clock.now()).toBeGreaterThan(27.9 * DAY);
    t.sim.advanceClock(60 * 60 * 1000);
    expect((await t.method('twitchPdf', { params: { channel: 'pdfstreamer' } })).body.result.pdfUrl).toBe(url1.toString());
    t.sim.advanceClock(DAY);
    expect((await t.method('twitchPdf', { params: { channel: 'pdfstreamer' } })).body.result.pdfUrl).not.toBe(url1.toString());
    const pdf = await fetch(url1);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.7')).toBe(true); // pdf-lib's version; coherence.test.ts reads the pages
    t.sim.advanceClock(28 * DAY);
    expect((await fetch(url1)).status).toBe(403);
  });

  it('CDN pictures: served as PNG, and dead 28 days after they were handed out', async () => {
    t = await simTest({ generationMs: 0 });
    const r = await t.method('twitch', { params: { channel: 'nasa' } });
    const avatar = r.body.result.report.basic.avatar_url as string;
    expect(avatar.startsWith(`${t.sim.url}/cdn/`)).toBe(true);
    const image = await fetch(avatar);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    t.sim.advanceClock(27 * DAY);
    expect((await fetch(avatar)).status).toBe(200);
    t.sim.advanceClock(2 * DAY);
    expect((await fetch(avatar)).status).toBe(403);
    // Asking again hands out a fresh link.
    const fresh = (await t.method('twitch', { params: { channel: 'nasa' } })).body.result.report.basic.avatar_url as string;
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('YouTube media: 50 items a page', async () => {
    t = await simTest({ generationMs: 0 });
    const channel = 'UCbigchannel';
    await t.method('youtube', { params: { channel } });
    const page1 = await t.method('youtubeMedia', { params: { channel, page: 1 } });
    expect(page1.body.result.media.length).toBeLessThanOrEqual(50);
    expect(page1.body.result.current_page).toBe(1);
    expect(page1.body.result.total_pages).toBeGreaterThanOrEqual(1);
  });

  it('discovery: 20 items a page, one discovery call a page, page at most 500', async () => {
    t = await simTest({ discovery: 3 });
    const r = await t.method('search', { json: { social_network: 'instagram', page: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.result.search_results).toHaveLength(20);
    expect(r.body.result.queries_left).toBe(2);
    expect((await t.method('search', { json: { social_network: 'instagram', page: 501 } })).status).toBe(400);
    const sandbox = await t.method('searchSandbox', { json: { social_network: 'instagram' } });
    expect(sandbox.body.result.queries_left).toBe(2);
  });

  it('username_exclude: at most 1000 usernames', async () => {
    t = await simTest();
    const names = (n: number) => Array.from({ length: n }, (_, i) => `user${i}`);
    expect((await t.method('search', { json: { social_network: 'instagram', username_exclude: names(1000) } })).status).toBe(200);
    expect((await t.method('search', { json: { social_network: 'instagram', username_exclude: names(1001) } })).status).toBe(400);
  });

  it('twitch_games: at most 3 ids', async () => {
    t = await simTest();
    const ok = await t.method('search', { json: { social_network: 'twitch', twitch_games: { games: [1, 2, 3] } } });
    expect(ok.status).toBe(200);
    const r = await t.method('search', { json: { social_network: 'twitch', twitch_games: { games: [1, 2, 3, 4] } } });
    expect(r.status).toBe(400);
  });

  it('creators: limit 1 to 100, creator_ids at most 1000, creator_accounts at most 100', async () => {
    t = await simTest();
    expect((await t.method('creators', { params: { limit: 100 } })).status).toBe(200);
    expect((await t.method('creators', { params: { limit: 0 } })).status).toBe(400);
    expect((await t.method('creators', { params: { limit: 101 } })).status).toBe(400);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => 100000 + i).join(',');
    expect((await t.method('creators', { params: { creator_ids: ids(1000) } })).status).toBe(200);
    expect((await t.method('creators', { params: { creator_ids: ids(1001) } })).status).toBe(400);
    const accounts = (n: number) =>
      JSON.stringify({ creators: Array.from({ length: n }, (_, i) => ({ social_type: 'instagram', social_id: `a${i}` })) });
    expect((await t.method('creators', { params: { creator_accounts: accounts(101) } })).status).toBe(400);
  });

  it('list paging: limit at most 100, offset from 0', async () => {
    t = await simTest();
    const r = await t.method('list', { params: { id: 1, limit: 100, offset: 0 } });
    expect(r.status).toBe(200);
    expect(r.body.result.length).toBeLessThanOrEqual(100);
    expect((await t.method('list', { params: { id: 1, limit: 101 } })).status).toBe(400);
  });

  it('account mentions window: account_mentions matches accounts that mentioned the name in the last 180 days', async () => {
    t = await simTest();
    const u = universe('instagram');
    const mentioned = u.accounts.find((a) => a.mentions.length > 0)!.mentions[0]!;
    const r = await t.method('search', { json: { social_network: 'instagram', account_mentions: { include: [mentioned] } } });
    expect(r.body.result.search_results.length).toBeGreaterThan(0);
    for (const item of r.body.result.search_results) {
      expect(u.byUsername.get(item.basic.username)!.mentions).toContain(mentioned);
    }
  });

  it('free test report: nasa costs nothing on every network', async () => {
    t = await simTest({ credits: 3, miniReports: 1, advancedReports: 1 });
    for (const [network, param] of [
      ['report', 'username'],
      ['youtube', 'channel'],
      ['twitter', 'channel'],
      ['tiktok', 'channel'],
      ['twitch', 'channel'],
      ['snapchat', 'channel'],
    ] as const) {
      await t.method(network, { params: { [param]: 'nasa' } });
    }
    await t.method('twitterHistory', { params: { channel: 'nasa' } });
    expect(t.sim.state.totalSpent()).toBe(0);
  });
});
