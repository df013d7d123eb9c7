// The demo's campaign content agrees with itself (issue 40, "Must deliver" 6): a campaign post
// (data/campaigns.ts) is one post wherever it is shown — the creator's account media (Instagram
// reportMedia, YouTube media pages), its brand mentions (TikTok, YouTube) and the competitor
// analysis of the brand over the window with the campaign's hashtags — with the same id, date,
// caption and metrics at one clock time; its metrics grow as the simulator's clock runs; and every
// month plants each case Scout must tell apart. The rules of coherence.test.ts cover campaign
// creators too (its sample holds some).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../test/simClient';
import {
  campaignMonth, campaignWindow, DEMO_BRANDS, DISCLOSURE_TAG, metricsAt, roster, type CampaignEntry, type DemoBrand,
} from './data/campaigns';

/** A copy with every link's expiry (`exp=<seconds>`, set from when it was answered) left out. */
function withoutLinkExpiry(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/([?&]exp=)\d+/g, '$1…'));
}

const DAY = 86_400_000;
/** Dec 23, 2026, 10:00: Glow Lab's December window (1st–21st) is over, Trail Fuel's (8th–28th) runs. */
const CLOCK = Date.UTC(2026, 11, 23, 10);
const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;
const slash = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '/');
const MONTHS = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03', '2027-06', '2028-02'];

describe('simulator campaigns: the planted cases', () => {
  it.each(MONTHS)('%s: every brand has, per network, creators on time, late, never and undisclosed, and uninvited Instagram creators', (month) => {
    for (const brand of DEMO_BRANDS) {
      const w = campaignWindow(brand, month);
      const entries = campaignMonth(month).filter((e) => e.window.brand === brand);
      const names = new Set(roster(brand).map((c) => c.name));
      for (const network of ['instagram', 'tiktok', 'youtube'] as const) {
        const outcomes = entries.filter((e) => e.creator.network === network && e.outcome !== 'uninvited').map((e) => e.outcome);
        expect(new Set(outcomes), `${brand.name} ${network}`).toEqual(new Set(['on_time', 'late', 'never', 'undisclosed']));
      }
      for (const e of entries) {
        const where = `${brand.name} ${month} ${e.creator.name} ${e.outcome}`;
        expect(names.has(e.creator.name), where).toBe(e.outcome !== 'uninvited');
        if (e.outcome === 'never') {
          expect(e.post, where).toBeNull();
          continue;
        }
        const p = e.post!;
        expect(p.time, where).toBeGreaterThanOrEqual(w.from);
        expect(p.time, where).toBeLessThan(w.to);
        if (e.outcome === 'late') expect(p.time, where).toBeGreaterThan(w.due);
        if (e.outcome === 'on_time' || e.outcome === 'undisclosed') expect(p.time, where).toBeLessThanOrEqual(w.due);
        const tags = p.caption.split(' ').filter((t) => t.startsWith('#'));
        expect(tags, where).toEqual(expect.arrayContaining(brand.hashtags.map((h) => `#${h}`)));
        expect(tags.includes(`#${DISCLOSURE_TAG}`), where).toBe(p.disclosed);
        if (e.outcome === 'undisclosed') expect(p.disclosed, where).toBe(false);
        if (e.outcome === 'on_time' || e.outcome === 'late') expect(p.disclosed, where).toBe(true);
      }
      expect(entries.filter((e) => e.outcome === 'uninvited').length, brand.name).toBeGreaterThan(0);
    }
  });

  it('no creator is on two brands\' rosters, and the rosters are the same every month', () => {
    const all = DEMO_BRANDS.flatMap((b) => roster(b).map((c) => `${c.network}:${c.name}`));
    expect(new Set(all).size).toBe(all.length);
    for (const month of MONTHS) {
      for (const b of DEMO_BRANDS) {
        const invited = campaignMonth(month).filter((e) => e.window.brand === b && e.outcome !== 'uninvited').map((e) => `${e.creator.network}:${e.creator.name}`);
        expect(invited.sort()).toEqual(roster(b).map((c) => `${c.network}:${c.name}`).sort());
      }
    }
  });

  it('a post\'s metrics grow from 0 along one curve, never falling, to its final figures', () => {
    for (const e of campaignMonth('2026-12')) {
      if (!e.post) continue;
      let last = metricsAt(e.post, e.post.time);
      expect(last).toEqual({ views: 0, likes: 0, comments: 0, shares: 0, reach: 0 });
      for (let hours = 6; hours <= 60 * 24; hours += 6) {
        const m = metricsAt(e.post, e.post.time + hours * 3_600_000);
        for (const key of ['views', 'likes', 'comments', 'shares', 'reach'] as const) {
          expect(m[key], `${e.post.key} ${key} at ${hours} h`).toBeGreaterThanOrEqual(last[key]);
          expect(m[key]).toBeLessThanOrEqual(e.post.final[key]);
        }
        last = m;
      }
      // Two months on, within 1 % of final (a YouTube video grows slowest).
      expect(last.views).toBeGreaterThanOrEqual(Math.floor(e.post.final.views * 0.99));
    }
  });
});

