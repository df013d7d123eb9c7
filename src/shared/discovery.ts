// Discovery search query model (spec 4.11): the filter catalogue, validation and the request
// body. Pure: no Node or DOM imports. Main validates with it before anything is sent and caches
// by the normalised body; the renderer's query builder draws its inputs from the catalogue.
//
// What the validator accepts, the simulator's own validator (src/simulator/data/discovery/
// validate.ts) accepts too — a property test holds them together. It is stricter where the spec
// allows: country and language codes must be real ISO codes, `similar` must look like the id the
// network uses, timestamps are seconds. Rules where the spec leaves room, as the simulator reads
// them: `null` counts as absent; growth periods are required when a bound is given; cities are
// Instagram only; `very_good` is an aqs mark and not a rate mark.
//
// Normalisation (so that two spellings of one query give one body and share cached pages):
// strings trimmed, empty filters dropped, country codes upper case, language codes and usernames
// lower case (no leading @), numeric strings read as numbers, sets (ids, codes, marks, age groups)
// deduplicated and sorted, keys in catalogue order, `twitch_games.period` defaulted to 30d.
// `page` is not part of a query: it is dropped here and added by `discoveryRequestBody`.

export const discoveryNetworks = ['instagram', 'youtube', 'tiktok', 'twitter', 'twitch'] as const;
export type DiscoveryNetwork = (typeof discoveryNetworks)[number];
export const DISCOVERY_PAGE_SIZE = 20;
export const DISCOVERY_MAX_PAGE = 500;
export type DiscoveryTier = 'Basic' | 'Pro';
export type DiscoveryFilterKind =
  | 'keywords'
  | 'text'
  | 'includeExclude'
  | 'range'
  | 'countries'
  | 'languages'
  | 'choice'
  | 'boolean'
  | 'ageRange'
  | 'audienceGeo'
  | 'audienceAge'
  | 'audienceGender'
  | 'marks'
  | 'growth'
  | 'idShares'
  | 'usernames'
  | 'games'
  | 'sort'
  | 'since'
  | 'verified'
  | 'ethnicity'
  | 'income'
  | 'accountGeo';

export type DiscoveryFilterGroup = 'Keywords' | 'Account' | 'Audience' | 'Performance' | 'Twitch' | 'Twitter' | 'Sorting';

export interface DiscoveryChoice {
  value: string;
  label: string;
}

export interface DiscoveryFilter {
  /** The body key as sent, e.g. 'er', 'audience_geo', 'blogger_prices.post_price' (dotted = nested). */
  key: string;
  /** Researcher's words, unique within a network: also the accessible name of the filter's input. */
  label: string;
  /** One sentence from the spec. */
  meaning: string;
  kind: DiscoveryFilterKind;
  networks: DiscoveryNetwork[];
  tier: Partial<Record<DiscoveryNetwork, DiscoveryTier>>;
  group: DiscoveryFilterGroup;
  // ---- kind-specific facts ----
  /** Numbers (range, ageRange, growth, shares): the lowest and highest value allowed. */
  min?: number;
  max?: number;
  /** Numbers must be whole. */
  integer?: boolean;
  /** A range that takes only `from` (a lower bound). */
  fromOnly?: boolean;
  /** Unit shown beside numbers ('%', 'years', 'days' …). */
  unit?: string;
  /** choice / marks / sort / income / ethnicity / audienceGender: the allowed values. */
  choices?: readonly DiscoveryChoice[];
  /** choice: several values may be picked (sent as an array). */
  multiple?: boolean;
  /** growth / games: the allowed periods, and the one used when none is given. */
  periods?: readonly string[];
  defaultPeriod?: string;
  /** List kinds: the most items allowed. */
  maxItems?: number;
  /** includeExclude: what the lists hold. */
  items?: 'ids' | 'usernames';
  /** Parts of the filter available on fewer networks than the filter (account_geo.city …). */
  partNetworks?: Record<string, DiscoveryNetwork[]>;
  /** Shares (prc) must be whole percents. */
  integerShare?: boolean;
  /** What to type, per network where it differs (similar: username or id). */
  hint?: Partial<Record<DiscoveryNetwork, string>>;
}

/** A Twitch game of the catalogue (`auditor.games`), as the games picker shows it. */
export interface DiscoveryGame {
  id: number;
  title: string;
  avatarUrl: string | null;
}

/** The request body without `page`; `social_network` is always present. */
export type DiscoveryBody = { social_network: DiscoveryNetwork } & Record<string, unknown>;
export interface DiscoveryFieldError {
  /** The filter key, or key.sub (e.g. 'audience_geo.countries', 'er.from'). */
  field: string;
  message: string;
}
export type DiscoveryValidation = { ok: true; body: DiscoveryBody } | { ok: false; errors: DiscoveryFieldError[] };

// ---- fixed key sets of 4.11 ---------------------------------------------------------------

export const networkLabels: Record<DiscoveryNetwork, string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  twitch: 'Twitch',
};

/** Audience age groups as the search filters spell them. */
export const ageGroups = ['13_17', '18_24', '25_34', '35_44', '45_54', '55_64', '65'] as const;
export const ageGroupLabels: Record<(typeof ageGroups)[number], string> = {
  '13_17': '13–17',
  '18_24': '18–24',
  '25_34': '25–34',
  '35_44': '35–44',
  '45_54': '45–54',
  '55_64': '55–64',
  '65': '65+',
};
/** Mark keys of reactions_rate / comments_rate; `very_good` exists for aqs only. */
export const rateMarks = ['poor', 'fair', 'average', 'good', 'excellent'] as const;
export const incomeLevels = ['5k', '10k', '25k', '50k', '75k', '100k', '150k', '200k'] as const;
export const races = ['african', 'arabian', 'asian', 'caucasian', 'hispanic', 'indian'] as const;
export const growthPeriods = ['7d', '30d', '90d', '180d', '365d'] as const;
export const likesGrowthPeriods = ['7d', '30d', '90d', '180d'] as const;
export const gamePeriods = ['7d', '30d', '90d', '180d'] as const;
export const sortFields = ['engagement_avg', 'subscribers_count', 'er', 'username'] as const;
export const sortOrders = ['asc', 'desc'] as const;
export const contentTypes = ['video', 'live'] as const;
export const MAX_USERNAME_EXCLUDE = 1000;
export const MAX_TWITCH_GAMES = 3;

