// Missing is never 0 (issue 19): a period without posts comes from the API as 0 with mark `poor`
// (api-notes "Real answers": a TikTok answer with `er.value` 14.23 and `er.performance.30d.value`
// 0 beside 90d 13.81 and 180d 14.23). One rule (src/shared/periodFigures.ts) makes such a figure
// absent everywhere: the library's summary (main), the report page's model and Compare.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/main/platform/api/schemas';
import type { ParsedReport } from '../src/main/platform/api/types';
import type { SnapshotDetail } from '../src/shared/contract';
import type { CachedReport, Network } from '../src/shared/reports';
import { testCdn } from '../src/simulator/data/cdn';
import { generateReportBody } from '../src/simulator/data/reports';
import { buildReportModel, metricForPeriod, PERIODS, type Period } from '../src/shared/reportModel/reportModel';
import { buildCompareModel } from '../src/shared/compareModel';
import { absentForNoPosts, periodsWithoutPosts } from '../src/shared/periodFigures';
import { quietMonth } from '../src/simulator/data/realForms';

const NOW = Date.UTC(2026, 0, 15, 12);
const YEAR_S = 365 * 24 * 3600;

type Json = Record<string, unknown>;

function body(network: Network, name: string): Json {
  return generateReportBody({ network, name, now: NOW, cdn: testCdn, lowConfidence: false }) as Json;
}

function parse(network: Network, b: Json): ParsedReport {
  const envelope: Json =
    network === 'instagram'
      ? { report_state: 'READY', _report_quality: 'high', validUntil: YEAR_S, restTokens: -1 }
      : { report_state: 'READY', report_quality: 'high', validUntil: 57657398400, restTokens: -1 };
  if (network === 'tiktok') envelope.type = 'advanced_report';
  return parseReport(network, { result: { ...envelope, ...b } }, NOW);
}

function cached(p: ParsedReport, accountKey: string): CachedReport {
  return { network: p.network, accountKey, summary: p.summary!, state: p.state, quality: p.quality, fetchedAt: NOW, unlockedAt: NOW, validUntil: p.validUntil, tiktokType: p.tiktokType, snapshotCount: 1, result: p.result };
}

function snapshot(p: ParsedReport, id: number, accountKey: string): SnapshotDetail {
  return { id, network: p.network, accountKey, fetchedAt: NOW, state: p.state, summary: p.summary!, result: p.result };
}

/** The metrics object of a generated body: `user` for Instagram, `report.metrics` for the others. */
function metricsOf(network: Network, b: Json): Json {
  return (network === 'instagram' ? b.user : (b.report as Json).metrics) as Json;
}

/** The real TikTok answer's engagement rate, as api-notes.md quotes it. */
const REAL_ER = { value: 14.23, performance: { '30d': { value: 0, mark: 'poor' }, '90d': { value: 13.81, mark: 'good' }, '180d': { value: 14.23, mark: 'good' } } };

describe('the real answer of api-notes: er.value 14.23, er 30d 0 (poor), 90d 13.81, 180d 14.23', () => {
  const real = body('tiktok', 'realform_quiet');
  metricsOf('tiktok', real).er = structuredClone(REAL_ER);
  const parsed = parse('tiktok', real);

  it('the library shows the overall 14.23 %, labelled overall, never 0', () => {
    expect(parsed.summary?.engagementRate).toBe(14.23);
    expect(parsed.summary?.engagementRateBasis).toBe('overall');
  });

  it('the report page: 30 days say no posts, unmarked; 90 and 180 days keep their figures; no 30-day point in ER by period', () => {
    const model = buildReportModel(cached(parsed, 'realform_quiet'));
    const er = model.metrics.find((m) => m.key === 'er')!;
    expect(model.periodsWithoutPosts).toContain('30d');
    expect(er.byPeriod['30d']).toMatchObject({ value: null, mark: null, noPosts: true });
    expect(metricForPeriod(er, '30d')).toMatchObject({ value: null, source: 'no-posts' });
    expect(metricForPeriod(er, '90d')).toMatchObject({ value: 13.81, source: 'period' });
    expect(er.byPeriod['180d']?.mark).toBe('good');
    // The headline is the API's overall figure, not a period's.
    expect(er.value).toBe(14.23);
    const chart = model.periodCharts.find((c) => c.key === 'er');
    expect(chart?.points.map((p) => p.period)).not.toContain('30d');
  });

  it('Compare: absent with its reason, not ranked, for 30 days; ranked again for 90 days', () => {
    const other = parse('tiktok', body('tiktok', 'khaby.lame'));
    const month = buildCompareModel([snapshot(parsed, 1, 'realform_quiet'), snapshot(other, 2, 'khaby.lame')], [], '30d');
    const er = month.rows.find((r) => r.key === 'er')!;
    expect(er.values[0]).toBeNull();
    expect(er.absent[0]).toBe('No posts in the last 30 days');
    expect([...er.best, ...er.worst]).not.toContain(0);
    // The period ER overlay has a gap there, not a zero.
    expect(month.series.engagementByPeriod.find((l) => l.column === 0)?.points.some((p) => p.period === '30d')).toBe(false);
    const quarter = buildCompareModel([snapshot(parsed, 1, 'realform_quiet'), snapshot(other, 2, 'khaby.lame')], [], '90d');
    expect(quarter.rows.find((r) => r.key === 'er')!.values[0]).toBe(13.81);
  });
});

