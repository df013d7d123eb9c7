// The report page's model (src/shared/reportModel/reportModel.ts) over realistic
// reports of every network: the simulator's generator parsed by the client's own schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/main/platform/api/schemas';
import type { ParsedReport } from '../src/main/platform/api/types';
import type { CachedReport, Network } from '../src/shared/reports';
import { testCdn } from '../src/simulator/data/cdn';
import { generateReportBody, snapchatVariant } from '../src/simulator/data/reports';
import { sampleParsedReport } from './fixtures/sampleReports';

import {
  buildReportModel,
  formatChange,
  formatMetric,
  handleOf,
  metricForPeriod,
  type MetricView,
  type ReportModel,
} from '../src/shared/reportModel/reportModel';
import {
  BAR_LIMIT,
  barOption,
  breakdownHeight,
  breakdownOption,
  breakdownSummary,
  breakdownValue,
  periodOption,
  pieOption,
  scatterOption,
  scoresOption,
  seriesOption,
} from '../src/renderer/src/features/accounts/model/chartOptions';
import { chartFacts } from '../src/renderer/src/shared/chartFacts';


const NOW = Date.UTC(2026, 0, 15, 12);
const YEAR_S = 365 * 24 * 3600;

function cached(p: ParsedReport, accountKey = 'acct'): CachedReport {
  if (!p.summary) throw new Error('sample without summary');
  return {
    network: p.network,
    accountKey,
    summary: p.summary,
    state: p.state,
    quality: p.quality,
    fetchedAt: NOW,
    unlockedAt: NOW,
    validUntil: p.validUntil,
    tiktokType: p.tiktokType,
    snapshotCount: 1,
    result: p.result,
  };
}

const sample = (network: Network, name = 'nasa') => cached(sampleParsedReport(network, name, NOW), name);

/** The first name of a Snapchat variant. */
function snapName(variant: 'opendata' | 'verified'): string {
  for (let i = 0; i < 200; i++) if (snapchatVariant(`snap${i}`) === variant) return `snap${i}`;
  throw new Error(`no ${variant} name`);
}

/** A READY_LOW_CONFIDENCE report, built the way sampleParsedReport builds a READY one. */
function lowConfidence(network: 'tiktok' | 'twitch', name: string): CachedReport {
  const body = generateReportBody({ network, name, now: NOW, cdn: testCdn, lowConfidence: true });
  const envelope: Record<string, unknown> = {
    report_state: 'READY_LOW_CONFIDENCE',
    report_quality: 'low',
    validUntil: Math.floor(NOW / 1000) + YEAR_S,
    restTokens: 100,
  };
  if (network === 'tiktok') envelope.type = 'advanced_report';
  return cached(parseReport(network, { result: { ...envelope, ...body } }, NOW), name);
}

const metric = (m: ReportModel, key: string) => m.metrics.find((x) => x.key === key);
const breakdown = (m: ReportModel, key: string) => m.breakdowns.find((b) => b.key === key);

/** Per network: headline metrics with their units, periods, and the breakdowns its report carries. */
const expectations: Record<Exclude<Network, 'snapchat'>, { headline: [string, MetricView['unit']][]; periods: string[]; breakdowns: string[] }> = {
  instagram: {
    headline: [
      ['followers_count', 'count'],
      ['er', 'percent'],
      ['subscribers_growth_prc', 'percent'],
      ['media_per_week', 'per_week'],
    ],
    periods: ['7d', '30d', '90d', '180d', '365d'],
    breakdowns: ['age_gender', 'gender', 'countries', 'languages', 'audience_type', 'ethnicity', 'interests'],
  },
  youtube: {
    headline: [
      ['subscribers_count', 'count'],
      ['er', 'percent'],
      ['views_avg', 'count'],
      ['likes_comments_ratio', 'ratio'],
    ],
    periods: ['30d', '90d', '180d', '365d'],
    breakdowns: ['age_gender', 'gender', 'countries', 'languages'],
  },
  tiktok: {
    headline: [
      ['subscribers_count', 'count'],
      ['er', 'percent'],
      ['media_per_week', 'per_week'],
      ['likes_views_ratio', 'ratio'],
    ],
    periods: ['7d', '30d', '90d', '180d', '365d'],
    breakdowns: ['age_gender', 'gender', 'countries', 'languages', 'audience_type', 'ethnicity', 'likes_distribution'],
  },
  twitch: {
    headline: [
      ['subscribers_count', 'count'],
      ['live_viewers_avg', 'count'],
      ['hours_streamed', 'duration_ms'],
      ['chat_messages_per_hour', 'count'],
    ],
    periods: ['7d', '30d', '90d', '180d', '365d'],
    breakdowns: ['age_gender', 'countries', 'regions', 'languages', 'sentiments'],
  },
  twitter: {
    headline: [
      ['subscribers_count', 'count'],
      ['er', 'percent'],
      ['media_per_week', 'per_week'],
    ],
    periods: ['7d', '30d', '90d', '180d', '365d'],
    breakdowns: [],
  },
};

