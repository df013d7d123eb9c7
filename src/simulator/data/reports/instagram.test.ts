import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { markFor } from '../random';
import { usesRealForms } from '../realForms';
import { generateInstagramHistory, generateInstagramMedia, generateReportBody } from './index';
import { makeCtx } from './context';
import { hidesLikes } from './instagram';
import { countInWindow, postTimes } from './posts';
import { at, expectHundred, expectKeys, expectPerformance, FULL, input, ISO_UPPER, list, NOW, num, rec } from './testkit';

const user = (name: string) => rec(generateReportBody(input('instagram', name)), 'user');

/** Every field of the flat report listed in api-notes.md. */
const USER_FIELDS = [
  'username', 'full_name', 'is_private', 'is_verified', 'about', 'photo_url', 'posts_count', 'followers_count', 'followings_count',
  'avg_likes', 'avg_comments', 'aqs', 'aqs_name', 'aqs_description', 'blogger_categories', 'blogger_languages', 'blogger_geo',
  'blogger_emv', 'blogger_reach', 'blogger_prices', 'brand_safety', 'blogger_rankings', 'likes_spread', 'likes_comments_ratio',
  'audience_reachability', 'audience_authenticity', 'audience_type', 'audience_ethnicity', 'followers_chart', 'following_chart', 'er',
  'subscribers_growth_prc', 'comments_rate', 'audience_languages', 'audience_age_21_plus_prc', 'social_networks', 'audience_income',
  'media_per_week', 'audience_geography', 'audience_interests', 'est_reach', 'yearly_growth', 'post_frequency', 'location',
  'demography_by_age', 'demography', 'est_post_price', 'contact_details',
] as const;

/** Names whose accounts hide likes, and names whose do not. */
const names = Array.from({ length: 200 }, (_, i) => `creator${i}`);
const hiding = names.filter((n) => hidesLikes(makeCtx(input('instagram', n))));
const showing = names.filter((n) => !hiding.includes(n));

