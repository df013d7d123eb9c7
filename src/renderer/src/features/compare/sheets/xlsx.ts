// The comparison as an XLSX workbook a client can read and print as it is: a Summary sheet (the
// figures every network shares), one sheet per network's own figures, and a Sources sheet that
// says, for every figure, which report it was read from, under which name, for which period and
// from which day's data. Finished by src/shared/sheets.ts: the agency in the title block, the
// accent on the header row, landscape and one page wide with the header row and the first column
// repeated on every page, columns fitted to their content.
//
// Cells hold numbers, never formatted text, so a client can sort and compute:
// - percent: stored as a fraction (6.89 % → 0.0689) with a percent format, so Excel's own
//   percentage arithmetic works; every other unit is stored as the model's value;
// - each number's format shows the decimals the screen shows (excelFormat): 6.46%, 20.7%,
//   1,465, $58.76 (money always with cents);
// - durations (ms in the model) as days with '[h]:mm:ss', Excel's own time;
// - dates (data as of) as dates, UTC, 'yyyy-mm-dd hh:mm';
// - a figure an account does not have is a word in grey italics ('not in report', or the model's
//   own reason such as 'no posts'), never 0 and never a number.
// sheetValue() below is that mapping: the tests read the file back and compare through it.
import ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { ABSENT_FONT, LINK_FONT, SHEET_FORMATS, TABLE_HEADER_ROW, excelFormat, fitColumns, fitRowHeights, headerRow, linkValue, printSetup, shortLink, subtitleText, titleBlock } from '@shared/sheets';
import { networkLabels, PERIOD_WORDS, formatDateTime } from '@shared/format';
import { ABSENT_WORDS } from '@shared/labels';
import { periodText, whereRead, type CompareModel, type CompareRow, type CompareUnit, type CompareValue } from '@shared/compareModel';

export interface SheetOptions {
  title: string;
  /** Epoch ms. */
  createdAt: number;
  /** The agency the workbook is made by (NO_AGENCY: none named). */
  brand: AgencyBrand;
}

const DAY_MS = 86_400_000;

/** The number format of a cell of `unit` holding the model's `value` (undefined for text). */
export function numFmtOf(unit: CompareUnit, value: number): string | undefined {
  return unit === 'text' ? undefined : excelFormat(unit, value);
}

export const DATE_FMT = SHEET_FORMATS.dateTime;

/** The value a cell holds for a model value: null stays null (the cell then says why it is empty). */
export function sheetValue(unit: CompareUnit, value: CompareValue): number | string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (unit === 'percent') return value / 100;
  if (unit === 'duration_ms') return value / DAY_MS;
  return value;
}

/** The word in a cell whose figure is absent: the model's reason, else 'not in report'. */
export function absentWord(row: Pick<CompareRow, 'absent'>, column: number): string {
  return row.absent?.[column] ?? ABSENT_WORDS.missing;
}

/** Rows of every sheet's account header (names, then these). */
export const HEADER_ROW = TABLE_HEADER_ROW;
export const ACCOUNT_ROWS = ['Network', 'Username', 'Profile link', 'Data as of (UTC)', 'Note'] as const;
export const SUMMARY_SHEET = 'Summary';
export const SOURCES_SHEET = 'Sources';

const BOLD = { bold: true };
const GROUP_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF2F7' } };

/** A name Excel accepts for a sheet: ≤ 31 characters, none of []:*?/\ (and unique). */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let out = base;
  for (let i = 2; taken.has(out.toLowerCase()); i++) out = `${base.slice(0, 27)} (${i})`;
  taken.add(out.toLowerCase());
  return out;
}

function accountName(model: CompareModel, c: number): string {
  const col = model.columns[c]!;
  return `${col.title} (${networkLabels[col.network]})`;
}

