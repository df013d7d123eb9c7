// The report's companions: Instagram account media (2.5), YouTube media pages (2.6), metrics
// history (2.9), brand mentions (2.7, 2.8) and PDF export (4.1).
import { z } from 'zod';
import { anyId, map, num, obj, str, unwrapObject } from './common';
import { check, guard, SchemaError } from './errors';
import {
  at, epochMs, firstOf, idAt, isRecord, listAt, normaliseTree, numAt, recAt, strAt, type Json,
} from './normalise';

/** A flag sent as a boolean or as 0/1. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish();
const time = z.union([z.number(), z.string()]).nullish();
const valueOf = obj({ value: num });

function flagAt(value: unknown, ...path: readonly (string | number)[]): boolean | null {
  const v = at(value, ...path);
  if (typeof v === 'boolean') return v;
  return v === 1 ? true : v === 0 ? false : null;
}

/** Ids of a list, as strings (ids arrive as strings or numbers). */
function idsAt(value: unknown, ...path: readonly (string | number)[]): string[] {
  const out: string[] = [];
  for (const item of listAt(value, ...path)) {
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item));
  }
  return out;
}

/** Entries of a map that the API may also send as a list (or `[]` when empty), with their keys. */
function entries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [String(i), item]);
  return isRecord(value) ? Object.entries(value) : [];
}

/** An array of objects, or a map of them (PHP sends an empty map as `[]`). */
function mapOrList<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.record(z.string(), item)]);
}

// ---- Instagram account media (2.5) ----

export interface InstagramMediaItem {
  id: string;
  /** The post's URL code (instagram.com/p/<code>). */
  code: string | null;
  caption: string | null;
  previewUrl: string | null;
  thumbnailUrl: string | null;
  /** Epoch ms. */
  postedAt: number | null;
  /** post, reel, igtv, carousel. */
  type: string | null;
  isDeleted: boolean | null;
  /** Null when the account hides likes. */
  likes: number | null;
  comments: number | null;
  videoViews: number | null;
  er: number | null;
  erMark: string | null;
  raw: Json;
}

export interface InstagramMediaList {
  /** Ordered as the list's sort key says. */
  mediaIds: string[];
  /** Null when the account hides likes. */
  likesAvg: number | null;
  commentsAvg: number | null;
  videoViewsAvg: number | null;
  erAvg: number | null;
  erAvgSimilar: number | null;
  erAvgMark: string | null;
  deletedMedia: number | null;
}

export interface InstagramMedia {
  /** In the order of `result.media`. */
  items: InstagramMediaItem[];
  /** group (all, posts, igtv, reels) → sort (time_posted_desc, er_desc, …) → period → list. */
  lists: Record<string, Record<string, Record<string, InstagramMediaList>>>;
  restTokens: number | null;
  /** The normalised result object. */
  raw: Json;
}

const igMediaItem = obj({
  basic: obj({
    id: anyId,
    code: str,
    caption: str,
    preview_url: str,
    time_posted: time,
    type: str,
    is_deleted: flag,
    social_type: str,
    thumbnail: str,
  }),
  metrics: obj({ likes_count: num, comments_count: num, video_views_count: num, er: num, er_mark: str }),
});

const igMediaList = obj({
  metrics: obj({
    likes_avg: valueOf,
    comments_avg: valueOf,
    video_views_avg: valueOf,
    er_avg: obj({ value: num, similar: num, mark: str }),
    deleted_media: obj({ value: num, similar: num, mark: str }),
  }),
  media_ids: z.array(anyId).nullish(),
});

const igMediaBody = z.looseObject({
  media_ids: map(map(obj({ performance: map(igMediaList) }))),
  media: mapOrList(igMediaItem).nullable(),
  restTokens: num,
});

