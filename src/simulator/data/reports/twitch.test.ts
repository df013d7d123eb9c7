import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { generateReportBody } from './index';
import { AGE_KEYS, at, expectHundred, expectKeys, expectPerformance, FULL, input, ISO_UPPER, list, num, rec, sum } from './testkit';

/** Spec 2.2's metrics table: performance fields (top-level `value` where the table has one). */
const METRICS: Record<string, { value?: boolean; perf?: string[]; ints?: boolean }> = {
  subscribers_count: { value: true, perf: ['value'], ints: true },
  following_count: { value: true }, // performance may be null: checked apart
  views_avg: { perf: ['value', 'max', 'min', 'value_prev'], ints: true },
  subscribers_growth_prc: { perf: ['value', 'mark', 'similar'] },
  views_count: { value: true },
  live_viewers_avg: { perf: ['value', 'value_prev'], ints: true },
  videos_per_week: { perf: ['value', 'value_prev'], ints: true },
  video_views_count: { perf: ['value', 'value_prev'] },
  video_views_avg: { perf: ['value', 'value_prev'] },
  views_rate: { perf: ['value', 'value_prev'] },
  hours_streamed: { perf: ['value', 'value_prev'] },
  active_days_per_week: { perf: ['value', 'value_prev'], ints: true },
  chat_messages_per_hour: { perf: ['value', 'similar', 'mark', 'mark_title'] },
};

const FEATURES = ['audience_age_gender', 'audience_geo', 'stream_viewers', 'audience_languages', 'audience_sentiments', 'most_media', 'blogger_geo', 'blogger_emails', 'blogger_languages', 'games', 'social_networks'];

const report = (name: string, lowConfidence = false) => rec(generateReportBody(input('twitch', name, { lowConfidence })), 'report');

describe('Twitch report (2.2)', () => {
  const r = report('streamer_a');

  it('has basic agreeing with the profile', () => {
    const p = accountProfile('twitch', 'streamer_a');
    expect(rec(r.basic)).toEqual({ id: p.id, username: 'streamer_a', title: p.title, avatar_url: 'http://cdn.test/cdn/avatar/twitch/streamer_a.png', description: p.description });
    expect(at(r, 'metrics.subscribers_count.value')).toBe(p.followers);
  });

  it('has every metric of the table over 7d…365d and the deprecated all', () => {
    for (const [metric, { value, perf, ints }] of Object.entries(METRICS)) {
      if (value) expect(rec(r, `metrics.${metric}`)).toHaveProperty('value');
      if (!perf) continue;
      expectPerformance(r, FULL, perf, `metrics.${metric}.performance`);
      if (ints) for (const period of FULL) expect(Number.isInteger(at(r, `metrics.${metric}.performance.${period}.value`)), metric).toBe(true);
    }
    for (const period of FULL) expect(num(r, `metrics.active_days_per_week.performance.${period}.value`)).toBeLessThanOrEqual(7);
  });

  it('following_count.performance and views_count.value are sometimes null', () => {
    const reports = Array.from({ length: 40 }, (_, i) => report(`streamer${i}`));
    const followingNull = reports.filter((x) => at(x, 'metrics.following_count.performance') === null).length;
    expect(followingNull).toBeGreaterThan(0);
    expect(followingNull).toBeLessThan(40);
    for (const x of reports) {
      const perf = at(x, 'metrics.following_count.performance');
      if (perf !== null) expectPerformance(perf, FULL, ['value']);
    }
    expect(reports.some((x) => at(x, 'metrics.views_count.value') === null)).toBe(true);
  });

  it('has the features of 2.2', () => {
    const features = rec(r.features);
    expect(Object.keys(features).sort()).toEqual([...FEATURES].sort());
    const ages = rec(features, 'audience_age_gender.data');
    expect(Object.keys(ages)).toEqual([...AGE_KEYS]);
    expectHundred(Object.values(ages).flatMap((c) => [num(at(c, 'male')), num(at(c, 'female'))]));
    expect(at(features, 'audience_geo.status.code')).toBeTypeOf('string');
    const countries = list(features, 'audience_geo.data.countries').map((c) => rec(c));
    for (const c of countries) {
      expectKeys(c, ['id', 'code', 'prc']);
      expect(c.code).toMatch(ISO_UPPER);
    }
    expectHundred(countries.map((c) => num(c.prc)), 'countries');
    expect(sum(Object.values(rec(features, 'audience_geo.data.groups')).map((v) => num(v)))).toBeCloseTo(100, 9);
    for (const stream of list(features, 'stream_viewers.data')) {
      expect(at(stream, 'video_id')).toBeTypeOf('string');
      for (const point of list(stream, 'chart')) {
        expect(Number.isInteger(at(point, 'value'))).toBe(true);
        expect(at(point, 'time_iso')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      }
    }
    expectHundred(list(features, 'audience_languages.data').map((l) => num(at(l, 'prc'))), 'languages');
    for (const key of ['most_hours_streamed', 'most_views']) expectPerformance(features, FULL, ['media_ids'], `most_media.data.${key}.performance`);
    expect(rec(features.blogger_emails)).toHaveProperty('status.code');
    list(features, 'blogger_emails.data');
    for (const game of list(features, 'games.data')) {
      expectKeys(game, ['id', 'title', 'avatar_url'], 'basic');
      expect(Number.isInteger(at(game, 'metrics.subscribers_count'))).toBe(true);
      for (const m of ['streams_count', 'views_avg', 'hours_streamed']) expectPerformance(game, FULL, ['value'], `metrics.${m}.performance`);
    }
    for (const link of list(features, 'social_networks.data')) {
      expect(at(link, 'type')).toBeTypeOf('number');
      expect(at(link, 'id')).toBeTypeOf('string');
    }
  });

  it('audience_sentiments shares sum to 100, or the feature is null', () => {
    const all = Array.from({ length: 30 }, (_, i) => at(report(`chatty${i}`), 'features.audience_sentiments'));
    expect(all.some((s) => s === null)).toBe(true);
    for (const s of all.filter((x) => x !== null)) {
      const sentiments = rec(s, 'data.sentiments');
      expect(Object.keys(sentiments).sort()).toEqual(['NEGATIVE', 'NEUTRAL', 'POSITIVE']);
      expectHundred(Object.values(sentiments).map((x) => num(at(x, 'prc'))));
      expectKeys(s, ['score', 'comments_count', 'posts_count'], 'data');
    }
  });

  it('READY_LOW_CONFIDENCE: audience_geo is null or down to one or two countries', () => {
    let nulls = 0;
    let limited = 0;
    for (let i = 0; i < 30; i++) {
      const geo = at(report(`lowconf_streamer${i}`, true), 'features.audience_geo');
      if (geo === null) {
        nulls++;
        continue;
      }
      limited++;
      const countries = list(geo, 'data.countries');
      expect(countries.length).toBeGreaterThanOrEqual(1);
      expect(countries.length).toBeLessThanOrEqual(2);
      expectHundred(countries.map((c) => num(at(c, 'prc'))));
    }
    expect(nulls).toBeGreaterThan(0);
    expect(limited).toBeGreaterThan(0);
    // Without the flag the same account has a full geography.
    expect(list(report('lowconf_streamer0'), 'features.audience_geo.data.countries').length).toBeGreaterThan(2);
  });
});
