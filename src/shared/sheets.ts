// How every sheet a client receives is finished, whichever page it comes from (main writes them
// all, streamed to disk by src/main/platform/files): one place for the rules, so the files look and
// print alike, and the screen's formatter rounds by the same rule (shownDecimals).
//
// XLSX (exceljs):
// - a title block: the title (bold), then one line naming the agency and what the sheet holds,
//   merged across the table's width and wrapped, so it never spills past the table;
// - the table's header row filled with the agency's accent colour (its text white or black,
//   whichever reads on it);
// - print setup: landscape, fitted to one page wide (as many pages down as it takes), the title
//   block and header row repeated on every page, the first column too where it names the row;
//   page numbers and the agency in the footer;
// - column widths fitted to their content (between a floor and a ceiling; longer text wraps);
// - links as clickable hyperlinks with short text ('instagram.com/natgeo'), the full address in
//   the cell's link.
// CSV: numbers at the precision the screen shows (roundAsShown), dates as ISO date-times in UTC
// without milliseconds (isoDateTime).
import type ExcelJS from 'exceljs';
import { DEFAULT_ACCENT, type AgencyBrand } from './agency';
import { BASE_FONT_SIZE, textHeight, textWidth, wrappedLines } from './sheetText';

// ---------------------------------------------------------------------------------------------
// Numbers and dates in files

/** The kinds of figure a sheet holds (the renderer's MetricUnit). */
export type FigureUnit = 'count' | 'percent' | 'ratio' | 'duration_ms' | 'per_week' | 'money';

/**
 * Decimals the screen shows of a number this large (format.ts writes every figure by this rule):
 * none from 100, one from 10, two from 1, two significant digits below 1 (at most six decimals).
 */
export function shownDecimals(abs: number): number {
  if (abs === 0 || !Number.isFinite(abs)) return 0;
  if (abs >= 100) return 0;
  if (abs >= 10) return 1;
  if (abs >= 1) return 2;
  return Math.min(6, Math.max(2, 1 - Math.floor(Math.log10(abs))));
}

/**
 * A figure rounded to what the screen shows of it, for a file: 6.46280416875663 % → 6.46,
 * 1465.3 likes → 1465, $58.755 → 58.76 (money keeps its cents), 4.55 posts a week → 4.6. Never
 * compacted (13,166 stays 13166: a file holds the number, the screen's 13.2K is a rounding).
 */
export function roundAsShown(value: number, unit: FigureUnit): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  let digits: number;
  if (unit === 'money') digits = 2;
  else if (unit === 'duration_ms') digits = 0;
  else if (unit === 'per_week') digits = abs < 100 ? 1 : 0;
  else digits = shownDecimals(abs);
  const out = Number(value.toFixed(digits));
  return out === 0 ? 0 : out; // no '-0'
}

/** Decimals a number is written with ('6.46' → 2, '12' → 0). */
function decimalsIn(n: number): number {
  return String(n).split('.')[1]?.length ?? 0;
}

/**
 * The Excel number format that writes `value` as the screen does: the decimals roundAsShown keeps
 * (6.4628 % → '0.00%', 20.73 % → '0.0%', 1,465 → '#,##0'), money always with cents, durations as
 * Excel time. A percentage's cell holds the fraction (6.46 % → 0.0646).
 */
export function excelFormat(unit: FigureUnit, value: number): string {
  if (unit === 'money') return SHEET_FORMATS.money;
  if (unit === 'duration_ms') return SHEET_FORMATS.duration;
  const d = decimalsIn(roundAsShown(value, unit));
  const frac = d > 0 ? `.${'0'.repeat(d)}` : '';
  if (unit === 'percent') return `0${frac}%`;
  if (unit === 'per_week') return `0${frac}" / week"`;
  return `#,##0${frac}`;
}

/** An instant as an ISO date-time in UTC, to the second: '2026-11-25T11:08:57Z'. */
export function isoDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ---------------------------------------------------------------------------------------------
// XLSX finish

