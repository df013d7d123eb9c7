// How the builder's inputs read and write a filter's value. Inputs keep what was typed (a half
// typed "1." stays a string) so nothing jumps under the cursor; `validateDiscoveryQuery` reads
// numeric strings and normalises before anything is sent.
import { CALENDAR_DAY_FORMAT, utcDay } from '@shared/calendarDay';

export type Obj = Record<string, unknown>;

export function asObj(value: unknown): Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A field as the input shows it. */
export function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** What a number input stores: a number when the text is one, the text otherwise, nothing when blank. */
export function numberValue(typed: string): number | string | undefined {
  const t = typed.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : typed;
}

/** An object with `key` set; undefined removes it, and an object left empty becomes undefined. */
export function withKey(value: unknown, key: string, next: unknown): Obj | undefined {
  const out: Obj = { ...asObj(value) };
  if (next === undefined) delete out[key];
  else out[key] = next;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** A comma separated list as typed; the validator trims and drops blanks. */
export function splitList(typed: string, separator: ',' | '\n'): string[] | undefined {
  return typed === '' ? undefined : typed.split(separator);
}

export function joinList(value: unknown, separator: ',' | '\n'): string {
  return asArray(value).map(text).join(separator);
}

/** A unix time in seconds as a yyyy-mm-dd date (UTC), and back. */
export function dateOfSeconds(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '';
  return utcDay(n * 1000);
}

export function secondsOfDate(date: string): number | undefined {
  if (!CALENDAR_DAY_FORMAT.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}

/** Errors at exactly this field. */
export function errorAt(errors: readonly { field: string; message: string }[], field: string): string | null {
  const found = errors.filter((e) => e.field === field).map((e) => e.message);
  return found.length === 0 ? null : found.join(' ');
}
