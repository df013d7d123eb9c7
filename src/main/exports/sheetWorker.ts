// A worker thread that writes one workbook (sheetStream.ts starts it): main sends each sheet's
// head and its rows already filled (sheetWorkbook.ts); here exceljs' streaming writer makes the
// XML and the zip, which would otherwise take main's event loop for seconds on a big export (and
// a third of a second just to load exceljs). The file is created private and must not exist.
import fs from 'node:fs';
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { fitRowHeight, printOptions, styleHeaderCells, TABLE_HEADER_ROW, titleRows } from '@shared/sheets';
import { PRIVATE_FILE_MODE } from '../privateFiles';
import { CELL_STYLE_KEYS, type FilledRow, type FromSheetWorker, type SheetHead, type SheetWorkerData, type ToSheetWorker } from './sheetWorkbook';

const port = parentPort!;
const { file, meta } = workerData as SheetWorkerData;
const say = (message: FromSheetWorker) => port.postMessage(message);

/** Bytes of a sheet waiting to be compressed, or of the file waiting to be written, before the rows wait for them. */
const HIGH_WATER = 8 * 1024 * 1024;

/** Where exceljs 4.4's streaming WorksheetWriter sends a sheet's XML: into the zip's stream for it (pinned version). */
interface WorksheetWriterStream {
  stream: { pipes: { _writableState?: { length: number } }[] };
}

/**
 * Bytes of the sheet's XML waiting to be compressed. exceljs writes a sheet's rows into the zip
 * without waiting for it (its buffer ignores backpressure), so rows made faster than they are
 * compressed would pile up there — 80 MB for 60,000 posts. The rows wait on this instead.
 */
function waitingToCompress(ws: ExcelJS.Worksheet): number {
  return (ws as unknown as WorksheetWriterStream).stream.pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0), 0);
}

const out = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
const failedToWrite = new Promise<never>((_, reject) => out.once('error', reject));
failedToWrite.catch(() => undefined);
let book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
let sheet: { ws: ExcelJS.Worksheet; head: SheetHead; next: number } | null = null;
let failed = false;

async function start(): Promise<void> {
  await Promise.race([once(out, 'open'), failedToWrite]);
  say({ kind: 'opened' });
  // Loaded once the file is there: a third of a second, here rather than on main.
  const { default: excel } = await import('exceljs');
  book = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = meta.brand.name.trim() || 'Scout Workbench';
  book.title = meta.title;
  book.created = new Date(meta.createdAt);
  book.modified = new Date(meta.createdAt);
}

function finishSheet(): void {
  sheet?.ws.commit();
  sheet = null;
}

/** A sheet's title block (merged across the table), setup and header row, as every sheet is finished (@shared/sheets). */
function addSheet(head: SheetHead): void {
  finishSheet();
  const width = head.headers.length;
  const row = TABLE_HEADER_ROW;
  const frozen = head.frozenColumns;
  const topLeft = `${String.fromCharCode(65 + frozen)}${row + 1}`;
  const ws = book!.addWorksheet(head.name, {
    views: [{ state: 'frozen', xSplit: frozen, ySplit: row, topLeftCell: topLeft, activeCell: topLeft }],
    ...printOptions({ headerRows: row, firstColumn: head.repeatFirstColumn, title: head.title, brand: meta.brand }),
    ...(head.autoFilter ? { autoFilter: { from: { row, column: 1 }, to: { row, column: width } } } : {}),
  } as Partial<ExcelJS.AddWorksheetOptions>);
  for (let c = 1; c <= width; c++) ws.getColumn(c).width = head.widths[c]!;
  titleRows(ws.getRow(1), ws.getRow(2), head.widths.slice(1).reduce((a, b) => a + b, 0), head.title, head.subtitle);
  if (width > 1) {
    ws.mergeCells(1, 1, 1, width);
    ws.mergeCells(2, 1, 2, width);
  }
  ws.getRow(2).commit();
  const header = ws.getRow(row);
  head.headers.forEach((text, j) => (header.getCell(j + 1).value = text));
  styleHeaderCells(header, 1, width, meta.brand);
  fitRowHeight(header, (c) => head.widths[c] ?? 10);
  header.commit();
  sheet = { ws, head, next: row + 1 };
}

async function addRows(rows: readonly FilledRow[]): Promise<void> {
  const { ws } = sheet!;
  for (const filled of rows) {
    const row = ws.getRow(sheet!.next++);
    for (const cell of filled.cells) {
      const target = row.getCell(cell.column);
      target.value = cell.value;
      for (const key of CELL_STYLE_KEYS) if (cell[key] !== undefined) (target as unknown as Record<string, unknown>)[key] = cell[key];
    }
    if (filled.height !== null) row.height = filled.height;
    row.commit();
  }
  // Compressing and the disk are slower than the rows: wait for them rather than keep the difference in memory.
  while (!failed && (waitingToCompress(ws) > HIGH_WATER / 2 || out.writableLength > HIGH_WATER / 2)) await new Promise((resolve) => setTimeout(resolve, 5));
  say({ kind: 'written', rows: rows.length });
}

async function end(): Promise<void> {
  finishSheet();
  await Promise.race([book!.commit(), failedToWrite]);
  if (!out.closed) await Promise.race([once(out, 'close'), failedToWrite]);
  say({ kind: 'done' });
  port.close();
}

/** The first failure is the one told: the file is closed (main removes it) and the worker ends. */
async function fail(error: unknown): Promise<void> {
  if (failed) return;
  failed = true;
  if (!out.closed) {
    out.destroy();
    await once(out, 'close').catch(() => undefined);
  }
  say({ kind: 'failed', message: (error as Error)?.message ?? String(error), code: (error as NodeJS.ErrnoException | null)?.code ?? null });
  port.close();
}

out.once('error', (error) => void fail(error));
// One message at a time, in order. A cancel ends the thread (main terminates it).
let work = start().catch(fail);
port.on('message', (message: ToSheetWorker) => {
  work = work
    .then(async () => {
      if (failed) return;
      if (message.kind === 'sheet') addSheet(message.head);
      else if (message.kind === 'rows') await addRows(message.rows);
      else await end();
    })
    .catch(fail);
});
