import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCdn } from '../../../simulator/data/cdn';
import { generateInstagramMedia, generateYoutubeMediaPage } from '../../../simulator/data/reports';
import { MediaRepository } from './mediaRepository';
import { NOW, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
let repo: MediaRepository;
beforeEach(() => {
  t = tempDatabase();
  repo = new MediaRepository(t.db);
});
afterEach(() => t.dispose());

const input = { network: 'instagram' as const, name: 'kalo.travels12', now: NOW, cdn: testCdn, lowConfidence: false };

describe('MediaRepository', () => {
  it('round-trips Instagram media (map and groups), keeps every fetch and reads the newest', () => {
    const first = { report_state: 'READY', ...generateInstagramMedia(input), restTokens: 10 };
    const second = generateInstagramMedia({ ...input, now: NOW + 86_400_000 });
    const a = repo.saveInstagram('Kalo.Travels12', first, NOW);
    const b = repo.saveInstagram('kalo.travels12', second, NOW + 86_400_000);
    expect(repo.instagram('kalo.travels12')).toEqual({
      id: b,
      accountKey: 'kalo.travels12',
      fetchedAt: NOW + 86_400_000,
      mediaCount: Object.keys(second.media as object).length,
      result: second,
    });
    expect(repo.instagramById(a)!.result).toEqual(first);
    expect(repo.instagramMap('kalo.travels12')!.media).toEqual(second.media);
    expect(repo.instagramFetches('kalo.travels12').map((f) => f.id)).toEqual([b, a]);
    expect(repo.instagram('nobody')).toBeNull();
    expect(repo.instagramMap('nobody')).toBeNull();
  });

  it('round-trips YouTube media pages and gives the newest of each page, in page order', () => {
    const yt = { ...input, network: 'youtube' as const, name: 'tube.maker' };
    const p1 = generateYoutubeMediaPage(yt, 1);
    const p2 = generateYoutubeMediaPage(yt, 2);
    const p1again: Record<string, unknown> = { ...generateYoutubeMediaPage({ ...yt, now: NOW + 1000 }, 1), report_state: 'READY' };
    repo.saveYoutubePage('UCabc', p2, NOW);
    repo.saveYoutubePage('UCabc', p1, NOW);
    repo.saveYoutubePage('UCabc', p1again, NOW + 1000);
    // The page number can be given when the answer does not say it.
    repo.saveYoutubePage('UCabc', { media: [] }, NOW, 7);
    expect(repo.youtubePage('ucabc', 1)).toMatchObject({ page: 1, fetchedAt: NOW + 1000, result: p1again, itemCount: (p1again.media as unknown[]).length });
    expect(repo.youtubePage('ucabc', 2)!.result).toEqual(p2);
    expect(repo.youtubePage('ucabc', 3)).toBeNull();
    expect(repo.youtubePages('ucabc').map((p) => [p.page, p.fetchedAt])).toEqual([
      [1, NOW + 1000],
      [2, NOW],
      [7, NOW],
    ]);
    expect(repo.youtubePage('ucabc', 2)!.totalPages).toBe(p2.total_pages);
  });
});
