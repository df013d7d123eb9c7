// The comparison's figures (group `compare`): compare.xlsx10_ms, writing the XLSX of ten
// accounts of all six networks (goal ≤ 1000 ms). Another figure of the group (the page drawn,
// compare.render10_ms) is added to compareFigures below.
import type { SnapshotDetail } from '../src/shared/contract';
import type { Network } from '../src/shared/reports';
import { buildCompareModel } from '../src/shared/compareModel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { comparisonSheets } from '../src/main/domains/compare/compareSheets';
import { writeWorkbook } from '../src/main/platform/files/sheetStream';
import { sampleParsedReport } from '../test/fixtures/sampleReports';
import { percentile, type Figures } from './cache';
import { compareRenderFigures } from './compareRender';
import { NO_AGENCY } from '../src/shared/agency';

const TEN: [Network, string][] = [
  ['instagram', 'natgeo'],
  ['instagram', 'bench_ig2'],
  ['youtube', 'foodchannel'],
  ['youtube', 'bench_yt2'],
  ['tiktok', 'dancer'],
  ['tiktok', 'bench_tt2'],
  ['twitch', 'shroud'],
  ['twitter', 'jack'],
  ['snapchat', 'snapper'],
  ['snapchat', 'bench_sc2'],
];

/** Ten cached snapshots of all six networks, as `reports:snapshot` returns them. */
export function tenSnapshots(now = Date.now()): SnapshotDetail[] {
  return TEN.map(([network, name], i) => {
    const p = sampleParsedReport(network, name, now);
    if (!p.summary) throw new Error(`${network}/${name}: no summary`);
    return { id: i + 1, network, accountKey: name, fetchedAt: now, state: p.state, summary: p.summary, result: p.result };
  });
}

/** Median of `runs` timings of writing the ten accounts' XLSX to disk (the model built once, beforehand). */
export async function xlsx10Ms(runs = 5): Promise<number> {
  const model = buildCompareModel(tenSnapshots(), TEN.map(() => 'A note on this account.'), '30d');
  const meta = { title: 'Benchmark comparison', createdAt: Date.now(), brand: NO_AGENCY };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-compare-'));
  const write = (i: number) => writeWorkbook(path.join(dir, `${i}.xlsx`), meta, comparisonSheets(model, meta));
  try {
    await write(-1); // warm-up: module and JIT
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await write(i);
      times.push(performance.now() - started);
    }
    return percentile(times.sort((a, b) => a - b), 50);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function compareFigures(figures: Figures): Promise<void> {
  figures['compare.xlsx10_ms'] = await xlsx10Ms();
  await compareRenderFigures(figures);
}
