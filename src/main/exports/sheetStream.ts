// Sheets streamed to disk: a workbook of any size written row by row (exceljs' streaming writer,
// inline strings, styles), never held whole in memory, in time slices so main stays responsive.
// Each sheet is a table — title block, header row, rows — finished by the rules of
// src/shared/sheets.ts exactly as a sheet built in memory would be: its rows are read twice, once
// to fit the columns (a scratch row at a time) and once to write them.
import fs from 'node:fs';
import { once } from 'node:events';
import type ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { ColumnFit, fitRowHeight, printOptions, styleHeaderCells, TABLE_HEADER_ROW, titleRows, type FitLimits } from '@shared/sheets';
import { PRIVATE_FILE_MODE } from '../privateFiles';
import { TimeSlices } from '../util/timeSlices';

export interface StreamedSheet<R> {
  name: string;
  title: string;
  /** The line under the title, told how many rows the table has. */
  subtitle: (rows: number) => string;
  /** The header row's texts (its length is the table's width). */
  headers: readonly string[];
  limits: FitLimits;
  /** The table's rows in batches; asked twice (once to fit the columns, once to write). */
  rows: () => AsyncIterable<readonly R[]>;
  /** Fills one row's cells: values, number formats, fonts, alignment where the sheet has its own. */
  write: (row: ExcelJS.Row, item: R) => void;
  /** Columns kept in view when scrolling sideways (the header row always is). */
  frozenColumns?: number;
  autoFilter?: boolean;
  /** The first column is printed on every page too (it names the row). */
  repeatFirstColumn?: boolean;
}

/**
 * A sheet of any row type, as a workbook lists them: its rows and its `write` agree by
 * construction (each sheet is made by one function), so the writer need not know the type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStreamedSheet = StreamedSheet<any>;

export interface WorkbookMeta {
  title: string;
  brand: AgencyBrand;
  /** Epoch ms. */
  createdAt: number;
}

/** Rows already read, handed out a batch at a time (the writers take their turns between rows). */
export function inBatchesOf<R>(rows: readonly R[], size = 500): () => AsyncIterable<readonly R[]> {
  return async function* () {
    for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
  };
}

export interface StreamWork {
  signal?: AbortSignal;
  /** Rows written so far of all the sheets' rows. */
  progress?: (done: number, total: number) => void;
}

/** Bytes of a sheet waiting to be compressed, or of the file waiting to be written, before the rows wait for them. */
const HIGH_WATER = 8 * 1024 * 1024;

/** A sheet whose rows have been counted and its columns fitted, ready to write. */
interface Planned<R> {
  sheet: StreamedSheet<R>;
  fit: ColumnFit;
  rows: number;
}

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

