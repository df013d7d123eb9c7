import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { generateReportBody, snapchatVariant } from './index';
import { AGE_KEYS, at, expectHundred, expectKeys, expectPerformance, input, ISO_UPPER, list, num, rec } from './testkit';

type Presence = 'both' | 'opendata' | 'verified';

/** Spec 2.3's presence legend, with each metric's fields (`perf` = fields of every performance window). */
const METRICS: Record<string, { presence: Presence; top?: string[]; perf?: string[] }> = {
  subscribers_count: { presence: 'both', top: ['value'], perf: ['value'] },
  subscribers_growth_prc: { presence: 'both', perf: ['value', 'mark', 'similar'] },
  subscribers_growth: { presence: 'verified', perf: ['value', 'value_prev', 'mark', 'similar'] },
  subscribers_conversion_rate: { presence: 'verified', top: ['value'] },
  views_count: { presence: 'opendata', top: ['value', 'mark', 'similar'], perf: ['value', 'mark', 'similar'] },
  views_avg: { presence: 'both', top: ['value', 'similar', 'mark'], perf: ['value'] },
  media_count: { presence: 'opendata', perf: ['value'] },
  media_per_week: { presence: 'both', top: ['value', 'mark'], perf: ['value'] },
  reach: { presence: 'verified', perf: ['value', 'value_spotlight', 'value_story', 'mark'] },
  reach_rate: { presence: 'verified', perf: ['value', 'value_spotlight', 'value_story', 'mark'] },
  story_completion_rate: { presence: 'verified', top: ['value'], perf: ['value'] },
  story_skip_rate: { presence: 'verified', top: ['value'], perf: ['value'] },
  story_exit_rate: { presence: 'verified', top: ['value'], perf: ['value'] },
  story_rewatch_rate: { presence: 'verified', top: ['value', 'value_viewers'], perf: ['value', 'value_viewers'] },
  view_time_avg: { presence: 'verified', perf: ['value', 'value_spotlight', 'value_story'] },
  shares_avg: { presence: 'verified', top: ['value', 'value_spotlight', 'value_story'], perf: ['value'] },
};

const FEATURES: Record<string, Presence> = {
  most_media: 'both',
  blogger_emails: 'both',
  blogger_geo: 'both',
  blogger_languages: 'opendata',
  blogger_hashtags: 'opendata',
  last_media: 'both',
  blogger_thematics: 'verified',
  audience_geo: 'verified',
  audience_age_gender: 'verified',
  audience_thematics: 'verified',
  social_networks: 'both',
};

const WINDOWS = { opendata: ['30d', '90d', '180d'], verified: ['7d', '30d', '90d'] } as const;
const SUBSCRIBER_WINDOWS = ['30d', '90d', '180d'];

const names = Array.from({ length: 40 }, (_, i) => `snapper${i}`);
const opendataName = names.find((n) => snapchatVariant(n) === 'opendata')!;
const verifiedName = names.find((n) => snapchatVariant(n) === 'verified')!;
const report = (name: string) => rec(generateReportBody(input('snapchat', name)), 'report');

describe('Snapchat variants', () => {
  it('are fixed per name (case-insensitive) and both occur, about half each', () => {
    const variants = names.map(snapchatVariant);
    expect(variants.filter((v) => v === 'verified').length).toBeGreaterThanOrEqual(10);
    expect(variants.filter((v) => v === 'opendata').length).toBeGreaterThanOrEqual(10);
    for (const n of names) expect(snapchatVariant(n.toUpperCase())).toBe(snapchatVariant(n));
    for (const n of names.slice(0, 10)) expect(report(n).version).toBe(snapchatVariant(n));
  });
});

