// The discovery filter catalogue (spec 4.11): networks, each filter's body key, label, meaning,
// kind, networks and tier, and the fixed key sets (age groups, marks, periods, ISO codes) the
// filters draw on. The renderer's query builder draws its inputs from it; validate.ts checks a
// body against it.

export const discoveryNetworks = ['instagram', 'youtube', 'tiktok', 'twitter', 'twitch'] as const;
export type DiscoveryNetwork = (typeof discoveryNetworks)[number];
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
