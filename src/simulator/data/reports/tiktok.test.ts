import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { generateReportBody, generateTiktokBrandMentions } from './index';
import { LOW_CONFIDENCE_OMITS, MINI_REPORT_OMITS } from './tiktok';
import { AGE_KEYS, at, expectHundred, expectKeys, expectPerformance, FULL, input, ISO_UPPER, list, NOW, num, rec } from './testkit';

/** Spec 2.4's metrics table: top-level fields and performance fields. */
const METRICS: Record<string, { top?: string[]; perf?: string[] }> = {
  media_per_week: { top: ['value', 'mark', 'similar'], perf: ['value', 'mark', 'mark_tittle', 'similar', 'period'] },
  subscribers_count: { top: ['value'], perf: ['value'] },
  views_avg: { perf: ['value'] },
  subscribers_growth_prc: { perf: ['value', 'mark', 'similar'] },
  er: { top: ['value', 'mark_title'], perf: ['value', 'mark', 'similar'] },
  alikes_avg: { perf: ['value', 'min', 'max'] },
  likes_count: { top: ['value'], perf: ['value', 'value_prev'] },
  media_count: { top: ['value'], perf: ['value', 'mark', 'mark_tittle', 'similar', 'similar_min', 'similar_max', 'value_prev'] },
  likes_views_ratio: { top: ['value'], perf: ['value', 'mark', 'mark_tittle', 'similar', 'similar_min', 'similar_max', 'value_prev'] },
  comments_count: { top: ['value'], perf: ['value', 'value_prev'] },
  views_followers_ratio: { perf: ['value', 'mark', 'mark_title', 'similar', 'similar_min', 'similar_max', 'value_prev'] },
  shares_count: { perf: ['value', 'value_prev'] },
  following_count: { top: ['value'] },
  comments_avg: { top: ['value'], perf: ['value', 'min', 'max'] },
  shares_avg: { top: ['value'], perf: ['value', 'min', 'max'] },
  comments_likes_ratio: { top: ['value', 'mark_title'], perf: ['value', 'mark', 'similar'] },
  post_frequency: { perf: ['value', 'mark', 'similar'] },
  subscribers_quality: { top: ['value', 'mark', 'similar'] },
  audience_reachability: { top: ['value', 'mark', 'similar'] },
};

const FEATURES = [
  'audience_age_gender', 'audience_by_type', 'audience_geo', 'audience_languages', 'audience_races', 'aqs', 'blogger_views_likes_chart',
  'media_by_type', 'likes_distribution', 'blogger_geo', 'blogger_gender', 'blogger_languages', 'most_media', 'blogger_challenges_performance',
  'audience_age_21_plus_prc', 'blogger_emv', 'blogger_prices', 'blogger_reach', 'blogger_thematics',
];

const MOST_MEDIA_KEYS = [
  'time_posted_desc', 'most_recent_media', 'er_desc', 'most_engaging_media', 'views_desc', 'most_viewed_media', 'comments_desc',
  'most_commented_media', 'likes_desc', 'most_liked_media', 'shares_desc', 'most_viral_media',
];

const report = (name: string, extra = {}) => rec(generateReportBody(input('tiktok', name, extra)), 'report');

