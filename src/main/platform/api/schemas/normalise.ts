// The normalisations of api-notes.md "Normalisations a client needs", applied to a whole JSON
// tree, and the small readers and converters the parsers share.
//
// normaliseTree copies the tree (the caller's object is never changed) and on the way:
// - renames age keys `13_17`/`65`, `age13-17`/`age65-` (and `13-17`/`65+`) to `13-17` … `65+`,
//   and rewrites age values of `group`, `audience_age` and `account_audience_age` the same way;
//   a bare `65` key is renamed only inside an object holding other age keys;
// - upper-cases two-letter country codes in `code`, `country`, `country_code`,
//   `account_audience_country`, `audience_country` and string `audience_geo` fields, in string
//   arrays under `country`/`countries`/`audience_geo`, and in `title` fields anywhere under
//   a geography (`audience_geo`, `blogger_geo`, `audience_geography`, `account_geo`, `geo`:
//   YouTube's `audience_geo.data[].title` is a country code) — but never under a key naming
//   languages (`audience_languages[].code` of Instagram is a language code: left as sent);
// - adds `mark_title` beside every `mark_tittle` (both kept);
// - gives a performance object (the value of a `performance` key, or an object whose keys
//   are all period keys) that has `all` but no `365d` a `365d` copy of `all` (`all` is kept).
// Unknown fields are copied untouched; null stays null.
import { SchemaError } from './errors';

export type Json = Record<string, unknown>;

export const PERIOD_KEYS: ReadonlySet<string> = new Set(['7d', '30d', '90d', '180d', '365d', 'all']);

const AGE_SPELLINGS = new Map<string, string>();
for (const [lo, hi] of [
  ['13', '17'],
  ['18', '24'],
  ['25', '34'],
  ['35', '44'],
  ['45', '54'],
  ['55', '64'],
] as const) {
  for (const spelling of [`${lo}-${hi}`, `${lo}_${hi}`, `age${lo}-${hi}`, `age${lo}_${hi}`]) AGE_SPELLINGS.set(spelling, `${lo}-${hi}`);
}
for (const spelling of ['65+', '65-', '65_', 'age65-', 'age65+', 'age65_', 'age65']) AGE_SPELLINGS.set(spelling, '65+');

/** `13_17`, `age13-17`, `13-17` → `13-17`; `65`, `65+`, `age65-` → `65+`; anything else null. */
export function ageKey(text: string): string | null {
  return AGE_SPELLINGS.get(text) ?? (text === '65' ? '65+' : null);
}

const ISO2 = /^[A-Za-z]{2}$/;

/** A two-letter code upper-cased; anything else unchanged. */
export function upperCountry(text: string): string {
  return ISO2.test(text) ? text.toUpperCase() : text;
}

const COUNTRY_VALUE_KEYS: ReadonlySet<string> = new Set(['code', 'country', 'country_code', 'account_audience_country', 'audience_country', 'audience_geo']);
const COUNTRY_LIST_KEYS: ReadonlySet<string> = new Set(['country', 'countries', 'audience_geo']);
const GEO_KEYS: ReadonlySet<string> = new Set(['audience_geo', 'blogger_geo', 'audience_geography', 'account_geo', 'geo']);
const AGE_VALUE_KEYS: ReadonlySet<string> = new Set(['group', 'audience_age', 'account_audience_age']);

/** Where the walk is: under a geography, under languages, or elsewhere. */
type Context = 'geo' | 'lang' | null;

function contextOf(key: string, current: Context): Context {
  if (key.includes('language')) return 'lang';
  if (GEO_KEYS.has(key)) return 'geo';
  return current;
}

/** Deeper than this is no API body: stop before the stack does. */
export const MAX_DEPTH = 200;