/** The header row (account names), then one row per ACCOUNT_ROWS (the profile link among them). */
function accountHeader(ws: ExcelJS.Worksheet, model: CompareModel, columns: number[]): void {
  ws.getCell(HEADER_ROW, 1).value = 'Account';
  columns.forEach((c, j) => {
    const col = model.columns[c]!;
    const name = accountName(model, c);
    const head = ws.getCell(HEADER_ROW, j + 2);
    // The name in plain text on the accent (a link there would be drawn in link blue); the link is the row below.
    head.value = name;
    const values: (ExcelJS.CellValue | null)[] = [networkLabels[col.network], col.handle || col.username, linkValue(col.profileUrl, col.profileUrl ? shortLink(col.profileUrl, 22) : undefined), new Date(col.fetchedAt), col.note === '' ? null : col.note];
    values.forEach((v, k) => {
      const cell = ws.getCell(HEADER_ROW + 1 + k, j + 2);
      if (v === null) return;
      cell.value = v;
      if (v instanceof Date) cell.numFmt = DATE_FMT;
      if (ACCOUNT_ROWS[k] === 'Note') cell.alignment = { wrapText: true, vertical: 'top' };
      if (ACCOUNT_ROWS[k] === 'Profile link') cell.font = LINK_FONT;
    });
  });
  ACCOUNT_ROWS.forEach((label, k) => {
    ws.getCell(HEADER_ROW + 1 + k, 1).value = label;
    ws.getCell(HEADER_ROW + 1 + k, 1).font = BOLD;
  });
}

/** Figures of `rows` under their group headings, after the account header. */
function figureRows(ws: ExcelJS.Worksheet, rows: CompareRow[], columns: number[]): void {
  let r = HEADER_ROW + ACCOUNT_ROWS.length + 1;
  let group: string | null = null;
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group;
      r++; // a blank line before each group
      const heading = ws.getCell(r, 1);
      heading.value = group;
      heading.font = { bold: true, size: 12 };
      for (let j = 0; j <= columns.length; j++) ws.getCell(r, j + 1).fill = GROUP_FILL;
      r++;
    }
    ws.getCell(r, 1).value = row.label;
    columns.forEach((c, j) => {
      const model = row.values[c] ?? null;
      const v = sheetValue(row.unit, model);
      const cell = ws.getCell(r, j + 2);
      if (v === null) {
        cell.value = absentWord(row, c);
        cell.font = ABSENT_FONT;
        cell.alignment = { horizontal: 'right' };
        return;
      }
      cell.value = v;
      if (typeof model === 'number') {
        const fmt = numFmtOf(row.unit, model);
        if (fmt) cell.numFmt = fmt;
      }
      if (typeof v === 'string') cell.alignment = { wrapText: true, vertical: 'top' };
      if (row.best.includes(c)) cell.font = { bold: true, color: { argb: 'FF1B7F3B' } };
      else if (row.worst.includes(c)) cell.font = { color: { argb: 'FFB3261E' } };
    });
    r++;
  }
}

/** The period a figure is for, in words. */

export const SOURCE_HEADERS = ['Figure', 'Group', 'Account', 'Network', 'Value', 'Period', 'Read from', 'Data as of (UTC)', 'What the figure is'] as const;

