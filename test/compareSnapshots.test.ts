import { describe, expect, it } from 'vitest';
import { compareSnapshots } from '../src/renderer/src/features/accounts/model/compare';
import { sampleParsedReport } from './fixtures/sampleReports';

function cached(network: 'instagram' | 'tiktok', name: string) {
  const p = sampleParsedReport(network, name);
  return { network, accountKey: name, summary: p.summary!, result: p.result, fetchedAt: Date.now() };
}

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
    const user = newer.result.user as { audience_geography: { countries: { value: number }[] } };
    const [first, second] = user.audience_geography.countries;
    first!.value -= 5;
    second!.value += 5;
    const c = compareSnapshots(older, newer);
    expect(c.figures.find((f) => f.label === 'Followers')?.delta).toBe(1200);
    expect(c.figures.find((f) => f.label === 'Engagement rate')?.delta).toBeCloseTo(-0.5);
    expect(c.shares.length).toBeGreaterThanOrEqual(2);
    expect(c.shares[0]!.breakdown).toMatch(/countr/i);
    expect(Math.abs(c.shares[0]!.after - c.shares[0]!.before)).toBeCloseTo(5, 0);
  });

  it('copes with reports of different shapes and missing values', () => {
    const older = cached('tiktok', 'dancer');
    const newer = { ...cached('tiktok', 'dancer'), result: {} };
    expect(() => compareSnapshots(older, newer)).not.toThrow();
  });
});
