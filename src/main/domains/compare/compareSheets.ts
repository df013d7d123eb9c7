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
// Main writes it from the cached snapshots the comparison is pinned to (src/main/platform/files streams it).
import type ExcelJS from 'exceljs';
import { ABSENT_FONT, LINK_FONT, SHEET_FORMATS, TABLE_HEADER_ROW, excelFormat, linkValue, shortLink, subtitleText } from '@shared/sheets';
import { networkLabels, PERIOD_WORDS, formatDateTime } from '@shared/format';
import { ABSENT_WORDS } from '@shared/labels';
import { periodText, whereRead, type CompareModel, type CompareRow, type CompareUnit, type CompareValue } from '@shared/compareModel';
import { inBatchesOf, type AnyStreamedSheet, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';

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

/** One line of a figures sheet under its header row: an account fact, a blank, a group's heading or a figure. */
type FigureLine = { kind: 'account'; fact: (typeof ACCOUNT_ROWS)[number] } | { kind: 'blank' } | { kind: 'group'; name: string } | { kind: 'figure'; row: CompareRow };

/** The account facts under the names, then the figures under their group headings (a blank line before each). */
function figureLines(rows: readonly CompareRow[]): FigureLine[] {
  const lines: FigureLine[] = ACCOUNT_ROWS.map((fact) => ({ kind: 'account', fact }));
  let group: string | null = null;
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group;
      lines.push({ kind: 'blank' }, { kind: 'group', name: group });
    }
    lines.push({ kind: 'figure', row });
  }
  return lines;
}

function writeFigureLine(row: ExcelJS.Row, line: FigureLine, model: CompareModel, columns: readonly number[]): void {
  if (line.kind === 'blank') return;
  if (line.kind === 'group') {
    const heading = row.getCell(1);
    heading.value = line.name;
    heading.font = { bold: true, size: 12 };
    for (let j = 0; j <= columns.length; j++) row.getCell(j + 1).fill = GROUP_FILL;
    return;
  }
  if (line.kind === 'account') {
    row.getCell(1).value = line.fact;
    row.getCell(1).font = BOLD;
    columns.forEach((c, j) => {
      const col = model.columns[c]!;
      const values: Record<(typeof ACCOUNT_ROWS)[number], ExcelJS.CellValue | null> = {
        Network: networkLabels[col.network],
        Username: col.handle || col.username,
        'Profile link': linkValue(col.profileUrl, col.profileUrl ? shortLink(col.profileUrl, 22) : undefined),
        'Data as of (UTC)': new Date(col.fetchedAt),
        Note: col.note === '' ? null : col.note,
      };
      const v = values[line.fact];
      if (v === null) return;
      const cell = row.getCell(j + 2);
      cell.value = v;
      if (v instanceof Date) cell.numFmt = DATE_FMT;
      if (line.fact === 'Note') cell.alignment = { wrapText: true, vertical: 'top' };
      if (line.fact === 'Profile link') cell.font = LINK_FONT;
    });
    return;
  }
  const figure = line.row;
  row.getCell(1).value = figure.label;
  columns.forEach((c, j) => {
    const value = figure.values[c] ?? null;
    const v = sheetValue(figure.unit, value);
    const cell = row.getCell(j + 2);
    if (v === null) {
      cell.value = absentWord(figure, c);
      cell.font = ABSENT_FONT;
      cell.alignment = { horizontal: 'right' };
      return;
    }
    cell.value = v;
    if (typeof value === 'number') {
      const fmt = numFmtOf(figure.unit, value);
      if (fmt) cell.numFmt = fmt;
    }
    if (typeof v === 'string') cell.alignment = { wrapText: true, vertical: 'top' };
    if (figure.best.includes(c)) cell.font = { bold: true, color: { argb: 'FF1B7F3B' } };
    else if (figure.worst.includes(c)) cell.font = { color: { argb: 'FFB3261E' } };
  });
}

