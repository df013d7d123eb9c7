// The headline facts of one account, derived only from its network and name. Reports,
// discovery results, lists and creators all start from this, so the same account shows the
// same follower count wherever it appears.
//
// The figures drift with the simulated day, so that fetching an account again on a later day
// shows a change: followers move at the account's 30-day growth rate from PROFILE_REFERENCE_DAY,
// and the engagement rate and the audience's female and real shares wobble by a small seeded
// amount each day. On the reference day (and when no day is given) the figures are exactly as
// drawn, which is what discovery, lists and creators show. Now and then an account's followers
// drop or spike on one day (followerEvents): its 30-day growth, and after a spike its audience
// quality, follow, so the report agrees with itself on every later day.
import { countries, hashString, languages, Rng, type Network } from './random';

const DAY_MS = 86_400_000;

/**
 * The simulated day (days since the Unix epoch, UTC) on which an account's figures are exactly
 * as drawn: 4 July 2026, the "today" of the report and cache test fixtures, three days after
 * discovery's fixed REFERENCE_NOW.
 */
export const PROFILE_REFERENCE_DAY = Date.UTC(2026, 6, 4) / DAY_MS;

/** The largest relative move, on any day, of the engagement rate and audience shares from their reference-day level (±2 %). */
export const DAILY_WOBBLE = 0.02;

/** The simulated day (whole days since the epoch, UTC) containing `ms`. */
export function simDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * A seeded number in [-1, 1) for one account, one purpose and one day; exactly 0 on the
 * reference day, so the figures there are the drawn ones.
 */
export function dayNoise(seed: string, purpose: string, day: number): number {
  if (day === PROFILE_REFERENCE_DAY) return 0;
  return new Rng(`${seed}:${purpose}:day${day}`).float(-1, 1);
}

/**
 * Followers `days` days after the reference day (negative: before), compounding the 30-day
 * growth rate daily. Never below one.
 */
export function followersAfter(followers: number, growth30dPct: number, days: number): number {
  if (days === 0) return followers;
  const dailyLog = Math.log(1 + Math.max(-90, growth30dPct) / 100) / 30;
  return Math.max(1, Math.round(followers * Math.exp(dailyLog * days)));
}

export interface AccountProfile {
  network: Network;
  /** The name as the API would spell it (lower case). */
  username: string;
  /** Network-specific id: numeric for Instagram/TikTok/Twitter, `UC…` for YouTube. */
  id: string;
  title: string;
  description: string;
  followers: number;
  following: number;
  /** Engagement rate in percent; falls with size. */
  er: number;
  /** Audience quality score, 1–100. */
  aqs: number;
  /** Account's own country (ISO alpha-2, upper case) and language (two letters). */
  country: string;
  language: string;
  gender: 'male' | 'female' | null;
  age: number;
  accountType: 'human' | 'brand';
  verified: boolean;
  hasContacts: boolean;
  hasLaunchedAdvertising: boolean;
  /** Category id (taxonomy not shown in the spec: 1–40 here). */
  category: number;
  /** Posts or videos published. */
  mediaCount: number;
  avgViews: number;
  avgLikes: number;
  avgComments: number;
  avgShares: number;
  /** Growth of followers over 30 days, percent. */
  growth30d: number;
  /** Unix seconds of the last post, relative to `epoch`. */
  lastMediaAgeDays: number;
  /** Share of audience that is real people (percent). */
  realAudience: number;
  /** Audience's main country and female share, for audience filters. */
  audienceCountry: string;
  audienceFemale: number;
}

const medianFollowers: Record<Network, number> = {
  instagram: 40_000,
  youtube: 60_000,
  tiktok: 80_000,
  twitch: 8_000,
  twitter: 20_000,
  snapchat: 30_000,
};

