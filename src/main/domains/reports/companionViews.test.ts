// The companion tabs' views: from the simulator's generated answers (reference and real forms),
// hand-made odd shapes, and cached answers that no longer parse whole.
import { describe, expect, it } from 'vitest';
import {
  generateInstagramHistory,
  generateInstagramMedia,
  generateReportBody,
  generateTiktokBrandMentions,
  generateTwitterHistory,
  generateYoutubeBrandMentions,
  generateYoutubeMediaPage,
} from '../../../simulator/data/reports';
import { usesRealForms } from '../../../simulator/data/realForms';
import {
  parseInstagramHistory,
  parseInstagramMedia,
  parseTiktokBrandMentions,
  parseTwitterHistory,
  parseYoutubeBrandMentions,
  parseYoutubeMediaPage,
} from '../../platform/api/schemas';
import { input, node } from '../../platform/api/schemas/testkit';
import type { InstagramMediaView, TiktokMentionsView, YoutubeMediaView, YoutubeMentionsView } from '@shared/companions';
import {
  historyView,
  historyViewOf,
  instagramMediaView,
  mediaViewOf,
  mentionsView,
  mentionsViewOf,
  periodsInOrder,
  readTolerantly,
  youtubeMediaView,
} from './companionViews';

type Json = Record<string, unknown>;

/** As the server sends these: `{result: …}` through JSON. */
const wrapped = (result: unknown): { result: Json } => JSON.parse(JSON.stringify({ result })) as { result: Json };
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** An Instagram account that hides likes, and one that does not. */
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

/** The first of `real0`, `real1` … that the simulator answers in the real forms on a network. */
function realName(network: 'youtube' | 'tiktok' | 'instagram'): string {
  for (let i = 0; i < 200; i++) if (usesRealForms(network, `real${i}`)) return `real${i}`;
  throw new Error('no real-forms account');
}

/** An account with at least two mentioning brands. */
function mentioningName(network: 'tiktok' | 'youtube'): string {
  for (let i = 0; i < 100; i++) {
    const name = `brandfan${i}`;
    const raw = network === 'tiktok' ? generateTiktokBrandMentions(input('tiktok', name)) : generateYoutubeBrandMentions(input('youtube', name));
    const count = network === 'tiktok' ? Object.keys(raw.users as object).length : (raw.mentions as unknown[]).length;
    if (count >= 2) return name;
  }
  throw new Error('no mentioning account found');
}

describe('periodsInOrder', () => {
  it('shortest first, all last, unknown keys first', () => {
    expect(periodsInOrder(['all', '365d', '7d', '90d', 'lifetime', '30d', '180d'])).toEqual(['lifetime', '7d', '30d', '90d', '180d', '365d', 'all']);
  });
});