describe('simulator campaigns: one post in media, brand mentions and the competitor analysis', () => {
  let t: SimTest;
  beforeAll(async () => {
    t = await simTest({ generationMs: 0, pdfMs: 0, analysisMs: 0, clock: CLOCK });
  });
  afterAll(async () => {
    await t?.close();
  });

  const glow = DEMO_BRANDS[0]!;
  const trail = DEMO_BRANDS[1]!;
  const published = (brand: DemoBrand, now: number): CampaignEntry[] =>
    campaignMonth('2026-12').filter((e) => e.window.brand === brand && e.post !== null && e.post.time <= dayStart(now));

  async function unlock(network: 'instagram' | 'tiktok' | 'youtube', name: string): Promise<void> {
    const [method, param] = network === 'instagram' ? ['report', 'username'] : [network, 'channel'];
    for (let i = 0; i < 2; i++) await t.method(method, { params: { [param]: name } });
  }

  async function igMedia(name: string) {
    await unlock('instagram', name);
    const r = await t.method('reportMedia', { params: { username: name } });
    expect(r.status, name).toBe(200);
    return r.body.result.media as Record<string, { basic: Record<string, unknown>; metrics: Record<string, unknown> }>;
  }

  async function createAnalysis(brand: DemoBrand, from: string, to: string, hashtags: string[]): Promise<string> {
    const created = await t.call('/api/marketanalysis/instagramCompetitorAnalysis', { json: { username: brand.instagram, date_from: from, date_to: to, audience_geo: [], hashtags } });
    return created.body.report.basic.report_id as string;
  }

  async function postsOf(id: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 0; ; page++) {
      const r = await t.call('/api/marketanalysis/instagramCompetitorAnalysis/posts', { json: { report_id: id, from: page, size: 1000 } });
      out.push(...(r.body as Record<string, unknown>[]));
      if ((r.body as unknown[]).length < 1000) return out;
    }
  }

  const analysisPosts = async (brand: DemoBrand, from: string, to: string, hashtags: string[]) => postsOf(await createAnalysis(brand, from, to, hashtags));

  const campaignPostsIn = (posts: Record<string, unknown>[], brand: DemoBrand) => posts.filter((p) => String(p.post).split(' ').includes(`#${brand.hashtags[0]}`));

  it('instagram: the analysis of the brand over the window with its hashtag lists exactly the campaign posts, each as the creator\'s media shows it', async () => {
    const now = t.sim.clock.now();
    const expected = published(glow, now).filter((e) => e.post!.network === 'instagram');
    expect(expected.some((e) => e.outcome === 'uninvited')).toBe(true);
    const posts = await analysisPosts(glow, '2026-12-01', '2026-12-21', [glow.hashtags[0]!]);
    const found = campaignPostsIn(posts, glow);
    expect(found.map((p) => p.post_url).sort()).toEqual(expected.map((e) => `https://www.instagram.com/p/${e.post!.code}/`).sort());
    for (const e of expected) {
      const made = e.post!;
      const media = await igMedia(e.creator.name);
      const item = media[made.id];
      expect(item, `${e.creator.name} media lists ${made.id}`).toBeDefined();
      const inAnalysis = found.find((p) => p.post_url === `https://www.instagram.com/p/${item!.basic.code}/`)!;
      expect(inAnalysis, e.creator.name).toBeDefined();
      expect(item!.basic).toMatchObject({ caption: made.caption, time_posted: made.time / 1000, type: 'reel', is_deleted: false });
      expect(inAnalysis).toMatchObject({
        account: e.creator.name,
        post: item!.basic.caption,
        post_date: slash(made.time),
        post_likes: item!.metrics.likes_count,
        post_comments: item!.metrics.comments_count,
        post_video_views: item!.metrics.video_views_count,
        type_of_payed: made.disclosed ? 'sponsored' : 'organic',
      });
      const m = metricsAt(made, dayStart(now));
      expect(item!.metrics).toMatchObject({ likes_count: m.likes, comments_count: m.comments, video_views_count: m.views });
    }
    // The analysis's other mentions of the brand never carry its campaign hashtags.
    expect(posts.length).toBeGreaterThan(found.length);
  });

  it('instagram: a creator who never posted shows no campaign post in the media', async () => {
    const never = campaignMonth('2026-12').find((e) => e.window.brand === glow && e.creator.network === 'instagram' && e.outcome === 'never')!;
    const media = await igMedia(never.creator.name);
    const decemberCampaign = Object.values(media).filter((m) => String(m.basic.caption).includes(`#${glow.hashtags[0]}`) && Number(m.basic.time_posted) * 1000 >= Date.UTC(2026, 11, 1));
    expect(decemberCampaign).toEqual([]);
  });

  it('tiktok: brand mentions list each campaign post under the brand\'s channel, as posted, commercial only when disclosed', async () => {
    const now = t.sim.clock.now();
    const expected = published(trail, now).filter((e) => e.post!.network === 'tiktok');
    expect(expected.length).toBeGreaterThan(0);
    for (const e of expected) {
      const made = e.post!;
      await unlock('tiktok', e.creator.name);
      const body = (await t.method('tiktokBrandMentions', { params: { channel: e.creator.name } })).body;
      const entry = body.mentions.performance['30d'].data[trail.tiktok];
      expect(entry.posts_ids, e.creator.name).toContain(made.id);
      const m = metricsAt(made, dayStart(now));
      expect(body.posts[made.id].basic).toMatchObject({ text: made.caption, is_commercial: made.disclosed, exact_create_time: made.time / 1000 });
      expect(body.posts[made.id].metrics).toMatchObject({ views_count: { value: m.views }, likes_count: { value: m.likes }, comments_count: { value: m.comments }, shares_count: { value: m.shares } });
      expect(body.users[trail.tiktok]).toMatchObject({ title: trail.name, is_brand: 1 });
    }
  });

  it('youtube: brand mentions and the media pages show the same campaign video', async () => {
    const now = t.sim.clock.now();
    const expected = [...published(glow, now), ...published(trail, now)].filter((e) => e.post!.network === 'youtube');
    expect(expected.length).toBeGreaterThan(2);
    for (const e of expected) {
      const made = e.post!;
      await unlock('youtube', e.creator.name);
      const mentions = (await t.method('youtubeBrandMentions', { params: { channel: e.creator.name } })).body.result.mentions as { basic: { id: string; title: string }; features: { videos: { data: Record<string, unknown>[] } } }[];
      const brand = mentions.find((x) => x.basic.id === made.brand.youtube);
      expect(brand?.basic.title, e.creator.name).toBe(made.brand.name);
      const inMentions = brand!.features.videos.data.find((v) => v.id === made.id);
      const page = (await t.method('youtubeMedia', { params: { channel: e.creator.name, page: 1 } })).body.result.media as Record<string, unknown>[];
      const inMedia = page.find((v) => v.id === made.id);
      expect(inMedia, `${e.creator.name} media page 1 lists ${made.id}`).toBeDefined();
      const { type: _type, ...video } = inMentions!;
      // The same video in both; its picture links expire a set time after each answer, so a second
      // passing between the two answers (a busy machine) moves their `exp`, not the video.
      expect(withoutLinkExpiry(video)).toEqual(withoutLinkExpiry(inMedia));
      expect(inMedia).toMatchObject({ title: made.caption, time_added: made.time / 1000, metrics: { views_count: { value: metricsAt(made, dayStart(now)).views } } });
    }
  });

  it('metrics grow as the clock runs, alike in every source; an analysis keeps the figures of the day it was made', async () => {
    const captures: Map<string, number>[] = [];
    const firstId = await createAnalysis(trail, '2026-12-08', '2026-12-28', [trail.hashtags[0]!]);
    const first = await postsOf(firstId);
    const ig = (entries: CampaignEntry[]) => entries.filter((e) => e.post!.network === 'instagram');
    for (const step of [0, 1, 2]) {
      if (step > 0) t.sim.advanceClock(step * DAY);
      const now = t.sim.clock.now();
      const views = new Map<string, number>();
      for (const e of ig(published(trail, now))) {
        const item = (await igMedia(e.creator.name))[e.post!.id]!;
        views.set(e.post!.id, Number(item.metrics.video_views_count));
      }
      const analysis = campaignPostsIn(await analysisPosts(trail, '2026-12-08', '2026-12-28', [trail.hashtags[0]!]), trail);
      for (const e of ig(published(trail, now))) {
        const p = analysis.find((x) => x.post_url === `https://www.instagram.com/p/${e.post!.code}/`);
        expect(p?.post_video_views, `${e.creator.name} day ${step}`).toBe(views.get(e.post!.id));
      }
      captures.push(views);
    }
    let grew = 0;
    for (let i = 1; i < captures.length; i++) {
      for (const [id, v] of captures[i - 1]!) {
        expect(captures[i]!.get(id), id).toBeGreaterThanOrEqual(v);
        if (captures[i]!.get(id)! > v) grew++;
      }
    }
    expect(grew).toBeGreaterThan(0);
    // The first analysis, read again days later, still has its own day's figures.
    expect(await postsOf(firstId)).toEqual(first);
    expect(campaignPostsIn(first, trail).length).toBeGreaterThan(0);
  });
});
