import { describe, expect, it } from 'vitest';
import { accountProfile } from '../profile';
import { generateReportBody, generateYoutubeBrandMentions, generateYoutubeMediaPage } from './index';
import { at, expectHundred, expectKeys, expectPerformance, input, ISO_LOWER, list, NOW, num, rec } from './testkit';

const LONG = ['30d', '90d', '180d', '365d', 'all'];
const PERIODS_2_6 = ['7d', '30d', '90d', '180d', '365d', 'all'];
/** The metrics api-notes.md lists, each with performance.{30d,90d,180d,365d,all}. */
const METRICS = [
  'subscribers_count', 'subscribers_growth_prc', 'media_count', 'views_count', 'views_avg', 'videos_v30', 'likes_count', 'dislikes_count',
  'comments_count', 'video_views_avg', 'comments_rate', 'reactions_rate', 'videos_per_week', 'comments_avg', 'alikes_avg',
  'likes_comments_ratio', 'er',
];

/** A video object of spec 2.6. */
function expectVideo(video: unknown, channelId: string): void {
  expectKeys(video, ['id', 'title', 'description', 'strict_reason', 'is_stricted', 'thumbnail', 'time_added', 'time_added_iso', 'channel_ids', 'metrics']);
  const v = rec(video);
  expect(v.channel_ids).toEqual([channelId]);
  expect(v.is_stricted).toBeTypeOf('boolean');
  expect(String(v.thumbnail)).toMatch(/^http:\/\/cdn\.test\/cdn\/thumb\/youtube\//);
  expect(new Date(String(v.time_added_iso)).getTime() / 1000).toBe(v.time_added);
  const metrics = rec(v.metrics);
  for (const key of ['views_count', 'likes_count', 'dislikes_count', 'comments_count', 'engagement', 'length_sec']) expect(Number.isInteger(at(metrics, `${key}.value`)), key).toBe(true);
  num(metrics, 'rating_value.value');
  num(metrics, 'views_performance.value');
  expectKeys(metrics, ['value', 'mark'], 'er');
  expectKeys(metrics, ['value', 'value_from', 'value_to', 'performance'], 'cpm');
  expectPerformance(metrics, PERIODS_2_6, ['mark'], 'cpm.performance');
}

describe('YouTube report (api-notes)', () => {
  const body = generateReportBody(input('youtube', 'UCtube_owner'));
  const profile = accountProfile('youtube', 'UCtube_owner');

  it('has report {basic, metrics, features}, video_integration_price, metrics_history and media — no envelope', () => {
    expect(Object.keys(body).sort()).toEqual(['media', 'metrics_history', 'report', 'video_integration_price']);
    expect(Object.keys(rec(body.report)).sort()).toEqual(['basic', 'features', 'metrics']);
    expectKeys(body, ['price', 'price_from', 'price_to'], 'video_integration_price.data');
  });

  it('a channel asked for by its id answers with that id and a readable title, never the id lower-cased into words', () => {
    for (const id of ['UCBJycsmduvYEL83R_U4JriQ', 'UCpVm7bg6pXKo1Pr6k5kxG9A', 'UCLA_DiR1FfKNvjuUpBHmylQ']) {
      const basic = rec(generateReportBody(input('youtube', id)), 'report.basic');
      expect(basic.id).toBe(id);
      expect(String(basic.title)).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(String(basic.title).toLowerCase()).not.toContain(id.slice(2, 8).toLowerCase());
    }
  });

  it('basic and subscribers agree with the profile', () => {
    expect(rec(body, 'report.basic')).toMatchObject({ id: profile.id, username: profile.username, title: profile.title });
    expect(at(body, 'report.metrics.subscribers_count.value')).toBe(profile.followers);
    expect(at(body, 'report.metrics.er.value')).toBe(profile.er);
  });

  it('has every listed metric with performance.{30d,90d,180d,365d,all}', () => {
    for (const metric of METRICS) expectPerformance(body, LONG, ['value'], `report.metrics.${metric}.performance`);
    for (const rated of ['subscribers_growth_prc', 'comments_rate', 'reactions_rate', 'likes_comments_ratio', 'er']) {
      expectPerformance(body, LONG, ['value', 'mark', 'similar'], `report.metrics.${rated}.performance`);
    }
    expect(at(body, 'report.metrics.er.performance.all')).toEqual(at(body, 'report.metrics.er.performance.365d'));
  });

  it('wraps every feature in {data}; countries are lower case; cqs has value, mark and display_mark', () => {
    const features = rec(body, 'report.features');
    for (const [key, feature] of Object.entries(features)) expect(Object.keys(rec(feature)), key).toEqual(['data']);
    const geo = list(features, 'audience_geo.data').map((g) => rec(g));
    for (const g of geo) expect(g.title).toMatch(ISO_LOWER);
    expect(geo[0]!.title).toBe(profile.audienceCountry.toLowerCase());
    expectHundred(geo.map((g) => num(g.prc)), 'audience_geo');
    expectHundred(list(features, 'audience_languages.data').map((g) => num(at(g, 'prc'))), 'audience_languages');
    expectHundred(Object.values(rec(features, 'audience_age_gender.data')).flatMap((c) => [num(at(c, 'male')), num(at(c, 'female'))]), 'age_gender');
    expect(at(features, 'blogger_geo.data.country')).toMatch(ISO_LOWER);
    expectKeys(features, ['value', 'mark', 'display_mark'], 'cqs.data');
  });

  it('metrics_history series have {time, value, time_iso} ending at today’s numbers', () => {
    for (const key of ['subscribers_count', 'er', 'media_count', 'videos_v30']) {
      const history = list(body, `metrics_history.${key}.history`).map((h) => rec(h));
      expect(history.length, key).toBeGreaterThan(10);
      for (const h of history) expect(Object.keys(h).sort()).toEqual(['time', 'time_iso', 'value']);
      expect(new Date(String(history.at(-1)!.time_iso)).getTime() / 1000).toBe(history.at(-1)!.time);
    }
    expect(at(body, 'metrics_history.subscribers_count.history')).toSatisfy((h: { value: number }[]) => h.at(-1)!.value === profile.followers);
    expect(at(body, 'metrics_history.media_count.history')).toSatisfy((h: { value: number }[]) => h.at(-1)!.value === profile.mediaCount);
  });

  it('media holds at most 50 videos: the first media page', () => {
    const media = list(body.media);
    expect(media.length).toBe(Math.min(50, profile.mediaCount));
    for (const video of media) expectVideo(video, profile.id);
    expect(media).toEqual(generateYoutubeMediaPage(input('youtube', 'UCtube_owner'), 1).media);
  });
});

describe('YouTube media pages (2.6)', () => {
  // A channel with more than one page.
  const name = Array.from({ length: 50 }, (_, i) => `UCpaged${i}`).find((n) => accountProfile('youtube', n).mediaCount > 120)!;
  const total = accountProfile('youtube', name).mediaCount;
  const pages = Math.ceil(total / 50);

  it('has 50 videos a page, total_pages consistent with the channel’s videos, newest first', () => {
    const first = generateYoutubeMediaPage(input('youtube', name), 1);
    expect(first).toMatchObject({ current_page: 1, total_pages: pages });
    expect(list(first.media)).toHaveLength(50);
    const last = generateYoutubeMediaPage(input('youtube', name), pages);
    expect(list(last.media)).toHaveLength(total - (pages - 1) * 50);
    const times = [1, 2].flatMap((page) => list(generateYoutubeMediaPage(input('youtube', name), page).media).map((v) => num(at(v, 'time_added'))));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const t of times) expect(t).toBeLessThanOrEqual(NOW / 1000);
  });

  it('pages do not overlap, and a page past the last is empty', () => {
    const ids = (page: number) => list(generateYoutubeMediaPage(input('youtube', name), page).media).map((v) => at(v, 'id'));
    const a = ids(1);
    const b = ids(2);
    expect(new Set([...a, ...b]).size).toBe(a.length + b.length);
    expect(generateYoutubeMediaPage(input('youtube', name), pages + 1)).toEqual({ current_page: pages + 1, total_pages: pages, media: [] });
  });

  it('reads a page below 1 as the first page', () => {
    expect(generateYoutubeMediaPage(input('youtube', name), 0).current_page).toBe(1);
  });
});

