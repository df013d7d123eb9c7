// Running a validated discovery search over the universe (spec 4.11): every filter of the
// query is applied, matches are sorted, then cut into pages of 20. Also the sandbox variant.
//
// Filter semantics where the spec is silent (tests check results against these):
// - Keyword lists (search, search_content, search_description): case-insensitive substring
//   match; an account matches when ANY keyword of the list matches. `search` looks at username,
//   title, description, content keywords and topic names; `search_content` at content keywords;
//   `search_description` at the description. Different filters combine with AND, as all do.
// - niche_search: every word of the phrase must occur in content keywords, topics or description.
// - category include: the account's category is one of them; thematics include: one of the
//   account's thematics is; exclude lists reject any overlap.
// - has_content_type: the channel has every listed type.
// - account_age / account_gender: brand accounts have neither, so never match these filters.
// - account_has_contacts / account_has_launched_advertising / verified: true (1) keeps only
//   accounts with the property, false (0) only accounts without.
// - account_mentions include: mentioned at least one of them in the last 180 days; exclude:
//   mentioned none of them.
// - audience_geo countries/cities, ethnicity, interests: every listed item must hold (share of
//   that country/city/race/interest ≥ prc). audience_age: the listed groups together ≥ prc.
//   audience_gender: share of that gender ≥ prc. income: share of the audience earning at least
//   that level ≥ prc.
// - similar: accounts of the same category whose follower count is within a factor of 4 of
//   the target's, the target itself excluded. The target is a username (IG: any name, since
//   profiles derive from names), a channel id or username (YT), an account id or username
//   (TT); an unknown YT/TT target matches nothing.
// - username_exclude: compared case-insensitively (leading @ ignored) with the username, and
//   for YouTube with the channel id too.
// - twitch_* values are 30-day figures; twitter_likes/replies/retweet are averages per tweet,
//   twitter_tweet the number of tweets. views_avg/alikes_avg/comments_avg/shares_avg use the
//   profile's averages; likes_count is TikTok's total likes.
// - Sorting: by the field, ties broken by username in the same direction. Pages past the last
//   one are empty. total_pages = ceil(matches / 20), at most 500.
import type { CdnLinker } from '../cdn';
import { accountProfile } from '../profile';
import { networkTypeIds } from '../random';
import { usesRealForms } from '../realForms';
import type { SearchNetwork } from './taxonomy';
import { deriveAccount, type DiscoveryAccount } from './account';
import { universe, type Universe } from './universe';
import { MAX_PAGE, PAGE_SIZE, type SearchQuery } from './validate';

type Predicate = (a: DiscoveryAccount) => boolean;

interface Range {
  from?: number | undefined;
  to?: number | undefined;
}

function inRange(value: number, r: Range): boolean {
  return (r.from === undefined || value >= r.from) && (r.to === undefined || value <= r.to);
}

function lower(words: readonly string[]): string[] {
  return words.map((w) => w.toLowerCase());
}

type TextField = keyof DiscoveryAccount['text'];

/** One field's text of every account, joined, with where each account's part starts. */
interface Corpus {
  text: string;
  starts: Int32Array;
}

const corpora = new WeakMap<Universe, Partial<Record<TextField, Corpus>>>();

function corpus(u: Universe, field: TextField): Corpus {
  let byField = corpora.get(u);
  if (!byField) corpora.set(u, (byField = {}));
  let c = byField[field];
  if (!c) {
    const starts = new Int32Array(u.accounts.length + 1);
    const parts: string[] = [];
    let at = 0;
    u.accounts.forEach((a, i) => {
      starts[i] = at;
      parts.push(a.text[field]);
      at += a.text[field].length + 1;
    });
    starts[u.accounts.length] = at;
    c = byField[field] = { text: parts.join('\u0000'), starts };
  }
  return c;
}

/**
 * Which universe accounts' `field` text contains `word` (the same as `a.text[field].includes(word)`
 * for each account, but one scan of the joined text instead of 20,000 searches).
 */
function accountsContaining(u: Universe, field: TextField, word: string): Uint8Array {
  const mask = new Uint8Array(u.accounts.length);
  if (word.includes('\u0000')) return mask; // no account text holds one; it could only span two accounts
  const { text, starts } = corpus(u, field);
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) break;
    // The account whose part holds `at`: the last start ≤ at.
    let lo = 0;
    let hi = u.accounts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    mask[lo] = 1;
    from = starts[lo + 1]!;
  }
  return mask;
}

