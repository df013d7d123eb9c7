// The demo's brands and the campaign content its creators post for them (issue 40 item 6).
// Each demo brand runs a campaign every calendar month over a fixed window, with a roster of
// creators drawn from the saved lists; from seeds, each creator posts on time, late, never, or
// without disclosing it, and a few creators off the roster post with the campaign's hashtags
// anyway. A campaign post is one record (id, date, caption, final metrics) that the account's
// timeline (reports, media), its brand mentions and the brand's competitor analysis all show;
// its metrics grow from 0 towards their final values as the simulated clock passes its date.
import { listAccounts } from './discovery/lists';
import { accountIdentity, accountProfile, universeName, PROFILE_REFERENCE_DAY } from './profile';
import { hashString, Rng, type Network } from './random';

const DAY_MS = 86_400_000;

export type CampaignNetwork = 'instagram' | 'tiktok' | 'youtube';
export type CampaignOutcome = 'on_time' | 'late' | 'never' | 'undisclosed' | 'uninvited';

export interface DemoBrand {
  /** The brand's name as brand mentions title it. */
  name: string;
  /** Its Instagram username (the competitor analysis's `username`). */
  instagram: string;
  /** Its TikTok channel (the key of TikTok brand mentions). */
  tiktok: string;
  /** Its YouTube channel id (`basic.id` of YouTube brand mentions). */
  youtube: string;
  /** The campaign hashtags (without `#`), the first one in every campaign post. */
  hashtags: readonly string[];
  /** The window: from this day of each month, WINDOW_DAYS days. */
  firstDay: number;
}

/** Days a monthly campaign window lasts (from its first day, inclusive). */
export const WINDOW_DAYS = 21;
/** A post is due by the end of this day of the window (1 = the first day). */
export const DUE_DAY = 10;
/** The disclosure tag a disclosed campaign post carries. */
export const DISCLOSURE_TAG = 'ad';
/** The first month with campaigns: the profiles' reference month (July 2026). */
const FIRST_MONTH = monthOf(PROFILE_REFERENCE_DAY * DAY_MS);

function brand(name: string, slug: string, hashtags: readonly string[], firstDay: number): DemoBrand {
  // A brand's YouTube channel is the channel its name would be: what brand mentions already call it.
  return { name, instagram: slug, tiktok: slug, youtube: accountProfile('youtube', slug).id, hashtags, firstDay };
}

export const DEMO_BRANDS: readonly DemoBrand[] = [
  brand('Glow Lab', 'glowlab', ['glowpartner', 'glowlab'], 1),
  brand('Trail Fuel', 'trailfuel', ['trailfuelcrew', 'fuelthetrail'], 8),
];

/** Roster outcomes per network, one per invited creator, shuffled each month: every case is planted every month. */
const OUTCOMES: Record<CampaignNetwork, readonly CampaignOutcome[]> = {
  instagram: ['on_time', 'on_time', 'on_time', 'late', 'never', 'undisclosed'],
  tiktok: ['on_time', 'late', 'never', 'undisclosed'],
  youtube: ['on_time', 'late', 'never', 'undisclosed'],
};
/** Instagram creators off the roster who post with a brand's hashtags each month. */
const UNINVITED_PER_MONTH = 2;
/** The saved list each network's roster is drawn from: list 1 (Instagram), 3 (TikTok), 2 (YouTube). */
const ROSTER_LIST: Record<CampaignNetwork, number> = { instagram: 1, tiktok: 3, youtube: 2 };
/** Days for a post to reach 63 % of its final metrics (1 − e^(−age/τ)): short-form is quick, YouTube slower. */
const GROWTH_TAU_DAYS: Record<CampaignNetwork, number> = { instagram: 1.2, tiktok: 1.5, youtube: 4 };

export interface RosterCreator {
  network: CampaignNetwork;
  /** The name a report request uses (a YouTube channel id for YouTube). */
  name: string;
}

