// The views the companion tabs show (src/shared/companions.ts), built once in main from the
// parse of an API answer: fresh ones from the parse the API client made, cached ones (stored raw)
// by parsing them again when read. A cached answer that no longer parses whole gives the view of
// what could be read, with a note saying what could not: never an error, so old caches open.
import type {
  HistoryView,
  InstagramMediaListView,
  InstagramMediaView,
  MentionsView,
  TiktokMentionView,
  TiktokMentionsView,
  YoutubeMediaView,
  YoutubeMentionsView,
} from '@shared/companions';
import { accountUrl, postUrl } from '@shared/networkLinks';
// The API sends a figure of a period without posts as 0: no posts, not a figure.
import { unlessNoPosts } from '@shared/periodFigures';
import {
  normaliseTree,
  parseInstagramHistory,
  parseInstagramMedia,
  parseTiktokBrandMentions,
  parseTwitterHistory,
  parseYoutubeBrandMentions,
  parseYoutubeMediaPage,
  SchemaError,
  type BrandMentions,
  type InstagramMedia,
  type MetricsHistory,
  type YoutubeMediaPage,
} from '../../platform/api/schemas';
import { unwrap } from '../../platform/api/schemas/common';
import { at, isRecord, put, type Json } from '../../platform/api/schemas/normalise';

// ---- small rules ----

/** A text the answer carries, or null when it is blank. */
const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value.trim() === '' ? null : value);


/** A period key's length in days, for ordering: '7d' → 7, 'all' → ∞; unknown keys sort first. */
function periodDays(period: string): number {
  if (period === 'all') return Infinity;
  const m = /^(\d+)([dwmy])$/.exec(period);
  if (!m) return -1;
  return Number(m[1]) * { d: 1, w: 7, m: 30, y: 365 }[m[2] as 'd' | 'w' | 'm' | 'y'];
}

/** Period keys, shortest first (a stable sort: keys of one length keep the answer's order). */
export function periodsInOrder(periods: Iterable<string>): string[] {
  return [...periods].sort((a, b) => periodDays(a) - periodDays(b));
}

// ---- views from a parse ----

export function instagramMediaView(media: InstagramMedia, note: string | null = null): InstagramMediaView {
  const lists: InstagramMediaListView[] = [];
  for (const [group, sorts] of Object.entries(media.lists)) {
    for (const [sort, byPeriod] of Object.entries(sorts)) {
      for (const period of periodsInOrder(Object.keys(byPeriod))) {
        const list = byPeriod[period]!;
        // An empty list is no posts only if its figures say so: a likes_desc list of an account
        // that hides likes is empty while its period has posts (and comments).
        const posts = list.mediaIds.length;
        lists.push({
          group,
          sort,
          period,
          postIds: list.mediaIds,
          likesAvg: unlessNoPosts(list.likesAvg, posts),
          commentsAvg: unlessNoPosts(list.commentsAvg, posts),
          viewsAvg: unlessNoPosts(list.videoViewsAvg, posts),
        });
      }
    }
  }
  return {
    network: 'instagram',
    posts: media.items.map((item) => ({
      id: item.id,
      caption: item.caption,
      url: postUrl('instagram', { code: item.code ?? undefined }),
      thumbnailUrl: text(item.thumbnailUrl),
      postedAt: item.postedAt,
      likes: item.likes,
      comments: item.comments,
      views: item.videoViews,
      er: item.er,
    })),
    lists,
    note,
  };
}

export function youtubeMediaView(page: YoutubeMediaPage, note: string | null = null): YoutubeMediaView {
  return {
    network: 'youtube',
    // The parse falls back to the current page; the view says only what the answer said.
    totalPages: typeof at(page.raw, 'total_pages') === 'number' ? page.totalPages : null,
    videos: page.items.map((video) => ({
      id: video.id,
      title: video.title,
      url: postUrl('youtube', { id: video.id }),
      thumbnailUrl: text(video.thumbnailUrl),
      publishedAt: video.publishedAt,
      views: video.views,
      likes: video.likes,
    })),
    note,
  };
}

export function historyView(history: MetricsHistory, note: string | null = null): HistoryView {
  return {
    series: Object.entries(history.series).map(([metric, points]) => ({ metric, points: points.map((p) => ({ time: p.time, value: p.value })) })),
    note,
  };
}

function tiktokMentionsView(mentions: BrandMentions, note: string | null): TiktokMentionsView {
  const brands = new Map(mentions.brands.map((b) => [b.key, b]));
  const performance = at(mentions.raw, 'mentions', 'performance');
  const periods = periodsInOrder(isRecord(performance) ? Object.keys(performance) : []).map((period) => {
    // The brands of a period in the answer's order (`data` is [] when it has none).
    const data = at(performance, period, 'data');
    const rows: TiktokMentionView[] = [];
    for (const key of isRecord(data) ? Object.keys(data) : []) {
      const brand = brands.get(key);
      const stats = brand?.periods[period];
      if (!brand || !stats) continue;
      rows.push({
        key,
        name: text(brand.title) ?? key,
        url: accountUrl('tiktok', { username: text(brand.username) ?? key }),
        posts: stats.postsCount,
        views: unlessNoPosts(stats.views, stats.postsCount),
        er: unlessNoPosts(stats.er, stats.postsCount),
      });
    }
    return { period, brands: rows };
  });
  return { network: 'tiktok', periods, note };
}

function youtubeMentionsView(mentions: BrandMentions, note: string | null): YoutubeMentionsView {
  return {
    network: 'youtube',
    brands: mentions.brands.map((brand) => ({
      key: brand.key,
      name: text(brand.title) ?? text(brand.username) ?? '',
      url: accountUrl('youtube', { channelId: brand.id ?? undefined, username: brand.username ?? undefined }),
      viewsTotal: brand.viewsTotal,
      links: brand.linksCount,
    })),
    note,
  };
}