describe('Instagram media view', () => {
  const { shows, hides } = igNames();

  it('carries every post with its figures, date, link and thumbnail, and every list, periods shortest first', () => {
    const raw = wrapped(generateInstagramMedia(input('instagram', shows)));
    const view = instagramMediaView(parseInstagramMedia(raw));
    const media = raw.result.media as Record<string, { basic: { id: string; code: string; caption: string; thumbnail: string; time_posted: number }; metrics: { likes_count: number; comments_count: number; video_views_count?: number; er: number } }>;
    expect(view.network).toBe('instagram');
    expect(view.note).toBeNull();
    expect(view.posts.map((p) => p.id)).toEqual(Object.keys(media));
    const first = media[view.posts[0]!.id]!;
    expect(view.posts[0]).toEqual({
      id: first.basic.id,
      caption: first.basic.caption,
      url: `https://www.instagram.com/p/${encodeURIComponent(first.basic.code)}/`,
      thumbnailUrl: first.basic.thumbnail,
      postedAt: first.basic.time_posted * 1000,
      likes: first.metrics.likes_count,
      comments: first.metrics.comments_count,
      views: first.metrics.video_views_count ?? null,
      er: first.metrics.er,
    });
    // A video's views are carried (the simulator's reels have them).
    expect(view.posts.some((p) => p.views !== null && p.views > 0)).toBe(true);
    expect([...new Set(view.lists.map((l) => l.group))].sort()).toEqual(['all', 'igtv', 'posts', 'reels']);
    const newest = view.lists.filter((l) => l.group === 'all' && l.sort === 'time_posted_desc');
    expect(newest.map((l) => l.period)).toEqual(periodsInOrder(newest.map((l) => l.period)));
    const rawList = node(raw, 'result.media_ids.all.time_posted_desc.performance.30d') as {
      media_ids: string[];
      metrics: { likes_avg: { value: number }; comments_avg: { value: number }; video_views_avg?: { value: number } };
    };
    expect(newest.find((l) => l.period === '30d')).toEqual({
      group: 'all',
      sort: 'time_posted_desc',
      period: '30d',
      postIds: rawList.media_ids,
      likesAvg: rawList.media_ids.length ? rawList.metrics.likes_avg.value : null,
      commentsAvg: rawList.media_ids.length ? rawList.metrics.comments_avg.value : null,
      viewsAvg: rawList.media_ids.length ? (rawList.metrics.video_views_avg?.value ?? null) : null,
    });
  });

  it('hidden likes: null likes, an empty likes list that keeps its comments average', () => {
    const view = instagramMediaView(parseInstagramMedia(wrapped(generateInstagramMedia(input('instagram', hides)))));
    expect(view.posts.every((p) => p.likes === null)).toBe(true);
    const byLikes = view.lists.find((l) => l.group === 'all' && l.sort === 'likes_desc' && l.period === '180d')!;
    const byTime = view.lists.find((l) => l.group === 'all' && l.sort === 'time_posted_desc' && l.period === '180d')!;
    expect(byLikes.postIds).toEqual([]);
    expect(byLikes.likesAvg).toBeNull();
    expect(byTime.postIds.length).toBeGreaterThan(0);
    expect(byLikes.commentsAvg).toBe(byTime.commentsAvg);
    expect(byLikes.commentsAvg).not.toBeNull();
  });

  it('a period without posts (its figures sent as 0) has no averages; missing parts are null, never 0', () => {
    const view = instagramMediaView(
      parseInstagramMedia({
        result: {
          media_ids: {
            igtv: {
              time_posted_desc: {
                performance: {
                  '30d': { media_ids: [], metrics: { likes_avg: { value: 0 }, comments_avg: { value: 0 }, er_avg: { value: 0, mark: 'poor' } } },
                  '7d': { media_ids: ['1'], metrics: { likes_avg: { value: 0 } } },
                },
              },
            },
          },
          media: [{ basic: { id: 1, code: '', thumbnail: '', time_posted: 0 }, metrics: {} }],
        },
      }),
    );
    expect(view.lists).toEqual([
      { group: 'igtv', sort: 'time_posted_desc', period: '7d', postIds: ['1'], likesAvg: 0, commentsAvg: null, viewsAvg: null },
      { group: 'igtv', sort: 'time_posted_desc', period: '30d', postIds: [], likesAvg: null, commentsAvg: null, viewsAvg: null },
    ]);
    expect(view.posts).toEqual([{ id: '1', caption: null, url: null, thumbnailUrl: null, postedAt: null, likes: null, comments: null, views: null, er: null }]);
  });

  it('an account without media (PHP empty maps)', () => {
    expect(instagramMediaView(parseInstagramMedia({ result: { media_ids: [], media: [] } }))).toEqual({ network: 'instagram', posts: [], lists: [], note: null });
  });

  it('real forms (empty maps as []) read like the reference forms', () => {
    const raw = wrapped(generateInstagramMedia(input('instagram', realName('instagram'))));
    const view = mediaViewOf('instagram', raw) as InstagramMediaView;
    expect(view.note).toBeNull();
    expect(view.posts.length).toBeGreaterThan(0);
  });
});

