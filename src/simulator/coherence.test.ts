// The simulator's demo agrees with itself (issue 19, "Must deliver" 2). Each rule is one named
// test, checked on every network over a fixed, large sample of names (the demo's famous accounts
// and generated ones) on two simulated days: the reference day and one 37 days later, when the
// figures have drifted. The rules hold for every name by construction, not by luck, so the
// sample is fixed rather than random.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../test/simClient';
import { campaignMonth, DEMO_BRANDS, roster } from './data/campaigns';
import { topics } from './data/discovery/taxonomy';
import { accountProfile } from './data/profile';
import { networks, type Network } from './data/random';
import { usesRealForms } from './data/realForms';
import { generateInstagramHistory, generateInstagramMedia, generateReportBody, generateTwitterHistory, generateYoutubeMediaPage } from './data/reports';
import { at, input, list, NOW, num, rec } from './data/reports/testkit';

const DAY = 86_400_000;
const DEMO = ['khaby.lame', 'mkbhd', 'natgeo', 'cristiano', 'nike', 'nasa', 'mrbeast', 'charlidamelio', 'ninja', 'selenagomez'];
// Creators who post campaign content (data/campaigns.ts) on both days: the rules hold with their campaign posts among their own.
const CAMPAIGN = [...roster(DEMO_BRANDS[0]!).filter((_, i) => i % 2 === 0).map((c) => c.name), ...campaignMonth('2026-07').filter((e) => e.outcome === 'uninvited').slice(0, 1).map((e) => e.creator.name)];
const NAMES = [...DEMO, ...CAMPAIGN, ...Array.from({ length: 50 }, (_, i) => `coherent${i}`)];
const DAYS = [NOW, NOW + 37 * DAY];
const PERIODS: Record<Network, readonly string[]> = {
  instagram: ['7d', '30d', '90d', '180d'],
  youtube: ['30d', '90d', '180d', '365d'],
  tiktok: ['7d', '30d', '90d', '180d', '365d'],
  twitch: ['7d', '30d', '90d', '180d', '365d'],
  twitter: ['7d', '30d', '90d', '180d', '365d'],
  snapchat: ['30d', '90d'],
};

/** Every (network, name, day) of the sample. */
function* sample(only?: Network): Generator<{ network: Network; name: string; now: number }> {
  for (const network of only ? [only] : networks) for (const name of NAMES) for (const now of DAYS) yield { network, name, now };
}

const value = (body: unknown, metric: string, period: string) => num(at(body, `report.metrics.${metric}.performance.${period}.value`));

/**
 * Per period of a report: how many posts it had (as the answer itself says), and the figures
 * that only posts can give it (ERs, averages, sums, rates).
 */
function periodFacts(network: Network, name: string, now: number): { period: string; posts: number; figures: Record<string, number> }[] {
  const body = generateReportBody(input(network, name, { now }));
  const media = network === 'instagram' ? generateInstagramMedia(input(network, name, { now })) : null;
  const of = (metrics: readonly string[], period: string) => Object.fromEntries(metrics.map((m) => [m, value(body, m, period)]));
  return PERIODS[network].map((period) => {
    switch (network) {
      case 'instagram': {
        const report = body;
        const metrics = rec(media, `media_ids.all.time_posted_desc.performance.${period}.metrics`);
        return {
          period,
          posts: list(media, `media_ids.all.time_posted_desc.performance.${period}.media_ids`).length,
          figures: {
            er: num(at(report, `user.er.performance.${period}.value`)),
            'er max': num(at(report, `user.er.performance.${period}.max`)),
            'media er_avg': num(at(metrics, 'er_avg.value')),
            'media comments_avg': num(at(metrics, 'comments_avg.value')),
          },
        };
      }
      case 'tiktok':
        return {
          period,
          posts: value(body, 'media_count', period),
          figures: of(['er', 'views_avg', 'alikes_avg', 'comments_avg', 'shares_avg', 'likes_count', 'comments_count', 'shares_count', 'views_followers_ratio', 'likes_views_ratio', 'comments_likes_ratio'], period),
        };
      case 'youtube':
        return {
          period,
          posts: value(body, 'media_count', period),
          figures: of(['er', 'views_avg', 'alikes_avg', 'comments_avg', 'video_views_avg', 'views_count', 'likes_count', 'comments_count', 'videos_v30', 'comments_rate', 'reactions_rate', 'likes_comments_ratio'], period),
        };
      case 'twitter':
        return { period, posts: value(body, 'media_count', period), figures: of(['er', 'favorite_avg', 'retweet_avg', 'reply_avg'], period) };
      case 'twitch':
        // Twitch sends no count of streams, but hours streamed only streams can fill.
        return {
          period,
          posts: value(body, 'hours_streamed', period) > 0 ? 1 : 0,
          figures: of(['views_avg', 'video_views_avg', 'video_views_count', 'live_viewers_avg', 'views_rate', 'chat_messages_per_hour', 'active_days_per_week'], period),
        };
      case 'snapchat': {
        const opendata = at(body, 'report.version') === 'opendata';
        // Verified reports send no count of snaps; the reach of a window's snaps stands for it.
        const posts = opendata ? value(body, 'media_count', period) : num(at(body, `report.metrics.reach.performance.${period}.value`)) > 0 ? 1 : 0;
        return { period, posts, figures: of(opendata ? ['views_avg', 'views_count'] : ['views_avg', 'shares_avg'], period) };
      }
    }
  });
}