/** Excel number formats, as the screen writes the same figures. */
export const SHEET_FORMATS = {
  count: '#,##0',
  /** A percentage stored as a fraction (0.0646 → 6.46%). */
  percent: '0.00%',
  /** A percentage stored as the number of percent (6.46 → 6.46), under a header that says '%'. */
  percentNumber: '0.00',
  ratio: '0.00',
  perWeek: '0.0" / week"',
  /** US dollars with cents, as the screen shows them ($58.76). */
  money: '"$"#,##0.00',
  duration: '[h]:mm:ss',
  dateTime: 'yyyy-mm-dd hh:mm',
  date: 'yyyy-mm-dd',
} as const;

/**
 * The Excel format of an amount in `currency`, as formatMoneyIn writes it: its symbol and the
 * currency's decimals ('"€"#,##0.00', '"¥"#,##0'); an amount below one (a cost per view) to four.
 */
export function moneyFormatIn(currency: string, value = 1): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(1);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
  const decimals = parts.find((p) => p.type === 'fraction')?.value.length ?? 0;
  const small = Math.abs(value) > 0 && Math.abs(value) < 1;
  const frac = small ? '.00##' : decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  return `"${symbol.replace(/"/g, '')}"#,##0${frac}`;
}

export const LINK_FONT: Partial<ExcelJS.Font> = { underline: true, color: { argb: 'FF1F4E9A' } };
const SUBTITLE_FONT: Partial<ExcelJS.Font> = sheetFont({ italic: true, color: { argb: 'FF555555' } });
/** How a figure the report does not have reads in a cell: a word, grey and italic, never 0. */
export const ABSENT_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF8A8A8A' } };

/** The accent as Excel's ARGB ('FF2F5FD0'); the default accent when the brand's is not a colour. */
export function accentArgb(brand: AgencyBrand): string {
  const hex = /^#[0-9a-f]{6}$/i.test(brand.accent) ? brand.accent : DEFAULT_ACCENT;
  return `FF${hex.slice(1).toUpperCase()}`;
}

/** White on a dark accent, black on a light one (WCAG relative luminance). */
export function textOnAccent(brand: AgencyBrand): string {
  const hex = accentArgb(brand).slice(2);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white vs with black: whichever is larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? 'FFFFFFFF' : 'FF000000';
}

/** The line under the title: the agency (when named) and what the sheet is. */
export function subtitleText(brand: AgencyBrand, about: string): string {
  const name = brand.name.trim();
  return name ? `Prepared by ${name} · ${about}` : about;
}

/** The row the table's header is on, after the title block. */
export const TABLE_HEADER_ROW = 3;

/** What a row of a worksheet offers, in memory or streamed (exceljs' Row of either writer). */
type SheetRow = Pick<ExcelJS.Row, 'getCell' | 'eachCell' | 'height' | 'number'>;

/**
 * A cell's font in full: the sheet's font (Calibri 11) with the cell's own changes. A font that
 * names no face and size is drawn by LibreOffice in its default serif at 10 pt, not in the font
 * the rows were measured in.
 */
export function sheetFont(font: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> {
  return { name: 'Calibri', family: 2, size: BASE_FONT_SIZE, ...font };
}

const TITLE_FONT = sheetFont({ bold: true, size: 14 });

/**
 * The title (row 1) and subtitle (row 2) cells, each row as tall as its wrapped lines in `width`
 * (the summed widths of the columns the block spans). The caller merges each row across the
 * table's width: a merged cell's wrapped text does not grow its row in Excel or LibreOffice, so
 * the rows are sized here.
 */
export function titleRows(titleRow: SheetRow, subtitleRow: SheetRow, width: number, title: string, subtitle: string): void {
  titleRow.getCell(1).value = title;
  titleRow.getCell(1).font = TITLE_FONT;
  titleRow.getCell(1).alignment = { vertical: 'top', wrapText: true };
  subtitleRow.getCell(1).value = subtitle;
  subtitleRow.getCell(1).font = SUBTITLE_FONT;
  subtitleRow.getCell(1).alignment = { vertical: 'top', wrapText: true };
  titleRow.height = textHeight(title, width, TITLE_FONT);
  subtitleRow.height = textHeight(subtitle, width, SUBTITLE_FONT);
}

/** The header cells of a row: bold, wrapped, on the accent colour. */
export function styleHeaderCells(row: SheetRow, from: number, to: number, brand: AgencyBrand): void {
  const fill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: accentArgb(brand) } };
  const color = textOnAccent(brand);
  for (let c = from; c <= to; c++) {
    const cell = row.getCell(c);
    cell.fill = fill;
    cell.font = sheetFont({ ...(cell.font ?? {}), bold: true, color: { argb: color } });
    cell.alignment = { vertical: 'top', wrapText: true };
  }
}