/** A figures sheet: the accounts' names on the header row, their facts, then the figures by group. */
function figuresSheet(name: string, model: CompareModel, rows: readonly CompareRow[], columns: readonly number[], meta: WorkbookMeta, about: string): StreamedSheet<FigureLine> {
  return {
    name,
    title: meta.title,
    subtitle: () => subtitleText(meta.brand, about),
    // The names in plain text on the accent (a link there would be drawn in link blue); the link is a row below.
    headers: ['Account', ...columns.map((c) => accountName(model, c))],
    limits: { min: 12, max: 24, maxOf: { 1: 34 } },
    rows: inBatchesOf(figureLines(rows)),
    write: (row, line) => writeFigureLine(row, line, model, columns),
    frozenColumns: 1,
    repeatFirstColumn: true,
  };
}

export const SOURCE_HEADERS = ['Figure', 'Group', 'Account', 'Network', 'Value', 'Period', 'Read from', 'Data as of (UTC)', 'What the figure is'] as const;

/** One line per figure an account has: what it is, its value, period, where it was read and the data date. */
function sourcesSheet(model: CompareModel, meta: WorkbookMeta): StreamedSheet<{ row: CompareRow; c: number }> {
  const lines = model.rows.flatMap((row) => model.columns.flatMap((_, c) => (sheetValue(row.unit, row.values[c] ?? null) === null ? [] : [{ row, c }])));
  return {
    name: SOURCES_SHEET,
    title: `${meta.title}: sources`,
    subtitle: () => subtitleText(meta.brand, "Each figure of the comparison, per account: which report it was read from and under which name, for which period, and from which day's data."),
    headers: SOURCE_HEADERS,
    limits: { min: 8, max: 24, maxOf: { 1: 30, 7: 34, 9: 48 } },
    rows: inBatchesOf(lines),
    write: (cells, { row, c }) => {
      const col = model.columns[c]!;
      const raw = row.values[c] ?? null;
      const values: ExcelJS.CellValue[] = [row.label, row.group, col.title, networkLabels[col.network], sheetValue(row.unit, raw), periodText(row, c, model.period), whereRead(model, row, c), new Date(col.fetchedAt), row.source];
      values.forEach((value, j) => (cells.getCell(j + 1).value = value));
      const fmt = typeof raw === 'number' ? numFmtOf(row.unit, raw) : undefined;
      if (fmt) cells.getCell(5).numFmt = fmt;
      else cells.getCell(5).alignment = { wrapText: true, vertical: 'top' };
      cells.getCell(8).numFmt = DATE_FMT;
      // Text beside a right-aligned number or date keeps a space from it.
      cells.getCell(6).alignment = { horizontal: 'left', indent: 1 };
      cells.getCell(9).alignment = { horizontal: 'left', indent: 1, wrapText: true, vertical: 'top' };
    },
    frozenColumns: 1,
    autoFilter: true,
  };
}

/** The workbook's sheets: the Summary, one per network's own figures, and the Sources. */
export function comparisonSheets(model: CompareModel, meta: WorkbookMeta): AnyStreamedSheet[] {
  const taken = new Set<string>([SUMMARY_SHEET.toLowerCase(), SOURCES_SHEET.toLowerCase()]);
  const all = model.columns.map((_, i) => i);
  const made = formatDateTime(meta.createdAt);
  const period = PERIOD_WORDS[model.period];
  const empty = `a figure a report does not have says "${ABSENT_WORDS.missing}"`;
  const sheets: AnyStreamedSheet[] = [figuresSheet(SUMMARY_SHEET, model, model.rows.filter((r) => !r.expandable), all, meta, `Made ${made} · period: ${period} · ${empty}`)];
  for (const group of model.groups.filter((g) => g.expandable)) {
    const rows = model.rows.filter((r) => r.group === group.name);
    if (rows.length === 0) continue;
    const columns = all.filter((i) => group.network === null || model.columns[i]!.network === group.network);
    sheets.push(figuresSheet(sheetName(group.name, taken), model, rows, columns, meta, `${group.name} figures · made ${made} · period: ${period} · ${empty}`));
  }
  sheets.push(sourcesSheet(model, meta));
  return sheets;
}