describe('YouTube brand mentions (2.7)', () => {
  it('lists mentions with basic, metrics and the mentioning videos', () => {
    const names = Array.from({ length: 20 }, (_, i) => `UCbrandy${i}`);
    const mentions = names.flatMap((n) => list(generateYoutubeBrandMentions(input('youtube', n)).mentions).map((m) => ({ n, m: rec(m) })));
    expect(mentions.length).toBeGreaterThan(10);
    for (const { n, m } of mentions) {
      expectKeys(m, ['id', 'unique_id', 'title'], 'basic');
      num(m, 'metrics.views_total.value');
      num(m, 'metrics.links_count.value');
      expectPerformance(m, LONG, ['value', 'from', 'to', 'mark'], 'metrics.cpm.performance');
      const videos = list(m, 'features.videos.data');
      expect(videos.length).toBeGreaterThan(0);
      for (const video of videos) {
        expectVideo(video, accountProfile('youtube', n).id);
        expect(Number.isInteger(at(video, 'type'))).toBe(true);
      }
      expect(num(m, 'metrics.views_total.value')).toBe(videos.reduce((s: number, v) => s + num(at(v, 'metrics.views_count.value')), 0));
      const recent = videos.filter((v) => num(at(v, 'time_added')) > NOW / 1000 - 90 * 86_400).length;
      expect(at(m, 'metrics.videos_count.performance.90d.value')).toBe(recent);
    }
  });
});