export interface PrintOptions {
  /** Rows repeated at the top of every page (the title block and the header row): '1:3'. */
  headerRows: number;
  /** Repeat the first column on every page too (where it names the row). */
  firstColumn: boolean;
  title: string;
  brand: AgencyBrand;
}

/**
 * Landscape, one page wide, titles repeated, page numbers and the agency in the footer: the
 * worksheet options every sheet is made with (a streamed sheet takes them when it is added).
 */
export function printOptions(options: PrintOptions): { pageSetup: Partial<ExcelJS.PageSetup>; headerFooter: Partial<ExcelJS.HeaderFooter> } {
  // '&' starts a code in a header or footer: a name with one is written '&&'.
  const safe = (s: string) => s.replace(/&/g, '&&');
  const left = options.brand.name.trim() ? safe(options.brand.name.trim()) : 'Scout Workbench';
  return {
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: false,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.25, footer: 0.3 },
      printTitlesRow: `1:${options.headerRows}`,
      ...(options.firstColumn ? { printTitlesColumn: 'A:A' } : {}),
    },
    headerFooter: { oddFooter: `&L${left}&C${safe(options.title)}&RPage &P of &N` },
  };
}

const numberFormats = new Map<number, Intl.NumberFormat>();
/** en-US grouping with `decimals` decimals; made once per count (making one is slow, a sheet asks for thousands). */
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** The text a cell shows, for sizing its column. */
function shownText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return cell.numFmt === SHEET_FORMATS.date ? '2026-01-01' : '2026-01-01 00:00';
  if (typeof v === 'number') {
    // Roughly as the number format writes it: grouping, decimals, a suffix.
    const fmt = cell.numFmt ?? '';
    const decimals = /0\.(0+)/.exec(fmt)?.[1]?.length ?? (Number.isInteger(v) ? 0 : 2);
    const n = fmt.includes('%') ? v * 100 : v;
    const text = numberFormat(decimals).format(n);
    return `${fmt.includes('$') ? '$' : ''}${text}${fmt.includes('%') ? '%' : ''}${fmt.includes('week') ? ' / week' : ''}`;
  }
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  if (typeof v === 'object' && 'formula' in v) return String(v.result ?? '');
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return String(v);
}

const isMergedAway = (cell: ExcelJS.Cell) => cell.isMerged && cell.master.address !== cell.address;
const isFigure = (value: ExcelJS.CellValue) => typeof value === 'number' || value instanceof Date;

export interface FitLimits {
  /** Narrowest a column is, in characters (8). */
  min?: number;
  /** Widest a column is (40); longer text wraps. */
  max?: number;
  /** The widest of particular columns, by number from 1. */
  maxOf?: Record<number, number>;
}

/**
 * Column widths fitted to content, learned a row at a time — the header row first, then every
 * row of the table — so a sheet streamed to disk is fitted exactly as one built in memory:
 * - each column as wide as its longest line (the header's longest word counts: the header
 *   wraps), between `min` and `max` characters; longer text wraps;
 * - text right after a column of numbers or dates (right-aligned) starts one step in;
 * - a row as tall as its wrapped text (Excel and LibreOffice keep a row one line high when the
 *   file does not say otherwise, and the wrapped lines then cover the rows below).
 */
export class ColumnFit {
  private readonly wanted: number[];
  private readonly figures: boolean[];
  private measured = 0;

  constructor(
    readonly columns: number,
    private readonly limits: FitLimits = {},
  ) {
    this.wanted = Array(columns + 1).fill(0) as number[];
    this.figures = Array(columns + 1).fill(false) as boolean[];
  }

  private max(c: number): number {
    return this.limits.maxOf?.[c] ?? this.limits.max ?? 40;
  }

