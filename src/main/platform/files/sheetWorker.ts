// The worker thread that writes workbooks (sheetWorkerClient.ts starts it, one for every export):
// main sends each sheet's head and its rows already filled (sheetWorkbook.ts); here exceljs'
// streaming writer makes the XML and the zip, which would otherwise take main's event loop for
// seconds on a big export (and a third of a second just to load exceljs). Each workbook is a job
// of its own, its messages taken in order; a file is created private and must not exist.
import fs from 'node:fs';
import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { fitRowHeight, printOptions, styleHeaderCells, TABLE_HEADER_ROW, titleRows } from '@shared/sheets';
import { xmlSafeDeep } from '@shared/fileText';
import { PRIVATE_FILE_MODE } from '../privateFiles';
import type { WorkbookMeta } from './sheetStream';
import { CELL_STYLE_KEYS, type FilledRow, type FromSheetWorker, type SheetHead, type ToSheetWorker } from './sheetWorkbook';

const port = parentPort!;
const say = (message: FromSheetWorker) => port.postMessage(message);

/** Bytes of a sheet waiting to be compressed, or of the file waiting to be written, before the rows wait for them. */
const HIGH_WATER = 8 * 1024 * 1024;

/** Loaded with the first workbook, once. */
let excel: Promise<typeof ExcelJS> | null = null;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));

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

const jobs = new Map<number, Workbook>();

/** One workbook being written: its file, its writer and the sheet under way. */
class Workbook {
  private readonly out: fs.WriteStream;
  /** Settles once the file is created or could not be. */
  private readonly opening: Promise<void>;
  private book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
  private sheet: { ws: ExcelJS.Worksheet; next: number } | null = null;
  /** Failed or cancelled (or done): later messages are ignored. */
  private over = false;
  private chain: Promise<void>;

  constructor(
    private readonly id: number,
    file: string,
    private readonly meta: WorkbookMeta,
  ) {
    this.out = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    this.opening = new Promise<void>((resolve, reject) => {
      this.out.once('open', () => resolve());
      this.out.once('error', reject);
    });
    this.out.on('error', (error) => void this.fail(error));
    this.chain = this.start().catch((error: unknown) => this.fail(error));
  }

  /**
   * Runs `step` after the ones before it, unless the workbook is over by then. (Not `then`: that
   * name would make a job a thenable, which an await would unwrap.)
   */
  queue(step: () => void | Promise<void>): void {
    this.chain = this.chain
      .then(async () => {
        if (!this.over) await step();
      })
      .catch((error: unknown) => this.fail(error));
  }

  private async start(): Promise<void> {
    await this.opening;
    const { meta } = this;
    this.book = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: this.out, useStyles: true, useSharedStrings: false });
    this.book.creator = meta.brand.name.trim() || 'Scout Workbench';
    this.book.title = meta.title;
    this.book.created = new Date(meta.createdAt);
    this.book.modified = new Date(meta.createdAt);
  }

  private finishSheet(): void {
    this.sheet?.ws.commit();
    this.sheet = null;
  }

  /** A sheet's title block (merged across the table), setup and header row, as every sheet is finished (@shared/sheets). */
  addSheet(head: SheetHead): void {
    this.finishSheet();
    const width = head.headers.length;
    const row = TABLE_HEADER_ROW;
    const frozen = head.frozenColumns;
    const topLeft = `${String.fromCharCode(65 + frozen)}${row + 1}`;
    const ws = this.book!.addWorksheet(head.name, {
      views: [{ state: 'frozen', xSplit: frozen, ySplit: row, topLeftCell: topLeft, activeCell: topLeft }],
      ...printOptions({ headerRows: row, firstColumn: head.repeatFirstColumn, title: head.title, brand: this.meta.brand }),
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
    styleHeaderCells(header, 1, width, this.meta.brand);
    fitRowHeight(header, (c) => head.widths[c] ?? 10);
    header.commit();
    this.sheet = { ws, next: row + 1 };
  }

  async addRows(rows: readonly FilledRow[]): Promise<void> {
    const sheet = this.sheet!;
    for (const filled of rows) {
      const row = sheet.ws.getRow(sheet.next++);
      for (const cell of filled.cells) {
        const target = row.getCell(cell.column);
        target.value = cell.value;
        for (const key of CELL_STYLE_KEYS) if (cell[key] !== undefined) (target as unknown as Record<string, unknown>)[key] = cell[key];
      }
      if (filled.height !== null) row.height = filled.height;
      row.commit();
    }
    // Compressing and the disk are slower than the rows: wait for them rather than keep the difference in memory.
    while (!this.over && (waitingToCompress(sheet.ws) > HIGH_WATER / 2 || this.out.writableLength > HIGH_WATER / 2)) await new Promise((resolve) => setTimeout(resolve, 5));
    say({ kind: 'written', id: this.id, rows: rows.length });
  }

  async end(): Promise<void> {
    this.finishSheet();
    const failed = new Promise<never>((_, reject) => this.out.once('error', reject));
    failed.catch(() => undefined);
    await Promise.race([this.book!.commit(), failed]);
    if (!this.out.closed) await Promise.race([once(this.out, 'close'), failed]);
    if (this.over) return;
    this.over = true;
    jobs.delete(this.id);
    say({ kind: 'done', id: this.id });
  }

  private closing: Promise<void> | null = null;

  /**
   * Ends the job with its file closed (once its opening has settled, so that none is left open).
   * The job stays known until then: a cancel meanwhile is answered once the file is closed.
   */
  private close(): Promise<void> {
    this.over = true;
    this.closing ??= (async () => {
      await this.opening.catch(() => undefined);
      if (!this.out.closed) {
        this.out.destroy();
        await once(this.out, 'close').catch(() => undefined);
      }
      jobs.delete(this.id);
    })();
    return this.closing;
  }

  /** The first failure is the one told; the file is closed and main removes it. */
  async fail(error: unknown): Promise<void> {
    if (this.over) return;
    await this.close();
    say({ kind: 'failed', id: this.id, message: (error as Error)?.message ?? String(error), code: (error as NodeJS.ErrnoException | null)?.code ?? null });
  }

  /** Answered once the file is closed (after a failure's own answer, when one was under way). */
  async cancel(): Promise<void> {
    await this.close();
    say({ kind: 'cancelled', id: this.id });
  }
}

port.on('message', (received: ToSheetWorker) => {
  // Every text of a workbook (its title, the agency's name, sheet heads, cells) passes here: what
  // XML 1.0 cannot hold (U+FFFE, a NUL, a lone surrogate) becomes U+FFFD, so the file stays
  // well-formed whatever the API, a teammate or a researcher put in it (@shared/fileText).
  const message = xmlSafeDeep(received);
  if (message.kind === 'open') {
    jobs.set(message.id, new Workbook(message.id, message.file, message.meta));
    return;
  }
  const job = jobs.get(message.id);
  if (message.kind === 'cancel') {
    // A job already over has closed its file: the cancel is answered all the same.
    if (job) void job.cancel();
    else say({ kind: 'cancelled', id: message.id });
    return;
  }
  if (!job) return;
  if (message.kind === 'sheet') job.queue(() => job.addSheet(message.head));
  else if (message.kind === 'rows') job.queue(() => job.addRows(message.rows));
  else job.queue(() => job.end());
});
