// The post browser's figures (group `competitor`): competitor.filter50k_p95_ms, the 95th
// percentile of one `competitor:posts` answer (a filter, a search or a sort, and the first 200
// rows with the count of every match) over the 50,000 cached posts of one analysis, asked
// through the same dispatcher the hosts use (goal ≤ 100 ms). The posts come from the simulator
// (a brand named …_posts50000) through the app's own fetch, so the cache is the real one.
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
    await withServices(dataDir, sim.url, async (call) => {
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
    });
  } finally {
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