describe('YouTube media view', () => {
  const page = (name: string, n: number) => wrapped({ report_state: 'READY', ...generateYoutubeMediaPage(input('youtube', name), n) });

  it('a generated page: videos with figures, dates, links and thumbnails, and the page count', () => {
    const answer = page('tube_maker', 1);
    const view = youtubeMediaView(parseYoutubeMediaPage(answer));
    const raw = answer.result.media as { id: string; title: string; thumbnail: string; time_added: number; metrics: { views_count: { value: number }; likes_count: { value: number } } }[];
    expect(view.totalPages).toBe(answer.result.total_pages);
    expect(view.videos).toHaveLength(raw.length);
    expect(view.videos[0]).toEqual({
      id: raw[0]!.id,
      title: raw[0]!.title,
      url: `https://www.youtube.com/watch?v=${encodeURIComponent(raw[0]!.id)}`,
      thumbnailUrl: raw[0]!.thumbnail,
      publishedAt: raw[0]!.time_added * 1000,
      views: raw[0]!.metrics.views_count.value,
      likes: raw[0]!.metrics.likes_count.value,
    });
  });

  it('real forms: `time_added: 0` is an unknown date (null), not 1 January 1970', () => {
    const view = youtubeMediaView(parseYoutubeMediaPage(page(realName('youtube'), 1)));
    expect(view.videos[9]!.publishedAt).toBeNull();
    expect(view.videos[8]!.publishedAt).toEqual(expect.any(Number));
  });

  it('a page that does not say how many there are: null, not the parse’s fallback', () => {
    const answer = page('tube_maker', 2);
    delete answer.result.total_pages;
    expect(youtubeMediaView(parseYoutubeMediaPage(answer)).totalPages).toBeNull();
  });
});

describe('history view', () => {
  it('Instagram: one series per metric, oldest point first', () => {
    const raw = wrapped(generateInstagramHistory(input('instagram', 'histo')));
    const view = historyView(parseInstagramHistory(raw));
    const rawPoints = node(raw, 'result.metrics_history.er').history as { value: number; timestamp: number }[];
    expect(view.series.map((s) => s.metric)).toEqual(['er']);
    expect(view.series[0]!.points[0]).toEqual({ time: rawPoints[0]!.timestamp * 1000, value: rawPoints[0]!.value });
    expect(view.note).toBeNull();
  });

  it('Twitter: every series in the answer’s order; a point without a value keeps null', () => {
    const raw = wrapped(generateTwitterHistory(input('twitter', 'histo')));
    const metrics = Object.keys(node(raw, 'result.metrics_history'));
    node(raw, 'result.metrics_history.er.history.0').value = null;
    const view = historyView(parseTwitterHistory(raw));
    expect(view.series.map((s) => s.metric)).toEqual(metrics);
    expect(view.series.find((s) => s.metric === 'er')!.points[0]!.value).toBeNull();
  });
});

