// Careful readers of unknown JSON: never throw, null (or empty) where the value is not usable.
export type Rec = Record<string, unknown>;

export function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function rec(value: unknown): Rec | null {
  return isRec(value) ? value : null;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An own property only: `constructor`, `__proto__` and friends never leak in from the prototype. */
export function own(obj: unknown, key: string): unknown {
  return isRec(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** The value at a path of own keys; undefined where it breaks. */
export function at(value: unknown, ...path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    cur = own(cur, key);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** A finite number, or a numeric string; else null. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && value.length < 40) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A non-blank string (numbers are written out); else null. */
export function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  return null;
}

/** Own entries of a record (empty for anything else). */
export function entries(value: unknown): [string, unknown][] {
  return isRec(value) ? Object.entries(value) : [];
}

/** Strings of an array (numbers written out), blanks dropped. */
export function strings(value: unknown): string[] {
  const out: string[] = [];
  for (const item of arr(value)) {
    const s = str(item);
    if (s !== null) out.push(s);
  }
  return out;
}

/** `some_new_metric` → 'Some new metric'; `audience_age_21_plus_prc` → 'Audience age 21 plus %'. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s._\-:/]+/)
    .filter((w) => w !== '')
    .map((w) => {
      const lower = w.toLowerCase();
      if (lower === 'prc' || lower === 'pct') return '%';
      if (lower === 'avg') return 'average';
      if (lower === 'er') return 'engagement rate';
      return lower;
    });
  const text = words.join(' ');
  return text === '' ? '(unnamed)' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** A mark in words: 'very_good' → 'very good'. */
export function markWords(mark: string): string {
  return mark.replace(/_/g, ' ');
}

/** A mark from a title: 'Very good' → 'very_good'; marks themselves pass unchanged. */
export function markOf(value: unknown): string | null {
  const s = str(value);
  if (s === null || typeof value !== 'string') return null;
  return s.toLowerCase().replace(/[\s-]+/g, '_');
}

/** Epoch ms from unix seconds, epoch ms or an ISO date string; null otherwise. */
export function epochMs(value: unknown): number | null {
  const n = typeof value === 'number' ? num(value) : null;
  if (n !== null) return Math.abs(n) < 1e11 ? n * 1000 : n;
  if (typeof value === 'string' && value.length < 64) {
    if (/^-?\d+(\.\d+)?$/.test(value.trim())) return epochMs(Number(value));
    const t = Date.parse(value);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}

/** Runs a part of the build; a part that fails on odd input yields the fallback. */
export function safely<T>(part: () => T, fallback: T): T {
  try {
    return part();
  } catch {
    return fallback;
  }
}
