// Countries, one spelling everywhere. The API names a country by its ISO 3166 code (upper case in
// Instagram reports, lower case in YouTube ones) and sometimes by a name of its own ("Turkey"
// beside another network's "tr"): every page, chart and file writes the one name this dictionary
// gives the code, so one country never reads two ways in one row. The names are CLDR's English
// (Intl.DisplayNames, in Node and in Chromium alike), pinned below where CLDR renamed a country in
// recent years, so a runtime with older data still writes the same; a name the API sends is read
// back to its code first (CLDR's names, and the former or formal names the API and researchers use).

/** Where CLDR renamed a country recently: the name Scout writes, whatever the runtime's data. */
const PINNED: Readonly<Record<string, string>> = {
  TR: 'Türkiye',
  CZ: 'Czechia',
  MK: 'North Macedonia',
  SZ: 'Eswatini',
  CV: 'Cape Verde',
  CI: 'Côte d’Ivoire',
  MM: 'Myanmar (Burma)',
  HK: 'Hong Kong',
  MO: 'Macao',
  PS: 'Palestine',
};

/** Names that are not CLDR's but mean one country: former, formal (ISO's) and everyday ones. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  turkey: 'TR',
  'turkiye': 'TR',
  'republic of turkey': 'TR',
  'czech republic': 'CZ',
  macedonia: 'MK',
  'republic of north macedonia': 'MK',
  swaziland: 'SZ',
  'cabo verde': 'CV',
  'ivory coast': 'CI',
  "cote d'ivoire": 'CI',
  'côte d\u2019ivoire': 'CI',
  "côte d'ivoire": 'CI',
  burma: 'MM',
  myanmar: 'MM',
  'hong kong sar china': 'HK',
  'hong kong sar': 'HK',
  'macao sar china': 'MO',
  macau: 'MO',
  'palestinian territories': 'PS',
  'state of palestine': 'PS',
  usa: 'US',
  'u.s.': 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  'russian federation': 'RU',
  'korea, republic of': 'KR',
  'republic of korea': 'KR',
  korea: 'KR',
  "korea, democratic people's republic of": 'KP',
  'viet nam': 'VN',
  'iran, islamic republic of': 'IR',
  'syrian arab republic': 'SY',
  "lao people's democratic republic": 'LA',
  'taiwan, province of china': 'TW',
  'bolivia, plurinational state of': 'BO',
  'venezuela, bolivarian republic of': 'VE',
  'tanzania, united republic of': 'TZ',
  'moldova, republic of': 'MD',
  'congo, the democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'republic of the congo': 'CG',
  'east timor': 'TL',
  holland: 'NL',
  'the netherlands': 'NL',
  uae: 'AE',
  'vatican city': 'VA',
  'holy see': 'VA',
};

let cldr: Intl.DisplayNames | null | undefined;

const cldrNames = new Map<string, string | null>();

function cldrName(code: string): string | null {
  if (cldrNames.has(code)) return cldrNames.get(code)!;
  const name = cldrNameOnce(code);
  cldrNames.set(code, name);
  return name;
}

function cldrNameOnce(code: string): string | null {
  if (cldr === undefined) {
    try {
      cldr = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      cldr = null;
    }
  }
  try {
    const name = cldr?.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** The English name of an upper-case ISO 3166 alpha-2 code; null for a code no country has. */
function nameOfCode(code: string): string | null {
  if (Object.hasOwn(PINNED, code)) return PINNED[code]!;
  // Codes that CLDR names but that are no country (EU, UN, XK is one; QO, ZZ are not).
  if (code === 'ZZ' || code === 'QO' || code === 'UN' || code === 'EU' || code === 'EZ' || /^X[A-JL-Z]$/.test(code)) return null;
  return cldrName(code);
}

let byName: Map<string, string> | undefined;

/** CLDR's name of every two-letter code, lower-cased, back to its code. */
function namesIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(OTHER_NAMES));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      const name = current(code) === code ? nameOfCode(code) : null;
      if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A withdrawn code as the code that replaced it ('BU' → 'MM', 'ZR' → 'CD'), as CLDR maps it. */
// Asked once per code (there are at most 676): a sheet of 60,000 posts names a country on each row.
const currentCodes = new Map<string, string>();

function current(code: string): string {
  let found = currentCodes.get(code);
  if (found === undefined) {
    try {
      found = /-([A-Z]{2})$/.exec(Intl.getCanonicalLocales(`und-${code}`)[0] ?? '')?.[1] ?? code;
    } catch {
      found = code;
    }
    currentCodes.set(code, found);
  }
  return found;
}

/** The ISO code of a country given by its code (any case; a withdrawn one as its successor) or by a name the dictionary knows; null otherwise. */
export function countryCode(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const t = squeeze(text);
  if (/^[A-Za-z]{2}$/.test(t)) {
    const code = current(t.toUpperCase());
    return nameOfCode(code) ? code : null;
  }
  return t === '' ? null : (namesIndex().get(t.toLowerCase()) ?? null);
}

/**
 * A country's name by its code or any name of it: 'US', 'us' → 'United States'; 'Turkey', 'tr',
 * 'TR' → 'Türkiye'. Text that names no known country comes back as received (trimmed).
 */
export function countryName(text: string): string {
  const code = countryCode(text);
  return code ? nameOfCode(code)! : squeeze(text);
}

/** True for an ISO 3166 alpha-2 code (any case) of a country. */
export function isCountryCode(code: string): boolean {
  return /^[A-Za-z]{2}$/.test(code.trim()) && countryCode(code) !== null;
}

/** An analysis's audience countries in words: 'United States, United Kingdom'; 'worldwide' for none. */
export function audienceText(codes: readonly string[]): string {
  return codes.length === 0 ? 'worldwide' : codes.map(countryName).join(', ');
}

/** The API's region groups (audience_geo.groups), as a researcher writes them. */
const REGIONS: Readonly<Record<string, string>> = {
  north_america: 'North America',
  northern_america: 'North America',
  latin_america: 'Latin America',
  south_america: 'South America',
  central_america: 'Central America',
  caribbean: 'Caribbean',
  europe: 'Europe',
  eastern_europe: 'Eastern Europe',
  western_europe: 'Western Europe',
  asia: 'Asia',
  south_asia: 'South Asia',
  southeast_asia: 'Southeast Asia',
  east_asia: 'East Asia',
  central_asia: 'Central Asia',
  middle_east: 'Middle East',
  africa: 'Africa',
  north_africa: 'North Africa',
  sub_saharan_africa: 'Sub-Saharan Africa',
  oceania: 'Oceania',
  cis: 'CIS',
  other: 'Other',
};

/**
 * A region group's name: 'north_america', 'North america', 'NORTH AMERICA' → 'North America'. A
 * key the table lacks is written with each word capitalised, as a place name is.
 */
export function regionName(key: string): string {
  const k = squeeze(key).toLowerCase().replace(/[\s-]+/g, '_');
  if (Object.hasOwn(REGIONS, k)) return REGIONS[k]!;
  return k
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
