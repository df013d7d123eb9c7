// Validation of a discovery query (spec 4.11): validateDiscoveryQuery and its rules, one per
// filter kind. Main validates with it before anything is sent and caches by the normalised body.
//
// What the validator accepts, the simulator's own validator (src/simulator/data/discovery/
// validate.ts) accepts too — a property test holds them together. It is stricter where the spec
// allows: country and language codes must be real ISO codes, `similar` must look like the id the
// network uses, timestamps are seconds. Rules where the spec leaves room, as the simulator reads
// them: `null` counts as absent; growth periods are required when a bound is given; cities are
// Instagram only; `very_good` is an aqs mark and not a rate mark.
//
// Normalisation (so that two spellings of one query give one body and share cached pages):
// strings trimmed, empty filters dropped, country codes upper case, language codes and usernames
// lower case (no leading @), numeric strings read as numbers, sets (ids, codes, marks, age groups)
// deduplicated and sorted, keys in catalogue order, `twitch_games.period` defaulted to 30d.
// `page` is not part of a query: it is dropped here and added by `discoveryRequestBody` (body.ts).
import {
  ageGroups,
  countryCodes,
  discoveryFilter,
  discoveryFilters,
  discoveryNetworks,
  gamePeriods,
  growthPeriods,
  isDiscoveryNetwork,
  languageCodes,
  MAX_TWITCH_GAMES,
  MAX_USERNAME_EXCLUDE,
  networkLabels,
  races,
  rateMarks,
  sortFields,
  sortOrders,
  type DiscoveryFilter,
  type DiscoveryNetwork,
} from './catalogue';
import { isRecord, withFilterValue, type DiscoveryBody } from './body';

export interface DiscoveryFieldError {
  /** The filter key, or key.sub (e.g. 'audience_geo.countries', 'er.from'). */
  field: string;
  message: string;
}
export type DiscoveryValidation = { ok: true; body: DiscoveryBody } | { ok: false; errors: DiscoveryFieldError[] };

const countrySet = new Set(countryCodes);
const languageSet = new Set(languageCodes);

