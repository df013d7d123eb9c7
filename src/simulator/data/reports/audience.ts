// Audience breakdowns. Every breakdown is a set of percentages summing to 100: the randomness
// comes from Rng.shares, and typical weights (most audiences are 18–34) shape it.
import { countries, languages, type Rng } from '../random';
import { clamp } from './common';
import { countryInfo, regions, usStates, type Race, type Region } from './geo';

export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
const AGE_WEIGHTS = [0.07, 0.3, 0.33, 0.16, 0.08, 0.04, 0.02];

/**
 * Scales non-negative weights to percentages that sum to exactly 100: the floating-point
 * remainder goes on the largest share, as Rng.shares does.
 */
export function toPercent(weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const out = weights.map((w) => (total > 0 ? (w / total) * 100 : 100 / weights.length));
  const largest = out.indexOf(Math.max(...out));
  out[largest] = out[largest]! + (100 - out.reduce((s, v) => s + v, 0));
  return out;
}

/** Random shares (Rng.shares) bent towards typical weights. */
export function weightedShares(rng: Rng, weights: readonly number[], concentration = 2): number[] {
  return toPercent(rng.shares(weights.length, concentration).map((s, i) => s * weights[i]!));
}

/** Share of an age bucket's audience in each gender (and, for Snapchat, unknown). */
function ageCells(rng: Rng, femalePct: number, unknownPct: number): number[][] {
  const ages = weightedShares(rng, AGE_WEIGHTS);
  const cells = ages.map((age) => {
    const female = clamp(femalePct / 100 + rng.normal(0, 0.06), 0.02, 0.98);
    const unknown = unknownPct > 0 ? clamp((unknownPct / 100) * rng.logNormal(1, 0.3), 0, 0.5) : 0;
    return [age * (1 - female) * (1 - unknown), age * female * (1 - unknown), age * unknown];
  });
  // Normalise all cells together so the whole table, not each row, sums to 100.
  const flat = toPercent(cells.flat());
  return cells.map((_, i) => flat.slice(i * 3, i * 3 + 3));
}

export type AgeGender = Record<AgeBucket, { male: number; female: number }>;

/** `13-17` … `65+` → {male, female}; all fourteen cells sum to 100. */
export function ageGender(rng: Rng, femalePct: number): AgeGender {
  const cells = ageCells(rng, femalePct, 0);
  return Object.fromEntries(AGE_BUCKETS.map((b, i) => [b, { male: cells[i]![0]!, female: cells[i]![1]! }])) as AgeGender;
}

export type AgeGenderUnknown = Record<AgeBucket, { male: number; female: number; unknown: number }>;

/** Snapchat's variant with an `unknown` gender share; all 21 cells sum to 100. */
export function ageGenderUnknown(rng: Rng, femalePct: number): AgeGenderUnknown {
  const cells = ageCells(rng, femalePct, rng.float(3, 15));
  return Object.fromEntries(AGE_BUCKETS.map((b, i) => [b, { male: cells[i]![0]!, female: cells[i]![1]!, unknown: cells[i]![2]! }])) as AgeGenderUnknown;
}

/** Share of the audience aged 21 or more: 4 of the 7 years of 18–24, and everyone older. */
export function age21PlusPrc(table: AgeGender): number {
  const total = (b: AgeBucket) => table[b].male + table[b].female;
  return total('18-24') * (4 / 7) + total('25-34') + total('35-44') + total('45-54') + total('55-64') + total('65+');
}

/** `count` distinct keys by weight, `first` leading. */
function distinctPicks(rng: Rng, list: readonly (readonly [string, number])[], first: string, count: number): string[] {
  const picked = [first];
  const rest = list.filter(([key]) => key !== first);
  while (picked.length < count && rest.length) {
    const key = rng.weighted(rest);
    picked.push(key);
    rest.splice(rest.findIndex(([k]) => k === key), 1);
  }
  return picked;
}

export interface Share {
  code: string;
  prc: number;
}

/**
 * Shares sorted largest first, the first key taking the largest. A Zipf-like weighting makes
 * the leader dominate and the tail thin out, as real audience geographies do.
 */
function rankedShares(rng: Rng, keys: readonly string[]): Share[] {
  const values = weightedShares(rng, keys.map((_, i) => 1 / Math.pow(i + 1, 1.3)), 1.5).sort((a, b) => b - a);
  return keys.map((code, i) => ({ code, prc: values[i]! }));
}

/** Audience countries (upper-case ISO alpha-2), led by the audience's main country. */
export function countryShares(rng: Rng, main: string, count: number): Share[] {
  return rankedShares(rng, distinctPicks(rng, countries, main, count));
}

/** Audience languages (two-letter codes), led by the account's language. */
export function languageShares(rng: Rng, main: string, count: number): Share[] {
  return rankedShares(rng, distinctPicks(rng, languages, main, count));
}

/** Region percentages from country shares, so the groups agree with the country list. */
export function regionShares(shares: readonly Share[]): Record<Region, number> {
  const out = Object.fromEntries(regions.map((r) => [r, 0])) as Record<Region, number>;
  for (const s of shares) out[countryInfo(s.code).region] += s.prc;
  return out;
}

/** Top cities of an audience: each city a part of its country's share. */
export function cityShares(rng: Rng, shares: readonly Share[], count: number) {
  return shares
    .flatMap((s) => countryInfo(s.code).cities.map((city) => ({ name: city.name, id: city.id, value: s.prc * rng.float(0.03, 0.3) })))
    .sort((a, b) => b.value - a.value)
    .slice(0, count);
}

/** US states of an audience (empty without US followers): parts of the US share. */
export function stateShares(rng: Rng, shares: readonly Share[], count: number) {
  const us = shares.find((s) => s.code === 'US');
  if (!us) return [];
  const split = rng.shares(count + 1, 0.8).sort((a, b) => b - a);
  return usStates.slice(0, count).map((state, i) => ({ id: state.id, title: state.title, prc: (us.prc * split[i]!) / 100 }));
}

/**
 * Audience split into four kinds whose sum is 100: the real share from the profile, the rest
 * divided among the other three.
 */
export function typeShares<K extends string>(rng: Rng, realPct: number, realKey: K, others: readonly [K, K, K]): Record<K, number> {
  const rest = rng.shares(3, 1.5).map((s) => (s * (100 - realPct)) / 100);
  const values = toPercent([realPct, ...rest]);
  return Object.fromEntries([realKey, ...others].map((k, i) => [k, values[i]!])) as Record<K, number>;
}

export const RACES = ['asian', 'caucasian', 'hispanic', 'indian', 'african', 'arabian'] as const satisfies readonly Race[];

/** Ethnicity shares, the audience country's dominant group the largest. */
export function raceShares(rng: Rng, audienceCountry: string): Record<Race, number> {
  const dominant = countryInfo(audienceCountry).race;
  const values = weightedShares(rng, RACES.map((r) => (r === dominant ? 6 : 0.6)));
  return Object.fromEntries(RACES.map((r, i) => [r, values[i]!])) as Record<Race, number>;
}

/** audience_geo data as an object: `{countries: [{id, code, prc}], groups: {region: share}}` (Twitch; real TikTok answers). */
export function geoData(shares: readonly Share[]) {
  return { countries: shares.map(({ code, prc }) => ({ id: countryInfo(code).id, code, prc })), groups: regionShares(shares) };
}
