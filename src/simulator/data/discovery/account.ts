// One account of the discovery universe (universe.ts): its record, and deriveAccount, which derives
// it from the network and the name alone (seeded Rng), so it is the same wherever it appears. Apart
// from the universe, which builds and sorts UNIVERSE_SIZE of them per network.
import { accountProfile, type AccountProfile, universeName } from '../profile';
import { markFor, Rng } from '../random';
import { games } from './games';
import { type AqsMark, citiesOf, commonKeywords, type ContentType, type GamePeriod, type GrowthPeriod, type LikesGrowthPeriod, type RateMark, type SearchNetwork, topic, topics } from './taxonomy';
import { deriveAudience, type Audience } from './audience';
import { clamp, sampleExcept } from './draws';

/**
 * The simulator's fixed "now" for discovery (2026-07-01T00:00:00Z, unix seconds): an account's
 * last post is `REFERENCE_NOW - lastMediaAgeDays` days, which `last_media_time.from` is compared
 * with; saved-list `created` times are before it. A fixed instant keeps results the same in
 * every run whatever the wall clock says.
 */
export const REFERENCE_NOW = 1_782_864_000;

const DAY = 86_400;

export interface AccountText {
  anywhere: string;
  content: string;
  description: string;
  niche: string;
}

/**
 * One account of the universe. Attributes only some networks filter on are derived only for
 * those networks and are empty/zero elsewhere (noted per field). Each group of attributes has
 * its own seed, so none depends on which others were derived.
 */
export interface DiscoveryAccount {
  network: SearchNetwork;
  /** Position in the universe (universeName(network, index)); -1 for an account outside it. */
  index: number;
  profile: AccountProfile;
  username: string;
  /** Topic name of the category (see taxonomy.ts); YouTube thematics use the same ids, the category first. */
  readonly categoryName: string;
  thematics: number[];
  readonly thematicNames: string[];
  contentKeywords: string[];
  /** Account's own city (GeoNames id); Instagram only, null when unknown. */
  city: number | null;
  readonly audience: Audience;
  audienceFemale: number;
  audienceMale: number;
  aqsMark: AqsMark;
  /** Channel quality score 1–100 and its mark (YouTube; 0/poor elsewhere). */
  cqs: number;
  cqsMark: RateMark;
  commentsRateMark: RateMark;
  reactionsRateMark: RateMark;
  /** Follower growth in percent by period (`growth.period`); 30d is the profile's growth30d. */
  growth: Record<GrowthPeriod, number>;
  /** TikTok likes growth in percent by period (zeros elsewhere). */
  likesGrowth: Record<LikesGrowthPeriod, number>;
  /** Unix seconds of the last post. */
  lastMediaTime: number;
  /** Usernames this account mentioned in the last 180 days (Instagram, TikTok; empty elsewhere). */
  mentions: string[];
  /** YouTube content types (empty elsewhere). */
  contentTypes: ContentType[];
  postPrice: number;
  realSubscribers: number;
  /** Instagram reels / YouTube shorts average views (0 elsewhere). */
  reelsViewsAvg: number;
  shortsViewsAvg: number;
  /** TikTok total likes. */
  likesCount: number;
  /** Average engagements per post (likes + comments + shares): the default sort key. */
  engagementAvg: number;
  /** Twitch games by period, 30-day streaming figures (empty/zero elsewhere). */
  twitchGames: Record<GamePeriod, number[]>;
  twitchHoursStreamed: number;
  twitchLiveViewersAvg: number;
  twitchActiveDaysPerWeek: number;
  /** Twitter averages per tweet, and tweets published (the profile's figures). */
  twitterLikes: number;
  twitterReplies: number;
  twitterRetweets: number;
  twitterTweets: number;
  /** Networks where an account of the same name belongs to the same creator. */
  linkedNetworks: SearchNetwork[];
  /** Lower-cased text the keyword filters look in (built on demand, not stored). */
  readonly text: AccountText;
}

const mentionPools = new Map<SearchNetwork, string[]>();

/** Accounts people mention: the first 150 names of the network's universe (popular brands). */
function mentionPool(network: SearchNetwork): string[] {
  let pool = mentionPools.get(network);
  if (!pool) {
    pool = Array.from({ length: 150 }, (_, i) => universeName(network, i));
    mentionPools.set(network, pool);
  }
  return pool;
}

function aqsMarkFor(aqs: number): AqsMark {
  if (aqs < 25) return 'poor';
  if (aqs < 45) return 'fair';
  if (aqs < 60) return 'average';
  if (aqs < 75) return 'good';
  if (aqs < 88) return 'very_good';
  return 'excellent';
}

function scoreMark(score: number): RateMark {
  if (score < 25) return 'poor';
  if (score < 45) return 'fair';
  if (score < 65) return 'average';
  if (score < 82) return 'good';
  return 'excellent';
}

