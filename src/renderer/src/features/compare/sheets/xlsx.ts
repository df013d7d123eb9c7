// The comparison as an XLSX workbook a client can read as it is: a Summary sheet (the figures
// every network shares), one sheet per network's own figures, and a Sources sheet that traces
// every figure to its account, period, data date and snapshot.
//
// Cells hold numbers, never formatted text, so a client can sort and compute:
// - percent: stored as a fraction (6.89 % → 0.0689) with the format '0.00%', so Excel's own
//   percentage arithmetic works; every other unit is stored as the model's value;
// - durations (ms in the model) as days with '[h]:mm:ss', Excel's own time;
// - dates (data as of, made on) as dates, UTC, 'yyyy-mm-dd hh:mm';
// - a figure an account does not have is an EMPTY cell, never 0.
// sheetValue() below is that mapping: the tests read the file back and compare through it.
import ExcelJS from 'exceljs';
import { networkLabels, PERIOD_WORDS, formatDateTime } from '../../../shared/format';
import { type CompareModel, type CompareRow, type CompareUnit, type CompareValue } from '../model/compareModel';

export interface SheetOptions {
  title: string;
  /** Epoch ms. */
  createdAt: number;
}

const DAY_MS = 86_400_000;

/** The number format of each unit's cells. */
export const NUM_FMT: Record<CompareUnit, string | undefined> = {
  count: '#,##0',
  percent: '0.00%',
  ratio: '0.00',
  per_week: '0.0" / week"',
  money: '"$"#,##0',
  duration_ms: '[h]:mm:ss',
  text: undefined,
};

export const DATE_FMT = 'yyyy-mm-dd hh:mm';

/** The value a cell holds for a model value: null stays null (an empty cell). */
export function sheetValue(unit: CompareUnit, value: CompareValue): number | string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (unit === 'percent') return value / 100;
  if (unit === 'duration_ms') return value / DAY_MS;
  return value;
}

/** Rows of every sheet's account header (names, then these). */
export const HEADER_ROW = 3;
export const ACCOUNT_ROWS = ['Network', 'Username', 'Profile link', 'Data as of (UTC)', 'Snapshot', 'Note'] as const;
export const SUMMARY_SHEET = 'Summary';
export const SOURCES_SHEET = 'Sources';

const FIRST_WIDTH = 36;
const ACCOUNT_WIDTH = 24;
const BOLD = { bold: true };
const HEADING_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF2F7' } };

/** A name Excel accepts for a sheet: ≤ 31 characters, none of []:*?/\ (and unique). */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let out = base;
  for (let i = 2; taken.has(out.toLowerCase()); i++) out = `${base.slice(0, 27)} (${i})`;
  taken.add(out.toLowerCase());
  return out;
}

function dateOf(ms: number): Date {
  return new Date(ms);
}

/** Title, subtitle, then one column per account: name (a link to the profile), network, username, link, data date, snapshot, note. */
function accountHeader(ws: ExcelJS.Worksheet, model: CompareModel, columns: number[], options: SheetOptions, subtitle: string): void {
  ws.getCell(1, 1).value = options.title;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  ws.getCell(2, 1).value = subtitle;
  ws.getCell(2, 1).font = { italic: true, color: { argb: 'FF555555' } };
  ws.getCell(HEADER_ROW, 1).value = 'Account';
  ws.getCell(HEADER_ROW, 1).font = BOLD;
  columns.forEach((c, j) => {
    const col = model.columns[c]!;
    const name = `${col.title} (${networkLabels[col.network]})`;
    const head = ws.getCell(HEADER_ROW, j + 2);
    head.value = col.profileUrl ? { text: name, hyperlink: col.profileUrl } : name;
    head.font = col.profileUrl ? { bold: true, underline: true, color: { argb: 'FF1F4E9A' } } : BOLD;
    head.alignment = { wrapText: true, vertical: 'top' };
    const values: (ExcelJS.CellValue | null)[] = [
      networkLabels[col.network],
      col.handle || col.username,
      col.profileUrl ? { text: col.profileUrl, hyperlink: col.profileUrl } : null,
      dateOf(col.fetchedAt),
      col.snapshotId,
      col.note === '' ? null : col.note,
    ];
    values.forEach((v, k) => {
      const cell = ws.getCell(HEADER_ROW + 1 + k, j + 2);
      if (v === null) return;
      cell.value = v;
      if (v instanceof Date) cell.numFmt = DATE_FMT;
      if (ACCOUNT_ROWS[k] === 'Note') cell.alignment = { wrapText: true, vertical: 'top' };
      if (ACCOUNT_ROWS[k] === 'Profile link') cell.font = { underline: true, color: { argb: 'FF1F4E9A' } };
    });
  });
  ACCOUNT_ROWS.forEach((label, k) => {
    ws.getCell(HEADER_ROW + 1 + k, 1).value = label;
    ws.getCell(HEADER_ROW + 1 + k, 1).font = BOLD;
  });
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW, topLeftCell: 'B4', activeCell: 'B4' }];
  ws.getColumn(1).width = FIRST_WIDTH;
  for (let j = 0; j < columns.length; j++) ws.getColumn(j + 2).width = ACCOUNT_WIDTH;
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
      for (let j = 0; j <= columns.length; j++) ws.getCell(r, j + 1).fill = HEADING_FILL;
      r++;
    }
    ws.getCell(r, 1).value = row.label;
    columns.forEach((c, j) => {
      const v = sheetValue(row.unit, row.values[c] ?? null);
      if (v === null) return;
      const cell = ws.getCell(r, j + 2);
      cell.value = v;
      const fmt = NUM_FMT[row.unit];
      if (fmt && typeof v === 'number') cell.numFmt = fmt;
      if (typeof v === 'string') cell.alignment = { wrapText: true, vertical: 'top' };
      if (row.best.includes(c)) cell.font = { bold: true, color: { argb: 'FF1B7F3B' } };
      else if (row.worst.includes(c)) cell.font = { color: { argb: 'FFB3261E' } };
    });
    r++;
  }
}