function expectShares(m: ReportModel): void {
  for (const b of m.breakdowns) {
    expect(b.items.length, b.key).toBeGreaterThan(0);
    for (const item of b.items) expect(Number.isFinite(item.value), `${b.key} ${item.label}`).toBe(true);
    if (!b.share) continue;
    const sum = b.items.reduce((s, i) => s + i.value, 0);
    expect(Math.abs(sum - 100), `${b.key} sums to ${sum}`).toBeLessThanOrEqual(1);
  }
}

describe('buildReportModel: every network', () => {
  for (const [network, want] of Object.entries(expectations) as [Exclude<Network, 'snapchat'>, (typeof expectations)['instagram']][]) {
    it(`${network}: header, headline metrics, periods, breakdowns`, () => {
      const report = sample(network);
      const m = buildReportModel(report);
      expect(m.network).toBe(network);
      expect(m.title).toBe('NASA');
      expect(m.username).toBe('nasa');
      expect(m.avatarUrl).toMatch(/^http:\/\/cdn\.test\/cdn\/avatar\//);
      expect(m.stateNote).toBeNull();
      expect(m.variant).toBeNull();
      expect(m.periods).toEqual(want.periods);
      expect(m.defaultPeriod).toBe('30d');

      expect(m.metrics.length).toBeGreaterThan(5);
      for (const [key, unit] of want.headline) {
        const found = metric(m, key);
        expect(found, key).toBeDefined();
        expect(found!.unit, key).toBe(unit);
        // A figure, or a count of posts that is 0: "no recent posts", never 0 (src/shared/periodFigures.ts).
        if (found!.noPosts) expect(found!.value, key).toBeNull();
        else expect(found!.value, key).not.toBeNull();
        expect(found!.label).not.toBe(key);
      }
      // Followers first, with the summary's number.
      expect(m.metrics[0]!.key).toMatch(/^(followers_count|subscribers_count)$/);
      expect(m.metrics[0]!.value).toBe(report.summary.followers);
      // Every metric key once.
      expect(new Set(m.metrics.map((x) => x.key)).size).toBe(m.metrics.length);

      for (const key of want.breakdowns) expect(breakdown(m, key), key).toBeDefined();
      expectShares(m);
      expect(m.extras.length).toBeGreaterThan(0);
      for (const e of m.extras) expect(e.value.length).toBeGreaterThan(0);
    });
  }

  it('engagement rate in the summary (library) is the one the page shows at its default period, 30 days', () => {
    for (const network of ['instagram', 'youtube', 'tiktok', 'twitter'] as const) {
      const report = sample(network);
      const er = metric(buildReportModel(report), 'er')!;
      expect(er.byPeriod['30d']?.value ?? er.value, network).toBeCloseTo(report.summary.engagementRate!, 6);
    }
  });

  it('instagram: ~1000 daily followers points ending at fetch time, marks from titles, extras', () => {
    const m = buildReportModel(sample('instagram'));
    const followers = m.series.find((s) => s.key === 'followers')!;
    expect(followers.points.length).toBeGreaterThanOrEqual(900);
    expect(followers.points.length).toBeLessThanOrEqual(1100);
    expect(Math.abs(followers.points.at(-1)!.time - NOW)).toBeLessThan(2 * 24 * 3600_000);
    for (let i = 1; i < followers.points.length; i++) expect(followers.points[i]!.time).toBeGreaterThan(followers.points[i - 1]!.time);
    // er {value, avg, title}: avg is the benchmark, title the mark.
    const er = metric(m, 'er')!;
    expect(er.similar).not.toBeNull();
    expect(er.mark).toMatch(/^[a-z_]+$/);
    expect(Object.keys(er.byPeriod)).toEqual(['7d', '30d', '90d', '180d', '365d']);
    expect(er.byPeriod['30d']!.previous).not.toBeNull();
    // Age×gender: stacked male/female per bucket, in bucket order.
    const ages = breakdown(m, 'age_gender')!;
    expect(ages.kind).toBe('stacked');
    expect(ages.items.map((i) => i.label)).toEqual(['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+']);
    expect(ages.items[0]!.parts!.map((p) => p.label)).toEqual(['Male', 'Female']);
    // Interests are overlapping fractions: percent, not a share of one whole.
    const interests = breakdown(m, 'interests')!;
    expect(interests.share).toBe(false);
    expect(Math.max(...interests.items.map((i) => i.value))).toBeGreaterThan(1);
    expect(m.extras.find((e) => e.label === 'Emails')?.value).toContain('@');
    expect(m.scatter).toBeNull();
  });

  it('instagram with hidden likes: likes metrics shown as null, and said so', () => {
    for (let i = 0; i < 80; i++) {
      const report = sample('instagram', `hider${i}`);
      const user = report.result.user as Record<string, unknown>;
      if (user.avg_likes !== null) continue;
      const m = buildReportModel(report);
      expect(metric(m, 'avg_likes')?.value).toBeNull();
      expect(formatMetric(metric(m, 'avg_likes')!.value, 'count')).toBe('—');
      expect(m.extras.find((e) => e.label === 'Likes')?.value).toMatch(/hidden/i);
      return;
    }
    throw new Error('no account hiding likes among 80 names');
  });

  it('youtube: metrics_history series, channel quality, integration price', () => {
    const m = buildReportModel(sample('youtube'));
    const subs = m.series.find((s) => s.key === 'history.subscribers_count')!;
    expect(subs.points.length).toBeGreaterThan(10);
    expect(subs.points.at(-1)!.time).toBeLessThanOrEqual(NOW + 24 * 3600_000);
    expect(m.series.some((s) => s.key === 'history.er')).toBe(true);
    expect(metric(m, 'cqs')?.mark).not.toBeNull();
    expect(m.extras.find((e) => e.label === 'Integration price')?.value).toMatch(/^\$/);
    // subscribers_count: the total on top, new subscribers per period.
    // Two rows: the total, not by period, and new subscribers per period under their own name.
    const subsMetric = metric(m, 'subscribers_count')!;
    expect(subsMetric.label).toBe('Subscribers');
    expect(subsMetric.byPeriod).toEqual({});
    const added = metric(m, 'subscribers_count.in_period')!;
    expect(added.label).toBe('New subscribers');
    expect(added.byPeriod['30d']!.value).toBe(
      ((sample('youtube').result.report as Record<string, Record<string, Record<string, Record<string, Record<string, number>>>>>).metrics!.subscribers_count!.performance!['30d']!).value,
    );
    // Videos: the total, and the videos of the period: no "Videos (Videos in period)".
    expect(metric(m, 'media_count')!.label).toBe('Videos');
    expect(metric(m, 'media_count.in_period')!.label).toBe('Videos in the period');
    expect(m.metrics.filter((x) => x.label === 'New subscribers')).toHaveLength(1);
  });

  it('tiktok: scatter of views vs likes, likes distribution as a breakdown, mark_tittle read', () => {
    const report = sample('tiktok');
    const m = buildReportModel(report);
    const chart = ((report.result.report as Record<string, Record<string, Record<string, unknown>>>).features!.blogger_views_likes_chart!.data as unknown[]).length;
    expect(m.scatter).not.toBeNull();
    expect(m.scatter!.length).toBe(chart);
    expect(m.series.some((s) => /likes/.test(s.key))).toBe(false);
    const likes = breakdown(m, 'likes_distribution')!;
    expect(likes.kind).toBe('bar');
    expect(likes.share).toBe(false);
    expect(likes.items.length).toBeGreaterThan(0);
    // views_followers_ratio carries only mark_title per period; media_per_week mark_tittle.
    expect(metric(m, 'views_followers_ratio')!.byPeriod['30d']!.mark).toMatch(/^[a-z_]+$/);
    expect(metric(m, 'media_per_week')!.byPeriod['7d']!.mark).toMatch(/^[a-z_]+$/);
    // post_frequency is deprecated: media_per_week stands for it.
    expect(metric(m, 'post_frequency')).toBeUndefined();
    expect(metric(m, 'aqs')?.value).not.toBeNull();
    expect(metric(m, 'blogger_emv')?.unit).toBe('money');
    expect(m.extras.find((e) => e.label === 'Report type')?.value).toBe('Advanced report');
  });

  it('twitch: sentiments with counts, streams as series, hours streamed as a duration', () => {
    const m = buildReportModel(sample('twitch'));
    const sentiments = breakdown(m, 'sentiments')!;
    expect(sentiments.kind).toBe('pie');
    expect(sentiments.items.every((i) => typeof i.extra === 'number')).toBe(true);
    expect(m.series.some((s) => s.key.startsWith('stream_viewers.'))).toBe(true);
    const hours = metric(m, 'hours_streamed')!;
    const raw = (sample('twitch').result.report as Record<string, Record<string, Record<string, Record<string, Record<string, number>>>>>).metrics!.hours_streamed!.performance!['365d']!.value!;
    expect(hours.byPeriod['365d']!.value).toBeCloseTo(raw * 3_600_000, 0);
    expect(m.extras.find((e) => e.label === 'Games')?.value.length).toBeGreaterThan(0);
  });
});

describe('buildReportModel: snapchat variants', () => {
  const opendata = buildReportModel(sample('snapchat', snapName('opendata')));
  const verified = buildReportModel(sample('snapchat', snapName('verified')));

  it('labels the variant and reads its periods', () => {
    expect(opendata.variant).toBe('opendata');
    expect(verified.variant).toBe('verified');
    expect(opendata.periods).toEqual(['30d', '90d', '180d']);
    // Verified windows are 7d/30d/90d; only the subscriber metrics keep 180d.
    expect(verified.periods).toEqual(['7d', '30d', '90d']);
    // New subscribers are one row (subscribers_growth), not two.
    expect(metric(verified, 'subscribers_growth')!.label).toBe('New subscribers');
    expect(metric(verified, 'subscribers_count.in_period')).toBeUndefined();
    expect(verified.metrics.filter((x) => x.label === 'New subscribers')).toHaveLength(1);
    expect(metric(opendata, 'subscribers_count.in_period')!.byPeriod['180d']).toBeDefined();
    for (const m of [opendata, verified]) {
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.avatarUrl).toMatch(/^http/);
      expect(m.verified).not.toBeNull();
      expect(metric(m, 'subscribers_count')?.unit).toBe('count');
      expect(metric(m, 'subscribers_count')?.label).toBe('Subscribers');
      expect(metric(m, 'views_avg')).toBeDefined();
      expectShares(m);
    }
  });

  it('verified-only metrics and audience are absent from opendata; opendata-only nulls left out of verified', () => {
    for (const key of ['subscribers_growth', 'subscribers_conversion_rate', 'reach', 'reach_rate', 'story_completion_rate', 'view_time_avg', 'shares_avg']) {
      expect(metric(verified, key), key).toBeDefined();
      expect(metric(opendata, key), key).toBeUndefined();
    }
    expect(metric(verified, 'view_time_avg')!.unit).toBe('duration_ms');
    expect(metric(verified, 'views_avg.story')).toBeDefined();
    expect(metric(verified, 'views_avg.spotlight')).toBeDefined();
    expect(metric(opendata, 'views_avg.story')).toBeUndefined();
    // views_count and media_count: opendata only (null in verified).
    expect(metric(opendata, 'views_count')).toBeDefined();
    expect(metric(verified, 'views_count')).toBeUndefined();
    expect(metric(verified, 'media_count')).toBeUndefined();
    expect(breakdown(verified, 'age_gender')!.items[0]!.parts!.map((p) => p.label)).toEqual(['Male', 'Female', 'Unknown']);
    expect(breakdown(verified, 'countries')).toBeDefined();
    expect(breakdown(opendata, 'age_gender')).toBeUndefined();
    expect(breakdown(opendata, 'countries')).toBeUndefined();
  });
});

