// zod building blocks shared by the parsers, and unwrapping of the `{result: …}` envelope.
import { z } from 'zod';
import { SchemaError } from './errors';
import { isRecord, type Json } from './normalise';

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
