// Properties every generator shares: determinism, consistency with the account profile,
// audience shares summing to 100, marks agreeing with benchmarks, CDN links, speed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { markFor, networks, type Network } from '../random';
import {
  generateInstagramHistory,
  generateInstagramMedia,
  generateReportBody,
  generateTiktokBrandMentions,
  generateTwitterHistory,
  generateYoutubeBrandMentions,
  generateYoutubeMediaPage,
  type ReportInput,
} from './index';
import { at, expectHundred, input, num, rec, walk } from './testkit';

/** Account names as a user might type them (trimmed and lower-cased by the profile). */
const names = fc.stringMatching(/^[A-Za-z0-9._]{1,24}$/);
const networkArb = fc.constantFrom(...networks);

const generators: [string, (i: ReportInput) => Record<string, unknown>, Network][] = [
  ...networks.map((n): [string, (i: ReportInput) => Record<string, unknown>, Network] => [`${n} report`, generateReportBody, n]),
  ['instagram media', generateInstagramMedia, 'instagram'],
  ['youtube media page 2', (i) => generateYoutubeMediaPage(i, 2), 'youtube'],
  ['instagram history', generateInstagramHistory, 'instagram'],
  ['twitter history', generateTwitterHistory, 'twitter'],
  ['tiktok brand mentions', generateTiktokBrandMentions, 'tiktok'],
  ['youtube brand mentions', generateYoutubeBrandMentions, 'youtube'],
];

/** Every audience split of a report: the arrays and objects whose shares must sum to 100. */
function audienceSplits(network: Network, body: Record<string, unknown>): [string, number[]][] {
  const values = (v: unknown, key: string) => Object.values(rec(v)).map((x) => num(key ? at(x, key) : x));
  const items = (v: unknown, key: string) => (v as unknown[]).map((x) => num(at(x, key)));
  const cells = (v: unknown) => Object.values(rec(v)).flatMap((c) => Object.values(rec(c)).map((x) => num(x)));
  if (network === 'instagram') {
    const u = rec(body.user);
    return [
      ['countries', items(at(u, 'audience_geography.countries'), 'value')],
      ['languages', items(u.audience_languages, 'value')],
      ['type', values(u.audience_type, '')],
      ['ethnicity', items(u.audience_ethnicity, 'value')],
      ['income', values(u.audience_income, '')],
      ['age/gender', (u.demography_by_age as unknown[]).flatMap((g) => items(at(g, 'by_age_group'), 'value'))],
      ['gender', items(u.demography, 'value')],
    ];
  }
  const f = rec(body, 'report.features');
  const out: [string, number[]][] = [];
  const has = (key: string) => f[key] !== undefined && f[key] !== null && at(f, `${key}.data`) !== null;
  if (has('audience_age_gender')) out.push(['age/gender', cells(at(f, 'audience_age_gender.data'))]);
  if (has('audience_languages')) out.push(['languages', items(at(f, 'audience_languages.data'), 'prc')]);
  if (has('audience_by_type')) out.push(['by_type', values(at(f, 'audience_by_type.data'), '')]);
  if (has('audience_races')) out.push(['races', values(at(f, 'audience_races.data'), '')]);
  if (has('audience_thematics')) out.push(['thematics', items(at(f, 'audience_thematics.data'), 'prc')]);
  if (has('audience_geo')) {
    const geo = at(f, 'audience_geo.data');
    out.push(['geo', items(Array.isArray(geo) ? geo : at(geo, 'countries'), 'prc')]);
  }
  return out;
}

