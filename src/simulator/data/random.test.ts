import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markFor, Rng, WobblingRng, withoutNegativeZero } from './random';

describe('Rng', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = new Rng('instagram:nasa');
    const b = new Rng('instagram:nasa');
    const c = new Rng('tiktok:nasa');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('makes shares that are non-negative and sum to 100', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 40 }), fc.double({ min: 0.2, max: 3, noNaN: true }), (seed, n, k) => {
        const shares = new Rng(seed).shares(n, k);
        expect(shares).toHaveLength(n);
        for (const s of shares) expect(s).toBeGreaterThanOrEqual(0);
        expect(Math.abs(shares.reduce((x, y) => x + y, 0) - 100)).toBeLessThan(1e-9);
      }),
    );
  });

  it('keeps int() within its bounds', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (seed, min, span) => {
        const v = new Rng(seed).int(min, min + span);
        expect(v).toBeGreaterThanOrEqual(min);
        expect(v).toBeLessThanOrEqual(min + span);
        expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });
});

describe('WobblingRng', () => {
  it('moves shares by a few percent, still summing to 100, and draws everything else as a plain Rng', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 20 }), (seed, n) => {
        const plain = new Rng(seed);
        const wobbling = new WobblingRng(seed, new Rng(`${seed}:day`), 0.02);
        const a = plain.shares(n, 1.5);
        const b = wobbling.shares(n, 1.5);
        expect(Math.abs(b.reduce((x, y) => x + y, 0) - 100)).toBeLessThan(1e-9);
        b.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(0);
          // ±2 % each, then renormalised: at most about ±4 %.
          if (a[i]! > 1e-6) expect(Math.abs(v / a[i]! - 1)).toBeLessThan(0.0417);
        });
        // The main stream is where the plain one is.
        expect(wobbling.next()).toBe(plain.next());
      }),
    );
    expect(new WobblingRng('x', null, 0.02).shares(5)).toEqual(new Rng('x').shares(5));
  });
});

describe('markFor', () => {
  it('rises with the value against its benchmark', () => {
    expect(markFor(1, 10)).toBe('poor');
    expect(markFor(10, 10)).toBe('average');
    expect(markFor(30, 10)).toBe('excellent');
  });
});

describe('withoutNegativeZero', () => {
  it('makes every -0 0, copying only the way to it, and leaves its input as it was', () => {
    const shared = { rank: 3, title: 'Travel' };
    const body = { a: { delta: -0, rank: 1 }, list: [0, -0, -1.5, null, 'x'], shared };
    const out = withoutNegativeZero(body);
    expect(Object.is(out.a.delta, 0)).toBe(true);
    expect(out.list.map((v) => (typeof v === 'number' ? Object.is(v, -0) : false))).toEqual([false, false, false, false, false]);
    expect(out).toEqual({ a: { delta: 0, rank: 1 }, list: [0, 0, -1.5, null, 'x'], shared });
    expect(out.shared).toBe(shared);
    expect(Object.is(body.a.delta, -0)).toBe(true);
    expect(Object.is(body.list[1], -0)).toBe(true);
    const clean = { a: [1, 2, { b: 0 }] };
    expect(withoutNegativeZero(clean)).toBe(clean);
    expect(Object.is(withoutNegativeZero(-0), 0)).toBe(true);
  });

  it('gives JSON\'s own reading of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(withoutNegativeZero(value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
