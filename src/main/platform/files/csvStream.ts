// A CSV streamed to disk a batch of lines at a time, by the one CSV writer (src/shared/csv.ts:
// a byte-order mark, RFC 4180 quoting, CRLF), in time slices, waiting for the disk when it falls
// behind: the file can be as large as the cache, the memory it takes is one batch.
import fs from 'node:fs';
import { once } from 'node:events';
import { BOM, csvLines, type CsvCell } from '@shared/csv';
import { PRIVATE_FILE_MODE } from '../privateFiles';
import { TimeSlices } from '../util/timeSlices';
import type { StreamWork } from './sheetStream';

const HIGH_WATER = 4 * 1024 * 1024;

export interface StreamedCsv<R> {
  /** Lines before the rows: the header, and any the file carries before them. */
  head: readonly (readonly CsvCell[])[];
  /** The rows in batches. */
  rows: () => AsyncIterable<readonly R[]>;
  /**
   * How many rows there are, for the progress (null: not known before); a function when counting
   * them is itself long work, asked once the file is being written.
   */
  count?: number | null | (() => Promise<number>);
  line: (item: R) => readonly CsvCell[];
}

/** A CSV of any row type (its rows and its `line` agree by construction). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStreamedCsv = StreamedCsv<any>;

/** Writes the CSV to `file` (created private; it must not exist); the partial file is removed on a cancel or a failure. */
export async function writeCsvFile<R>(file: string, csv: StreamedCsv<R>, work: StreamWork = {}): Promise<void> {
  const slices = new TimeSlices(work.signal);
  const out = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  try {
    await Promise.race([once(out, 'open'), failed]);
    out.write(BOM + csvLines(csv.head));
    const total = (typeof csv.count === 'function' ? await csv.count() : csv.count) ?? 0;
    let done = 0;
    work.progress?.(0, total);
    for await (const batch of csv.rows()) {
      for (let i = 0; i < batch.length; i += 256) {
        out.write(csvLines(batch.slice(i, i + 256).map(csv.line)));
        done += Math.min(256, batch.length - i);
        work.progress?.(done, Math.max(total, done));
        if (out.writableLength > HIGH_WATER) await Promise.race([once(out, 'drain'), failed]);
        await slices.due();
      }
    }
    out.end();
    await Promise.race([once(out, 'close'), failed]);
    work.progress?.(done, done);
  } catch (error) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}