/** A predicate on a text field: any (or every) word occurs in it. */
function textFilter(u: Universe, field: TextField, words: readonly string[], every: boolean): Predicate {
  const masks = words.map((w) => accountsContaining(u, field, w));
  const combined = masks[0] ?? new Uint8Array(u.accounts.length);
  for (const m of masks.slice(1)) for (let i = 0; i < combined.length; i++) combined[i] = every ? combined[i]! & m[i]! : combined[i]! | m[i]!;
  return (a) => (a.index >= 0 && u.accounts[a.index] === a ? combined[a.index] === 1 : every ? words.every((w) => a.text[field].includes(w)) : words.some((w) => a.text[field].includes(w)));
}

/** The target of `similar`, or null when it is unknown. */
export function similarTarget(network: SearchNetwork, value: string, u: Universe): DiscoveryAccount | null {
  const key = value.trim().replace(/^@/, '').toLowerCase();
  if (network === 'instagram') return u.byUsername.get(key) ?? deriveAccount('instagram', key);
  return u.byId.get(key) ?? u.byUsername.get(key) ?? null;
}

export function isSimilar(a: DiscoveryAccount, target: DiscoveryAccount): boolean {
  const t = target.profile.followers;
  return (
    a.username !== target.username &&
    a.profile.category === target.profile.category &&
    a.profile.followers >= t / 4 &&
    a.profile.followers <= t * 4
  );
}

/**
 * One predicate per filter present in the query, cheap comparisons first so that costly ones
 * (text search, audience attributes) run on fewer accounts.
 */