/** One line per figure an account has: what it is, its value, period, where it was read and the data date. */
function sourcesSheet(ws: ExcelJS.Worksheet, model: CompareModel, options: SheetOptions): void {
  SOURCE_HEADERS.forEach((h, j) => (ws.getCell(HEADER_ROW, j + 1).value = h));
  let r = HEADER_ROW + 1;
  for (const row of model.rows) {
    model.columns.forEach((col, c) => {
      const raw = row.values[c] ?? null;
      const v = sheetValue(row.unit, raw);
      if (v === null) return;
      const period = periodText(row, c, model.period);
      const values: ExcelJS.CellValue[] = [
        row.label,
        row.group,
        col.title,
        networkLabels[col.network],
        v,
        period,
        whereRead(model, row, c),
        new Date(col.fetchedAt),
        row.source,
      ];
      values.forEach((value, j) => {
        ws.getCell(r, j + 1).value = value;
      });
      const fmt = typeof raw === 'number' ? numFmtOf(row.unit, raw) : undefined;
      if (fmt) ws.getCell(r, 5).numFmt = fmt;
      else ws.getCell(r, 5).alignment = { wrapText: true, vertical: 'top' };
      ws.getCell(r, 8).numFmt = DATE_FMT;
      // Text beside a right-aligned number or date keeps a space from it.
      ws.getCell(r, 6).alignment = { horizontal: 'left', indent: 1 };
      ws.getCell(r, 9).alignment = { horizontal: 'left', indent: 1, wrapText: true, vertical: 'top' };
      r++;
    });
  }
  fitColumns(ws, HEADER_ROW, SOURCE_HEADERS.length, { min: 8, max: 24, maxOf: { 1: 30, 7: 34, 9: 48 } });
  headerRow(ws, HEADER_ROW, 1, SOURCE_HEADERS.length, options.brand);
  fitRowHeights(ws, HEADER_ROW);
  titleBlock(
    ws,
    SOURCE_HEADERS.length,
    `${options.title}: sources`,
    subtitleText(options.brand, "Each figure of the comparison, per account: which report it was read from and under which name, for which period, and from which day's data."),
  );
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW, topLeftCell: 'B4', activeCell: 'B4' }];
  ws.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: SOURCE_HEADERS.length } };
  printSetup(ws, { headerRows: HEADER_ROW, firstColumn: false, title: `${options.title}: sources`, brand: options.brand });
}

/** A figures sheet: account header, figures, then widths, title block and print setup. */
function figuresSheet(ws: ExcelJS.Worksheet, model: CompareModel, rows: CompareRow[], columns: number[], options: SheetOptions, about: string): void {
  accountHeader(ws, model, columns);
  figureRows(ws, rows, columns);
  fitColumns(ws, HEADER_ROW, columns.length + 1, { min: 12, max: 24, maxOf: { 1: 34 } });
  headerRow(ws, HEADER_ROW, 1, columns.length + 1, options.brand);
  fitRowHeights(ws, HEADER_ROW);
  titleBlock(ws, columns.length + 1, options.title, subtitleText(options.brand, about));
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW, topLeftCell: 'B4', activeCell: 'B4' }];
  printSetup(ws, { headerRows: HEADER_ROW, firstColumn: true, title: options.title, brand: options.brand });
}

/** The workbook's bytes. */
export async function writeComparisonXlsx(model: CompareModel, options: SheetOptions): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = options.brand.name.trim() || 'Scout Workbench';
  wb.title = options.title;
  wb.created = new Date(options.createdAt);
  wb.modified = new Date(options.createdAt);
  const taken = new Set<string>([SUMMARY_SHEET.toLowerCase(), SOURCES_SHEET.toLowerCase()]);
  const all = model.columns.map((_, i) => i);
  const made = formatDateTime(options.createdAt);
  const period = PERIOD_WORDS[model.period];
  const empty = `a figure a report does not have says "${ABSENT_WORDS.missing}"`;

  figuresSheet(wb.addWorksheet(SUMMARY_SHEET), model, model.rows.filter((r) => !r.expandable), all, options, `Made ${made} · period: ${period} · ${empty}`);

  for (const group of model.groups.filter((g) => g.expandable)) {
    const rows = model.rows.filter((r) => r.group === group.name);
    if (rows.length === 0) continue;
    const columns = all.filter((i) => group.network === null || model.columns[i]!.network === group.network);
    figuresSheet(wb.addWorksheet(sheetName(group.name, taken)), model, rows, columns, options, `${group.name} figures · made ${made} · period: ${period} · ${empty}`);
  }

  sourcesSheet(wb.addWorksheet(SOURCES_SHEET), model, options);
  // A Node Buffer in Node, an ArrayBuffer or a Buffer polyfill in the browser build.
  const buffer = (await wb.xlsx.writeBuffer()) as unknown;
  if (buffer instanceof Uint8Array) return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return new Uint8Array(buffer as ArrayBuffer);
}
