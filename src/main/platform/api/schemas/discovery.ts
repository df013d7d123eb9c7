// Discovery: Twitch games (2.11), creator profiles (2.10), saved lists (2.12) and the search
// response (api-notes "Discovery search response").
import { z } from 'zod';
import { networks, type Network } from '../types';
import { anyId, bool, checkedTree, kind, num, obj, path, str, tolerate, unwrapArray, unwrapObject, withoutParts, type UnparsedPart } from './common';
import { check, guard, SchemaError } from './errors';
import { boundedText, boundedValue, clipText, TEXT_LIMITS, VALUE_LIMITS } from './textBounds';
import { at, epochMs, firstOf, idAt, isRecord, listAt, normaliseTree, numAt, recAt, strAt, type Json } from './normalise';

/** A whole-number id sent as a number or a string of digits. */
const intId = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/, 'expected a whole-number id')]);

function intIdAt(value: unknown, ...path: readonly (string | number)[]): number | null {
  const v = at(value, ...path);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
}

/** `{value}` or a bare number. */
const valued = z.union([z.number(), obj({ value: num })]).nullish();

function valuedAt(value: unknown, ...path: readonly (string | number)[]): number | null {
  return firstOf(numAt(value, ...path), numAt(value, ...path, 'value'));
}

function isNetwork(value: string): value is Network {
  return (networks as readonly string[]).includes(value);
}

function networkOf(value: string | null): Network | null {
  const text = value?.trim().toLowerCase() ?? '';
  return isNetwork(text) ? text : null;
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

// ---- creators (2.10, 4.10) ----

export interface CreatorAccount {
  id: string;
  title: string | null;
  /** `social_network` when it names a known network. */
  network: Network | null;
  /** `social_network` as sent. */
  socialNetwork: string | null;
  followers: number | null;
  username: string | null;
  avatarUrl: string | null;
  reportUnlocked: boolean | null;
  /** Epoch ms; null while locked. */
  reportUnlockedAt: number | null;
}

export interface CreatorStatus {
  id: number | null;
  name: string | null;
}

export interface Creator {
  id: number;
  avatarUrl: string | null;
  isFavorite: boolean | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  /** male, female (lower case), or null. */
  gender: string | null;
  /** Two-letter codes, lower case (the API sends a string or an array). */
  languages: string[];
  emails: string[];
  phones: string[];
  /** `code` upper case. */
  country: { title: string | null; code: string | null } | null;
  /** The city's id in the public geographic database. */
  cityId: string | null;
  messages: { count: number | null; newCount: number | null };
  accounts: CreatorAccount[];
  networkStatus: CreatorStatus | null;
  contractStatus: CreatorStatus | null;
  paymentStatus: CreatorStatus | null;
  raw: Json;
}

const status = obj({ id: num, name: str });

const creatorsBody = z.looseObject({
  creators: z.array(
    z.looseObject({
      id: intId,
      avatar_url: str,
      is_favorite: bool,
      first_name: str,
      last_name: str,
      bio: str,
      gender: z.union([z.string(), z.looseObject({})]).nullish(),
      language: z.union([z.string(), z.array(z.string())]).nullish(),
      emails: z.array(z.string()).nullish(),
      phones: z.array(z.string()).nullish(),
      country: z.union([z.string(), obj({ title: str, code: str })]).nullish(),
      city: obj({ code: anyId, id: anyId }),
      messages: obj({ count: num, new_count: num }),
      accounts: z
        .array(
          z.looseObject({
            id: anyId,
            title: str,
            social_network: str,
            subscribers_count: num,
            username: str,
            avatar_url: str,
            is_report_unlocked: bool,
            report_unlock_date: str,
          }),
        )
        .nullish(),
      network_status: status,
      contract_status: status,
      payment_status: status,
    }),
  ),
  next_cursor: z.union([z.string(), z.number()]).nullish(),
});

function statusAt(value: unknown, key: string): CreatorStatus | null {
  const s = recAt(value, key);
  return s ? { id: numAt(s, 'id'), name: boundedText(strAt(s, 'name'), 'title') } : null;
}

function genderOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value : firstOf(strAt(value, 'code'), strAt(value, 'name'), strAt(value, 'title'), strAt(value, 'value'));
  const clean = text?.trim().toLowerCase() ?? '';
  return clean === '' ? null : boundedValue(clean, 'code');
}