export function parseInstagramMedia(json: unknown): InstagramMedia {
  const what = 'Instagram media';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    check(igMediaBody, raw, what, prefix);

    const items: InstagramMediaItem[] = [];
    for (const [key, item] of entries(raw.media)) {
      if (!isRecord(item)) continue;
      const b = recAt(item, 'basic') ?? {};
      const m = recAt(item, 'metrics') ?? {};
      items.push({
        id: idAt(b, 'id') ?? key,
        code: strAt(b, 'code'),
        caption: strAt(b, 'caption'),
        previewUrl: strAt(b, 'preview_url'),
        thumbnailUrl: strAt(b, 'thumbnail'),
        postedAt: epochMs(at(b, 'time_posted')),
        type: strAt(b, 'type'),
        isDeleted: flagAt(b, 'is_deleted'),
        likes: numAt(m, 'likes_count'),
        comments: numAt(m, 'comments_count'),
        videoViews: numAt(m, 'video_views_count'),
        er: numAt(m, 'er'),
        erMark: strAt(m, 'er_mark'),
        raw: item,
      });
    }

    const lists: InstagramMedia['lists'] = {};
    for (const [group, sorts] of entries(raw.media_ids)) {
      const bySort: Record<string, Record<string, InstagramMediaList>> = {};
      for (const [sort, entry] of entries(sorts)) {
        const byPeriod: Record<string, InstagramMediaList> = {};
        for (const [period, list] of entries(at(entry, 'performance'))) {
          if (!isRecord(list)) continue;
          byPeriod[period] = {
            mediaIds: idsAt(list, 'media_ids'),
            likesAvg: numAt(list, 'metrics', 'likes_avg', 'value'),
            commentsAvg: numAt(list, 'metrics', 'comments_avg', 'value'),
            videoViewsAvg: numAt(list, 'metrics', 'video_views_avg', 'value'),
            erAvg: numAt(list, 'metrics', 'er_avg', 'value'),
            erAvgSimilar: numAt(list, 'metrics', 'er_avg', 'similar'),
            erAvgMark: strAt(list, 'metrics', 'er_avg', 'mark'),
            deletedMedia: numAt(list, 'metrics', 'deleted_media', 'value'),
          };
        }
        bySort[sort] = byPeriod;
      }
      lists[group] = bySort;
    }
    return { items, lists, restTokens: numAt(raw, 'restTokens'), raw };
  });
}

// ---- YouTube media (2.6), also the videos of YouTube brand mentions (2.7) ----

export interface YoutubeMediaItem {
  id: string;
  title: string | null;
  description: string | null;
  strictReason: string | null;
  /** `is_stricted`: the video is restricted. */
  restricted: boolean | null;
  thumbnailUrl: string | null;
  /** Epoch ms, from `time_added` (unix) or `time_added_iso`. */
  publishedAt: number | null;
  channelIds: string[];
  views: number | null;
  likes: number | null;
  dislikes: number | null;
  comments: number | null;
  engagement: number | null;
  lengthSec: number | null;
  rating: number | null;
  er: number | null;
  erMark: string | null;
  viewsPerformance: number | null;
  cpm: { value: number | null; from: number | null; to: number | null } | null;
  /** Brand-mention videos only: the content type id (`type`). */
  contentType: number | null;
  raw: Json;
}

export interface YoutubeMediaPage {
  currentPage: number;
  totalPages: number;
  items: YoutubeMediaItem[];
  reportState: string | null;
  restTokens: number | null;
  raw: Json;
}

const ytVideo = z.looseObject({
  id: z.union([z.string(), z.number()]),
  title: str,
  description: str,
  strict_reason: str,
  is_stricted: flag,
  thumbnail: str,
  time_added: time,
  time_added_iso: str,
  channel_ids: z.array(anyId).nullish(),
  type: num,
  metrics: obj({
    views_count: valueOf,
    likes_count: valueOf,
    dislikes_count: valueOf,
    comments_count: valueOf,
    engagement: valueOf,
    length_sec: valueOf,
    rating_value: valueOf,
    er: obj({ value: num, mark: str }),
    views_performance: valueOf,
    cpm: obj({ value: num, value_from: num, value_to: num, performance: map(obj({ mark: str })) }),
  }),
});

function youtubeVideo(v: Json): YoutubeMediaItem {
  const m = recAt(v, 'metrics') ?? {};
  const cpm = recAt(m, 'cpm');
  return {
    id: idAt(v, 'id') ?? '',
    title: strAt(v, 'title'),
    description: strAt(v, 'description'),
    strictReason: strAt(v, 'strict_reason'),
    restricted: flagAt(v, 'is_stricted'),
    thumbnailUrl: strAt(v, 'thumbnail'),
    publishedAt: firstOf(epochMs(at(v, 'time_added')), epochMs(at(v, 'time_added_iso'))),
    channelIds: idsAt(v, 'channel_ids'),
    views: numAt(m, 'views_count', 'value'),
    likes: numAt(m, 'likes_count', 'value'),
    dislikes: numAt(m, 'dislikes_count', 'value'),
    comments: numAt(m, 'comments_count', 'value'),
    engagement: numAt(m, 'engagement', 'value'),
    lengthSec: numAt(m, 'length_sec', 'value'),
    rating: numAt(m, 'rating_value', 'value'),
    er: numAt(m, 'er', 'value'),
    erMark: strAt(m, 'er', 'mark'),
    viewsPerformance: numAt(m, 'views_performance', 'value'),
    cpm: cpm ? { value: numAt(cpm, 'value'), from: numAt(cpm, 'value_from'), to: numAt(cpm, 'value_to') } : null,
    contentType: numAt(v, 'type'),
    raw: v,
  };
}

