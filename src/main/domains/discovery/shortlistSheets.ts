// The shortlist as files a researcher hands on, one row per account (the filters of the page
// applied, the ticked ones or all, newest added first):
// - CSV: figures rounded as the screen shows them, a figure nobody gave is an empty field, never 0;
// - XLSX (finished by src/shared/sheets.ts): the agency in the title block, the account a link to
//   its profile, the engagement rate a percentage cell, the research status by its step's name.
// Scout's own ids and step ids stay out: they mean nothing to a client.
import type ExcelJS from 'exceljs';
import { countryName } from '@shared/countries';
import type { ShortlistItem } from '@shared/discoveryData';
import { inertText, type CsvCell } from '@shared/csv';
import { formatDateTime, networkLabels, plural } from '@shared/format';
import { accountHandle } from '@shared/labels';
import { accountUrl } from '@shared/networkLinks';
import { excelFormat, LINK_FONT, linkText, linkValue, roundAsShown, SHEET_FORMATS, subtitleText } from '@shared/sheets';
import { statusLabel, type StatusStep } from '@shared/workflow';
import type { StreamedCsv } from '../../platform/files/csvStream';
import { inBatchesOf, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';

export const SHORTLIST_SHEET = 'Shortlist';
export const SHORTLIST_HEADERS = ['Account', 'Network', 'Followers', 'Engagement rate', 'Country', 'Status', 'Tags', 'Note', 'Added'] as const;

function profileOf(item: ShortlistItem): string | null {
  try {
    return accountUrl(item.network, { username: item.account, channelId: item.account });
  } catch {
    return null;
  }
}

const nameOf = (item: ShortlistItem) => (item.title ? `${item.title} (${accountHandle(item.network, item.account)})` : accountHandle(item.network, item.account));

/** The shortlist as a CSV: a header line, then a line per account. */
export function shortlistCsv(items: readonly ShortlistItem[], steps: readonly StatusStep[]): StreamedCsv<ShortlistItem> {
  const line = (item: ShortlistItem): CsvCell[] => [
    inertText(nameOf(item)),
    networkLabels[item.network],
    item.followers === null ? '' : roundAsShown(item.followers, 'count'),
    item.er === null ? '' : roundAsShown(item.er, 'percent'),
    item.country === null ? '' : countryName(item.country),
    inertText(statusLabel(steps, item.status) ?? ''),
    inertText(item.tags.join(', ')),
    inertText(item.note),
    new Date(item.addedAt).toISOString().slice(0, 10),
  ];
  const head = SHORTLIST_HEADERS.map((h) => (h === 'Engagement rate' ? 'Engagement rate (%)' : h));
  return { head: [head], rows: inBatchesOf(items), count: items.length, line };
}

/** The Shortlist sheet, the account column repeated on every page. */
export function shortlistSheet(items: readonly ShortlistItem[], steps: readonly StatusStep[], meta: WorkbookMeta): StreamedSheet<ShortlistItem> {
  return {
    name: SHORTLIST_SHEET,
    title: meta.title,
    subtitle: (count) => subtitleText(meta.brand, `${plural(count, 'account')}, newest added first · made ${formatDateTime(meta.createdAt)} · an empty cell: no figure was given`),
    headers: SHORTLIST_HEADERS,
    limits: { min: 8, max: 40, maxOf: { 1: 40, 8: 50 } },
    rows: inBatchesOf(items),
    write: (row, item) => writeItem(row, item, steps),
    frozenColumns: 1,
    autoFilter: true,
    repeatFirstColumn: true,
  };
}

function writeItem(row: ExcelJS.Row, item: ShortlistItem, steps: readonly StatusStep[]): void {
  const url = profileOf(item);
  const name = row.getCell(1);
  name.value = linkValue(url, linkText(nameOf(item), 40)) ?? nameOf(item);
  if (url) name.font = LINK_FONT;
  row.getCell(2).value = networkLabels[item.network];
  if (item.followers !== null) {
    row.getCell(3).value = item.followers;
    row.getCell(3).numFmt = excelFormat('count', item.followers);
  }
  if (item.er !== null) {
    row.getCell(4).value = item.er / 100;
    row.getCell(4).numFmt = excelFormat('percent', item.er);
  }
  if (item.country !== null) row.getCell(5).value = countryName(item.country);
  const status = statusLabel(steps, item.status);
  if (status !== null) row.getCell(6).value = status;
  if (item.tags.length > 0) row.getCell(7).value = item.tags.join(', ');
  if (item.note !== '') {
    row.getCell(8).value = item.note;
    row.getCell(8).alignment = { wrapText: true, vertical: 'top' };
  }
  row.getCell(9).value = new Date(item.addedAt);
  row.getCell(9).numFmt = SHEET_FORMATS.date;
}
