// A competitor analysis's posts as files a client can open, streamed to disk by the writers of
// src/main/platform/files (a batch of posts at a time, so 60,000 posts take no more memory than 600):
// - CSV (writeCsv of src/shared/csv.ts: UTF-8 with a byte-order mark, RFC 4180 quoting, CRLF,
//   text a spreadsheet would run as a formula made inert): numbers rounded as the screen shows
//   them, dates as ISO days, countries by name; a missing figure is an empty field, never 0;
// - XLSX (exceljs, finished by src/shared/sheets.ts): a Summary sheet with the aggregates and a
//   Posts sheet; both name the agency, carry its accent on the header row and print landscape,
//   one page wide, the header repeated on every page; numbers stay numbers in the screen's
//   decimals, dates are dates, the account and the post are links with short text.
// Categories and account types are printed as the API names them.
import type ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { type CompetitorAnalysisAbout, type CompetitorPostRow } from '@shared/competitor';
import { countryName } from '@shared/countries';
import { inertText, type CsvCell } from '@shared/csv';
import { LINK_FONT, SHEET_FORMATS, excelFormat, linkText, linkValue, roundAsShown, subtitleText, type FigureUnit } from '@shared/sheets';
import type { StreamedCsv } from '../../platform/files/csvStream';
import type { StreamedSheet } from '../../platform/files/sheetStream';

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

/** The posts as a CSV: a header line, then a line per post. */
export function competitorCsv(posts: () => AsyncIterable<readonly CompetitorPostRow[]>, count: () => Promise<number>): StreamedCsv<CompetitorPostRow> {
  return { head: [CSV_COLUMNS.map((c) => c.csvHeader ?? c.header)], rows: posts, count, line: (r) => CSV_COLUMNS.map((c) => csvField(c, r)) };
}

export const SUMMARY_SHEET = 'Summary';
export const POSTS_SHEET = 'Posts';

/** A calendar day ('2026-01-31') as the Date Excel shows as that day. */
function dayDate(day: string | null): Date | null {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function periodText(a: CompetitorAnalysisAbout): string {
  if (a.dateFrom && a.dateTo) return `${a.dateFrom} to ${a.dateTo}`;
  return a.dateFrom ? `from ${a.dateFrom}` : a.dateTo ? `to ${a.dateTo}` : 'period not given';
}

function audienceText(a: CompetitorAnalysisAbout): string {
  return a.audienceGeo.length ? a.audienceGeo.map((c) => country(c) ?? c).join(', ') : 'worldwide';
}

/** The analysis's title: 'Competitor analysis: @nike'. */
export function analysisTitle(a: CompetitorAnalysisAbout): string {
  return `Competitor analysis: ${a.username ? `@${a.username}` : 'brand not given'}`;
}

type SummaryLine = { label: string; value: string | number | null; unit?: FigureUnit };

function summaryLines(analysis: CompetitorAnalysisAbout, postCount: number): SummaryLine[] {
  const a = analysis.aggregates;
  return [
    { label: 'Brand', value: analysis.username ? `@${analysis.username}` : null },
    { label: 'Period', value: periodText(analysis) },
    { label: 'Audience countries', value: audienceText(analysis) },
    { label: 'Hashtags', value: analysis.hashtags.length ? analysis.hashtags.map((h) => `#${h}`).join(' ') : 'none' },
    { label: 'Earned media value (EMV)', value: a?.emv ?? null, unit: 'money' },
    { label: 'Reach', value: a?.reach ?? null, unit: 'count' },
    { label: 'Contributors', value: a?.contributors ?? null, unit: 'count' },
    { label: 'Mentions', value: a?.mentions ?? null, unit: 'count' },
    { label: 'Sponsored share of posts', value: a?.sponsoredRatioPrc ?? null, unit: 'percent' },
    { label: 'Cost per engagement (CPE)', value: a?.cpe ?? null, unit: 'money' },
    { label: 'Price range, from', value: a?.price?.sumFrom ?? null, unit: 'money' },
    { label: 'Price range, to', value: a?.price?.sumTo ?? null, unit: 'money' },
    { label: 'Posts in this file', value: postCount, unit: 'count' },
  ];
}

function summarySheet(analysis: CompetitorAnalysisAbout, postCount: () => Promise<number>, options: CompetitorSheetOptions): StreamedSheet<SummaryLine> {
  return {
    name: SUMMARY_SHEET,
    title: analysisTitle(analysis),
    subtitle: () => subtitleText(options.brand, `${periodText(analysis)} · audience: ${audienceText(analysis)} · made ${new Date(options.createdAt).toISOString().slice(0, 10)}`),
    headers: ['Figure', 'Value'],
    limits: { min: 12, max: 60, maxOf: { 1: 30 } },
    rows: async function* () {
      yield summaryLines(analysis, await postCount());
    },
    write: (row, { label, value, unit }) => {
      row.getCell(1).value = label;
      const cell = row.getCell(2);
      if (value === null) {
        cell.value = 'not in the analysis';
        cell.font = { italic: true, color: { argb: 'FF8A8A8A' } };
      } else if (typeof value === 'number' && unit) {
        cell.value = unit === 'percent' ? value / 100 : value;
        cell.numFmt = excelFormat(unit, value);
      } else cell.value = value;
      cell.alignment = { horizontal: 'left', wrapText: typeof value === 'string', vertical: 'top' };
    },
  };
}

function writePost(row: ExcelJS.Row, post: CompetitorPostRow): void {
  postColumns.forEach((spec, j) => {
    const v = spec.value(post);
    if (v === null) return;
    const cell = row.getCell(j + 1);
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
}

function postsSheet(analysis: CompetitorAnalysisAbout, posts: () => AsyncIterable<readonly CompetitorPostRow[]>, options: CompetitorSheetOptions): StreamedSheet<CompetitorPostRow> {
  return {
    name: POSTS_SHEET,
    title: `${analysisTitle(analysis)}: posts`,
    subtitle: (count) =>
      subtitleText(options.brand, `${count} posts, in the post browser's order and filters · ${periodText(analysis)} · audience: ${audienceText(analysis)} · an empty cell: the API did not give the figure`),
    headers: postColumns.map((c) => c.header),
    limits: { min: 7, maxOf: Object.fromEntries(postColumns.map((c, j) => [j + 1, c.max ?? 16])) },
    rows: posts,
    write: writePost,
    frozenColumns: 2,
    autoFilter: true,
  };
}

export interface CompetitorSheetOptions {
  brand: AgencyBrand;
  /** Epoch ms. */
  createdAt: number;
}

/** The workbook's sheets: the Summary, and the posts (read in batches from `posts`, twice; `postCount` counts them, once the export runs). */
export function competitorSheets(analysis: CompetitorAnalysisAbout, posts: () => AsyncIterable<readonly CompetitorPostRow[]>, postCount: () => Promise<number>, options: CompetitorSheetOptions): [StreamedSheet<SummaryLine>, StreamedSheet<CompetitorPostRow>] {
  return [summarySheet(analysis, postCount, options), postsSheet(analysis, posts, options)];
}