describe('simulator coherence: periods', () => {
  it.each(networks)('%s: a period with an ER, an average or a sum has posts; a period without posts reads 0 throughout', (network) => {
    let withPosts = 0;
    let without = 0;
    for (const { name, now } of sample(network)) {
      for (const { period, posts, figures } of periodFacts(network, name, now)) {
        const where = `${network} ${name} ${new Date(now).toISOString().slice(0, 10)} ${period}`;
        if (posts === 0) {
          without++;
          for (const [figure, v] of Object.entries(figures)) expect(v, `${where}: ${figure} without posts`).toBe(0);
        } else {
          withPosts++;
          // Views and ER come from every post's own numbers: a period with posts shows them.
          const leading = network === 'twitter' || network === 'instagram' ? figures.er! : figures.views_avg!;
          expect(leading, `${where}: ${posts} posts but no figure`).toBeGreaterThan(0);
        }
        if (Object.values(figures).some((v) => v !== 0)) expect(posts, `${where}: figures without posts`).toBeGreaterThan(0);
      }
    }
    // Both cases occur in the sample, so neither half of the rule is checked vacuously.
    expect(withPosts).toBeGreaterThan(50);
    expect(without).toBeGreaterThan(0);
  });

  it('a period with posts is never reported as 0 posts a week (TikTok, YouTube, Twitter, Instagram)', () => {
    for (const network of ['tiktok', 'youtube', 'twitter'] as const) {
      for (const { name, now } of sample(network)) {
        const body = generateReportBody(input(network, name, { now }));
        const weekly = network === 'youtube' ? 'videos_per_week' : network === 'twitter' ? null : 'media_per_week';
        for (const period of PERIODS[network]) {
          const posts = value(body, 'media_count', period);
          if (weekly) expect(value(body, weekly, period) > 0, `${network} ${name} ${period}`).toBe(posts > 0);
        }
      }
    }
    for (const { name, now } of sample('instagram')) {
      const body = generateReportBody(input('instagram', name, { now }));
      const media = generateInstagramMedia(input('instagram', name, { now }));
      const in30 = list(media, 'media_ids.all.time_posted_desc.performance.30d.media_ids').length;
      expect(num(at(body, 'user.media_per_week.value')) * (30 / 7), `instagram ${name}`).toBeCloseTo(in30, 9);
    }
  });
});