/** ISO 3166-1 alpha-2 country codes. */
export const countryCodes: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** ISO 639-1 language codes. */
export const languageCodes: readonly string[] = (
  'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en ' +
  'eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka ' +
  'kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl ' +
  'nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ' +
  'ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

const countrySet = new Set(countryCodes);
const languageSet = new Set(languageCodes);

// ---- the catalogue --------------------------------------------------------------------------

const IG = 'instagram';
const YT = 'youtube';
const TT = 'tiktok';
const TW = 'twitter';
const TC = 'twitch';

function tiers(networks: DiscoveryNetwork[], tier: DiscoveryTier, except: Partial<Record<DiscoveryNetwork, DiscoveryTier>> = {}) {
  const out: Partial<Record<DiscoveryNetwork, DiscoveryTier>> = {};
  for (const n of networks) out[n] = except[n] ?? tier;
  return out;
}

type FilterDraft = Omit<DiscoveryFilter, 'tier'> & { tierAll: DiscoveryTier; tierExcept?: Partial<Record<DiscoveryNetwork, DiscoveryTier>> };

function filter(d: FilterDraft): DiscoveryFilter {
  const { tierAll, tierExcept, ...rest } = d;
  return { ...rest, tier: tiers(d.networks, tierAll, tierExcept) };
}

const choices = (values: readonly string[], labels: Record<string, string> = {}): DiscoveryChoice[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

const count = (key: string, label: string, meaning: string, networks: DiscoveryNetwork[], group: DiscoveryFilterGroup, tierAll: DiscoveryTier = 'Basic', tierExcept?: Partial<Record<DiscoveryNetwork, DiscoveryTier>>) =>
  filter({ key, label, meaning, kind: 'range', networks, group, tierAll, tierExcept, min: 0 });

const markLabels = { poor: 'Poor', fair: 'Fair', average: 'Average', good: 'Good', excellent: 'Excellent' };

export const discoveryFilters: readonly DiscoveryFilter[] = [
  // Keywords
  filter({ key: 'search', label: 'Keywords anywhere', meaning: 'Keywords found anywhere in the account: name, description or content.', kind: 'keywords', networks: [IG, YT, TT, TC], group: 'Keywords', tierAll: 'Basic' }),
  filter({ key: 'search_content', label: 'Keywords in content', meaning: "Keywords found in the account's posts.", kind: 'keywords', networks: [IG, YT, TT, TC], group: 'Keywords', tierAll: 'Basic' }),
  filter({ key: 'search_description', label: 'Keywords in description', meaning: "Keywords found in the account's description.", kind: 'keywords', networks: [IG, YT, TT, TC], group: 'Keywords', tierAll: 'Basic' }),
  filter({ key: 'niche_search', label: 'Niche', meaning: 'A phrase describing the niche; cannot be combined with the keyword filters.', kind: 'text', networks: [IG, TT, YT], group: 'Keywords', tierAll: 'Basic' }),
  filter({ key: 'category', label: 'Categories', meaning: 'Account category ids to include or exclude (the category table is not published).', kind: 'includeExclude', items: 'ids', networks: [IG, TT], group: 'Keywords', tierAll: 'Basic' }),
  filter({ key: 'thematics', label: 'Thematics', meaning: 'Channel thematic ids to include or exclude (the thematic table is not published).', kind: 'includeExclude', items: 'ids', networks: [YT], group: 'Keywords', tierAll: 'Basic' }),
  filter({
    key: 'similar',
    label: 'Similar to',
    meaning: 'Accounts similar to this one: a username on Instagram, a channel id on YouTube, an account id on TikTok.',
    kind: 'text',
    networks: [IG, YT, TT],
    group: 'Keywords',
    tierAll: 'Pro',
    hint: { instagram: 'Instagram username, e.g. nasa', youtube: 'Channel id, UC followed by 22 characters', tiktok: 'TikTok account id (digits)' },
  }),
  // Account
  filter({ key: 'account_geo', label: 'Account location', meaning: "The account's countries (two-letter ISO codes); cities by geographic id on Instagram only.", kind: 'accountGeo', networks: [IG, YT, TT, TC, TW], partNetworks: { city: [IG] }, group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_gender', label: 'Account gender', meaning: "The account owner's gender.", kind: 'choice', choices: choices(['male', 'female'], { male: 'Male', female: 'Female' }), networks: [IG, TT], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_age', label: 'Account owner age', meaning: "The account owner's age in years.", kind: 'ageRange', min: 0, max: 120, integer: true, unit: 'years', networks: [IG], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_languages', label: 'Account languages', meaning: 'Languages the account uses (two-letter ISO 639-1 codes).', kind: 'languages', networks: [IG, YT, TT, TC, TW], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_type', label: 'Account type', meaning: 'A brand or a human.', kind: 'choice', choices: choices(['brand', 'human'], { brand: 'Brand', human: 'Human' }), networks: [IG], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_has_contacts', label: 'Has contacts', meaning: 'Whether the account shows contact details.', kind: 'boolean', networks: [IG, YT, TT, TC, TW], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_has_launched_advertising', label: 'Has advertised', meaning: 'Whether the account has launched advertising.', kind: 'boolean', networks: [IG, YT, TT], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'account_mentions', label: 'Mentions', meaning: 'Usernames the account mentioned (include) or did not mention (exclude) in the last 180 days.', kind: 'includeExclude', items: 'usernames', networks: [IG, TT], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'verified', label: 'Verified', meaning: 'Verified accounts only (1) or non-verified accounts only (0).', kind: 'verified', networks: [IG, TT, YT, TW], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'has_content_type', label: 'Content type', meaning: 'Channels publishing video or live streams; Shorts cannot be told apart and count as video.', kind: 'choice', multiple: true, choices: choices(contentTypes, { video: 'Video', live: 'Live' }), networks: [YT], group: 'Account', tierAll: 'Pro' }),
  filter({ key: 'blogger_prices.post_price', label: 'Post price', meaning: 'Estimated price of one post.', kind: 'range', min: 0, networks: [IG, YT, TT], group: 'Account', tierAll: 'Basic' }),
  filter({ key: 'username_exclude', label: 'Exclude usernames', meaning: `Accounts never to show, at most ${MAX_USERNAME_EXCLUDE} usernames.`, kind: 'usernames', maxItems: MAX_USERNAME_EXCLUDE, networks: [IG, TT, YT, TC, TW], group: 'Account', tierAll: 'Basic' }),
  // Audience
  filter({ key: 'audience_geo', label: 'Audience location', meaning: 'Minimum share (0 to 100 %) of the audience in each country (ISO code), and on Instagram in each city (geographic id).', kind: 'audienceGeo', min: 0, max: 100, unit: '%', partNetworks: { cities: [IG] }, networks: [IG, YT, TT], group: 'Audience', tierAll: 'Basic' }),
  filter({ key: 'audience_age', label: 'Audience age', meaning: 'Minimum share (0 to 100 %) of the audience within the chosen age groups.', kind: 'audienceAge', min: 0, max: 100, unit: '%', choices: choices(ageGroups, ageGroupLabels), networks: [IG, YT, TT], group: 'Audience', tierAll: 'Pro' }),
  filter({ key: 'audience_gender', label: 'Audience gender', meaning: 'Minimum share (0 to 100 %) of the audience of one gender.', kind: 'audienceGender', min: 0, max: 100, unit: '%', choices: choices(['male', 'female'], { male: 'Male', female: 'Female' }), networks: [IG, YT, TT, TC], group: 'Audience', tierAll: 'Pro' }),
  filter({ key: 'income', label: 'Audience income', meaning: 'Minimum share (0 to 100 %) of the audience at an income level.', kind: 'income', min: 0, max: 100, unit: '%', choices: choices(incomeLevels), networks: [IG], group: 'Audience', tierAll: 'Pro' }),
  filter({ key: 'ethnicity', label: 'Audience ethnicity', meaning: 'Minimum share (whole percent, 0 to 100) of the audience of each chosen ethnicity.', kind: 'ethnicity', min: 0, max: 100, unit: '%', integerShare: true, choices: choices(races, Object.fromEntries(races.map((r) => [r, r[0]!.toUpperCase() + r.slice(1)]))), networks: [IG], group: 'Audience', tierAll: 'Pro' }),
  filter({ key: 'interests', label: 'Audience interests', meaning: 'Minimum share (whole percent, 0 to 100) of the audience with each interest, by interest id (the table is not published).', kind: 'idShares', min: 0, max: 100, unit: '%', integerShare: true, networks: [IG], group: 'Audience', tierAll: 'Basic' }),
  // Performance
  count('subscribers_count', 'Followers', 'Followers (subscribers on YouTube and Twitch).', [IG, YT, TT, TC, TW], 'Performance', 'Pro', { instagram: 'Basic' }),
  filter({ key: 'er', label: 'Engagement rate', meaning: 'Average engagement rate, 0 to 100 %.', kind: 'range', min: 0, max: 100, unit: '%', networks: [IG, TT, TW], group: 'Performance', tierAll: 'Basic' }),
  filter({ key: 'aqs', label: 'Audience quality score', meaning: 'Audience quality score (AQS), a whole number from 0 to 100.', kind: 'range', min: 0, max: 100, integer: true, networks: [IG, TT], group: 'Performance', tierAll: 'Pro' }),
  filter({ key: 'cqs', label: 'Channel quality score', meaning: 'Channel quality score (CQS), a whole number from 0 to 100.', kind: 'range', min: 0, max: 100, integer: true, networks: [YT], group: 'Performance', tierAll: 'Pro' }),
  filter({ key: 'last_media_time', label: 'Posted since', meaning: 'The last post was published on or after this moment (a unix timestamp in seconds).', kind: 'since', min: 0, integer: true, networks: [IG, YT, TT, TW], group: 'Performance', tierAll: 'Basic', tierExcept: { instagram: 'Pro' } }),
  count('media_count', 'Videos', 'Number of videos on the channel.', [YT], 'Performance'),
  count('likes_count', 'Total likes', 'Likes the account has received in total.', [TT], 'Performance'),
  count('alikes_avg', 'Average likes', 'Average reactions per post over 90 days (30 days on TikTok).', [YT, TT], 'Performance'),
  count('views_avg', 'Average views', 'Average views per video over 90 days.', [YT, TT], 'Performance'),
  count('comments_avg', 'Average comments', 'Average comments per post over 90 days.', [YT, TT], 'Performance'),
  count('shares_avg', 'Average shares', 'Average shares per video over 30 days.', [TT], 'Performance'),
  filter({ key: 'reels_video_views_avg', label: 'Average Reels views', meaning: 'Average views of Reels, at least this many.', kind: 'range', fromOnly: true, min: 0, integer: true, networks: [IG], group: 'Performance', tierAll: 'Basic' }),
  filter({ key: 'shorts_video_views_avg', label: 'Average Shorts views', meaning: 'Average views of Shorts, at least this many.', kind: 'range', fromOnly: true, min: 0, integer: true, networks: [YT], group: 'Performance', tierAll: 'Basic' }),
  filter({ key: 'reactions_rate', label: 'Reactions rate', meaning: 'Reactions rate marked against similar channels.', kind: 'marks', choices: choices(rateMarks, markLabels), networks: [YT], group: 'Performance', tierAll: 'Basic' }),
  filter({ key: 'comments_rate', label: 'Comments rate', meaning: 'Comments rate marked against similar accounts.', kind: 'marks', choices: choices(rateMarks, markLabels), networks: [IG, YT], group: 'Performance', tierAll: 'Basic', tierExcept: { instagram: 'Pro' } }),
  filter({ key: 'growth', label: 'Follower growth', meaning: 'Follower growth over a period, a whole percent from 0 to 100.', kind: 'growth', min: 0, max: 100, integer: true, unit: '%', periods: growthPeriods, networks: [IG, YT, TT, TC, TW], group: 'Performance', tierAll: 'Pro' }),
  filter({ key: 'likes_growth_prc', label: 'Likes growth', meaning: 'Growth of likes over a period, a whole percent from 0 to 100.', kind: 'growth', min: 0, max: 100, integer: true, unit: '%', periods: likesGrowthPeriods, networks: [TT], group: 'Performance', tierAll: 'Pro' }),
  // Twitch
  filter({ key: 'twitch_games', label: 'Games', meaning: `Channels that streamed all of these games (at most ${MAX_TWITCH_GAMES}) over a period (30 days unless chosen).`, kind: 'games', maxItems: MAX_TWITCH_GAMES, periods: gamePeriods, defaultPeriod: '30d', networks: [TC], group: 'Twitch', tierAll: 'Basic' }),
  filter({ key: 'twitch_active_days_per_week', label: 'Active days per week', meaning: 'Days per week the channel streams, 0 to 7.', kind: 'range', min: 0, max: 7, unit: 'days', networks: [TC], group: 'Twitch', tierAll: 'Basic' }),
  count('twitch_hours_streamed', 'Hours streamed', 'Hours the channel has streamed.', [TC], 'Twitch'),
  count('twitch_live_viewers_avg', 'Average live viewers', 'Average viewers during live streams.', [TC], 'Twitch'),
  // Twitter
  count('twitter_likes', 'Tweet likes', 'Likes on the account’s tweets.', [TW], 'Twitter'),
  count('twitter_replies', 'Tweet replies', 'Replies to the account’s tweets.', [TW], 'Twitter'),
  count('twitter_retweet', 'Retweets', 'Retweets of the account’s tweets.', [TW], 'Twitter'),
  count('twitter_tweet', 'Tweets', 'Tweets the account has posted.', [TW], 'Twitter'),
  // Sorting
  filter({
    key: 'sort',
    label: 'Sort by',
    meaning: 'Order of the results: by engagement unless chosen, or by followers, engagement rate or username, ascending or descending.',
    kind: 'sort',
    choices: choices(sortFields, { engagement_avg: 'Engagement (default)', subscribers_count: 'Followers', er: 'Engagement rate', username: 'Username' }),
    networks: [IG, YT, TT],
    group: 'Sorting',
    tierAll: 'Basic',
  }),
];

const filterByKey = new Map(discoveryFilters.map((f) => [f.key, f]));

export function discoveryFilter(key: string): DiscoveryFilter | undefined {
  return filterByKey.get(key);
}

export function filtersFor(network: DiscoveryNetwork): DiscoveryFilter[] {
  return discoveryFilters.filter((f) => f.networks.includes(network));
}

export function isDiscoveryNetwork(value: unknown): value is DiscoveryNetwork {
  return typeof value === 'string' && (discoveryNetworks as readonly string[]).includes(value);
}

// ---- reading and writing a filter's value (dotted keys are nested) ---------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of a filter in a body; `blogger_prices.post_price` reads `body.blogger_prices.post_price`. */
export function filterValue(body: Record<string, unknown>, key: string): unknown {
  let value: unknown = body;
  for (const part of key.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

/** A copy of the body with the filter set; `undefined` removes it (and an emptied parent). */
export function withFilterValue(body: DiscoveryBody, key: string, value: unknown): DiscoveryBody {
  const [head, ...rest] = key.split('.') as [string, ...string[]];
  const out: Record<string, unknown> = { ...body };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out as DiscoveryBody;
  }
  const parent = isRecord(out[head]) ? { ...(out[head] as Record<string, unknown>) } : {};
  const inner = withFilterValue({ ...parent, social_network: body.social_network }, rest.join('.'), value) as Record<string, unknown>;
  delete inner.social_network;
  if (Object.keys(inner).length === 0) delete out[head];
  else out[head] = inner;
  return out as DiscoveryBody;
}

/** The body for another network: filters the new network lacks are removed and named. */
export function switchNetwork(body: DiscoveryBody, network: DiscoveryNetwork): { body: DiscoveryBody; dropped: DiscoveryFilter[] } {
  let next: DiscoveryBody = { ...body, social_network: network };
  const dropped: DiscoveryFilter[] = [];
  for (const f of discoveryFilters) {
    const value = filterValue(next, f.key);
    if (value === undefined) continue;
    if (!f.networks.includes(network)) {
      dropped.push(f);
      next = withFilterValue(next, f.key, undefined);
      continue;
    }
    // A part only some networks take (cities on Instagram) goes too.
    for (const [part, nets] of Object.entries(f.partNetworks ?? {})) {
      if (!nets.includes(network) && isRecord(value) && value[part] !== undefined) {
        const rest = { ...value };
        delete rest[part];
        next = withFilterValue(next, f.key, rest);
        dropped.push({ ...f, key: `${f.key}.${part}` });
      }
    }
  }
  return { body: next, dropped };
}

/** The first message per field, as a ScoutError's `fields` carries them. */
export function discoveryFieldMessages(errors: readonly DiscoveryFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

// ---- validation -----------------------------------------------------------------------------

interface Ctx {
  network: DiscoveryNetwork;
  errors: DiscoveryFieldError[];
}

/** Marks a filter the validator dropped because it filters nothing. */
const EMPTY = Symbol('empty');
type Out = unknown | typeof EMPTY;

function fail(ctx: Ctx, field: string, message: string): typeof EMPTY {
  ctx.errors.push({ field, message });
  return EMPTY;
}

function networksText(networks: readonly DiscoveryNetwork[]): string {
  const names = networks.map((n) => networkLabels[n]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function listText(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** null/undefined are absent; at object keys they are dropped. */
function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** A plain object without absent keys, or null when `value` is not an object. */
function objectOf(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (present(v)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function onlyKeys(ctx: Ctx, field: string, obj: Record<string, unknown>, allowed: readonly string[], label: string): boolean {
  let fine = true;
  for (const k of Object.keys(obj)) {
    if (!allowed.includes(k)) {
      fail(ctx, field, `Remove “${k}”: ${label} takes only ${listText(allowed)}.`);
      fine = false;
    }
  }
  return fine;
}

type NumberRead = { ok: true; value: number | undefined } | { ok: false };

/** A number, or a string holding one (inputs give strings); '' is absent. */
function readNumber(value: unknown): NumberRead {
  if (!present(value)) return { ok: true, value: undefined };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value: value === 0 ? 0 : value } : { ok: false };
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return { ok: true, value: undefined };
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { ok: false };
    const n = Number(t);
    return Number.isFinite(n) ? { ok: true, value: n === 0 ? 0 : n } : { ok: false };
  }
  return { ok: false };
}

interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  unit?: string;
}

function ruleText(rule: NumberRule): string {
  const what = rule.integer ? 'a whole number' : 'a number';
  const unit = rule.unit === '%' ? ' %' : rule.unit ? ` ${rule.unit}` : '';
  if (rule.min !== undefined && rule.max !== undefined) return `${what} from ${rule.min} to ${rule.max}${unit}`;
  if (rule.min !== undefined) return `${what} of ${rule.min} or more`;
  return what;
}

/** Checks one number; undefined is fine (absent). Returns EMPTY after an error. */
function checkNumber(ctx: Ctx, field: string, raw: unknown, rule: NumberRule): number | undefined | typeof EMPTY {
  const read = readNumber(raw);
  if (!read.ok) return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  const n = read.value;
  if (n === undefined) return undefined;
  if ((rule.integer && !Number.isSafeInteger(n)) || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  }
  return n;
}

function checkShare(ctx: Ctx, field: string, raw: unknown, integer: boolean, what: string): number | typeof EMPTY {
  if (!present(raw) || raw === '') return fail(ctx, field, `Enter the minimum share for ${what}, ${integer ? 'a whole percent ' : ''}from 0 to 100 %.`);
  const n = checkNumber(ctx, field, raw, { min: 0, max: 100, integer, unit: '%' });
  return n === undefined ? EMPTY : n;
}

/** A positive whole id (numeric strings accepted). */
function readId(value: unknown): number | null {
  const read = readNumber(value);
  if (!read.ok || read.value === undefined) return null;
  return Number.isSafeInteger(read.value) && read.value >= 1 ? read.value : null;
}

function arrayOf(ctx: Ctx, field: string, value: unknown, what: string): unknown[] | typeof EMPTY {
  if (!Array.isArray(value)) return fail(ctx, field, `Give ${what} as a list.`);
  return value.filter(present);
}

function idList(ctx: Ctx, field: string, value: unknown, what: string): number[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const ids = new Set<number>();
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const id = readId(item);
    if (id === null) return fail(ctx, field, `“${String(item)}” is not an id: enter whole numbers of 1 or more.`);
    ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

function normaliseUsername(value: string): string {
  return value.trim().replace(/^@+/, '').toLowerCase();
}

function usernameList(ctx: Ctx, field: string, value: unknown, what: string): string[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') return fail(ctx, field, `Enter ${what} as text.`);
    const name = normaliseUsername(String(item));
    if (name === '') continue;
    if (/\s/.test(name)) return fail(ctx, field, `“${name}” has a space: enter one username per item.`);
    names.add(name);
  }
  return [...names].sort();
}

function codeList(ctx: Ctx, field: string, value: unknown, kind: 'country' | 'language'): string[] | typeof EMPTY {
  const what = kind === 'country' ? 'country codes' : 'language codes';
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const codes = new Set<string>();
  for (const item of items) {
    const code = readCode(item, kind);
    if (code === '') continue;
    if (code === null) return fail(ctx, field, codeMessage(item, kind));
    codes.add(code);
  }
  return [...codes].sort();
}

/** A valid code in the API's case, '' for a blank, null when not a code. */
function readCode(item: unknown, kind: 'country' | 'language'): string | null {
  if (typeof item !== 'string') return null;
  const t = item.trim();
  if (t === '') return '';
  const code = kind === 'country' ? t.toUpperCase() : t.toLowerCase();
  return (kind === 'country' ? countrySet : languageSet).has(code) ? code : null;
}

function codeMessage(item: unknown, kind: 'country' | 'language'): string {
  return kind === 'country'
    ? `“${String(item)}” is not a country code: use two-letter ISO 3166 codes such as US or DE.`
    : `“${String(item)}” is not a language code: use two-letter ISO 639-1 codes such as en or es.`;
}

function oneOf<T extends string>(ctx: Ctx, field: string, raw: unknown, values: readonly T[], what: string): T | undefined | typeof EMPTY {
  if (!present(raw)) return undefined;
  if (typeof raw !== 'string') return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (!(values as readonly string[]).includes(v)) return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  return v as T;
}

/** A `{from, to}` range (or `{from}`); EMPTY when both bounds are absent or after an error. */
function range(ctx: Ctx, f: DiscoveryFilter, value: unknown, rule: NumberRule & { fromOnly?: boolean }): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a range with from${rule.fromOnly ? '' : ' and to'}.`);
  const parts = rule.fromOnly ? ['from'] : ['from', 'to'];
  if (!onlyKeys(ctx, f.key, obj, parts, f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, rule);
  const to = rule.fromOnly ? undefined : checkNumber(ctx, `${f.key}.to`, obj.to, rule);
  if (from === EMPTY || to === EMPTY) return EMPTY;
  if (from !== undefined && to !== undefined && from > to) return fail(ctx, f.key, `Make “from” no greater than “to”, or swap them.`);
  if (from === undefined && to === undefined) return EMPTY;
  const out: Record<string, number> = {};
  if (from !== undefined) out.from = from;
  if (to !== undefined) out.to = to;
  return out;
}

function keywords(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const items = arrayOf(ctx, f.key, value, 'keywords');
  if (items === EMPTY) return EMPTY;
  const words: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return fail(ctx, f.key, 'Enter keywords as text, one per item.');
    const w = item.trim().replace(/\s+/g, ' ');
    if (w !== '' && !words.includes(w)) words.push(w);
  }
  return words.length === 0 ? EMPTY : words;
}

function text(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (f.key === 'similar') return similar(ctx, f, value);
  if (typeof value !== 'string') return fail(ctx, f.key, `Enter ${f.label} as text.`);
  const t = value.trim().replace(/\s+/g, ' ');
  return t === '' ? EMPTY : t;
}

function similar(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  // A 19-digit TikTok id does not survive a float: it must come as text.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return fail(ctx, f.key, 'Enter the account id as text: this number is too long to keep exactly.');
  if (typeof value !== 'string' && !(typeof value === 'number' && value >= 0)) return fail(ctx, f.key, 'Enter a username or an account id.');
  const t = String(value).trim();
  if (t === '') return EMPTY;
  if (ctx.network === 'instagram') {
    const name = normaliseUsername(t);
    if (!/^[a-z0-9._]{1,30}$/.test(name)) return fail(ctx, f.key, 'Enter an Instagram username: letters, digits, dots and underscores, e.g. nasa.');
    return name;
  }
  if (ctx.network === 'youtube') {
    if (!/^UC[A-Za-z0-9_-]{22}$/.test(t)) return fail(ctx, f.key, 'Enter the YouTube channel id: UC followed by 22 letters, digits, - or _.');
    return t;
  }
  if (!/^\d{1,25}$/.test(t)) return fail(ctx, f.key, 'Enter the TikTok account id (digits only), not the username.');
  return t;
}

function includeExclude(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as include and exclude lists.`);
  if (!onlyKeys(ctx, f.key, obj, ['include', 'exclude'], f.label)) return EMPTY;
  const what = f.items === 'usernames' ? 'usernames' : 'ids';
  const read = (part: 'include' | 'exclude') =>
    obj[part] === undefined ? [] : f.items === 'usernames' ? usernameList(ctx, `${f.key}.${part}`, obj[part], what) : idList(ctx, `${f.key}.${part}`, obj[part], what);
  const include = read('include');
  const exclude = read('exclude');
  if (include === EMPTY || exclude === EMPTY) return EMPTY;
  const both = (include as (string | number)[]).filter((v) => (exclude as (string | number)[]).includes(v));
  if (both.length > 0) return fail(ctx, `${f.key}.exclude`, `${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} both included and excluded: remove ${both.length === 1 ? 'it' : 'them'} from one list.`);
  const out: Record<string, unknown> = {};
  if (include.length > 0) out.include = include;
  if (exclude.length > 0) out.exclude = exclude;
  return Object.keys(out).length === 0 ? EMPTY : out;
}

function usernames(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const names = usernameList(ctx, f.key, value, 'usernames');
  if (names === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_USERNAME_EXCLUDE;
  if (names.length > max) return fail(ctx, f.key, `Keep at most ${max} usernames (there are ${names.length}).`);
  return names.length === 0 ? EMPTY : names;
}

function choice(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const values = (f.choices ?? []).map((c) => c.value);
  if (f.multiple) {
    const items = arrayOf(ctx, f.key, value, f.label);
    if (items === EMPTY) return EMPTY;
    const picked = new Set<string>();
    for (const item of items) {
      const v = oneOf(ctx, f.key, item, values, f.label.toLowerCase());
      if (v === EMPTY) return EMPTY;
      if (v !== undefined) picked.add(v);
    }
    const out = values.filter((v) => picked.has(v));
    return out.length === 0 ? EMPTY : out;
  }
  const v = oneOf(ctx, f.key, value, values, f.label.toLowerCase());
  return v === undefined ? EMPTY : v;
}

function boolean(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === '') return EMPTY;
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return fail(ctx, f.key, `Choose yes or no for ${f.label}, or leave it out.`);
}

function verified(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (value === 1 || value === true || value === '1') return 1;
  if (value === 0 || value === false || value === '0') return 0;
  if (value === '') return EMPTY;
  return fail(ctx, f.key, 'Choose 1 for verified accounts only or 0 for non-verified only, or leave it out.');
}

function accountGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as country codes${ctx.network === 'instagram' ? ' and city ids' : ''}.`);
  if (!onlyKeys(ctx, f.key, obj, ['country', 'city'], f.label)) return EMPTY;
  const country = obj.country === undefined ? [] : codeList(ctx, `${f.key}.country`, obj.country, 'country');
  let city: number[] | typeof EMPTY = [];
  if (obj.city !== undefined) {
    city = idList(ctx, `${f.key}.city`, obj.city, 'city ids');
    if (city !== EMPTY && city.length > 0 && ctx.network !== 'instagram') city = fail(ctx, `${f.key}.city`, 'Cities are for Instagram only: remove them, or search by country.');
  }
  if (country === EMPTY || city === EMPTY) return EMPTY;
  const out: Record<string, unknown> = {};
  if (country.length > 0) out.country = country;
  if (city.length > 0) out.city = city;
  return Object.keys(out).length === 0 ? EMPTY : out;
}

function languages(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'language');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

function countries(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'country');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

/** Items `{<idKey>, prc}` with unique ids, sorted by id; EMPTY when none. */
function shares<T extends string | number>(
  ctx: Ctx,
  field: string,
  value: unknown,
  opts: { idKey: string; what: string; readId: (raw: unknown) => T | null | ''; badId: (raw: unknown) => string; integer: boolean; order: (a: T, b: T) => number },
): { id: T; prc: number }[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, opts.what);
  if (items === EMPTY) return EMPTY;
  const out: { id: T; prc: number }[] = [];
  let bad = false;
  for (const raw of items) {
    const item = objectOf(raw);
    if (!item) return fail(ctx, field, `Give each of ${opts.what} with its share.`);
    if (!onlyKeys(ctx, field, item, [opts.idKey, 'prc'], opts.what)) return EMPTY;
    const id = opts.readId(item[opts.idKey]);
    if (id === '' && (!present(item.prc) || item.prc === '')) continue; // a row added but not filled in
    if (id === '' || id === null) {
      fail(ctx, field, opts.badId(item[opts.idKey]));
      bad = true;
      continue;
    }
    if (out.some((o) => o.id === id)) {
      fail(ctx, field, `${String(id)} is listed twice: keep one.`);
      bad = true;
      continue;
    }
    const prc = checkShare(ctx, field, item.prc, opts.integer, String(id));
    if (prc === EMPTY) {
      bad = true;
      continue;
    }
    out.push({ id, prc });
  }
  if (bad) return EMPTY;
  return out.sort((a, b) => opts.order(a.id, b.id));
}

const byNumber = (a: number, b: number) => a - b;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function idOrBlank(raw: unknown): number | null | '' {
  if (!present(raw) || (typeof raw === 'string' && raw.trim() === '')) return '';
  return readId(raw);
}

function audienceGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as countries${ctx.network === 'instagram' ? ' and cities' : ''} with shares.`);
  if (!onlyKeys(ctx, f.key, obj, ['countries', 'cities'], f.label)) return EMPTY;
  const countriesOut =
    obj.countries === undefined
      ? []
      : shares(ctx, `${f.key}.countries`, obj.countries, {
          idKey: 'id',
          what: 'countries',
          readId: (raw) => (!present(raw) || (typeof raw === 'string' && raw.trim() === '') ? '' : readCode(raw, 'country')),
          badId: (raw) => codeMessage(raw ?? '', 'country'),
          integer: false,
          order: byString,
        });
  let citiesOut: { id: number; prc: number }[] | typeof EMPTY = [];
  if (obj.cities !== undefined) {
    citiesOut = shares(ctx, `${f.key}.cities`, obj.cities, {
      idKey: 'id',
      what: 'cities',
      readId: idOrBlank,
      badId: (raw) => `“${String(raw ?? '')}” is not a city id: enter the city's geographic id, a whole number.`,
      integer: false,
      order: byNumber,
    });
    if (citiesOut !== EMPTY && citiesOut.length > 0 && ctx.network !== 'instagram') citiesOut = fail(ctx, `${f.key}.cities`, 'Audience cities are for Instagram only: remove them, or use countries.');
  }
  if (countriesOut === EMPTY || citiesOut === EMPTY) return EMPTY;
  const out: Record<string, unknown> = {};
  if (countriesOut.length > 0) out.countries = countriesOut;
  if (citiesOut.length > 0) out.cities = citiesOut;
  return Object.keys(out).length === 0 ? EMPTY : out;
}

/** Report spellings (13-17, 65+) read as the search's (13_17, 65). */
function ageKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace('-', '_').replace(/\+$/, '').replace(/^age/, '');
  return (ageGroups as readonly string[]).includes(t) ? t : null;
}

function audienceAge(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as age groups with a share.`);
  if (!onlyKeys(ctx, f.key, obj, ['groups', 'prc'], f.label)) return EMPTY;
  const items = obj.groups === undefined ? [] : arrayOf(ctx, `${f.key}.groups`, obj.groups, 'age groups');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const key = ageKey(item);
    if (key === null) return fail(ctx, `${f.key}.groups`, `“${String(item)}” is not an age group: choose among ${ageGroups.join(', ')}.`);
    picked.add(key);
  }
  const groups = ageGroups.filter((g) => picked.has(g));
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (groups.length === 0 && !prcGiven) return EMPTY;
  if (groups.length === 0) return fail(ctx, `${f.key}.groups`, 'Pick at least one age group for this share.');
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, 'these age groups');
  if (prc === EMPTY) return EMPTY;
  return { groups, prc };
}

/** `{<part>: choice, prc}` filters: audience_gender (gender), income (id). */
function choiceShare(ctx: Ctx, f: DiscoveryFilter, value: unknown, part: string, what: string): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as ${what} with a share.`);
  if (!onlyKeys(ctx, f.key, obj, [part, 'prc'], f.label)) return EMPTY;
  const values = (f.choices ?? []).map((c) => c.value);
  const picked = oneOf(ctx, `${f.key}.${part}`, obj[part], values, what);
  if (picked === EMPTY) return EMPTY;
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (picked === undefined && !prcGiven) return EMPTY;
  if (picked === undefined) return fail(ctx, `${f.key}.${part}`, `Choose ${what}: ${listText(values)}.`);
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, picked);
  if (prc === EMPTY) return EMPTY;
  return { [part]: picked, prc };
}

function ethnicity(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'race',
    what: 'ethnicities',
    readId: (raw) => (!present(raw) || raw === '' ? '' : typeof raw === 'string' && (races as readonly string[]).includes(raw.trim().toLowerCase()) ? raw.trim().toLowerCase() : null),
    badId: (raw) => `“${String(raw ?? '')}” is not an ethnicity: choose among ${races.join(', ')}.`,
    integer: true,
    order: (a, b) => races.indexOf(a as (typeof races)[number]) - races.indexOf(b as (typeof races)[number]),
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list.map((i) => ({ race: i.id, prc: i.prc }));
}

function idShares(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'id',
    what: 'interests',
    readId: idOrBlank,
    badId: (raw) => `“${String(raw ?? '')}” is not an interest id: enter a whole number of 1 or more.`,
    integer: true,
    order: byNumber,
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list;
}

function marks(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a list of marks.`);
  if (!onlyKeys(ctx, f.key, obj, ['marks'], f.label)) return EMPTY;
  if (obj.marks === undefined) return EMPTY;
  const items = arrayOf(ctx, `${f.key}.marks`, obj.marks, 'marks');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const m = typeof item === 'string' ? item.trim().toLowerCase() : item;
    if (m === 'very_good') return fail(ctx, `${f.key}.marks`, `“very_good” is a mark of audience quality (aqs) only: choose ${listText(rateMarks)}.`);
    if (typeof m !== 'string' || !(rateMarks as readonly string[]).includes(m)) return fail(ctx, `${f.key}.marks`, `“${String(item)}” is not a mark: choose ${listText(rateMarks)}.`);
    picked.add(m);
  }
  const out = rateMarks.filter((m) => picked.has(m));
  return out.length === 0 ? EMPTY : { marks: out };
}

function growth(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a period with from and to.`);
  if (!onlyKeys(ctx, f.key, obj, ['period', 'from', 'to'], f.label)) return EMPTY;
  const periods = f.periods ?? growthPeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const bounds = range(ctx, f, { from: obj.from, to: obj.to }, { min: f.min, max: f.max, integer: f.integer, unit: f.unit });
  if (period === EMPTY || bounds === EMPTY) return EMPTY;
  if (period === undefined) return fail(ctx, `${f.key}.period`, `Choose the period of ${f.label}: ${listText(periods)}.`);
  return { period, ...(bounds as Record<string, number>) };
}