describe("the simulator's real-forms accounts meet that case (data/realForms.ts quietMonth)", () => {
  const names = Array.from({ length: 400 }, (_, i) => `realform_${i}`).filter((n) => quietMonth('tiktok', n));

  it('some TikTok accounts answer with a month without posts: 0 and poor in the answer, absent in Scout', () => {
    expect(names.length).toBeGreaterThan(3);
    for (const name of names.slice(0, 5)) {
      const b = body('tiktok', name);
      const er = (metricsOf('tiktok', b).er as { value: number; performance: Record<string, { value: number; mark: string }> });
      // As the API sends it.
      expect(er.performance['30d']).toMatchObject({ value: 0, mark: 'poor' });
      expect(er.value).toBeGreaterThan(0);
      const parsed = parse('tiktok', b);
      expect(parsed.summary).toMatchObject({ engagementRate: er.value, engagementRateBasis: 'overall', avgViews: null, avgLikes: null });
      const model = buildReportModel(cached(parsed, name));
      expect(model.periodsWithoutPosts).toEqual(['7d', '30d']);
      for (const key of ['er', 'media_per_week', 'views_avg', 'media_count.in_period', 'likes_count.in_period']) {
        const m = model.metrics.find((x) => x.key === key)!;
        expect(metricForPeriod(m, '30d'), key).toMatchObject({ value: null, source: 'no-posts' });
        expect(m.byPeriod['30d']?.mark, key).toBeNull();
        expect(metricForPeriod(m, '90d').value, key).not.toBeNull();
      }
    }
  });

  it('accounts outside the rule answer as before', () => {
    const other = Array.from({ length: 400 }, (_, i) => `realform_${i}`).find((n) => !quietMonth('tiktok', n))!;
    const parsed = parse('tiktok', body('tiktok', other));
    expect(parsed.summary?.engagementRateBasis).toBe('30d');
    expect(quietMonth('instagram', names[0]!)).toBe(false);
  });
});

describe('the rule itself', () => {
  it('a post count of 0 empties its period; a 0 ER beside a non-zero figure does; a 0 alone, or 0 comments, do not', () => {
    expect([...periodsWithoutPosts([{ key: 'media_count', overall: 120, periods: { '7d': 0, '30d': 3 } }])]).toEqual(['7d']);
    expect([...periodsWithoutPosts([{ key: 'er', overall: 14.23, periods: { '30d': 0, '90d': 13.81 } }])]).toEqual(['30d']);
    expect([...periodsWithoutPosts([{ key: 'er', overall: null, periods: { '30d': 0 } }])]).toEqual([]);
    expect([...periodsWithoutPosts([{ key: 'comments_avg', overall: 5, periods: { '30d': 0 } }])]).toEqual([]);
    const empty = new Set(['30d']);
    expect(absentForNoPosts('er', '30d', 0, empty)).toBe(true);
    expect(absentForNoPosts('likes_count.in_period', '30d', 0, empty)).toBe(true);
    // Growth of 0 is a figure; a non-zero figure is the API's own.
    expect(absentForNoPosts('subscribers_growth_prc', '30d', 0, empty)).toBe(false);
    expect(absentForNoPosts('er', '30d', 4.3, empty)).toBe(false);
    expect(absentForNoPosts('er', '90d', 0, empty)).toBe(false);
  });
});