describe('simulator coherence: media lists hold the posts behind the averages', () => {
  it('instagram: the 30-day ER of the report and the media answer\'s averages are those of the listed posts of the last 30 days', () => {
    for (const { name, now } of sample('instagram')) {
      const report = generateReportBody(input('instagram', name, { now }));
      const media = generateInstagramMedia(input('instagram', name, { now }));
      const items = rec(media.media);
      for (const period of ['7d', '30d']) {
        const ids = list(media, `media_ids.all.time_posted_desc.performance.${period}.media_ids`).map(String);
        const posts = ids.map((id) => rec(items[id], 'metrics'));
        const mean = (key: string) => posts.reduce((s, p) => s + num(p[key]), 0) / posts.length;
        const where = `${name} ${period}`;
        for (const id of ids) expect(num(at(items[id], 'basic.time_posted')), where).toBeGreaterThan(now / 1000 - Number.parseInt(period, 10) * 86_400);
        if (posts.length === 0) continue;
        expect(num(at(report, `user.er.performance.${period}.value`)), where).toBeCloseTo(mean('er'), 9);
        expect(num(at(media, `media_ids.all.time_posted_desc.performance.${period}.metrics.comments_avg.value`)), where).toBe(Math.round(mean('comments_count')));
        const likes = at(media, `media_ids.all.time_posted_desc.performance.${period}.metrics.likes_avg.value`);
        if (likes !== null) expect(likes, where).toBe(Math.round(mean('likes_count')));
      }
    }
  });

  it('youtube: the videos of the last 30 days on the media pages are the report\'s count, and average to its views, likes and comments', () => {
    for (const { name, now } of sample('youtube')) {
      if (usesRealForms('youtube', name)) continue; // real answers leave some videos undated (time_added 0)
      const report = generateReportBody(input('youtube', name, { now }));
      const recent: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const videos = list(generateYoutubeMediaPage(input('youtube', name, { now }), page), 'media').map((v) => rec(v));
        recent.push(...videos.filter((v) => num(v.time_added) > now / 1000 - 30 * 86_400));
        if (videos.length === 0 || num(videos.at(-1)!.time_added) <= now / 1000 - 30 * 86_400) break;
      }
      const where = `youtube ${name} ${now}`;
      expect(recent.length, where).toBe(value(report, 'media_count', '30d'));
      const sum = (metric: string) => recent.reduce((s, v) => s + num(at(v, `metrics.${metric}.value`)), 0);
      expect(value(report, 'views_count', '30d'), where).toBe(sum('views_count'));
      expect(value(report, 'likes_count', '30d'), where).toBe(sum('likes_count'));
      expect(value(report, 'dislikes_count', '30d'), where).toBe(sum('dislikes_count'));
      expect(value(report, 'comments_count', '30d'), where).toBe(sum('comments_count'));
      if (recent.length === 0) continue;
      expect(value(report, 'views_avg', '30d'), where).toBe(Math.round(sum('views_count') / recent.length));
      expect(value(report, 'alikes_avg', '30d'), where).toBeCloseTo(sum('likes_count') / recent.length, 6);
    }
  });

  it('tiktok, twitch and snapchat: a period\'s most-media lists are empty exactly when the period has no posts', () => {
    for (const { name, now } of sample('tiktok')) {
      const body = generateReportBody(input('tiktok', name, { now }));
      for (const period of PERIODS.tiktok) {
        const ids = list(body, `report.features.most_media.data.time_posted_desc.performance.${period}.media_ids`);
        expect(ids.length, `tiktok ${name} ${period}`).toBe(Math.min(12, value(body, 'media_count', period)));
      }
    }
    for (const { name, now } of sample('twitch')) {
      const body = generateReportBody(input('twitch', name, { now }));
      for (const period of PERIODS.twitch) {
        const ids = list(body, `report.features.most_media.data.most_views.performance.${period}.media_ids`);
        expect(ids.length > 0, `twitch ${name} ${period}`).toBe(value(body, 'hours_streamed', period) > 0);
      }
    }
    for (const { name, now } of sample('snapchat')) {
      const body = generateReportBody(input('snapchat', name, { now }));
      for (const period of PERIODS.snapchat) {
        const ids = list(body, `report.features.most_media.data.media_ids.all.time_posted_desc.performance.${period}.media_ids`);
        expect(ids.length > 0, `snapchat ${name} ${period}`).toBe(value(body, 'views_avg', period) > 0);
      }
    }
  });
});