/** The first message per field, as a ScoutError's `fields` carries them. */
export function discoveryFieldMessages(errors: readonly DiscoveryFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

// ---- validation -----------------------------------------------------------------------------

interface Ctx {
  network: DiscoveryNetwork;
  errors: DiscoveryFieldError[];
}

/** Marks a filter the validator dropped because it filters nothing. */
const EMPTY = Symbol('empty');
type Out = unknown | typeof EMPTY;

function fail(ctx: Ctx, field: string, message: string): typeof EMPTY {
  ctx.errors.push({ field, message });
  return EMPTY;
}

function listText(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

function networksText(networks: readonly DiscoveryNetwork[]): string {
  return listText(networks.map((n) => networkLabels[n]));
}

/** null/undefined are absent; at object keys they are dropped. */
function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** A plain object without absent keys, or null when `value` is not an object. */
function objectOf(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (present(v)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function onlyKeys(ctx: Ctx, field: string, obj: Record<string, unknown>, allowed: readonly string[], label: string): boolean {
  let fine = true;
  for (const k of Object.keys(obj)) {
    if (!allowed.includes(k)) {
      fail(ctx, field, `Remove “${k}”: ${label} takes only ${listText(allowed)}.`);
      fine = false;
    }
  }
  return fine;
}

type NumberRead = { ok: true; value: number | undefined } | { ok: false };

/** A number, or a string holding one (inputs give strings); '' is absent. */
function readNumber(value: unknown): NumberRead {
  if (!present(value)) return { ok: true, value: undefined };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value: value === 0 ? 0 : value } : { ok: false };
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return { ok: true, value: undefined };
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { ok: false };
    const n = Number(t);
    return Number.isFinite(n) ? { ok: true, value: n === 0 ? 0 : n } : { ok: false };
  }
  return { ok: false };
}

interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  unit?: string;
}

function ruleText(rule: NumberRule): string {
  const what = rule.integer ? 'a whole number' : 'a number';
  const unit = rule.unit === '%' ? ' %' : rule.unit ? ` ${rule.unit}` : '';
  if (rule.min !== undefined && rule.max !== undefined) return `${what} from ${rule.min} to ${rule.max}${unit}`;
  if (rule.min !== undefined) return `${what} of ${rule.min} or more`;
  return what;
}

/** Checks one number; undefined is fine (absent). Returns EMPTY after an error. */
function checkNumber(ctx: Ctx, field: string, raw: unknown, rule: NumberRule): number | undefined | typeof EMPTY {
  const read = readNumber(raw);
  if (!read.ok) return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  const n = read.value;
  if (n === undefined) return undefined;
  if ((rule.integer && !Number.isSafeInteger(n)) || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  }
  return n;
}

function checkShare(ctx: Ctx, field: string, raw: unknown, integer: boolean, what: string): number | typeof EMPTY {
  if (!present(raw) || raw === '') return fail(ctx, field, `Enter the minimum share for ${what}, ${integer ? 'a whole percent ' : ''}from 0 to 100 %.`);
  const n = checkNumber(ctx, field, raw, { min: 0, max: 100, integer, unit: '%' });
  return n === undefined ? EMPTY : n;
}

/** A positive whole id (numeric strings accepted). */
function readId(value: unknown): number | null {
  const read = readNumber(value);
  if (!read.ok || read.value === undefined) return null;
  return Number.isSafeInteger(read.value) && read.value >= 1 ? read.value : null;
}

/** The lists of `parts` that hold something, as one object; EMPTY when none does. */
function nonEmpty(parts: Record<string, readonly unknown[]>): Out {
  const out: Record<string, unknown> = {};
  for (const [key, list] of Object.entries(parts)) if (list.length > 0) out[key] = list;
  return Object.keys(out).length === 0 ? EMPTY : out;
}

function arrayOf(ctx: Ctx, field: string, value: unknown, what: string): unknown[] | typeof EMPTY {
  if (!Array.isArray(value)) return fail(ctx, field, `Give ${what} as a list.`);
  return value.filter(present);
}

function idList(ctx: Ctx, field: string, value: unknown, what: string): number[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const ids = new Set<number>();
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const id = readId(item);
    if (id === null) return fail(ctx, field, `“${String(item)}” is not an id: enter whole numbers of 1 or more.`);
    ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

function normaliseUsername(value: string): string {
  return value.trim().replace(/^@+/, '').toLowerCase();
}

function usernameList(ctx: Ctx, field: string, value: unknown, what: string): string[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') return fail(ctx, field, `Enter ${what} as text.`);
    const name = normaliseUsername(String(item));
    if (name === '') continue;
    if (/\s/.test(name)) return fail(ctx, field, `“${name}” has a space: enter one username per item.`);
    names.add(name);
  }
  return [...names].sort();
}

function codeList(ctx: Ctx, field: string, value: unknown, kind: 'country' | 'language'): string[] | typeof EMPTY {
  const what = kind === 'country' ? 'country codes' : 'language codes';
  const items = arrayOf(ctx, field, value, what);
  if (items === EMPTY) return EMPTY;
  const codes = new Set<string>();
  for (const item of items) {
    const code = readCode(item, kind);
    if (code === '') continue;
    if (code === null) return fail(ctx, field, codeMessage(item, kind));
    codes.add(code);
  }
  return [...codes].sort();
}

/** A valid code in the API's case, '' for a blank, null when not a code. */
function readCode(item: unknown, kind: 'country' | 'language'): string | null {
  if (typeof item !== 'string') return null;
  const t = item.trim();
  if (t === '') return '';
  const code = kind === 'country' ? t.toUpperCase() : t.toLowerCase();
  return (kind === 'country' ? countrySet : languageSet).has(code) ? code : null;
}

function codeMessage(item: unknown, kind: 'country' | 'language'): string {
  return kind === 'country'
    ? `“${String(item)}” is not a country code: use two-letter ISO 3166 codes such as US or DE.`
    : `“${String(item)}” is not a language code: use two-letter ISO 639-1 codes such as en or es.`;
}

function oneOf<T extends string>(ctx: Ctx, field: string, raw: unknown, values: readonly T[], what: string): T | undefined | typeof EMPTY {
  if (!present(raw)) return undefined;
  if (typeof raw !== 'string') return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (!(values as readonly string[]).includes(v)) return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  return v as T;
}

/** A `{from, to}` range (or `{from}`); EMPTY when both bounds are absent or after an error. */
function range(ctx: Ctx, f: DiscoveryFilter, value: unknown, rule: NumberRule & { fromOnly?: boolean }): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a range with from${rule.fromOnly ? '' : ' and to'}.`);
  const parts = rule.fromOnly ? ['from'] : ['from', 'to'];
  if (!onlyKeys(ctx, f.key, obj, parts, f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, rule);
  const to = rule.fromOnly ? undefined : checkNumber(ctx, `${f.key}.to`, obj.to, rule);
  if (from === EMPTY || to === EMPTY) return EMPTY;
  if (from !== undefined && to !== undefined && from > to) return fail(ctx, f.key, `Make “from” no greater than “to”, or swap them.`);
  if (from === undefined && to === undefined) return EMPTY;
  const out: Record<string, number> = {};
  if (from !== undefined) out.from = from;
  if (to !== undefined) out.to = to;
  return out;
}

function keywords(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const items = arrayOf(ctx, f.key, value, 'keywords');
  if (items === EMPTY) return EMPTY;
  const words: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return fail(ctx, f.key, 'Enter keywords as text, one per item.');
    const w = item.trim().replace(/\s+/g, ' ');
    if (w !== '' && !words.includes(w)) words.push(w);
  }
  return words.length === 0 ? EMPTY : words;
}

function text(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (f.key === 'similar') return similar(ctx, f, value);
  if (typeof value !== 'string') return fail(ctx, f.key, `Enter ${f.label} as text.`);
  const t = value.trim().replace(/\s+/g, ' ');
  return t === '' ? EMPTY : t;
}

function similar(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  // A 19-digit TikTok id does not survive a float: it must come as text.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return fail(ctx, f.key, 'Enter the account id as text: this number is too long to keep exactly.');
  if (typeof value !== 'string' && !(typeof value === 'number' && value >= 0)) return fail(ctx, f.key, 'Enter a username or an account id.');
  const t = String(value).trim();
  if (t === '') return EMPTY;
  if (ctx.network === 'instagram') {
    const name = normaliseUsername(t);
    if (!/^[a-z0-9._]{1,30}$/.test(name)) return fail(ctx, f.key, 'Enter an Instagram username: letters, digits, dots and underscores, e.g. nasa.');
    return name;
  }
  if (ctx.network === 'youtube') {
    if (!/^UC[A-Za-z0-9_-]{22}$/.test(t)) return fail(ctx, f.key, 'Enter the YouTube channel id: UC followed by 22 letters, digits, - or _.');
    return t;
  }
  if (!/^\d{1,25}$/.test(t)) return fail(ctx, f.key, 'Enter the TikTok account id (digits only), not the username.');
  return t;
}

function includeExclude(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as include and exclude lists.`);
  if (!onlyKeys(ctx, f.key, obj, ['include', 'exclude'], f.label)) return EMPTY;
  const what = f.items === 'usernames' ? 'usernames' : 'ids';
  const read = (part: 'include' | 'exclude') =>
    obj[part] === undefined ? [] : f.items === 'usernames' ? usernameList(ctx, `${f.key}.${part}`, obj[part], what) : idList(ctx, `${f.key}.${part}`, obj[part], what);
  const include = read('include');
  const exclude = read('exclude');
  if (include === EMPTY || exclude === EMPTY) return EMPTY;
  const both = (include as (string | number)[]).filter((v) => (exclude as (string | number)[]).includes(v));
  if (both.length > 0) return fail(ctx, `${f.key}.exclude`, `${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} both included and excluded: remove ${both.length === 1 ? 'it' : 'them'} from one list.`);
  return nonEmpty({ include, exclude });
}