const otherNetworks: Record<SearchNetwork, SearchNetwork[]> = {
  instagram: ['youtube', 'tiktok', 'twitter', 'twitch'],
  youtube: ['instagram', 'tiktok', 'twitter', 'twitch'],
  tiktok: ['instagram', 'youtube', 'twitter'],
  twitter: ['instagram', 'youtube', 'tiktok'],
  twitch: ['youtube', 'twitter', 'instagram'],
};

/** Cumulative game weights, for picking by popularity with one draw and a binary search. */
const gameCumulative = (() => {
  let total = 0;
  return games.map((g) => (total += g.weight));
})();
const gameTotal = gameCumulative[gameCumulative.length - 1]!;

function pickGame(rng: Rng): number {
  const r = rng.next() * gameTotal;
  let lo = 0;
  let hi = gameCumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (gameCumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return games[lo]!.id;
}

const noGames: Record<GamePeriod, number[]> = { '7d': [], '30d': [], '90d': [], '180d': [] };
const noLikesGrowth: Record<LikesGrowthPeriod, number> = { '7d': 0, '30d': 0, '90d': 0, '180d': 0 };

/** Derives one account's discovery record. Depends only on network and name (index is informative). */
export function deriveAccount(network: SearchNetwork, name: string, index = -1): DiscoveryAccount {
  const profile = accountProfile(network, name);
  const username = profile.username;
  const rng = new Rng(`discovery:${network}:${username}`);
  const mainTopic = topic(profile.category);

  // Topics: the category first, then up to two related ones.
  const thematics = [mainTopic.id];
  const extra = rng.int(0, 2);
  while (thematics.length < 1 + extra) {
    const t = rng.int(1, topics.length);
    if (!thematics.includes(t)) thematics.push(t);
  }
  const contentKeywords = sampleExcept(rng, mainTopic.keywords, rng.int(2, 4));
  for (let i = 1; i < thematics.length; i++) {
    const k = rng.pick(topic(thematics[i]!).keywords);
    if (!contentKeywords.includes(k)) contentKeywords.push(k);
  }
  if (rng.bool(0.5)) {
    const k = rng.pick(commonKeywords);
    if (!contentKeywords.includes(k)) contentKeywords.push(k);
  }

  // Rates against a benchmark that, like ER, falls with size: comments per post against the
  // usual ~3.5 % of the typical likes, likes per view against the typical ratio.
  const erBenchmark = 30 * Math.pow(profile.followers, -0.2);
  const commentsRateMark = markFor(profile.avgComments, (profile.followers * erBenchmark * 0.035) / 100);
  const reactionsRateMark = markFor(profile.avgLikes / Math.max(1, profile.avgViews), erBenchmark / 100 / 0.3);

  const g30 = profile.growth30d;
  const growth: Record<GrowthPeriod, number> = {
    '7d': g30 * 0.25 + rng.normal(0, 0.4),
    '30d': g30,
    '90d': g30 * 2.6 + rng.normal(0, 2),
    '180d': g30 * 4.8 + rng.normal(0, 4),
    '365d': g30 * 8.5 + rng.normal(0, 8),
  };
  const lastMediaTime = REFERENCE_NOW - profile.lastMediaAgeDays * DAY - rng.int(0, DAY - 1);
  const postPrice = Math.round((profile.followers / 1000) * 8 * rng.logNormal(1, 0.5) * (0.5 + profile.er / 10));
  const linkCount = rng.next();
  const linkedNetworks = sampleExcept(rng, otherNetworks[network], linkCount < 0.5 ? 0 : linkCount < 0.8 ? 1 : 2);

  // Network-specific attributes, each group from its own seed.
  let city: number | null = null;
  const mentions: string[] = [];
  let reelsViewsAvg = 0;
  let shortsViewsAvg = 0;
  let cqs = 0;
  let contentTypes: ContentType[] = [];
  let likesGrowth = noLikesGrowth;
  let likesCount = 0;
  let twitchGames = noGames;
  let twitchHoursStreamed = 0;
  let twitchLiveViewersAvg = 0;
  let twitchActiveDaysPerWeek = 0;
  const own = new Rng(`discovery-${network}:${username}`);
  if (network === 'instagram') {
    const ownCities = citiesOf(profile.country);
    if (ownCities.length > 0 && own.bool(0.75)) city = own.pick(ownCities).id;
    reelsViewsAvg = Math.round(profile.avgViews * own.float(1.2, 3.5));
  }
  if (network === 'instagram' || network === 'tiktok') {
    const pool = mentionPool(network);
    const count = own.int(0, 6);
    for (let i = 0; i < count; i++) {
      const m = pool[Math.floor(Math.pow(own.next(), 2.2) * pool.length)]!;
      if (m !== username && !mentions.includes(m)) mentions.push(m);
    }
  }
  if (network === 'tiktok') {
    likesCount = Math.round(profile.avgLikes * profile.mediaCount * own.float(0.6, 1.3));
    const l30 = own.normal(2, 6);
    likesGrowth = {
      '7d': l30 * 0.25 + own.normal(0, 0.8),
      '30d': l30,
      '90d': l30 * 2.5 + own.normal(0, 3),
      '180d': l30 * 4.5 + own.normal(0, 6),
    };
  }
  if (network === 'youtube') {
    cqs = clamp(Math.round(own.normal(60, 18)), 1, 100);
    shortsViewsAvg = own.bool(0.7) ? Math.round(profile.avgViews * own.float(0.2, 2.5)) : 0;
    // Shorts are not detectable and count as video (spec 4.11).
    contentTypes = own.bool(0.97) ? ['video'] : [];
    if (own.bool(0.25) || contentTypes.length === 0) contentTypes.push('live');
  }
  if (network === 'twitch') {
    // 30-day games, a subset of them for 7d, growing sets for 90d and 180d.
    const games30 = weightedDistinct(own, own.int(1, 4));
    const games7 = games30.slice(0, own.int(1, games30.length));
    const games90 = addDistinct(games30, weightedDistinct(own, own.int(0, 2)));
    const games180 = addDistinct(games90, weightedDistinct(own, own.int(0, 2)));
    twitchGames = { '7d': games7, '30d': games30, '90d': games90, '180d': games180 };
    twitchActiveDaysPerWeek = own.int(1, 7);
    twitchHoursStreamed = twitchActiveDaysPerWeek * 4.3 * own.float(1.5, 8);
    twitchLiveViewersAvg = Math.max(1, Math.round(profile.followers * own.float(0.004, 0.05)));
  }

  const record: AccountFields & { __proto__: typeof accountPrototype } = {
    // The prototype carries the lazy `audience` getter. Records built by one literal share a
    // hidden class with in-object fields, which keeps per-search scans over 20,000 of them fast
    // (a getter inside the literal, or Object.assign onto Object.create(), would not).
    __proto__: accountPrototype,
    network,
    index,
    profile,
    username,
    thematics,
    contentKeywords,
    city,
    audienceFemale: profile.audienceFemale,
    audienceMale: 100 - profile.audienceFemale,
    aqsMark: aqsMarkFor(profile.aqs),
    cqs,
    cqsMark: network === 'youtube' ? scoreMark(cqs) : 'poor',
    commentsRateMark,
    reactionsRateMark,
    growth,
    likesGrowth,
    lastMediaTime,
    mentions,
    contentTypes,
    postPrice,
    realSubscribers: Math.round((profile.followers * profile.realAudience) / 100),
    reelsViewsAvg,
    shortsViewsAvg,
    likesCount,
    engagementAvg: profile.avgLikes + profile.avgComments + profile.avgShares,
    twitchGames,
    twitchHoursStreamed,
    twitchLiveViewersAvg,
    twitchActiveDaysPerWeek,
    twitterLikes: profile.avgLikes,
    twitterReplies: profile.avgComments,
    twitterRetweets: profile.avgShares,
    twitterTweets: profile.mediaCount,
    linkedNetworks,
    audienceInterest: mainTopic.interest,
    audienceCache: undefined,
  };
  return record as unknown as DiscoveryAccount;
}

interface AccountFields extends Omit<DiscoveryAccount, 'audience' | 'text' | 'categoryName' | 'thematicNames'> {
  audienceInterest: number;
  audienceCache: Audience | undefined;
}

// Derived-on-read attributes live on the prototype, so 20,000 records per network stay small.
const accountPrototype = {
  get audience(): Audience {
    const self = this as unknown as AccountFields;
    return (self.audienceCache ??= deriveAudience(self.network, self.profile, self.audienceInterest));
  },
  get categoryName(): string {
    return topic((this as unknown as AccountFields).profile.category).name;
  },
  get thematicNames(): string[] {
    return (this as unknown as AccountFields).thematics.map((t) => topic(t).name);
  },
  get text(): AccountText {
    const self = this as unknown as AccountFields;
    const description = self.profile.description.toLowerCase();
    const content = self.contentKeywords.join(' ');
    const themes = self.thematics
      .map((t) => topic(t).name)
      .join(' ')
      .toLowerCase();
    return {
      anywhere: `${self.username}\n${self.profile.title.toLowerCase()}\n${description}\n${content}\n${themes}`,
      content,
      description,
      niche: `${content}\n${themes}\n${description}`,
    };
  },
};

function addDistinct(base: readonly number[], more: readonly number[]): number[] {
  const out = [...base];
  for (const g of more) if (!out.includes(g)) out.push(g);
  return out;
}

/** Up to `count` distinct games, by popularity. */
function weightedDistinct(rng: Rng, count: number): number[] {
  const out: number[] = [];
  for (let tries = 0; out.length < count && tries < count * 10; tries++) {
    const id = pickGame(rng);
    if (!out.includes(id)) out.push(id);
  }
  return out;
}