describe('simulator coherence: history and followers', () => {
  it('history ends at the report\'s current figures (Instagram ER and followers chart, YouTube and Twitter series)', () => {
    for (const { name, now } of sample('instagram')) {
      const user = rec(generateReportBody(input('instagram', name, { now })), 'user');
      expect(num(at(list(generateInstagramHistory(input('instagram', name, { now })), 'metrics_history.er.history').at(-1), 'value')), name).toBe(num(at(user, 'er.value')));
      expect(num(at(list(user.followers_chart).at(-1), 'count')), name).toBe(num(user.followers_count));
    }
    for (const { name, now } of sample('youtube')) {
      const body = generateReportBody(input('youtube', name, { now }));
      const last = (series: string) => num(at(list(body, `metrics_history.${series}.history`).at(-1), 'value'));
      for (const series of ['subscribers_count', 'er', 'media_count', 'videos_v30']) expect(last(series), `youtube ${name} ${series}`).toBe(num(at(body, `report.metrics.${series}.value`)));
    }
    for (const { name, now } of sample('twitter')) {
      const body = generateReportBody(input('twitter', name, { now }));
      const history = generateTwitterHistory(input('twitter', name, { now }));
      const last = (series: string) => num(at(list(history, `metrics_history.${series}.history`).at(-1), 'value'));
      for (const series of ['subscribers_count', 'er', 'following_count']) expect(last(series), `twitter ${name} ${series}`).toBe(num(at(body, `report.metrics.${series}.value`)));
    }
  });

  it('every report shows the followers of the account\'s profile that day, and its 30-day growth is its 30-day gain', () => {
    for (const { network, name, now } of sample()) {
      const body = generateReportBody(input(network, name, { now }));
      const followers = num(at(body, network === 'instagram' ? 'user.followers_count' : 'report.metrics.subscribers_count.value'));
      expect(followers, `${network} ${name}`).toBe(accountProfile(network, name, now).followers);
      if (network === 'instagram' || network === 'twitter') continue;
      const gain = value(body, 'subscribers_count', '30d');
      expect(value(body, 'subscribers_growth_prc', '30d'), `${network} ${name}`).toBeCloseTo((gain / (followers - gain)) * 100, 6);
    }
  });
});