function languagesOf(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return list.map((l) => l.trim().toLowerCase()).filter((l) => l !== '' && boundedValue(l, 'language') !== null);
}

/** Strings of a list that are values of `kind` (an address, a number): longer ones are left out. */
function valuesAt(value: unknown, key: string, kind: 'email' | 'phone'): string[] {
  return listAt(value, key).filter((v): v is string => typeof v === 'string' && boundedValue(v, kind) !== null);
}

/** A creator profile, its texts bounded here (textBounds.ts): the one reader of an answer, a teammate's profile and a cached one. */
function creator(c: Json): Creator {
  const country = at(c, 'country');
  return {
    id: intIdAt(c, 'id') ?? 0,
    avatarUrl: boundedValue(strAt(c, 'avatar_url'), 'url'),
    isFavorite: typeof c.is_favorite === 'boolean' ? c.is_favorite : null,
    firstName: boundedText(strAt(c, 'first_name'), 'title'),
    lastName: boundedText(strAt(c, 'last_name'), 'title'),
    bio: boundedText(strAt(c, 'bio'), 'description'),
    gender: genderOf(c.gender),
    languages: languagesOf(c.language),
    emails: valuesAt(c, 'emails', 'email'),
    phones: valuesAt(c, 'phones', 'phone'),
    country:
      typeof country === 'string'
        ? { title: null, code: boundedValue(country, 'country') }
        : isRecord(country)
          ? { title: boundedText(strAt(country, 'title'), 'title'), code: boundedValue(strAt(country, 'code'), 'country') }
          : null,
    cityId: boundedValue(firstOf(idAt(c, 'city', 'code'), idAt(c, 'city', 'id')), 'id'),
    messages: { count: numAt(c, 'messages', 'count'), newCount: numAt(c, 'messages', 'new_count') },
    accounts: listAt(c, 'accounts')
      .filter(isRecord)
      .map((a) => ({
        id: boundedValue(idAt(a, 'id'), 'id') ?? '',
        title: boundedText(strAt(a, 'title'), 'title'),
        network: networkOf(strAt(a, 'social_network')),
        socialNetwork: boundedValue(strAt(a, 'social_network'), 'code'),
        followers: numAt(a, 'subscribers_count'),
        username: boundedText(strAt(a, 'username'), 'username'),
        avatarUrl: boundedValue(strAt(a, 'avatar_url'), 'url'),
        reportUnlocked: typeof a.is_report_unlocked === 'boolean' ? a.is_report_unlocked : null,
        reportUnlockedAt: epochMs(at(a, 'report_unlock_date')),
      })),
    networkStatus: statusAt(c, 'network_status'),
    contractStatus: statusAt(c, 'contract_status'),
    paymentStatus: statusAt(c, 'payment_status'),
    raw: c,
  };
}

export function parseCreators(json: unknown): { creators: Creator[]; nextCursor: string | null } {
  const what = 'Creator profiles';
  return guard(what, () => {
    const { raw } = checkedTree(json, what, creatorsBody);
    const cursor = at(raw, 'next_cursor');
    return {
      creators: listAt(raw, 'creators').filter(isRecord).map(creator),
      nextCursor: typeof cursor === 'string' ? (cursor === '' ? null : cursor) : typeof cursor === 'number' ? String(cursor) : null,
    };
  });
}

// ---- saved lists (2.12, 4.12) ----

