// Brand mentions (spec 2.7 YouTube, 2.8 TikTok): the brands an account mentioned, with figures
// per period, and the mentioning posts, in one network-neutral shape.
import { z } from 'zod';
import { anyId, checkedTree, flag, map, num, obj, str, time, valueOf } from './common';
import { guard } from './errors';
import { at, entries, epochMs, firstOf, flagAt, idAt, idsAt, isRecord, listAt, numAt, PERIOD_KEYS, recAt, strAt, type Json } from './normalise';
import { youtubeVideo, ytVideo } from './youtubeMedia';

export interface BrandMentionStats {
  postIds: string[];
  postsCount: number | null;
  er: number | null;
  erMark: string | null;
  /** Sum of the mentioning posts' views. */
  views: number | null;
  viewsMark: string | null;
  /** Epoch ms. */
  lastMentionedAt: number | null;
  /** YouTube: cost per mille over the period. */
  cpm: { value: number | null; from: number | null; to: number | null; mark: string | null } | null;
}

export interface MentionedBrand {
  /** TikTok: the channel key of `users` and of the performance data; YouTube: unique_id, else id. */
  key: string;
  id: string | null;
  username: string | null;
  title: string | null;
  avatarUrl: string | null;
  verified: boolean | null;
  followers: number | null;
  isBrand: boolean | null;
  /** YouTube `views_total`; TikTok: views of the longest period. */
  viewsTotal: number | null;
  /** YouTube `links_count`. */
  linksCount: number | null;
  /** Every mentioning post or video id known for the brand. */
  postIds: string[];
  /** Period (7d … 365d, all) → figures. */
  periods: Record<string, BrandMentionStats>;
  raw: Json;
}

export interface MentionPost {
  id: string;
  /** TikTok text, YouTube title. */
  text: string | null;
  /** Epoch ms. */
  publishedAt: number | null;
  thumbnailUrl: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  er: number | null;
  isCommercial: boolean | null;
  /** YouTube content type id. */
  contentType: number | null;
  /** Keys of the brands this post mentions. */
  brandKeys: string[];
  raw: Json;
}

export interface BrandMentions {
  network: 'tiktok' | 'youtube';
  brands: MentionedBrand[];
  posts: MentionPost[];
  raw: Json;
}

/** Periods, shortest first. */
const periodOrder = [...PERIOD_KEYS];

function periodRank(period: string): number {
  const i = periodOrder.indexOf(period);
  return i < 0 ? periodOrder.length : i;
}

function emptyStats(): BrandMentionStats {
  return { postIds: [], postsCount: null, er: null, erMark: null, views: null, viewsMark: null, lastMentionedAt: null, cpm: null };
}

const tiktokChannelStats = obj({
  posts_ids: z.array(anyId).nullish(),
  mentioned_posts_er: num,
  mentioned_posts_er_mark: str,
  mentioned_posts_views: num,
  mentioned_posts_views_mark: str,
  mentioned_posts_count: num,
  last_mentioned_post: time,
});

const tiktokMentionsBody = z.looseObject({
  mentions: z.looseObject({
    // data is [] when a period has no mentions.
    performance: map(obj({ data: z.union([z.array(z.never()), z.record(z.string(), tiktokChannelStats)]).nullish() })),
  }),
  users: map(
    obj({
      id: anyId,
      uid: str,
      username: str,
      social_type: num,
      title: str,
      avatar_url: str,
      description: str,
      is_public: flag,
      is_verified: flag,
      is_deleted: flag,
      followers_count: num,
      tier: num,
      is_brand: flag,
    }),
  ),
  posts: map(
    obj({
      basic: obj({
        id: anyId,
        text: str,
        challenges: z.array(z.unknown()).nullish(),
        is_commercial: flag,
        is_potentially_commercial: flag,
        comment_setting: num,
        thumbnail: str,
        thumbnail_gif: str,
        create_time: str,
        time_posted: time,
        exact_create_time: num,
        is_recommended: flag,
      }),
      metrics: obj({
        views_count: valueOf,
        likes_count: valueOf,
        comments_count: valueOf,
        shares_count: valueOf,
        length_sec: valueOf,
        virality: valueOf,
        er: valueOf,
        challenges_count: valueOf,
      }),
    }),
  ),
});

