import { describe, expect, it } from 'vitest';
import { librarySortKeys } from '@shared/reports';
import { openDatabase } from '../database';
import { migrations } from '.';
import { migration0230 } from './0230-library-at-scale';

describe('0230 library at scale', () => {
  const db = openDatabase(':memory:', { migrations: migrations.filter((m) => m.version < migration0230.version) });
  migration0230.up(db);
  const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('\n');
  const sortExpressions: Record<string, string> = {
    fetchedAt: 'fetched_at', firstFetchedAt: 'first_fetched_at', unlockedAt: 'unlocked_at', validUntil: 'valid_until', network: 'network', state: 'state',
    accountId: 'account_id COLLATE NOCASE', username: 'username COLLATE NOCASE', title: 'title COLLATE NOCASE', verified: 'verified', followers: 'followers',
    engagementRate: 'engagement_rate', growthPrc: 'growth_prc', avgViews: 'avg_views', avgLikes: 'avg_likes', avgComments: 'avg_comments',
    audienceQuality: 'audience_quality', country: 'country COLLATE NOCASE', language: 'language COLLATE NOCASE',
  };

  it('gives every library sort an index on its own ORDER BY, so a page is read without sorting the table', () => {
    // The status lives in another table (0260): its sort finds the matches, then sorts them.
    expect(Object.keys(sortExpressions).sort()).toEqual(librarySortKeys.filter((k) => k !== 'relevance' && k !== 'status').sort());
    for (const [key, expression] of Object.entries(sortExpressions)) {
      const page = plan(`SELECT * FROM reports ORDER BY ${expression} DESC NULLS LAST, id DESC LIMIT 100`);
      expect(page, key).toMatch(/USING INDEX reports_by_/);
      expect(page, key).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('counts any combination of the library filters from one narrow covering index', () => {
    const count = plan("SELECT count(*) FROM reports INDEXED BY reports_filters WHERE country IN ('US', 'DE') AND followers >= 1000 AND state IN ('READY') AND fetched_at < 5");
    expect(count).toMatch(/COVERING INDEX reports_filters/);
    expect(plan("SELECT DISTINCT account_type FROM competitor_post_rows WHERE report_id = 'r1' AND account_type IS NOT NULL")).toMatch(/competitor_post_rows_account_type/);
  });
});