export interface ListItem {
  reportId: number;
  name: string | null;
  /** Username, or the channel id for YouTube. */
  username: string;
  /** IG, YT, TT, TW, TR as sent. */
  type: string;
  network: Network | null;
  followers: number | null;
  comment: string | null;
  /** `lists`, the comma-separated ids of the lists holding this report. */
  listIds: number[];
  /** Epoch ms of the first report request (`created`, unix seconds). */
  createdAt: number | null;
  er: number | null;
  /** The audience's main age group, `13-17` … `65+`. */
  audienceAge: string | null;
  /** The audience's main country, upper case. */
  audienceGeo: string | null;
  aqs: number | null;
  qualityAudience: number | null;
  authEngagement: number | null;
  avatarUrl: string | null;
  /** Every field of the item as sent, each bounded (boundedField): what a table of the item's other fields shows. */
  fields: Record<string, unknown>;
  raw: Json;
}

/**
 * A field shown as it was sent, bounded: a text cut to a caption's length (a list item's comment
 * is free text), a number or flag as it is, any other value whose JSON is longer than a
 * description as that JSON, cut.
 */
function boundedField(value: unknown): unknown {
  if (typeof value === 'string') return clipText(value, TEXT_LIMITS.caption);
  if (value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  return json.length <= TEXT_LIMITS.description ? value : clipText(json, TEXT_LIMITS.description);
}

/** The list item type codes (the spec lists them without saying which of TW/TR is which: TW twitter, TR twitch). */
const listTypes: Record<string, Network> = { IG: 'instagram', YT: 'youtube', TT: 'tiktok', TW: 'twitter', TR: 'twitch', SC: 'snapchat' };

const listBody = z.array(
  z.looseObject({
    report_id: intId,
    name: str,
    username: z.union([z.string(), z.number()]),
    type: z.string(),
    followers: num,
    comment: str,
    lists: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).nullish(),
    created: z.union([z.number(), z.string()]).nullish(),
    er: num,
    audience_age: str,
    audience_geo: str,
    aqs: num,
    quality_audience: num,
    auth_engagement: num,
    avatar_url: str,
  }),
);

/** A list item's `lists`: list numbers, comma-separated (or an array, or one number). */
export function listIdsOf(value: unknown): number[] {
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
  return parts
    .map((p) => (typeof p === 'number' ? p : typeof p === 'string' && /^\s*\d+\s*$/.test(p) ? Number(p) : NaN))
    .filter((n) => Number.isFinite(n));
}

/** A page of a list's items, every text in it bounded (textBounds.ts): the one reader of an answer, a teammate's page and the cached items. */
export function parseList(json: unknown): ListItem[] {
  const what = 'List items';
  return guard(what, () => {
    const { value, prefix } = unwrapArray(json, what);
    const raw = normaliseTree(value) as unknown[];
    check(listBody, raw, what, prefix);
    return raw.filter(isRecord).map((item) => {
      const type = strAt(item, 'type') ?? '';
      return {
        reportId: intIdAt(item, 'report_id') ?? 0,
        name: boundedText(strAt(item, 'name'), 'title'),
        username: clipText(idAt(item, 'username') ?? '', TEXT_LIMITS.username),
        type: clipText(type, VALUE_LIMITS.code),
        network: listTypes[type.trim().toUpperCase()] ?? networkOf(type),
        followers: numAt(item, 'followers'),
        comment: boundedText(strAt(item, 'comment'), 'caption'),
        listIds: listIdsOf(item.lists),
        createdAt: epochMs(at(item, 'created')),
        er: numAt(item, 'er'),
        audienceAge: boundedValue(strAt(item, 'audience_age'), 'code'),
        audienceGeo: boundedValue(strAt(item, 'audience_geo'), 'country'),
        aqs: numAt(item, 'aqs'),
        qualityAudience: numAt(item, 'quality_audience'),
        authEngagement: numAt(item, 'auth_engagement'),
        avatarUrl: boundedValue(strAt(item, 'avatar_url'), 'url'),
        fields: Object.fromEntries(Object.entries(item).map(([key, value]) => [key, boundedField(value)])),
        raw: item,
      };
    });
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