const syllables = ['ka', 'lo', 'mi', 'ra', 'ne', 'to', 'vi', 'sa', 'du', 'pe', 'zo', 'ri', 'an', 'el', 'ju', 'no', 'ba', 'xi', 'fe', 'go'];
const words = ['daily', 'studio', 'eats', 'travels', 'fit', 'style', 'beauty', 'gaming', 'tech', 'life', 'art', 'music', 'kitchen', 'home', 'moto', 'pets'];

function titleCase(name: string): string {
  return name
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export function youtubeChannelId(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const rng = new Rng(`ytid:${seed}`);
  return 'UC' + Array.from({ length: 22 }, () => alphabet[rng.int(0, 63)]).join('');
}

function numericId(seed: string, digits: number): string {
  const rng = new Rng(`id:${seed}`);
  return String(rng.int(1, 9)) + Array.from({ length: digits - 1 }, () => rng.int(0, 9)).join('');
}

/**
 * The account's profile on the simulated day containing `now` (epoch ms); without `now`, on the
 * reference day. Everything but the drifting figures (followers, engagement rate, the averages
 * that follow from them, the audience's female and real shares) is the same every day.
 */
export function accountProfile(network: Network, requestedName: string, now?: number): AccountProfile {
  const drawn = drawnProfile(network, requestedName);
  const day = now === undefined ? PROFILE_REFERENCE_DAY : simDay(now);
  return day === PROFILE_REFERENCE_DAY ? drawn : onDay(drawn, day);
}

/**
 * A percentage moved by `noise` (−1…1) times DAILY_WOBBLE of itself or of the rest, whichever
 * is smaller: both it and the rest move by at most ±2 % of themselves (a 90 % female audience
 * does not swing its male tenth by a fifth).
 */
function shareOnDay(share: number, noise: number): number {
  return share + DAILY_WOBBLE * noise * Math.min(share, 100 - share);
}

/** Days in which an account has at most one sudden move of its followers. */
export const EVENT_CYCLE_DAYS = 30;

/**
 * A sudden move of an account's followers on one simulated day after the reference day: a drop
 * (followers lost, or purged as fake) or a spike (followers bought: its audience quality falls
 * with it). Any account has one now and then (about one cycle in 25 each); an account whose
 * name contains "drop" or "spike" is built to have one every cycle, for tests and demos.
 */
export interface FollowerEvent {
  day: number;
  kind: 'drop' | 'spike';
  /** Followers after ÷ followers before, on that day. */
  factor: number;
  /** Points the audience quality score loses (a spike of bought followers). */
  qualityLoss: number;
}

function eventOfCycle(seed: string, username: string, cycle: number): FollowerEvent | null {
  const rng = new Rng(`${seed}:follower-event:${cycle}`);
  const day = PROFILE_REFERENCE_DAY + 1 + cycle * EVENT_CYCLE_DAYS + rng.int(0, EVENT_CYCLE_DAYS - 1);
  const roll = rng.float(0, 1);
  const drop = username.includes('drop') || (!username.includes('spike') && roll < 0.04);
  const spike = !drop && (username.includes('spike') || roll > 0.96);
  if (drop) return { day, kind: 'drop', factor: 1 - rng.float(0.08, 0.16), qualityLoss: 0 };
  if (spike) return { day, kind: 'spike', factor: 1 + rng.float(0.12, 0.25), qualityLoss: rng.int(6, 12) };
  return null;
}

/** The account's follower events on days after `fromDay` up to and including `toDay`, oldest first. */
export function followerEvents(network: Network, name: string, fromDay: number, toDay: number): FollowerEvent[] {
  const username = accountIdentity(network, name).toLowerCase();
  const seed = `${network}:${username}`;
  const first = Math.max(PROFILE_REFERENCE_DAY, fromDay);
  if (toDay <= first) return [];
  const events: FollowerEvent[] = [];
  for (let cycle = Math.floor((first - PROFILE_REFERENCE_DAY) / EVENT_CYCLE_DAYS); cycle <= Math.floor((toDay - PROFILE_REFERENCE_DAY - 1) / EVENT_CYCLE_DAYS); cycle++) {
    const event = eventOfCycle(seed, username, cycle);
    if (event && event.day > fromDay && event.day <= toDay) events.push(event);
  }
  return events;
}

/** Followers on `day` before rounding: the trend from the reference day, times every event since. */
function followersOn(p: AccountProfile, day: number): number {
  const trend = p.followers * Math.exp((Math.log(1 + Math.max(-90, p.growth30d) / 100) / 30) * (day - PROFILE_REFERENCE_DAY));
  return followerEvents(p.network, p.username, PROFILE_REFERENCE_DAY, day).reduce((f, e) => f * e.factor, trend);
}

/** A drawn profile moved to another day. */
function onDay(p: AccountProfile, day: number): AccountProfile {
  const seed = `${p.network}:${p.username}`;
  const wobble = (purpose: string) => 1 + DAILY_WOBBLE * dayNoise(seed, purpose, day);
  const events = followerEvents(p.network, p.username, PROFILE_REFERENCE_DAY, day);
  const followers = events.length === 0 ? followersAfter(p.followers, p.growth30d, day - PROFILE_REFERENCE_DAY) : Math.max(1, Math.round(followersOn(p, day)));
  // After an event the 30-day growth is what the followers did over the last 30 days.
  const recent = events.some((e) => e.day > day - 30);
  const growth30d = recent ? Math.round((followersOn(p, day) / followersOn(p, day - 30) - 1) * 10_000) / 100 : p.growth30d;
  const spikes = events.filter((e) => e.kind === 'spike');
  const aqs = Math.max(1, p.aqs - spikes.reduce((sum, e) => sum + e.qualityLoss, 0));
  const er = p.er * wobble('er');
  // Views follow the audience's size; likes, comments and shares its size and engagement.
  const reach = followers / p.followers;
  const engagement = reach * (er / p.er);
  const avgViews = Math.round(p.avgViews * reach);
  const likes = Math.round(p.avgLikes * engagement);
  return {
    ...p,
    followers,
    growth30d,
    aqs,
    er,
    avgViews,
    // As when drawn: on video networks a post is never liked more often than it is seen.
    avgLikes: p.network === 'youtube' || p.network === 'tiktok' ? Math.min(likes, Math.round(avgViews * 0.6)) : likes,
    avgComments: Math.round(p.avgComments * engagement),
    avgShares: Math.round(p.avgShares * engagement),
    // Bought followers are not real people.
    realAudience: Math.max(20, Math.min(95, shareOnDay(p.realAudience, dayNoise(seed, 'real-audience', day)) - spikes.reduce((sum, e) => sum + e.qualityLoss, 0))),
    audienceFemale: Math.max(3, Math.min(97, shareOnDay(p.audienceFemale, dayNoise(seed, 'audience-female', day)))),
  };
}

const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/** How the simulator tells accounts apart: names in any case are one, YouTube channel ids are exact. */
export function accountIdentity(network: Network, name: string): string {
  const trimmed = name.trim();
  return network === 'youtube' && YOUTUBE_CHANNEL_ID.test(trimmed) ? trimmed : trimmed.toLowerCase();
}

/**
 * The title of a channel asked for by its id: a channel's name, like "Kalo Tech", never its id
 * lower-cased into words (channel ids are case-sensitive and mean nothing to a reader).
 */
function channelTitle(channelId: string): string {
  const rng = new Rng(`yt-title:${channelId}`);
  const name = rng.pick(syllables) + rng.pick(syllables) + (rng.bool(0.5) ? rng.pick(syllables) : '');
  return `${titleCase(name)} ${titleCase(rng.pick(words))}`;
}

function drawnProfile(network: Network, requestedName: string): AccountProfile {
  const username = requestedName.trim().toLowerCase();
  const rng = new Rng(`${network}:${username}`);
  const isNasa = username === 'nasa';
  const followers = isNasa ? 96_400_000 : Math.max(120, Math.round(rng.logNormal(medianFollowers[network], 1.7)));
  // Engagement falls with size, with per-account spread.
  const er = Math.min(40, 30 * Math.pow(followers, -0.2) * rng.logNormal(1, 0.35));
  const mediaCount = rng.int(20, 4000);
  const reachFactor = network === 'tiktok' ? rng.float(0.3, 2.5) : network === 'youtube' ? rng.float(0.05, 0.6) : rng.float(0.05, 0.4);
  const avgViews = Math.round(followers * reachFactor);
  // On video networks a post is never liked more often than it is seen.
  const likesFromEr = Math.round((followers * er) / 100);
  const avgLikes = network === 'youtube' || network === 'tiktok' ? Math.min(likesFromEr, Math.round(avgViews * 0.6)) : likesFromEr;
  const avgComments = Math.round(avgLikes * rng.float(0.01, 0.06));
  const accountType = rng.bool(0.12) ? 'brand' : 'human';
  // A YouTube channel asked for by its id answers with that id, letter case and all: channel ids
  // are case-sensitive, so a client that lower-cases one gets another channel.
  const requestedChannelId = network === 'youtube' && YOUTUBE_CHANNEL_ID.test(requestedName.trim()) ? requestedName.trim() : null;
  const id =
    network === 'youtube'
      ? (requestedChannelId ?? youtubeChannelId(username))
      : network === 'twitch' || network === 'snapchat'
        ? username
        : numericId(`${network}:${username}`, network === 'tiktok' ? 19 : 10);
  return {
    network,
    username,
    id,
    title: isNasa ? 'NASA' : requestedChannelId ? channelTitle(requestedChannelId) : titleCase(username),
    description: `${requestedChannelId ? channelTitle(requestedChannelId) : titleCase(username)} — ${rng.pick(words)} and ${rng.pick(words)}. ${rng.bool(0.4) ? 'Collabs: see contacts.' : ''}`.trim(),
    followers,
    following: rng.int(0, 2500),
    er,
    aqs: Math.max(1, Math.min(100, Math.round(rng.normal(62, 18)))),
    country: rng.weighted(countries),
    language: rng.weighted(languages),
    gender: accountType === 'brand' ? null : rng.bool(0.5) ? 'female' : 'male',
    age: rng.int(16, 58),
    accountType,
    verified: isNasa || rng.bool(Math.min(0.9, Math.log10(followers) / 12)),
    hasContacts: rng.bool(0.55),
    hasLaunchedAdvertising: rng.bool(0.3),
    category: rng.int(1, 40),
    mediaCount,
    avgViews,
    avgLikes,
    avgComments,
    avgShares: Math.round(avgLikes * rng.float(0.005, 0.05)),
    growth30d: rng.normal(1.5, 3),
    // Most creators an agency looks at post every week; a few pause; one in twenty has gone quiet
    // (their months without posts are what Scout must show as "no posts", never as 0).
    lastMediaAgeDays: rng.weighted([
      [rng.int(0, 7), 17],
      [rng.int(8, 25), 2],
      [rng.int(61, 400), 1],
    ]),
    realAudience: Math.max(20, Math.min(95, rng.normal(68, 12))),
    audienceCountry: rng.weighted(countries),
    audienceFemale: Math.max(3, Math.min(97, rng.normal(50, 20))),
  };
}

/** The i-th account name of a network's discovery universe: stable, unique per index. */
export function universeName(network: Network, index: number): string {
  const rng = new Rng(hashString(`${network}#${index}`));
  const base = rng.pick(syllables) + rng.pick(syllables) + (rng.bool(0.6) ? rng.pick(syllables) : '');
  const sep = rng.pick(['', '.', '_']);
  return `${base}${sep}${rng.pick(words)}${index}`;
}