export interface CampaignWindow {
  brand: DemoBrand;
  /** `YYYY-MM`. */
  month: string;
  /** Epoch ms of the window's first moment and of the moment after its last day. */
  from: number;
  to: number;
  /** Epoch ms of the end of the due day (a post after it is late). */
  due: number;
}

/** A campaign post's numbers once it has stopped growing. */
export interface FinalMetrics {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** Accounts reached (the competitor analysis's post_reach). */
  reach: number;
}

export interface CampaignPost {
  /** Unique key of the post, the root of its seeds. */
  key: string;
  brand: DemoBrand;
  month: string;
  network: CampaignNetwork;
  /** The creator's name as a report request names it. */
  account: string;
  outcome: Exclude<CampaignOutcome, 'never'>;
  id: string;
  /** Instagram's post URL code (`https://www.instagram.com/p/<code>/`); null elsewhere. */
  code: string | null;
  /** Epoch ms, whole seconds. */
  time: number;
  caption: string;
  /** Tagged #ad and flagged paid (commercial, sponsored) by the network. */
  disclosed: boolean;
  final: FinalMetrics;
}

/** What one creator of a roster did in one month's campaign: a post, or none (`never`). */
export interface CampaignEntry {
  window: CampaignWindow;
  creator: RosterCreator;
  outcome: CampaignOutcome;
  post: CampaignPost | null;
}

function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(y, m, 1));
}

export function campaignWindow(b: DemoBrand, month: string): CampaignWindow {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = Date.UTC(y, m - 1, b.firstDay);
  return { brand: b, month, from, to: from + WINDOW_DAYS * DAY_MS, due: from + DUE_DAY * DAY_MS - 1000 };
}

let rosters: Map<string, RosterCreator[]> | null = null;

/**
 * Each brand's invited creators, the same every month: drawn from the saved lists, no creator
 * on two brands' rosters, and on Instagram none who hides likes (so every source shows likes).
 */
export function roster(b: DemoBrand): RosterCreator[] {
  rosters ??= buildRosters();
  return rosters.get(b.instagram)!;
}

function buildRosters(): Map<string, RosterCreator[]> {
  const out = new Map<string, RosterCreator[]>();
  const taken = new Set<string>();
  for (const b of DEMO_BRANDS) {
    const rng = new Rng(`campaign-roster:${b.instagram}`);
    const creators: RosterCreator[] = [];
    for (const network of ['instagram', 'tiktok', 'youtube'] as const) {
      const pool = listAccounts(ROSTER_LIST[network]).filter((a) => a.network === network && !taken.has(a.name) && !(network === 'instagram' && hidesLikesName(a.name)));
      for (const a of rng.sample(pool, OUTCOMES[network].length)) {
        taken.add(a.name);
        creators.push({ network, name: a.name });
      }
    }
    out.set(b.instagram, creators);
  }
  return out;
}

/** instagram.ts's hidesLikes for a name (the same stream: `instagram:<username>:hides-likes`). */
function hidesLikesName(name: string): boolean {
  return new Rng(`instagram:${name.trim().toLowerCase()}:hides-likes`).bool(0.1);
}

/** Instagram accounts off every roster that post with a brand's hashtags in a month. */
function uninvited(b: DemoBrand, month: string): RosterCreator[] {
  const rng = new Rng(`campaign-uninvited:${b.instagram}:${month}`);
  const onRosters = new Set(DEMO_BRANDS.flatMap((x) => roster(x).map((c) => c.name)));
  const out: RosterCreator[] = [];
  while (out.length < UNINVITED_PER_MONTH) {
    const name = universeName('instagram', rng.int(0, 19_999));
    if (!onRosters.has(name) && !hidesLikesName(name) && !out.some((c) => c.name === name)) out.push({ network: 'instagram', name });
  }
  return out;
}

const sentences = [
  'My honest first week with it',
  'Morning routine, upgraded',
  'Three things I did not expect',
  'Packed it for the weekend and here is how it went',
  'You asked, so here is the full review',
  'Before and after, no filter',
];

