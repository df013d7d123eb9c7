// An account's audience (countries, cities, ages, income, ethnicity, interests), derived on first
// use from its network and profile. Apart from account.ts, whose records ask for it only when a
// search looks at it.
import type { AccountProfile } from '../profile';
import { countries, Rng } from '../random';
import { ageKeys, type AgeKey, citiesOf, dominantRace, incomeIds, type IncomeId, interests, type Race, races, type SearchNetwork } from './taxonomy';
import { clamp, sampleExcept, sortedShares } from './draws';

/** Audience attributes: derived on first use (most searches never look at them). */
export interface Audience {
  /** Country shares in percent; the profile's audienceCountry first (largest). Not all 100 %: the rest is "other". */
  countries: Array<{ code: string; prc: number }>;
  /** City shares (GeoNames ids); Instagram only, empty elsewhere. */
  cities: Array<{ id: number; prc: number }>;
  ages: Record<AgeKey, number>;
  /** Share of the audience with an income of at least the level (non-increasing in the level); Instagram only. */
  incomeAtLeast: Record<IncomeId, number>;
  /** Shares by race summing to 100; Instagram only (zeros elsewhere). */
  ethnicity: Record<Race, number>;
  /** Interest shares indexed by interest id (independent percentages); Instagram only (empty elsewhere). */
  interests: Readonly<Record<number, number>>;
}

const countryCodes = countries.map(([c]) => c);

const noEthnicity: Record<Race, number> = { african: 0, arabian: 0, asian: 0, caucasian: 0, hispanic: 0, indian: 0 };
const noIncome: Record<IncomeId, number> = { '5k': 0, '10k': 0, '25k': 0, '50k': 0, '75k': 0, '100k': 0, '150k': 0, '200k': 0 };

export function deriveAudience(network: SearchNetwork, profile: AccountProfile, interest: number): Audience {
  const rng = new Rng(`discovery-audience:${network}:${profile.username}`);
  // Countries: the profile's audience country leads; the smallest share is "other".
  const shares = sortedShares(rng, 6);
  const others = sampleExcept(rng, countryCodes, 4, profile.audienceCountry);
  const countries = [{ code: profile.audienceCountry, prc: shares[0]! }];
  for (let i = 0; i < others.length; i++) countries.push({ code: others[i]!, prc: shares[i + 1]! });

  // Age: younger audiences on TikTok and Twitch, spread around a per-account peak.
  const peak = clamp(Math.round(rng.normal(network === 'tiktok' || network === 'twitch' ? 1.3 : 2, 0.9)), 0, 6);
  const weights = ageKeys.map((_, i) => Math.exp(-Math.abs(i - peak) * rng.float(0.6, 1.4)) * rng.float(0.5, 1.5));
  const sum = weights.reduce((s, w) => s + w, 0);
  const share = (i: number) => (weights[i]! / sum) * 100;
  // One literal in a fixed key order: compact, and the same hidden class for every account.
  const ages: Record<AgeKey, number> = {
    '13_17': share(0),
    '18_24': share(1),
    '25_34': share(2),
    '35_44': share(3),
    '45_54': share(4),
    '55_64': share(5),
    '65': share(6),
  };

  if (network !== 'instagram') return { countries, cities: [], ages, incomeAtLeast: noIncome, ethnicity: noEthnicity, interests: {} };

  const cities: Array<{ id: number; prc: number }> = [];
  for (const { code, prc } of countries) for (const c of citiesOf(code)) cities.push({ id: c.id, prc: prc * rng.float(0.05, 0.45) });

  // Income: share earning at least each level, falling with the level.
  let remaining = clamp(rng.normal(80, 10), 40, 99);
  const incomeAtLeast = {} as Record<IncomeId, number>;
  for (const id of incomeIds) {
    incomeAtLeast[id] = remaining;
    remaining *= rng.float(0.45, 0.9);
  }

  // Ethnicity: the audience country's dominant group leads.
  const lead = dominantRace(profile.audienceCountry);
  const raceShares = sortedShares(rng, races.length);
  const raceOrder = [lead, ...sampleExcept(rng, races, races.length - 1, lead)];
  const ethnicity = { ...noEthnicity };
  for (let i = 0; i < raceOrder.length; i++) ethnicity[raceOrder[i]!] = raceShares[i]!;

  const interestShares = new Float64Array(interests.length + 1); // by id (1-based); typed to stay compact
  for (const { id } of interests) interestShares[id] = rng.float(0, 12) + (id === interest ? rng.float(15, 50) : 0);

  return { countries, cities, ages, incomeAtLeast, ethnicity, interests: interestShares };
}
