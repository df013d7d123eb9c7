import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0020 } from './0020-reports';
import { migration0170 } from './0170-engagement-basis';

// The real TikTok answer of api-notes: er.value 14.23, er 30d 0 (mark poor), 90d 13.81, 180d 14.23.
const quiet = {
  report: {
    basic: { id: '1', username: 'quiet' },
    metrics: {
      er: { value: 14.23, performance: { '30d': { value: 0, mark: 'poor' }, '90d': { value: 13.81 }, '180d': { value: 14.23 } } },
      views_avg: { performance: { '30d': { value: 0 }, '90d': { value: 52_000 } } },
      media_count: { value: 340, performance: { '30d': { value: 0 }, '90d': { value: 4 } } },
    },
  },
};
const busy = { report: { basic: { id: '2', username: 'busy' }, metrics: { er: { value: 5, performance: { '30d': { value: 6.5 } } }, views_avg: { performance: { '30d': { value: 1200 } } } } } };

function insert(d: Database.Database, accountKey: string, raw: unknown, fetchedAt: number, er: number | null, views: number | null): number {
  return Number(
    d
      .prepare(
        `INSERT INTO report_snapshots (network, account_key, fetched_at, state, username, engagement_rate, avg_views, raw)
         VALUES ('tiktok', ?, ?, 'READY', ?, ?, ?, jsonb(?))`,
      )
      .run(accountKey, fetchedAt, accountKey, er, views, JSON.stringify(raw)).lastInsertRowid,
  );
}

describe('0170 engagement-basis', () => {
  it('reads cached reports again: a month without posts gives the overall ER, labelled, and no average, never 0', () => {
    const d = new Database(':memory:');
    migration0020.up(d);
    // As an older Scout stored them: the 30-day 0 read as a figure.
    const older = insert(d, 'quiet', quiet, 1000, 0, 0);
    const newest = insert(d, 'quiet', quiet, 2000, 0, 0);
    const other = insert(d, 'busy', busy, 1000, 6.5, 1200);
    const report = d.prepare(
      `INSERT INTO reports (network, account_key, latest_snapshot_id, snapshot_count, first_fetched_at, fetched_at, state, username, engagement_rate, avg_views)
       VALUES ('tiktok', ?, ?, 1, 1000, 1000, 'READY', ?, ?, ?)`,
    );
    report.run('quiet', newest, 'quiet', 0, 0);
    report.run('busy', other, 'busy', 6.5, 1200);

    migration0170.up(d);

    const snap = d.prepare('SELECT engagement_rate, engagement_rate_basis, avg_views FROM report_snapshots WHERE id = ?');
    expect(snap.get(older)).toEqual({ engagement_rate: 14.23, engagement_rate_basis: 'overall', avg_views: null });
    expect(snap.get(other)).toEqual({ engagement_rate: 6.5, engagement_rate_basis: '30d', avg_views: 1200 });
    const row = d.prepare('SELECT engagement_rate, engagement_rate_basis, avg_views FROM reports WHERE account_key = ?');
    expect(row.get('quiet')).toEqual({ engagement_rate: 14.23, engagement_rate_basis: 'overall', avg_views: null });
    expect(row.get('busy')).toEqual({ engagement_rate: 6.5, engagement_rate_basis: '30d', avg_views: 1200 });
    // STRICT, with only the two bases.
    expect(() => d.prepare(`UPDATE reports SET engagement_rate_basis = '7d'`).run()).toThrow(/CHECK/);
  });
});
