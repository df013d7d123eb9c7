// Discovery: Twitch games (2.11) and the search response (api-notes "Discovery search
// response"). Creator profiles (2.10) are read in creators.ts, saved lists (2.12) in lists.ts.
import { z } from 'zod';
import { anyId, intId, intIdAt, kind, num, obj, path, str, tolerate, unwrapArray, unwrapObject, withoutParts, type UnparsedPart } from './common';
import { check, guard, SchemaError } from './errors';
import { boundedText, boundedValue, clipText, TEXT_LIMITS, VALUE_LIMITS } from './textBounds';
import { at, firstOf, idAt, isRecord, listAt, normaliseTree, numAt, recAt, strAt, type Json } from './normalise';

/** `{value}` or a bare number. */
const valued = z.union([z.number(), obj({ value: num })]).nullish();

function valuedAt(value: unknown, ...path: readonly (string | number)[]): number | null {
  return firstOf(numAt(value, ...path), numAt(value, ...path, 'value'));
}
// ---- games (2.11, 4.8) ----

export interface Game {
  id: number;
  title: string;
  avatarUrl: string | null;
}

const gamesBody = z.array(z.looseObject({ basic: z.looseObject({ id: intId, title: z.string(), avatar_url: str }) }));

export function parseGames(json: unknown): Game[] {
  const what = 'Twitch games';
  return guard(what, () => {
    const { value, prefix } = unwrapArray(json, what);
    check(gamesBody, value, what, prefix);
    return value.map((item) => ({
      id: intIdAt(item, 'basic', 'id') ?? 0,
      title: strAt(item, 'basic', 'title') ?? '',
      avatarUrl: strAt(item, 'basic', 'avatar_url'),
    }));
  });
}
// ---- discovery search (4.11, api-notes) ----

/** An account linked to a search result (`features.social_networks`), its texts bounded. */
export interface DiscoveryLinked {
  /** `type` as received (a network type id or name), cut to a code's length. */
  type: string;
  /** The network type id it names (networkTypeId), else null. */
  typeId: number | null;
  socialId: string | null;
  username: string | null;
  title: string | null;
  followers: number | null;
}

/** A search result; every text in it is bounded (textBounds.ts), `raw` keeps the result as received. */
export interface DiscoveryResult {
  /** basic.id (YouTube channel id), else null. */
  id: string | null;
  /** basic.username, else basic.id: what identifies the result. */
  username: string;
  /** basic.username alone (a number read as text), null when absent or blank. */
  handle: string | null;
  /** basic.country, else basic.country_code. */
  country: string | null;
  title: string | null;
  avatarUrl: string | null;
  categoryName: string | null;
  followers: number | null;
  /** Percent. */
  engagementRate: number | null;
  /** Instagram: real followers. */
  realFollowers: number | null;
  avgViews: number | null;
  reelsViewsAvg: number | null;
  shortsViewsAvg: number | null;
  /** TikTok total likes. */
  likesCount: number | null;
  /** The aqs mark (Instagram, TikTok) or cqs mark (YouTube). */
  qualityMark: string | null;
  socialNetworks: { type: number; id: string }[];
  linked: DiscoveryLinked[];
  searchContent: string[];
  thematics: string[];
  raw: Json;
}

const searchBody = z.looseObject({
  search_results: z.array(
    z.looseObject({
      basic: z.looseObject({ id: anyId, username: str, title: str, avatar_url: str, category_name: str }),
      metrics: obj({
        er: valued,
        subscribers_count: valued,
        real_subscribers_count: valued,
        reels_video_views_avg: valued,
        likes_count: valued,
        views_avg: valued,
        shorts_video_views_avg: valued,
      }),
      features: obj({
        // `{type: 1, id}` (reference) or `{type: "instagram", social_id, …}` (real answers).
        social_networks: z.array(obj({ type: z.union([z.number(), z.string()]).nullish(), id: anyId, social_id: anyId })).nullish(),
        aqs: obj({ data: obj({ mark: str }) }),
        cqs: obj({ data: obj({ mark: str }) }),
        search_content: z.array(z.unknown()).nullish(),
        blogger_thematics: z.array(z.unknown()).nullish(),
      }),
    }),
  ),
  current_page: num,
  total_pages: num,
  queries_left: num,
});

/** Network type ids by the names real answers use instead (api-notes: 8 is Facebook). */
const NETWORK_TYPE_IDS: Record<string, number> = { instagram: 1, youtube: 2, tiktok: 3, twitch: 4, twitter: 5, snapchat: 7, facebook: 8 };

/** A linked account's network type id: the number, or the id of a network name ("instagram"). */
export function networkTypeId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return Object.hasOwn(NETWORK_TYPE_IDS, text) ? NETWORK_TYPE_IDS[text]! : /^\d+$/.test(text) ? Number(text) : null;
}

/** A text as a table shows it: a non-blank string, or a number written out; else null. */
function textAt(value: unknown, ...path: readonly (string | number)[]): string | null {
  const v = at(value, ...path);
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
}