describe('Instagram report (flat result.user)', () => {
  it('is {user} only, with every field api-notes lists', () => {
    const body = generateReportBody(input('instagram', 'insta_a'));
    expect(Object.keys(body)).toEqual(['user']);
    expectKeys(body.user, USER_FIELDS);
    // The server adds the envelope.
    for (const envelope of ['report_state', 'restTokens', 'validUntil', '_report_quality', 'report_quality']) expect(body).not.toHaveProperty(envelope);
  });

  it('agrees with the account profile', () => {
    const u = user('Insta_A');
    const p = accountProfile('instagram', 'insta_a');
    expect(u).toMatchObject({ username: 'insta_a', followers_count: p.followers, followings_count: p.following, posts_count: p.mediaCount, aqs: p.aqs, is_verified: p.verified });
    expect(num(u, 'er.value')).toBe(p.er);
    expect(u.photo_url).toBe('http://cdn.test/cdn/avatar/instagram/insta_a.png');
    expect(at(u, 'blogger_geo.country')).toBe(p.country);
  });

  it('has ~1,000 daily followers_chart points ending today at the follower count', () => {
    const u = user('chart_owner');
    const chart = list(u.followers_chart).map((point) => rec(point));
    expect(chart.length).toBeGreaterThanOrEqual(900);
    expect(chart.length).toBeLessThanOrEqual(1100);
    const last = chart.at(-1)!;
    expect(last.count).toBe(u.followers_count);
    expect(NOW / 1000 - num(last.date)).toBeLessThan(86_400);
    expect(NOW / 1000 - num(last.date)).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < chart.length; i++) expect(num(chart[i]!.date) - num(chart[i - 1]!.date)).toBe(86_400);
    for (const point of chart) expect(Number.isInteger(point.count)).toBe(true);
    expect(list(u.following_chart).length).toBe(chart.length);
  });

  it('has er.performance for 7d…365d and the deprecated all, each {value, value_prev, min, max}', () => {
    const u = user('er_owner');
    expectPerformance(u, FULL, ['value', 'value_prev', 'min', 'max'], 'er.performance');
    expect(at(u, 'er.performance.all')).toEqual(at(u, 'er.performance.365d'));
    expectKeys(u, ['value', 'avg', 'title'], 'er');
    expectPerformance(u, FULL, ['value', 'mark', 'mark_title', 'similar'], 'subscribers_growth_prc.performance');
  });

  it('subscribers_growth_prc matches the profile and the chart', () => {
    const u = user('grower');
    const p = accountProfile('instagram', 'grower');
    expect(num(u, 'subscribers_growth_prc.value')).toBe(p.growth30d);
    const chart = list(u.followers_chart).map((point) => num(at(point, 'count')));
    const start = chart[chart.length - 31]!;
    expect(num(u, 'subscribers_growth_prc.performance.30d.value')).toBeCloseTo(((chart.at(-1)! - start) / start) * 100, 9);
  });

  it('demography_by_age uses age13-17 … age65- keys and agrees with demography; the cells sum to 100', () => {
    const u = user('demo_owner');
    const byAge = list(u.demography_by_age).map((g) => rec(g));
    expect(byAge.map((g) => g.gender)).toEqual(['male', 'female']);
    const cells: number[] = [];
    for (const g of byAge) {
      const groups = list(g.by_age_group).map((x) => rec(x));
      expect(groups.map((x) => x.group)).toEqual(['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-']);
      const values = groups.map((x) => num(x.value));
      expect(num(g.value)).toBeCloseTo(values.reduce((s, v) => s + v, 0), 9);
      cells.push(...values);
    }
    expectHundred(cells);
    const demography = list(u.demography).map((d) => rec(d));
    expect(demography.map((d) => d.gender)).toEqual(['M', 'F']);
    expect(num(demography[0]!.value)).toBeCloseTo(num(byAge[0]!.value), 9);
    expect(num(u.audience_age_21_plus_prc)).toBeGreaterThan(0);
    expect(num(u.audience_age_21_plus_prc)).toBeLessThan(100);
  });

  it('audience geography has upper-case ISO codes with names, and every audience split sums to 100', () => {
    const u = user('geo_owner');
    const countries = list(u, 'audience_geography.countries').map((c) => rec(c));
    expect(countries.length).toBeGreaterThan(1);
    for (const c of countries) {
      expect(c.code).toMatch(ISO_UPPER);
      expect(c.name).toBeTypeOf('string');
    }
    expect(countries[0]!.code).toBe(accountProfile('instagram', 'geo_owner').audienceCountry);
    expectHundred(countries.map((c) => num(c.value)), 'countries');
    expectHundred(list(u.audience_languages).map((l) => num(at(l, 'value'))), 'languages');
    for (const l of list(u.audience_languages)) expect(at(l, 'code')).toMatch(/^[a-z]{2}$/);
    expectHundred(Object.values(rec(u.audience_type)).map((v) => num(v)), 'audience_type');
    expect(Object.keys(rec(u.audience_type)).sort()).toEqual(['infs', 'mass', 'real', 'susp']);
    expectHundred(list(u.audience_ethnicity).map((e) => num(at(e, 'value'))), 'ethnicity');
    expectHundred(Object.values(rec(u.audience_income)).map((v) => num(v)), 'income');
    for (const city of list(u, 'audience_geography.cities')) expectKeys(city, ['name', 'value', 'id']);
  });

  it('{value, avg, title} triples carry the mark of value against avg', () => {
    const u = user('triples');
    for (const key of ['audience_reachability', 'audience_authenticity', 'comments_rate', 'yearly_growth', 'er']) {
      const t = rec(u[key]);
      expect(String(t.title).toLowerCase(), key).toBe(markFor(num(t.value), num(t.avg)));
    }
  });

  it('about one account in ten hides likes: their likes metrics are null, the rest are numbers', () => {
    expect(hiding.length).toBeGreaterThan(5);
    expect(hiding.length).toBeLessThan(40);
    for (const name of hiding.slice(0, 5)) {
      const u = user(name);
      expect(u.avg_likes).toBeNull();
      expect(u.likes_spread).toBeNull();
      expect(u.likes_comments_ratio).toBeNull();
      // An empty map; real answers (data/realForms.ts) send it as [].
      expect(u.blogger_emv).toEqual(usesRealForms('instagram', name) ? [] : {});
    }
    const u = user(showing[0]!);
    expect(u.avg_likes).toBe(accountProfile('instagram', showing[0]!).avgLikes);
    expectKeys(u, ['value', 'avg', 'title'], 'likes_spread');
  });

  it('EMV, reach and prices need 12 posts with likes in the last 30 days, else they are empty', () => {
    let priced = 0;
    let empty = 0;
    for (const name of showing.slice(0, 60)) {
      const posts30d = countInWindow(postTimes(makeCtx(input('instagram', name))), NOW, 30);
      const u = user(name);
      if (posts30d >= 12) {
        priced++;
        expectKeys(u, ['post_price', 'post_price_from', 'post_price_to', 'stories_price', 'cpm', 'cpe'], 'blogger_prices');
        expectKeys(u, ['value'], 'blogger_emv');
        expectKeys(u, ['value'], 'blogger_reach');
      } else {
        empty++;
        const none = usesRealForms('instagram', name) ? [] : {};
        expect([u.blogger_emv, u.blogger_reach, u.blogger_prices]).toEqual([none, none, none]);
      }
    }
    expect(priced).toBeGreaterThan(0);
    expect(empty).toBeGreaterThan(0);
  });

  it('links accounts on other networks with that network’s own profile numbers', () => {
    const linked = names.map(user).flatMap((u) => list(u.social_networks).map((s) => rec(s)));
    expect(linked.length).toBeGreaterThan(0);
    // Real answers (data/realForms.ts) add a Facebook page, type 8, to accounts that link any.
    for (const name of names) {
      const types = list(user(name).social_networks).map((s) => num(rec(s).type));
      expect(types.includes(8), name).toBe(usesRealForms('instagram', name) && types.length > 0);
    }
    for (const s of linked.filter((s) => s.type !== 8).slice(0, 20)) {
      expectKeys(s, ['type', 'title', 'social_id', 'username', 'avatar_url', 'subscribers_count', 'er', 'state']);
      const network = ({ 2: 'youtube', 3: 'tiktok', 4: 'twitch', 5: 'twitter' } as const)[num(s.type) as 2 | 3 | 4 | 5];
      expect(s.subscribers_count).toBe(accountProfile(network, String(s.username)).followers);
    }
  });
});

