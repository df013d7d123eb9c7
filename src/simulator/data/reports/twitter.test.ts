import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { generateReportBody, generateTwitterHistory } from './index';
import { at, expectKeys, input, ISO_UPPER, list, NOW, rec } from './testkit';

describe('Twitter report (api-notes)', () => {
  const r = rec(generateReportBody(input('twitter', 'tweeter_a')), 'report');
  const p = accountProfile('twitter', 'tweeter_a');

  it('has basic with username and description, agreeing with the profile', () => {
    expect(rec(r.basic)).toMatchObject({ id: p.id, username: 'tweeter_a', description: p.description, avatar_url: 'http://cdn.test/cdn/avatar/twitter/tweeter_a.png' });
    expect(at(r, 'metrics.subscribers_count.value')).toBe(p.followers);
    expect(at(r, 'metrics.following_count.value')).toBe(p.following);
    expect(at(r, 'metrics.er.value')).toBe(p.er);
  });

  it('has the four known features, each {data}', () => {
    const features = rec(r.features);
    expect(Object.keys(features).sort()).toEqual(['blogger_emails', 'blogger_geo', 'blogger_languages', 'blogger_rankings']);
    expect(at(features, 'blogger_geo.data.country')).toMatch(ISO_UPPER);
    expect(list(features, 'blogger_languages.data')).toEqual([p.language]);
    list(features, 'blogger_emails.data');
    expectKeys(features, ['rank', 'delta'], 'blogger_rankings.data.worldwide');
    expectKeys(features, ['rank', 'delta'], 'blogger_rankings.data.country');
  });
});

describe('Twitter metrics history (2.9)', () => {
  const KEYS = ['er', 'retweet_count', 'reply_count', 'favorite_count', 'media_per_week', 'subscribers_count', 'following_count'];
  const body = generateTwitterHistory(input('twitter', 'tweeter_a'));
  const p = accountProfile('twitter', 'tweeter_a');

  it('has the seven series of {value, time_iso}, oldest first, on the same dates', () => {
    const history = rec(body, 'metrics_history');
    expect(Object.keys(history).sort()).toEqual([...KEYS].sort());
    const dates = list(history, 'er.history').map((h) => at(h, 'time_iso'));
    expect(dates.length).toBeGreaterThan(5);
    for (const key of KEYS) {
      const points = list(history, `${key}.history`).map((h) => rec(h));
      expect(points.map((h) => h.time_iso)).toEqual(dates);
      for (const point of points) {
        expect(Object.keys(point).sort()).toEqual(['time_iso', 'value']);
        // er is a float; every other series counts something.
        if (key !== 'er') expect(Number.isInteger(point.value), key).toBe(true);
      }
    }
    const times = dates.map((d) => new Date(String(d)).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)!).toBeLessThanOrEqual(NOW);
  });

  it('ends at the report’s followers, following and ER', () => {
    const last = (key: string) => list(body, `metrics_history.${key}.history`).at(-1);
    expect(at(last('subscribers_count'), 'value')).toBe(p.followers);
    expect(at(last('following_count'), 'value')).toBe(p.following);
    expect(at(last('er'), 'value')).toBe(p.er);
  });
});
