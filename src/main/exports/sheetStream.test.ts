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
    const sizes = [300, 1200, 50];
    await Promise.all(sizes.map((n) => writeWorkbook(path.join(dir, `${n}.xlsx`), { ...meta, title: `${n} numbers` }, [numbers(n)])));
    await expect(cancelled).rejects.toThrow('cancelled by the test');
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

  it('a row that fails on main stops the worker too: no file, nothing left open', async () => {
    const file = path.join(folder(), 'broken.xlsx');
    const sheet = numbers(1000, (row, n) => {
      if (n === 900) throw new Error('a row the sheet cannot fill');
      row.getCell(1).value = n;
    });
    // The column fit reads every row first: the failure comes while planning, before any row is sent.
    await expect(writeWorkbook(file, meta, [sheet])).rejects.toThrow('a row the sheet cannot fill');
    expect(fs.existsSync(file)).toBe(false);
    expect(openDescriptorsOf(file)).toBe(0);
  });

  it('a workbook too large for the worker’s memory: said in words, no file, main unharmed', async () => {
    const file = path.join(folder(), 'huge.xlsx');
    // A streamed sheet keeps its links until it is committed: 2,000 links of 100,000 characters are
    // 200 MB, past a worker allowed 32 MB.
    const sheet = numbers(2000, (row, n) => (row.getCell(1).value = { text: `link ${n}`, hyperlink: `https://example.com/${String(n).padEnd(100_000, 'x')}` }));
    await expect(writeWorkbook(file, meta, [sheet], { writerHeapMb: 32 })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringMatching(/too large for Scout to write \(it needed more than 32 MB of memory\); nothing was saved\. Export it as CSV/),
    });
    expect(fs.existsSync(file)).toBe(false);
    await writeWorkbook(file, meta, [numbers(10)]);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
  });
});