/** Sets a key as an own data property, `__proto__` included (JSON.parse makes such keys own properties too). */
export function put(target: Json, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

function isPeriodTable(keys: readonly string[]): boolean {
  return keys.length >= 2 && keys.every((k) => PERIOD_KEYS.has(k));
}

/** A plain copy of an already normalised tree. */
function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Json = {};
  for (const key of Object.keys(value)) put(out, key, copy((value as Json)[key]));
  return out;
}

function walk(value: unknown, key: string, context: Context, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new SchemaError('Response body', [`(root): nested deeper than ${MAX_DEPTH} levels`]);

  if (Array.isArray(value)) {
    const countries = context !== 'lang' && COUNTRY_LIST_KEYS.has(key);
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = typeof item === 'string' ? (countries ? upperCountry(item) : item) : walk(item, '', context, depth + 1);
    }
    return out;
  }

  const src = value as Json;
  const keys = Object.keys(src);
  let ageKeys = 0;
  for (const k of keys) if (AGE_SPELLINGS.has(k) || k === '65') ageKeys++;
  const ageTable = ageKeys >= 2;

  const out: Json = {};
  for (const k of keys) {
    const v = src[k];
    let name = k;
    const age = AGE_SPELLINGS.get(k) ?? (ageTable && k === '65' ? '65+' : undefined);
    // Two spellings of one bucket in one object: keep both as they are rather than lose one.
    if (age !== undefined && age !== k && !Object.hasOwn(src, age)) name = age;

    let next: unknown = v;
    if (typeof v === 'string') {
      if (context !== 'lang' && (COUNTRY_VALUE_KEYS.has(k) || (context === 'geo' && k === 'title'))) next = upperCountry(v);
      else if (AGE_VALUE_KEYS.has(k)) next = ageKey(v) ?? v;
    } else if (v !== null && typeof v === 'object') {
      next = walk(v, k, contextOf(k, context), depth + 1);
    }
    put(out, name, next);
    if (k === 'mark_tittle' && !Object.hasOwn(src, 'mark_title')) put(out, 'mark_title', copy(next));
  }
  if (Object.hasOwn(out, 'all') && !Object.hasOwn(out, '365d') && (key === 'performance' || isPeriodTable(keys))) {
    put(out, '365d', copy(out.all));
  }
  return out;
}

/** The normalised copy of any JSON value (see the file comment). */
export function normaliseTree(value: unknown): unknown {
  return walk(value, '', null, 0);
}

// ---- readers: typed access into unknown JSON, null where the value is not of the type ----

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a path of keys (array steps are indices); undefined where the path breaks. */
export function at(value: unknown, ...path: readonly (string | number)[]): unknown {
  let node = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(node)) return undefined;
      node = node[step];
    } else {
      if (!isRecord(node) || !Object.hasOwn(node, step)) return undefined;
      node = node[step];
    }
  }
  return node;
}

export function numAt(value: unknown, ...path: readonly (string | number)[]): number | null {
  const v = at(value, ...path);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function strAt(value: unknown, ...path: readonly (string | number)[]): string | null {
  const v = at(value, ...path);
  return typeof v === 'string' ? v : null;
}

export function boolAt(value: unknown, ...path: readonly (string | number)[]): boolean | null {
  const v = at(value, ...path);
  return typeof v === 'boolean' ? v : null;
}

export function recAt(value: unknown, ...path: readonly (string | number)[]): Json | null {
  const v = at(value, ...path);
  return isRecord(v) ? v : null;
}

export function listAt(value: unknown, ...path: readonly (string | number)[]): unknown[] {
  const v = at(value, ...path);
  return Array.isArray(v) ? v : [];
}

/** An id the API sends as a string or a number, as a string. */
export function idAt(value: unknown, ...path: readonly (string | number)[]): string | null {
  const v = at(value, ...path);
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
}

export function stringsAt(value: unknown, ...path: readonly (string | number)[]): string[] {
  return listAt(value, ...path).filter((v): v is string => typeof v === 'string');
}

/** A flag sent as a boolean or as 0/1. */
export function flagAt(value: unknown, ...path: readonly (string | number)[]): boolean | null {
  const v = at(value, ...path);
  if (typeof v === 'boolean') return v;
  return v === 1 ? true : v === 0 ? false : null;
}

/** Ids of a list, as strings (ids arrive as strings or numbers). */
export function idsAt(value: unknown, ...path: readonly (string | number)[]): string[] {
  const out: string[] = [];
  for (const item of listAt(value, ...path)) {
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item));
  }
  return out;
}

