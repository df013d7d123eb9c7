// Brand mentions move with the simulated days: an account takes up a new brand now and then (one
// built for it every cycle), mentioned by its first posts after that day, and keeps mentioning
// the brands it had — so a watchlist's refreshes can find a new brand mention.
import { describe, expect, it } from 'vitest';
import { PROFILE_REFERENCE_DAY } from '../profile';
import { generateTiktokBrandMentions, generateYoutubeBrandMentions } from './index';
import { brandNews, BRAND_NEWS_CYCLE_DAYS } from './brandPosts';
import { input, list, rec } from './testkit';

const DAY_MS = 86_400_000;
const noon = (day: number) => day * DAY_MS + 12 * 3600_000;

function youtubeBrands(name: string, day: number): Map<string, number[]> {
  const answer = generateYoutubeBrandMentions(input('youtube', name, { now: noon(day) }));
  return new Map(
    list(answer.mentions).map((m) => {
      const brand = rec(m);
      const videos = list(rec(rec(brand.features).videos).data).map((v) => Number(rec(v).time_added) * 1000);
      return [String(rec(brand.basic).title), videos];
    }),
  );
}

function tiktokBrands(name: string, day: number): Set<string> {
  const answer = generateTiktokBrandMentions(input('tiktok', name, { now: noon(day) }));
  return new Set(Object.values(rec(answer.users)).map((u) => String(rec(u).title)));
}

describe('brand mentions over simulated days', () => {
  it('an account built for it takes up a new brand each cycle, and keeps the ones it had', () => {
    for (const [network, name] of [['youtube', 'new_mentions_tube'], ['tiktok', 'new.mentions.tok']] as const) {
      const first = PROFILE_REFERENCE_DAY;
      const last = first + 3 * BRAND_NEWS_CYCLE_DAYS;
      const brandsOn = (day: number) => new Set(network === 'youtube' ? youtubeBrands(name, day).keys() : tiktokBrands(name, day));
      const start = brandsOn(first);
      let before = start;
      for (let day = first + 1; day <= last; day++) {
        const now = brandsOn(day);
        for (const b of before) expect(now.has(b), `${network} ${name} still mentions ${b} on day ${day - first}`).toBe(true);
        before = now;
      }
      const news = brandNews(`${network}:${name}`, name, last);
      expect(news.length).toBe(3);
      // Each new brand is one the account had not mentioned, and it is mentioned once its posts are out.
      for (const n of news) expect(start.has(n.brand)).toBe(false);
      expect([...before].filter((b) => !start.has(b)).sort()).toEqual(news.map((n) => n.brand).filter((b) => brandsOn(last).has(b)).sort());
      expect(before.size - start.size).toBeGreaterThanOrEqual(2);
    }
  });

  it('a new brand is mentioned only by posts published on or after the day it was taken up', () => {
    const name = 'new_mentions_tube';
    const last = PROFILE_REFERENCE_DAY + 2 * BRAND_NEWS_CYCLE_DAYS;
    const brands = youtubeBrands(name, last);
    let checked = 0;
    for (const n of brandNews(`youtube:${name}`, name, last)) {
      const videos = brands.get(n.brand);
      if (!videos) continue; // none of its posts out yet
      checked++;
      expect(videos.length).toBeGreaterThan(0);
      for (const at of videos) expect(at).toBeGreaterThanOrEqual(n.day * DAY_MS - 1000);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('other accounts take up a new brand now and then, not every cycle', () => {
    const names = Array.from({ length: 200 }, (_, i) => `plain.account${i}`);
    const today = PROFILE_REFERENCE_DAY + 4 * BRAND_NEWS_CYCLE_DAYS;
    const counts = names.map((n) => brandNews(`instagram:${n}`, n, today).length);
    const perCycle = counts.reduce((a, b) => a + b, 0) / (names.length * 4);
    expect(perCycle).toBeGreaterThan(0.15);
    expect(perCycle).toBeLessThan(0.35);
  });
});
