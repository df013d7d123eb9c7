// The client's discovery query validator (src/shared/discovery/validate.ts) against the simulator's own
// (src/simulator/data/discovery/validate.ts): whatever the client accepts and sends, the
// simulator accepts too, and reads it as sent (the client's normalised body is a fixed point of
// the simulator's normalisation). Lives in test/ because src/shared may not import the simulator.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discoveryFilters,
  discoveryNetworks,
  discoveryRequestBody,
  validateDiscoveryQuery,
  withFilterValue,
  type DiscoveryBody,
  type DiscoveryNetwork,
} from '../src/shared/discovery';
import { discoverySample } from '../src/shared/discoverySamples';
import { fieldNetworks, validateSearch } from '../src/simulator/data/discovery';

/** Variants of a valid value: most stay close to it (so many bodies are accepted), some are junk. */
function variant(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const junk = fc.oneof(
    fc.constant(null),
    fc.constant(''),
    fc.boolean(),
    fc.integer({ min: -5, max: 200 }),
    fc.double({ min: -10, max: 1e13 }),
    fc.string({ maxLength: 6 }),
    fc.constantFrom('US', 'us', 'xx', 'EN', 'en', '13-17', '65+', 'very_good', 'good', '30d', '365d', '@Nike', ' 42 ', '1e3', 'UC', 'male'),
  );
  if (depth > 3) return junk;
  if (typeof value === 'number') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(value) },
      { weight: 2, arbitrary: fc.integer({ min: -2, max: 130 }) },
      { weight: 1, arbitrary: fc.double({ min: -1, max: 150, noNaN: true }) },
      { weight: 1, arbitrary: fc.constant(String(value)) },
      { weight: 1, arbitrary: junk },
    );
  }
  if (typeof value === 'string') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.constant(value.toUpperCase()) },
      { weight: 1, arbitrary: fc.constant(` ${value} `) },
      { weight: 1, arbitrary: fc.constant(`@${value}`) },
      { weight: 1, arbitrary: junk },
    );
  }
  if (Array.isArray(value)) {
    const item = value.length > 0 ? fc.oneof(...value.map((v) => variant(v, depth + 1))) : junk;
    return fc.oneof(
      { weight: 3, arbitrary: fc.tuple(...value.map((v) => variant(v, depth + 1))) },
      { weight: 2, arbitrary: fc.array(item, { maxLength: 5 }) },
      { weight: 1, arbitrary: junk },
    );
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of entries) record[k] = variant(v, depth + 1);
    return fc.oneof(
      { weight: 4, arbitrary: fc.record(record, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.record({ ...record, from: variant(5, depth + 1), to: variant(50, depth + 1) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.record({ ...record, extra: junk }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: junk },
    );
  }
  return junk;
}

/** A body for a network: some of its filters (and now and then another network's), varied. */
function bodyFor(network: DiscoveryNetwork): fc.Arbitrary<Record<string, unknown>> {
  const parts = discoveryFilters.map((f) => {
    const own = f.networks.includes(network);
    const sample = discoverySample(f.key, own ? network : f.networks[0]!);
    const value = fc.oneof({ weight: 3, arbitrary: fc.constant(sample) }, { weight: 2, arbitrary: variant(sample) });
    return fc.oneof(
      { weight: own ? 6 : 80, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.constant(f.key), value) },
    );
  });
  return fc
    .tuple(fc.constantFrom(network, network.toUpperCase(), ` ${network}`), fc.tuple(...parts), fc.option(fc.constantFrom('page', 'followers'), { freq: 10, nil: undefined }))
    .map(([social, chosen, extra]) => {
      let body = { social_network: social } as DiscoveryBody;
      for (const c of chosen) if (c) body = withFilterValue(body, c[0], c[1]);
      if (extra) (body as Record<string, unknown>)[extra] = 2;
      return body;
    });
}

const anyBody = fc.constantFrom(...discoveryNetworks).chain(bodyFor);
const pageArb = fc.integer({ min: 1, max: 500 });

/** One filter of one of its networks, varied: many tries per filter, so every rule is reached. */
const oneFilterBody = fc
  .constantFrom(...discoveryFilters.flatMap((f) => f.networks.map((n) => [f, n] as const)))
  .chain(([f, n]) => variant(discoverySample(f.key, n)).map((value) => withFilterValue({ social_network: n }, f.key, value)));

function agrees(body: unknown, page: number): boolean {
  const mine = validateDiscoveryQuery(body);
  if (!mine.ok) {
    expect(mine.errors.length).toBeGreaterThan(0);
    return false;
  }
  const sent = JSON.parse(JSON.stringify(discoveryRequestBody(mine.body, page))) as Record<string, unknown>;
  const sim = validateSearch(sent);
  if (!sim.ok) throw new Error(`simulator refused ${JSON.stringify(sent)}: ${sim.description}`);
  // The simulator reads every filter as the client normalised it (it only adds defaults).
  for (const [key, value] of Object.entries(mine.body)) {
    if (key !== 'sort') expect((sim.value as unknown as Record<string, unknown>)[key], key).toEqual(value);
  }
  // Normalising twice changes nothing.
  expect(validateDiscoveryQuery(mine.body)).toEqual({ ok: true, body: mine.body });
  return true;
}

describe('the client validator agrees with the simulator', () => {
  it('lists the same filters on the same networks as the simulator', () => {
    const clientTop = new Map<string, Set<string>>();
    for (const f of discoveryFilters) {
      const top = f.key.split('.')[0]!;
      clientTop.set(top, new Set([...(clientTop.get(top) ?? []), ...f.networks]));
    }
    const simTop = Object.entries(fieldNetworks).filter(([k]) => k !== 'social_network' && k !== 'page');
    expect([...clientTop.keys()].sort()).toEqual(simTop.map(([k]) => k).sort());
    for (const [key, nets] of simTop) expect([...clientTop.get(key)!].sort(), key).toEqual([...nets].sort());
  });

  // Random seeds (fast-check prints the seed and counterexample of a failure); whether the
  // bodies are varied enough to mean something is checked apart, on a fixed sample, so that
  // check cannot fail by luck.
  it('whatever the client accepts, the simulator accepts as sent: one filter at a time', () => {
    fc.assert(
      fc.property(oneFilterBody, pageArb, (body, page) => {
        agrees(body, page);
      }),
      { numRuns: 4000 },
    );
  });

  it('whatever the client accepts, the simulator accepts as sent: many filters together', () => {
    fc.assert(
      fc.property(anyBody, pageArb, (body, page) => {
        agrees(body, page);
      }),
      { numRuns: 1000 },
    );
    // A thousand bodies through both parsers: a minute's room on a loaded machine.
  }, 60_000);

  it('is not vacuous: the client both accepts and refuses many of the bodies tried (fixed sample)', () => {
    const outcomes = (bodies: fc.Arbitrary<unknown>, numRuns: number) => {
      const accepted = fc.sample(fc.tuple(bodies, pageArb), { numRuns, seed: 13 }).filter(([body, page]) => agrees(body, page)).length;
      return { accepted, refused: numRuns - accepted };
    };
    const one = outcomes(oneFilterBody, 500);
    expect(one.accepted, JSON.stringify(one)).toBeGreaterThan(100);
    expect(one.refused, JSON.stringify(one)).toBeGreaterThan(100);
    const many = outcomes(anyBody, 200);
    expect(many.accepted, JSON.stringify(many)).toBeGreaterThan(20);
    expect(many.refused, JSON.stringify(many)).toBeGreaterThan(20);
  });

  it('the simulator accepts every sample value of every filter on each of its networks', () => {
    for (const f of discoveryFilters) {
      for (const n of f.networks) {
        const mine = validateDiscoveryQuery(withFilterValue({ social_network: n }, f.key, discoverySample(f.key, n)));
        expect(mine.ok, `${f.key} on ${n}`).toBe(true);
        if (mine.ok) expect(validateSearch(discoveryRequestBody(mine.body, 1)), `${f.key} on ${n}`).toMatchObject({ ok: true });
      }
    }
  });
});
