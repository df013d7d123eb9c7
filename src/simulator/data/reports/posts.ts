// An account's posts (videos, streams, snaps): when they were published and how each did.
// Post i is generated from its own seed, so a media page or a brand mention can make the
// posts it shows without making the others.
import { hashString, Rng, type Network } from '../random';
import { BASE64URL, DAY_MS, numericToken, randomToken } from './common';
import type { Ctx } from './context';
import { campaignPostsOf, campaignSeed, metricsAt, type CampaignPost } from '../campaigns';

/** The salts of Post.uniform, one per detail, kept together so no two details share one. */
export const POST_DETAIL = { streamHours: 1, dislikes: 2, game: 3 } as const;

/** How many of the latest posts a report analyses for lists, charts and per-post statistics. */
export const ANALYSED_POSTS = 120;

export interface Post {
  index: number;
  id: string;
  /** Epoch ms of publication. */
  time: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** Engagement on followers, percent: (likes + comments) / followers. */
  er: number;
  /**
   * A generator for one kind of network-specific detail of this post (type, length, text…).
   * Each call starts a fresh stream, so the same post reads the same wherever it is shown.
   */
  detail(purpose: string): Rng;
  /** A number in [0, 1) of this post's own, one per `salt`: a cheap detail for figures every period sums. */
  uniform(salt: number): number;
  /** The campaign this post was made for (data/campaigns.ts): its caption, disclosure and code are the campaign's. */
  readonly campaign?: CampaignPost;
}

/**
 * Publication times of all the account's posts, newest first. The profile's media count is
 * spread over an active life of 1–10 years, so big catalogues post often; the newest is
 * `lastMediaAgeDays` old. Post i falls in the i-th slot with jitter inside its slot, which
 * keeps the order strict.
 */
function organicTimes(ctx: Ctx): number[] {
  const { profile, now } = ctx;
  const rng = ctx.rng('timeline');
  // A rhythm of one to ten posts a week, faster only where the account's post count would
  // otherwise reach back more than twelve years.
  const intervalMs = Math.min(7 / rng.float(1, 10), (365 * 12) / profile.mediaCount) * DAY_MS;
  const newest = now - (profile.lastMediaAgeDays + rng.float(0, 0.95)) * DAY_MS;
  const times = new Array<number>(profile.mediaCount);
  for (let i = 0; i < profile.mediaCount; i++) times[i] = i === 0 ? newest : newest - (i - 0.5 + rng.next()) * intervalMs;
  return times.map(Math.round);
}

/**
 * An account's posts by position (0 = newest): its own timeline with its campaign posts
 * (data/campaigns.ts) slotted in by date. `organic[i]` is the index of the own post at
 * position i (its seeds); `slots` the campaign posts by position. Both null for an account
 * without campaign posts, where position and index are one.
 */
interface Merged {
  times: number[];
  slots: Map<number, CampaignPost> | null;
  organic: Int32Array | null;
}

const mergedByCtx = new WeakMap<Ctx, Merged>();

function merged(ctx: Ctx): Merged {
  let m = mergedByCtx.get(ctx);
  if (m) return m;
  const own = organicTimes(ctx);
  const campaign = campaignPostsOf(ctx.profile.network, ctx.input.name, ctx.now);
  if (campaign.length === 0) m = { times: own, slots: null, organic: null };
  else {
    const times: number[] = [];
    const slots = new Map<number, CampaignPost>();
    const organic = new Int32Array(own.length + campaign.length).fill(-1);
    let i = 0;
    let k = 0;
    // Both newest first; a campaign post goes before an own post of the same time.
    while (i < own.length || k < campaign.length) {
      if (k < campaign.length && (i >= own.length || campaign[k]!.time >= own[i]!)) {
        slots.set(times.length, campaign[k]!);
        times.push(campaign[k++]!.time);
      } else {
        organic[times.length] = i;
        times.push(own[i++]!);
      }
    }
    m = { times, slots, organic };
  }
  mergedByCtx.set(ctx, m);
  return m;
}

