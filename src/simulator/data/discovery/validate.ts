// Validation of the discovery search body (spec 4.11 and section 8). The server maps a failure
// to HTTP 400 `{"error":{"code":8,"description":...}}`.
//
// Interpretations where the spec leaves room (each is tested):
// - Checks run in this order and the first failure is reported: body is an object →
//   social_network present and valid → no unknown top-level field → every field present is
//   available for the network → field types and ranges → cross-field rules.
// - `null` at any object key counts as absent (clients often send `to: null` for "no bound").
// - Every object is strict: unknown nested keys are errors too.
// - Range objects (`{from, to}`) may give either bound or both; from ≤ to when both are given.
//   Count ranges take any non-negative number; the spec's "ints" (aqs, cqs, growth,
//   likes_growth_prc, account_age, unix times, reels/shorts views) must be integers.
//   aqs/cqs are 0–100 scores; er and growth 0–100 as the table says.
// - `reels_video_views_avg`, `shorts_video_views_avg` and `last_media_time` take `from` only.
// - Empty arrays are accepted and filter nothing.
// - `page` is accepted for every network even though the table lists it for IG/YT/TT only:
//   paging (20 per page, page ≤ 500) is a general rule of 4.11/section 8, and Twitch/Twitter
//   searches could not go past their first 20 results otherwise. `sort` follows the table
//   (IG, YT, TT only); Twitch/Twitter results come in the default order.
// - `sort.field` also accepts the default `engagement_avg` explicitly. `sort.order` defaults
//   to `asc` for username and `desc` for the numeric fields.
// - `growth.period` and `likes_growth_prc.period` are required (no default is documented;
//   only twitch_games has one, 30d).
// - `audience_age`, `audience_gender`, audience_geo items, income, ethnicity and interests
//   items require their prc.
// - `niche_search` conflicts with a non-empty search / search_content / search_description.
// - `account_mentions` is accepted for Instagram and TikTok ("IG (also TikTok requests)").
// - `account_geo.city` and `audience_geo.cities` are Instagram only; Twitch, like YT/TT/Twitter,
//   takes `account_geo.country` only.
// - `very_good` is an aqs mark; `reactions_rate` / `comments_rate` marks exclude it.
// - `similar` may be a number (TikTok ids are numeric) and is then read as its decimal string.
// - Country codes are accepted in either case (stored upper case), language codes likewise
//   (stored lower case). Game ids and city ids are integers; an unknown id matches nothing
//   rather than being an error.
import { z } from 'zod';
import { integer, invalid, oneOf, safeParse, type Validation } from './errors';
import {
  ageKeys,
  contentTypes,
  gamePeriods,
  growthPeriods,
  incomeIds,
  likesGrowthPeriods,
  races,
  rateMarks,
  type SearchNetwork,
  searchNetworks,
} from './taxonomy';
import { sortFields, type SortField } from './universe';

export const MAX_PAGE = 500;
export const PAGE_SIZE = 20;
export const MAX_USERNAME_EXCLUDE = 1000;
export const MAX_TWITCH_GAMES = 3;

const IG = 'instagram';
const YT = 'youtube';
const TT = 'tiktok';
const TC = 'twitch';
const TW = 'twitter';
const all = [IG, YT, TT, TC, TW] as const;

/** The table of 4.11: which networks each top-level field is available for. */
export const fieldNetworks: Record<string, readonly SearchNetwork[]> = {
  social_network: all,
  search: [IG, YT, TT, TC],
  search_content: [IG, YT, TT, TC],
  search_description: [IG, YT, TT, TC],
  niche_search: [IG, TT, YT],
  category: [IG, TT],
  thematics: [YT],
  has_content_type: [YT],
  account_geo: all,
  account_gender: [IG, TT],
  account_age: [IG],
  account_languages: all,
  account_type: [IG],
  account_has_contacts: all,
  account_has_launched_advertising: [IG, YT, TT],
  account_mentions: [IG, TT],
  audience_geo: [IG, YT, TT],
  audience_age: [IG, YT, TT],
  audience_gender: [IG, YT, TT, TC],
  subscribers_count: all,
  er: [IG, TT, TW],
  aqs: [IG, TT],
  cqs: [YT],
  last_media_time: [IG, YT, TT, TW],
  media_count: [YT],
  likes_count: [TT],
  alikes_avg: [YT, TT],
  views_avg: [YT, TT],
  comments_avg: [YT, TT],
  shares_avg: [TT],
  reactions_rate: [YT],
  comments_rate: [IG, YT],
  growth: all,
  likes_growth_prc: [TT],
  similar: [IG, YT, TT],
  verified: [IG, TT, YT, TW],
  blogger_prices: [IG, YT, TT],
  income: [IG],
  ethnicity: [IG],
  interests: [IG],
  username_exclude: all,
  twitch_active_days_per_week: [TC],
  twitch_games: [TC],
  twitch_hours_streamed: [TC],
  twitch_live_viewers_avg: [TC],
  twitter_likes: [TW],
  twitter_replies: [TW],
  twitter_retweet: [TW],
  twitter_tweet: [TW],
  reels_video_views_avg: [IG],
  shorts_video_views_avg: [YT],
  sort: [IG, YT, TT],
  page: all,
};