function usernames(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const names = usernameList(ctx, f.key, value, 'usernames');
  if (names === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_USERNAME_EXCLUDE;
  if (names.length > max) return fail(ctx, f.key, `Keep at most ${max} usernames (there are ${names.length}).`);
  return names.length === 0 ? EMPTY : names;
}

function choice(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const values = (f.choices ?? []).map((c) => c.value);
  if (f.multiple) {
    const items = arrayOf(ctx, f.key, value, f.label);
    if (items === EMPTY) return EMPTY;
    const picked = new Set<string>();
    for (const item of items) {
      const v = oneOf(ctx, f.key, item, values, f.label.toLowerCase());
      if (v === EMPTY) return EMPTY;
      if (v !== undefined) picked.add(v);
    }
    const out = values.filter((v) => picked.has(v));
    return out.length === 0 ? EMPTY : out;
  }
  const v = oneOf(ctx, f.key, value, values, f.label.toLowerCase());
  return v === undefined ? EMPTY : v;
}

function boolean(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === '') return EMPTY;
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return fail(ctx, f.key, `Choose yes or no for ${f.label}, or leave it out.`);
}

function verified(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (value === 1 || value === true || value === '1') return 1;
  if (value === 0 || value === false || value === '0') return 0;
  if (value === '') return EMPTY;
  return fail(ctx, f.key, 'Choose 1 for verified accounts only or 0 for non-verified only, or leave it out.');
}

function accountGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as country codes${ctx.network === 'instagram' ? ' and city ids' : ''}.`);
  if (!onlyKeys(ctx, f.key, obj, ['country', 'city'], f.label)) return EMPTY;
  const country = obj.country === undefined ? [] : codeList(ctx, `${f.key}.country`, obj.country, 'country');
  let city: number[] | typeof EMPTY = [];
  if (obj.city !== undefined) {
    city = idList(ctx, `${f.key}.city`, obj.city, 'city ids');
    if (city !== EMPTY && city.length > 0 && ctx.network !== 'instagram') city = fail(ctx, `${f.key}.city`, 'Cities are for Instagram only: remove them, or search by country.');
  }
  if (country === EMPTY || city === EMPTY) return EMPTY;
  return nonEmpty({ country, city });
}

function languages(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'language');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

function countries(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'country');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

/** Items `{<idKey>, prc}` with unique ids, sorted by id; EMPTY when none. */
function shares<T extends string | number>(
  ctx: Ctx,
  field: string,
  value: unknown,
  opts: { idKey: string; what: string; readId: (raw: unknown) => T | null | ''; badId: (raw: unknown) => string; integer: boolean; order: (a: T, b: T) => number },
): { id: T; prc: number }[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, opts.what);
  if (items === EMPTY) return EMPTY;
  const out: { id: T; prc: number }[] = [];
  let bad = false;
  for (const raw of items) {
    const item = objectOf(raw);
    if (!item) return fail(ctx, field, `Give each of ${opts.what} with its share.`);
    if (!onlyKeys(ctx, field, item, [opts.idKey, 'prc'], opts.what)) return EMPTY;
    const id = opts.readId(item[opts.idKey]);
    if (id === '' && (!present(item.prc) || item.prc === '')) continue; // a row added but not filled in
    if (id === '' || id === null) {
      fail(ctx, field, opts.badId(item[opts.idKey]));
      bad = true;
      continue;
    }
    if (out.some((o) => o.id === id)) {
      fail(ctx, field, `${String(id)} is listed twice: keep one.`);
      bad = true;
      continue;
    }
    const prc = checkShare(ctx, field, item.prc, opts.integer, String(id));
    if (prc === EMPTY) {
      bad = true;
      continue;
    }
    out.push({ id, prc });
  }
  if (bad) return EMPTY;
  return out.sort((a, b) => opts.order(a.id, b.id));
}

const byNumber = (a: number, b: number) => a - b;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function idOrBlank(raw: unknown): number | null | '' {
  if (!present(raw) || (typeof raw === 'string' && raw.trim() === '')) return '';
  return readId(raw);
}

function audienceGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as countries${ctx.network === 'instagram' ? ' and cities' : ''} with shares.`);
  if (!onlyKeys(ctx, f.key, obj, ['countries', 'cities'], f.label)) return EMPTY;
  const countriesOut =
    obj.countries === undefined
      ? []
      : shares(ctx, `${f.key}.countries`, obj.countries, {
          idKey: 'id',
          what: 'countries',
          readId: (raw) => (!present(raw) || (typeof raw === 'string' && raw.trim() === '') ? '' : readCode(raw, 'country')),
          badId: (raw) => codeMessage(raw ?? '', 'country'),
          integer: false,
          order: byString,
        });
  let citiesOut: { id: number; prc: number }[] | typeof EMPTY = [];
  if (obj.cities !== undefined) {
    citiesOut = shares(ctx, `${f.key}.cities`, obj.cities, {
      idKey: 'id',
      what: 'cities',
      readId: idOrBlank,
      badId: (raw) => `“${String(raw ?? '')}” is not a city id: enter the city's geographic id, a whole number.`,
      integer: false,
      order: byNumber,
    });
    if (citiesOut !== EMPTY && citiesOut.length > 0 && ctx.network !== 'instagram') citiesOut = fail(ctx, `${f.key}.cities`, 'Audience cities are for Instagram only: remove them, or use countries.');
  }
  if (countriesOut === EMPTY || citiesOut === EMPTY) return EMPTY;
  return nonEmpty({ countries: countriesOut, cities: citiesOut });
}