describe('buildReportModel: states', () => {
  it('low-confidence TikTok: a state note and no age×gender', () => {
    const m = buildReportModel(lowConfidence('tiktok', 'lowconf_dancer'));
    expect(m.stateNote).toMatch(/age and gender/);
    expect(breakdown(m, 'age_gender')).toBeUndefined();
    expect(breakdown(m, 'gender')).toBeUndefined();
    expect(metric(m, 'audience_age_21_plus_prc')).toBeUndefined();
    expect(metric(m, 'er')).toBeDefined();
    expectShares(m);
  });

  it('low-confidence Twitch: a note about geography', () => {
    const m = buildReportModel(lowConfidence('twitch', 'lowconf_streamer'));
    expect(m.stateNote).toMatch(/geography/);
    expectShares(m);
  });
});

describe('buildReportModel: unknown and deprecated keys', () => {
  it('an unknown metric shows with a label made from its key', () => {
    for (const network of ['youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const) {
      const report = sample(network, network === 'snapchat' ? snapName('verified') : 'nasa');
      const result = structuredClone(report.result) as { report: { metrics: Record<string, unknown> } };
      result.report.metrics.brand_new_score = { value: 42, mark: 'good', performance: { '30d': { value: 40, value_prev: 32 } } };
      const m = buildReportModel({ ...report, result });
      const found = metric(m, 'brand_new_score');
      expect(found, network).toMatchObject({ label: 'Brand new score', unit: 'count', value: 42, mark: 'good' });
      expect(found!.byPeriod['30d']!.change).toBeCloseTo(0.25);
      // Unknown metrics come after the known ones.
      expect(m.metrics.at(-1)!.key === 'brand_new_score' || m.metrics.indexOf(found!) > m.metrics.findIndex((x) => x.key === 'subscribers_count')).toBe(true);
    }
    const ig = sample('instagram');
    const result = structuredClone(ig.result) as { user: Record<string, unknown> };
    result.user.story_reply_rate = { value: 1.5, avg: 1.1, title: 'Good' };
    result.user.saves_avg = 1234;
    const m = buildReportModel({ ...ig, result });
    expect(metric(m, 'story_reply_rate')).toMatchObject({ label: 'Story reply rate', unit: 'percent', value: 1.5, similar: 1.1, mark: 'good' });
    expect(metric(m, 'saves_avg')).toMatchObject({ label: 'Saves average', unit: 'count', value: 1234 });
  });

  it('`all` without 365d is read as 365d; post_frequency shows only without media_per_week', () => {
    const report = sample('tiktok');
    const result = structuredClone(report.result) as { report: { metrics: Record<string, unknown> } };
    delete result.report.metrics.media_per_week;
    result.report.metrics.views_avg = { performance: { '30d': { value: 10 }, all: { value: 20 } } };
    const m = buildReportModel({ ...report, result });
    expect(metric(m, 'post_frequency')).toMatchObject({ unit: 'per_week', deprecated: true });
    expect(metric(m, 'views_avg')!.byPeriod['365d']!.value).toBe(20);
  });
});

describe('metricForPeriod', () => {
  const m: MetricView = {
    key: 'views_avg',
    label: 'Average views',
    unit: 'count',
    value: 500,
    mark: null,
    similar: null,
    byPeriod: {
      '30d': { value: 110, previous: 100, change: 0.1, mark: null, similar: null },
      '90d': { value: null, previous: null, change: null, mark: 'good', similar: 3 },
      '365d': { value: 90, previous: 120, change: -0.25, mark: null, similar: null },
    },
  };

  it('the period itself when carried', () => {
    expect(metricForPeriod(m, '30d')).toEqual({ value: 110, previous: 100, change: 0.1, fallback: false, source: 'period' });
    expect(metricForPeriod(m, '365d')).toEqual({ value: 90, previous: 120, change: -0.25, fallback: false, source: 'period' });
  });

  it('falls back to 365d, then the headline', () => {
    expect(metricForPeriod(m, '7d')).toEqual({ value: 90, previous: 120, change: -0.25, fallback: true, source: '365d' });
    expect(metricForPeriod(m, '90d')).toEqual({ value: 90, previous: 120, change: -0.25, fallback: true, source: '365d' });
    const noYear = { ...m, byPeriod: { '30d': m.byPeriod['30d']! } };
    expect(metricForPeriod(noYear, '180d')).toEqual({ value: 500, previous: null, change: null, fallback: true, source: 'overall' });
    expect(metricForPeriod({ ...m, value: null, byPeriod: {} }, '365d')).toEqual({ value: null, previous: null, change: null, fallback: true, source: 'overall' });
  });

  it('change is computed from value_prev in real reports', () => {
    const tiktok = buildReportModel(sample('tiktok'));
    const likes = metric(tiktok, 'likes_count.in_period')!;
    const raw = ((sample('tiktok').result.report as Record<string, Record<string, Record<string, Record<string, Record<string, number>>>>>).metrics!.likes_count!.performance!['30d']!);
    const got = metricForPeriod(likes, '30d');
    expect(got.value).toBe(raw.value);
    expect(got.previous).toBe(raw.value_prev);
    if (raw.value_prev) expect(got.change).toBeCloseTo((raw.value! - raw.value_prev) / Math.abs(raw.value_prev), 10);
    // A zero previous value gives no change rather than infinity.
    const zero = { ...likes, byPeriod: { '7d': { value: 5, previous: 0, change: null, mark: null, similar: null } } };
    expect(metricForPeriod(zero, '7d').change).toBeNull();
    // Instagram's ER by period: a change wherever the period before had posts (an ER above 0).
    const ig = buildReportModel(sample('instagram'));
    const byPeriod = (['7d', '30d', '90d', '180d', '365d'] as const).map((period) => metricForPeriod(metric(ig, 'er')!, period));
    const withPrevious = byPeriod.filter((er) => er.previous);
    expect(withPrevious.length).toBeGreaterThan(0);
    for (const er of withPrevious) expect(er.change).toBeCloseTo((er.value! - er.previous!) / Math.abs(er.previous!), 10);
  });
});

describe('formatMetric', () => {
  it.each([
    [null, 'count', '—'],
    [Number.NaN, 'count', '—'],
    [0, 'count', '0'],
    [204, 'count', '204'],
    [9.1, 'count', '9.1'],
    [1000, 'count', '1,000'],
    [9_999, 'count', '9,999'],
    [13_166, 'count', '13.2K'],
    [12_345, 'count', '12.3K'],
    [4186.4, 'count', '4,186'],
    [999_960, 'count', '1M'],
    [1_234_567, 'count', '1.2M'],
    [96_400_000, 'count', '96.4M'],
    [93_376_260_104, 'count', '93.4B'],
    [-3_288_353, 'count', '−3.3M'],
    [3.4512, 'percent', '3.45 %'],
    [52.7317, 'percent', '52.7 %'],
    [-1.328, 'percent', '−1.33 %'],
    [0.057, 'percent', '0.057 %'],
    [100, 'percent', '100 %'],
    [0.8712, 'ratio', '0.87'],
    [0.0050966, 'ratio', '0.0051'],
    [20.656, 'ratio', '20.7'],
    [4_800_000, 'duration_ms', '1 h 20 min'],
    [12_524, 'duration_ms', '12.5 s'],
    [125_000, 'duration_ms', '2 min 5 s'],
    [850, 'duration_ms', '850 ms'],
    [0, 'duration_ms', '0 min'],
    [3_271_456_107, 'duration_ms', '908 h 44 min'],
    [4.5, 'per_week', '4.5 / week'],
    [0.4667, 'per_week', '0.5 / week'],
    [12.4848, 'money', '$12.48'],
    [655_657.9, 'money', '$655.7K'],
    [1_986_230, 'money', '$2M'],
  ] as const)('%s %s → %s', (value, unit, text) => {
    expect(formatMetric(value, unit)).toBe(text);
  });

  it('formatChange', () => {
    expect(formatChange(0.123)).toBe('+12.3 %');
    expect(formatChange(-0.05)).toBe('−5 %');
    expect(formatChange(0)).toBe('0 %');
    expect(formatChange(null)).toBe('—');
  });
});

describe('buildReportModel never throws', () => {
  const bases = (['instagram', 'youtube', 'tiktok', 'twitch', 'twitter'] as const).map((n) => sample(n)).concat([sample('snapchat', snapName('verified'))]);

  /** Paths to every object and array in a tree (a few levels deep). */
  function paths(value: unknown, prefix: string[] = [], out: string[][] = [], depth = 0): string[][] {
    if (value === null || typeof value !== 'object' || depth > 6) return out;
    out.push(prefix);
    const keys = Array.isArray(value) ? Object.keys(value).slice(0, 5) : Object.keys(value);
    for (const key of keys) paths((value as Record<string, unknown>)[key], [...prefix, key], out, depth + 1);
    return out;
  }

  function replaced(tree: unknown, path: string[], value: unknown): unknown {
    if (path.length === 0) return value;
    const copy = (Array.isArray(tree) ? [...tree] : { ...(tree as object) }) as Record<string, unknown>;
    copy[path[0]!] = replaced(copy[path[0]!], path.slice(1), value);
    return copy;
  }

  const check = (report: CachedReport) => {
    const m = buildReportModel(report);
    expect(Array.isArray(m.metrics) && Array.isArray(m.breakdowns) && Array.isArray(m.series) && Array.isArray(m.extras)).toBe(true);
    for (const x of m.metrics) {
      expect(typeof formatMetric(x.value, x.unit)).toBe('string');
      for (const p of m.periods) metricForPeriod(x, p);
    }
    // Whatever the model holds can be drawn.
    m.breakdowns.forEach(breakdownOption);
    m.breakdowns.forEach(breakdownSummary);
    m.periodCharts.forEach(periodOption);
    scoresOption(m.scores);
  };

  it('with arbitrary JSON as result', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.jsonValue(), (base, json) => {
        check({ ...base, result: json as Record<string, unknown> });
      }),
      { numRuns: 300 },
    );
  });

  it('with arbitrary JSON in place of any sub-object of a real result', () => {
    const cases = bases.map((b) => ({ base: b, paths: paths(b.result) }));
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.nat(),
        fc.array(fc.jsonValue({ maxDepth: 4 }), { minLength: 1, maxLength: 3 }),
        ({ base, paths: ps }, pick, values) => {
          let result: unknown = base.result;
          values.forEach((v, i) => {
            result = replaced(result, ps[(pick + i * 7919) % ps.length]!, v);
          });
          check({ ...base, result: result as Record<string, unknown> });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('with odd envelopes', () => {
    const base = bases[0]!;
    const odd = [
      null,
      undefined,
      {},
      { ...base, summary: null },
      { ...base, network: 'myspace', state: 42 },
      { ...base, result: { user: { followers_count: 'x', er: { performance: { '30d': 5, all: [1] } }, __proto__: 1 } } },
      { ...base, result: JSON.parse('{"report":{"metrics":{"__proto__":{"value":1},"constructor":{"value":2}},"features":{"toString":{"data":3}}}}') },
    ];
    for (const o of odd) expect(() => buildReportModel(o as unknown as CachedReport)).not.toThrow();
  });
});

describe('chart options: what each network draws', () => {
  const all: Network[] = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'];

  it('every network has charts, and every option is plain finite data', () => {
    for (const network of all) {
      const m = buildReportModel(sample(network, 'chartsy'));
      const options = [
        ...m.series.map(seriesOption),
        ...(m.scatter ? [scatterOption(m.scatter)] : []),
        ...m.periodCharts.map(periodOption),
        ...(m.scores.length ? [scoresOption(m.scores)] : []),
        ...m.breakdowns.map(breakdownOption),
      ];
      expect(options.length, network).toBeGreaterThan(0);
      const text = JSON.stringify(options);
      expect(text, network).not.toMatch(/NaN|Infinity|null,null/);
    }
  });

  it('engagement rate by period follows the metric, beside similar accounts (Twitter has no other charts in its report)', () => {
    const m = buildReportModel(sample('twitter', 'jack'));
    const er = m.periodCharts.find((c) => c.key === 'er')!;
    const metricEr = metric(m, 'er')!;
    expect(er.points.map((p) => p.period)).toEqual(m.periods.filter((p) => metricEr.byPeriod[p]?.value != null));
    for (const p of er.points) expect(p.value).toBe(metricEr.byPeriod[p.period]!.value);
    const option = periodOption(er) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(er.points.map((p) => `${p.period.slice(0, -1)} days`));
    expect(option.series[0]!.data).toEqual(er.points.map((p) => p.value));
  });

  it('ranked breakdowns draw their first 12 items largest on top; the summary names the largest three', () => {
    const m = buildReportModel(sample('instagram', 'natgeo'));
    const countries = breakdown(m, 'countries')!;
    expect(countries.unit).toBe('percent');
    const option = barOption(countries) as { yAxis: { inverse: boolean; data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.inverse).toBe(true);
    expect(option.yAxis.data).toEqual(countries.items.slice(0, BAR_LIMIT).map((i) => i.label));
    expect(option.series[0]!.data).toEqual(countries.items.slice(0, BAR_LIMIT).map((i) => i.value));
    const top = countries.items[0]!;
    expect(breakdownSummary(countries)).toContain(`Audience countries: ${top.label} ${breakdownValue(countries, top.value)}`);
    expect(breakdownHeight(countries)).toBe(24 + 22 * Math.min(BAR_LIMIT, countries.items.length));
  });

  it("TikTok's likes distribution is posts per likes group, this period beside the previous one", () => {
    const m = buildReportModel(sample('tiktok', 'dancer'));
    const dist = breakdown(m, 'likes_distribution')!;
    expect(dist.unit).toBe('count');
    const option = barOption(dist) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(dist.items.map((i) => i.label));
    expect(option.series.map((s) => s.name)).toEqual(['This period', 'Previous period']);
    expect(option.series[1]!.data).toEqual(dist.items.map((i) => i.extra ?? 0));
  });

  it('parts of a whole are rings; scores out of 100 are gauges', () => {
    const m = buildReportModel(sample('instagram', 'natgeo'));
    const type = breakdown(m, 'audience_type')!;
    expect(type.kind).toBe('pie');
    const ring = pieOption(type) as { series: { type: string; data: { name: string; value: number }[] }[] };
    expect(ring.series[0]!.type).toBe('pie');
    expect(ring.series[0]!.data).toEqual(type.items.map((i) => ({ name: i.label, value: i.value })));
    expect(m.scores.map((s) => s.key)).toContain('aqs');
    for (const s of m.scores) expect(s.value).toBe(metric(m, s.key)!.value);
    const gauges = scoresOption(m.scores) as { series: { type: string; data: { value: number }[] }[] };
    expect(gauges.series.map((g) => g.data[0]!.value)).toEqual(m.scores.map((s) => s.value));
  });
});

describe('one truth per figure: cards, labels, charts', () => {
  const all = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const;

  it.each(all)('%s: cards are metrics of the table, each with a value, none a dash', (network) => {
    const m = buildReportModel(sample(network));
    expect(m.cards.length).toBeGreaterThanOrEqual(4);
    for (const key of m.cards) {
      const row = metric(m, key)!;
      expect(row, key).toBeDefined();
      for (const period of m.periods) {
        const shown = metricForPeriod(row, period);
        // A period without posts reads "No posts in the last …" (never a dash, never 0).
        if (shown.source === 'no-posts') expect(shown.value, `${key} ${period}`).toBeNull();
        else expect(formatMetric(shown.value, row.unit), `${key} ${period}`).not.toBe('—');
      }
    }
    const first = metric(m, m.cards[0]!)!;
    expect(first.label).toBe(network === 'youtube' || network === 'snapchat' ? 'Subscribers' : 'Followers');
  });

  it('labels are the researcher words, each once', () => {
    for (const network of all) {
      const m = buildReportModel(sample(network));
      const labels = m.metrics.map((x) => x.label);
      expect(new Set(labels).size, `${network}: ${labels.join(', ')}`).toBe(labels.length);
      for (const l of labels) expect(l).not.toMatch(/\(.*(in period|New )|count$/);
    }
    const twitter = buildReportModel(sample('twitter'));
    expect(twitter.cards.map((k) => metric(twitter, k)!.label)).toEqual(expect.arrayContaining(['Average likes', 'Average replies']));
    expect(twitter.cards.map((k) => metric(twitter, k)!.label)).not.toContain('Average comments');
  });

  it('Snapchat interests without published names are "Interest #id"; linked accounts name their network', () => {
    const snap = buildReportModel(sample('snapchat', snapName('verified')));
    const interests = breakdown(snap, 'interests');
    if (interests) for (const i of interests.items) expect(i.label).toMatch(/^Interest #\d+$|^[A-Z]/);
    expect(interests?.items.some((i) => /^Topic/.test(i.label))).not.toBe(true);
    const yt = buildReportModel(sample('youtube'));
    const also = yt.extras.find((e) => e.label === 'Also on')?.value ?? '';
    expect(also).not.toBe('');
    for (const part of also.split(', ')) expect(part).toMatch(/^(Instagram|YouTube|TikTok|Twitch|Twitter|Snapchat|Facebook)(: .+| \(\d+ accounts\))?$/);
    expect(also).not.toMatch(/\bid\b/);
  });

  it('words a researcher uses: no network id in "Also on", ranks and their changes with separators, one name a country, regions capitalised', () => {
    const ig = sample('instagram');
    const user = (ig.result as { user: Record<string, unknown> }).user;
    user.social_networks = [{ type: 1, id: '1830509478' }, { type: 5, id: '44196397' }, { type: 5, social_id: '783214' }, { type: 4, title: 'NASA', username: 'nasa' }];
    user.blogger_rankings = { worldwide: { rank: 3_040_438, delta: -4995 }, country: { rank: 12_500, delta: 1234, code: 'tr' }, category: { rank: 30, delta: 0, title: 'Fashion' } };
    user.audience_geography = { ...(user.audience_geography as object), countries: [{ name: 'Turkey', code: 'TR', value: 40 }, { name: 'United States', code: 'US', value: 30 }] };
    const m = buildReportModel(ig);
    const extra = (label: string) => m.extras.find((e) => e.label === label)?.value;
    expect(extra('Also on')).toBe('Twitch: NASA (@nasa), Instagram, Twitter (2 accounts)');
    expect(extra('Rank worldwide')).toBe('#3,040,438 (−4,995)');
    expect(extra('Rank in Türkiye')).toBe('#12,500 (+1,234)');
    expect(extra('Rank in Fashion')).toBe('#30');
    expect(breakdown(m, 'countries')!.items.map((i) => i.label)).toEqual(expect.arrayContaining(['Türkiye', 'United States']));

    // The same country from a network that sends a lower-case code, and region groups by key.
    const tw = sample('twitch');
    const geo = ((tw.result as { report: { features: Record<string, { data: Record<string, unknown> }> } }).report.features.audience_geo!.data);
    geo.countries = [{ id: 298795, code: 'tr', prc: 60 }, { id: 6252001, code: 'us', prc: 39 }];
    geo.groups = { north_america: 40, latin_america: 35, middle_east: 25 };
    const t = buildReportModel(tw);
    expect(breakdown(t, 'countries')!.items.map((i) => i.label)).toEqual(['Türkiye', 'United States']);
    expect(breakdown(t, 'regions')!.items.map((i) => i.label)).toEqual(['North America', 'Latin America', 'Middle East']);
  });

  it('a YouTube channel known by its id is named as a channel in its own case, not a lower-cased @handle', () => {
    const id = 'UCnlV4xjjyWhGOQb1daP1Agl';
    expect(handleOf('youtube', id.toLowerCase(), id)).toBe(`Channel ${id}`);
    expect(handleOf('youtube', 'foodchannel', id)).toBe('@foodchannel');
    expect(handleOf('instagram', 'natgeo', null)).toBe('@natgeo');
  });

  it.each(all)('%s: every chart has compact, named value axes, every age group and whole legends', (network) => {
    const m = buildReportModel(sample(network));
    const opts = [
      ...m.series.map(seriesOption),
      ...(m.scatter ? [scatterOption(m.scatter)] : []),
      ...m.periodCharts.map(periodOption),
      ...(m.scores.length ? [scoresOption(m.scores)] : []),
      ...m.breakdowns.map(breakdownOption),
    ];
    expect(opts.length).toBeGreaterThan(0);
    for (const option of opts) {
      const facts = chartFacts(option);
      // Value axes carry the unit; a bottom axis says what it counts along (a ranked list's
      // category labels are the names themselves, its values written on the bars).
      for (const axis of facts.axes.filter((a) => a.shown && (a.type === 'value' || a.dim === 'x'))) {
        expect(axis.name, JSON.stringify(axis)).not.toBe('');
        if (axis.type === 'value') expect(axis.sample).toMatch(/^1\.2M( %)?$/);
      }
      if (facts.legend) expect(facts.legend.type).toBe('plain');
      for (const g of facts.gauges) expect(g.detailOffset).toBe('0%');
    }
    const age = breakdown(m, 'age_gender');
    if (age) {
      const facts = chartFacts(breakdownOption(age));
      expect(facts.axes.find((a) => a.dim === 'x')!.allCategories).toBe(true);
    }
  });
});