describe('Instagram account media (2.5)', () => {
  const GROUPS = ['all', 'posts', 'igtv', 'reels'];
  const SORTS = ['time_posted_desc', 'er_desc', 'likes_desc', 'comments_desc', 'views_desc'];
  const PERIODS = ['7d', '30d', '90d', '180d'];
  const active = showing.find((n) => countInWindow(postTimes(makeCtx(input('instagram', n))), NOW, 30) >= 8)!;

  it('has groups all/posts/igtv/reels, each with the five sort keys over 7d–180d', () => {
    const body = generateInstagramMedia(input('instagram', active));
    expect(Object.keys(body).sort()).toEqual(['media', 'media_ids']);
    const ids = rec(body.media_ids);
    expect(Object.keys(ids).sort()).toEqual([...GROUPS].sort());
    for (const group of GROUPS) {
      expect(Object.keys(rec(ids[group])).sort()).toEqual([...SORTS].sort());
      for (const sort of SORTS) {
        expectPerformance(ids, PERIODS, ['metrics', 'media_ids'], `${group}.${sort}.performance`);
        for (const period of PERIODS) {
          const metrics = rec(ids, `${group}.${sort}.performance.${period}.metrics`);
          expectKeys(metrics, ['likes_avg', 'comments_avg', 'video_views_avg', 'er_avg', 'deleted_media']);
          expectKeys(metrics.er_avg, ['value', 'similar', 'mark']);
          expectKeys(metrics.deleted_media, ['value', 'similar', 'mark']);
        }
      }
    }
  });

  it('lists only media it describes, in the order the key states, within the window', () => {
    const body = generateInstagramMedia(input('instagram', active));
    const media = rec(body.media);
    const all = list(body, 'media_ids.all.time_posted_desc.performance.30d.media_ids').map(String);
    expect(all.length).toBeGreaterThan(0);
    const posted = all.map((id) => num(at(media[id], 'basic.time_posted')));
    expect(posted).toEqual([...posted].sort((a, b) => b - a));
    for (const t of posted) expect(t).toBeGreaterThan(NOW / 1000 - 30 * 86_400);
    const byEr = list(body, 'media_ids.all.er_desc.performance.30d.media_ids').map((id) => num(at(media[String(id)], 'metrics.er')));
    expect(byEr).toEqual([...byEr].sort((a, b) => b - a));
    for (const [id, item] of Object.entries(media)) {
      expectKeys(item, ['id', 'code', 'caption', 'preview_url', 'time_posted', 'type', 'is_deleted', 'social_type', 'thumbnail'], 'basic');
      expectKeys(item, ['likes_count', 'comments_count', 'video_views_count', 'er', 'er_mark'], 'metrics');
      expect(at(item, 'basic.id')).toBe(id);
      expect(at(item, 'basic.social_type')).toBe('ig');
      expect(['post', 'reel', 'igtv', 'carousel']).toContain(at(item, 'basic.type'));
      expect(['excellent', 'very_good', 'good', 'fair', 'poor']).toContain(at(item, 'metrics.er_mark'));
      expect(String(at(item, 'basic.thumbnail'))).toMatch(/^http:\/\/cdn\.test\/cdn\/thumb\/instagram\//);
    }
    // Each group holds only its types.
    for (const id of list(body, 'media_ids.reels.time_posted_desc.performance.180d.media_ids')) expect(at(media[String(id)], 'basic.type')).toBe('reel');
    for (const id of list(body, 'media_ids.posts.time_posted_desc.performance.180d.media_ids')) expect(['post', 'carousel']).toContain(at(media[String(id)], 'basic.type'));
  });

  it('marks er_avg against its benchmark, and deleted_media the other way round (fewer is better)', () => {
    const body = generateInstagramMedia(input('instagram', active));
    for (const period of PERIODS) {
      const metrics = rec(body, `media_ids.all.er_desc.performance.${period}.metrics`);
      const er = rec(metrics.er_avg);
      expect(er.mark).toBe(markFor(num(er.value), num(er.similar)));
      const deleted = rec(metrics.deleted_media);
      expect(deleted.mark).toBe(markFor(num(deleted.similar) + 1, num(deleted.value) + 1));
      // The window's metrics are the same whatever the sort order.
      expect(at(body, `media_ids.all.time_posted_desc.performance.${period}.metrics`)).toEqual(metrics);
    }
  });

  it('for an account hiding likes: likes null and nothing ordered by likes', () => {
    const name = hiding.find((n) => countInWindow(postTimes(makeCtx(input('instagram', n))), NOW, 180) > 0)!;
    const body = generateInstagramMedia(input('instagram', name));
    expect(at(body, 'media_ids.all.likes_desc.performance.180d.media_ids')).toEqual([]);
    expect(at(body, 'media_ids.all.time_posted_desc.performance.180d.metrics.likes_avg.value')).toBeNull();
    for (const item of Object.values(rec(body.media))) expect(at(item, 'metrics.likes_count')).toBeNull();
  });
});

describe('Instagram ER history (2.9)', () => {
  it('is metrics_history.er.history of {value, timestamp}, oldest first, ending at the report ER', () => {
    const body = generateInstagramHistory(input('instagram', 'history_owner'));
    const history = list(body, 'metrics_history.er.history').map((h) => rec(h));
    expect(history.length).toBeGreaterThan(5);
    for (const h of history) {
      expect(Object.keys(h).sort()).toEqual(['timestamp', 'value']);
      expect(Number.isInteger(h.timestamp)).toBe(true);
    }
    const stamps = history.map((h) => num(h.timestamp));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(history.at(-1)!.value).toBe(accountProfile('instagram', 'history_owner').er);
    expect(stamps.at(-1)!).toBeLessThanOrEqual(NOW / 1000);
  });
});
