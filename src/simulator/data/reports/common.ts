// Small builders shared by every network's report: periods, benchmarks and marks, dates,
// and the commercial estimates (prices, EMV, reach) several networks report alike.
import { accountProfile, type AccountProfile } from '../profile';
import { markFor, networkTypeIds, type Mark, type Network, type Rng } from '../random';
import type { Ctx } from './context';
import { usesRealForms } from '../realForms';
import { topic, topics as taxonomyTopics } from '../discovery/taxonomy';

export const DAY_MS = 86_400_000;

/** Every period key: what Instagram, Twitch and TikTok report, the deprecated `all` beside `365d` until its removal. */
export const PERIODS = ['7d', '30d', '90d', '180d', '365d', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** Window length of each period key. `all` is the deprecated name of `365d` (spec 2.2, 2.4). */
export const periodDays: Record<Period, number> = { '7d': 7, '30d': 30, '90d': 90, '180d': 180, '365d': 365, all: 365 };

/** YouTube metrics (api-notes) and brand-mention cpm (2.7): no 7d window. */
export const LONG_PERIODS = ['30d', '90d', '180d', '365d', 'all'] as const satisfies readonly Period[];

/**
 * A `performance` object: one entry per period key, built from that period's window length.
 * `all` repeats `365d` (a copy, not a second draw) because the API documents it as replaced
 * by 365d, so a client reading either gets the same numbers.
 */
export function performance<P extends Period, T>(periods: readonly P[], build: (days: number, period: P) => T): Record<P, T> {
  const out = {} as Record<P, T>;
  const byKey = out as Record<string, T>;
  for (const period of periods) {
    const yearly = byKey['365d'];
    out[period] = period === 'all' && yearly !== undefined ? structuredClone(yearly) : build(periodDays[period], period);
  }
  return out;
}

/** `value` moved by a random factor around 1: the previous period, a peer benchmark, a per-window spread. */
export function around(rng: Rng, value: number, sd = 0.2): number {
  return value * rng.logNormal(1, sd);
}

/**
 * An account's average over a period: longer windows average more posts, so they stray
 * less from the account's overall mean.
 */
export function periodAverage(rng: Rng, base: number, days: number): number {
  return around(rng, base, 0.2 * Math.sqrt(30 / days));
}

export interface BenchmarkOptions {
  /** Spread of peers around the typical level (log-normal sigma). */
  sd?: number;
  /** The peers' typical level when it is not the value itself (an idle account's peers still post). */
  typical?: number;
  /** Upper bound for bounded quantities such as percentages of an audience. */
  max?: number;
  /** A count: the benchmark is a whole number too (rounded before the mark is given). */
  integer?: boolean;
}

/** A peer benchmark (`similar`) for a value and the mark the API gives the value against it. */
export function benchmark(rng: Rng, value: number, options: BenchmarkOptions = {}): { similar: number; mark: Mark } {
  const typical = options.typical ?? value;
  // A zero level still needs a positive benchmark, or every mark of an idle account is "average".
  const raw = Math.min(options.max ?? Infinity, around(rng, typical > 0 ? typical : 1, options.sd ?? 0.45));
  const similar = options.integer ? Math.max(1, Math.round(raw)) : raw;
  return { similar, mark: markFor(value, similar) };
}

/** The human label that goes with a mark (`mark_title`, `title`, `display_mark`). */
export function markTitle(mark: string): string {
  const text = mark.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type ScoreMark = Mark | 'very_good';

/** Marks for 0–100 scores (AQS, CQS, brand safety): the only marks that use `very_good`. */
export function scoreMark(score: number): ScoreMark {
  if (score >= 81) return 'excellent';
  if (score >= 61) return 'very_good';
  if (score >= 41) return 'good';
  if (score >= 21) return 'average';
  return 'poor';
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** ISO 8601 with an explicit offset, the form the API uses for `time_iso` and friends. */
export function isoTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** `YYYY-MM-DD` (TikTok `create_time`). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of the UTC day containing `ms`: daily charts are stamped at midnight. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A string of `length` characters from `alphabet`. */
export function randomToken(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet.charAt(rng.int(0, alphabet.length - 1));
  return out;
}

export const DIGITS = '0123456789';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A numeric id with no leading zero, as the networks' post and user ids are. */
export function numericToken(rng: Rng, length: number, first = '123456789'): string {
  return randomToken(rng, first, 1) + randomToken(rng, DIGITS, length - 1);
}

/** Contact emails: only accounts whose profile says they publish contacts have any. */
export function contactEmails(ctx: Ctx): string[] {
  if (!ctx.profile.hasContacts) return [];
  const rng = ctx.rng('emails');
  // Requested names can be anything; keep the local part to characters an address allows.
  const local = ctx.profile.username.replace(/[^a-z0-9._-]/g, '') || 'contact';
  const emails = [`${local}@${rng.pick(['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com'])}`];
  if (rng.bool(0.35)) emails.push(`${rng.pick(['collab', 'business', 'partnerships', 'hello'])}@${local.replace(/[._-]/g, '') || 'contact'}.com`);
  return emails;
}

/**
 * The accounts of the same name on other networks that this account links to (about a third
 * of those offered): each is that network's own profile on the same day, so its numbers match its report.
 */
export function linkedProfiles(ctx: Ctx, networks: readonly Network[]): AccountProfile[] {
  const rng = ctx.rng('social-networks');
  return networks.filter(() => rng.bool(0.35)).map((network) => accountProfile(network, ctx.profile.username, ctx.now));
}

/**
 * `social_networks` as spec 2.1 shapes it: `[{type, id}]`; in real answers (data/realForms.ts)
 * `[{type, social_id}]`, a Facebook page (type 8) among them for some.
 */
export function socialNetworks(ctx: Ctx, networks: readonly Network[]): { type: number; id?: string; social_id?: string }[] {
  const linked = linkedProfiles(ctx, networks);
  if (!usesRealForms(ctx.input.network, ctx.profile.username)) return linked.map((other) => ({ type: networkTypeIds[other.network], id: other.id }));
  const out: { type: number; social_id: string }[] = linked.map((other) => ({ type: networkTypeIds[other.network], social_id: other.id }));
  if (linked.length > 0) out.push({ type: FACEBOOK_TYPE_ID, social_id: `fb.${ctx.profile.username}` });
  return out;
}

/** Facebook's network type id in real answers (not among the reference's networks). */
export const FACEBOOK_TYPE_ID = 8;

/**
 * Topic names for categories and thematics; index = category id − 1. Discovery's taxonomy is
 * the one table of them, so a report names an account's category as discovery and the
 * competitor analysis do.
 */
export const topics: readonly string[] = taxonomyTopics.map((t) => t.name);

/** The account's own topic first (from its profile category), then one or two related ones. */
export function accountTopics(ctx: Ctx, purpose: string): string[] {
  const rng = ctx.rng(purpose);
  const own = topic(ctx.profile.category).name;
  const others = rng.sample(topics.filter((t) => t !== own), rng.int(1, 2));
  return [own, ...others];
}

/**
 * Estimated commercial value of a post, shared by Instagram and TikTok: a price from reach
 * and a CPM, EMV a multiple of it, CPE the price per engagement.
 */
export function commercialEstimates(rng: Rng, reach: number, engagements: number) {
  const cpm = rng.float(4, 22);
  const price = (reach / 1000) * cpm;
  const emv = price * rng.float(1.1, 2.4);
  return {
    reach: { value: Math.round(reach), ...benchmark(rng, reach) },
    emv: { value: emv, ...benchmark(rng, emv, { typical: price * 1.6 }) },
    prices: {
      post_price: price,
      post_price_from: price * rng.float(0.7, 0.9),
      post_price_to: price * rng.float(1.1, 1.4),
      stories_price: price * rng.float(0.3, 0.6),
      cpm,
      cpe: engagements > 0 ? price / engagements : null,
    },
  };
}

/** Where an account ranks by followers, worldwide and in its country (Instagram, Twitter). */
export function rankings(rng: Rng, followers: number, country: string) {
  // Rank falls roughly as 1/followers: a million followers is about rank 40,000 worldwide.
  const worldwide = Math.max(1, Math.round(4e10 / followers));
  const delta = () => Math.round(rng.normal(0, Math.max(1, worldwide * 0.02)));
  return {
    worldwide: { rank: worldwide, delta: delta() },
    country: { rank: Math.max(1, Math.round(worldwide * rng.float(0.01, 0.3))), delta: delta(), code: country },
  };
}

/** Words for captions and titles, so media read like media. */
const captionWords = ['day', 'routine', 'tips', 'haul', 'recipe', 'trip', 'review', 'challenge', 'vlog', 'update', 'setup', 'look', 'story', 'guide', 'favourites', 'week'];
const captionOpeners = ['My', 'New', 'Our', 'Best', 'Quick', 'Honest', 'Ultimate', 'First', 'Weekend', 'Morning'];

export function caption(rng: Rng): string {
  return `${rng.pick(captionOpeners)} ${rng.pick(captionWords)} ${rng.pick(captionWords)}`;
}