/** Entries of a map that the API may also send as a list (or `[]` when empty), with their keys. */
export function entries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [String(i), item]);
  return isRecord(value) ? Object.entries(value) : [];
}

/** The first non-null of its arguments. */
export function firstOf<T>(...values: readonly (T | null | undefined)[]): T | null {
  for (const v of values) if (v !== null && v !== undefined) return v;
  return null;
}

// ---- times ----

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A moment as epoch ms: numbers below 1e12 are unix seconds, larger ones ms; numeric strings
 * likewise; other strings are read as ISO dates (slashes allowed: `2026/07/04`). Null when
 * the value is none of these, or 0 (an unknown date).
 */
export function epochMs(value: unknown): number | null {
  // Real media items carry `time_added: 0`: an unknown date, not 1 January 1970.
  if (value === 0) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? (Math.abs(value) < 1e12 ? value * 1000 : value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (NUMERIC.test(value)) return epochMs(Number(value));
  const text = /^\d{4}\/\d{2}\/\d{2}$/.test(value.trim()) ? value.trim().replace(/\//g, '-') : value;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Later than this is no end date but "no known end": real answers send validUntil 57657398400
 * (the year 3797), and access is never sold for more than a year or two ahead.
 */
export const NO_KNOWN_END_AFTER_MS = Date.UTC(2200, 0, 1);

/**
 * `validUntil` as epoch ms: a number below 1e9 is a duration in seconds from `now` (Instagram),
 * below 1e12 unix seconds (YouTube samples), else ms; ISO strings parsed; null if absent,
 * unreadable, or so far ahead that it means "no known end" (NO_KNOWN_END_AFTER_MS).
 */
export function validUntilMs(value: unknown, now: number): number | null {
  const ms = validUntilAsMs(value, now);
  return ms !== null && ms > NO_KNOWN_END_AFTER_MS ? null : ms;
}

function validUntilAsMs(value: unknown, now: number): number | null {
  if (typeof value === 'string' && NUMERIC.test(value)) return validUntilAsMs(Number(value), now);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return value < 1e9 ? now + value * 1000 : value < 1e12 ? value * 1000 : value;
  }
  return epochMs(value);
}

// ---- loose scalars (competitor posts send numbers, booleans and money as display strings) ----

/** Marks an unreadable loose value, so the caller can name the path. */
export const UNREADABLE = Symbol('unreadable');

/**
 * A number from a number or a display string: `"3.21%"` → 3.21, `"$1,200"` → 1200, `"1200"`
 * → 1200, `"1 200 €"` → 1200, `"3,5"` → 3.5. Null for null, absent, `""`, `"-"`, `"n/a"`.
 */
export function looseNumber(value: unknown): number | null | typeof UNREADABLE {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : UNREADABLE;
  if (typeof value !== 'string') return UNREADABLE;
  let text = value.trim();
  if (text === '' || text === '-' || text === '—' || /^n\/?a$/i.test(text)) return null;
  text = text.replace(/^[+]/, '').replace(/[%$€£¥\s\u00a0]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return UNREADABLE;
  const n = Number(text);
  return Number.isFinite(n) ? n : UNREADABLE;
}

/** A boolean from true/false, 1/0, "yes"/"no", "true"/"false", "1"/"0"; null for null, absent or "". */
export function looseBoolean(value: unknown): boolean | null | typeof UNREADABLE {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return UNREADABLE;
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return UNREADABLE;
}
