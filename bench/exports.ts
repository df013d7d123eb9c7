// Exports and downloads that must not take main away (group `export`), each measured in a child
// process of its own, so its memory is the work's and not the other benchmarks':
// - export.posts60k.*: 60,000 competitor posts with captions as long as real ones (the simulator's
//   `…_long_posts60000`), exported to XLSX and to CSV through exports:save: the longest the event
//   loop was held (goal ≤ 50 ms), the longest a small RPC waited, the peak memory of the process
//   (goal ≤ 500 MB) and the time it took;
// - archive.pdf_stream.rss_mb: a PDF link that streams for ever with no length (the simulator's
//   `…_endless_pdf`), exported through the archive with the real 200 MB cap: the peak memory of the
//   process while it downloads and refuses it (goal ≤ 300 MB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figures } from './cache';
import { runChild } from './child';

const child = (...args: string[]) => runChild('exportsChild.ts', ...args);

export async function exportFigures(figures: Figures): Promise<void> {
  // The posts are fetched once; each format is then written by a process that has done nothing else.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-export-'));
  try {
    await child('prepare', dataDir);
    Object.assign(figures, await child('export', dataDir, 'xlsx'));
    Object.assign(figures, await child('export', dataDir, 'csv'));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  Object.assign(figures, await child('pdf'));
}