export function parseTiktokBrandMentions(json: unknown): BrandMentions {
  const what = 'TikTok brand mentions';
  return guard(what, () => {
    // Spec 2.8: no `result` wrapper; one is tolerated.
    const { raw } = checkedTree(json, what, tiktokMentionsBody);

    const users = recAt(raw, 'users') ?? {};
    const brands = new Map<string, MentionedBrand>();
    const brand = (key: string): MentionedBrand => {
      let b = brands.get(key);
      if (!b) {
        const u = recAt(users, key) ?? {};
        b = {
          key,
          id: idAt(u, 'id'),
          username: strAt(u, 'username'),
          title: strAt(u, 'title'),
          avatarUrl: strAt(u, 'avatar_url'),
          verified: flagAt(u, 'is_verified'),
          followers: numAt(u, 'followers_count'),
          isBrand: flagAt(u, 'is_brand'),
          viewsTotal: null,
          linksCount: null,
          postIds: [],
          periods: {},
          raw: u,
        };
        brands.set(key, b);
      }
      return b;
    };
    for (const key of Object.keys(users)) brand(key);

    const periods = entries(at(raw, 'mentions', 'performance')).sort(([a], [b]) => periodRank(b) - periodRank(a));
    const postBrands = new Map<string, Set<string>>();
    for (const [period, entry] of periods) {
      for (const [key, stats] of entries(at(entry, 'data'))) {
        if (!isRecord(stats)) continue;
        const b = brand(key);
        const postIds = idsAt(stats, 'posts_ids');
        b.periods[period] = {
          postIds,
          postsCount: numAt(stats, 'mentioned_posts_count'),
          er: numAt(stats, 'mentioned_posts_er'),
          erMark: strAt(stats, 'mentioned_posts_er_mark'),
          views: numAt(stats, 'mentioned_posts_views'),
          viewsMark: strAt(stats, 'mentioned_posts_views_mark'),
          lastMentionedAt: epochMs(at(stats, 'last_mentioned_post')),
          cpm: null,
        };
        // Periods run longest first, so the first views seen are the longest period's.
        b.viewsTotal ??= numAt(stats, 'mentioned_posts_views');
        for (const id of postIds) {
          if (!b.postIds.includes(id)) b.postIds.push(id);
          const set = postBrands.get(id) ?? new Set<string>();
          set.add(key);
          postBrands.set(id, set);
        }
      }
    }

    const posts: MentionPost[] = [];
    for (const [key, post] of entries(raw.posts)) {
      if (!isRecord(post)) continue;
      const b = recAt(post, 'basic') ?? {};
      const m = recAt(post, 'metrics') ?? {};
      const id = idAt(b, 'id') ?? key;
      posts.push({
        id,
        text: strAt(b, 'text'),
        publishedAt: firstOf(epochMs(at(b, 'exact_create_time')), epochMs(at(b, 'time_posted')), epochMs(at(b, 'create_time'))),
        thumbnailUrl: strAt(b, 'thumbnail'),
        views: numAt(m, 'views_count', 'value'),
        likes: numAt(m, 'likes_count', 'value'),
        comments: numAt(m, 'comments_count', 'value'),
        shares: numAt(m, 'shares_count', 'value'),
        er: numAt(m, 'er', 'value'),
        isCommercial: flagAt(b, 'is_commercial'),
        contentType: null,
        brandKeys: [...(postBrands.get(id) ?? [])],
        raw: post,
      });
    }
    return { network: 'tiktok', brands: [...brands.values()], posts, raw };
  });
}

const youtubeMentionsBody = z.looseObject({
  mentions: z.array(
    z.looseObject({
      basic: z.looseObject({ id: anyId, unique_id: anyId, title: str }),
      metrics: obj({
        views_total: valueOf,
        links_count: valueOf,
        cpm: obj({ performance: map(obj({ value: num, from: num, to: num, mark: str })) }),
        videos_count: obj({ performance: map(valueOf) }),
      }),
      features: obj({ videos: obj({ data: z.array(ytVideo).nullish() }) }),
    }),
  ),
});

export function parseYoutubeBrandMentions(json: unknown): BrandMentions {
  const what = 'YouTube brand mentions';
  return guard(what, () => {
    const { raw } = checkedTree(json, what, youtubeMentionsBody);

    const brands: MentionedBrand[] = [];
    const posts = new Map<string, MentionPost>();
    listAt(raw, 'mentions').forEach((mention, i) => {
      if (!isRecord(mention)) return;
      const b = recAt(mention, 'basic') ?? {};
      const m = recAt(mention, 'metrics') ?? {};
      const key = firstOf(idAt(b, 'unique_id'), idAt(b, 'id'), strAt(b, 'title')) ?? String(i);
      const videos = listAt(mention, 'features', 'videos', 'data').filter(isRecord).map(youtubeVideo);
      const periods: Record<string, BrandMentionStats> = {};
      for (const [period, cpm] of entries(at(m, 'cpm', 'performance'))) {
        periods[period] = {
          ...emptyStats(),
          cpm: { value: numAt(cpm, 'value'), from: numAt(cpm, 'from'), to: numAt(cpm, 'to'), mark: strAt(cpm, 'mark') },
        };
      }
      for (const [period, count] of entries(at(m, 'videos_count', 'performance'))) {
        const stats = (periods[period] ??= emptyStats());
        stats.postsCount = numAt(count, 'value');
      }
      brands.push({
        key,
        id: idAt(b, 'id'),
        username: idAt(b, 'unique_id'),
        title: strAt(b, 'title'),
        avatarUrl: null,
        verified: null,
        followers: null,
        isBrand: null,
        viewsTotal: numAt(m, 'views_total', 'value'),
        linksCount: numAt(m, 'links_count', 'value'),
        postIds: [...new Set(videos.map((v) => v.id))],
        periods,
        raw: mention,
      });
      for (const video of videos) {
        const known = posts.get(video.id);
        if (known) {
          if (!known.brandKeys.includes(key)) known.brandKeys.push(key);
          continue;
        }
        posts.set(video.id, {
          id: video.id,
          text: video.title,
          publishedAt: video.publishedAt,
          thumbnailUrl: video.thumbnailUrl,
          views: video.views,
          likes: video.likes,
          comments: video.comments,
          shares: null,
          er: video.er,
          isCommercial: null,
          contentType: video.contentType,
          brandKeys: [key],
          raw: video.raw,
        });
      }
    });
    return { network: 'youtube', brands, posts: [...posts.values()], raw };
  });
}