/** Waits until the sheet's waiting XML and the file's waiting bytes are below half the high-water mark. */
async function untilCaughtUp(ws: ExcelJS.Worksheet, out: fs.WriteStream, signal?: AbortSignal): Promise<void> {
  while (waitingToCompress(ws) > HIGH_WATER / 2 || out.writableLength > HIGH_WATER / 2) {
    signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** What exceljs 4.4's streaming WorksheetWriter keeps of a sheet's links until it is committed (pinned version). */
interface WorksheetWriterLinks {
  _sheetRelsWriter: { _hyperlinks: { rId: string; address: string }[] };
  _writeHyperlinks: () => void;
  stream: { write: (text: string) => void };
}

/**
 * A streamed sheet keeps every link's place until it is committed, then writes the list in one
 * go: for 120,000 links (an account and a post per row of 60,000) that is a block of about
 * 400 ms. The list is made here a slice at a time, and the commit writes the made pieces.
 */
async function writeHyperlinksInSlices(ws: ExcelJS.Worksheet, slices: TimeSlices): Promise<void> {
  const writer = ws as unknown as WorksheetWriterLinks;
  const links = writer._sheetRelsWriter._hyperlinks;
  if (links.length === 0) return;
  const pieces: string[] = [];
  for (let i = 0; i < links.length; i += 2000) {
    pieces.push(links.slice(i, i + 2000).map((l) => `<hyperlink ref="${l.address}" r:id="${l.rId}"/>`).join(''));
    await slices.due();
  }
  writer._writeHyperlinks = () => {
    writer.stream.write('<hyperlinks>');
    for (const piece of pieces) writer.stream.write(piece);
    writer.stream.write('</hyperlinks>');
  };
}

/**
 * A row of plain cells, for measuring: a sheet's `write` fills it as it fills a real row, and the
 * column fit reads what it needs (values, number formats, links). An exceljs row of 60,000 would
 * be twice the garbage for the collector to pause main over.
 */
class MeasuredRow {
  private readonly cells = new Map<number, Record<string, unknown>>();

  getCell(column: number): ExcelJS.Cell {
    let cell = this.cells.get(column);
    if (!cell) {
      const fresh: Record<string, unknown> = { value: null, isMerged: false };
      // A link's address, as exceljs's own cell gives it.
      Object.defineProperty(fresh, 'hyperlink', { get: () => (fresh.value as { hyperlink?: string } | null)?.hyperlink });
      cell = fresh;
      this.cells.set(column, cell);
    }
    return cell as unknown as ExcelJS.Cell;
  }

  /** As an exceljs row, for the sheet's `write` and the column fit (which use only the above). */
  asRow(): ExcelJS.Row {
    return this as unknown as ExcelJS.Row;
  }
}

async function plan<R>(sheet: StreamedSheet<R>, slices: TimeSlices): Promise<Planned<R>> {
  const fit = new ColumnFit(sheet.headers.length, sheet.limits);
  const header = new MeasuredRow();
  sheet.headers.forEach((text, j) => (header.getCell(j + 1).value = text));
  fit.measure(header.asRow());
  let rows = 0;
  for await (const batch of sheet.rows()) {
    for (const item of batch) {
      const row = new MeasuredRow().asRow();
      sheet.write(row, item);
      fit.measure(row);
      rows++;
      await slices.due();
    }
  }
  return { sheet, fit, rows };
}

/**
 * Writes the workbook to `file` (created private; it must not exist). On a cancel or a failure
 * the partial file is removed and the error passed on.
 */
export async function writeWorkbook(file: string, meta: WorkbookMeta, sheets: readonly AnyStreamedSheet[], work: StreamWork = {}): Promise<void> {
  const slices = new TimeSlices(work.signal);
  const out = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  const opened = once(out, 'open');
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  try {
    await Promise.race([opened, failed]);
    const planned: Planned<unknown>[] = [];
    for (const sheet of sheets) planned.push(await plan(sheet, slices));
    const total = planned.reduce((sum, p) => sum + p.rows, 0);
    work.progress?.(0, total);
    // Loaded on the first workbook, not at start: the module costs a third of a second to load.
    const { default: excel } = await import('exceljs');
    const book = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    book.creator = meta.brand.name.trim() || 'Scout Workbench';
    book.title = meta.title;
    book.created = new Date(meta.createdAt);
    book.modified = new Date(meta.createdAt);
    let done = 0;
    for (const { sheet, fit, rows } of planned) {
      const width = sheet.headers.length;
      const head = TABLE_HEADER_ROW;
      const frozen = sheet.frozenColumns ?? 0;
      const topLeft = `${String.fromCharCode(65 + frozen)}${head + 1}`;
      const ws = book.addWorksheet(sheet.name, {
        views: [{ state: 'frozen', xSplit: frozen, ySplit: head, topLeftCell: topLeft, activeCell: topLeft }],
        ...printOptions({ headerRows: head, firstColumn: sheet.repeatFirstColumn ?? false, title: sheet.title, brand: meta.brand }),
        ...(sheet.autoFilter ? { autoFilter: { from: { row: head, column: 1 }, to: { row: head, column: width } } } : {}),
      } as Partial<ExcelJS.AddWorksheetOptions>);
      const widths = fit.widths();
      for (let c = 1; c <= width; c++) ws.getColumn(c).width = widths[c]!;
      const widthOf = (c: number) => widths[c] ?? 10;
      titleRows(ws.getRow(1), ws.getRow(2), widths.slice(1).reduce((a, b) => a + b, 0), sheet.title, sheet.subtitle(rows));
      if (width > 1) {
        ws.mergeCells(1, 1, 1, width);
        ws.mergeCells(2, 1, 2, width);
      }
      ws.getRow(2).commit();
      const header = ws.getRow(head);
      sheet.headers.forEach((text, j) => (header.getCell(j + 1).value = text));
      styleHeaderCells(header, 1, width, meta.brand);
      fitRowHeight(header, widthOf);
      header.commit();
      let r = head + 1;
      for await (const batch of sheet.rows()) {
        for (const item of batch) {
          const row = ws.getRow(r++);
          sheet.write(row, item);
          fit.finishCells(row);
          fitRowHeight(row, widthOf);
          row.commit();
          done++;
          if (done % 250 === 0) work.progress?.(done, total);
          // Compressing and the disk are slower than the rows: wait for them rather than keep the difference in memory.
          if (waitingToCompress(ws) > HIGH_WATER || out.writableLength > HIGH_WATER) await untilCaughtUp(ws, out, work.signal);
          await slices.due();
        }
      }
      await writeHyperlinksInSlices(ws, slices);
      ws.commit();
      await slices.due();
    }
    await Promise.race([book.commit(), failed]);
    if (!out.closed) await Promise.race([once(out, 'close'), failed]);
    work.progress?.(total, total);
  } catch (error) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}