function token(rng: Rng, alphabet: string, length: number, first = alphabet): string {
  let s = first[rng.int(0, first.length - 1)]!;
  while (s.length < length) s += alphabet[rng.int(0, alphabet.length - 1)]!;
  return s;
}
const DIGITS = '0123456789';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function makePost(w: CampaignWindow, creator: RosterCreator, outcome: Exclude<CampaignOutcome, 'never'>): CampaignPost {
  const b = w.brand;
  const key = `campaign:${b.instagram}:${w.month}:${creator.network}:${accountIdentity(creator.network, creator.name)}`;
  const rng = new Rng(key);
  const offsetDays = outcome === 'late' ? DUE_DAY + rng.float(1, WINDOW_DAYS - DUE_DAY - 2) : outcome === 'uninvited' ? rng.float(0.5, WINDOW_DAYS - 1) : rng.float(0.5, DUE_DAY - 0.5);
  const time = Math.floor((w.from + offsetDays * DAY_MS) / 1000) * 1000;
  const disclosed = outcome === 'undisclosed' ? false : outcome === 'uninvited' ? rng.bool(0.5) : true;
  const handle = creator.network === 'youtube' ? b.name : `@${creator.network === 'instagram' ? b.instagram : b.tiktok}`;
  const tags = [...b.hashtags, ...(disclosed ? [DISCLOSURE_TAG] : [])].map((t) => `#${t}`).join(' ');
  const caption = `${rng.pick(sentences)} with ${handle} ${tags}`;
  const p = accountProfile(creator.network as Network, creator.name);
  // A campaign post does about as well as the creator's average post, with a post's spread.
  const did = rng.logNormal(1, 0.35);
  const views = Math.max(1, Math.round(p.avgViews * did * rng.logNormal(1, 0.15)));
  const likesDrawn = Math.round(p.avgLikes * did * rng.logNormal(1, 0.2));
  const final: FinalMetrics = {
    views,
    likes: creator.network === 'instagram' ? likesDrawn : Math.min(likesDrawn, views),
    comments: Math.round(p.avgComments * did * rng.logNormal(1, 0.3)),
    shares: Math.round(p.avgShares * did * rng.logNormal(1, 0.4)),
    reach: Math.round(p.followers * rng.float(0.1, 0.35)),
  };
  const id = creator.network === 'youtube' ? token(rng, URL_SAFE, 11) : creator.network === 'tiktok' ? token(rng, DIGITS, 19, '7') : token(rng, DIGITS, 19, '123');
  const code = creator.network === 'instagram' ? token(rng, URL_SAFE, 11) : null;
  return { key, brand: b, month: w.month, network: creator.network, account: creator.name, outcome, id, code, time, caption, disclosed, final };
}

const monthCache = new Map<string, CampaignEntry[]>();

/** Every brand's campaign of one month: each roster creator's entry, then the uninvited posts. */
export function campaignMonth(month: string): CampaignEntry[] {
  let entries = monthCache.get(month);
  if (entries) return entries;
  entries = [];
  for (const b of DEMO_BRANDS) {
    const w = campaignWindow(b, month);
    const creators = roster(b);
    for (const network of ['instagram', 'tiktok', 'youtube'] as const) {
      const ofNetwork = creators.filter((c) => c.network === network);
      const outcomes = new Rng(`campaign-outcomes:${b.instagram}:${month}:${network}`).sample(OUTCOMES[network], OUTCOMES[network].length);
      ofNetwork.forEach((creator, i) => {
        const outcome = outcomes[i]!;
        entries!.push({ window: w, creator, outcome, post: outcome === 'never' ? null : makePost(w, creator, outcome) });
      });
    }
    for (const creator of uninvited(b, month)) entries.push({ window: w, creator, outcome: 'uninvited', post: makePost(w, creator, 'uninvited') });
  }
  if (monthCache.size > 240) monthCache.clear();
  monthCache.set(month, entries);
  return entries;
}