function periodText(row: CompareRow, c: number, period: CompareModel['period']): string {
  if (!row.periodDependent || row.periodSources[c] === null) return 'As fetched';
  const source = row.periodSources[c];
  if (source === 'period') return PERIOD_WORDS[period];
  if (source === '365d') return `365 days (no ${PERIOD_WORDS[period]} figure)`;
  return `Report's headline figure (no ${PERIOD_WORDS[period]} figure)`;
}

export const SOURCE_HEADERS = ['Figure', 'Group', 'Account', 'Network', 'Value', 'Period', 'Read from', 'Data as of (UTC)', 'Snapshot', 'What the figure is'] as const;

/** One line per figure an account has: what it is, its value, period, where it was read, data date and snapshot. */
function sourcesSheet(ws: ExcelJS.Worksheet, model: CompareModel, options: SheetOptions): void {
  ws.getCell(1, 1).value = `${options.title}: sources`;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  ws.getCell(2, 1).value = 'Each figure of the comparison, per account: where it was read in the account\'s cached report, for which period, and the snapshot it comes from.';
  ws.getCell(2, 1).font = { italic: true, color: { argb: 'FF555555' } };
  SOURCE_HEADERS.forEach((h, j) => {
    const cell = ws.getCell(HEADER_ROW, j + 1);
    cell.value = h;
    cell.font = BOLD;
    cell.fill = HEADING_FILL;
  });
  let r = HEADER_ROW + 1;
  for (const row of model.rows) {
    model.columns.forEach((col, c) => {
      const v = sheetValue(row.unit, row.values[c] ?? null);
      if (v === null) return;
      const values: ExcelJS.CellValue[] = [
        row.labels[c] && row.labels[c] !== row.label ? `${row.label}: ${row.labels[c]}` : row.label,
        row.group,
        col.title,
        networkLabels[col.network],
        v,
        periodText(row, c, model.period),
        row.cellSources[c] ?? '',
        dateOf(col.fetchedAt),
        col.snapshotId,
        row.source,
      ];
      values.forEach((value, j) => {
        ws.getCell(r, j + 1).value = value;
      });
      const fmt = NUM_FMT[row.unit];
      if (fmt && typeof v === 'number') ws.getCell(r, 5).numFmt = fmt;
      ws.getCell(r, 8).numFmt = DATE_FMT;
      r++;
    });
  }
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW, topLeftCell: 'B4', activeCell: 'B4' }];
  [FIRST_WIDTH, 16, 24, 12, 18, 30, 44, 18, 10, 80].forEach((w, j) => (ws.getColumn(j + 1).width = w));
  ws.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: SOURCE_HEADERS.length } };
}

/** The workbook's bytes. */
export async function writeComparisonXlsx(model: CompareModel, options: SheetOptions): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Scout Workbench';
  wb.title = options.title;
  wb.created = dateOf(options.createdAt);
  wb.modified = dateOf(options.createdAt);
  const taken = new Set<string>([SUMMARY_SHEET.toLowerCase(), SOURCES_SHEET.toLowerCase()]);
  const all = model.columns.map((_, i) => i);
  const made = formatDateTime(options.createdAt);
  const period = PERIOD_WORDS[model.period];

  const summary = wb.addWorksheet(SUMMARY_SHEET);
  accountHeader(summary, model, all, options, `Made ${made} · period: ${period} · an empty cell: that report does not have the figure`);
  figureRows(summary, model.rows.filter((r) => !r.expandable), all);

  for (const group of model.groups.filter((g) => g.expandable)) {
    const rows = model.rows.filter((r) => r.group === group.name);
    if (rows.length === 0) continue;
    const columns = all.filter((i) => group.network === null || model.columns[i]!.network === group.network);
    const ws = wb.addWorksheet(sheetName(group.name, taken));
    accountHeader(ws, model, columns, options, `${group.name} figures · made ${made} · period: ${period} · an empty cell: that report does not have the figure`);
    figureRows(ws, rows, columns);
  }

  sourcesSheet(wb.addWorksheet(SOURCES_SHEET), model, options);
  // A Node Buffer in Node, an ArrayBuffer or a Buffer polyfill in the browser build.
  const buffer = (await wb.xlsx.writeBuffer()) as unknown;
  if (buffer instanceof Uint8Array) return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return new Uint8Array(buffer as ArrayBuffer);
}
