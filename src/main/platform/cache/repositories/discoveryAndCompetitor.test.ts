import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompetitorRepository } from '../../../domains/competitor/competitorRepository';
import { DiscoveryRepository } from '../../../domains/discovery/discoveryRepository';
import { NOW, tempDatabase, type TempDatabase } from './testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

describe('DiscoveryRepository', () => {
  const query = { social_network: 'instagram', er: { from: 1, to: 5 }, account_geo: { country: ['de', 'fr'] }, sort: { field: 'er', order: 'desc' } };
  const answer = (page: number, left: number) => ({
    search_results: Array.from({ length: 20 }, (_, i) => ({ basic: { username: `user${page}_${i}` }, metrics: {}, features: {} })),
    current_page: page,
    total_pages: 12,
    queries_left: left,
  });

  it('keys pages by the query whatever its key order and page, and keeps each page', () => {
    const repo = new DiscoveryRepository(t.db);
    const reordered = { sort: { order: 'desc', field: 'er' }, account_geo: { country: ['de', 'fr'] }, er: { to: 5, from: 1 }, social_network: 'instagram' };
    expect(DiscoveryRepository.queryHash({ ...query, page: 3 })).toBe(DiscoveryRepository.queryHash(reordered));
    expect(DiscoveryRepository.queryHash(query)).not.toBe(DiscoveryRepository.queryHash({ ...query, account_geo: { country: ['fr', 'de'] } }));
    const saved = repo.savePage({ ...query, page: 1 }, answer(1, 99), NOW);
    repo.savePage({ ...reordered, page: 2 }, answer(2, 98), NOW + 1);
    expect(saved).toEqual({ queryHash: DiscoveryRepository.queryHash(query), page: 1 });
    const page2 = repo.page(query, 2)!;
    expect(page2).toMatchObject({ page: 2, fetchedAt: NOW + 1, resultCount: 20, totalPages: 12, queriesLeft: 98 });
    expect(page2.result).toEqual(answer(2, 98));
    expect(page2.results).toEqual(answer(2, 98).search_results);
    expect(repo.page(saved.queryHash, 3)).toBeNull();
    expect(repo.query(query)).toEqual({
      queryHash: saved.queryHash,
      network: 'instagram',
      query: JSON.parse(JSON.stringify(reordered)) as unknown,
      firstFetchedAt: NOW,
      lastFetchedAt: NOW + 1,
      totalPages: 12,
      pages: [1, 2],
    });
    // A refetch of a page replaces it.
    repo.savePage({ ...query, page: 1 }, answer(1, 90), NOW + 5);
    expect(repo.page(query, 1)!.queriesLeft).toBe(90);
    repo.savePage({ social_network: 'tiktok', page: 1 }, answer(1, 89), NOW + 6);
    expect(repo.recentQueries().map((q) => q.network)).toEqual(['tiktok', 'instagram']);
    expect(repo.recentQueries(1)).toHaveLength(1);
  });
});

describe('CompetitorRepository', () => {
  const described = (state: 0 | 10) => ({
    report: {
      config: { username: 'nike', date_from: '2026-01-01T00:00:00+00:00', date_to: '2026-02-01T23:59:59+00:00', audience_geo: [], settings: null, mode: 'FULL', type: 'ig_mentions' },
      basic: { type: 'ig_mentions', username: 'nike', date_from: '2026-01-01', date_to: '2026-02-01', audience_geo: [], report_id: 'r42', state, avatar_url: 'x', social_id: '1' },
    },
    time_updated: '2026/07/04',
  });
  const aggregates = { emv_value: 1000, reach_value: 50_000, contributors_value: 10, mentions_value: 30, sponsored_ratio_prc: 12.5, content_top_hashtags: [{ title: 'ad', value: 3 }] };

  it('keeps the report, its aggregates once ready, and its posts page by page', () => {
    const repo = new CompetitorRepository(t.db);
    expect(repo.saveReport(described(0), NOW)).toBe('r42');
    expect(repo.report('r42')).toMatchObject({ reportId: 'r42', username: 'nike', dateFrom: '2026-01-01', dateTo: '2026-02-01', state: 0, aggregates: null, postPages: [] });
    repo.saveReport({ ...described(10), ...aggregates }, NOW + 60_000);
    // A later answer without aggregates keeps them.
    repo.saveReport(described(10), NOW + 120_000);
    const report = repo.report('r42')!;
    expect(report).toMatchObject({ state: 10, createdAt: NOW, updatedAt: NOW + 120_000, aggregatesFetchedAt: NOW + 60_000, aggregates });
    expect(report.description).toEqual(described(10).report);
    const posts = (page: number) => Array.from({ length: 2 }, (_, i) => ({ post: `post ${page}.${i} #ad`, post_er: '1.5%', account_is_verified: 'yes' }));
    repo.savePosts('r42', { page: 0, size: 2 }, posts(0), NOW);
    repo.savePosts('r42', { page: 1, size: 2 }, posts(1), NOW);
    repo.savePosts('r42', { page: 3, size: 2 }, posts(3), NOW);
    expect(repo.posts('r42', 1, 2)).toEqual({ fetchedAt: NOW, posts: posts(1) });
    expect(repo.posts('r42', 2, 2)).toBeNull();
    expect(repo.allPosts('r42', 2)).toEqual([...posts(0), ...posts(1)]);
    expect(repo.report('r42')!.postPages.map((p) => p.page)).toEqual([0, 1, 3]);
    expect(repo.reports().map((r) => r.reportId)).toEqual(['r42']);
    expect(() => repo.savePosts('unknown', { page: 0, size: 2 }, [], NOW)).toThrow(/FOREIGN KEY/);
    expect(() => repo.saveReport({ report: {} }, NOW)).toThrow(/report_id/);
  });
});