/** Report spellings (13-17, 65+) read as the search's (13_17, 65). */
function ageKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace('-', '_').replace(/\+$/, '').replace(/^age/, '');
  return (ageGroups as readonly string[]).includes(t) ? t : null;
}

function audienceAge(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as age groups with a share.`);
  if (!onlyKeys(ctx, f.key, obj, ['groups', 'prc'], f.label)) return EMPTY;
  const items = obj.groups === undefined ? [] : arrayOf(ctx, `${f.key}.groups`, obj.groups, 'age groups');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const key = ageKey(item);
    if (key === null) return fail(ctx, `${f.key}.groups`, `“${String(item)}” is not an age group: choose among ${ageGroups.join(', ')}.`);
    picked.add(key);
  }
  const groups = ageGroups.filter((g) => picked.has(g));
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (groups.length === 0 && !prcGiven) return EMPTY;
  if (groups.length === 0) return fail(ctx, `${f.key}.groups`, 'Pick at least one age group for this share.');
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, 'these age groups');
  if (prc === EMPTY) return EMPTY;
  return { groups, prc };
}

/** `{<part>: choice, prc}` filters: audience_gender (gender), income (id). */
function choiceShare(ctx: Ctx, f: DiscoveryFilter, value: unknown, part: string, what: string): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as ${what} with a share.`);
  if (!onlyKeys(ctx, f.key, obj, [part, 'prc'], f.label)) return EMPTY;
  const values = (f.choices ?? []).map((c) => c.value);
  const picked = oneOf(ctx, `${f.key}.${part}`, obj[part], values, what);
  if (picked === EMPTY) return EMPTY;
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (picked === undefined && !prcGiven) return EMPTY;
  if (picked === undefined) return fail(ctx, `${f.key}.${part}`, `Choose ${what}: ${listText(values)}.`);
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, picked);
  if (prc === EMPTY) return EMPTY;
  return { [part]: picked, prc };
}

function ethnicity(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'race',
    what: 'ethnicities',
    readId: (raw) => (!present(raw) || raw === '' ? '' : typeof raw === 'string' && (races as readonly string[]).includes(raw.trim().toLowerCase()) ? raw.trim().toLowerCase() : null),
    badId: (raw) => `“${String(raw ?? '')}” is not an ethnicity: choose among ${races.join(', ')}.`,
    integer: true,
    order: (a, b) => races.indexOf(a as (typeof races)[number]) - races.indexOf(b as (typeof races)[number]),
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list.map((i) => ({ race: i.id, prc: i.prc }));
}

function idShares(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'id',
    what: 'interests',
    readId: idOrBlank,
    badId: (raw) => `“${String(raw ?? '')}” is not an interest id: enter a whole number of 1 or more.`,
    integer: true,
    order: byNumber,
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list;
}

