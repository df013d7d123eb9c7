// What main and the sheet worker (sheetWorker.ts) say to each other while a workbook is written:
// main reads the rows from the cache and fills each row's cells by the sheet's rules (values,
// formats, fonts, widths, wrapping, heights: plain data); the worker turns them into the file
// with exceljs, off main's event loop. Shared by both sides: the messages' types and the style keys carried.
import type ExcelJS from 'exceljs';
import type { WorkbookMeta } from './sheetStream';

/** A sheet's title block, header row and setup, its columns already fitted. */
export interface SheetHead {
  name: string;
  title: string;
  subtitle: string;
  headers: readonly string[];
  /** Widths in Excel's characters, by column from 1 (index 0 unused). */
  widths: readonly number[];
  frozenColumns: number;
  autoFilter: boolean;
  repeatFirstColumn: boolean;
}

/** The parts of a cell's style a sheet sets; nothing else is carried to the worker. */
export const CELL_STYLE_KEYS = ['numFmt', 'font', 'alignment', 'fill', 'border'] as const;

export type CellStyleKey = (typeof CELL_STYLE_KEYS)[number];

/** One filled cell: its column (from 1), value and style. */
export type FilledCell = { column: number; value: ExcelJS.CellValue } & Partial<Pick<ExcelJS.Cell, CellStyleKey>>;

/** One table row, filled: its cells and, when its text wraps, its height. */
export interface FilledRow {
  height: number | null;
  cells: FilledCell[];
}

/** Each message names the workbook it is about: one worker writes every workbook being exported. */
export type ToSheetWorker =
  /** Create `file` (private; it must not exist) and start the workbook. */
  | { kind: 'open'; id: number; file: string; meta: WorkbookMeta }
  | { kind: 'sheet'; id: number; head: SheetHead }
  | { kind: 'rows'; id: number; rows: FilledRow[] }
  | { kind: 'end'; id: number }
  /** Stop where it is and close the file (main removes it). */
  | { kind: 'cancel'; id: number };

export type FromSheetWorker =
  /** A batch of rows is in the file's stream (and compressing has caught up). */
  | { kind: 'written'; id: number; rows: number }
  /** The workbook is whole and the file closed. */
  | { kind: 'done'; id: number }
  /** Stopped by a failure, or by a cancel; the file is closed (main removes it). */
  | { kind: 'failed'; id: number; message: string; code: string | null }
  | { kind: 'cancelled'; id: number };
