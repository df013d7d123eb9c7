import type { Migration } from '../migrate';
import { periodSummary } from '../../api/schemas/report';
import { UNPARSED_KEY, withoutParts } from '../../api/schemas/common';
import type { Network } from '../../api/types';

// Which engagement rate the library shows: the last 30 days' ('30d'), or the report's overall
// figure ('overall') when it has no 30-day one or those 30 days hold no posts. Cached reports
// are read again under that rule (src/shared/periodFigures.ts): an engagement rate or average
// stored as 0 for a month without posts becomes the overall figure, labelled, or absent.
export const migration0170: Migration = {
  version: 170,
  name: 'engagement-basis',
  up(db) {
    db.exec(`
      ALTER TABLE report_snapshots ADD COLUMN engagement_rate_basis TEXT CHECK (engagement_rate_basis IN ('30d', 'overall'));
      ALTER TABLE reports ADD COLUMN engagement_rate_basis TEXT CHECK (engagement_rate_basis IN ('30d', 'overall'));
    `);
    const update = db.prepare(
      `UPDATE report_snapshots SET engagement_rate = @engagementRate, engagement_rate_basis = @engagementRateBasis,
              growth_prc = @growthPrc, avg_views = @avgViews, avg_likes = @avgLikes, avg_comments = @avgComments WHERE id = @id`,
    );
    const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
    // One snapshot at a time: a large cache's raw answers are never all in memory at once.
    const ids = db.prepare('SELECT id FROM report_snapshots').pluck().all() as number[];
    const read = db.prepare<[number], { id: number; network: Network; raw: string }>('SELECT id, network, json(raw) AS raw FROM report_snapshots WHERE id = ?');
    for (const id of ids) {
      const row = read.get(id);
      if (!row) continue;
      let result: unknown;
      try {
        result = JSON.parse(row.raw);
      } catch {
        continue;
      }
      if (typeof result !== 'object' || result === null || Array.isArray(result)) continue;
      // Parts kept as received were read for nothing when the report was saved; nor are they now.
      const kept = (result as Record<string, unknown>)[UNPARSED_KEY];
      const paths = Array.isArray(kept) ? kept.flatMap((k: unknown) => (typeof (k as { path?: unknown })?.path === 'string' ? [(k as { path: string }).path.split('.')] : [])) : [];
      const s = periodSummary(row.network, withoutParts(result as Record<string, unknown>, paths));
      const engagementRate = finite(s.engagementRate);
      update.run({
        id: row.id,
        engagementRate,
        engagementRateBasis: engagementRate === null ? null : s.engagementRateBasis,
        growthPrc: finite(s.growthPrc),
        avgViews: finite(s.avgViews),
        avgLikes: finite(s.avgLikes),
        avgComments: finite(s.avgComments),
      });
    }
    // Each account's row follows its newest snapshot.
    db.exec(`
      UPDATE reports SET
        engagement_rate = s.engagement_rate, engagement_rate_basis = s.engagement_rate_basis, growth_prc = s.growth_prc,
        avg_views = s.avg_views, avg_likes = s.avg_likes, avg_comments = s.avg_comments
      FROM report_snapshots AS s WHERE s.id = reports.latest_snapshot_id;
    `);
  },
};
