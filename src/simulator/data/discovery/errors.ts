// Turns zod issues into the API's code-8 descriptions: "Invalid request: <field> <rule>".
import { z } from 'zod';

export type Validation<T> = { ok: true; value: T } | { ok: false; description: string };

export function invalid(text: string): { ok: false; description: string } {
  return { ok: false, description: `Invalid request: ${text}` };
}

const articles: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

/**
 * The rule an issue broke, worded after the field name. Used as the per-parse error map, so
 * schema-level custom messages (which follow the same convention) take precedence.
 */
export function rulePhrase(issue: z.core.$ZodRawIssue): string {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${articles[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return `must hold at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      if (issue.origin === 'string') return 'must not be empty';
      return issue.inclusive === false ? `must be greater than ${issue.minimum}` : `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set') return `must hold at most ${issue.maximum} items`;
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      return issue.inclusive === false ? `must be less than ${issue.maximum}` : `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return 'has an invalid format';
    default:
      return 'is invalid';
  }
}

/** `z.int()` with "must be an integer" also for non-numbers (zod reports those as "expected number"). */
export function integer() {
  return z.int({ error: (issue) => (issue.code === 'invalid_type' && issue.input !== undefined ? 'must be an integer' : undefined) });
}

/** `z.enum()` whose message lists the values in the given order (zod lists numeric-looking keys first). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? undefined : `must be one of ${values.join(', ')}`) });
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** The description of the first issue of a failed parse; `root` names a path-less issue. */
export function describeIssues(error: z.ZodError, root = 'body'): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = formatPath(issue.path) || root;
  return `Invalid request: ${where} ${issue.message}`;
}

export function safeParse<S extends z.ZodType>(schema: S, input: unknown, root?: string): Validation<z.output<S>> {
  const parsed = schema.safeParse(input, { error: rulePhrase });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, description: describeIssues(parsed.error, root) };
}
