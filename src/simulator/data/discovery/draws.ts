// Seeded draws both an account (account.ts) and its audience (audience.ts) make: a clamp, skewed
// shares and a sample without repeats. Apart so neither of those modules imports the other's helpers.
import type { Rng } from '../random';

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * `n` skewed percentages summing to 100, largest first (a cheaper stand-in for Rng.shares,
 * which the universe would call 40,000 times per network).
 */
export function sortedShares(rng: Rng, n: number): number[] {
  const w: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const u = rng.next() + 1e-9;
    const v = u * u * u;
    w.push(v);
    sum += v;
  }
  for (let i = 0; i < n; i++) w[i] = (w[i]! / sum) * 100;
  return w.sort((a, b) => b - a);
}

/** `count` distinct items of `items` other than `except`, in random order (partial Fisher–Yates). */
export function sampleExcept<T>(rng: Rng, items: readonly T[], count: number, except?: T): T[] {
  const copy = except === undefined ? items.slice() : items.filter((x) => x !== except);
  const k = Math.min(count, copy.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng.next() * (copy.length - i));
    const t = copy[i]!;
    copy[i] = copy[j]!;
    copy[j] = t;
  }
  copy.length = k;
  return copy;
}
