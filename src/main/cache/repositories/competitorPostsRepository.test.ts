import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0060 } from '../migrations/0060-discovery-and-competitor';
import { migration0140 } from '../migrations/0140-competitor-posts';
import { parseCompetitorPosts } from '../../api/schemas/competitor';
import { CompetitorRepository } from './competitorRepository';
import { CompetitorPostsRepository } from './competitorPostsRepository';

function repos() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migration0060.up(db);
  migration0140.up(db);
  const reports = new CompetitorRepository(db);
  reports.saveReport({ report: { basic: { report_id: 'r1', state: 10, username: 'acme' } } }, 1);
  return { posts: new CompetitorPostsRepository(db, reports), reports };
}

const raw = (i: number, followers: number | null) => ({
  post_date: `2026/01/${String((i % 28) + 1).padStart(2, '0')}`,
  account: `user${i}`,
  post: i % 2 ? 'Loving it @acme' : 'Thanks @acme',
  type_of_payed: i % 3 ? 'organic' : 'sponsored',
  post_er: `${i}.5%`,
  account_followers: followers,
  account_est_budget: `$1,${String(i).padStart(3, '0')}`,
});

describe('competitor posts repository', () => {
  it('puts posts without the sorted figure last in either order, across pages', () => {
    const { posts } = repos();
    const page = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => raw(i, i % 4 === 1 ? null : i * 100));
    posts.savePage('r1', 0, 8, parseCompetitorPosts(page), page, 1);
    const all = (order: 'asc' | 'desc', limit: number) => {
      const out: (number | null)[] = [];
      for (let offset = 0; offset < 8; offset += limit) out.push(...posts.query('r1', { sort: { key: 'followers', order }, offset, limit }).rows.map((r) => r.followers));
      return out;
    };
    expect(all('desc', 3)).toEqual([700, 600, 400, 300, 200, 0, null, null]);
    expect(all('asc', 5)).toEqual([0, 200, 300, 400, 600, 700, null, null]);
    expect(posts.query('r1', { sort: { key: 'followers', order: 'asc' } }).total).toBe(8);
    // The page's string forms are read into numbers; the search reads captions.
    expect(posts.query('r1', { filters: { text: 'lov' } }).total).toBe(4);
    expect(posts.query('r1', { sort: { key: 'budget', order: 'desc' }, limit: 1 }).rows[0]!.estBudget).toBe(1007);
    // Saving a page again replaces its rows (and their search entries), never doubles them.
    posts.savePage('r1', 0, 8, parseCompetitorPosts(page), page, 2);
    expect(posts.count('r1')).toBe(8);
    expect(posts.query('r1', { filters: { text: 'thanks' } }).total).toBe(4);
  });
});
