// Conformance, section 4 of api-reference.md: every operation at its path, with its methods,
// parameters and response shape (sections 2.x).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../../test/simClient';
import { universe } from '../data/discovery';
import { NO_KNOWN_END, usesRealForms } from '../data/realForms';

let t: SimTest;
beforeAll(async () => {
  t = await simTest({ generationMs: 1000 });
});
afterAll(() => t.close());

/** Requests a report and lets simulated time pass until it is generated. */
async function generated(method: string, params: Record<string, string>) {
  const first = await t.method(method, { params });
  expect(first.body.result.report_state).toBe('NOT_READY');
  t.sim.advanceClock(1500);
  const r = await t.method(method, { params });
  expect(r.status).toBe(200);
  return r.body.result;
}

describe('4.1 PDF export', () => {
  it.each([
    ['instagramPdf', 'username'],
    ['youtubePdf', 'channel'],
    ['tiktokPdf', 'channel'],
    ['twitchPdf', 'channel'],
    ['twitterPdf', 'channel'],
    ['snapchatPdf', 'channel'],
  ])('auditor.%s?%s= answers 202 with retryTtl, then 200 with pdfUrl and restTokens', async (method, param) => {
    const params = { [param]: `pdf_${method}` };
    const first = await t.method(method, { params });
    expect(first.status).toBe(202);
    expect(first.body.result).toMatchObject({ retryTtl: expect.any(Number), restTokens: expect.any(Number) });
    t.sim.advanceClock(1500);
    const done = await t.method(method, { params });
    expect(done.status).toBe(200);
    expect(done.body.result.pdfUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/pdf\//);
    expect(typeof done.body.result.restTokens).toBe('number');
  });

  it('PDF export unlocks the report (media becomes available)', async () => {
    await t.method('instagramPdf', { params: { username: 'pdf_unlocks' } });
    expect((await t.method('reportMedia', { params: { username: 'pdf_unlocks' } })).status).toBe(200);
  });

  it('refuses a missing parameter with code 8', async () => {
    expect((await t.method('twitchPdf')).body.error.code).toBe(8);
  });
});

describe('4.2 Twitch report (2.2)', () => {
  it('GET and POST with channel; report.basic/metrics/features', async () => {
    const result = await generated('twitch', { channel: 'streamer_a' });
    expect(result.report_state).toBe('READY');
    expect(result.report.basic).toMatchObject({ id: expect.any(String), username: 'streamer_a', title: expect.any(String), avatar_url: expect.any(String) });
    for (const metric of ['subscribers_count', 'views_avg', 'subscribers_growth_prc', 'live_viewers_avg', 'hours_streamed', 'chat_messages_per_hour']) {
      expect(result.report.metrics).toHaveProperty(metric);
    }
    for (const feature of ['audience_age_gender', 'audience_geo', 'games', 'social_networks']) expect(result.report.features).toHaveProperty(feature);
    const post = await t.method('twitch', { form: { channel: 'streamer_a' } });
    expect(post.body.result.report_state).toBe('READY');
  });
});

describe('4.3 Snapchat report (2.3)', () => {
  it('has a version, opendata or verified, stable per name', async () => {
    const a = await generated('snapchat', { channel: 'snap_a' });
    expect(['opendata', 'verified']).toContain(a.report.version);
    const again = await t.method('snapchat', { params: { channel: 'snap_a' } });
    expect(again.body.result.report.version).toBe(a.report.version);
    expect(a.report.basic.social_type).toBe(7);
  });
});

describe('4.4 TikTok report (2.4)', () => {
  it('by channel, with report_quality and type', async () => {
    const r = await generated('tiktok', { channel: 'dancer_a', type: 'report' });
    expect(r).toMatchObject({ report_state: 'READY', report_quality: expect.any(String), type: 'report' });
    expect(r.report.metrics).toHaveProperty('er');
    expect(r.report.features).toHaveProperty('aqs');
  });

  it('by user id (GET only)', async () => {
    const r = await generated('tiktokByUserId', { user_id: '6812345678901234567' });
    expect(r.report.basic.id).toBe('6812345678901234567');
    expect((await t.method('tiktokByUserId', { form: { user_id: '1' } })).status).toBe(405);
  });

  it('READY_LOW_CONFIDENCE lacks the audience features of section 3.1', async () => {
    const r = await generated('tiktok', { channel: 'lowconf_dancer' });
    expect(r.report_state).toBe('READY_LOW_CONFIDENCE');
    expect(r.report.features.audience_age_gender).toBeUndefined();
  });
});

describe('Instagram, YouTube and Twitter reports (api-notes.md)', () => {
  it('auditor.report?username= is flat: result.user, _report_quality, validUntil as a duration', async () => {
    const r = await generated('report', { username: 'insta_a' });
    expect(r._report_quality).toBeDefined();
    if (usesRealForms('instagram', 'insta_a')) {
      // A real-forms account (data/realForms.ts): access with no known end.
      expect(r.validUntil).toBe(NO_KNOWN_END);
    } else {
      expect(r.validUntil).toBeGreaterThan(360 * 24 * 3600);
      expect(r.validUntil).toBeLessThanOrEqual(365 * 24 * 3600);
    }
    expect(r.user).toMatchObject({ username: 'insta_a', followers_count: expect.any(Number) });
    expect(r.report).toBeUndefined();
  });

  it('auditor.youtube?channel= wraps every feature in {data}', async () => {
    const r = await generated('youtube', { channel: 'UCyoutube_a' });
    for (const feature of Object.values(r.report.features)) expect(feature).toHaveProperty('data');
    expect(r.validUntil).toBeGreaterThan(Date.now() / 1000);
  });

  it('auditor.twitter?channel= has report.basic and features with data', async () => {
    const r = await generated('twitter', { channel: 'tweeter_a' });
    expect(r.report.basic.username).toBe('tweeter_a');
    expect(r.report.features.blogger_geo).toHaveProperty('data');
  });
});

describe('4.5 account media', () => {
  it('auditor.reportMedia?username= (2.5) after unlock', async () => {
    await t.method('report', { params: { username: 'media_owner' } });
    const r = await t.method('reportMedia', { params: { username: 'media_owner' } });
    expect(Object.keys(r.body.result.media_ids).sort()).toEqual(['all', 'igtv', 'posts', 'reels']);
    expect(typeof r.body.result.media).toBe('object');
  });

  it('auditor.youtubeMedia?channel=&page= (2.6), GET and POST', async () => {
    await t.method('youtube', { params: { channel: 'UCmedia_owner' } });
    const r = await t.method('youtubeMedia', { form: { channel: 'UCmedia_owner', page: '1' } });
    expect(r.body.result).toMatchObject({ report_state: 'READY', current_page: 1, total_pages: expect.any(Number) });
    expect((await t.method('youtubeMedia', { params: { channel: 'UCmedia_owner', page: 'x' } })).status).toBe(400);
  });
});

describe('4.6 metrics history (2.9), which unlocks the report', () => {
  it('auditor.instagramHistory?username=', async () => {
    const r = await t.method('instagramHistory', { params: { username: 'hist_ig' } });
    expect(r.body.result.metrics_history.er.history[0]).toMatchObject({ value: expect.any(Number), timestamp: expect.any(Number) });
    expect((await t.method('reportMedia', { params: { username: 'hist_ig' } })).status).toBe(200);
  });

  it('auditor.twitterHistory?channel=, GET and POST', async () => {
    const r = await t.method('twitterHistory', { form: { channel: 'hist_tw' } });
    for (const key of ['er', 'retweet_count', 'reply_count', 'favorite_count', 'media_per_week', 'subscribers_count', 'following_count']) {
      expect(r.body.result.metrics_history[key].history[0]).toMatchObject({ time_iso: expect.any(String) });
    }
  });
});

describe('4.7 brand mentions', () => {
  it('auditor.tiktokBrandMentions?channel= has no result wrapper (2.8)', async () => {
    const r = await t.method('tiktokBrandMentions', { params: { channel: 'brand_tt' } });
    expect(r.body.result).toBeUndefined();
    expect(r.body).toHaveProperty('mentions');
    expect(r.body).toHaveProperty('users');
  });

  it('auditor.youtubeBrandMentions?channel= (2.7)', async () => {
    const r = await t.method('youtubeBrandMentions', { form: { channel: 'UCbrand_yt' } });
    expect(Array.isArray(r.body.result.mentions)).toBe(true);
  });
});

describe('4.8 Twitch games (2.11)', () => {
  it('auditor.games?search= finds games by fragment', async () => {
    const r = await t.method('games', { params: { search: 'a' } });
    expect(r.body.result.length).toBeGreaterThan(0);
    expect(r.body.result[0].basic).toMatchObject({ id: expect.any(Number), title: expect.any(String), avatar_url: expect.any(String) });
  });
});

describe('4.9 plan info (2.13)', () => {
  it('auditor.planInfo', async () => {
    const r = await t.method('planInfo');
    expect(r.body.result).toMatchObject({
      reports: { plan: expect.any(String), credits: expect.any(Number), reports: expect.any(Number), advanced_reports: expect.any(Number) },
      discovery: { plan: expect.any(String), requests: expect.any(Number) },
    });
  });
});

describe('4.10 creator profiles (2.10)', () => {
  it('auditor.creators with and without the trailing slash, paged by cursor', async () => {
    const first = await t.call('/api/method/auditor.creators', { params: { limit: 50 } });
    expect(first.body.result.creators).toHaveLength(50);
    expect(first.body.result.next_cursor).toEqual(expect.any(String));
    const second = await t.method('creators', { params: { limit: 50, cursor: first.body.result.next_cursor } });
    expect(second.body.result.creators[0].id).not.toBe(first.body.result.creators[0].id);
    const c = first.body.result.creators[0];
    expect(c).toMatchObject({ id: expect.any(Number), network_status: { id: expect.any(Number), name: expect.any(String) } });
    expect(c.accounts[0]).toMatchObject({ social_network: expect.any(String), is_report_unlocked: true, report_unlock_date: expect.stringMatching(/\+00:00$/) });
  });

  it('includes the creator of a report this account unlocked, filtered by unlock date', async () => {
    await t.method('twitch', { params: { channel: 'fresh_unlock' } });
    const from = new Date(t.sim.clock.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const r = await t.method('creators', { params: { report_unlocked_from: from, limit: 100 } });
    expect(r.body.result.creators.map((c: { accounts: { username: string }[] }) => c.accounts[0]!.username)).toContain('fresh_unlock');
  });
});

describe('4.11 discovery search', () => {
  it('auditor.search takes a JSON body', async () => {
    const r = await t.method('search', { json: { social_network: 'youtube', sort: { field: 'subscribers_count', order: 'desc' } } });
    expect(r.body.result).toMatchObject({ current_page: 1, total_pages: expect.any(Number), queries_left: expect.any(Number) });
    const counts = r.body.result.search_results.map((x: { metrics: { subscribers_count: { value: number } } }) => x.metrics.subscribers_count.value);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('keeps a long TikTok id in a form field exact (a float would round it to another id)', async () => {
    // An id that a double cannot hold exactly: read as a number it names no account.
    const target = universe('tiktok').accounts.find((a) => String(Number(a.profile.id)) !== a.profile.id)!;
    const r = await t.method('search', { multipart: { social_network: 'tiktok', similar: target.profile.id } });
    expect(r.status).toBe(200);
    expect(r.body.result.search_results.length).toBeGreaterThan(0);
  });

  it('takes a multipart form and a body with no content type', async () => {
    expect((await t.method('search', { multipart: { social_network: 'tiktok', page: '2' } })).body.result.current_page).toBe(2);
    const bare = await t.method('search', { json: { social_network: 'twitter' }, headers: { 'content-type': '' } });
    expect(bare.status).toBe(200);
  });

  it('auditor.searchSandbox validates but spends nothing', async () => {
    const before = t.sim.state.balances.discoveryRequests;
    expect((await t.method('searchSandbox', { json: { social_network: 'instagram', er: { from: 1, to: 2 } } })).status).toBe(200);
    expect((await t.method('searchSandbox', { json: { social_network: 'nope' } })).status).toBe(400);
    expect(t.sim.state.balances.discoveryRequests).toBe(before);
  });
});

describe('4.12 list reports (2.12)', () => {
  it('auditor.list?id=&limit=&offset=', async () => {
    const r = await t.method('list', { params: { id: 1, limit: 10, offset: 0 } });
    expect(r.body.result.length).toBeLessThanOrEqual(10);
    expect(r.body.result[0]).toMatchObject({ report_id: expect.any(Number), username: expect.any(String), type: expect.stringMatching(/^(IG|YT|TT|TW|TR)$/) });
    expect((await t.method('list', { params: { limit: 10 } })).status).toBe(400);
  });
});

describe('4.13 competitor analysis (no result wrapper)', () => {
  it('create → state 0 → state 10 with aggregates → posts paged by from/size', async () => {
    const created = await t.call('/api/marketanalysis/instagramCompetitorAnalysis', {
      json: { username: 'nike', date_from: '2026-01-01', date_to: '2026-03-31', audience_geo: ['US'], hashtags: ['justdoit'] },
    });
    expect(created.status).toBe(200);
    const { config, basic } = created.body.report;
    expect(config).toMatchObject({ username: 'nike', mode: 'FULL', type: 'ig_mentions', settings: null });
    expect(basic).toMatchObject({ state: 0, report_id: expect.any(String) });

    const path = `/api/marketanalysis/instagramCompetitorAnalysis/${basic.report_id}`;
    expect((await t.call(path)).body.report.basic.state).toBe(0);
    t.sim.advanceClock(1500);
    const report = await t.call(path);
    expect(report.body.report.basic.state).toBe(10);
    expect(report.body).toMatchObject({ emv_value: expect.any(Number), mentions_value: expect.any(Number), price: expect.any(Object) });

    const posts = (from: number, size: number) =>
      t.call('/api/marketanalysis/instagramCompetitorAnalysis/posts', { json: { report_id: basic.report_id, from, size } });
    const p0 = await posts(0, 100);
    const p1 = await posts(1, 100);
    expect(p0.body).toHaveLength(100);
    expect(p1.body[0].post_url).not.toBe(p0.body[0].post_url);
    expect(p0.body[0]).toMatchObject({ post_date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/), account: expect.any(String) });
    expect(report.body.mentions_value).toBeGreaterThanOrEqual(300);
  });

  it('refuses a create without username or with bad dates', async () => {
    const path = '/api/marketanalysis/instagramCompetitorAnalysis';
    expect((await t.call(path, { json: { date_from: '2026-01-01', date_to: '2026-02-01' } })).status).toBe(400);
    expect((await t.call(path, { json: { username: 'x', date_from: 'yesterday', date_to: '2026-02-01' } })).status).toBe(400);
  });
});