function marks(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a list of marks.`);
  if (!onlyKeys(ctx, f.key, obj, ['marks'], f.label)) return EMPTY;
  if (obj.marks === undefined) return EMPTY;
  const items = arrayOf(ctx, `${f.key}.marks`, obj.marks, 'marks');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const m = typeof item === 'string' ? item.trim().toLowerCase() : item;
    if (m === 'very_good') return fail(ctx, `${f.key}.marks`, `“very_good” is a mark of audience quality (aqs) only: choose ${listText(rateMarks)}.`);
    if (typeof m !== 'string' || !(rateMarks as readonly string[]).includes(m)) return fail(ctx, `${f.key}.marks`, `“${String(item)}” is not a mark: choose ${listText(rateMarks)}.`);
    picked.add(m);
  }
  const out = rateMarks.filter((m) => picked.has(m));
  return out.length === 0 ? EMPTY : { marks: out };
}

function growth(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a period with from and to.`);
  if (!onlyKeys(ctx, f.key, obj, ['period', 'from', 'to'], f.label)) return EMPTY;
  const periods = f.periods ?? growthPeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const bounds = range(ctx, f, { from: obj.from, to: obj.to }, { min: f.min, max: f.max, integer: f.integer, unit: f.unit });
  if (period === EMPTY || bounds === EMPTY) return EMPTY;
  if (period === undefined) return fail(ctx, `${f.key}.period`, `Choose the period of ${f.label}: ${listText(periods)}.`);
  return { period, ...(bounds as Record<string, number>) };
}