describe('TikTok report (2.4)', () => {
  const r = report('dancer_a');
  const p = accountProfile('tiktok', 'dancer_a');

  it('has basic agreeing with the profile', () => {
    expect(Object.keys(r).sort()).toEqual(['basic', 'features', 'metrics']);
    expect(rec(r.basic)).toMatchObject({ id: p.id, username: 'dancer_a', title: p.title, avatar_url: 'http://cdn.test/cdn/avatar/tiktok/dancer_a.png' });
    expect(at(r, 'metrics.subscribers_count.value')).toBe(p.followers);
    expect(at(r, 'metrics.following_count.value')).toBe(p.following);
  });

  it('has every metric of the table, with its fields, over 7d…365d and the deprecated all', () => {
    for (const [metric, { top, perf }] of Object.entries(METRICS)) {
      if (top) expectKeys(r, top, `metrics.${metric}`);
      if (perf) expectPerformance(r, FULL, perf, `metrics.${metric}.performance`);
    }
    expect(at(r, 'metrics.media_per_week.performance.30d.period')).toBe('PER_WEEK');
    // Both spellings exist, each where the spec has it.
    expect(rec(r, 'metrics.media_count.performance.30d')).not.toHaveProperty('mark_title');
    expect(rec(r, 'metrics.views_followers_ratio.performance.30d')).not.toHaveProperty('mark_tittle');
  });

  it('has every feature of 2.4 and 2.15 wrapped in {data}', () => {
    const features = rec(r.features);
    expect(Object.keys(features).sort()).toEqual([...FEATURES].sort());
    for (const [key, feature] of Object.entries(features)) expect(rec(feature), key).toHaveProperty('data');
  });

  it('audience splits sum to 100 with the spec’s keys', () => {
    const ages = rec(r, 'features.audience_age_gender.data');
    expect(Object.keys(ages)).toEqual([...AGE_KEYS]);
    expectHundred(Object.values(ages).flatMap((c) => [num(at(c, 'male')), num(at(c, 'female'))]), 'age_gender');
    const types = rec(r, 'features.audience_by_type.data');
    expect(Object.keys(types).sort()).toEqual(['bots', 'infs', 'mass', 'real']);
    expectHundred(Object.values(types).map((v) => num(v)), 'by_type');
    const geo = list(r, 'features.audience_geo.data').map((g) => rec(g));
    for (const g of geo) expect(g.code).toMatch(ISO_UPPER);
    expectHundred(geo.map((g) => num(g.prc)), 'geo');
    expectHundred(list(r, 'features.audience_languages.data').map((l) => num(at(l, 'prc'))), 'languages');
    const races = rec(r, 'features.audience_races.data');
    expect(Object.keys(races).sort()).toEqual(['african', 'arabian', 'asian', 'caucasian', 'hispanic', 'indian']);
    expectHundred(Object.values(races).map((v) => num(v)), 'races');
  });

  it('aqs, charts, media_by_type, likes_distribution, blogger_* and most_media have their shapes', () => {
    expectKeys(r, ['value', 'mark', 'description'], 'features.aqs.data');
    expectKeys(r, ['mark', 'description'], 'features.aqs.data.description.er');
    expectKeys(r, ['key', 'text'], 'features.aqs.data.description.er.description.title');
    for (const point of list(r, 'features.blogger_views_likes_chart.data')) expectKeys(point, ['x', 'y']);
    expectKeys(r, ['recommended', 'commercial', 'potentially_commercial'], 'features.media_by_type.data');
    expectPerformance(r, FULL, ['value', 'value_prev'], 'features.likes_distribution.data');
    const in30 = num(r, 'metrics.media_count.performance.30d.value');
    expect(Object.values(rec(r, 'features.likes_distribution.data.30d.value')).reduce((s: number, v) => s + num(v), 0)).toBe(in30);
    expect(at(r, 'features.blogger_geo.data.country')).toMatch(ISO_UPPER);
    expect(['male', 'female', 'unknown']).toContain(at(r, 'features.blogger_gender.data'));
    expect(list(r, 'features.blogger_languages.data')).toEqual([p.language]);
    expect(Object.keys(rec(r, 'features.most_media.data')).sort()).toEqual([...MOST_MEDIA_KEYS].sort());
    for (const key of MOST_MEDIA_KEYS) expectPerformance(r, FULL, ['media_ids'], `features.most_media.data.${key}.performance`);
    expect(at(r, 'features.most_media.data.views_desc')).toEqual(at(r, 'features.most_media.data.most_viewed_media'));
    const challenges = rec(r, 'features.blogger_challenges_performance.data');
    expectKeys(challenges, ['posts', 'challenges', 'has_launched_advertising', 'challenges_stats']);
    expectPerformance(challenges, FULL, ['commercial_count', 'post_ids', 'basic_stats'], 'challenges_stats.performance');
    for (const post of Object.values(rec(challenges.posts))) {
      expectKeys(post, ['id', 'text', 'is_commercial', 'is_potentially_commercial', 'comment_setting', 'thumbnail', 'thumbnail_gif', 'time_posted', 'exact_create_time', 'is_recommended', 'challenges'], 'basic');
    }
    expectKeys(r, ['post_price', 'post_price_from', 'post_price_to', 'cpm', 'cpe'], 'features.blogger_prices.data');
    expect(num(r, 'features.audience_age_21_plus_prc.data')).toBeLessThan(100);
  });

  it('blogger_gender is null for brand accounts', () => {
    const brand = Array.from({ length: 200 }, (_, i) => `shop${i}`).find((n) => accountProfile('tiktok', n).accountType === 'brand')!;
    expect(at(report(brand), 'features.blogger_gender.data')).toBeNull();
  });

  it('READY_LOW_CONFIDENCE omits the audience features of 3.1 and keeps the rest', () => {
    const low = rec(report('lowconf_dancer', { lowConfidence: true }).features);
    const full = rec(report('lowconf_dancer').features);
    expect([...LOW_CONFIDENCE_OMITS].sort()).toEqual(['audience_age_21_plus_prc', 'audience_age_gender', 'blogger_emv', 'blogger_prices', 'blogger_reach', 'blogger_thematics']);
    for (const key of LOW_CONFIDENCE_OMITS) {
      expect(full).toHaveProperty([key]);
      expect(low).not.toHaveProperty([key]);
    }
    expect(Object.keys(low).sort()).toEqual(Object.keys(full).filter((k) => !(LOW_CONFIDENCE_OMITS as readonly string[]).includes(k)).sort());
    expect(low.audience_geo).toEqual(full.audience_geo);
  });

  it('the mini report leaves out the audience analysis; the advanced one (or no type) has it', () => {
    const mini = rec(report('dancer_a', { tiktokType: 'report' }).features);
    for (const key of MINI_REPORT_OMITS) expect(mini).not.toHaveProperty([key]);
    expect(mini).toHaveProperty('aqs');
    expect(report('dancer_a', { tiktokType: 'advanced_report' })).toEqual(r);
  });
});

