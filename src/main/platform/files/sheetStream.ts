// Sheets streamed to disk: a workbook of any size written row by row, never held whole in memory,
// with main's event loop free throughout. Each sheet is a table — title block, header row, rows —
// finished by the rules of src/shared/sheets.ts exactly as a sheet built in memory would be.
// Main reads its rows from the cache twice, in time slices: once to fit the columns, once to fill
// each row's cells (plain data). A worker thread (sheetWorker.ts) loads exceljs and turns the
// filled rows into the file: the XML and the zip took main's event loop for 5 s on 60,000 posts
// (and loading exceljs a third of a second).
import fs from 'node:fs';
import type ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { ColumnFit, fitRowHeight, type FitLimits } from '@shared/sheets';
import { TimeSlices } from '../util/timeSlices';
import { CELL_STYLE_KEYS, type FilledRow } from './sheetWorkbook';
import { WorkbookJob, WRITER_HEAP_MB } from './sheetWorkerClient';

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
  /** The most the sheet worker's heap may take (WRITER_HEAP_MB unless said; tests say less). */
  writerHeapMb?: number;
  /** Rows written so far of all the sheets' rows. */
  progress?: (done: number, total: number) => void;
}

/** A sheet whose rows have been counted and its columns fitted, ready to write. */
interface Planned<R> {
  sheet: StreamedSheet<R>;
  fit: ColumnFit;
  rows: number;
}

/**
 * A row of plain cells: a sheet's `write` fills it as it would fill an exceljs row, the column
 * fit measures and finishes it, and its cells go to the worker as they are (structured clone).
 * Only what those use of exceljs' Row and Cell is here; an exceljs row of 60,000 would also be
 * twice the garbage for the collector to pause main over.
 */
class PlainRow {
  private readonly cells = new Map<number, Record<string, unknown>>();
  height: number | null = null;

  getCell(column: number): ExcelJS.Cell {
    let cell = this.cells.get(column);
    if (!cell) {
      const fresh: Record<string, unknown> = { value: null };
      // As exceljs's own cell gives them (not enumerable: not carried to the worker).
      Object.defineProperty(fresh, 'hyperlink', { get: () => (fresh.value as { hyperlink?: string } | null)?.hyperlink });
      Object.defineProperty(fresh, 'isMerged', { value: false });
      cell = fresh;
      this.cells.set(column, cell);
    }
    return cell as unknown as ExcelJS.Cell;
  }

  /** The cells with a value, by column, as exceljs' `eachCell` visits them. */
  eachCell(visit: (cell: ExcelJS.Cell, column: number) => void): void {
    for (const column of [...this.cells.keys()].sort((x, y) => x - y)) {
      const cell = this.cells.get(column)!;
      if (cell.value !== null && cell.value !== undefined) visit(cell as unknown as ExcelJS.Cell, column);
    }
  }

  /** As an exceljs row, for the sheet's `write` and the column fit (which use only the above). */
  asRow(): ExcelJS.Row {
    return this as unknown as ExcelJS.Row;
  }

  /** Its cells as the worker writes them: value and the style a sheet sets. */
  filled(): FilledRow {
    const cells: FilledRow['cells'] = [];
    for (const [column, cell] of this.cells) {
      const filled: Record<string, unknown> = { column, value: cell.value ?? null };
      for (const key of CELL_STYLE_KEYS) if (cell[key] !== undefined) filled[key] = cell[key];
      cells.push(filled as FilledRow['cells'][number]);
    }
    return { height: this.height, cells };
  }
}

async function plan<R>(sheet: StreamedSheet<R>, slices: TimeSlices): Promise<Planned<R>> {
  const fit = new ColumnFit(sheet.headers.length, sheet.limits);
  const header = new PlainRow();
  sheet.headers.forEach((text, j) => (header.getCell(j + 1).value = text));
  fit.measure(header.asRow());
  let rows = 0;
  for await (const batch of sheet.rows()) {
    for (const item of batch) {
      const row = new PlainRow().asRow();
      sheet.write(row, item);
      fit.measure(row);
      rows++;
      await slices.due();
    }
  }
  return { sheet, fit, rows };
}

/** Rows sent to the worker at a time. */
const ROWS_PER_BATCH = 200;

/**
 * Writes the workbook to `file` (created private; it must not exist). On a cancel or a failure
 * the partial file is removed (one that was there already is left alone) and the error passed on.
 */
export async function writeWorkbook(file: string, meta: WorkbookMeta, sheets: readonly AnyStreamedSheet[], work: StreamWork = {}): Promise<void> {
  const slices = new TimeSlices(work.signal);
  // One that is there already is the researcher's: the worker refuses it and it is never removed.
  // One that was not is this writer's to remove after a failure, even when the worker went before
  // it could say it had created it (out of memory).
  const ours = !fs.existsSync(file);
  let done = 0;
  let total = 0;
  // Started first: the worker creates the file (and loads exceljs, the first time) while main fits the columns.
  const writer = new WorkbookJob(file, meta, work.writerHeapMb ?? WRITER_HEAP_MB, (rows) => {
    done += rows;
    work.progress?.(done, total);
  });
  try {
    const planned: Planned<unknown>[] = [];
    for (const sheet of sheets) planned.push(await plan(sheet, slices));
    total = planned.reduce((sum, p) => sum + p.rows, 0);
    work.progress?.(0, total);
    for (const { sheet, fit, rows } of planned) {
      const widths = fit.widths();
      const widthOf = (c: number) => widths[c] ?? 10;
      writer.sheet({
        name: sheet.name,
        title: sheet.title,
        subtitle: sheet.subtitle(rows),
        headers: [...sheet.headers],
        widths,
        frozenColumns: sheet.frozenColumns ?? 0,
        autoFilter: sheet.autoFilter ?? false,
        repeatFirstColumn: sheet.repeatFirstColumn ?? false,
      });
      let batch: FilledRow[] = [];
      for await (const items of sheet.rows()) {
        for (const item of items) {
          const row = new PlainRow();
          sheet.write(row.asRow(), item);
          fit.finishCells(row.asRow());
          fitRowHeight(row.asRow(), widthOf);
          batch.push(row.filled());
          if (batch.length === ROWS_PER_BATCH) {
            await writer.rows(batch, work.signal);
            batch = [];
          }
          await slices.due();
        }
      }
      if (batch.length > 0) await writer.rows(batch, work.signal);
    }
    await writer.end(work.signal);
    work.progress?.(total, total);
  } catch (error) {
    await writer.stop();
    if (ours) await fs.promises.rm(file, { force: true });
    throw error;
  }
}
