// YouTube media pages (spec 2.6); the video reader also serves the videos of YouTube brand
// mentions (2.7, brandMentions.ts).
import { z } from 'zod';
import { anyId, checkedTree, flag, map, num, obj, str, time, valueOf } from './common';
import { guard } from './errors';
import { at, epochMs, firstOf, flagAt, idAt, idsAt, isRecord, listAt, numAt, recAt, strAt, type Json } from './normalise';

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

/** A video, as media pages (2.6) and YouTube brand mentions (2.7) send it. */
export const ytVideo = z.looseObject({
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

export function youtubeVideo(v: Json): YoutubeMediaItem {
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
    const { raw } = checkedTree(json, what, ytPage);
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