export function mentionsView(mentions: BrandMentions, note: string | null = null): MentionsView {
  return mentions.network === 'tiktok' ? tiktokMentionsView(mentions, note) : youtubeMentionsView(mentions, note);
}

// ---- cached answers: parsed again, what can be read of them ----

/** How many rounds of leaving out unreadable parts before giving up on an answer. */
const MAX_ROUNDS = 100;

/** The path of an issue ("result.media.3.id: missing" → result, media, 3, id); null for (root). */
function issuePath(issue: string): string[] | null {
  const cut = issue.indexOf(': ');
  const path = cut < 0 ? issue : issue.slice(0, cut);
  return path === '(root)' || path === '' ? null : path.split('.');
}

const REMOVED = Symbol('removed');

/** The node at a path of an issue (array steps are indices written out); undefined where it breaks. */
function nodeAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const step of path) {
    if (Array.isArray(node)) node = node[Number(step)];
    else if (isRecord(node) && Object.hasOwn(node, step)) node = node[step];
    else return undefined;
  }
  return node;
}

/**
 * Leaves out the part at `path`: an array item is marked for removal, a key is deleted ('gone');
 * a part that is already missing is set to null once, as an optional part may be null
 * ('nulled'). False when neither is possible: the part around it must go.
 */
function leaveOut(root: Json, path: readonly string[], nulled: Set<string>): 'gone' | 'nulled' | false {
  const parent = nodeAt(root, path.slice(0, -1));
  const last = path[path.length - 1]!;
  const id = path.join('.');
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length || parent[index] === REMOVED) return false;
    parent[index] = REMOVED;
    return 'gone';
  }
  if (!isRecord(parent)) return false;
  if (Object.hasOwn(parent, last) && !nulled.has(id)) {
    // A null already there counts as tried: next time the part around it goes.
    if (parent[last] === null) nulled.add(id);
    delete parent[last];
    return 'gone';
  }
  if (nulled.has(id)) return false;
  nulled.add(id);
  put(parent, last, null);
  return 'nulled';
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== REMOVED).map(compact);
  if (isRecord(value)) for (const key of Object.keys(value)) put(value, key, compact(value[key]));
  return value;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Parses a cached answer; when it does not parse whole, leaves out the parts its issues name (or
 * the part around them) until what is left parses. The note says what was left out.
 */
export function readTolerantly<T>(parse: (json: unknown) => T, json: unknown): { parsed: T | null; note: string | null } {
  let firstError: unknown;
  try {
    return { parsed: parse(json), note: null };
  } catch (error) {
    firstError = error;
  }
  let work: Json;
  try {
    work = { result: normaliseTree(unwrap(json, 'answer').value) };
  } catch {
    return { parsed: null, note: `This answer could not be read: ${describe(firstError)}` };
  }
  const left: string[] = [];
  const said = new Set<string>();
  const nulled = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let issues: readonly string[];
    try {
      const parsed = parse(work);
      const more = left.length > 1 ? ` (and ${left.length - 1} more)` : '';
      return { parsed, note: `Part of this answer could not be read and is not shown: ${left[0] ?? describe(firstError)}${more}.` };
    } catch (error) {
      issues = error instanceof SchemaError ? error.issues : [];
    }
    let progress = false;
    // What went this round: an issue inside it is settled with it.
    const gone = new Set<string>();
    for (const issue of issues) {
      const named = issuePath(issue);
      if (named === null) continue;
      const settled = named.some((_, i) => gone.has(named.slice(0, i + 1).join('.')));
      let path = named;
      let done: 'gone' | 'nulled' | false = settled ? 'gone' : false;
      // A part that cannot be left out on its own goes with the part around it.
      while (!done && path.length > 1) {
        done = leaveOut(work, path, nulled);
        if (!done) path = path.slice(0, -1);
      }
      if (!done) continue;
      if (done === 'gone' && !settled) gone.add(path.join('.'));
      progress = true;
      if (!said.has(named.join('.'))) left.push(issue);
      said.add(named.join('.'));
    }
    if (!progress) break;
    work = compact(work) as Json;
  }
  return { parsed: null, note: `This answer could not be read: ${describe(firstError)}` };
}

// ---- one builder per companion, for a cached (raw) answer ----

function emptyMedia(network: 'instagram' | 'youtube', note: string | null): InstagramMediaView | YoutubeMediaView {
  return network === 'instagram' ? { network, posts: [], lists: [], note } : { network, totalPages: null, videos: [], note };
}

export function mediaViewOf(network: 'instagram' | 'youtube', raw: unknown): InstagramMediaView | YoutubeMediaView {
  if (network === 'instagram') {
    const { parsed, note } = readTolerantly(parseInstagramMedia, raw);
    return parsed ? instagramMediaView(parsed, note) : emptyMedia(network, note);
  }
  const { parsed, note } = readTolerantly(parseYoutubeMediaPage, raw);
  return parsed ? youtubeMediaView(parsed, note) : emptyMedia(network, note);
}

export function historyViewOf(network: 'instagram' | 'twitter', raw: unknown): HistoryView {
  const { parsed, note } = readTolerantly(network === 'instagram' ? parseInstagramHistory : parseTwitterHistory, raw);
  return parsed ? historyView(parsed, note) : { series: [], note };
}

export function mentionsViewOf(network: 'tiktok' | 'youtube', raw: unknown): MentionsView {
  const { parsed, note } = readTolerantly(network === 'tiktok' ? parseTiktokBrandMentions : parseYoutubeBrandMentions, raw);
  if (parsed) return mentionsView(parsed, note);
  return network === 'tiktok' ? { network, periods: [], note } : { network, brands: [], note };
}