describe('every generator', () => {
  it.each(generators)('%s: the same input gives deep-equal output; another name another output', (_, generate, network) => {
    fc.assert(
      fc.property(names, (name) => {
        const a = generate(input(network, name));
        expect(generate(input(network, name))).toEqual(a);
        // The account is the trimmed, lower-cased name.
        expect(generate(input(network, ` ${name.toUpperCase()} `))).toEqual(a);
        expect(JSON.parse(JSON.stringify(a))).toEqual(a); // plain JSON: no undefined, functions or NaN
      }),
      { numRuns: 15 },
    );
    expect(generate(input(network, 'alice'))).not.toEqual(generate(input(network, 'bob')));
  });

  it('does not depend on anything but its input (no clock, no Math.random)', () => {
    const before = generateReportBody(input('tiktok', 'clockless'));
    const realRandom = Math.random;
    Math.random = () => {
      throw new Error('Math.random used');
    };
    try {
      for (const [, generate, network] of generators) generate(input(network, 'clockless'));
    } finally {
      Math.random = realRandom;
    }
    expect(generateReportBody(input('tiktok', 'clockless'))).toEqual(before);
  });

  it('moves with the simulated clock: a later "now" gives later dates', () => {
    const later = input('twitter', 'clocked', { now: input('twitter', 'x').now + 7 * 86_400_000 });
    const dates = (i: ReportInput) => (at(generateTwitterHistory(i), 'metrics_history.er.history') as { time_iso: string }[]).at(-1)!.time_iso;
    expect(new Date(dates(later)).getTime() - new Date(dates(input('twitter', 'clocked'))).getTime()).toBe(7 * 86_400_000);
  });
});

describe('reports', () => {
  it('agree with the account profile on followers and id', () => {
    fc.assert(
      fc.property(networkArb, names, (network, name) => {
        const body = generateReportBody(input(network, name));
        const p = accountProfile(network, name);
        if (network === 'instagram') {
          expect(at(body, 'user.followers_count')).toBe(p.followers);
          expect(at(body, 'user.username')).toBe(p.username);
        } else {
          expect(at(body, 'report.basic.id')).toBe(p.id);
          expect(at(body, 'report.metrics.subscribers_count.value')).toBe(p.followers);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('have audience shares that each sum to 100 (within 1e-6)', () => {
    fc.assert(
      fc.property(networkArb, names, fc.boolean(), (network, name, lowConfidence) => {
        const body = generateReportBody(input(network, name, { lowConfidence }));
        for (const [label, shares] of audienceSplits(network, body)) expectHundred(shares, `${network} ${label}`);
      }),
      { numRuns: 80 },
    );
  });

  it('give every {value, similar, mark} the mark of value against similar', () => {
    fc.assert(
      fc.property(networkArb, names, (network, name) => {
        let checked = 0;
        walk(generateReportBody(input(network, name)), (node, path) => {
          if (Array.isArray(node) || typeof node.value !== 'number' || typeof node.similar !== 'number' || typeof node.mark !== 'string') return;
          checked++;
          expect(node.mark, path).toBe(markFor(node.value, node.similar));
        });
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });

  it('link every picture through the CDN', () => {
    for (const network of networks) {
      walk(generateReportBody(input(network, 'pictures')), (node, path) => {
        if (Array.isArray(node)) return;
        for (const key of ['avatar_url', 'photo_url', 'thumbnail', 'thumbnail_gif', 'preview_url', 'media_url']) {
          if (key in node) expect(String(node[key]), `${path}.${key}`).toMatch(/^http:\/\/cdn\.test\/cdn\//);
        }
      });
    }
  });

  it('have only finite numbers', () => {
    for (const network of networks) {
      for (let i = 0; i < 10; i++) {
        const bad: string[] = [];
        walk(generateReportBody(input(network, `finite${i}`)), (node, path) => {
          for (const [key, v] of Object.entries(node)) if (typeof v === 'number' && !Number.isFinite(v)) bad.push(`${path}.${key}`);
        });
        expect(bad, network).toEqual([]);
      }
    }
  });

  it('generate well under 5 ms each', () => {
    for (const network of networks) {
      for (let i = 0; i < 5; i++) generateReportBody(input(network, `warmup${i}`));
      const times = Array.from({ length: 25 }, (_, i) => {
        const start = performance.now();
        generateReportBody(input(network, `speedy${i}`));
        return performance.now() - start;
      }).sort((a, b) => a - b);
      // The median, so one descheduled run on a busy machine does not decide it.
      expect(times[12]!, network).toBeLessThan(5);
    }
  });
});