const ytPage = z.looseObject({
  report_state: str,
  current_page: num,
  total_pages: num,
  media: z.array(ytVideo),
  restTokens: num,
});

export function parseYoutubeMediaPage(json: unknown): YoutubeMediaPage {
  const what = 'YouTube media page';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    check(ytPage, raw, what, prefix);
    const currentPage = numAt(raw, 'current_page') ?? 1;
    return {
      currentPage,
      totalPages: numAt(raw, 'total_pages') ?? currentPage,
      items: listAt(raw, 'media').filter(isRecord).map(youtubeVideo),
      reportState: strAt(raw, 'report_state'),
      restTokens: numAt(raw, 'restTokens'),
      raw,
    };
  });
}

// ---- metrics history (2.9) ----

export interface HistoryPoint {
  /** Epoch ms. */
  time: number;
  value: number | null;
}

export interface MetricsHistory {
  /** Metric name (er, subscribers_count, …) → points, oldest first. */
  series: Record<string, HistoryPoint[]>;
  restTokens: number | null;
  raw: Json;
}

const historyPoint = z.looseObject({ value: num, timestamp: time, time: time, time_iso: str });
const historyBody = z.looseObject({
  metrics_history: z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), z.record(z.string(), obj({ history: z.array(historyPoint).nullish() }))),
  restTokens: num,
});

function parseHistory(what: string, json: unknown): MetricsHistory {
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    check(historyBody, raw, what, prefix);
    const series: Record<string, HistoryPoint[]> = {};
    const problems: string[] = [];
    for (const [name, entry] of entries(raw.metrics_history)) {
      const points: HistoryPoint[] = [];
      listAt(entry, 'history').forEach((point, i) => {
        // Instagram stamps points with `timestamp` (unix), Twitter with `time_iso`, YouTube with both `time` and `time_iso`.
        const t = firstOf(epochMs(at(point, 'timestamp')), epochMs(at(point, 'time')), epochMs(at(point, 'time_iso')), epochMs(at(point, 'date')));
        if (t === null) problems.push(`${[prefix, 'metrics_history', name, 'history', i].filter((s) => s !== '').join('.')}: no readable time (timestamp, time or time_iso)`);
        else points.push({ time: t, value: numAt(point, 'value') });
      });
      series[name] = points.sort((a, b) => a.time - b.time);
    }
    if (problems.length > 0) throw new SchemaError(what, problems);
    return { series, restTokens: numAt(raw, 'restTokens'), raw };
  });
}

export function parseInstagramHistory(json: unknown): MetricsHistory {
  return parseHistory('Instagram metrics history', json);
}

export function parseTwitterHistory(json: unknown): MetricsHistory {
  return parseHistory('Twitter metrics history', json);
}

// ---- brand mentions (2.7 YouTube, 2.8 TikTok) ----

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

const periodOrder = ['7d', '30d', '90d', '180d', '365d', 'all'];

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
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    check(tiktokMentionsBody, raw, what, prefix);

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
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    check(youtubeMentionsBody, raw, what, prefix);

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

// ---- PDF export (4.1, 3.2) ----

export type PdfAnswer =
  | { state: 'generating'; retryTtlSec: number; restTokens: number | null }
  | { state: 'ready'; pdfUrl: string; restTokens: number | null };

const pdfBody = z.looseObject({ pdfUrl: str, retryTtl: num, restTokens: num });

export function parsePdf(json: unknown): PdfAnswer {
  const what = 'PDF export';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const body = check(pdfBody, value, what, prefix);
    const restTokens = body.restTokens ?? null;
    if (typeof body.pdfUrl === 'string' && body.pdfUrl.trim() !== '') return { state: 'ready', pdfUrl: body.pdfUrl, restTokens };
    if (typeof body.retryTtl === 'number') return { state: 'generating', retryTtlSec: body.retryTtl, restTokens };
    throw new SchemaError(what, [`${prefix ? `${prefix}.` : ''}pdfUrl: missing (and no retryTtl either)`]);
  });
}

