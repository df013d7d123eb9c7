// The headline facts of one account, derived only from its network and name. Reports,
// discovery results, lists and creators all start from this, so the same account shows the
// same follower count wherever it appears.
import { countries, hashString, languages, Rng, type Network } from './random';

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

export function accountProfile(network: Network, requestedName: string): AccountProfile {
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
  const id =
    network === 'youtube' ? youtubeChannelId(username) : network === 'twitch' || network === 'snapchat' ? username : numericId(`${network}:${username}`, network === 'tiktok' ? 19 : 10);
  return {
    network,
    username,
    id,
    title: isNasa ? 'NASA' : titleCase(username),
    description: `${titleCase(username)} — ${rng.pick(words)} and ${rng.pick(words)}. ${rng.bool(0.4) ? 'Collabs: see contacts.' : ''}`.trim(),
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
    lastMediaAgeDays: rng.weighted([
      [rng.int(0, 7), 6],
      [rng.int(8, 60), 3],
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
