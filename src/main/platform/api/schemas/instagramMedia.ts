// Instagram account media (spec 2.5): the posts, and the lists of post ids by group, sort key
// and period with their averages.
import { z } from 'zod';
import { anyId, checkedTree, flag, map, mapOrList, num, obj, str, time, valueOf } from './common';
import { guard } from './errors';
import { at, entries, epochMs, flagAt, idAt, idsAt, isRecord, numAt, recAt, strAt, type Json } from './normalise';

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
    const { raw } = checkedTree(json, what, igMediaBody);

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
