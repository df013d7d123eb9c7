import { describe, expect, it } from 'vitest';
import {
  compareSnapshots,
  hasTrend,
  snapshotTimeline,
  snapshotTrend,
  snapshotTrendLabel,
  type ShareChange,
} from '../src/shared/reportModel/compare';
import { snapshotTrendOption } from '../src/renderer/src/features/accounts/model/chartOptions';
import { accountProfile, followerEvents } from '../src/simulator/data/profile';
import { sampleParsedReport } from './fixtures/sampleReports';

const DAY = 86_400_000;
/** The simulator's reference day for account figures (4 July 2026), at midnight as the server asks. */
const REFERENCE = Date.UTC(2026, 6, 4);

function cached(network: 'instagram' | 'tiktok', name: string, now = Date.now()) {
  const p = sampleParsedReport(network, name, now);
  return { network, accountKey: name, summary: p.summary!, result: p.result, fetchedAt: now };
}

type Country = { name: string; code: string; value: number };
const countriesOf = (r: { result: Record<string, unknown> }) => (r.result.user as { audience_geography: { countries: Country[] } }).audience_geography.countries;

describe('comparing snapshots', () => {
  it('reports no change between identical fetches', () => {
    const a = cached('instagram', 'natgeo');
    const c = compareSnapshots(a, structuredClone(a));
    expect(c.figures.find((f) => f.label === 'Followers')).toMatchObject({ delta: 0 });
    expect(c.shares).toEqual([]);
  });

  it('shows what moved: followers, engagement and audience shares', () => {
    const older = cached('instagram', 'natgeo');
    const newer = structuredClone(older);
    newer.summary.followers = older.summary.followers! + 1200;
    newer.summary.engagementRate = older.summary.engagementRate! - 0.5;
    const [first, second] = countriesOf(newer);
    first!.value -= 5;
    second!.value += 5;
    const c = compareSnapshots(older, newer);
    expect(c.figures.find((f) => f.label === 'Followers')?.delta).toBe(1200);
    expect(c.figures.find((f) => f.label === 'Engagement rate')?.delta).toBeCloseTo(-0.5);
    // A 30-day ER and the report's overall one (a month without posts) are not one figure: no change between them.
    const quiet = structuredClone(newer);
    quiet.summary.engagementRateBasis = older.summary.engagementRateBasis === 'overall' ? '30d' : 'overall';
    expect(compareSnapshots(older, quiet).figures.find((f) => f.label === 'Engagement rate')).toMatchObject({ before: older.summary.engagementRate, delta: null });
    expect(c.shares.length).toBeGreaterThanOrEqual(2);
    const top = c.shares[0]!;
    expect(top.kind).toBe('moved');
    expect(top.breakdown).toMatch(/countr/i);
    if (top.kind === 'moved') expect(Math.abs(top.after - top.before)).toBeCloseTo(5, 0);
  });

  it('an item in only one snapshot\'s top list is new or gone, never a change from or to 0', () => {
    const older = cached('instagram', 'natgeo');
    const newer = structuredClone(older);
    const countries = countriesOf(newer);
    // The last country of the older list drops out; a country it did not list comes in with 3 %.
    const dropped = countries.pop()!;
    countries.push({ name: 'Iceland', code: 'IS', value: dropped.value + 0.2 });
    const c = compareSnapshots(older, newer);
    const about = (item: string) => c.shares.filter((s) => s.item === item);
    expect(about('Iceland')).toEqual([{ kind: 'entered', breakdown: expect.stringMatching(/countr/i), item: 'Iceland', before: null, after: dropped.value + 0.2 }]);
    expect(about(dropped.name)).toEqual([{ kind: 'left', breakdown: expect.stringMatching(/countr/i), item: dropped.name, before: dropped.value, after: null }]);
    // Nothing is said to have moved from 0 (or to 0).
    for (const s of c.shares) {
      if (s.kind === 'moved') {
        expect(s.before).not.toBe(0);
        expect(s.after).not.toBe(0);
      }
    }
    // Entries and exits come after the moves; the moves are largest first.
    const kinds = c.shares.map((s) => s.kind);
    expect(kinds.indexOf('moved') === -1 || kinds.lastIndexOf('moved') < kinds.indexOf('entered')).toBe(true);
  });

  it('an entry or exit counts however small, a move only from half a point', () => {
    const older = cached('instagram', 'natgeo');
    const newer = structuredClone(older);
    const countries = countriesOf(newer);
    countries[0]!.value += 0.3;
    countries[1]!.value -= 0.3;
    const tiny = countries.pop()!;
    countries.push({ name: 'Malta', code: 'MT', value: tiny.value });
    const c = compareSnapshots(older, newer);
    expect(c.shares.filter((s) => s.kind === 'moved')).toEqual([]);
    expect(c.shares.map((s) => s.kind).sort()).toEqual(['entered', 'left']);
  });

  it('"Other", the rest of a top list, is never new or gone', () => {
    const older = cached('instagram', 'natgeo');
    const newer = structuredClone(older);
    // The newer list accounts for every percent: no 'Other' rest; the older one leaves 10 % over.
    const countries = countriesOf(older);
    const scale = 90 / countries.reduce((s, x) => s + x.value, 0);
    for (const x of countries) x.value *= scale;
    const c = compareSnapshots(older, newer);
    expect(c.shares.filter((s) => s.item === 'Other')).toEqual([]);
  });

  it('copes with reports of different shapes and missing values', () => {
    const older = cached('tiktok', 'dancer');
    const newer = { ...cached('tiktok', 'dancer'), result: {} };
    expect(() => compareSnapshots(older, newer)).not.toThrow();
  });

  it('two fetches ten simulated days apart: followers move by the account\'s growth, shares move and stay whole', () => {
    // Any account whose 30-day growth is clearly not zero.
    // …and no sudden drop or spike in those ten days.
    const day = Math.floor(REFERENCE / DAY);
    const name = Array.from({ length: 100 }, (_, i) => `drift${i}`).find((n) => Math.abs(accountProfile('instagram', n).growth30d) > 2 && followerEvents('instagram', n, day, day + 10).length === 0)!;
    const profile = accountProfile('instagram', name);
    const before = cached('instagram', name, REFERENCE);
    const after = cached('instagram', name, REFERENCE + 10 * DAY);
    const c = compareSnapshots(before, after);
    const followers = c.figures.find((f) => f.label === 'Followers')!;
    expect(followers.before).toBe(profile.followers);
    expect(followers.after).toBe(accountProfile('instagram', name, REFERENCE + 10 * DAY).followers);
    expect(Math.sign(followers.delta!)).toBe(Math.sign(profile.growth30d));
    const er = c.figures.find((f) => f.label === 'Engagement rate')!;
    expect(er.delta).not.toBe(0);
    expect(Math.abs(er.after! / er.before! - 1)).toBeLessThanOrEqual(0.04);
    // The same countries are listed (the wobble is small), so nothing enters or leaves.
    expect(c.shares.filter((s: ShareChange) => s.kind !== 'moved')).toEqual([]);
  });
});

