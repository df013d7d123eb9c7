// Small helpers shared by the repositories: account keys, JSON in and out of jsonb columns,
// and safe reads into JSON of unknown shape.
import type { Network } from '../../api/types';

export type JsonObject = Record<string, unknown>;

/** The cache's key for an account: the username or channel as typed, trimmed and lower-cased. */
export function accountKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * JSON text for a `jsonb(?)` parameter. Throws on values JSON cannot hold (undefined at the
 * top, BigInt, cycles) so that a bad save fails before anything is written.
 */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('Cannot store a value that is not JSON');
  return text;
}

export function fromJson<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a path of keys, or undefined where the path leaves the JSON. */
export function at(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The items of an array, or the values of an object (maps keyed by id), else nothing. */
export function itemsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [];
}

export function stringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function integerOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n === null ? null : Math.trunc(n);
}

/** Booleans as SQLite stores them; also the API's `1`/`0` and `yes`/`no`. */
export function flag(value: unknown): 0 | 1 | null {
  if (value === true || value === 1 || value === 'yes' || value === 'true') return 1;
  if (value === false || value === 0 || value === 'no' || value === 'false') return 0;
  return null;
}

export function fromFlag(value: number | null): boolean | null {
  return value === null ? null : value !== 0;
}

/** Epoch ms from an ISO date-time (with offset), unix seconds or ms; null when unreadable. */
export function epochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** List item `type` codes (spec 2.12). */
const listTypeNetworks: Record<string, Network> = {
  IG: 'instagram',
  YT: 'youtube',
  TT: 'tiktok',
  TW: 'twitter',
  TR: 'twitch',
};

export function networkOfListType(type: unknown): Network | null {
  return typeof type === 'string' && Object.hasOwn(listTypeNetworks, type) ? listTypeNetworks[type]! : null;
}

/** Caps a page size so that a caller's typo cannot pull a whole table into memory. */
export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.max(0, Math.min(max, Math.trunc(limit)));
}

export function clampOffset(offset: number | undefined): number {
  if (offset === undefined || !Number.isFinite(offset)) return 0;
  return Math.max(0, Math.trunc(offset));
}