  /** Learns from one row, the header row first. */
  measure(row: SheetRow): void {
    const header = this.measured++ === 0;
    for (let c = 1; c <= this.columns; c++) {
      const cell = row.getCell(c);
      if (isMergedAway(cell)) continue;
      const text = shownText(cell);
      // The header is bold and wraps between its words: its longest word counts.
      const longest = header ? Math.max(0, ...text.split(/\s+/).map((w) => textWidth(w, { bold: true }))) : longestLine(cell);
      this.wanted[c] = Math.max(this.wanted[c]!, longest);
      if (!header && isFigure(cell.value)) this.figures[c] = true;
    }
  }

  /** The widths, in Excel's characters (digits of the sheet's font), by column from 1 (index 0 unused). */
  widths(): number[] {
    const min = this.limits.min ?? 8;
    return this.wanted.map((want, c) => (c === 0 ? 0 : Math.min(this.max(c), Math.max(min, Math.ceil(want * 1.1) + 2))));
  }

  /**
   * Finishes a row's cells once the widths are known: wraps what is wider than its column may be,
   * or has lines of its own (a link does not wrap in LibreOffice: its text is made short enough
   * instead), and starts text after a column of figures one step in (an indent needs its side).
   */
  finishCells(row: SheetRow): void {
    for (let c = 1; c <= this.columns; c++) {
      const cell = row.getCell(c);
      if (isMergedAway(cell)) continue;
      const text = shownText(cell);
      if ((longestLine(cell) > this.max(c) || text.includes('\n')) && !cell.hyperlink) cell.alignment = { ...(cell.alignment ?? {}), wrapText: true, vertical: 'top' };
      if (c >= 2 && !this.figures[c] && this.figures[c - 1] && !isFigure(cell.value)) cell.alignment = { ...(cell.alignment ?? {}), horizontal: 'left', indent: 1 };
    }
  }
}

/** How wide a cell's longest line is, in its font. */
function longestLine(cell: ExcelJS.Cell): number {
  const font = cell.font ?? {};
  return Math.max(0, ...shownText(cell).split('\n').map((line) => textWidth(line, font)));
}

/**
 * Makes a row as tall as its wrapped text, in columns `widthOf(c)` wide (textHeight: the lines
 * each wrapped cell takes, in its font); its cells then start at the top. A row without wrapped
 * text is left to the program, which makes it one line of its largest font.
 */
export function fitRowHeight(row: SheetRow, widthOf: (column: number) => number): void {
  let height = 0;
  let wraps = false;
  row.eachCell((cell, c) => {
    if (!cell.alignment?.wrapText || isMergedAway(cell)) return;
    const text = shownText(cell);
    const font = cell.font ?? {};
    height = Math.max(height, textHeight(text, widthOf(c), font));
    if (wrappedLines(text, widthOf(c), font) > 1) wraps = true;
  });
  if (!wraps) return;
  row.height = Math.ceil(height);
  // Every cell of a tall row starts at its top, beside the wrapped one.
  row.eachCell((cell) => (cell.alignment = { ...(cell.alignment ?? {}), vertical: 'top' }));
}

/** 'https://www.instagram.com/natgeo/' → 'instagram.com/natgeo': a link's text, short enough for a column. */
export function shortLink(url: string, max = 36): string {
  const text = url
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A link's text cut to at most `max` digits wide ('…' at the end; textWidth: a CJK character
 * counts two): a link does not wrap in LibreOffice, and a longer one runs over the next cell.
 */
export function linkText(text: string, max = 36): string {
  if (textWidth(text) <= max) return text;
  let cut = '';
  for (const ch of text) {
    if (textWidth(`${cut}${ch}…`) > max) break;
    cut += ch;
  }
  return `${cut.trimEnd()}…`;
}

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko…). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** A formula's text: in quotes, a quote in it doubled. */
const formulaText = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * A clickable link with short text; null for no address. Only web addresses become links.
 * LibreOffice draws a link's text that mixes right-to-left and left-to-right words ('مطبخ سارة
 * (@sara)') out of order and spread over the next cell: such a link is a HYPERLINK formula
 * instead, whose text it draws as any other cell's (as long as a formula's text may be).
 */
export function linkValue(url: string | null | undefined, text?: string): ExcelJS.CellValue | null {
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) return url;
  const shown = text ?? shortLink(url);
  if (RTL.test(shown) && url.length <= 255 && shown.length <= 255) return { formula: `HYPERLINK(${formulaText(url)},${formulaText(shown)})`, result: shown };
  return { text: shown, hyperlink: url, tooltip: url };
}