function games(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Pick games from the list.');
  if (!onlyKeys(ctx, f.key, obj, ['period', 'games'], f.label)) return EMPTY;
  const periods = f.periods ?? gamePeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const ids = obj.games === undefined ? [] : idList(ctx, `${f.key}.games`, obj.games, 'game ids');
  if (period === EMPTY || ids === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_TWITCH_GAMES;
  if (ids.length > max) return fail(ctx, `${f.key}.games`, `Pick at most ${max} games (there are ${ids.length}): remove ${ids.length - max}.`);
  if (ids.length === 0) return EMPTY;
  return { period: period ?? f.defaultPeriod ?? '30d', games: ids };
}

function since(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a date (from).`);
  if (!onlyKeys(ctx, f.key, obj, ['from'], f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, { min: 0, integer: true });
  if (from === EMPTY || from === undefined) return EMPTY;
  // Milliseconds are a common slip; 10^11 s is the year 5138.
  if (from >= 1e11) return fail(ctx, `${f.key}.from`, 'Enter the time in seconds since 1970, not milliseconds.');
  return { from };
}

function sort(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Choose a field and an order to sort by.');
  if (!onlyKeys(ctx, f.key, obj, ['field', 'order'], f.label)) return EMPTY;
  const field = oneOf(ctx, `${f.key}.field`, obj.field, sortFields, 'a field to sort by');
  const order = oneOf(ctx, `${f.key}.order`, obj.order, sortOrders, 'an order');
  if (field === EMPTY || order === EMPTY) return EMPTY;
  if (field === undefined && order === undefined) return EMPTY;
  const out: Record<string, string> = { field: field ?? 'engagement_avg' };
  if (order !== undefined) out.order = order;
  return out;
}

function validateFilter(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  switch (f.kind) {
    case 'keywords':
      return keywords(ctx, f, value);
    case 'text':
      return text(ctx, f, value);
    case 'includeExclude':
      return includeExclude(ctx, f, value);
    case 'range':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: f.integer, unit: f.unit, fromOnly: f.fromOnly });
    case 'ageRange':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: true, unit: f.unit });
    case 'countries':
      return countries(ctx, f, value);
    case 'languages':
      return languages(ctx, f, value);
    case 'choice':
      return choice(ctx, f, value);
    case 'boolean':
      return boolean(ctx, f, value);
    case 'verified':
      return verified(ctx, f, value);
    case 'accountGeo':
      return accountGeo(ctx, f, value);
    case 'audienceGeo':
      return audienceGeo(ctx, f, value);
    case 'audienceAge':
      return audienceAge(ctx, f, value);
    case 'audienceGender':
      return choiceShare(ctx, f, value, 'gender', 'a gender');
    case 'income':
      return choiceShare(ctx, f, value, 'id', 'an income level');
    case 'ethnicity':
      return ethnicity(ctx, f, value);
    case 'idShares':
      return idShares(ctx, f, value);
    case 'marks':
      return marks(ctx, f, value);
    case 'growth':
      return growth(ctx, f, value);
    case 'games':
      return games(ctx, f, value);
    case 'since':
      return since(ctx, f, value);
    case 'sort':
      return sort(ctx, f, value);
    case 'usernames':
      return usernames(ctx, f, value);
  }
}

/** Top-level body keys that hold filters, and the filters under each (blogger_prices → post_price). */
const filtersByTopKey = new Map<string, DiscoveryFilter[]>();
for (const f of discoveryFilters) {
  const top = f.key.split('.')[0]!;
  filtersByTopKey.set(top, [...(filtersByTopKey.get(top) ?? []), f]);
}

/**
 * Every rule of 4.11: networks per filter, limits, incompatibilities (niche_search vs search*),
 * value ranges, list lengths. Normalises (see the top of this file). All errors are returned,
 * each at its field, in words that say what to do.
 */
export function validateDiscoveryQuery(body: unknown): DiscoveryValidation {
  const input = objectOf(body);
  if (!input) return { ok: false, errors: [{ field: 'social_network', message: 'Choose a social network to search.' }] };
  const rawNetwork = typeof input.social_network === 'string' ? input.social_network.trim().toLowerCase() : input.social_network;
  if (!isDiscoveryNetwork(rawNetwork)) {
    return { ok: false, errors: [{ field: 'social_network', message: `Choose a social network to search: ${networksText([...discoveryNetworks])}.` }] };
  }
  const ctx: Ctx = { network: rawNetwork, errors: [] };
  const values = new Map<string, unknown>();

  for (const [key, value] of Object.entries(input)) {
    if (key === 'social_network' || key === 'page') continue;
    const filters = filtersByTopKey.get(key);
    if (!filters) {
      fail(ctx, key, `“${key}” is not a discovery filter: remove it.`);
      continue;
    }
    const available = filters.filter((f) => f.networks.includes(ctx.network));
    if (available.length === 0) {
      const f = filters[0]!;
      fail(ctx, f.key, `${f.label} is not available for ${networkLabels[ctx.network]}: remove it, or search ${networksText(f.networks)}.`);
      continue;
    }
    if (filters.length === 1 && filters[0]!.key === key) {
      values.set(key, value);
      continue;
    }
    // A parent of dotted filters (blogger_prices): only its known children.
    const obj = objectOf(value);
    if (!obj) {
      fail(ctx, key, `Give ${key} as an object of ${filters.map((f) => f.key.slice(key.length + 1)).join(', ')}.`);
      continue;
    }
    for (const [sub, subValue] of Object.entries(obj)) {
      const f = filters.find((c) => c.key === `${key}.${sub}`);
      if (!f) fail(ctx, `${key}.${sub}`, `“${key}.${sub}” is not a discovery filter: remove it.`);
      else values.set(f.key, subValue);
    }
  }

  let out: DiscoveryBody = { social_network: ctx.network };
  for (const f of discoveryFilters) {
    if (!values.has(f.key)) continue;
    const value = values.get(f.key);
    if (!present(value)) continue;
    const normalised = validateFilter(ctx, f, value);
    if (normalised !== EMPTY) out = withFilterValue(out, f.key, normalised);
  }

  if (out.niche_search !== undefined) {
    const clashes = (['search', 'search_content', 'search_description'] as const).filter((k) => out[k] !== undefined);
    if (clashes.length > 0) {
      const names = clashes.map((k) => discoveryFilter(k)!.label);
      fail(ctx, 'niche_search', `Niche cannot be combined with ${listText(names)}: clear one or the other.`);
    }
  }

  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  return { ok: true, body: out };
}

/** Page range rule: 1 ≤ from ≤ to ≤ 500; message at field 'page'. */
export function validatePageRange(from: number, to: number): DiscoveryFieldError | null {
  if (!Number.isInteger(from) || !Number.isInteger(to)) return { field: 'page', message: 'Enter whole page numbers.' };
  if (from < 1 || to < 1) return { field: 'page', message: 'Pages start at 1.' };
  if (from > DISCOVERY_MAX_PAGE || to > DISCOVERY_MAX_PAGE) {
    return { field: 'page', message: `Choose pages up to ${DISCOVERY_MAX_PAGE}: the API returns at most ${DISCOVERY_MAX_PAGE * DISCOVERY_PAGE_SIZE} results.` };
  }
  if (from > to) return { field: 'page', message: 'Make the first page no later than the last, or swap them.' };
  return null;
}

/** The exact JSON sent for one page (body + page), for the request preview and for main. */
export function discoveryRequestBody(body: DiscoveryBody, page: number): Record<string, unknown> {
  return { ...body, page };
}
