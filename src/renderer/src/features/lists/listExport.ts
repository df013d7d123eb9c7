// A list's items as files a researcher hands on, one row per item in the order the table shows:
// - CSV (writeCsv: UTF-8 with a byte-order mark, CRLF): numbers rounded as the screen shows
//   them, dates as ISO days, a field the API did not send is an empty field, never 0;
// - XLSX (exceljs, finished by src/shared/sheets.ts): the agency and the list in the title block,
//   the accent on the header row, landscape and one page wide with the header and the account
//   column repeated; the account's name links to its profile.
// The item's other fields are named as on the page (fieldLabel); Scout's and the API's own ids
// (the report id, the ids of the other lists an item is in) stay out: they mean nothing to a client.
import ExcelJS from 'exceljs';
import type { AgencyBrand } from '@shared/agency';
import { countryName } from '@shared/countries';
import type { ListItemView } from '@shared/discoveryData';
import { accountUrl } from '@shared/networkLinks';
import { ABSENT_FONT, LINK_FONT, SHEET_FORMATS, TABLE_HEADER_ROW, excelFormat, fitColumns, fitRowHeights, headerRow, linkText, linkValue, printSetup, roundAsShown, subtitleText, titleBlock, type FigureUnit } from '@shared/sheets';
import { formatDateTime, inertText, networkLabels, plural, writeCsv, type CsvCell } from '@shared/format';
import { fieldLabel, otherFieldKeys } from '@shared/listsModel';
import { accountHandle } from '@shared/labels';

/** Fields that are ids, not facts about the account. */
function isIdField(key: string): boolean {
  return key === 'report_id' || key === 'lists' || key === 'id' || key.endsWith('_id');
}

/** The item's other fields a file carries, in the page's order. */
export function exportFieldKeys(items: readonly ListItemView[]): string[] {
  return otherFieldKeys(items).filter((k) => !isIdField(k));
}

type FieldValue = { kind: 'number'; value: number; unit: FigureUnit } | { kind: 'date'; value: number } | { kind: 'text'; value: string } | null;

/** A field's value read once, for both files: dates, shares, counts, text. */
function fieldValue(key: string, raw: unknown): FieldValue {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    // The API's unix time in seconds (main may keep it in ms).
    if (key === 'created') return { kind: 'date', value: raw < 1e11 ? raw * 1000 : raw };
    return { kind: 'number', value: raw, unit: key === 'auth_engagement' ? 'percent' : 'count' };
  }
  if (typeof raw === 'string') return { kind: 'text', value: key === 'audience_geo' ? countryName(raw) : raw };
  if (typeof raw === 'boolean') return { kind: 'text', value: raw ? 'yes' : 'no' };
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'string' || typeof v === 'number')) return { kind: 'text', value: raw.join(', ') };
  return { kind: 'text', value: JSON.stringify(raw) };
}

function profileOf(item: ListItemView): string | null {
  if (!item.network || !item.account) return null;
  try {
    // `account` is the channel id for a YouTube channel known by it (accountUrl tells the two apart).
    return accountUrl(item.network, { username: item.account, channelId: item.account });
  } catch {
    return null;
  }
}

function nameOf(item: ListItemView): string {
  return item.title ?? (item.username ? accountHandle(item.network, item.username) : (item.account ?? 'Unnamed account'));
}

export const LIST_LEAD_COLUMNS = ['Account', 'Username', 'Network', 'Followers', 'Engagement rate'] as const;

function csvHeaders(keys: string[]): string[] {
  return ['Account', 'Username', 'Network', 'Followers', 'Engagement rate (%)', ...keys.map((k) => (k === 'auth_engagement' ? `${fieldLabel(k)} (%)` : fieldLabel(k))), 'Profile link'];
}

