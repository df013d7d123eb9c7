// The post browser's figures (group `competitor`): competitor.filter50k_p95_ms, the 95th
// percentile of one `competitor:posts` answer (a filter, a search or a sort, and the first 200
// rows with the count of every match) over the 50,000 cached posts of one analysis, asked
// through the same dispatcher the hosts use (goal ≤ 100 ms). The posts come from the simulator
// (a brand named …_posts50000) through the app's own fetch, so the cache is the real one.
// competitor.filter50k_in1m_p95_ms: the same, once the cache holds a million posts (nineteen more
// analyses of 50,000 beside it); competitor.open_in1m_ms: opening the analysis then (competitor:get,
// which counts its posts and reads the filters' values from them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSimulator } from '../src/simulator/server';
import type { CompetitorAnalysisView, CompetitorFilters, CompetitorSortKey } from '../src/shared/competitor';
import { percentile, type Figures } from './cache';
import { withServices } from './inProcess';

const queries: { filters?: CompetitorFilters; sort?: { key: CompetitorSortKey; order: 'asc' | 'desc' } }[] = [
  { sort: { key: 'followers', order: 'desc' } },
  { sort: { key: 'er', order: 'asc' } },
  { sort: { key: 'account', order: 'asc' } },
  { filters: { paidTypes: ['sponsored'] }, sort: { key: 'likes', order: 'desc' } },
  { filters: { accountTypes: ['Brand'], followersMin: 50_000 }, sort: { key: 'date', order: 'desc' } },
  { filters: { countries: ['US'], erMin: 1 }, sort: { key: 'reach', order: 'desc' } },
  { filters: { dateFrom: '2026-02-01', dateTo: '2026-02-14' }, sort: { key: 'budget', order: 'desc' } },
  { filters: { text: 'loving' }, sort: { key: 'followers', order: 'desc' } },
  { filters: { text: 'thanks', paidTypes: ['organic'] }, sort: { key: 'date', order: 'asc' } },
];

export async function competitorFigures(figures: Figures): Promise<void> {
  const sim = await startSimulator({ port: 0, generationMs: 0, analysisMs: 0 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-competitor-'));
  try {
    await withServices(dataDir, sim.url, async (call, services) => {
      const created = await call<CompetitorAnalysisView>('competitor:create', {
        username: 'bench_posts50000',
        dateFrom: '2026-01-01',
        dateTo: '2026-03-31',
        audienceGeo: [],
        hashtags: ['bench'],
        acceptMayCost: true,
      });
      const id = created.reportId;
      await call('competitor:check', { id });
      const fetched = await call<CompetitorAnalysisView>('competitor:fetchPosts', { id });
      if (fetched.postsCached !== 50_000) throw new Error(`expected 50,000 cached posts, have ${fetched.postsCached}`);
      const ask = (i: number) => call('competitor:posts', { id, ...queries[i % queries.length], offset: 0, limit: 200 });
      for (let i = 0; i < queries.length; i++) await ask(i); // warm-up: statements and pages
      const samples: number[] = [];
      for (let i = 0; i < queries.length * 6; i++) {
        const t = performance.now();
        await ask(i);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      figures['competitor.filter50k_p95_ms'] = percentile(samples, 95);
      figures['competitor.filter50k_median_ms'] = percentile(samples, 50);

      // A million cached posts: nineteen more analyses of 50,000 (copies of this one's rows, so
      // their words are as common), then the same questions of the first.
      const db = services.active().db;
      const columns = 'post_date, account, account_url, caption, post_url, paid_type, er, performance, reach, likes, comments, video_views, account_type, account_category, verified, followers, country, est_budget';
      const started = performance.now();
      for (let k = 1; k < 20; k++) {
        const copy = `${id}-copy${k}`;
        db.transaction(() => {
          db.prepare(`INSERT INTO competitor_reports (report_id, username, date_from, date_to, state, created_at, updated_at, description, aggregates, aggregates_fetched_at)
                      SELECT ?, username, date_from, date_to, state, created_at, updated_at, description, aggregates, aggregates_fetched_at FROM competitor_reports WHERE report_id = ?`).run(copy, id);
          db.prepare(`INSERT INTO competitor_post_rows (report_id, idx, ${columns}) SELECT ?, idx, ${columns} FROM competitor_post_rows WHERE report_id = ?`).run(copy, id);
        })();
        process.stderr.write(`\r  cached posts: ${(k + 1) * 50}k`);
      }
      process.stderr.write('\n');
      db.exec('ANALYZE');
      figures['competitor.fill1m_s'] = (performance.now() - started) / 1000;
      const total = db.prepare('SELECT count(*) FROM competitor_post_rows').pluck().get() as number;
      if (total !== 1_000_000) throw new Error(`expected 1,000,000 cached posts, have ${total}`);
      for (let i = 0; i < queries.length; i++) await ask(i);
      const at1m: number[] = [];
      for (let i = 0; i < queries.length * 6; i++) {
        const t = performance.now();
        await ask(i);
        at1m.push(performance.now() - t);
      }
      at1m.sort((a, b) => a - b);
      figures['competitor.filter50k_in1m_p95_ms'] = percentile(at1m, 95);
      figures['competitor.filter50k_in1m_median_ms'] = percentile(at1m, 50);
      const opened = performance.now();
      await call('competitor:get', { id });
      figures['competitor.open_in1m_ms'] = performance.now() - opened;
    });
  } finally {
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
