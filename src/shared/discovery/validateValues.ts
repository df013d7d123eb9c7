// The readers every rule of the discovery validator (validateFilters.ts) is made of: a number,
// an id, a code, a username, a choice, read as the researcher may have typed them (numeric
// strings, blanks, any case) and normalised; each problem is pushed at its field, in words that
// say what to do, and the value read is then EMPTY.
import { countryCodes, languageCodes, networkLabels, type DiscoveryNetwork } from './catalogue';
import { isRecord } from './body';
import type { DiscoveryFieldError } from './validate';

const countrySet = new Set(countryCodes);
const languageSet = new Set(languageCodes);

export interface Ctx {
  network: DiscoveryNetwork;
  errors: DiscoveryFieldError[];
}

/** Marks a filter the validator dropped because it filters nothing. */
export const EMPTY = Symbol('empty');
export type Out = unknown | typeof EMPTY;

export function fail(ctx: Ctx, field: string, message: string): typeof EMPTY {
  ctx.errors.push({ field, message });
  return EMPTY;
}

export function listText(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

export function networksText(networks: readonly DiscoveryNetwork[]): string {
  return listText(networks.map((n) => networkLabels[n]));
}

/** null/undefined are absent; at object keys they are dropped. */
export function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** A plain object without absent keys, or null when `value` is not an object. */
export function objectOf(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (present(v)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

export function onlyKeys(ctx: Ctx, field: string, obj: Record<string, unknown>, allowed: readonly string[], label: string): boolean {
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

export interface NumberRule {
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
export function checkNumber(ctx: Ctx, field: string, raw: unknown, rule: NumberRule): number | undefined | typeof EMPTY {
  const read = readNumber(raw);
  if (!read.ok) return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  const n = read.value;
  if (n === undefined) return undefined;
  if ((rule.integer && !Number.isSafeInteger(n)) || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    return fail(ctx, field, `Enter ${ruleText(rule)}.`);
  }
  return n;
}

export function checkShare(ctx: Ctx, field: string, raw: unknown, integer: boolean, what: string): number | typeof EMPTY {
  if (!present(raw) || raw === '') return fail(ctx, field, `Enter the minimum share for ${what}, ${integer ? 'a whole percent ' : ''}from 0 to 100 %.`);
  const n = checkNumber(ctx, field, raw, { min: 0, max: 100, integer, unit: '%' });
  return n === undefined ? EMPTY : n;
}

/** A positive whole id (numeric strings accepted). */
export function readId(value: unknown): number | null {
  const read = readNumber(value);
  if (!read.ok || read.value === undefined) return null;
  return Number.isSafeInteger(read.value) && read.value >= 1 ? read.value : null;
}

/** The lists of `parts` that hold something, as one object; EMPTY when none does. */
export function nonEmpty(parts: Record<string, readonly unknown[]>): Out {
  const out: Record<string, unknown> = {};
  for (const [key, list] of Object.entries(parts)) if (list.length > 0) out[key] = list;
  return Object.keys(out).length === 0 ? EMPTY : out;
}

export function arrayOf(ctx: Ctx, field: string, value: unknown, what: string): unknown[] | typeof EMPTY {
  if (!Array.isArray(value)) return fail(ctx, field, `Give ${what} as a list.`);
  return value.filter(present);
}

export function idList(ctx: Ctx, field: string, value: unknown, what: string): number[] | typeof EMPTY {
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

export function normaliseUsername(value: string): string {
  return value.trim().replace(/^@+/, '').toLowerCase();
}

export function usernameList(ctx: Ctx, field: string, value: unknown, what: string): string[] | typeof EMPTY {
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

export function codeList(ctx: Ctx, field: string, value: unknown, kind: 'country' | 'language'): string[] | typeof EMPTY {
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
export function readCode(item: unknown, kind: 'country' | 'language'): string | null {
  if (typeof item !== 'string') return null;
  const t = item.trim();
  if (t === '') return '';
  const code = kind === 'country' ? t.toUpperCase() : t.toLowerCase();
  return (kind === 'country' ? countrySet : languageSet).has(code) ? code : null;
}

export function codeMessage(item: unknown, kind: 'country' | 'language'): string {
  return kind === 'country'
    ? `“${String(item)}” is not a country code: use two-letter ISO 3166 codes such as US or DE.`
    : `“${String(item)}” is not a language code: use two-letter ISO 639-1 codes such as en or es.`;
}

export function oneOf<T extends string>(ctx: Ctx, field: string, raw: unknown, values: readonly T[], what: string): T | undefined | typeof EMPTY {
  if (!present(raw)) return undefined;
  if (typeof raw !== 'string') return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (!(values as readonly string[]).includes(v)) return fail(ctx, field, `Choose ${what}: ${listText(values)}.`);
  return v as T;
}