describe.each(['opendata', 'verified'] as const)('Snapchat %s report (2.3)', (variant) => {
  const name = variant === 'opendata' ? opendataName : verifiedName;
  const r = report(name);
  const other: Presence = variant === 'opendata' ? 'verified' : 'opendata';

  it('has version, and basic with social_type 7 agreeing with the profile', () => {
    const p = accountProfile('snapchat', name);
    expect(r.version).toBe(variant);
    expectKeys(r, ['id', 'username', 'title', 'avatar_url', 'description', 'social_type', 'external_urls', 'is_verified'], 'basic');
    expect(rec(r.basic)).toMatchObject({ id: p.id, username: p.username, social_type: 7, is_verified: p.verified });
    expect(at(r, 'metrics.subscribers_count.value')).toBe(p.followers);
  });

  it('follows the presence legend for metrics, with the variant’s windows', () => {
    const metrics = rec(r.metrics);
    for (const [metric, { presence, top, perf }] of Object.entries(METRICS)) {
      if (presence === other) {
        // Opendata-only keys stay in verified as null; verified-only keys are absent from opendata.
        if (variant === 'verified') expect(metrics[metric], metric).toBeNull();
        else expect(metrics, metric).not.toHaveProperty([metric]);
        continue;
      }
      if (top) expectKeys(metrics, top, metric);
      const windows = metric.startsWith('subscribers_count') || metric === 'subscribers_growth_prc' ? SUBSCRIBER_WINDOWS : WINDOWS[variant];
      if (perf) expectPerformance(metrics, windows, perf, `${metric}.performance`);
    }
  });

  it('views_avg carries the story/spotlight split only when verified, and min/max only with opendata', () => {
    const viewsAvg = rec(r, 'metrics.views_avg');
    const split = ['value_story', 'mark_story', 'value_spotlight', 'mark_spotlight'];
    for (const key of split) {
      if (variant === 'verified') expect(viewsAvg).toHaveProperty([key]);
      else expect(viewsAvg).not.toHaveProperty([key]);
    }
    for (const window of WINDOWS[variant]) {
      const perf = rec(viewsAvg, `performance.${window}`);
      if (variant === 'opendata') {
        num(perf.min);
        num(perf.max);
      } else {
        expect(perf.min).toBeNull();
        expect(perf.max).toBeNull();
      }
    }
  });

  it('follows the presence legend for features', () => {
    const features = rec(r.features);
    for (const [feature, presence] of Object.entries(FEATURES)) {
      if (presence === other) {
        if (variant === 'verified') expect(features[feature], feature).toEqual({ data: null });
        else expect(features, feature).not.toHaveProperty([feature]);
      } else {
        expect(rec(features[feature]), feature).toHaveProperty('data');
        expect(at(features, `${feature}.data`), feature).not.toBeNull();
      }
    }
    expect(Object.keys(features).sort()).toEqual(Object.entries(FEATURES).filter(([, p]) => variant === 'verified' || p !== 'verified').map(([k]) => k).sort());
  });

  it('features have the shapes of 2.3', () => {
    const features = rec(r.features);
    const groups = rec(features, 'most_media.data.media_ids');
    expect(Object.keys(groups).sort()).toEqual(['all', 'snaps', 'spotlights']);
    for (const group of Object.keys(groups)) {
      for (const sort of ['views_desc', 'time_posted_desc']) expectPerformance(groups, WINDOWS[variant], ['media_ids'], `${group}.${sort}.performance`);
    }
    expect(at(features, 'blogger_geo.data.country')).toMatch(ISO_UPPER);
    expect(Number.isInteger(at(features, 'blogger_geo.data.city'))).toBe(true);
    expect(Number.isInteger(at(features, 'blogger_geo.data.state'))).toBe(true);
    for (const [id, media] of Object.entries(rec(features, 'last_media.data'))) {
      expectKeys(media, ['id', 'url', 'media_url', 'time_posted', 'type'], 'basic');
      expect(at(media, 'basic.id')).toBe(id);
      expectKeys(media, ['views_count', 'shares_count', 'likes_count', 'comments_count'], 'metrics');
      list(media, 'features.hashtags');
    }
    if (variant === 'opendata') {
      expect(Object.keys(rec(features, 'blogger_hashtags.data.performance'))).toEqual([...WINDOWS.opendata]);
      for (const window of WINDOWS.opendata) for (const tag of list(features, `blogger_hashtags.data.performance.${window}`)) expectKeys(tag, ['text', 'media_count', 'er_avg']);
    } else {
      const ages = rec(features, 'audience_age_gender.data');
      expect(Object.keys(ages)).toEqual([...AGE_KEYS]);
      expectHundred(Object.values(ages).flatMap((c) => [num(at(c, 'male')), num(at(c, 'female')), num(at(c, 'unknown'))]), 'age_gender');
      const countries = list(features, 'audience_geo.data.countries');
      for (const c of countries) expect(at(c, 'code')).toMatch(ISO_UPPER);
      expectHundred(countries.map((c) => num(at(c, 'prc'))), 'countries');
      for (const s of list(features, 'audience_geo.data.states')) expectKeys(s, ['id', 'title', 'prc']);
      expectHundred(list(features, 'audience_thematics.data').map((t) => num(at(t, 'prc'))), 'thematics');
      expect(list(features, 'blogger_thematics.data').length).toBeGreaterThan(0);
    }
  });

  it('subscribers_conversion_rate has two decimals (verified)', () => {
    if (variant === 'opendata') return;
    const value = num(r, 'metrics.subscribers_conversion_rate.value');
    expect(Math.round(value * 100) / 100).toBe(value);
  });
});