/** Figures the API makes from a period's posts, as the tests know them (not the rule's own list). */
const PER_POST = ['er', 'views_avg', 'video_views_avg', 'alikes_avg', 'favorite_avg', 'comments_avg', 'reply_avg', 'retweet_avg', 'shares_avg', 'likes_count', 'comments_count', 'shares_count', 'views_count', 'media_count', 'media_per_week', 'videos_per_week', 'post_frequency'];
/** Post counts among them. */
const COUNTS = ['media_count', 'media_per_week', 'videos_per_week', 'post_frequency'];

/** The generated body with `period` answered as the API answers a period without posts: every per-post figure 0, marked poor. */
function withoutPosts(network: Network, b: Json, period: Period): { body: Json; emptied: string[] } {
  const copy = structuredClone(b);
  const metrics = metricsOf(network, copy);
  const emptied: string[] = [];
  for (const key of PER_POST) {
    const entry = ((metrics[key] as Json | undefined)?.performance as Json | undefined)?.[period] as Json | undefined;
    if (!entry || typeof entry !== 'object') continue;
    entry.value = 0;
    entry.mark = 'poor';
    emptied.push(key);
  }
  return { body: copy, emptied };
}

describe('property: a period without posts is never shown as 0, ranked or marked (every seed)', () => {
  const networks: Network[] = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'];
  const names = fc.stringMatching(/^[a-z][a-z0-9_.]{2,14}$/);

  it('report model, library summary and Compare', () => {
    fc.assert(
      fc.property(fc.constantFrom(...networks), names, names, fc.constantFrom<Period>('7d', '30d', '90d'), (network, name, otherName, period) => {
        const { body: b, emptied } = withoutPosts(network, body(network, name), period);
        // The period holds no posts by the report's own count, or an ER of 0 beside a non-zero one.
        const metrics = metricsOf(network, b);
        const hasCount = emptied.some((k) => COUNTS.includes(k));
        const er = metrics.er as Json | undefined;
        const erEvidence = emptied.includes('er') && typeof er?.value === 'number' && er.value !== 0;
        fc.pre(hasCount || erEvidence);

        const parsed = parse(network, b);
        const model = buildReportModel(cached(parsed, name));
        expect(model.periodsWithoutPosts).toContain(period);
        for (const m of model.metrics) {
          const base = m.key.replace(/\.in_period$/, '');
          if (!emptied.includes(base)) continue;
          const entry = m.byPeriod[period];
          if (!entry) continue;
          const at = metricForPeriod(m, period);
          expect(at.value, `${network} ${name} ${m.key} ${period}`).not.toBe(0);
          expect(at.source).toBe('no-posts');
          expect(entry.mark).toBeNull();
        }
        for (const chart of model.periodCharts.filter((c) => c.key === 'er')) for (const p of chart.points) if (p.period === period) expect(p.value).not.toBe(0);
        if (period === '30d') {
          expect(parsed.summary?.engagementRate).not.toBe(0);
          // Instagram's averages are the account's overall figures (bare numbers, not a period's): a
          // small account's may be an honest 0, shown as it is. Every period's figure is absent.
          const overallOf = { avgViews: 'avg_views', avgLikes: 'avg_likes', avgComments: 'avg_comments' } as const;
          for (const key of ['avgViews', 'avgLikes', 'avgComments'] as const) {
            const overall = network === 'instagram' ? metrics[overallOf[key]] : undefined;
            if (typeof overall === 'number') expect(parsed.summary?.[key], key).toBe(overall);
            else expect(parsed.summary?.[key], key).not.toBe(0);
          }
        }

        const other = parse(network, body(network, otherName));
        const compare = buildCompareModel([snapshot(parsed, 1, name), snapshot(other, 2, otherName)], [], period);
        for (const row of compare.rows) {
          if (row.values[0] !== null) continue;
          if (row.absent[0] !== null) {
            expect(row.absent[0]).toMatch(/^No (recent )?(posts|videos|streams|tweets)( in the last|$)/);
            expect(row.best).not.toContain(0);
            expect(row.worst).not.toContain(0);
          }
        }
        for (const key of ['er', 'avg_views', 'avg_likes', 'posting']) {
          const row = compare.rows.find((r) => r.key === key);
          if (row) expect(row.values[0], key).not.toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('PERIODS stay the periods the rule and the model share', () => {
    expect(PERIODS).toEqual(['7d', '30d', '90d', '180d', '365d']);
  });
});