describe('brand mentions view', () => {
  it('TikTok: periods shortest first, each with its brands in the answer’s order, named and linked', () => {
    const name = mentioningName('tiktok');
    const raw = plain(generateTiktokBrandMentions(input('tiktok', name)));
    const view = mentionsView(parseTiktokBrandMentions(raw)) as TiktokMentionsView;
    expect(view.periods.map((p) => p.period)).toEqual(['7d', '30d', '90d', '180d', '365d', 'all']);
    const all = view.periods.at(-1)!;
    const data = node(raw, 'mentions.performance.all.data') as Record<string, { mentioned_posts_count: number; mentioned_posts_views: number; mentioned_posts_er: number }>;
    const users = raw.users as Record<string, { title: string; username: string }>;
    expect(all.brands.map((b) => b.key)).toEqual(Object.keys(data));
    const [key, stats] = Object.entries(data)[0]!;
    expect(all.brands[0]).toEqual({
      key,
      name: users[key]!.title,
      url: `https://www.tiktok.com/@${encodeURIComponent(users[key]!.username)}`,
      posts: stats.mentioned_posts_count,
      views: stats.mentioned_posts_views,
      er: stats.mentioned_posts_er,
    });
  });

  it('TikTok odd shapes: a period without mentions ([]), a brand not in users, a period without posts sent as 0', () => {
    const view = mentionsView(
      parseTiktokBrandMentions({
        mentions: {
          performance: {
            '30d': { data: { shop: { mentioned_posts_count: 0, mentioned_posts_views: 0, mentioned_posts_er: 0, mentioned_posts_er_mark: 'poor' } } },
            '7d': { data: [] },
          },
        },
        users: [],
        posts: [],
      }),
    );
    expect(view).toEqual({
      network: 'tiktok',
      periods: [
        { period: '7d', brands: [] },
        { period: '30d', brands: [{ key: 'shop', name: 'shop', url: 'https://www.tiktok.com/@shop', posts: 0, views: null, er: null }] },
      ],
      note: null,
    });
  });

  it('YouTube: every brand with its views and links, linked to its channel', () => {
    const name = mentioningName('youtube');
    const answer = wrapped(generateYoutubeBrandMentions(input('youtube', name)));
    const view = mentionsView(parseYoutubeBrandMentions(answer)) as YoutubeMentionsView;
    const raw = answer.result.mentions as { basic: { id: string; unique_id: string; title: string }; metrics: { views_total: { value: number }; links_count: { value: number } } }[];
    expect(view.brands.map((b) => b.name)).toEqual(raw.map((m) => m.basic.title));
    expect(view.brands[0]).toMatchObject({ key: raw[0]!.basic.unique_id, viewsTotal: raw[0]!.metrics.views_total.value, links: raw[0]!.metrics.links_count.value });
    expect(view.brands[0]!.url).toMatch(/^https:\/\/www\.youtube\.com\/(channel\/UC[\w-]{22}|@.+)$/);
  });

  it('YouTube: a brand without title is named by its unique id; without figures they are null', () => {
    const view = mentionsView(parseYoutubeBrandMentions({ result: { mentions: [{ basic: { unique_id: 'acme' } }] } }));
    expect(view).toEqual({ network: 'youtube', brands: [{ key: 'acme', name: 'acme', url: 'https://www.youtube.com/@acme', viewsTotal: null, links: null }], note: null });
  });
});

