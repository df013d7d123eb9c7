// A list's items as files a researcher hands on, one row per item in the order the table shows,
// written by main from the cache (src/main/platform/files streams them to disk):
// - CSV (writeCsv: UTF-8 with a byte-order mark, CRLF): numbers rounded as the screen shows
//   them, dates as ISO days, a field the API did not send is an empty field, never 0;
// - XLSX (exceljs, finished by src/shared/sheets.ts): the agency and the list in the title block,
//   the accent on the header row, landscape and one page wide with the header and the account
//   column repeated; the account's name links to its profile.
// The item's other fields are named as on the page (fieldLabel); Scout's and the API's own ids
// (the report id, the ids of the other lists an item is in) stay out: they mean nothing to a client.
import type ExcelJS from 'exceljs';
import { countryName } from '@shared/countries';
import type { ListItemView } from '@shared/discoveryData';
import { accountUrl } from '@shared/networkLinks';
import { ABSENT_FONT, LINK_FONT, SHEET_FORMATS, excelFormat, linkText, linkValue, roundAsShown, subtitleText, type FigureUnit } from '@shared/sheets';
import { inertText, type CsvCell } from '@shared/csv';
import { formatDateTime, networkLabels, plural } from '@shared/format';
import type { StreamedCsv } from '../../platform/files/csvStream';
import { inBatchesOf, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';
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

/** The items as a CSV: a header line, then a line per item. */
export function listCsv(items: readonly ListItemView[]): StreamedCsv<ListItemView> {
  const keys = exportFieldKeys(items);
  const line = (item: ListItemView): CsvCell[] => [
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
  ];
  return { head: [csvHeaders(keys)], rows: inBatchesOf(items), count: items.length, line };
}

export const LIST_SHEET = 'Items';

/** The Items sheet, the account column repeated on every page. */
export function listSheet(items: readonly ListItemView[], meta: WorkbookMeta): StreamedSheet<ListItemView> {
  const keys = exportFieldKeys(items);
  const headers = [...LIST_LEAD_COLUMNS, ...keys.map(fieldLabel)];
  return {
    name: LIST_SHEET,
    title: meta.title,
    subtitle: (count) => subtitleText(meta.brand, `${plural(count, 'item')}, in the order shown in Scout · made ${formatDateTime(meta.createdAt)} · an empty cell: the list does not give the figure`),
    headers,
    limits: { min: 8, max: 28, maxOf: { 1: 38 } },
    rows: inBatchesOf(items),
    write: (row, item) => writeItem(row, item, keys),
    frozenColumns: 1,
    autoFilter: true,
    repeatFirstColumn: true,
  };
}

function writeItem(row: ExcelJS.Row, item: ListItemView, keys: readonly string[]): void {
  const url = profileOf(item);
  const name = row.getCell(1);
  name.value = linkValue(url, linkText(nameOf(item), 36)) ?? nameOf(item);
  if (url) name.font = LINK_FONT;
  if (item.username !== null) row.getCell(2).value = item.username;
  row.getCell(3).value = item.network ? networkLabels[item.network] : 'network not known';
  if (!item.network) row.getCell(3).font = ABSENT_FONT;
  if (item.followers !== null) {
    row.getCell(4).value = item.followers;
    row.getCell(4).numFmt = excelFormat('count', item.followers);
  }
  if (item.er !== null) {
    row.getCell(5).value = item.er / 100;
    row.getCell(5).numFmt = excelFormat('percent', item.er);
  }
  keys.forEach((k, j) => {
    const v = fieldValue(k, item.fields[k]);
    if (v === null) return;
    const cell = row.getCell(LIST_LEAD_COLUMNS.length + 1 + j);
    if (v.kind === 'number') {
      cell.value = v.unit === 'percent' ? v.value / 100 : v.value;
      cell.numFmt = excelFormat(v.unit, v.value);
    } else if (v.kind === 'date') {
      cell.value = new Date(v.value);
      cell.numFmt = SHEET_FORMATS.date;
    } else cell.value = v.value;
  });
}
