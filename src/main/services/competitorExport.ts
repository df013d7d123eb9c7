// A competitor analysis's posts as files a client can open:
// - CSV (writeCsv of src/shared/csv.ts: UTF-8 with a byte-order mark, RFC 4180 quoting, CRLF,
//   text a spreadsheet would run as a formula made inert): numbers rounded as the screen shows
//   them, dates as ISO days, countries by name; a missing figure is an empty field, never 0;
// - XLSX (exceljs, finished by src/shared/sheets.ts): a Summary sheet with the aggregates and a
//   Posts sheet; both name the agency, carry its accent on the header row and print landscape,
//   one page wide, the header repeated on every page; numbers stay numbers in the screen's
//   decimals, dates are dates, the account and the post are links with short text.
// Categories and account types are printed as the API names them.
import ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { type CompetitorAnalysisView, type CompetitorPostRow } from '@shared/competitor';
import { countryName } from '@shared/countries';
import { writeCsv, inertText, type CsvCell } from '@shared/csv';
import { LINK_FONT, SHEET_FORMATS, TABLE_HEADER_ROW, excelFormat, fitColumns, fitRowHeights, headerRow, linkText, linkValue, printSetup, roundAsShown, subtitleText, titleBlock, type FigureUnit } from '@shared/sheets';

type Value = string | number | null;

interface ColumnSpec {
  header: string;
  /** The CSV header, where it says the unit ('Engagement rate (%)'). */
  csvHeader?: string;
  value: (r: CompetitorPostRow) => Value;
  /** How the figure is written: rounded as the screen does, and its Excel format. */
  unit?: FigureUnit;
  /** Widest the column may be, in characters. */
  max?: number;
}

/** A country code as the screen names it ('US' → 'United States'); anything else as given. */
function country(code: string | null): string | null {
  return code === null ? null : countryName(code);
}

/** A value the API gives as a word with underscores ('likely_sponsored'), as words. */
function words(value: string | null): string | null {
  return value === null ? null : value.replace(/_+/g, ' ');
}

export const postColumns: readonly ColumnSpec[] = [
  { header: 'Date', value: (r) => r.postDate },
  // The bare username: a leading '@' would read as a formula in a CSV and get an apostrophe; the XLSX links '@name'.
  { header: 'Account', value: (r) => r.account, max: 24 },
  { header: 'Account type', value: (r) => words(r.accountType), max: 12 },
  { header: 'Category', value: (r) => words(r.accountCategory), max: 18 },
  { header: 'Verified', value: (r) => (r.verified === null ? null : r.verified ? 'yes' : 'no') },
  { header: 'Followers', value: (r) => r.followers, unit: 'count' },
  { header: 'Audience country', value: (r) => country(r.country), max: 16 },
  { header: 'Paid type', value: (r) => words(r.paidType), max: 16 },
  { header: 'Engagement rate', csvHeader: 'Engagement rate (%)', value: (r) => r.er, unit: 'percent' },
  { header: 'Performance', csvHeader: 'Performance (%)', value: (r) => r.performance, unit: 'percent' },
  { header: 'Reach', value: (r) => r.reach, unit: 'count' },
  { header: 'Likes', value: (r) => r.likes, unit: 'count' },
  { header: 'Comments', value: (r) => r.comments, unit: 'count' },
  { header: 'Video views', value: (r) => r.videoViews, unit: 'count' },
  { header: 'Estimated budget', csvHeader: 'Estimated budget (USD)', value: (r) => r.estBudget, unit: 'money' },
  { header: 'Post', csvHeader: 'Post link', value: (r) => r.postUrl, max: 11 },
  { header: 'Caption', value: (r) => r.caption, max: 40 },
];

/** The CSV also carries the account's link, beside its name. */
const CSV_COLUMNS: readonly ColumnSpec[] = [...postColumns.slice(0, 2), { header: 'Account link', value: (r) => r.accountUrl }, ...postColumns.slice(2)];

function csvField(spec: ColumnSpec, r: CompetitorPostRow): CsvCell {
  const v = spec.value(r);
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? (spec.unit ? roundAsShown(v, spec.unit) : v) : '';
  return inertText(v);
}

export function competitorCsv(rows: readonly CompetitorPostRow[]): string {
  return writeCsv([CSV_COLUMNS.map((c) => c.csvHeader ?? c.header), ...rows.map((r) => CSV_COLUMNS.map((c) => csvField(c, r)))]);
}

export const SUMMARY_SHEET = 'Summary';
export const POSTS_SHEET = 'Posts';

