// Properties (fast-check): on any input the parsers fail only with SchemaError, and parsing
// is deterministic. Inputs: arbitrary values, arbitrary JSON, and real reports with one node
// replaced by an arbitrary value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { networks, type Network } from '../types';
import {
  parseCompetitorPosts,
  parseCompetitorReport,
  parseCreators,
  parseGames,
  parseInstagramHistory,
  parseInstagramMedia,
  parseList,
  parsePdf,
  parseReport,
  parseSearch,
  parseTiktokBrandMentions,
  parseTwitterHistory,
  parseYoutubeBrandMentions,
  parseYoutubeMediaPage,
  SchemaError,
} from './index';
import { NOW, readyAnswer } from './testkit';

/** Everything fast-check can make, not only what JSON can hold. */
const anyValue = fc.anything({
  withNullPrototype: true,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withBigInt: true,
  withSparseArray: true,
  withObjectString: true,
});

const networkArb = fc.constantFrom<Network>(...networks);

/** The outcome of a parse, comparable across two runs. */
function outcome(parse: () => unknown): { ok: unknown } | { error: string[]; message: string } {
  try {
    return { ok: parse() };
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return { error: error.issues, message: error.message };
  }
}

/** True when `parse` succeeds or fails with a SchemaError. */
function onlySchemaErrors(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch (error) {
    return error instanceof SchemaError;
  }
}

// Shapes near the real ones reach deeper than random values do.
const reportishOf = (anyValue: fc.Arbitrary<unknown>) => fc.record(
  {
    report_state: fc.oneof(fc.constantFrom('READY', 'NOT_READY', 'READY_LOW_CONFIDENCE', 'ready', 'X'), anyValue),
    validUntil: fc.oneof(fc.integer(), fc.double(), fc.string(), anyValue),
    user: fc.oneof(fc.record({ username: fc.oneof(fc.string(), anyValue), followers_count: anyValue, er: anyValue, blogger_geo: anyValue }), anyValue),
    report: fc.oneof(
      fc.record({ basic: fc.oneof(fc.record({ username: fc.string(), id: anyValue }), anyValue), metrics: anyValue, features: anyValue }),
      anyValue,
    ),
  },
  { requiredKeys: [] },
);
const reportish = reportishOf(anyValue);
const jsonReportish = reportishOf(fc.jsonValue());

describe('parseReport never throws anything but SchemaError', () => {
  it('on arbitrary values', () => {
    fc.assert(fc.property(networkArb, anyValue, (network, value) => onlySchemaErrors(() => parseReport(network, value, NOW))), { numRuns: 400 });
  });

  it('on arbitrary JSON text, parsed', () => {
    fc.assert(fc.property(networkArb, fc.json(), (network, text) => onlySchemaErrors(() => parseReport(network, JSON.parse(text), NOW))), { numRuns: 400 });
  });

  it('on arbitrary values inside a result wrapper and report-like shapes', () => {
    fc.assert(
      fc.property(networkArb, fc.oneof(anyValue.map((v) => ({ result: v })), reportish.map((r) => ({ result: r }))), (network, body) =>
        onlySchemaErrors(() => parseReport(network, body, NOW)),
      ),
      { numRuns: 400 },
    );
  });

  it('on real reports with one node replaced by an arbitrary value', () => {
    const bodies = Object.fromEntries(networks.map((n) => [n, readyAnswer(n, 'prop_account')])) as Record<Network, unknown>;
    const paths = Object.fromEntries(networks.map((n) => [n, containerPaths(bodies[n]).slice(0, 3000)])) as Record<Network, string[][]>;
    fc.assert(
      fc.property(networkArb, fc.nat(), fc.jsonValue(), (network, pick, replacement) => {
        const list = paths[network];
        const path = list[pick % list.length]!;
        const body = structuredClone(bodies[network]);
        setAt(body, path, replacement);
        const first = outcome(() => parseReport(network, body, NOW));
        const second = outcome(() => parseReport(network, body, NOW));
        expect(second).toEqual(first);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseReport is deterministic', () => {
  it('the same JSON gives deep-equal results (or the same issues)', () => {
    fc.assert(
      fc.property(networkArb, fc.oneof(fc.jsonValue(), jsonReportish.map((r) => JSON.parse(JSON.stringify({ result: r })) as unknown)), (network, body) => {
        expect(outcome(() => parseReport(network, body, NOW))).toEqual(outcome(() => parseReport(network, body, NOW)));
      }),
      { numRuns: 300 },
    );
  });

  it('real reports parse to deep-equal results twice, and from a copy', () => {
    for (const network of networks) {
      const body = readyAnswer(network, 'prop_account');
      expect(parseReport(network, structuredClone(body), NOW)).toEqual(parseReport(network, body, NOW));
    }
  });
});

describe('the other parsers never throw anything but SchemaError', () => {
  const parsers: [string, (json: unknown) => unknown][] = [
    ['parseInstagramMedia', parseInstagramMedia],
    ['parseYoutubeMediaPage', parseYoutubeMediaPage],
    ['parseInstagramHistory', parseInstagramHistory],
    ['parseTwitterHistory', parseTwitterHistory],
    ['parseTiktokBrandMentions', parseTiktokBrandMentions],
    ['parseYoutubeBrandMentions', parseYoutubeBrandMentions],
    ['parsePdf', parsePdf],
    ['parseGames', parseGames],
    ['parseCreators', parseCreators],
    ['parseList', parseList],
    ['parseSearch', parseSearch],
    ['parseCompetitorReport', parseCompetitorReport],
    ['parseCompetitorPosts', parseCompetitorPosts],
  ];
  it.each(parsers)('%s on arbitrary values, with and without a result wrapper', (_, parse) => {
    fc.assert(
      fc.property(fc.oneof(anyValue, anyValue.map((v) => ({ result: v })), fc.array(anyValue)), (value) => onlySchemaErrors(() => parse(value))),
      { numRuns: 200 },
    );
  });
});

// ---- helpers ----

/** Paths (key lists) of every node of a JSON tree. */
function containerPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (path.length > 0) out.push(path);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) containerPaths(child, [...path, key], out);
  }
  return out;
}

function setAt(root: unknown, path: readonly string[], value: unknown): void {
  let node = root as Record<string, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[path.at(-1)!] = value;
}