// ---- building blocks -------------------------------------------------------------------

function bounded(min: number, max: number, int = false) {
  const rule = `must be between ${min} and ${max}`;
  return (int ? integer() : z.number()).min(min, { error: rule }).max(max, { error: rule });
}

function atLeast(min: number, int = false) {
  return (int ? integer() : z.number()).min(min, { error: `must be at least ${min}` });
}

type Bound = z.ZodNumber;

function range(bound: Bound) {
  return z
    .strictObject({ from: bound.optional(), to: bound.optional() })
    .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { error: 'must not be greater than to', path: ['from'] });
}

const count = range(atLeast(0));
const percentRange = range(bounded(0, 100));
const score = range(bounded(0, 100, true));
const fromOnly = z.strictObject({ from: atLeast(0, true) });

const keyword = z.string().trim().min(1, { error: 'must not be empty' });
const keywords = z.array(keyword);
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter ISO 3166 country code' })
  .transform((c) => c.toUpperCase());
const language = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter language code' })
  .transform((c) => c.toLowerCase());
const id = integer().min(1, { error: 'must be a positive integer id' });
const prc = bounded(0, 100);
const prcInt = bounded(0, 100, true);
const username = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .transform((u) => u.replace(/^@/, '').toLowerCase());

const sortSchema = z.strictObject({
  field: z.enum(sortFields).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const searchBodySchema = z.strictObject({
  social_network: z.enum(searchNetworks),
  search: keywords.optional(),
  search_content: keywords.optional(),
  search_description: keywords.optional(),
  niche_search: keyword.optional(),
  category: z.strictObject({ include: z.array(id).optional(), exclude: z.array(id).optional() }).optional(),
  thematics: z.strictObject({ include: z.array(id).optional(), exclude: z.array(id).optional() }).optional(),
  has_content_type: z.array(z.enum(contentTypes)).optional(),
  account_geo: z.strictObject({ country: z.array(country).optional(), city: z.array(id).optional() }).optional(),
  account_gender: z.enum(['male', 'female']).optional(),
  account_age: range(bounded(0, 120, true)).optional(),
  account_languages: z.array(language).optional(),
  account_type: z.enum(['brand', 'human']).optional(),
  account_has_contacts: z.boolean().optional(),
  account_has_launched_advertising: z.boolean().optional(),
  account_mentions: z.strictObject({ include: z.array(username).optional(), exclude: z.array(username).optional() }).optional(),
  audience_geo: z
    .strictObject({
      countries: z.array(z.strictObject({ id: country, prc })).optional(),
      cities: z.array(z.strictObject({ id, prc })).optional(),
    })
    .optional(),
  audience_age: z.strictObject({ groups: z.array(oneOf(ageKeys)).min(1), prc }).optional(),
  audience_gender: z.strictObject({ gender: z.enum(['male', 'female']), prc }).optional(),
  subscribers_count: count.optional(),
  er: percentRange.optional(),
  aqs: score.optional(),
  cqs: score.optional(),
  last_media_time: fromOnly.optional(),
  media_count: count.optional(),
  likes_count: count.optional(),
  alikes_avg: count.optional(),
  views_avg: count.optional(),
  comments_avg: count.optional(),
  shares_avg: count.optional(),
  reactions_rate: z.strictObject({ marks: z.array(z.enum(rateMarks)) }).optional(),
  comments_rate: z.strictObject({ marks: z.array(z.enum(rateMarks)) }).optional(),
  growth: z
    .strictObject({ period: z.enum(growthPeriods), from: bounded(0, 100, true).optional(), to: bounded(0, 100, true).optional() })
    .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { error: 'must not be greater than to', path: ['from'] })
    .optional(),
  likes_growth_prc: z
    .strictObject({ period: z.enum(likesGrowthPeriods), from: bounded(0, 100, true).optional(), to: bounded(0, 100, true).optional() })
    .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { error: 'must not be greater than to', path: ['from'] })
    .optional(),
  // A TikTok account id is numeric; accept it as a number too (form bodies decode it as one).
  similar: z
    .union([z.string().trim().min(1, { error: 'must not be empty' }), z.int().nonnegative()], {
      error: (issue) => (issue.input === undefined ? undefined : 'must be a username or an account id'),
    })
    .transform(String)
    .optional(),
  verified: z.literal([0, 1]).optional(),
  blogger_prices: z.strictObject({ post_price: count.optional() }).optional(),
  income: z.strictObject({ id: z.enum(incomeIds), prc }).optional(),
  ethnicity: z.array(z.strictObject({ race: z.enum(races), prc: prcInt })).optional(),
  interests: z.array(z.strictObject({ id, prc: prcInt })).optional(),
  username_exclude: z.array(username).max(MAX_USERNAME_EXCLUDE, { error: `must hold at most ${MAX_USERNAME_EXCLUDE} usernames` }).optional(),
  twitch_active_days_per_week: range(bounded(0, 7)).optional(),
  twitch_games: z
    .strictObject({
      period: z.enum(gamePeriods).default('30d'),
      games: z.array(id).min(1).max(MAX_TWITCH_GAMES, { error: `must hold at most ${MAX_TWITCH_GAMES} game ids` }),
    })
    .optional(),
  twitch_hours_streamed: count.optional(),
  twitch_live_viewers_avg: count.optional(),
  twitter_likes: count.optional(),
  twitter_replies: count.optional(),
  twitter_retweet: count.optional(),
  twitter_tweet: count.optional(),
  reels_video_views_avg: fromOnly.optional(),
  shorts_video_views_avg: fromOnly.optional(),
  sort: sortSchema.optional(),
  page: integer()
    .min(1, { error: `must be between 1 and ${MAX_PAGE}` })
    .max(MAX_PAGE, { error: `must be between 1 and ${MAX_PAGE}` })
    .default(1),
});