/** Publication times of all the account's posts (its campaign posts among them), newest first. */
export function postTimes(ctx: Ctx): number[] {
  return merged(ctx).times;
}

/** The positions of an account's campaign posts among its posts. */
export function campaignPositions(ctx: Ctx): ReadonlyMap<number, CampaignPost> {
  return merged(ctx).slots ?? new Map();
}

/** How many posts were published after `time` (times newest first: a binary search). */
export function postedAfter(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! > time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Posts published in (now − from − days, now − from]: a window `from` days back. */
export function countInWindow(times: readonly number[], now: number, days: number, fromDaysAgo = 0): number {
  const end = now - fromDaysAgo * DAY_MS;
  return postedAfter(times, end - days * DAY_MS) - postedAfter(times, end);
}

/** Posts per week over a window. */
export function perWeek(times: readonly number[], now: number, days: number, fromDaysAgo = 0): number {
  return countInWindow(times, now, days, fromDaysAgo) / (days / 7);
}

function postId(network: Network, rng: Rng): string {
  switch (network) {
    case 'youtube':
      return randomToken(rng, BASE64URL, 11);
    case 'tiktok':
      return numericToken(rng, 19, '7');
    case 'twitch':
      return numericToken(rng, 10, '12');
    case 'snapchat':
      return randomToken(rng, BASE64URL, 22);
    default:
      return numericToken(rng, 19, '123');
  }
}

/** A mean-one spread: a log-normal whose mean (not median) is 1, so averages match the profile. */
function meanOne(rng: Rng, sigma: number): number {
  return rng.logNormal(Math.exp((-sigma * sigma) / 2), sigma);
}

const viewBased: ReadonlySet<Network> = new Set(['youtube', 'tiktok', 'twitch', 'snapchat']);

/**
 * One post: its numbers as own fields, its id (drawn from a stream of its own, only when asked
 * for: a report sums hundreds of posts whose ids it never shows) and its details from the
 * prototype, so making thousands of them allocates no closures.
 */
class PostRecord implements Post {
  private cachedId: string | undefined;

  constructor(
    private readonly ctx: Ctx,
    readonly index: number,
    readonly time: number,
    readonly views: number,
    readonly likes: number,
    readonly comments: number,
    readonly shares: number,
    readonly er: number,
  ) {}

  get id(): string {
    return (this.cachedId ??= postId(this.ctx.profile.network, this.ctx.rng(`post:${this.index}:id`)));
  }

  detail(purpose: string): Rng {
    return this.ctx.rng(`post:${this.index}:${purpose}`);
  }

  uniform(salt: number): number {
    return postSeed(postsSeed(this.ctx) ^ Math.imul(salt + 1, 0x27d4eb2f), this.index) / 4294967296;
  }
}

/**
 * A post with more fields (a type, a length…), still a post: its id and details keep working.
 * Use this, not an object spread, which would drop them.
 */
export function extendPost<T extends object>(post: Post, extra: T): Post & T {
  return Object.assign(Object.create(Object.getPrototypeOf(post) as object) as Post, post, extra);
}

const postsSeeds = new WeakMap<Ctx, number>();

/** The seed all of an account's posts are seeded from. */
function postsSeed(ctx: Ctx): number {
  let seed = postsSeeds.get(ctx);
  if (seed === undefined) {
    seed = hashString(`${ctx.seed}:posts`);
    postsSeeds.set(ctx, seed);
  }
  return seed;
}

/** A well-mixed 32-bit seed for post `index` of an account whose posts' seed is `base`. */
function postSeed(base: number, index: number): number {
  let h = Math.imul((base ^ index) >>> 0, 0x9e3779b1) ^ (base / 4294967296);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The post at `position` (0 = newest; its time is postTimes(ctx)[position]): a campaign post,
 * or the account's own post of that rank. Views, likes and comments move together.
 */
export function post(ctx: Ctx, position: number, time: number): Post {
  const m = merged(ctx);
  if (!m.slots) return organicPost(ctx, position, time);
  const made = m.slots.get(position);
  return made ? campaignPost(ctx, position, made) : organicPost(ctx, m.organic![position]!, time);
}

/** A campaign post as the account's timeline holds it: its metrics as of the simulated day, its seeds its own. */
class CampaignPostRecord implements Post {
  constructor(
    readonly index: number,
    readonly time: number,
    readonly views: number,
    readonly likes: number,
    readonly comments: number,
    readonly shares: number,
    readonly er: number,
    readonly id: string,
    readonly campaign: CampaignPost,
  ) {}

  detail(purpose: string): Rng {
    return new Rng(`${this.campaign.key}:${purpose}`);
  }

  uniform(salt: number): number {
    return postSeed(campaignSeed(this.campaign) ^ Math.imul(salt + 1, 0x27d4eb2f), 0) / 4294967296;
  }
}

function campaignPost(ctx: Ctx, position: number, made: CampaignPost): Post {
  const m = metricsAt(made, ctx.now);
  return new CampaignPostRecord(position, made.time, m.views, m.likes, m.comments, m.shares, ((m.likes + m.comments) / ctx.profile.followers) * 100, made.id, made);
}

function organicPost(ctx: Ctx, index: number, time: number): Post {
  const { profile } = ctx;
  // Seeded by number, not by a string per post: a report makes hundreds of posts.
  const rng = new Rng(postSeed(postsSeed(ctx), index));
  const reach = meanOne(rng, 0.7); // how well this post did, shared by all its numbers
  const views = Math.round(profile.avgViews * reach * meanOne(rng, 0.2));
  // Where a like needs a view, a post never has more likes than views.
  const likes = Math.min(Math.round(profile.avgLikes * reach * meanOne(rng, 0.25)), viewBased.has(profile.network) ? views : Infinity);
  const comments = Math.round(profile.avgComments * reach * meanOne(rng, 0.4));
  const shares = Math.round(profile.avgShares * reach * meanOne(rng, 0.5));
  const er = ((likes + comments) / profile.followers) * 100;
  return new PostRecord(ctx, index, time, views, likes, comments, shares, er);
}

/** The latest `limit` posts (the account's timeline's: made once per report). */
export function latestPosts(ctx: Ctx, limit = ANALYSED_POSTS): Post[] {
  const line = timeline(ctx);
  return line.times.slice(0, limit).map((_, i) => line.at(i));
}

/** Posts published in the last `days` days. */
export function within<T extends Post>(posts: readonly T[], now: number, days: number): T[] {
  return posts.filter((p) => p.time > now - days * DAY_MS);
}

export type PostKey = 'time' | 'views' | 'likes' | 'comments' | 'shares' | 'er';

/** Posts ordered by a field (or a derived number), largest (newest) first; ties newest first. */
export function rankedBy<T extends Post>(posts: readonly T[], key: PostKey | ((post: T) => number)): T[] {
  const score = typeof key === 'function' ? key : (post: T) => post[key];
  return posts
    .map((post) => ({ post, score: score(post) }))
    .sort((a, b) => b.score - a.score || a.post.index - b.post.index)
    .map((entry) => entry.post);
}

/**
 * Ids of the ranked posts published in the last `days` days, in rank order. Ranking once and
 * filtering per window is what keeps a report's dozens of media lists cheap.
 */
export function idsWithin(ranked: readonly Post[], now: number, days: number, limit = Infinity): string[] {
  const since = now - days * DAY_MS;
  const ids: string[] = [];
  for (const post of ranked) {
    if (ids.length >= limit) break;
    if (post.time > since) ids.push(post.id);
  }
  return ids;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
}

/**
 * Every post of an account, made on demand and once: the one source of a report's period
 * figures, its media lists and its history. A period's count, sums, averages and ER are what
 * the posts published in it add up to, so a period with an ER or an average has posts, and a
 * media list's posts average to the figures beside it.
 */
export interface Timeline {
  /** Publication times of all posts, newest first. */
  readonly times: readonly number[];
  /** Post `index` (0 = newest). */
  at(index: number): Post;
  /** Posts published in (now − from − days, now − from], newest first (one shared array per window: do not change it). */
  window(days: number, fromDaysAgo?: number): readonly Post[];
  /** Posts published in (start, end] (epoch ms), newest first. */
  between(start: number, end: number): Post[];
  /** figures() of window(days, fromDaysAgo), worked out once. */
  stats(days: number, fromDaysAgo?: number): Figures;
}

const timelines = new WeakMap<Ctx, Timeline>();

export function timeline(ctx: Ctx): Timeline {
  const known = timelines.get(ctx);
  if (known) return known;
  const times = postTimes(ctx);
  const made: (Post | undefined)[] = [];
  const at = (index: number): Post => (made[index] ??= post(ctx, index, times[index]!));
  const between = (start: number, end: number): Post[] => {
    const out: Post[] = [];
    for (let i = postedAfter(times, end), last = postedAfter(times, start); i < last; i++) out.push(at(i));
    return out;
  };
  const windows = new Map<string, readonly Post[]>();
  const window = (days: number, fromDaysAgo = 0) => {
    const key = `${days}:${fromDaysAgo}`;
    let found = windows.get(key);
    if (!found) {
      const end = ctx.now - fromDaysAgo * DAY_MS;
      found = between(end - days * DAY_MS, end);
      windows.set(key, found);
    }
    return found;
  };
  const stats = new Map<string, Figures>();
  const built: Timeline = {
    times,
    at,
    between,
    window,
    stats: (days, fromDaysAgo = 0) => {
      const key = `${days}:${fromDaysAgo}`;
      let f = stats.get(key);
      if (!f) {
        f = figures(window(days, fromDaysAgo));
        stats.set(key, f);
      }
      return f;
    },
  };
  timelines.set(ctx, built);
  return built;
}

/** What a set of posts adds up to. Averages, ER and its range are 0 without posts (api-notes: a period without posts reads 0). */
export interface Figures {
  count: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  avgViews: number;
  avgLikes: number;
  avgComments: number;
  avgShares: number;
  /** Mean ER of the posts, percent. */
  er: number;
  minEr: number;
  maxEr: number;
  /** The least and most of each count on one post (0 without posts). */
  min: Record<'views' | 'likes' | 'comments' | 'shares', number>;
  max: Record<'views' | 'likes' | 'comments' | 'shares', number>;
}

export function figures(posts: readonly Post[]): Figures {
  let views = 0;
  let likes = 0;
  let comments = 0;
  let shares = 0;
  let er = 0;
  let minEr = Infinity;
  let maxEr = 0;
  const min = { views: Infinity, likes: Infinity, comments: Infinity, shares: Infinity };
  const max = { views: 0, likes: 0, comments: 0, shares: 0 };
  for (const p of posts) {
    // Spelled out: this loop runs over every post of every period of every report.
    if (p.views < min.views) min.views = p.views;
    if (p.views > max.views) max.views = p.views;
    if (p.likes < min.likes) min.likes = p.likes;
    if (p.likes > max.likes) max.likes = p.likes;
    if (p.comments < min.comments) min.comments = p.comments;
    if (p.comments > max.comments) max.comments = p.comments;
    if (p.shares < min.shares) min.shares = p.shares;
    if (p.shares > max.shares) max.shares = p.shares;
    views += p.views;
    likes += p.likes;
    comments += p.comments;
    shares += p.shares;
    er += p.er;
    minEr = Math.min(minEr, p.er);
    maxEr = Math.max(maxEr, p.er);
  }
  const count = posts.length;
  const avg = (total: number) => (count ? total / count : 0);
  return {
    count,
    views,
    likes,
    comments,
    shares,
    avgViews: avg(views),
    avgLikes: avg(likes),
    avgComments: avg(comments),
    avgShares: avg(shares),
    er: avg(er),
    minEr: count ? minEr : 0,
    maxEr,
    min: count ? min : { views: 0, likes: 0, comments: 0, shares: 0 },
    max,
  };
}
