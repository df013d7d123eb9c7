// SchemaError: the one error every parser of this folder throws when a body does not fit.
// Its issues name the place in the body ("result.user.followers_count: expected number,
// received string"), so a log line says what the API sent instead of what we expected.
import type { z } from 'zod';

/** At most this many issues are kept; the message still counts them all. */
export const MAX_ISSUES = 10;

export class SchemaError extends Error {
  /** "path.to.field: what was wrong", at most MAX_ISSUES of them. */
  readonly issues: string[];

  constructor(what: string, issues: readonly string[]) {
    const all = issues.length > 0 ? issues : ['(root): does not fit'];
    const more = all.length > 1 ? ` (and ${all.length - 1} more issue${all.length === 2 ? '' : 's'})` : '';
    super(`${what} does not fit the expected shape: ${all[0]}${more}`);
    this.name = 'SchemaError';
    this.issues = all.slice(0, MAX_ISSUES);
  }
}

/** `result.media.3.id` from a prefix and a path; `(root)` for the top. */
export function joinPath(prefix: string, path: readonly PropertyKey[]): string {
  const steps = path.map((step) => (typeof step === 'symbol' ? step.toString() : String(step)));
  const joined = [prefix, ...steps].filter((s) => s !== '').join('.');
  return joined === '' ? '(root)' : joined;
}

interface Flat {
  path: PropertyKey[];
  text: string;
}

function text(message: string): string {
  const absent = /^Invalid input: expected (.+), received undefined$/.exec(message);
  if (absent) return `missing (expected ${absent[1]})`;
  return message.replace(/^Invalid input: /, '');
}

/**
 * One zod issue as path + text. A union that failed on the value's own type says which
 * types it wanted; a union whose best branch got deeper reports that branch's issues.
 */
function flatten(issue: z.core.$ZodIssue): Flat[] {
  if (issue.code !== 'invalid_union') return [{ path: [...issue.path], text: text(issue.message) }];
  const branches = issue.errors.filter((branch) => branch.length > 0);
  const depth = (branch: readonly z.core.$ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));
  const deepest = branches.reduce<z.core.$ZodIssue[] | null>((best, branch) => (best === null || depth(branch) > depth(best) ? branch : best), null);
  if (deepest && depth(deepest) > 0) {
    return deepest.flatMap(flatten).map((f) => ({ path: [...issue.path, ...f.path], text: f.text }));
  }
  const direct = branches.map((b) => b[0]).filter((i): i is z.core.$ZodIssue => i !== undefined);
  const received = direct.map((i) => / received (\w+)$/.exec(i.message)?.[1]).find((r) => r !== undefined);
  if (received === 'undefined') return [{ path: [...issue.path], text: 'missing' }];
  const expected = [...new Set(direct.flatMap((i) => (i.code === 'invalid_type' ? [String(i.expected)] : i.code === 'invalid_value' ? i.values.map((v) => JSON.stringify(v)) : [])))];
  const wanted = expected.length > 0 ? `expected ${expected.join(' or ')}` : 'does not match any allowed form';
  return [{ path: [...issue.path], text: received ? `${wanted}, received ${received}` : wanted }];
}

/** "path.to.field: what was wrong" for each issue (a union may give several). */
export function issueTexts(prefix: string, issue: z.core.$ZodIssue): string[] {
  return flatten(issue).map((f) => `${joinPath(prefix, f.path)}: ${f.text}`);
}

/** Validates with a zod schema; a mismatch becomes a SchemaError naming the paths. */
export function check<S extends z.ZodType>(schema: S, value: unknown, what: string, prefix: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new SchemaError(
    what,
    parsed.error.issues.flatMap((issue) => issueTexts(prefix, issue)),
  );
}

/**
 * Runs a parser so that it can only fail with a SchemaError: anything else that escapes
 * (a bug, or a value no JSON body holds) is reported as one, never as a raw error.
 */
export function guard<T>(what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SchemaError) throw error;
    let detail = 'unexpected failure';
    try {
      detail = error instanceof Error ? error.message : String(error);
    } catch {
      // an error whose text cannot be read: keep the generic detail
    }
    throw new SchemaError(what, [`(root): could not be read (${detail})`]);
  }
}
