// Properties every generator shares: determinism, consistency with the account profile,
// audience shares summing to 100, marks agreeing with benchmarks, CDN links, speed.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { accountIdentity, accountProfile, DAILY_WOBBLE, EVENT_CYCLE_DAYS, followerEvents, followersAfter, PROFILE_REFERENCE_DAY } from '../profile';
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
import { at, expectHundred, input, list, negativeZeros, NOW, num, propertyRuns, rec, soakRuns, sum, walk } from './testkit';

// A soak (SCOUT_PROPERTY_RUNS=10000) takes minutes: no per-test time limit then.
if (soakRuns() !== null) vi.setConfig({ testTimeout: 0 });

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

/**
 * Every audience split of a report: the arrays and objects whose shares must sum to 100. The
 * age/gender table's cells also come with their age row's total (male + female [+ unknown]).
 */
function audienceSplits(network: Network, body: Record<string, unknown>): [string, number[], rowTotals?: number[]][] {
  const values = (v: unknown, key: string) => Object.values(rec(v)).map((x) => num(key ? at(x, key) : x));
  const items = (v: unknown, key: string) => (v as unknown[]).map((x) => num(at(x, key)));
  const rows = (v: unknown) => Object.values(rec(v)).map((c) => Object.values(rec(c)).map((x) => num(x)));
  const table = (v: unknown): [string, number[], number[]] => ['age/gender', rows(v).flat(), rows(v).flatMap((r) => r.map(() => sum(r)))];
  if (network === 'instagram') {
    const u = rec(body.user);
    return [
      ['countries', items(at(u, 'audience_geography.countries'), 'value')],
      ['languages', items(u.audience_languages, 'value')],
      ['type', values(u.audience_type, '')],
      ['ethnicity', items(u.audience_ethnicity, 'value')],
      ['income', values(u.audience_income, '')],
      (() => {
        // One list of seven age groups per gender: an age row is the groups at one index.
        const byGender = (u.demography_by_age as unknown[]).map((g) => items(at(g, 'by_age_group'), 'value'));
        return ['age/gender', byGender.flat(), byGender.flatMap((g) => g.map((_, b) => sum(byGender.map((h) => h[b]!))))] as [string, number[], number[]];
      })(),
      ['gender', items(u.demography, 'value')],
    ];
  }
  const f = rec(body, 'report.features');
  const out: [string, number[], rowTotals?: number[]][] = [];
  const has = (key: string) => f[key] !== undefined && f[key] !== null && at(f, `${key}.data`) !== null;
  if (has('audience_age_gender')) out.push(table(at(f, 'audience_age_gender.data')));
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

/**
 * How far a share may move from its reference-day value, derived from how the simulator makes it
 * (a bound that holds for every account and day, not a tolerance observed to pass):
 * - every set of shares drawn for an audience is moved by ±2 % (relative) for the day and
 *   renormalised, so each share moves by at most 1.02 / 0.98 − 1 (4.08 %) of itself; weighting and
 *   renormalising them again, or sorting them, keeps that bound;
 * - the audience type's real share follows the profile's, which moves by at most 2 % of itself,
 *   and the other three share the rest: (1.02 / 0.98) · 1.02 − 1 (6.2 %) of themselves;
 * - an age/gender cell is its age row's share times its gender's fraction of the row, and that
 *   fraction follows the profile's female share, which moves by at most 2 % of the smaller of the
 *   female and male shares, 0.01 of the audience: so a cell moves by 4.08 % of itself plus
 *   (1.0408 · 0.01) of its row, and a gender's total (Instagram's demography) by 4.08 % of itself
 *   plus 1.0408 points.
 * Plus 1e-9 for the floating-point remainders put on the largest share.
 */
function driftBound(label: string, before: number, rowTotal: number | undefined): number {
  const wobble = 1.02 / 0.98 - 1;
  const femaleMove = 0.01 * (1 + wobble);
  const slack = 1e-9;
  if (label === 'age/gender') return wobble * before + femaleMove * rowTotal! + slack;
  if (label === 'gender') return wobble * before + femaleMove * 100 + slack;
  if (label === 'type' || label === 'by_type') return ((1 + wobble) * 1.02 - 1) * before + slack;
  return wobble * before + slack;
}

describe('every generator', () => {
  it.each(generators)('%s: the same input gives deep-equal output; another name another output', (_, generate, network) => {
    fc.assert(
      fc.property(names, (name) => {
        const a = generate(input(network, name));
        expect(generate(input(network, name))).toEqual(a);
        // The account is the name as the simulator reads it: trimmed and lower-cased, but a
        // YouTube channel id (UC + 22 characters) in its own case, another channel in another.
        const shouted = ` ${name.toUpperCase()} `;
        if (accountIdentity(network, shouted) === accountIdentity(network, name)) expect(generate(input(network, shouted))).toEqual(a);
        // Plain JSON, as the server sends it: no undefined, functions, NaN or -0 (which reads back as 0).
        expect(negativeZeros(a)).toEqual([]);
        expect(JSON.parse(JSON.stringify(a))).toEqual(a);
      }),
      // SCOUT_PROPERTY_RUNS=10000 for a soak. "7N": the Instagram category rank's delta was
      // Math.round of a small negative draw, -0, and its JSON reading 0.
      { numRuns: propertyRuns(15), examples: [['7N']] },
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
      { numRuns: propertyRuns(60) },
    );
  });

  it('have audience shares that each sum to 100 (within 1e-6)', () => {
    fc.assert(
      fc.property(networkArb, names, fc.boolean(), (network, name, lowConfidence) => {
        const body = generateReportBody(input(network, name, { lowConfidence }));
        for (const [label, shares] of audienceSplits(network, body)) expectHundred(shares, `${network} ${label}`);
      }),
      { numRuns: propertyRuns(80) },
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
      { numRuns: propertyRuns(40) },
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
});

describe('drift with the simulated day', () => {
  const DAY = 86_400_000;
  const on = (network: Network, name: string, days: number, extra: Partial<ReportInput> = {}) => input(network, name, { now: NOW + days * DAY, ...extra });
  const followersOf = (network: Network, body: Record<string, unknown>) =>
    num(at(body, network === 'instagram' ? 'user.followers_count' : 'report.metrics.subscribers_count.value'));
  const erOf = (network: Network, body: Record<string, unknown>): number | null => {
    const path = { instagram: 'user.er.value', youtube: 'report.metrics.er.value', tiktok: 'report.metrics.er.value', twitter: 'report.metrics.er.value' }[network as string];
    return path ? num(at(body, path)) : null;
  };

  it('the test fixtures\' "today" is the reference day: the profile as drawn, as discovery shows it', () => {
    expect(Math.floor(NOW / DAY)).toBe(PROFILE_REFERENCE_DAY);
    fc.assert(
      fc.property(networkArb, names, fc.integer({ min: 0, max: DAY - 1 }), (network, name, ms) => {
        expect(accountProfile(network, name, PROFILE_REFERENCE_DAY * DAY + ms)).toEqual(accountProfile(network, name));
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  it('followers compound the 30-day growth rate from the reference day, in both directions', () => {
    fc.assert(
      fc.property(networkArb, names, fc.integer({ min: -400, max: 400 }), (network, name, days) => {
        // Days without a sudden drop or spike (those are tested below).
        fc.pre(followerEvents(network, name, PROFILE_REFERENCE_DAY, PROFILE_REFERENCE_DAY + days).length === 0);
        const p = accountProfile(network, name);
        const later = accountProfile(network, name, NOW + days * DAY);
        expect(later.followers).toBe(followersAfter(p.followers, p.growth30d, days));
        const expected = p.followers * Math.pow(1 + p.growth30d / 100, days / 30);
        expect(Math.abs(later.followers - expected)).toBeLessThanOrEqual(Math.max(1, expected * 1e-9) + 0.5);
        // Grows with a positive rate, shrinks with a negative one (rounding may hide a day's move).
        if (days > 0) expect(Math.sign(later.followers - p.followers) * Math.sign(p.growth30d)).toBeGreaterThanOrEqual(0);
        // What does not drift stays put.
        expect({ ...later, followers: 0, er: 0, avgViews: 0, avgLikes: 0, avgComments: 0, avgShares: 0, realAudience: 0, audienceFemale: 0 }).toEqual({
          ...p, followers: 0, er: 0, avgViews: 0, avgLikes: 0, avgComments: 0, avgShares: 0, realAudience: 0, audienceFemale: 0,
        });
      }),
      { numRuns: propertyRuns(100) },
    );
    // 30 days at +6 %/30d is +6 %.
    const grower = Array.from({ length: 500 }, (_, i) => `grower${i}`).find((n) => accountProfile('instagram', n).growth30d > 5 && accountProfile('instagram', n).followers > 10_000)!;
    const p = accountProfile('instagram', grower);
    expect(accountProfile('instagram', grower, NOW + 30 * DAY).followers / p.followers).toBeCloseTo(1 + p.growth30d / 100, 4);
  });

  it('the engagement rate and the audience\'s female and real shares wobble within ±2 % a day', () => {
    fc.assert(
      fc.property(networkArb, names, fc.integer({ min: -400, max: 400 }).filter((d) => d !== 0), (network, name, days) => {
        fc.pre(followerEvents(network, name, PROFILE_REFERENCE_DAY, PROFILE_REFERENCE_DAY + days).every((e) => e.kind !== 'spike'));
        const p = accountProfile(network, name);
        const later = accountProfile(network, name, NOW + days * DAY);
        expect(Math.abs(later.er / p.er - 1)).toBeLessThanOrEqual(DAILY_WOBBLE + 1e-12);
        // A share and the rest of the audience both move by at most 2 % of themselves.
        for (const key of ['audienceFemale', 'realAudience'] as const) {
          expect(Math.abs(later[key] / p[key] - 1), key).toBeLessThanOrEqual(DAILY_WOBBLE + 1e-12);
          expect(Math.abs((100 - later[key]) / (100 - p[key]) - 1), key).toBeLessThanOrEqual(DAILY_WOBBLE + 1e-12);
        }
      }),
      { numRuns: propertyRuns(60) },
    );
    const ers = new Set(Array.from({ length: 10 }, (_, d) => accountProfile('tiktok', 'wobbler', NOW + d * DAY).er));
    expect(ers.size).toBe(10);
  });

  it('the same day gives the same report whatever the hour; another day moves the headline figures', () => {
    for (const network of networks) {
      const morning = generateReportBody(on(network, 'drifter', 10));
      // The server asks for the day's midnight; the headline figures are the day's at any hour.
      const evening = generateReportBody(on(network, 'drifter', 10.4));
      expect(followersOf(network, evening), network).toBe(followersOf(network, morning));
      expect(erOf(network, evening), network).toBe(erOf(network, morning));
      expect(audienceSplits(network, evening), network).toEqual(audienceSplits(network, morning));
      const p = accountProfile(network, 'drifter');
      const later = accountProfile(network, 'drifter', NOW + 10 * DAY);
      expect(followersOf(network, morning), network).toBe(later.followers);
      expect(followersOf(network, generateReportBody(on(network, 'drifter', 0))), network).toBe(p.followers);
      const er = erOf(network, morning);
      if (er !== null) expect(er, network).toBe(later.er);
      expect(generateReportBody(on(network, 'drifter', 11)), network).not.toEqual(morning);
    }
  });

  it('now and then an account\'s followers drop or spike on one day, and the report agrees: followers, 30-day growth, audience quality', () => {
    // Built to drop and to spike: one event every cycle, on a day of its own.
    for (const [name, kind] of [['falling.drop', 'drop'], ['bought.spike', 'spike']] as const) {
      const events = followerEvents('instagram', name, PROFILE_REFERENCE_DAY, PROFILE_REFERENCE_DAY + 3 * EVENT_CYCLE_DAYS);
      expect(events.map((e) => e.kind)).toEqual([kind, kind, kind]);
      events.forEach((e, i) => expect(Math.floor((e.day - PROFILE_REFERENCE_DAY - 1) / EVENT_CYCLE_DAYS)).toBe(i));
      const event = events[1]!;
      const dayMs = (day: number) => day * DAY + 12 * 3600_000;
      const before = accountProfile('instagram', name, dayMs(event.day - 1));
      const after = accountProfile('instagram', name, dayMs(event.day));
      const trendOneDay = followersAfter(before.followers, accountProfile('instagram', name).growth30d, 1) / before.followers;
      expect(after.followers / before.followers).toBeCloseTo(event.factor * trendOneDay, 3);
      if (kind === 'drop') expect(event.factor).toBeLessThan(0.92);
      else expect(event.factor).toBeGreaterThan(1.12);
      // The 30-day growth is what the followers did over the last 30 days.
      const monthBefore = accountProfile('instagram', name, dayMs(event.day - 30));
      expect(after.growth30d).toBeCloseTo((after.followers / monthBefore.followers - 1) * 100, 1);
      // Bought followers lower the audience quality (and it stays lower); a drop does not.
      if (kind === 'spike') expect(after.aqs).toBe(before.aqs - event.qualityLoss);
      else expect(after.aqs).toBe(before.aqs);
      // The report of that day says the same.
      const body = generateReportBody(input('instagram', name, { now: dayMs(event.day) })) as { user: { followers_count: number } };
      expect(body.user.followers_count).toBe(after.followers);
    }
    // Any account: now and then, the same on every call, never on or before the reference day.
    const all = Array.from({ length: 400 }, (_, i) => followerEvents('tiktok', `someone${i}`, PROFILE_REFERENCE_DAY - 100, PROFILE_REFERENCE_DAY + 10 * EVENT_CYCLE_DAYS));
    const count = all.flat().length;
    expect(count).toBeGreaterThan(400 * 10 * 0.04);
    expect(count).toBeLessThan(400 * 10 * 0.12);
    expect(all.flat().every((e) => e.day > PROFILE_REFERENCE_DAY)).toBe(true);
    expect(followerEvents('tiktok', 'someone7', PROFILE_REFERENCE_DAY, PROFILE_REFERENCE_DAY + 300)).toEqual(all[7]!.filter((e) => e.day <= PROFILE_REFERENCE_DAY + 300));
  });

  it('audience shares still sum to 100 on any day, each within its bound of the reference day\'s', () => {
    fc.assert(
      fc.property(networkArb, names, fc.integer({ min: -400, max: 400 }), (network, name, days) => {
        // A spike of bought followers moves the real share further (tested below).
        fc.pre(followerEvents(network, name, PROFILE_REFERENCE_DAY, PROFILE_REFERENCE_DAY + days).every((e) => e.kind !== 'spike'));
        const reference = audienceSplits(network, generateReportBody(input(network, name)));
        const moved = audienceSplits(network, generateReportBody(on(network, name, days)));
        expect(moved.map(([label]) => label)).toEqual(reference.map(([label]) => label));
        moved.forEach(([label, shares], i) => {
          expectHundred(shares, `${network} ${label} day ${days}`);
          const [, before, rowTotals] = reference[i]!;
          expect(shares.length).toBe(before.length);
          shares.forEach((v, j) => {
            const bound = driftBound(label, before[j]!, rowTotals?.[j]);
            expect(Math.abs(v - before[j]!), `${network} ${label}[${j}] day ${days}: ${before[j]} → ${v}, bound ${bound}`).toBeLessThanOrEqual(bound);
          });
        });
      }),
      // h2292533, 97 days back: its 25-34 male cell moves 4.005 → 4.329 (8.1 %, 0.32 points), past
      // the 8 %-or-0.3-point tolerance this test once had, within the derived bound (0.55).
      { numRuns: propertyRuns(80), examples: [['instagram', 'h2292533', -97]] },
    );
  });

  it('the audience moves from one day to the next, its leading country stays the leader', () => {
    const countries = (days: number) => list(at(generateReportBody(on('instagram', 'traveller', days)), 'user.audience_geography.countries')) as { code: string; value: number }[];
    const today = countries(0);
    const later = countries(10);
    expect(later.map((c) => c.code)).toEqual(today.map((c) => c.code));
    expect(later.map((c) => c.value)).not.toEqual(today.map((c) => c.value));
    expect(later[0]!.code).toBe(accountProfile('instagram', 'traveller').audienceCountry);
  });

  it('the follower chart of a later day holds the earlier day\'s count at that day (to rounding)', () => {
    for (const network of ['instagram'] as const) {
      const chart = list(at(generateReportBody(on(network, 'charted', 30)), 'user.followers_chart')) as { count: number }[];
      const thirtyDaysBack = chart[chart.length - 31]!.count;
      expect(Math.abs(thirtyDaysBack - accountProfile(network, 'charted').followers)).toBeLessThanOrEqual(2);
      expect(chart.at(-1)!.count).toBe(accountProfile(network, 'charted', NOW + 30 * DAY).followers);
    }
  });

  it('companions and linked accounts use the same day: history ends at the day\'s ER, linked followers are that day\'s', () => {
    const later = on('instagram', 'history_owner', 12);
    const history = list(at(generateInstagramHistory(later), 'metrics_history.er.history')) as { value: number }[];
    expect(history.at(-1)!.value).toBe(accountProfile('instagram', 'history_owner', later.now).er);
    const linked = Array.from({ length: 40 }, (_, i) => `linker${i}`)
      .flatMap((n) => list(at(generateReportBody(on('instagram', n, 12)), 'user.social_networks')) as { type: number; username: string; subscribers_count: number }[])
      // A Facebook page (type 8, real answers: data/realForms.ts) has no simulated account behind it.
      .filter((s) => s.type !== 8)
      .slice(0, 10);
    expect(linked.length).toBeGreaterThan(0);
    const byType = { 2: 'youtube', 3: 'tiktok', 4: 'twitch', 5: 'twitter' } as const;
    for (const s of linked) {
      const network = byType[s.type as keyof typeof byType];
      expect(s.subscribers_count).toBe(followersOf(network, generateReportBody(on(network, s.username, 12))));
    }
  });
});