/** A linked account as the answer gives it: `{type: 1, id}` (reference) or `{type: "instagram", social_id, title, username, subscribers_count, …}` (real answers). */
function linkedOf(entry: unknown): DiscoveryLinked {
  const type = at(entry, 'type');
  const followers = at(entry, 'subscribers_count');
  const count = typeof followers === 'number' ? followers : typeof followers === 'string' && followers.trim() !== '' ? Number(followers) : NaN;
  return {
    type: clipText(String(type ?? ''), VALUE_LIMITS.code),
    typeId: networkTypeId(type),
    socialId: boundedValue(firstOf(textAt(entry, 'social_id'), textAt(entry, 'id')), 'id'),
    username: boundedText(textAt(entry, 'username'), 'username'),
    title: boundedText(textAt(entry, 'title'), 'title'),
    followers: Number.isFinite(count) ? count : null,
  };
}

/**
 * A search result, or null when it has no identity (no username and no id). Its texts are
 * bounded here, the one place a result is read (an answer, a teammate's page, a cached page).
 */
function searchResult(item: Json): DiscoveryResult | null {
  const b = recAt(item, 'basic') ?? {};
  const m = recAt(item, 'metrics') ?? {};
  const f = recAt(item, 'features') ?? {};
  const id = boundedValue(idAt(b, 'id'), 'id');
  const username = firstOf(boundedText(strAt(b, 'username'), 'username'), id);
  if (username === null) return null;
  const socialNetworks: { type: number; id: string }[] = [];
  for (const entry of listAt(f, 'social_networks')) {
    const type = networkTypeId(at(entry, 'type'));
    const sid = boundedValue(firstOf(idAt(entry, 'id'), idAt(entry, 'social_id')), 'id');
    if (type !== null && sid !== null) socialNetworks.push({ type, id: sid });
  }
  const texts = (key: string) =>
    listAt(f, key).flatMap((v) => (typeof v === 'string' ? [v] : isRecord(v) && typeof v.title === 'string' ? [v.title] : [])).map((t) => clipText(t, TEXT_LIMITS.title));
  return {
    id,
    username,
    handle: boundedText(textAt(b, 'username'), 'username'),
    country: boundedValue(firstOf(textAt(b, 'country'), textAt(b, 'country_code')), 'country'),
    title: boundedText(strAt(b, 'title'), 'title'),
    avatarUrl: boundedValue(strAt(b, 'avatar_url'), 'url'),
    categoryName: boundedText(strAt(b, 'category_name'), 'title'),
    followers: valuedAt(m, 'subscribers_count'),
    engagementRate: valuedAt(m, 'er'),
    realFollowers: valuedAt(m, 'real_subscribers_count'),
    avgViews: valuedAt(m, 'views_avg'),
    reelsViewsAvg: valuedAt(m, 'reels_video_views_avg'),
    shortsViewsAvg: valuedAt(m, 'shorts_video_views_avg'),
    likesCount: valuedAt(m, 'likes_count'),
    qualityMark: boundedValue(firstOf(strAt(f, 'aqs', 'data', 'mark'), strAt(f, 'cqs', 'data', 'mark')), 'code'),
    socialNetworks,
    linked: listAt(f, 'social_networks').map(linkedOf),
    searchContent: texts('search_content'),
    thematics: texts('blogger_thematics'),
    raw: item,
  };
}

export interface SearchPage {
  results: DiscoveryResult[];
  currentPage: number;
  totalPages: number;
  queriesLeft: number | null;
  /** Parts Scout could not read, kept as received in each result's `raw` (paths from `result`). */
  unparsed: UnparsedPart[];
}

/**
 * A discovery page, read tolerantly: only `search_results` must be a list. A part of a result
 * that does not fit is listed and read as absent; a result without any identity is left out
 * and listed. Each result's `raw` keeps it as received (normalised).
 */
export function parseSearch(json: unknown): SearchPage {
  const what = 'Discovery search';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    if (!Array.isArray(raw.search_results)) {
      throw new SchemaError(what, [`${path(prefix, 'search_results')}: ${raw.search_results === undefined ? 'missing' : `expected array, received ${kind(raw.search_results)}`}`]);
    }
    const misfits = tolerate(searchBody, raw);
    const unparsed = misfits.map((m) => m.part);
    const readable = withoutParts(raw, misfits.map((m) => m.path));
    const results: DiscoveryResult[] = [];
    listAt(readable, 'search_results').forEach((item, i) => {
      const result = isRecord(item) ? searchResult(item) : null;
      if (result === null) {
        if (isRecord(item)) unparsed.push({ path: `search_results.${i}`, reason: 'no username and no basic.id: the account cannot be identified' });
        return;
      }
      const original = raw.search_results as unknown[];
      results.push({ ...result, raw: isRecord(original[i]) ? original[i] : result.raw });
    });
    const currentPage = numAt(readable, 'current_page') ?? 1;
    return { results, currentPage, totalPages: numAt(readable, 'total_pages') ?? currentPage, queriesLeft: numAt(readable, 'queries_left'), unparsed };
  });
}