describe('simulator coherence: over HTTP', () => {
  let t: SimTest;
  let dir: string;
  beforeAll(async () => {
    t = await simTest({ generationMs: 0, pdfMs: 0, analysisMs: 0 });
    dir = mkdtempSync(join(tmpdir(), 'sim-pdf-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function allPosts(reportId: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 0; ; page++) {
      const r = await t.call('/api/marketanalysis/instagramCompetitorAnalysis/posts', { json: { report_id: reportId, from: page, size: 1000 } });
      out.push(...(r.body as Record<string, unknown>[]));
      if ((r.body as unknown[]).length < 1000) return out;
    }
  }

  /** The regions of the sample's countries, as a researcher names them. */
  const regionNames: Record<string, string> = {
    US: 'North America', GB: 'Europe', DE: 'Europe', FR: 'Europe', CH: 'Europe', CA: 'North America', BR: 'Latin America', MX: 'Latin America', AR: 'Latin America', CO: 'Latin America',
    IN: 'Asia', ID: 'Asia', PH: 'Asia', JP: 'Asia', KR: 'Asia', TH: 'Asia', VN: 'Asia', RU: 'Europe', IT: 'Europe', ES: 'Europe', PL: 'Europe', NL: 'Europe', SE: 'Europe',
    UA: 'Europe', TR: 'Middle East', EG: 'Middle East', SA: 'Middle East', AE: 'Middle East', AU: 'Oceania', NG: 'Africa', ZA: 'Africa',
  };

  it.each([
    ['nike', ['US', 'GB']],
    ['adidas', []],
    ['acme_posts3000', ['DE', 'FR', 'CH']],
  ])('competitor %s (audience %j): the aggregates are what its posts add up to, in its countries, with real category names', async (username, geo) => {
    const created = await t.call('/api/marketanalysis/instagramCompetitorAnalysis', { json: { username, date_from: '2026-05-01', date_to: '2026-06-30', audience_geo: geo, hashtags: ['justdoit'] } });
    const id = created.body.report.basic.report_id as string;
    const report = (await t.call(`/api/marketanalysis/instagramCompetitorAnalysis/${id}`)).body;
    const posts = await allPosts(id);
    const of = (kind?: string) => posts.filter((p) => kind === undefined || p.type_of_payed === kind);
    const part = (kind?: string) => {
      const chosen = of(kind);
      return { mentions: chosen.length, contributors: new Set(chosen.map((p) => p.account)).size, reach: chosen.reduce((s, p) => s + num(p.post_reach), 0) };
    };
    expect(report.mentions_value).toBe(posts.length);
    expect({ mentions: report.mentions_value, contributors: report.contributors_value, reach: report.reach_value }).toEqual(part());
    expect({ mentions: report.sponsored.mentions, contributors: report.sponsored.contributors, reach: report.sponsored.reach }).toEqual(part('sponsored'));
    expect({ mentions: report.likely_sponsored.mentions, contributors: report.likely_sponsored.contributors, reach: report.likely_sponsored.reach }).toEqual(
      part('likely sponsored'),
    );
    expect(report.sponsored_ratio_prc).toBeCloseTo((of('sponsored').length / posts.length) * 100, 9);
    const budget = (p: Record<string, unknown>) => Number(String(p.account_est_budget).replace(/[$,]/g, ''));
    expect(report.sponsored.price_sum).toBe(of('sponsored').reduce((s, p) => s + budget(p), 0));
    expect(report.price.sum_from).toBeLessThanOrEqual(report.price.sum_to);
    const tagged = (tag: string) => posts.filter((p) => String(p.post).split(' ').includes(`#${tag}`)).length;
    for (const { title, value: count } of report.content_top_hashtags as { title: string; value: number }[]) expect(count, title).toBe(tagged(title));
    expect(report.content_top_hashtags[0]).toEqual({ title: 'justdoit', value: posts.length });
    const names = new Set(topics.map((x) => x.name));
    for (const p of posts) {
      if (geo.length) expect(geo, String(p.account)).toContain(p.account_audience_country);
      expect(p.account_audience_region, String(p.account_audience_country)).toBe(regionNames[String(p.account_audience_country)]);
      expect(names, String(p.account_category)).toContain(p.account_category);
    }
    expect(new Set(posts.map((p) => p.account_audience_country)).size).toBeGreaterThan(geo.length ? 1 : 5);
  });

  function pdfText(bytes: Buffer): { text: string; pages: number } {
    const file = join(dir, `r${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
  }

  const reportMethod: Record<Network, [string, string]> = {
    instagram: ['report', 'username'],
    youtube: ['youtube', 'channel'],
    tiktok: ['tiktok', 'channel'],
    twitch: ['twitch', 'channel'],
    twitter: ['twitter', 'channel'],
    snapchat: ['snapchat', 'channel'],
  };
  const accounts: [Network, string][] = [
    ['instagram', 'natgeo'],
    ['instagram', 'cristiano'],
    ['youtube', 'mkbhd'],
    ['youtube', 'UCBJycsmduvYEL83R_U4JriQ'],
    ['tiktok', 'khaby.lame'],
    ['twitch', 'ninja'],
    ['twitter', 'nasa'],
    ['snapchat', 'kyliejenner'],
  ];

  it.each(accounts)('%s %s: the archived PDF is a multi-page report with the same day\'s followers and ER as the report', async (network, name) => {
    // Not the reference day: the figures have drifted, and the PDF must drift with the report.
    t.sim.advanceClock(3 * DAY);
    const [method, param] = reportMethod[network];
    const report = (await t.method(method, { params: { [param]: name } })).body.result;
    const pdf = await t.method(`${network}Pdf`, { params: { [param]: name } });
    expect(pdf.status).toBe(200);
    const file = await fetch(pdf.body.result.pdfUrl as string);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const { text, pages } = pdfText(Buffer.from(await file.arrayBuffer()));
    expect(pages).toBeGreaterThanOrEqual(3);
    const flat = text.replace(/\s+/g, ' ');
    const followers = num(network === 'instagram' ? report.user.followers_count : report.report.metrics.subscribers_count.value);
    expect(flat).toContain(`Followers ${followers.toLocaleString('en-US')}`);
    const er = network === 'instagram' ? report.user.er.value : report.report.metrics.er?.value;
    if (typeof er === 'number') expect(flat).toContain(`Engagement rate ${er.toFixed(2)} %`);
    for (const section of ['Headline figures', 'Follower growth, last 12 months', 'Posts by period', 'Latest posts', 'Audience']) expect(flat).toContain(section);
    // The growth chart's axis names months with their years.
    expect(flat).toMatch(/(Jan|Apr|Jul|Oct) 20\d\d/);
    expect(flat).not.toContain('Generated by the Scout API simulator');
    if (network === 'youtube' && name.startsWith('UC')) expect(flat).toContain(report.report.basic.title);
  });
});
