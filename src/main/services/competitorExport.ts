// A competitor analysis's posts as files a client can open: CSV (UTF-8 with a byte-order mark,
// RFC 4180 quoting, CRLF, text that a spreadsheet would run as a formula made inert, as Compare's
// CSV does) and XLSX (exceljs: a summary sheet with the aggregates, a posts sheet with number
// formats, a frozen header and links). Numbers are written raw; a missing figure is empty, never 0.
import ExcelJS from 'exceljs';
import type { CompetitorAnalysisView, CompetitorPostRow } from '@shared/competitor';

interface ColumnSpec {
  header: string;
  value: (r: CompetitorPostRow) => string | number | boolean | null;
  numFmt?: string;
  width?: number;
}

export const postColumns: readonly ColumnSpec[] = [
  { header: 'Date', value: (r) => r.postDate, width: 12 },
  { header: 'Account', value: (r) => r.account, width: 22 },
  { header: 'Account link', value: (r) => r.accountUrl, width: 36 },
  { header: 'Account type', value: (r) => r.accountType, width: 12 },
  { header: 'Category', value: (r) => r.accountCategory, width: 16 },
  { header: 'Verified', value: (r) => (r.verified === null ? null : r.verified ? 'yes' : 'no'), width: 9 },
  { header: 'Followers', value: (r) => r.followers, numFmt: '#,##0', width: 12 },
  { header: 'Audience country', value: (r) => r.country, width: 10 },
  { header: 'Paid type', value: (r) => r.paidType, width: 16 },
  { header: 'Engagement rate (%)', value: (r) => r.er, numFmt: '0.00', width: 12 },
  { header: 'Performance (%)', value: (r) => r.performance, numFmt: '0.0', width: 12 },
  { header: 'Reach', value: (r) => r.reach, numFmt: '#,##0', width: 12 },
  { header: 'Likes', value: (r) => r.likes, numFmt: '#,##0', width: 10 },
  { header: 'Comments', value: (r) => r.comments, numFmt: '#,##0', width: 10 },
  { header: 'Video views', value: (r) => r.videoViews, numFmt: '#,##0', width: 12 },
  { header: 'Estimated budget (USD)', value: (r) => r.estBudget, numFmt: '#,##0', width: 14 },
  { header: 'Post link', value: (r) => r.postUrl, width: 40 },
  { header: 'Caption', value: (r) => r.caption, width: 60 },
];

export const BOM = '\uFEFF';

function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = inert(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function competitorCsv(rows: readonly CompetitorPostRow[]): string {
  const lines = [postColumns.map((c) => field(c.header)).join(',')];
  for (const r of rows) lines.push(postColumns.map((c) => field(c.value(r))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export async function competitorXlsx(analysis: CompetitorAnalysisView, rows: readonly CompetitorPostRow[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Scout Workbench';
  const summary = wb.addWorksheet('Summary');
  summary.columns = [
    { header: 'Figure', key: 'k', width: 34 },
    { header: 'Value', key: 'v', width: 22 },
  ];
  const a = analysis.aggregates;
  const add = (k: string, v: string | number | null, numFmt?: string) => {
    const row = summary.addRow({ k, v: v ?? '' });
    if (numFmt && typeof v === 'number') row.getCell(2).numFmt = numFmt;
  };
  add('Brand', analysis.username ? `@${analysis.username}` : null);
  add('Period', `${analysis.dateFrom ?? '?'} to ${analysis.dateTo ?? '?'}`);
  add('Audience countries', analysis.audienceGeo.length ? analysis.audienceGeo.join(', ') : 'worldwide');
  add('Hashtags', analysis.hashtags.map((h) => `#${h}`).join(' '));
  add('EMV (USD)', a?.emv ?? null, '#,##0');
  add('Reach', a?.reach ?? null, '#,##0');
  add('Contributors', a?.contributors ?? null, '#,##0');
  add('Mentions', a?.mentions ?? null, '#,##0');
  add('Sponsored ratio (%)', a?.sponsoredRatioPrc ?? null, '0.0');
  add('CPE (USD)', a?.cpe ?? null, '0.00');
  add('Price range from (USD)', a?.price?.sumFrom ?? null, '#,##0');
  add('Price range to (USD)', a?.price?.sumTo ?? null, '#,##0');
  add('Posts in this file', rows.length, '#,##0');
  summary.getRow(1).font = { bold: true };

  const sheet = wb.addWorksheet('Posts', { views: [{ state: 'frozen', ySplit: 1, xSplit: 2 }] });
  sheet.columns = postColumns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 12, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const values = postColumns.map((c) => {
      const v = c.value(r);
      return v === null ? null : typeof v === 'string' ? inert(v) : v;
    });
    sheet.addRow(values);
  }
  const buffer = (await wb.xlsx.writeBuffer()) as unknown;
  return buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer as ArrayBuffer);
}