export function compileFilters(q: SearchQuery, u: Universe): Predicate[] {
  const cheap: Predicate[] = [];
  const costly: Predicate[] = [];
  const add = (predicate: Predicate) => cheap.push(predicate);
  const addCostly = (predicate: Predicate) => costly.push(predicate);

  if (q.search?.length) add(textFilter(u, 'anywhere', lower(q.search), false));
  if (q.search_content?.length) add(textFilter(u, 'content', lower(q.search_content), false));
  if (q.search_description?.length) add(textFilter(u, 'description', lower(q.search_description), false));
  if (q.niche_search) add(textFilter(u, 'niche', q.niche_search.toLowerCase().split(/\s+/).filter(Boolean), true));
  if (q.category?.include?.length) {
    const s = new Set(q.category.include);
    add((a) => s.has(a.profile.category));
  }
  if (q.category?.exclude?.length) {
    const s = new Set(q.category.exclude);
    add((a) => !s.has(a.profile.category));
  }
  if (q.thematics?.include?.length) {
    const s = new Set(q.thematics.include);
    add((a) => a.thematics.some((t) => s.has(t)));
  }
  if (q.thematics?.exclude?.length) {
    const s = new Set(q.thematics.exclude);
    add((a) => !a.thematics.some((t) => s.has(t)));
  }
  if (q.has_content_type?.length) {
    const types = q.has_content_type;
    add((a) => types.every((t) => a.contentTypes.includes(t)));
  }
  if (q.account_geo?.country?.length) {
    const s = new Set(q.account_geo.country);
    add((a) => s.has(a.profile.country));
  }
  if (q.account_geo?.city?.length) {
    const s = new Set(q.account_geo.city);
    add((a) => a.city !== null && s.has(a.city));
  }
  if (q.account_gender) {
    const g = q.account_gender;
    add((a) => a.profile.gender === g);
  }
  if (q.account_age) {
    const r = q.account_age;
    add((a) => a.profile.accountType === 'human' && inRange(a.profile.age, r));
  }
  if (q.account_languages?.length) {
    const s = new Set(q.account_languages);
    add((a) => s.has(a.profile.language));
  }
  if (q.account_type) {
    const t = q.account_type;
    add((a) => a.profile.accountType === t);
  }
  if (q.account_has_contacts !== undefined) {
    const v = q.account_has_contacts;
    add((a) => a.profile.hasContacts === v);
  }
  if (q.account_has_launched_advertising !== undefined) {
    const v = q.account_has_launched_advertising;
    add((a) => a.profile.hasLaunchedAdvertising === v);
  }
  if (q.account_mentions?.include?.length) {
    const s = new Set(q.account_mentions.include);
    add((a) => a.mentions.some((m) => s.has(m)));
  }
  if (q.account_mentions?.exclude?.length) {
    const s = new Set(q.account_mentions.exclude);
    add((a) => !a.mentions.some((m) => s.has(m)));
  }
  for (const { id, prc } of q.audience_geo?.countries ?? []) {
    addCostly((a) => (a.audience.countries.find((c) => c.code === id)?.prc ?? 0) >= prc);
  }
  for (const { id, prc } of q.audience_geo?.cities ?? []) {
    addCostly((a) => (a.audience.cities.find((c) => c.id === id)?.prc ?? 0) >= prc);
  }
  if (q.audience_age) {
    const { groups, prc } = q.audience_age;
    const unique = [...new Set(groups)];
    addCostly((a) => unique.reduce((s, g) => s + a.audience.ages[g], 0) >= prc);
  }
  if (q.audience_gender) {
    const { gender, prc } = q.audience_gender;
    add((a) => (gender === 'female' ? a.audienceFemale : a.audienceMale) >= prc);
  }
  const ranges: Array<[Range | undefined, (a: DiscoveryAccount) => number]> = [
    [q.subscribers_count, (a) => a.profile.followers],
    [q.er, (a) => a.profile.er],
    [q.aqs, (a) => a.profile.aqs],
    [q.cqs, (a) => a.cqs],
    [q.media_count, (a) => a.profile.mediaCount],
    [q.likes_count, (a) => a.likesCount],
    [q.alikes_avg, (a) => a.profile.avgLikes],
    [q.views_avg, (a) => a.profile.avgViews],
    [q.comments_avg, (a) => a.profile.avgComments],
    [q.shares_avg, (a) => a.profile.avgShares],
    [q.blogger_prices?.post_price, (a) => a.postPrice],
    [q.twitch_active_days_per_week, (a) => a.twitchActiveDaysPerWeek],
    [q.twitch_hours_streamed, (a) => a.twitchHoursStreamed],
    [q.twitch_live_viewers_avg, (a) => a.twitchLiveViewersAvg],
    [q.twitter_likes, (a) => a.twitterLikes],
    [q.twitter_replies, (a) => a.twitterReplies],
    [q.twitter_retweet, (a) => a.twitterRetweets],
    [q.twitter_tweet, (a) => a.twitterTweets],
    [q.last_media_time, (a) => a.lastMediaTime],
    [q.reels_video_views_avg, (a) => a.reelsViewsAvg],
    [q.shorts_video_views_avg, (a) => a.shortsViewsAvg],
  ];
  for (const [r, value] of ranges) {
    if (r && (r.from !== undefined || r.to !== undefined)) add((a) => inRange(value(a), r));
  }
  if (q.growth) {
    const { period } = q.growth;
    const r = q.growth;
    add((a) => inRange(a.growth[period], r));
  }
  if (q.likes_growth_prc) {
    const { period } = q.likes_growth_prc;
    const r = q.likes_growth_prc;
    add((a) => inRange(a.likesGrowth[period], r));
  }
  if (q.reactions_rate?.marks.length) {
    const s = new Set<string>(q.reactions_rate.marks);
    add((a) => s.has(a.reactionsRateMark));
  }
  if (q.comments_rate?.marks.length) {
    const s = new Set<string>(q.comments_rate.marks);
    add((a) => s.has(a.commentsRateMark));
  }
  if (q.similar !== undefined) {
    const target = similarTarget(u.network, q.similar, u);
    add(target ? (a) => isSimilar(a, target) : () => false);
  }
  if (q.verified !== undefined) {
    const v = q.verified === 1;
    add((a) => a.profile.verified === v);
  }
  if (q.income) {
    const { id, prc } = q.income;
    addCostly((a) => a.audience.incomeAtLeast[id] >= prc);
  }
  for (const { race, prc } of q.ethnicity ?? []) addCostly((a) => a.audience.ethnicity[race] >= prc);
  for (const { id, prc } of q.interests ?? []) addCostly((a) => (a.audience.interests[id] ?? 0) >= prc);
  if (q.username_exclude?.length) {
    const s = new Set(q.username_exclude);
    add((a) => !s.has(a.username) && !(a.network === 'youtube' && s.has(a.profile.id.toLowerCase())));
  }
  if (q.twitch_games) {
    const { period, games } = q.twitch_games;
    add((a) => games.every((g) => a.twitchGames[period].includes(g)));
  }
  return [...cheap, ...costly];
}