export function listCsv(items: readonly ListItemView[]): string {
  const keys = exportFieldKeys(items);
  const lines: CsvCell[][] = items.map((item) => [
    inertText(nameOf(item)),
    item.username === null ? '' : inertText(item.username),
    item.network ? networkLabels[item.network] : '',
    item.followers === null ? '' : roundAsShown(item.followers, 'count'),
    item.er === null ? '' : roundAsShown(item.er, 'percent'),
    ...keys.map((k): CsvCell => {
      const v = fieldValue(k, item.fields[k]);
      if (v === null) return '';
      if (v.kind === 'number') return roundAsShown(v.value, v.unit);
      if (v.kind === 'date') return new Date(v.value).toISOString().slice(0, 10);
      return inertText(v.value);
    }),
    profileOf(item) ?? '',
  ]);
  return writeCsv([csvHeaders(keys), ...lines]);
}

export interface ListSheetOptions {
  /** The list's name as the page shows it. */
  title: string;
  /** Epoch ms. */
  createdAt: number;
  brand: AgencyBrand;
}

export const LIST_SHEET = 'Items';

export async function listXlsx(items: readonly ListItemView[], options: ListSheetOptions): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = options.brand.name.trim() || 'Scout Workbench';
  wb.title = options.title;
  wb.created = new Date(options.createdAt);
  const ws = wb.addWorksheet(LIST_SHEET);
  const head = TABLE_HEADER_ROW;
  const keys = exportFieldKeys(items);
  const headers = [...LIST_LEAD_COLUMNS, ...keys.map(fieldLabel)];
  headers.forEach((h, j) => (ws.getCell(head, j + 1).value = h));
  items.forEach((item, i) => {
    const r = head + 1 + i;
    const url = profileOf(item);
    const name = ws.getCell(r, 1);
    name.value = linkValue(url, linkText(nameOf(item), 36)) ?? nameOf(item);
    if (url) name.font = LINK_FONT;
    if (item.username !== null) ws.getCell(r, 2).value = item.username;
    ws.getCell(r, 3).value = item.network ? networkLabels[item.network] : 'network not known';
    if (!item.network) ws.getCell(r, 3).font = ABSENT_FONT;
    if (item.followers !== null) {
      ws.getCell(r, 4).value = item.followers;
      ws.getCell(r, 4).numFmt = excelFormat('count', item.followers);
    }
    if (item.er !== null) {
      ws.getCell(r, 5).value = item.er / 100;
      ws.getCell(r, 5).numFmt = excelFormat('percent', item.er);
    }
    keys.forEach((k, j) => {
      const v = fieldValue(k, item.fields[k]);
      if (v === null) return;
      const cell = ws.getCell(r, LIST_LEAD_COLUMNS.length + 1 + j);
      if (v.kind === 'number') {
        cell.value = v.unit === 'percent' ? v.value / 100 : v.value;
        cell.numFmt = excelFormat(v.unit, v.value);
      } else if (v.kind === 'date') {
        cell.value = new Date(v.value);
        cell.numFmt = SHEET_FORMATS.date;
      } else cell.value = v.value;
    });
  });
  fitColumns(ws, head, headers.length, { min: 8, max: 28, maxOf: { 1: 38 } });
  headerRow(ws, head, 1, headers.length, options.brand);
  fitRowHeights(ws, head);
  titleBlock(ws, headers.length, options.title, subtitleText(options.brand, `${plural(items.length, 'item')}, in the order shown in Scout · made ${formatDateTime(options.createdAt)} · an empty cell: the list does not give the figure`));
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: head, topLeftCell: 'B4', activeCell: 'B4' }];
  ws.autoFilter = { from: { row: head, column: 1 }, to: { row: head, column: headers.length } };
  printSetup(ws, { headerRows: head, firstColumn: true, title: options.title, brand: options.brand });
  const buffer = (await wb.xlsx.writeBuffer()) as unknown;
  if (buffer instanceof Uint8Array) return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return new Uint8Array(buffer as ArrayBuffer);
}
