// The workbook writer's two halves on a real disk: main fills the rows, the sheet worker (a real
// worker thread, bundled from source as the app builds it) writes the file. What crosses between
// them comes back as it went (failures with their codes, progress by rows written), and a cancel
// or a failure on either side leaves no file and no file left open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_AGENCY } from '@shared/agency';
import { inBatchesOf, writeWorkbook, type StreamedSheet } from './sheetStream';

const meta = { title: 'Numbers', brand: NO_AGENCY, createdAt: Date.UTC(2026, 11, 7) };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sheetstream-'));
  dirs.push(dir);
  return dir;
}

function numbers(count: number, write: StreamedSheet<number>['write'] = (row, n) => (row.getCell(1).value = n)): StreamedSheet<number> {
  return {
    name: 'Numbers',
    title: 'Numbers',
    subtitle: (rows) => `${rows} numbers`,
    headers: ['Number', 'Words'],
    limits: {},
    rows: inBatchesOf(Array.from({ length: count }, (_, i) => i)),
    write,
  };
}

/**
 * Numbers whose writing pass (their rows' second reading: the first fits the columns) stops after
 * `at` rows to run `between` before it goes on.
 */
function numbersPausing(count: number, at: number, between: () => unknown): StreamedSheet<number> {
  const all = Array.from({ length: count }, (_, i) => i);
  let readings = 0;
  return {
    ...numbers(count),
    rows: async function* () {
      if (++readings === 1) return yield all;
      yield all.slice(0, at);
      await between();
      if (at < count) yield all.slice(at);
    },
  };
}

/** Descriptors of this process that point at `file` (the worker shares them). */
function openDescriptorsOf(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
    } catch {
      return false;
    }
  }).length;
}

