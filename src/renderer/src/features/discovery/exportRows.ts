// Discovery results as files a researcher hands on: CSV (writeCsv of shared/format.ts: UTF-8 with a byte-order
// mark so spreadsheet programs read accents, CRLF line ends) and XLSX (exceljs). One row per account,
// in the order the table shows them. Figures are the values as received, never the rounded text
// on screen (ER 3.4567 stays 3.4567; the header says "%"); a figure the API did not send is an
// empty field, never 0. Text a spreadsheet would run as a formula (a title from the API starting
// with = + - @, a tab or a carriage return) gets a leading apostrophe, as OWASP advises.
import ExcelJS from 'exceljs';
import { inertText, writeCsv, networkLabels } from '../../shared/format';
import type { DiscoveryRow } from '@shared/discoveryData';

export const EXPORT_COLUMNS = [
  'Network',
  'Username',
  'Title',
  'Account id',
  'Followers',
  'Engagement rate (%)',
  'Country',
  'Verified',
  'Profile link',
  'Linked accounts',
  'Result page',
  'Position on page',
] as const;

type Cell = string | number | boolean | null;

function linkedText(row: DiscoveryRow): string {
  return row.linked
    .filter((l) => l.network !== row.network || (l.socialId ?? l.username) !== (row.socialId ?? row.username))
    .map((l) => `${l.network ? networkLabels[l.network] : l.type}: ${l.profileUrl ?? l.username ?? l.socialId ?? ''}`)
    .join('; ');
}

/** The cells of one row, in EXPORT_COLUMNS order. */
export function exportCells(row: DiscoveryRow): Cell[] {
  const text = (s: string | null) => (s === null ? null : inertText(s));
  return [
    networkLabels[row.network],
    text(row.username),
    text(row.title),
    text(row.socialId),
    row.followers,
    row.er,
    text(row.country),
    row.verified,
    row.profileUrl,
    text(linkedText(row)) || null,
    row.page,
    row.position + 1,
  ];
}

export function discoveryCsv(rows: readonly DiscoveryRow[]): string {
  const data = rows.map((row) => exportCells(row).map((c) => (c === null ? '' : typeof c === 'boolean' ? (c ? 'yes' : 'no') : c)));
  return writeCsv([EXPORT_COLUMNS, ...data]);
}

export async function discoveryXlsx(rows: readonly DiscoveryRow[], title: string): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Scout Workbench';
  book.title = title;
  const sheet = book.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((header) => ({ header, width: header === 'Profile link' || header === 'Linked accounts' ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const cells = exportCells(row).map((c) => (typeof c === 'boolean' ? (c ? 'yes' : 'no') : c));
    sheet.addRow(cells);
  }
  sheet.getColumn(5).numFmt = '#,##0';
  sheet.getColumn(6).numFmt = '0.00';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  return new Uint8Array(await book.xlsx.writeBuffer());
}
