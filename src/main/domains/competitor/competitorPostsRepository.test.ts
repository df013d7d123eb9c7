import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0060 } from '../../platform/cache/migrations/0060-discovery-and-competitor';
import { migration0140 } from '../../platform/cache/migrations/0140-competitor-posts';
import { parseCompetitorPosts } from '../../platform/api/schemas/competitor';
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

describe('the order an export reads', () => {
  it('is the order the pages show, read a few places at a time past ties and missing figures', async () => {
    const { posts } = repos();
    // Ties on every figure (i % 5) and on the account name (case apart), some figures missing.
    const page = Array.from({ length: 23 }, (_, i) => ({ ...raw(i % 5, i % 7 === 3 ? null : (i % 5) * 100), account: i % 2 ? `User${i % 4}` : `user${i % 4}` }));
    posts.savePage('r1', 0, 23, parseCompetitorPosts(page), page, 1);
    for (const key of ['followers', 'account', 'date', 'paidType', 'budget'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const query = { sort: { key, order }, filters: key === 'budget' ? { text: 'acme' } : {} };
        const shown = posts.query('r1', { ...query, limit: 100 }).rows.map((r) => r.index);
        let turns = 0;
        const read = await posts.orderedIndexes('r1', query, { pageSize: 4, between: async () => void turns++ });
        expect(read, `${key} ${order}`).toEqual(shown);
        expect(turns).toBeGreaterThanOrEqual(Math.floor(shown.length / 4) - 1);
      }
    }
  });
});

describe('the caption search', () => {
  it('finds an analysis\'s posts however its pages and another analysis\'s were saved between each other', () => {
    const { posts, reports } = repos();
    reports.saveReport({ report: { basic: { report_id: 'r2', state: 10, username: 'other' } } }, 1);
    const page = (from: number) => Array.from({ length: 4 }, (_, i) => raw(from + i, 100));
    // r1's two pages lie either side of r2's, and r1's first page is then saved again (new rows at the end).
    posts.savePage('r1', 0, 4, parseCompetitorPosts(page(0)), page(0), 1);
    posts.savePage('r2', 0, 4, parseCompetitorPosts(page(0)), page(0), 1);
    posts.savePage('r1', 1, 4, parseCompetitorPosts(page(4)), page(4), 1);
    posts.savePage('r2', 1, 4, parseCompetitorPosts(page(4)), page(4), 1);
    posts.savePage('r1', 0, 4, parseCompetitorPosts(page(0)), page(0), 2);
    for (const id of ['r1', 'r2']) {
      expect(posts.query(id, { filters: { text: 'loving' } }).total, id).toBe(4);
      expect(posts.query(id, { filters: { text: 'thanks' }, limit: 10 }).rows.map((r) => r.index).sort((a, b) => a - b), id).toEqual([0, 2, 4, 6]);
    }
  });
});
