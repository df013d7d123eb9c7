// One measurement of bench/exports.ts, in a process of its own: prints its figures as one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSimulator } from '../src/simulator/server';
import type { CompetitorAnalysisView } from '../src/shared/competitor';
import type { ExportResult } from '../src/shared/exports';
import type { Figures } from './cache';
import { withServices } from './inProcess';
import { whileHeld } from './responsiveness';
import { workerScript } from '../src/main/platform/util/workerScript';

/** Buys and fetches the 60,000 posts into the workspace at `dataDir` (the parent keeps the folder). */
async function prepare(dataDir: string): Promise<void> {
  const sim = await startSimulator({ port: 0, generationMs: 0, analysisMs: 0 });
  try {
    await withServices(dataDir, sim.url, async (call) => {
      const created = await call<CompetitorAnalysisView>('competitor:create', { username: 'bench_long_posts60000', dateFrom: '2026-01-01', dateTo: '2026-03-31', audienceGeo: [], hashtags: ['bench'], acceptMayCost: true });
      await call('competitor:check', { id: created.reportId });
      process.stderr.write('  fetching 60,000 posts…\n');
      const fetched = await call<CompetitorAnalysisView>('competitor:fetchPosts', { id: created.reportId });
      if (fetched.postsCached !== 60_000) throw new Error(`expected 60,000 cached posts, have ${fetched.postsCached}`);
    });
  } finally {
    await sim.close();
  }
}

/** Exports the prepared posts in one format, in a process that has done nothing else. */
async function exportPosts(dataDir: string, format: 'xlsx' | 'csv', figures: Figures): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  try {
    await withServices(dataDir, sim.url, async (call) => {
      const [analysis] = await call<CompetitorAnalysisView[]>('competitor:list', {});
      if (!analysis) throw new Error('the prepared workspace has no competitor analysis');
      // The app runs its sheet worker from its build; from source it is bundled once, on main: done before measuring.
      if (format === 'xlsx') workerScript('sheetWorker');
      global.gc?.();
      const { value, held } = await whileHeld(call, () => call<ExportResult>('exports:save', { runId: `bench-${format}`, format, subject: { kind: 'competitor', id: analysis.reportId } }));
      if (value.rows !== 60_000) throw new Error(`the export wrote ${value.rows} rows`);
      const name = format === 'xlsx' ? 'export.posts60k' : 'export.posts60k_csv';
      figures[`${name}.max_block_ms`] = held.maxBlockMs;
      figures[`${name}.rpc_wait_max_ms`] = held.rpcWaitMaxMs;
      figures[`${name}.rss_mb`] = held.peakRssMb;
      figures[`${name}.s`] = held.tookMs / 1000;
      figures[`${name}.file_mb`] = value.bytes / 1024 / 1024;
    });
  } finally {
    await sim.close();
  }
}

async function pdf(figures: Figures): Promise<void> {
  const sim = await startSimulator({ port: 0, generationMs: 0, pdfMs: 0 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-pdf-'));
  try {
    await withServices(dataDir, sim.url, async (call) => {
      const { held } = await whileHeld(call, async () => {
        try {
          await call('archive:export', { network: 'instagram', account: 'bench_endless_pdf', confirmedCost: 1 });
          throw new Error('the endless PDF was archived');
        } catch (error) {
          if (!/larger than 200 MB/.test((error as Error).message)) throw error;
        }
      });
      figures['archive.pdf_stream.rss_mb'] = held.peakRssMb;
      figures['archive.pdf_stream.max_block_ms'] = held.maxBlockMs;
      figures['archive.pdf_stream.sent_mb'] = sim.state.endlessPdfBytes / 1024 / 1024;
    });
  } finally {
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures: Figures = {};
const [mode, dataDir, format] = process.argv.slice(2);
(mode === 'prepare' && dataDir
  ? prepare(dataDir)
  : mode === 'export' && dataDir && (format === 'xlsx' || format === 'csv')
    ? exportPosts(dataDir, format, figures)
    : mode === 'pdf'
      ? pdf(figures)
      : Promise.reject(new Error(`bench/exportsChild.ts: mode ${mode}?`)))
  .then(() => process.stdout.write(`${JSON.stringify(figures)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  });