type ParsedBody = z.output<typeof searchBodySchema>;

export interface ResolvedSort {
  field: SortField;
  order: 'asc' | 'desc';
}

/** A validated search body: the fields as sent (normalised), with page and sort resolved. */
export interface SearchQuery extends Omit<ParsedBody, 'sort' | 'page'> {
  page: number;
  sort: ResolvedSort;
}

/** Drops keys whose value is null, at every object level (array items are kept as they are). */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? dropNulls(v) : v));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // defineProperty, not assignment: a "__proto__" key must stay an ordinary (unknown) field.
    if (v !== null && v !== undefined) Object.defineProperty(out, k, { value: dropNulls(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function validateSearch(body: unknown): Validation<SearchQuery> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const input = dropNulls(body) as Record<string, unknown>;

  const network = input.social_network;
  if (network === undefined) return invalid('social_network is required');
  if (typeof network !== 'string' || !(searchNetworks as readonly string[]).includes(network)) {
    return invalid(`social_network must be one of ${searchNetworks.join(', ')}`);
  }
  const net = network as SearchNetwork;

  for (const key of Object.keys(input)) {
    const networks = Object.hasOwn(fieldNetworks, key) ? fieldNetworks[key] : undefined;
    if (!networks) return invalid(`unknown field ${key}`);
    if (!networks.includes(net)) return invalid(`${key} is not available for ${net} (only ${networks.join(', ')})`);
  }

  const parsed = safeParse(searchBodySchema, input);
  if (!parsed.ok) return parsed;
  const q = parsed.value;

  if (q.niche_search !== undefined) {
    for (const other of ['search', 'search_content', 'search_description'] as const) {
      if ((q[other]?.length ?? 0) > 0) return invalid(`niche_search cannot be combined with ${other}`);
    }
  }
  if (net !== 'instagram' && q.account_geo?.city !== undefined) return invalid(`account_geo.city is available for instagram only`);
  if (net !== 'instagram' && q.audience_geo?.cities !== undefined) return invalid(`audience_geo.cities is available for instagram only`);

  const field = q.sort?.field ?? 'engagement_avg';
  const order = q.sort?.order ?? (field === 'username' ? 'asc' : 'desc');
  return { ok: true, value: { ...q, page: q.page, sort: { field, order } } };
}