/** The campaign months that can have posts by `now`: from the first through now's month. */
export function monthsUntil(now: number): string[] {
  const months: string[] = [];
  const last = monthOf(now);
  if (last < FIRST_MONTH) return months;
  for (let m = FIRST_MONTH; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

let rosterKeys: Set<string> | null = null;
let uninvitedKeys: { last: string; keys: Set<string> } | null = null;

/** Whether an account has campaign content by some month up to `months`' last (a cheap check every report makes). */
function isCampaignAccount(network: Network, identity: string, months: readonly string[]): boolean {
  rosterKeys ??= new Set(DEMO_BRANDS.flatMap((b) => roster(b).map((c) => `${c.network}:${accountIdentity(c.network, c.name)}`)));
  if (rosterKeys.has(`${network}:${identity}`)) return true;
  if (network !== 'instagram' || months.length === 0) return false;
  const last = months[months.length - 1]!;
  if (uninvitedKeys?.last !== last) {
    uninvitedKeys = { last, keys: new Set(months.flatMap((m) => DEMO_BRANDS.flatMap((b) => uninvited(b, m).map((c) => accountIdentity('instagram', c.name))))) };
  }
  return uninvitedKeys.keys.has(identity);
}

/**
 * The campaign posts an account (as a report request names it) had published by `now`, newest
 * first. Empty for almost every account.
 */
export function campaignPostsOf(network: Network, name: string, now: number): CampaignPost[] {
  if (network !== 'instagram' && network !== 'tiktok' && network !== 'youtube') return [];
  const identity = accountIdentity(network, name);
  const months = monthsUntil(now);
  if (!isCampaignAccount(network, identity, months)) return [];
  const out: CampaignPost[] = [];
  for (const m of months) {
    for (const e of campaignMonth(m)) {
      if (e.post && e.post.network === network && accountIdentity(network, e.post.account) === identity && e.post.time <= now) out.push(e.post);
    }
  }
  return out.sort((a, b) => b.time - a.time);
}

/**
 * The Instagram campaign posts about a brand (its Instagram username) published in
 * [from, to) and by `now`, oldest first: what its competitor analysis over that window finds.
 * With hashtags, only the posts that carry one of them.
 */
export function brandCampaignPosts(instagram: string, from: number, to: number, now: number, hashtags: readonly string[]): CampaignPost[] {
  const b = DEMO_BRANDS.find((x) => x.instagram === instagram.trim().toLowerCase());
  if (!b) return [];
  const wanted = hashtags.map((h) => h.replace(/^#/, '').toLowerCase());
  const out: CampaignPost[] = [];
  for (const m of monthsUntil(Math.min(now, to))) {
    for (const e of campaignMonth(m)) {
      const p = e.post;
      if (!p || p.brand !== b || p.network !== 'instagram' || p.time < from || p.time >= to || p.time > now) continue;
      if (wanted.length && !wanted.some((t) => b.hashtags.includes(t) || (t === DISCLOSURE_TAG && p.disclosed))) continue;
      out.push(p);
    }
  }
  return out.sort((a, b2) => a.time - b2.time);
}

/** The brand whose Instagram username this is, if it is a demo brand. */
export function demoBrand(instagram: string): DemoBrand | undefined {
  return DEMO_BRANDS.find((x) => x.instagram === instagram.trim().toLowerCase());
}

/** Share of its final metrics a post has reached `ageMs` after publication: 0 at first, rising to 1. */
export function growth(network: CampaignNetwork, ageMs: number): number {
  return ageMs <= 0 ? 0 : 1 - Math.exp(-ageMs / DAY_MS / GROWTH_TAU_DAYS[network]);
}

/** A campaign post's metrics at `now`: never fewer at a later time, the same wherever it is shown. */
export function metricsAt(p: CampaignPost, now: number): FinalMetrics {
  const g = growth(p.network, now - p.time);
  return {
    views: Math.floor(p.final.views * g),
    likes: Math.floor(p.final.likes * g),
    comments: Math.floor(p.final.comments * g),
    shares: Math.floor(p.final.shares * g),
    reach: Math.floor(p.final.reach * g),
  };
}

/** A stable number for a post's seeds. */
export function campaignSeed(p: CampaignPost): number {
  return hashString(p.key);
}