function games(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Pick games from the list.');
  if (!onlyKeys(ctx, f.key, obj, ['period', 'games'], f.label)) return EMPTY;
  const periods = f.periods ?? gamePeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const ids = obj.games === undefined ? [] : idList(ctx, `${f.key}.games`, obj.games, 'game ids');
  if (period === EMPTY || ids === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_TWITCH_GAMES;
  if (ids.length > max) return fail(ctx, `${f.key}.games`, `Pick at most ${max} games (there are ${ids.length}): remove ${ids.length - max}.`);
  if (ids.length === 0) return EMPTY;
  return { period: period ?? f.defaultPeriod ?? '30d', games: ids };
}

function since(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a date (from).`);
  if (!onlyKeys(ctx, f.key, obj, ['from'], f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, { min: 0, integer: true });
  if (from === EMPTY || from === undefined) return EMPTY;
  // Milliseconds are a common slip; 10^11 s is the year 5138.
  if (from >= 1e11) return fail(ctx, `${f.key}.from`, 'Enter the time in seconds since 1970, not milliseconds.');
  return { from };
}

function sort(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Choose a field and an order to sort by.');
  if (!onlyKeys(ctx, f.key, obj, ['field', 'order'], f.label)) return EMPTY;
  const field = oneOf(ctx, `${f.key}.field`, obj.field, sortFields, 'a field to sort by');
  const order = oneOf(ctx, `${f.key}.order`, obj.order, sortOrders, 'an order');
  if (field === EMPTY || order === EMPTY) return EMPTY;
  if (field === undefined && order === undefined) return EMPTY;
  const out: Record<string, string> = { field: field ?? 'engagement_avg' };
  if (order !== undefined) out.order = order;
  return out;
}

function validateFilter(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  switch (f.kind) {
    case 'keywords':
      return keywords(ctx, f, value);
    case 'text':
      return text(ctx, f, value);
    case 'includeExclude':
      return includeExclude(ctx, f, value);
    case 'range':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: f.integer, unit: f.unit, fromOnly: f.fromOnly });
    case 'ageRange':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: true, unit: f.unit });
    case 'countries':
      return countries(ctx, f, value);
    case 'languages':
      return languages(ctx, f, value);
    case 'choice':
      return choice(ctx, f, value);
    case 'boolean':
      return boolean(ctx, f, value);
    case 'verified':
      return verified(ctx, f, value);
    case 'accountGeo':
      return accountGeo(ctx, f, value);
    case 'audienceGeo':
      return audienceGeo(ctx, f, value);
    case 'audienceAge':
      return audienceAge(ctx, f, value);
    case 'audienceGender':
      return choiceShare(ctx, f, value, 'gender', 'a gender');
    case 'income':
      return choiceShare(ctx, f, value, 'id', 'an income level');
    case 'ethnicity':
      return ethnicity(ctx, f, value);
    case 'idShares':
      return idShares(ctx, f, value);
    case 'marks':
      return marks(ctx, f, value);
    case 'growth':
      return growth(ctx, f, value);
    case 'games':
      return games(ctx, f, value);
    case 'since':
      return since(ctx, f, value);
    case 'sort':
      return sort(ctx, f, value);
    case 'usernames':
      return usernames(ctx, f, value);
  }
}

/** Top-level body keys that hold filters, and the filters under each (blogger_prices → post_price). */
const filtersByTopKey = new Map<string, DiscoveryFilter[]>();
for (const f of discoveryFilters) {
  const top = f.key.split('.')[0]!;
  filtersByTopKey.set(top, [...(filtersByTopKey.get(top) ?? []), f]);
}

/**
 * Every rule of 4.11: networks per filter, limits, incompatibilities (niche_search vs search*),
 * value ranges, list lengths. Normalises (see the top of this file). All errors are returned,
 * each at its field, in words that say what to do.
 */
export function validateDiscoveryQuery(body: unknown): DiscoveryValidation {
  const input = objectOf(body);
  if (!input) return { ok: false, errors: [{ field: 'social_network', message: 'Choose a social network to search.' }] };
  const rawNetwork = typeof input.social_network === 'string' ? input.social_network.trim().toLowerCase() : input.social_network;
  if (!isDiscoveryNetwork(rawNetwork)) {
    return { ok: false, errors: [{ field: 'social_network', message: `Choose a social network to search: ${networksText([...discoveryNetworks])}.` }] };
  }
  const ctx: Ctx = { network: rawNetwork, errors: [] };
  const values = new Map<string, unknown>();

  for (const [key, value] of Object.entries(input)) {
    if (key === 'social_network' || key === 'page') continue;
    const filters = filtersByTopKey.get(key);
    if (!filters) {
      fail(ctx, key, `“${key}” is not a discovery filter: remove it.`);
      continue;
    }
    const available = filters.filter((f) => f.networks.includes(ctx.network));
    if (available.length === 0) {
      const f = filters[0]!;
      fail(ctx, f.key, `${f.label} is not available for ${networkLabels[ctx.network]}: remove it, or search ${networksText(f.networks)}.`);
      continue;
    }
    if (filters.length === 1 && filters[0]!.key === key) {
      values.set(key, value);
      continue;
    }
    // A parent of dotted filters (blogger_prices): only its known children.
    const obj = objectOf(value);
    if (!obj) {
      fail(ctx, key, `Give ${key} as an object of ${filters.map((f) => f.key.slice(key.length + 1)).join(', ')}.`);
      continue;
    }
    for (const [sub, subValue] of Object.entries(obj)) {
      const f = filters.find((c) => c.key === `${key}.${sub}`);
      if (!f) fail(ctx, `${key}.${sub}`, `“${key}.${sub}” is not a discovery filter: remove it.`);
      else values.set(f.key, subValue);
    }
  }

  let out: DiscoveryBody = { social_network: ctx.network };
  for (const f of discoveryFilters) {
    if (!values.has(f.key)) continue;
    const value = values.get(f.key);
    if (!present(value)) continue;
    const normalised = validateFilter(ctx, f, value);
    if (normalised !== EMPTY) out = withFilterValue(out, f.key, normalised);
  }

  if (out.niche_search !== undefined) {
    const clashes = (['search', 'search_content', 'search_description'] as const).filter((k) => out[k] !== undefined);
    if (clashes.length > 0) {
      const names = clashes.map((k) => discoveryFilter(k)!.label);
      fail(ctx, 'niche_search', `Niche cannot be combined with ${listText(names)}: clear one or the other.`);
    }
  }

  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  return { ok: true, body: out };
}
