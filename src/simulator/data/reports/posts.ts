// An account's posts (videos, streams, snaps): when they were published and how each did.
// Post i is generated from its own seed, so a media page or a brand mention can make the
// posts it shows without making the others.
import type { Network, Rng } from '../random';
import { BASE64URL, DAY_MS, numericToken, randomToken } from './common';
import type { Ctx } from './context';

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
}

/**
 * Publication times of all the account's posts, newest first. The profile's media count is
 * spread over an active life of 1–10 years, so big catalogues post often; the newest is
 * `lastMediaAgeDays` old. Post i falls in the i-th slot with jitter inside its slot, which
 * keeps the order strict.
 */
export function postTimes(ctx: Ctx): number[] {
  const { profile, now } = ctx;
  const rng = ctx.rng('timeline');
  const intervalMs = (rng.float(365, 3650) / profile.mediaCount) * DAY_MS;
  const newest = now - (profile.lastMediaAgeDays + rng.float(0, 0.95)) * DAY_MS;
  const times = new Array<number>(profile.mediaCount);
  for (let i = 0; i < profile.mediaCount; i++) times[i] = i === 0 ? newest : newest - (i - 0.5 + rng.next()) * intervalMs;
  return times.map(Math.round);
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

/** Post `index` (0 = newest) published at `time`. Views, likes and comments move together. */
export function post(ctx: Ctx, index: number, time: number): Post {
  const { profile } = ctx;
  const rng = ctx.rng(`post:${index}`);
  const id = postId(profile.network, rng);
  const reach = meanOne(rng, 0.7); // how well this post did, shared by all its numbers
  const views = Math.round(profile.avgViews * reach * meanOne(rng, 0.2));
  // Where a like needs a view, a post never has more likes than views.
  const likes = Math.min(Math.round(profile.avgLikes * reach * meanOne(rng, 0.25)), viewBased.has(profile.network) ? views : Infinity);
  const comments = Math.round(profile.avgComments * reach * meanOne(rng, 0.4));
  const shares = Math.round(profile.avgShares * reach * meanOne(rng, 0.5));
  const er = ((likes + comments) / profile.followers) * 100;
  return { index, id, time, views, likes, comments, shares, er, detail: (purpose) => ctx.rng(`post:${index}:${purpose}`) };
}

/** The latest `limit` posts. */
export function latestPosts(ctx: Ctx, times: readonly number[], limit = ANALYSED_POSTS): Post[] {
  return times.slice(0, limit).map((t, i) => post(ctx, i, t));
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

const brands = ['Nike', 'Adidas', 'Samsung', 'Sephora', 'Red Bull', 'Spotify', 'Nintendo', 'NordVPN', 'Skillshare', 'Audible', 'HelloFresh', 'Squarespace', 'Duolingo', 'Gymshark', 'Raid Shadow Legends'];

/** A brand's account name on a network: its name, lower case, without spaces. */
export function brandSlug(brand: string): string {
  return brand.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** The brands an account mentioned (none for about one in ten), each with the indices of the posts that did. */
export function brandMentionPosts(ctx: Ctx, times: readonly number[]): { brand: string; indices: number[] }[] {
  const rng = ctx.rng('brand-mentions');
  // Mentions are looked for among the latest 200 posts.
  const pool = Array.from({ length: Math.min(times.length, 200) }, (_, i) => i);
  return rng
    .sample(brands, rng.weighted([[0, 1], [1, 2], [2, 3], [3, 3], [4, 2], [5, 1]]))
    .map((brand) => ({ brand, indices: rng.sample(pool, rng.int(1, 6)).sort((a, b) => a - b) }));
}

