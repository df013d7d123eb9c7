// The report's companions against generator output (wrapped as the server wraps it) and
// malformed variants: account media, YouTube media pages, metrics history, brand mentions, PDF.
import { describe, expect, it } from 'vitest';
import { accountProfile } from '../../../../simulator/data/profile';
import {
  generateInstagramHistory,
  generateInstagramMedia,
  generateReportBody,
  generateTiktokBrandMentions,
  generateTwitterHistory,
  generateYoutubeBrandMentions,
  generateYoutubeMediaPage,
} from '../../../../simulator/data/reports';
import { reportRoutes } from '../../../../simulator/routes/reports';
import {
  parseInstagramHistory,
  parseInstagramMedia,
  parsePdf,
  parseTiktokBrandMentions,
  parseTwitterHistory,
  parseYoutubeBrandMentions,
  parseYoutubeMediaPage,
} from './index';
import { clone, input, localSim, node, issuesOf } from './testkit';


/** As the server sends these: `{result: …}` through JSON. */
function wrapped(result: unknown): { result: Record<string, unknown> } {
  return JSON.parse(JSON.stringify({ result })) as { result: Record<string, unknown> };
}

/** An account that hides likes, and one that does not. */
function igNames(): { shows: string; hides: string } {
  let shows: string | null = null;
  let hides: string | null = null;
  for (let i = 0; i < 500 && !(shows && hides); i++) {
    const name = `media_acct${i}`;
    const hidden = (generateReportBody(input('instagram', name)).user as { avg_likes: unknown }).avg_likes === null;
    if (hidden) hides ??= name;
    else shows ??= name;
  }
  return { shows: shows!, hides: hides! };
}

