// Deterministic randomness for the simulator: the same seed string always gives the same
// sequence, so an account name on a network always yields the same report in every run.

/** cyrb53: a fast, well-mixed 53-bit string hash. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A seeded generator (mulberry32) with the helpers the data generators need. */
export class Rng {
  private state: number;

  constructor(seed: string | number) {
    this.state = (typeof seed === 'number' ? seed : hashString(seed)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }

  /** Standard normal (Box–Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Heavy-tailed (log-normal) positive value with the given median. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }

  /**
   * `n` non-negative percentages that sum to exactly 100 (as raw floats, like the API's long
   * decimals). `concentration` < 1 makes one or two shares dominate.
   */
  shares(n: number, concentration = 1): number[] {
    const raw = Array.from({ length: n }, () => Math.pow(this.next() + 1e-9, 1 / concentration));
    const sum = raw.reduce((s, v) => s + v, 0);
    const out = raw.map((v) => (v / sum) * 100);
    // Put the floating-point remainder on the largest share so the sum is 100 to the last bit.
    const diff = 100 - out.reduce((s, v) => s + v, 0);
    const largest = out.indexOf(Math.max(...out));
    out[largest] = out[largest]! + diff;
    return out;
  }
}

/**
 * An Rng whose `shares` each come out moved by up to ±`amplitude` (relative), drawn from a second
 * stream `wobble`, and renormalised to exactly 100. Everything else, including how many numbers
 * are taken from the main stream, is as `new Rng(seed)`: the day's wobble of an audience moves
 * its percentages a little and never shifts any other number. Without `wobble`, it is a plain Rng.
 */
export class WobblingRng extends Rng {
  private readonly wobble: Rng | null;
  private readonly amplitude: number;

  constructor(seed: string | number, wobble: Rng | null, amplitude: number) {
    super(seed);
    this.wobble = wobble;
    this.amplitude = amplitude;
  }

  override shares(n: number, concentration = 1): number[] {
    const drawn = super.shares(n, concentration);
    const wobble = this.wobble;
    if (!wobble || this.amplitude === 0) return drawn;
    const moved = drawn.map((v) => v * (1 + this.amplitude * wobble.float(-1, 1)));
    const sum = moved.reduce((s, v) => s + v, 0);
    const out = moved.map((v) => (v / sum) * 100);
    const largest = out.indexOf(Math.max(...out));
    out[largest] = out[largest]! + (100 - out.reduce((s, v) => s + v, 0));
    return out;
  }
}

/**
 * `value` with every -0 in it made 0. `Math.round` of a small negative number (a rank's delta
 * drawn around 0) is -0, which JSON cannot carry: sent, it reads back as 0, so a generated body
 * holding one is not the plain JSON the server sends, and deep equality (which tells -0 from 0)
 * fails between the body and its JSON round trip. The report generators pass what they make
 * through this once, the one place all their figures leave. Copies only the objects and arrays
 * on the way to a -0; everything else is returned as it is.
 */
export function withoutNegativeZero<T>(value: T): T {
  return positiveZero(value) as T;
}

function positiveZero(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const fixed = positiveZero(value[i]);
      if (!Object.is(fixed, value[i])) (out ??= [...value])[i] = fixed;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(value)) {
    const fixed = positiveZero(child);
    if (!Object.is(fixed, child)) (out ??= { ...value })[key] = fixed;
  }
  return out ?? value;
}

/** ISO 3166 alpha-2 codes with rough weights, for geography. */
export const countries: readonly (readonly [string, number])[] = [
  ['US', 30], ['BR', 9], ['IN', 9], ['GB', 6], ['ID', 5], ['MX', 5], ['DE', 4], ['FR', 4], ['RU', 4], ['TR', 3],
  ['IT', 3], ['ES', 3], ['CA', 3], ['PH', 3], ['AR', 2], ['CO', 2], ['JP', 2], ['KR', 2], ['AU', 2], ['NG', 2],
  ['PL', 1], ['NL', 1], ['SE', 1], ['UA', 1], ['TH', 1], ['VN', 1], ['EG', 1], ['SA', 1], ['AE', 1], ['ZA', 1],
];

/** Two-letter language codes with rough weights. */
export const languages: readonly (readonly [string, number])[] = [
  ['en', 40], ['es', 12], ['pt', 9], ['hi', 6], ['id', 5], ['ru', 4], ['de', 4], ['fr', 4], ['tr', 3], ['it', 3],
  ['ar', 3], ['ja', 2], ['ko', 2], ['pl', 1], ['nl', 1], ['sv', 1], ['uk', 1], ['th', 1], ['vi', 1],
];

export const marks = ['poor', 'fair', 'average', 'good', 'excellent'] as const;
export type Mark = (typeof marks)[number];

/** The mark for a value against a benchmark: how far above or below `similar` it is. */
export function markFor(value: number, similar: number): Mark {
  if (!(similar > 0)) return 'average';
  const ratio = value / similar;
  if (ratio < 0.5) return 'poor';
  if (ratio < 0.85) return 'fair';
  if (ratio < 1.2) return 'average';
  if (ratio < 2) return 'good';
  return 'excellent';
}

export const networks = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const;
export type Network = (typeof networks)[number];

/** Social network type ids (api-notes.md). */
export const networkTypeIds: Record<Network, number> = {
  instagram: 1,
  youtube: 2,
  tiktok: 3,
  twitch: 4,
  twitter: 5,
  snapchat: 7,
};