/** A calendar day ('2026-01-31') as the Date Excel shows as that day. */
function dayDate(day: string | null): Date | null {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function periodText(a: CompetitorAnalysisView): string {
  if (a.dateFrom && a.dateTo) return `${a.dateFrom} to ${a.dateTo}`;
  return a.dateFrom ? `from ${a.dateFrom}` : a.dateTo ? `to ${a.dateTo}` : 'period not given';
}

function audienceText(a: CompetitorAnalysisView): string {
  return a.audienceGeo.length ? a.audienceGeo.map((c) => country(c) ?? c).join(', ') : 'worldwide';
}

/** The analysis's title: 'Competitor analysis: @nike'. */
export function analysisTitle(a: CompetitorAnalysisView): string {
  return `Competitor analysis: ${a.username ? `@${a.username}` : 'brand not given'}`;
}

function summarySheet(ws: ExcelJS.Worksheet, analysis: CompetitorAnalysisView, postCount: number, options: CompetitorSheetOptions): void {
  const head = TABLE_HEADER_ROW;
  ws.getCell(head, 1).value = 'Figure';
  ws.getCell(head, 2).value = 'Value';
  const a = analysis.aggregates;
  let r = head + 1;
  const add = (label: string, v: string | number | null, unit?: FigureUnit) => {
    ws.getCell(r, 1).value = label;
    const cell = ws.getCell(r, 2);
    if (v === null) {
      cell.value = 'not in the analysis';
      cell.font = { italic: true, color: { argb: 'FF8A8A8A' } };
    } else if (typeof v === 'number' && unit) {
      cell.value = unit === 'percent' ? v / 100 : v;
      cell.numFmt = excelFormat(unit, v);
    } else cell.value = v;
    cell.alignment = { horizontal: 'left', wrapText: typeof v === 'string', vertical: 'top' };
    r++;
  };
  add('Brand', analysis.username ? `@${analysis.username}` : null);
  add('Period', periodText(analysis));
  add('Audience countries', audienceText(analysis));
  add('Hashtags', analysis.hashtags.length ? analysis.hashtags.map((h) => `#${h}`).join(' ') : 'none');
  add('Earned media value (EMV)', a?.emv ?? null, 'money');
  add('Reach', a?.reach ?? null, 'count');
  add('Contributors', a?.contributors ?? null, 'count');
  add('Mentions', a?.mentions ?? null, 'count');
  add('Sponsored share of posts', a?.sponsoredRatioPrc ?? null, 'percent');
  add('Cost per engagement (CPE)', a?.cpe ?? null, 'money');
  add('Price range, from', a?.price?.sumFrom ?? null, 'money');
  add('Price range, to', a?.price?.sumTo ?? null, 'money');
  add('Posts in this file', postCount, 'count');
  fitColumns(ws, head, 2, { min: 12, max: 60, maxOf: { 1: 30 } });
  headerRow(ws, head, 1, 2, options.brand);
  fitRowHeights(ws, head);
  const title = analysisTitle(analysis);
  titleBlock(ws, 2, title, subtitleText(options.brand, `${periodText(analysis)} · audience: ${audienceText(analysis)} · made ${new Date(options.createdAt).toISOString().slice(0, 10)}`));
  printSetup(ws, { headerRows: head, firstColumn: false, title, brand: options.brand });
}

function postsSheet(ws: ExcelJS.Worksheet, analysis: CompetitorAnalysisView, rows: readonly CompetitorPostRow[], options: CompetitorSheetOptions): void {
  const head = TABLE_HEADER_ROW;
  postColumns.forEach((c, j) => (ws.getCell(head, j + 1).value = c.header));
  rows.forEach((post, i) => {
    const r = head + 1 + i;
    postColumns.forEach((spec, j) => {
      const v = spec.value(post);
      if (v === null) return;
      const cell = ws.getCell(r, j + 1);
      if (spec.header === 'Date') {
        const d = dayDate(post.postDate);
        cell.value = d ?? String(v);
        if (d) cell.numFmt = SHEET_FORMATS.date;
      } else if (spec.header === 'Account') {
        cell.value = linkValue(post.accountUrl, linkText(`@${v}`, 22)) ?? String(v);
        if (post.accountUrl) cell.font = LINK_FONT;
      } else if (spec.header === 'Post') {
        cell.value = linkValue(post.postUrl, 'Open post') ?? String(v);
        if (post.postUrl) cell.font = LINK_FONT;
      } else if (typeof v === 'number') {
        if (!Number.isFinite(v)) return;
        cell.value = spec.unit === 'percent' ? v / 100 : v;
        if (spec.unit) cell.numFmt = excelFormat(spec.unit, v);
      } else {
        // An XLSX cell holds text as text (never a formula): no apostrophe, unlike the CSV.
        cell.value = v;
      }
    });
  });
  const maxOf = Object.fromEntries(postColumns.map((c, j) => [j + 1, c.max ?? 16]));
  fitColumns(ws, head, postColumns.length, { min: 7, maxOf });
  headerRow(ws, head, 1, postColumns.length, options.brand);
  fitRowHeights(ws, head);
  const title = `${analysisTitle(analysis)}: posts`;
  titleBlock(ws, postColumns.length, title, subtitleText(options.brand, `${rows.length} posts, in the post browser's order and filters · ${periodText(analysis)} · audience: ${audienceText(analysis)} · an empty cell: the API did not give the figure`));
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: head, topLeftCell: 'C4', activeCell: 'C4' }];
  ws.autoFilter = { from: { row: head, column: 1 }, to: { row: head, column: postColumns.length } };
  printSetup(ws, { headerRows: head, firstColumn: false, title, brand: options.brand });
}

export interface CompetitorSheetOptions {
  brand: AgencyBrand;
  /** Epoch ms. */
  createdAt: number;
}

export async function competitorXlsx(analysis: CompetitorAnalysisView, rows: readonly CompetitorPostRow[], options: CompetitorSheetOptions): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = options.brand.name.trim() || 'Scout Workbench';
  wb.title = analysisTitle(analysis);
  wb.created = new Date(options.createdAt);
  summarySheet(wb.addWorksheet(SUMMARY_SHEET), analysis, rows.length, options);
  postsSheet(wb.addWorksheet(POSTS_SHEET), analysis, rows, options);
  const buffer = (await wb.xlsx.writeBuffer()) as unknown;
  return buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer as ArrayBuffer);
}