describe('cached answers', () => {
  it('a stored answer (the parse’s normalised result, or the whole body) gives the view of the fresh one', () => {
    const { shows } = igNames();
    const ig = wrapped(generateInstagramMedia(input('instagram', shows)));
    const parsed = parseInstagramMedia(ig);
    expect(mediaViewOf('instagram', plain(parsed.raw))).toEqual(instagramMediaView(parsed));
    expect(mediaViewOf('instagram', ig)).toEqual(instagramMediaView(parsed));
    const tiktok = plain(generateTiktokBrandMentions(input('tiktok', mentioningName('tiktok'))));
    expect(mentionsViewOf('tiktok', plain(parseTiktokBrandMentions(tiktok).raw))).toEqual(mentionsView(parseTiktokBrandMentions(tiktok)));
    const history = wrapped(generateTwitterHistory(input('twitter', 'histo')));
    expect(historyViewOf('twitter', history)).toEqual(historyView(parseTwitterHistory(history)));
  });

  it('an odd-shaped part is left out and said; the rest still shows', () => {
    const { shows } = igNames();
    const ig = wrapped(generateInstagramMedia(input('instagram', shows)));
    const id = Object.keys(node(ig, 'result.media'))[0]!;
    node(ig, `result.media.${id}.metrics`).likes_count = '12';
    const view = mediaViewOf('instagram', ig) as InstagramMediaView;
    expect(view.posts.find((p) => p.id === id)!.likes).toBeNull();
    expect(view.posts.find((p) => p.id === id)!.comments).toEqual(expect.any(Number));
    expect(view.posts.length).toBe(Object.keys(node(ig, 'result.media')).length);
    expect(view.note).toBe(`Part of this answer could not be read and is not shown: result.media.${id}.metrics.likes_count: expected number, received string.`);
  });

  it('a video without id goes, the rest of the page stays', () => {
    const answer = wrapped({ report_state: 'READY', ...generateYoutubeMediaPage(input('youtube', 'tube_maker'), 1) });
    const count = (answer.result.media as unknown[]).length;
    delete node(answer, 'result.media.3').id;
    node(answer, 'result.media.5.metrics.views_count').value = 'many';
    const view = mediaViewOf('youtube', answer) as YoutubeMediaView;
    expect(view.videos).toHaveLength(count - 1);
    expect(view.videos[4]!.views).toBeNull();
    expect(view.note).toMatch(/^Part of this answer could not be read and is not shown: result\.media\.3\.id: missing.* \(and 1 more\)\.$/);
  });

  it('a history point without a readable time goes; a metrics_history that is not a map leaves nothing', () => {
    const raw = wrapped(generateInstagramHistory(input('instagram', 'histo')));
    const points = (node(raw, 'result.metrics_history.er').history as unknown[]).length;
    node(raw, 'result.metrics_history.er.history.2').timestamp = 'yesterday';
    const view = historyViewOf('instagram', raw);
    expect(view.series[0]!.points).toHaveLength(points - 1);
    expect(view.note).toContain('result.metrics_history.er.history.2: no readable time');
    const broken = historyViewOf('twitter', { result: { metrics_history: 5 } });
    expect(broken.series).toEqual([]);
    expect(broken.note).toMatch(/could not be read/);
  });

  it('mentions with an odd brand figure keep the brand', () => {
    const raw = plain(generateTiktokBrandMentions(input('tiktok', mentioningName('tiktok'))));
    const key = Object.keys(raw.users as object)[0]!;
    node(raw, `users.${key}`).followers_count = 'lots';
    node(raw, `users.${key}`).title = 42;
    const view = mentionsViewOf('tiktok', raw) as TiktokMentionsView;
    const all = view.periods.find((p) => p.period === 'all')!;
    expect(all.brands.find((b) => b.key === key)?.name).toBe(key);
    expect(view.note).toContain(`result.users.${key}.`);
    expect(view.note).toMatch(/\(and 1 more\)\.$/);
  });

  it('an answer nothing can be read of gives an empty view with a note, never an error', () => {
    for (const raw of [null, 'text', [], { error: { code: 16, description: 'Object not found' } }, { result: { media_ids: 'x', media: 'y' } }]) {
      const media = mediaViewOf('instagram', raw);
      expect(media).toMatchObject({ network: 'instagram', posts: [], lists: [] });
      expect(media.note).toMatch(/^This answer could not be read|^Part of this answer/);
      expect(mediaViewOf('youtube', raw)).toMatchObject({ network: 'youtube', videos: [], note: expect.any(String) });
      expect(mentionsViewOf('youtube', raw)).toMatchObject({ network: 'youtube', brands: [], note: expect.any(String) });
      expect(mentionsViewOf('tiktok', raw)).toMatchObject({ network: 'tiktok', periods: [], note: expect.any(String) });
      expect(historyViewOf('instagram', raw)).toMatchObject({ series: [], note: expect.any(String) });
    }
  });

  it('readTolerantly does not change the stored answer', () => {
    const raw = wrapped(generateInstagramHistory(input('instagram', 'histo')));
    node(raw, 'result.metrics_history.er.history.2').timestamp = 'yesterday';
    const before = plain(raw);
    readTolerantly(parseInstagramHistory, raw);
    expect(raw).toEqual(before);
  });
});
