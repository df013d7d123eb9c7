// The one rule for a figure of a period without posts, for main (the library's extracted
// columns) and the renderer (report page, Compare, sheets) alike. The API sends such a figure as
// 0 with mark `poor`, not as null (api-notes: a real TikTok answer has `er.value` 14.23 and
// `er.performance.30d.value` 0): that 0 means "no posts in those days", not a figure of 0. Pure
// data, no imports.

/** One metric as a report gives it: its top-level figure and each period's. */
export interface MetricFigures {
  /** The metric's key ('er', 'views_avg'); a part ('views_avg.story') or a total's period figure ('media_count.in_period') is read by its base key. */
  key: string;
  /** The top-level `value` (or a bare number); null when the report gives none. */
  overall: number | null;
  /** Each period's value by period key ('7d' … '365d'); null or absent where the report gives no number. */
  periods: Readonly<Partial<Record<string, number | null>>>;
}

/** Metrics whose period figure counts the period's posts: 0 of them is a period without posts. */
const POST_COUNTS: ReadonlySet<string> = new Set(['media_count', 'posts_count', 'media_per_week', 'post_frequency', 'videos_per_week']);

/**
 * Per-post figures that are never 0 over posts that exist (an engagement rate, views, likes):
 * 0 beside a non-zero figure of the same metric (its overall figure or another period's) is a
 * period without posts. Comments and shares may truly be 0, so they are not evidence.
 */
const NEVER_ZERO_WITH_POSTS: ReadonlySet<string> = new Set(['er', 'views_avg', 'video_views_avg', 'alikes_avg', 'avg_likes', 'likes_avg', 'favorite_avg']);

/** Every figure made from a period's posts: its 0 in a period without posts is no figure. */
const FROM_POSTS: ReadonlySet<string> = new Set([
  ...POST_COUNTS,
  ...NEVER_ZERO_WITH_POSTS,
  'videos_v30',
  'comments_avg',
  'avg_comments',
  'reply_avg',
  'retweet_avg',
  'shares_avg',
  'likes_count',
  'comments_count',
  'shares_count',
  'dislikes_count',
  'views_count',
  'likes_views_ratio',
  'comments_likes_ratio',
  'likes_comments_ratio',
  'views_followers_ratio',
  'comments_rate',
  'reactions_rate',
  'likes_spread',
]);

/** 'views_avg.story' → 'views_avg'; 'media_count.in_period' → 'media_count'. */
export function baseMetricKey(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

/** True for a count of posts (posts, posts per week): its 0 says "no posts", not a figure of 0. */
export function isPostCount(key: string): boolean {
  return POST_COUNTS.has(baseMetricKey(key));
}

/** True for a figure made from the period's posts (engagement, averages, posts and their likes, comments, views). */
export function isPostFigure(key: string): boolean {
  return FROM_POSTS.has(baseMetricKey(key));
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The periods of a report that hold no posts: a period whose post count (posts, posts per week)
 * is 0, or where an engagement rate or an average of views or likes is 0 beside a non-zero
 * figure of the same metric.
 */
export function periodsWithoutPosts(metrics: Iterable<MetricFigures>): Set<string> {
  const empty = new Set<string>();
  for (const m of metrics) {
    const base = baseMetricKey(m.key);
    // Only the periods count posts: a total's top-level figure (all posts ever) says nothing of a period.
    const count = POST_COUNTS.has(base);
    const evidence = NEVER_ZERO_WITH_POSTS.has(base);
    if (!count && !evidence) continue;
    for (const [period, value] of Object.entries(m.periods)) {
      if (value !== 0) continue;
      if (count) empty.add(period);
      else if ((isNumber(m.overall) && m.overall !== 0) || Object.entries(m.periods).some(([p, v]) => p !== period && isNumber(v) && v !== 0)) empty.add(period);
    }
  }
  return empty;
}

/**
 * True when the API's figure of `period` is the 0 it sends for a period without posts: the figure
 * is absent ("no posts in those days"), never 0, never ranked or marked. A non-zero figure is the
 * API's own and is kept, even where another figure says the period holds no posts.
 */
export function absentForNoPosts(key: string, period: string, value: number | null | undefined, empty: ReadonlySet<string>): boolean {
  return value === 0 && empty.has(period) && isPostFigure(key);
}

/** A list's average (likes, comments) when the list counts `posts`: the 0 of a list without posts is no figure. */
export function unlessNoPosts(value: number | null, posts: number | null): number | null {
  return posts === 0 && value === 0 ? null : value;
}