describe('parseInstagramMedia (2.5)', () => {
  const { shows, hides } = igNames();

  it('reads every item and every list of a generated answer', () => {
    const raw = generateInstagramMedia(input('instagram', shows));
    const media = raw.media as Record<string, { basic: { time_posted: number; type: string }; metrics: { likes_count: number } }>;
    const r = parseInstagramMedia(wrapped(raw));
    expect(r.items.map((i) => i.id)).toEqual(Object.keys(media));
    expect(r.items.length).toBeGreaterThan(0);
    const first = r.items[0]!;
    const rawFirst = media[first.id]!;
    expect(first.postedAt).toBe(rawFirst.basic.time_posted * 1000);
    expect(first.type).toBe(rawFirst.basic.type);
    expect(first.likes).toBe(rawFirst.metrics.likes_count);
    expect(first.thumbnailUrl).toMatch(/^http:\/\/cdn\.test\/cdn\/thumb\/instagram\//);
    expect(first.raw).toEqual(rawFirst);

    expect(Object.keys(r.lists).sort()).toEqual(['all', 'igtv', 'posts', 'reels']);
    const rawList = node(raw, 'media_ids.all.time_posted_desc.performance.30d') as { media_ids: string[]; metrics: { er_avg: { value: number } } };
    const list = r.lists.all!.time_posted_desc!['30d']!;
    expect(list.mediaIds).toEqual(rawList.media_ids);
    expect(list.erAvg).toBe(rawList.metrics.er_avg.value);
    expect(list.likesAvg).not.toBeNull();
  });

  it('hidden likes: likes null everywhere, likes_desc lists empty', () => {
    const r = parseInstagramMedia(wrapped(generateInstagramMedia(input('instagram', hides))));
    expect(r.items.every((i) => i.likes === null)).toBe(true);
    expect(r.lists.all!.likes_desc!['30d']!.likesAvg).toBeNull();
    expect(r.lists.all!.likes_desc!['30d']!.mediaIds).toEqual([]);
  });

  it('an account without media: media [] (PHP empty map) and media_ids []', () => {
    const r = parseInstagramMedia({ result: { media_ids: [], media: [] } });
    expect(r.items).toEqual([]);
    expect(r.lists).toEqual({});
  });

  it('malformed: wrong type at a known path, missing media', () => {
    const answer = wrapped(generateInstagramMedia(input('instagram', shows)));
    const id = Object.keys(node(answer, 'result.media'))[0]!;
    node(answer, `result.media.${id}.metrics`).likes_count = '12';
    expect(issuesOf(() => parseInstagramMedia(answer))).toContain(`result.media.${id}.metrics.likes_count: expected number, received string`);

    const missing = wrapped(generateInstagramMedia(input('instagram', shows)));
    delete missing.result.media;
    expect(issuesOf(() => parseInstagramMedia(missing))[0]).toMatch(/^result\.media: missing/);

    const badList = wrapped(generateInstagramMedia(input('instagram', shows)));
    node(badList, 'result.media_ids.all.er_desc.performance.7d').media_ids = 'none';
    expect(issuesOf(() => parseInstagramMedia(badList))).toContain('result.media_ids.all.er_desc.performance.7d.media_ids: expected array, received string');
  });
});

describe('parseYoutubeMediaPage (2.6)', () => {
  const name = 'tube_maker';
  const page = (n: number) => wrapped({ report_state: 'READY', ...generateYoutubeMediaPage(input('youtube', name), n) });

  it('reads a generated page: paging and every video', () => {
    const answer = page(1);
    const r = parseYoutubeMediaPage(answer);
    const raw = answer.result.media as { id: string; time_added: number; metrics: { views_count: { value: number }; cpm: { value: number } } }[];
    expect(r.currentPage).toBe(1);
    expect(r.totalPages).toBe(answer.result.total_pages);
    expect(r.reportState).toBe('READY');
    expect(r.items.map((v) => v.id)).toEqual(raw.map((v) => v.id));
    expect(r.items[0]!.views).toBe(raw[0]!.metrics.views_count.value);
    expect(r.items[0]!.publishedAt).toBe(raw[0]!.time_added * 1000);
    expect(r.items[0]!.cpm?.value).toBe(raw[0]!.metrics.cpm.value);
    expect(r.items[0]!.channelIds).toEqual([accountProfile('youtube', name).id]);
    expect(typeof r.items[0]!.restricted).toBe('boolean');
  });

  it('a page past the last has no items', () => {
    const total = page(1).result.total_pages as number;
    const r = parseYoutubeMediaPage(page(total + 1));
    expect(r.items).toEqual([]);
    expect(r.currentPage).toBe(total + 1);
  });

  it('malformed: a string count, a video without id, media missing', () => {
    const answer = page(1);
    node(answer, 'result.media.3.metrics.views_count').value = 'many';
    expect(issuesOf(() => parseYoutubeMediaPage(answer))).toContain('result.media.3.metrics.views_count.value: expected number, received string');
    const noId = page(1);
    delete node(noId, 'result.media.0').id;
    expect(issuesOf(() => parseYoutubeMediaPage(noId))[0]).toMatch(/^result\.media\.0\.id: missing/);
    const noMedia = page(1);
    delete noMedia.result.media;
    expect(issuesOf(() => parseYoutubeMediaPage(noMedia))[0]).toMatch(/^result\.media: missing/);
    const badPage = page(1);
    badPage.result.current_page = '1';
    expect(issuesOf(() => parseYoutubeMediaPage(badPage))).toContain('result.current_page: expected number, received string');
  });
});

describe('metrics history (2.9)', () => {
  it('Instagram: er points {value, timestamp}, oldest first, the last one the report ER', () => {
    const raw = generateInstagramHistory(input('instagram', 'histo'));
    const r = parseInstagramHistory(wrapped({ ...raw, restTokens: 12 }));
    const points = r.series.er!;
    const rawPoints = node(raw, 'metrics_history.er').history as { value: number; timestamp: number }[];
    expect(points).toHaveLength(rawPoints.length);
    expect(points[0]).toEqual({ time: rawPoints[0]!.timestamp * 1000, value: rawPoints[0]!.value });
    for (let i = 1; i < points.length; i++) expect(points[i]!.time).toBeGreaterThan(points[i - 1]!.time);
    expect(points.at(-1)!.value).toBe(accountProfile('instagram', 'histo').er);
    expect(r.restTokens).toBe(12);
  });

  it('Twitter: seven series stamped with time_iso', () => {
    const raw = generateTwitterHistory(input('twitter', 'histo'));
    const r = parseTwitterHistory(wrapped({ ...raw, restTokens: 3 }));
    expect(Object.keys(r.series).sort()).toEqual(['er', 'favorite_count', 'following_count', 'media_per_week', 'reply_count', 'retweet_count', 'subscribers_count']);
    const rawPoints = node(raw, 'metrics_history.subscribers_count').history as { value: number; time_iso: string }[];
    expect(r.series.subscribers_count![0]).toEqual({ time: Date.parse(rawPoints[0]!.time_iso), value: rawPoints[0]!.value });
    expect(r.series.er!.at(-1)!.value).toBe(accountProfile('twitter', 'histo').er);
  });

  it('points out of order are sorted; an empty history is []', () => {
    const r = parseInstagramHistory({ result: { metrics_history: { er: { history: [{ value: 2, timestamp: 200 }, { value: 1, timestamp: 100 }] }, reach: { history: [] } } } });
    expect(r.series).toEqual({ er: [{ time: 100_000, value: 1 }, { time: 200_000, value: 2 }], reach: [] });
  });

  it('malformed: an unreadable time, a string value, metrics_history missing or not a map', () => {
    const raw = wrapped(generateInstagramHistory(input('instagram', 'histo')));
    node(raw, 'result.metrics_history.er.history.2').timestamp = 'yesterday';
    expect(issuesOf(() => parseInstagramHistory(raw))).toContain('result.metrics_history.er.history.2: no readable time (timestamp, time or time_iso)');
    const tw = wrapped(generateTwitterHistory(input('twitter', 'histo')));
    node(tw, 'result.metrics_history.er.history.0').value = '1.5';
    expect(issuesOf(() => parseTwitterHistory(tw))).toContain('result.metrics_history.er.history.0.value: expected number, received string');
    expect(issuesOf(() => parseTwitterHistory({ result: {} }))[0]).toMatch(/^result\.metrics_history: missing/);
    expect(issuesOf(() => parseTwitterHistory({ result: { metrics_history: 5 } }))[0]).toMatch(/^result\.metrics_history: expected record/);
  });
});

describe('brand mentions', () => {
  /** An account with at least one mentioned brand. */
  function mentioningName(network: 'tiktok' | 'youtube'): string {
    for (let i = 0; i < 100; i++) {
      const name = `brandfan${i}`;
      const raw = network === 'tiktok' ? generateTiktokBrandMentions(input('tiktok', name)) : generateYoutubeBrandMentions(input('youtube', name));
      const count = network === 'tiktok' ? Object.keys(raw.users as object).length : (raw.mentions as unknown[]).length;
      if (count >= 2) return name;
    }
    throw new Error('no mentioning account found');
  }

  it('TikTok (2.8, no result wrapper): brands, periods, posts tagged with their brands', () => {
    const name = mentioningName('tiktok');
    const raw = JSON.parse(JSON.stringify(generateTiktokBrandMentions(input('tiktok', name)))) as Record<string, unknown>;
    const r = parseTiktokBrandMentions(raw);
    expect(r.network).toBe('tiktok');
    const users = raw.users as Record<string, { followers_count: number; is_brand: number }>;
    expect(r.brands.map((b) => b.key).sort()).toEqual(Object.keys(users).sort());
    const brand = r.brands[0]!;
    expect(brand.followers).toBe(users[brand.key]!.followers_count);
    expect(brand.isBrand).toBe(true); // sent as 1
    expect(Object.keys(brand.periods).length).toBeGreaterThan(0);
    expect(brand.postIds.length).toBeGreaterThan(0);
    expect(r.posts.map((p) => p.id).sort()).toEqual(Object.keys(raw.posts as object).sort());
    for (const post of r.posts) {
      expect(post.brandKeys.length).toBeGreaterThan(0);
      expect(post.publishedAt).toEqual(expect.any(Number));
    }
    for (const b of r.brands) for (const id of b.postIds) expect(r.posts.find((p) => p.id === id)?.brandKeys).toContain(b.key);
  });

  it('TikTok: a period whose data is [] (no mentions), a wrapped body, and only `all` gaining 365d', () => {
    const name = mentioningName('tiktok');
    const raw = JSON.parse(JSON.stringify(generateTiktokBrandMentions(input('tiktok', name)))) as Record<string, unknown>;
    const perf = node(raw, 'mentions.performance');
    perf['7d'] = { data: [] };
    delete perf['365d'];
    const r = parseTiktokBrandMentions({ result: raw });
    for (const b of r.brands) {
      expect(b.periods['7d']).toBeUndefined();
      if (b.periods.all) expect(b.periods['365d']).toEqual(b.periods.all);
    }
  });

  it('TikTok malformed: a string follower count; a non-empty list as data; mentions missing', () => {
    const name = mentioningName('tiktok');
    const raw = JSON.parse(JSON.stringify(generateTiktokBrandMentions(input('tiktok', name)))) as Record<string, unknown>;
    const key = Object.keys(raw.users as object)[0]!;
    node(raw, `users.${key}`).followers_count = 'lots';
    expect(issuesOf(() => parseTiktokBrandMentions(raw))).toContain(`users.${key}.followers_count: expected number, received string`);
    const listData = JSON.parse(JSON.stringify(generateTiktokBrandMentions(input('tiktok', name)))) as Record<string, unknown>;
    node(listData, 'mentions.performance.30d').data = [1];
    expect(issuesOf(() => parseTiktokBrandMentions(listData)).join('\n')).toContain('mentions.performance.30d.data');
    expect(issuesOf(() => parseTiktokBrandMentions({ users: {} }))[0]).toMatch(/^mentions: missing/);
  });

  it('YouTube (2.7): brands with cpm periods and their videos', () => {
    const name = mentioningName('youtube');
    const answer = wrapped(generateYoutubeBrandMentions(input('youtube', name)));
    const rawMentions = answer.result.mentions as { basic: { unique_id: string }; metrics: { views_total: { value: number } }; features: { videos: { data: { id: string }[] } } }[];
    const r = parseYoutubeBrandMentions(answer);
    expect(r.network).toBe('youtube');
    expect(r.brands.map((b) => b.key)).toEqual(rawMentions.map((m) => m.basic.unique_id));
    expect(r.brands[0]!.viewsTotal).toBe(rawMentions[0]!.metrics.views_total.value);
    expect(r.brands[0]!.periods['30d']!.cpm?.value).toEqual(expect.any(Number));
    expect(r.brands[0]!.periods['90d']!.postsCount).toEqual(expect.any(Number));
    expect(r.brands[0]!.postIds).toEqual([...new Set(rawMentions[0]!.features.videos.data.map((v) => v.id))]);
    const allVideoIds = new Set(rawMentions.flatMap((m) => m.features.videos.data.map((v) => v.id)));
    expect(r.posts.map((p) => p.id).sort()).toEqual([...allVideoIds].sort());
    expect(r.posts.every((p) => p.contentType !== null)).toBe(true);
  });

  it('YouTube malformed: mentions not a list; a video view count as text', () => {
    expect(issuesOf(() => parseYoutubeBrandMentions({ result: { mentions: {} } }))[0]).toBe('result.mentions: expected array, received object');
    const name = mentioningName('youtube');
    const answer = wrapped(generateYoutubeBrandMentions(input('youtube', name)));
    node(answer, 'result.mentions.0.features.videos.data.0.metrics.views_count').value = '1k';
    expect(issuesOf(() => parseYoutubeBrandMentions(answer))).toContain('result.mentions.0.features.videos.data.0.metrics.views_count.value: expected number, received string');
  });
});

describe('parsePdf (4.1, 3.2)', () => {
  it('through the simulator: generating (202, retryTtl) then ready (pdfUrl)', async () => {
    const { sim, call } = localSim();
    const first = await call(reportRoutes['auditor.youtubePdf']!, { channel: 'pdf_channel' });
    expect(first.status).toBe(202);
    const generating = parsePdf(first.body);
    expect(generating).toEqual({ state: 'generating', retryTtlSec: expect.any(Number), restTokens: expect.any(Number) });
    sim.clock.advance(1500);
    const second = await call(reportRoutes['auditor.youtubePdf']!, { channel: 'pdf_channel' });
    const ready = parsePdf(second.body);
    expect(ready.state).toBe('ready');
    expect(ready.state === 'ready' && ready.pdfUrl).toMatch(/^http:\/\/sim\.test\/cdn\/pdf\/youtube\//);
  });

  it('hand-crafted: without restTokens; malformed bodies', () => {
    expect(parsePdf({ result: { pdfUrl: 'https://cdn/x.pdf' } })).toEqual({ state: 'ready', pdfUrl: 'https://cdn/x.pdf', restTokens: null });
    expect(parsePdf({ result: { retryTtl: 60, restTokens: 5 } })).toEqual({ state: 'generating', retryTtlSec: 60, restTokens: 5 });
    expect(issuesOf(() => parsePdf({ result: { restTokens: 5 } }))[0]).toMatch(/^result\.pdfUrl: missing/);
    expect(issuesOf(() => parsePdf({ result: { retryTtl: '60' } }))).toContain('result.retryTtl: expected number, received string');
    expect(issuesOf(() => parsePdf({ result: { pdfUrl: 42 } }))).toContain('result.pdfUrl: expected string, received number');
    expect(issuesOf(() => parsePdf('x'))[0]).toBe('(root): expected object, received string');
  });

  it('does not change the caller’s object', () => {
    const body = { result: { retryTtl: 60, restTokens: 5, extra: { a: 1 } } };
    const before = clone(body);
    parsePdf(body);
    expect(body).toEqual(before);
  });
});