describe('the across-snapshots chart', () => {
  const snap = (fetchedAt: number, followers: number | null, engagementRate: number | null) => ({ fetchedAt, summary: { followers, engagementRate } });

  it('puts the fetches in time order and leaves out figures a fetch lacks', () => {
    const trend = snapshotTrend([snap(300, 1300, null), snap(100, 1000, 2.5), snap(200, null, 2.4)]);
    expect(trend.followers).toEqual([
      [100, 1000],
      [300, 1300],
    ]);
    expect(trend.engagementRate).toEqual([
      [100, 2.5],
      [200, 2.4],
    ]);
    expect(hasTrend(trend)).toBe(true);
    expect(hasTrend(snapshotTrend([snap(100, 1000, 2.5)]))).toBe(false);
  });

  it('draws followers on the left axis and the engagement rate, when there is one, on the right', () => {
    const withEr = snapshotTrendOption(snapshotTrend([snap(100, 1000, 2.5), snap(200, 1100, 2.6)])) as {
      yAxis: unknown[];
      series: { name: string; yAxisIndex: number; data: [number, number][] }[];
    };
    expect(withEr.yAxis).toHaveLength(2);
    expect(withEr.series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['Followers', 0],
      ['Engagement rate, %', 1],
    ]);
    expect(withEr.series[0]!.data).toEqual([
      [100, 1000],
      [200, 1100],
    ]);
    const without = snapshotTrendOption(snapshotTrend([snap(100, 1000, null), snap(200, 1100, null)])) as { yAxis: unknown[]; series: unknown[] };
    expect(without.yAxis).toHaveLength(1);
    expect(without.series).toHaveLength(1);
  });

  it('says what it shows for a screen reader', () => {
    const trend = snapshotTrend([snap(100, 1000, 2.5), snap(200, 1100, 2.6)]);
    expect(snapshotTrendLabel(trend, String)).toBe('Followers across 2 snapshots: 1000 to 1100; engagement rate 2.50 % to 2.60 %');
  });
});

describe('the timeline of an account\'s snapshots', () => {
  const at = (day: number) => Date.UTC(2026, 9, day);
  const snap = (day: number, summary: Record<string, number | null>) => ({ fetchedAt: at(day), summary });

  it('says what moved from each fetch to the next, newest first, and skips fetches where nothing did', () => {
    const entries = snapshotTimeline([
      snap(3, { followers: 1_100, engagementRate: 2.5, avgViews: 900, audienceQuality: 70 }),
      snap(1, { followers: 1_000, engagementRate: 2.5, avgViews: 900, audienceQuality: 70 }),
      snap(2, { followers: 1_000, engagementRate: 2.5, avgViews: 900, audienceQuality: 70 }),
      snap(4, { followers: 1_100, engagementRate: 2.1, avgViews: 950, audienceQuality: 64 }),
    ]);
    expect(entries).toEqual([
      {
        from: at(3),
        to: at(4),
        changes: [
          { label: 'Engagement rate', unit: 'percent', before: 2.5, after: 2.1 },
          { label: 'Average views', unit: 'count', before: 900, after: 950 },
          { label: 'Audience quality', unit: 'count', before: 70, after: 64 },
        ],
      },
      { from: at(2), to: at(3), changes: [{ label: 'Followers', unit: 'count', before: 1_000, after: 1_100 }] },
    ]);
  });

  it('never reads a missing figure, or a rate of 0 (no posts), as a change', () => {
    expect(snapshotTimeline([snap(1, { followers: 1_000, engagementRate: 2 }), snap(2, { followers: null, engagementRate: 0 })])).toEqual([]);
    expect(snapshotTimeline([snap(1, { followers: null }), snap(2, { followers: 5_000 })])).toEqual([]);
    expect(snapshotTimeline([snap(1, { followers: 1_000 })])).toEqual([]);
    expect(snapshotTimeline([])).toEqual([]);
  });
});