/** The words of the query the result's `search_content` shows matches for. */
function queryWords(q: SearchQuery): string[] {
  return [...(q.search ?? []), ...(q.search_content ?? []), ...(q.niche_search?.split(/\s+/) ?? [])]
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/** One search result in the shape of api-notes.md "Discovery search response". */
export function resultItem(a: DiscoveryAccount, cdn: CdnLinker, words: readonly string[] = []): unknown {
  const network = a.network;
  const metrics: Record<string, { value: number }> = {
    er: { value: a.profile.er },
    subscribers_count: { value: a.profile.followers },
  };
  if (network === 'instagram') {
    metrics.real_subscribers_count = { value: a.realSubscribers };
    metrics.reels_video_views_avg = { value: a.reelsViewsAvg };
  }
  if (network === 'tiktok') metrics.likes_count = { value: a.likesCount };
  metrics.views_avg = { value: a.profile.avgViews };
  if (network === 'youtube') metrics.shorts_video_views_avg = { value: a.shortsViewsAvg };

  const linked = [
    { network, id: a.profile.id },
    ...a.linkedNetworks.map((n) => ({ network: n, id: deriveId(n, a.username) })),
  ];
  // Real answers (data/realForms.ts) name the network and call the id social_id.
  const real = usesRealForms(network, a.username);
  const features: Record<string, unknown> = {
    social_networks: linked.map((l) =>
      real
        ? { type: l.network, social_id: l.id, title: l.network === network ? a.profile.title : null, username: a.username, subscribers_count: l.network === network ? a.profile.followers : null, er: null, state: 'READY' }
        : { type: networkTypeIds[l.network], id: l.id },
    ),
  };
  if (network === 'instagram' || network === 'tiktok') features.aqs = { data: { mark: a.aqsMark } };
  if (network === 'youtube') features.cqs = { data: { mark: a.cqsMark } };
  features.search_content = words.length ? a.contentKeywords.filter((k) => words.some((w) => k.includes(w))) : [...a.contentKeywords];
  features.blogger_thematics = [...a.thematicNames];

  const basic: Record<string, unknown> = {};
  if (network === 'youtube') basic.id = a.profile.id;
  Object.assign(basic, {
    username: a.username,
    title: a.profile.title,
    avatar_url: cdn.avatar(network, a.username),
    category_name: a.categoryName,
  });
  return { basic, metrics, features };
}

/** The id the same-named account has on another network (profile ids derive from names). */
function deriveId(network: SearchNetwork, username: string): string {
  return accountProfile(network, username).id;
}

export interface SearchPage {
  search_results: unknown[];
  current_page: number;
  total_pages: number;
}

/** Walks `pool` in the query's sort order, keeping the page's slice of the accounts passing `predicates`. */
function paginate(
  u: Universe,
  q: SearchQuery,
  predicates: readonly Predicate[],
  cdn: CdnLinker,
  pool?: readonly number[],
): SearchPage & { matches: number } {
  const order = u.ascending[q.sort.field];
  const accounts = u.accounts;
  const start = (q.page - 1) * PAGE_SIZE;
  const end = start + PAGE_SIZE;
  const inPool = pool ? new Set(pool) : null;
  const hits: DiscoveryAccount[] = [];
  let matches = 0;
  const n = order.length;
  const desc = q.sort.order === 'desc';
  for (let k = 0; k < n; k++) {
    const idx = order[desc ? n - 1 - k : k]!;
    if (inPool && !inPool.has(idx)) continue;
    const a = accounts[idx]!;
    let ok = true;
    for (let f = 0; f < predicates.length; f++) {
      if (!predicates[f]!(a)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (matches >= start && matches < end) hits.push(a);
    matches++;
  }
  const words = queryWords(q);
  return {
    search_results: hits.map((a) => resultItem(a, cdn, words)),
    current_page: q.page,
    total_pages: Math.min(MAX_PAGE, Math.ceil(matches / PAGE_SIZE)),
    matches,
  };
}

/** `auditor.search`: applies every filter of the query. */
export function runSearch(query: SearchQuery, cdn: CdnLinker): SearchPage {
  const u = universe(query.social_network);
  const { search_results, current_page, total_pages } = paginate(u, query, compileFilters(query, u), cdn);
  return { search_results, current_page, total_pages };
}

/** How many accounts the sandbox's fixed sample holds (the first of the network's universe). */
export const SANDBOX_SAMPLE_SIZE = 100;
const sandboxPool = Array.from({ length: SANDBOX_SAMPLE_SIZE }, (_, i) => i);

/**
 * `auditor.searchSandbox`: the body is validated (by the caller) but no filter is applied; the
 * answer is a fixed sample of the network's universe, in the query's sort order and paged
 * like a real search (so paging and sorting can be exercised for free).
 */
export function sandboxSearch(query: SearchQuery, cdn: CdnLinker): SearchPage {
  const u = universe(query.social_network);
  const { search_results, current_page, total_pages } = paginate(u, query, [], cdn, sandboxPool);
  return { search_results, current_page, total_pages };
}