describe('TikTok brand mentions (2.8)', () => {
  const names = Array.from({ length: 20 }, (_, i) => `mentioner${i}`);

  it('has mentions.performance by period, users and posts, consistent with each other', () => {
    let seenEmpty = false;
    let seenData = false;
    for (const name of names) {
      const body = generateTiktokBrandMentions(input('tiktok', name));
      expect(Object.keys(body).sort()).toEqual(['mentions', 'posts', 'users']);
      const perf = rec(body, 'mentions.performance');
      expect(Object.keys(perf).sort()).toEqual([...FULL].sort());
      const users = rec(body.users);
      const posts = rec(body.posts);
      for (const period of FULL) {
        const data = at(perf, `${period}.data`);
        if (Array.isArray(data)) {
          expect(data).toEqual([]); // none in this period
          seenEmpty = true;
          continue;
        }
        seenData = true;
        for (const [channel, entry] of Object.entries(rec(data))) {
          expect(users).toHaveProperty([channel]);
          expectKeys(entry, ['posts_ids', 'mentioned_posts_er', 'mentioned_posts_er_mark', 'mentioned_posts_views', 'mentioned_posts_views_mark', 'mentioned_posts_count', 'last_mentioned_post']);
          const ids = list(entry, 'posts_ids').map(String);
          expect(at(entry, 'mentioned_posts_count')).toBe(ids.length);
          for (const id of ids) {
            expect(posts).toHaveProperty([id]);
            expect(String(at(posts[id], 'basic.text'))).toContain(`@${channel}`);
            expect(num(at(posts[id], 'basic.exact_create_time'))).toBeGreaterThan(NOW / 1000 - 365 * 86_400);
          }
        }
      }
      for (const [channel, user] of Object.entries(users)) {
        expectKeys(user, ['id', 'uid', 'username', 'social_type', 'title', 'avatar_url', 'description', 'is_public', 'is_verified', 'is_deleted', 'followers_count', 'tier', 'is_brand']);
        expect(at(user, 'social_type')).toBe(3);
        expect(at(user, 'followers_count')).toBe(accountProfile('tiktok', channel).followers);
      }
      for (const post of Object.values(posts)) {
        expectKeys(post, ['id', 'text', 'challenges', 'is_commercial', 'is_potentially_commercial', 'comment_setting', 'thumbnail', 'thumbnail_gif', 'create_time', 'time_posted', 'exact_create_time', 'is_recommended'], 'basic');
        for (const m of ['views_count', 'likes_count', 'comments_count', 'shares_count', 'length_sec', 'virality', 'er', 'challenges_count']) expectKeys(post, ['value'], `metrics.${m}`);
        expect(at(post, 'basic.create_time')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    expect(seenEmpty).toBe(true);
    expect(seenData).toBe(true);
  });
});
