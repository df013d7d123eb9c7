// zod building blocks shared by the parsers, and unwrapping of the `{result: …}` envelope.
import { z } from 'zod';
import { check, issueTexts, SchemaError } from './errors';
import { at, isRecord, normaliseTree, type Json } from './normalise';
import { networks, type Network } from '../types';

export const num = z.number().nullish();
export const str = z.string().nullish();
export const bool = z.boolean().nullish();
/** Ids come as strings or numbers. */
export const anyId = z.union([z.string(), z.number()]).nullish();
export const strings = z.array(z.string()).nullish();

/** The API (PHP) sends an empty map as `[]`: read it as "no object". */
export function emptyListAsNull(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? null : value;
}

/** An optional object (null, absent or `[]` allowed) that keeps its unknown fields. */
export function obj<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(emptyListAsNull, z.looseObject(shape).nullish());
}

/** A map keyed by strings (null, absent or `[]` allowed). */
export function map<T extends z.ZodType>(values: T) {
  return z.preprocess(emptyListAsNull, z.record(z.string(), values).nullish());
}

/** A flag sent as a boolean or as 0/1. */
export const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish();
/** A time sent as a number (unix) or a string (ISO). */
export const time = z.union([z.number(), z.string()]).nullish();
/** `{value}` with a numeric value (other fields kept). */
export const valueOf = obj({ value: num });

/** An array of objects, or a map of them (PHP sends an empty map as `[]`). */
export function mapOrList<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.record(z.string(), item)]);
}

/** `performance.{period}` with a numeric `value` in each period (other fields kept). */
export const performance = map(obj({ value: num }));

/** A metric: `{value, performance}`; some send the bare number. */
export const metric = z.union([z.number(), obj({ value: num, performance })]).nullish();

/** A report feature: `{data: …}`, the feature itself or its data possibly null. */
export function feature<T extends z.ZodType>(data: T) {
  return obj({ data: data.nullish() });
}

export interface Unwrapped {
  value: unknown;
  /** `result` when the body was wrapped, '' when not: the prefix of issue paths. */
  prefix: string;
}

/**
 * The payload of a body: `result` when the body is `{result: …}`, else the body itself. An API
 * error body (`{error: {code, description}}`) is not a payload: it throws.
 */
export function unwrap(json: unknown, what: string): Unwrapped {
  if (isRecord(json)) {
    if (Object.hasOwn(json, 'result')) return { value: json.result, prefix: 'result' };
    const error = json.error;
    if (isRecord(error)) {
      const code = typeof error.code === 'number' || typeof error.code === 'string' ? String(error.code) : '?';
      const description = typeof error.description === 'string' ? error.description : '';
      throw new SchemaError(what, [`error: the API answered an error (code ${code}${description ? `: ${description}` : ''})`]);
    }
  }
  return { value: json, prefix: '' };
}

/** The payload as an object, or a SchemaError naming its path. */
export function unwrapObject(json: unknown, what: string): { value: Json; prefix: string } {
  const { value, prefix } = unwrap(json, what);
  if (!isRecord(value)) throw new SchemaError(what, [`${prefix || '(root)'}: expected object, received ${kind(value)}`]);
  return { value, prefix };
}

/** The payload as an object, normalised (normaliseTree) and checked against `schema`, or a SchemaError naming the paths that did not fit. */
export function checkedTree(json: unknown, what: string, schema: z.ZodType): { raw: Json; prefix: string } {
  const { value, prefix } = unwrapObject(json, what);
  const raw = normaliseTree(value) as Json;
  check(schema, raw, what, prefix);
  return { raw, prefix };
}

/** The payload as an array, or a SchemaError naming its path. */
export function unwrapArray(json: unknown, what: string): { value: unknown[]; prefix: string } {
  const { value, prefix } = unwrap(json, what);
  if (!Array.isArray(value)) throw new SchemaError(what, [`${prefix || '(root)'}: expected array, received ${kind(value)}`]);
  return { value, prefix };
}

export function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function path(prefix: string, ...steps: readonly (string | number)[]): string {
  return [prefix, ...steps.map(String)].filter((s) => s !== '').join('.') || '(root)';
}

// ---- the tolerant reader (DESIGN "Values parsed once, read tolerantly") ----

/** A part of an answer Scout could not read: kept as received, listed so it can be shown. */
export interface UnparsedPart {
  /** Dotted path from `result` (`report.features.audience_geo`, `user.er`). */
  path: string;
  /** Why it was not read, short (`data: expected array or object, received string`). */
  reason: string;
}

/** The key of the normalised result that lists the parts kept as received. */
export const UNPARSED_KEY = '_scoutUnparsed';

/**
 * Keys that only hold parts: a part's path runs through them down to the first key that is
 * not one of them (`report.features.audience_geo`, `user.er`, `search_results.3.basic.title`).
 */
const CONTAINER_KEYS: ReadonlySet<string> = new Set(['report', 'features', 'metrics', 'basic', 'user', 'search_results']);

/** The part an issue at `issuePath` belongs to: the smallest piece that is kept or dropped whole. */
export function partOf(issuePath: readonly PropertyKey[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (const step of issuePath) {
    const s = typeof step === 'number' ? step : String(step);
    out.push(s);
    const previous = out[out.length - 2];
    // An index directly under a list of parts (search_results.3) is itself a container.
    if (typeof s === 'number' && previous === 'search_results') continue;
    if (typeof s === 'string' && CONTAINER_KEYS.has(s)) continue;
    break;
  }
  return out;
}

/**
 * Checks `value` against `schema` without refusing it: every issue is reduced to the part it
 * belongs to (partOf) and returned, one entry per part, the first issue's text as reason.
 */
export function tolerate(schema: z.ZodType, value: unknown): { path: (string | number)[]; part: UnparsedPart }[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const byPart = new Map<string, { path: (string | number)[]; part: UnparsedPart }>();
  for (const issue of parsed.error.issues) {
    const partPath = partOf(issue.path);
    const key = path('', ...partPath);
    if (byPart.has(key)) continue;
    const text = issueTexts('', issue)[0] ?? `${key}: does not fit`;
    // The reason says what inside the part did not fit, relative to the part.
    const within = text.startsWith(`${key}.`) ? text.slice(key.length + 1) : text.startsWith(`${key}: `) ? text.slice(key.length + 2) : text;
    byPart.set(key, { path: partPath, part: { path: key, reason: within.slice(0, 200) } });
  }
  return [...byPart.values()];
}

/** A copy of `tree` without the parts at `paths`, for reading figures only from what fits. */
export function withoutParts(tree: Json, paths: readonly (readonly (string | number)[])[]): Json {
  if (paths.length === 0) return tree;
  const copy = structuredClone(tree);
  for (const p of paths) {
    let node: unknown = copy;
    for (let i = 0; i < p.length - 1; i++) node = isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[p[i]!] : undefined;
    const last = p[p.length - 1];
    if (last === undefined) continue;
    if (Array.isArray(node) && typeof last === 'number') node[last] = undefined;
    else if (isRecord(node)) delete node[String(last)];
  }
  return copy;
}

/** A whole-number id sent as a number or a string of digits. */
export const intId = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/, 'expected a whole-number id')]);

export function intIdAt(value: unknown, ...path: readonly (string | number)[]): number | null {
  const v = at(value, ...path);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
}

function isNetwork(value: string): value is Network {
  return (networks as readonly string[]).includes(value);
}

/** The network an answer names (in any case), or null when it names none Scout knows. */
export function networkOf(value: string | null): Network | null {
  const text = value?.trim().toLowerCase() ?? '';
  return isNetwork(text) ? text : null;
}
