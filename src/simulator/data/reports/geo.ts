// Reference data for the countries of random.ts `countries`: display names, GeoNames ids
// (the "public geographic database" of the spec), regions, main cities with their state ids,
// and the dominant audience ethnicity used to shape race shares.
export type Region = 'north_america' | 'latin_america' | 'europe' | 'asia' | 'middle_east' | 'africa' | 'oceania';
export type Race = 'asian' | 'caucasian' | 'hispanic' | 'indian' | 'african' | 'arabian';

export interface City {
  name: string;
  id: number;
  stateId: number;
}

export interface CountryInfo {
  name: string;
  id: number;
  region: Region;
  race: Race;
  cities: readonly [City, ...City[]];
}

const c = (name: string, id: number, stateId: number): City => ({ name, id, stateId });

const table: Record<string, CountryInfo> = {
  US: { name: 'United States', id: 6252001, region: 'north_america', race: 'caucasian', cities: [c('New York City', 5128581, 5128638), c('Los Angeles', 5368361, 5332921), c('Chicago', 4887398, 4896861), c('Houston', 4699066, 4736286)] },
  BR: { name: 'Brazil', id: 3469034, region: 'latin_america', race: 'hispanic', cities: [c('São Paulo', 3448439, 3448433), c('Rio de Janeiro', 3451190, 3451189)] },
  IN: { name: 'India', id: 1269750, region: 'asia', race: 'indian', cities: [c('Mumbai', 1275339, 1264418), c('Delhi', 1273294, 1273293)] },
  GB: { name: 'United Kingdom', id: 2635167, region: 'europe', race: 'caucasian', cities: [c('London', 2643743, 6269131), c('Manchester', 2643123, 6269131)] },
  ID: { name: 'Indonesia', id: 1643084, region: 'asia', race: 'asian', cities: [c('Jakarta', 1642911, 1642907)] },
  MX: { name: 'Mexico', id: 3996063, region: 'latin_america', race: 'hispanic', cities: [c('Mexico City', 3530597, 3527646)] },
  DE: { name: 'Germany', id: 2921044, region: 'europe', race: 'caucasian', cities: [c('Berlin', 2950159, 2950157)] },
  FR: { name: 'France', id: 3017382, region: 'europe', race: 'caucasian', cities: [c('Paris', 2988507, 3012874)] },
  RU: { name: 'Russia', id: 2017370, region: 'europe', race: 'caucasian', cities: [c('Moscow', 524901, 524894)] },
  TR: { name: 'Turkey', id: 298795, region: 'middle_east', race: 'arabian', cities: [c('Istanbul', 745044, 745042)] },
  IT: { name: 'Italy', id: 3175395, region: 'europe', race: 'caucasian', cities: [c('Rome', 3169070, 3174976)] },
  ES: { name: 'Spain', id: 2510769, region: 'europe', race: 'caucasian', cities: [c('Madrid', 3117735, 3117732)] },
  CA: { name: 'Canada', id: 6251999, region: 'north_america', race: 'caucasian', cities: [c('Toronto', 6167865, 6093943)] },
  PH: { name: 'Philippines', id: 1694008, region: 'asia', race: 'asian', cities: [c('Manila', 1701668, 7521311)] },
  AR: { name: 'Argentina', id: 3865483, region: 'latin_america', race: 'hispanic', cities: [c('Buenos Aires', 3435910, 3433955)] },
  CO: { name: 'Colombia', id: 3686110, region: 'latin_america', race: 'hispanic', cities: [c('Bogotá', 3688689, 3688685)] },
  JP: { name: 'Japan', id: 1861060, region: 'asia', race: 'asian', cities: [c('Tokyo', 1850147, 1850144)] },
  KR: { name: 'South Korea', id: 1835841, region: 'asia', race: 'asian', cities: [c('Seoul', 1835848, 1835847)] },
  AU: { name: 'Australia', id: 2077456, region: 'oceania', race: 'caucasian', cities: [c('Sydney', 2147714, 2155400)] },
  NG: { name: 'Nigeria', id: 2328926, region: 'africa', race: 'african', cities: [c('Lagos', 2332459, 2332453)] },
  PL: { name: 'Poland', id: 798544, region: 'europe', race: 'caucasian', cities: [c('Warsaw', 756135, 858787)] },
  NL: { name: 'Netherlands', id: 2750405, region: 'europe', race: 'caucasian', cities: [c('Amsterdam', 2759794, 2749879)] },
  SE: { name: 'Sweden', id: 2661886, region: 'europe', race: 'caucasian', cities: [c('Stockholm', 2673730, 2673722)] },
  UA: { name: 'Ukraine', id: 690791, region: 'europe', race: 'caucasian', cities: [c('Kyiv', 703448, 703447)] },
  TH: { name: 'Thailand', id: 1605651, region: 'asia', race: 'asian', cities: [c('Bangkok', 1609350, 1609348)] },
  VN: { name: 'Vietnam', id: 1562822, region: 'asia', race: 'asian', cities: [c('Ho Chi Minh City', 1566083, 1580578)] },
  EG: { name: 'Egypt', id: 357994, region: 'middle_east', race: 'arabian', cities: [c('Cairo', 360630, 360631)] },
  SA: { name: 'Saudi Arabia', id: 102358, region: 'middle_east', race: 'arabian', cities: [c('Riyadh', 108410, 108411)] },
  AE: { name: 'United Arab Emirates', id: 290557, region: 'middle_east', race: 'arabian', cities: [c('Dubai', 292223, 292224)] },
  ZA: { name: 'South Africa', id: 953987, region: 'africa', race: 'african', cities: [c('Johannesburg', 993800, 1085594)] },
};

/** Facts for an upper-case ISO alpha-2 code; unknown codes fall back to the United States. */
export function countryInfo(code: string): CountryInfo {
  return table[code.toUpperCase()] ?? table.US!;
}

/** Regions of countries the simulator has no audience data for, which an analysis may still ask about. */
const otherRegions: Record<string, Region> = {
  CH: 'europe', AT: 'europe', BE: 'europe', PT: 'europe', IE: 'europe', DK: 'europe', NO: 'europe', FI: 'europe', CZ: 'europe', GR: 'europe',
  RO: 'europe', HU: 'europe', NZ: 'oceania', SG: 'asia', MY: 'asia', PK: 'asia', BD: 'asia', CN: 'asia', TW: 'asia', HK: 'asia',
  CL: 'latin_america', PE: 'latin_america', VE: 'latin_america', EC: 'latin_america', IL: 'middle_east', QA: 'middle_east', KW: 'middle_east',
  MA: 'africa', KE: 'africa', GH: 'africa', DZ: 'africa', TN: 'africa',
};

/** The region of a country (ISO alpha-2, any case); null when the simulator does not know the code. */
export function regionOf(code: string): Region | null {
  const upper = code.toUpperCase();
  return table[upper]?.region ?? otherRegions[upper] ?? null;
}

export const regions: readonly Region[] = ['north_america', 'latin_america', 'europe', 'asia', 'middle_east', 'africa', 'oceania'];

/** The largest US states, for the `states` breakdowns (Snapchat's audience is US-heavy). */
export const usStates: readonly { title: string; id: number }[] = [
  { title: 'California', id: 5332921 },
  { title: 'Texas', id: 4736286 },
  { title: 'Florida', id: 4155751 },
  { title: 'New York', id: 5128638 },
  { title: 'Illinois', id: 4896861 },
  { title: 'Pennsylvania', id: 6254927 },
  { title: 'Ohio', id: 5165418 },
  { title: 'Georgia', id: 4197000 },
];