describe('the workbook writer and its worker', () => {
  it('writes what main filled, cell for cell: values, formats, fonts, wrapping and the row heights', async () => {
    const file = path.join(folder(), 'numbers.xlsx');
    const seen: [number, number][] = [];
    const long = 'words '.repeat(30).trim();
    const sheet = numbers(450, (row, n) => {
      row.getCell(1).value = n / 100;
      row.getCell(1).numFmt = '0.00%';
      row.getCell(2).value = n % 2 === 0 ? long : new Date(Date.UTC(2026, 0, 1 + (n % 28)));
      if (n % 2 === 1) row.getCell(2).numFmt = 'yyyy-mm-dd';
      if (n === 7) row.getCell(2).font = { italic: true, color: { argb: 'FF8A8A8A' } };
    });
    await writeWorkbook(file, meta, [sheet], { progress: (done, total) => seen.push([done, total]) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const ws = book.getWorksheet('Numbers')!;
    expect(ws.getRow(2).getCell(1).value).toBe('450 numbers');
    expect(ws.getRow(3).getCell(1).value).toBe('Number');
    // Row 4 is the first number: a long text wraps and makes its row tall; a date keeps its format.
    expect(ws.getRow(4).getCell(1)).toMatchObject({ value: 0, numFmt: '0.00%' });
    expect(ws.getRow(4).getCell(2).alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    expect(ws.getRow(4).height).toBeGreaterThan(20);
    expect(ws.getRow(5).getCell(2)).toMatchObject({ value: new Date(Date.UTC(2026, 0, 2)), numFmt: 'yyyy-mm-dd' });
    expect(ws.getRow(11).getCell(2).font).toMatchObject({ italic: true, color: { argb: 'FF8A8A8A' } });
    expect(ws.getRow(453).getCell(1).value).toBe(4.49);
    expect(ws.getColumn(2).width).toBe(40);
    // Progress counts the rows the worker has written, in order, ending at the whole.
    expect(seen[0]).toEqual([0, 450]);
    expect(seen.at(-1)).toEqual([450, 450]);
    expect(seen.map(([done]) => done)).toEqual([...seen.map(([done]) => done)].sort((a, b) => a - b));
    expect(seen.some(([done]) => done > 0 && done < 450)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('workbooks written at once by the one worker each come out whole, and a cancel of one leaves the others', async () => {
    const dir = folder();
    const stop = new AbortController();
    const cancelled = writeWorkbook(path.join(dir, 'cancelled.xlsx'), meta, [numbers(20_000)], {
      signal: stop.signal,
      progress: (done) => {
        if (done > 0) stop.abort(new Error('cancelled by the test'));
      },
    });
    // The largest is half written, its file open in the worker, until the cancel is over.
    const sizes = [300, 1200, 50];
    const others = sizes.map((n) => writeWorkbook(path.join(dir, `${n}.xlsx`), { ...meta, title: `${n} numbers` }, [n === 1200 ? numbersPausing(n, 400, () => cancelled.catch(() => undefined)) : numbers(n)]));
    await expect(cancelled).rejects.toThrow('cancelled by the test');
    await Promise.all(others);
    for (const n of sizes) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path.join(dir, `${n}.xlsx`));
      const ws = book.getWorksheet('Numbers')!;
      expect(ws.getRow(2).getCell(1).value).toBe(`${n} numbers`);
      expect(ws.rowCount).toBe(3 + n);
      expect(ws.getRow(3 + n).getCell(1).value).toBe(n - 1);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(['1200.xlsx', '300.xlsx', '50.xlsx']);
  });

  it('a cancel heard after the last row (the cache read for more) stops it: no file', async () => {
    const file = path.join(folder(), 'late.xlsx');
    const stop = new AbortController();
    const sheet = numbersPausing(150, 150, () => stop.abort(new Error('cancelled at the end')));
    await expect(writeWorkbook(file, meta, [sheet], { signal: stop.signal })).rejects.toThrow('cancelled at the end');
    expect(fs.existsSync(file)).toBe(false);
    expect(openDescriptorsOf(file)).toBe(0);
  });

  it('a file already there is left as it was, and the worker says so with its code', async () => {
    const file = path.join(folder(), 'taken.xlsx');
    fs.writeFileSync(file, 'the researcher’s own file');
    await expect(writeWorkbook(file, meta, [numbers(10)])).rejects.toMatchObject({ code: 'EEXIST' });
    // The writer never removes a file it did not make.
    expect(fs.readFileSync(file, 'utf8')).toBe('the researcher’s own file');
  });

  it('a folder that is not there: the failure comes back with its code', async () => {
    const file = path.join(folder(), 'gone', 'numbers.xlsx');
    await expect(writeWorkbook(file, meta, [numbers(10)])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a cancel mid-file stops the worker with its file closed, and the file is removed', async () => {
    const file = path.join(folder(), 'cancelled.xlsx');
    const stop = new AbortController();
    const writing = writeWorkbook(file, meta, [numbers(20_000)], {
      signal: stop.signal,
      progress: (done) => {
        if (done > 0) stop.abort(new Error('cancelled by the test'));
      },
    });
    await expect(writing).rejects.toThrow('cancelled by the test');
    expect(fs.existsSync(file)).toBe(false);
    expect(openDescriptorsOf(file)).toBe(0);
  });

  it('a row that fails on main stops the worker too, rows already sent: no file, nothing left open', async () => {
    const file = path.join(folder(), 'broken.xlsx');
    let filled = 0;
    const sheet = numbers(1000, (row, n) => {
      // The second reading (the first fits the columns), once 900 rows are with the worker.
      if (++filled > 1000 && n === 900) throw new Error('a row the sheet cannot fill');
      row.getCell(1).value = n;
    });
    const seen: number[] = [];
    await expect(writeWorkbook(file, meta, [sheet], { progress: (done) => seen.push(done) })).rejects.toThrow('a row the sheet cannot fill');
    expect(Math.max(...seen)).toBeGreaterThan(0);
    expect(fs.existsSync(file)).toBe(false);
    expect(openDescriptorsOf(file)).toBe(0);
  });

  it('a progress listener that throws ends the export with its error, and the worker lets go of the file', async () => {
    const file = path.join(folder(), 'listener.xlsx');
    const progress = (done: number) => {
      if (done > 0) throw new Error('the listener broke');
    };
    await expect(writeWorkbook(file, meta, [numbers(5000)], { progress })).rejects.toThrow('the listener broke');
    expect(fs.existsSync(file)).toBe(false);
    expect(openDescriptorsOf(file)).toBe(0);
  });

  it('a workbook too large for the worker’s memory: said in words, no file; the next one gets a new worker', async () => {
    const dir = folder();
    // A streamed sheet keeps its links until it is committed: 2,000 links of 100,000 characters are
    // 200 MB, past a worker allowed 32 MB.
    const huge = () => numbers(2000, (row, n) => (row.getCell(1).value = { text: `link ${n}`, hyperlink: `https://example.com/${String(n).padEnd(100_000, 'x')}` }));
    await expect(writeWorkbook(path.join(dir, 'huge.xlsx'), meta, [huge()], { writerHeapMb: 32 })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringMatching(/too large for Scout to write \(it needed more than 32 MB of memory\); nothing was saved\. Export it as CSV/),
    });
    // With another workbook under way in the same worker, which one took the memory is not known.
    const hugeAgain = writeWorkbook(path.join(dir, 'huge-again.xlsx'), meta, [huge()], { writerHeapMb: 32 });
    const small = writeWorkbook(path.join(dir, 'small.xlsx'), meta, [numbersPausing(500, 200, () => hugeAgain.catch(() => undefined))], { writerHeapMb: 32 });
    const both = /Scout ran out of memory \(32 MB\) writing this and 1 other workbook at once; nothing was saved/;
    // Both are awaited at once: either may fail first.
    const [first, second] = await Promise.allSettled([hugeAgain, small]);
    for (const outcome of [first, second]) expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'INTERNAL', message: expect.stringMatching(both) } });
    expect(fs.readdirSync(dir)).toEqual([]);
    await writeWorkbook(path.join(dir, 'after.xlsx'), meta, [numbers(10)], { writerHeapMb: 32 });
    expect(fs.statSync(path.join(dir, 'after.xlsx')).size).toBeGreaterThan(0);
  });
});
