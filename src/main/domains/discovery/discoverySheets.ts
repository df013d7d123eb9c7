// Discovery results as files a researcher hands on, one row per account in the order the table
// shows them, written by main from the cache (src/main/platform/files streams them to disk):
// - CSV (writeCsv of src/shared/csv.ts: UTF-8 with a byte-order mark, CRLF line ends): numbers
//   rounded as the screen shows them (ER 3.4567 → 3.46; the header says "%"), a figure the API
//   did not send is an empty field, never 0;
// - XLSX (exceljs, finished by src/shared/sheets.ts): the agency and the query in the title
//   block, the accent on the header row, landscape and one page wide with the header repeated;
//   the account's name links to its profile, other networks are links with short text; numbers
//   stay numbers (ER as a percentage, in the screen's decimals).
// In the CSV, text a spreadsheet would run as a formula (a title from the API starting with
// = + - @, a tab or a carriage return) gets a leading apostrophe, as OWASP advises; an XLSX cell
// holds text as text, never as a formula, so it needs none. No internal id: the
// network's own account id, the result page and the position on it stay in Scout.
import { markWords } from '@shared/reportModel/read';
import type ExcelJS from 'exceljs';
import { countryName } from '@shared/countries';
import type { DiscoveryLinkedAccount, DiscoveryRow } from '@shared/discoveryData';
import { LINK_FONT, excelFormat, linkText, linkValue, roundAsShown, shortLink, subtitleText } from '@shared/sheets';
import { inertText } from '@shared/csv';
import { formatDateTime, networkLabels, plural } from '@shared/format';
import type { StreamedCsv } from '../../platform/files/csvStream';
import { inBatchesOf, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';

export const EXPORT_COLUMNS = ['Network', 'Username', 'Title', 'Followers', 'Engagement rate (%)', 'Average views', 'Real followers', 'Quality (AQS/CQS)', 'Country', 'Verified', 'Profile link', 'Other networks'] as const;

type Cell = string | number | null;

/** A country as the screen names it: 'United States' for 'US'; a name the API gave stays as it is. */
export function countryText(country: string | null): string | null {
  if (country === null) return null;
  return countryName(country);
}

/** The accounts on other networks (or other accounts on this one) the API linked to this one. */
function others(row: DiscoveryRow): DiscoveryLinkedAccount[] {
  return row.linked.filter((l) => l.network !== row.network || (l.socialId ?? l.username) !== (row.socialId ?? row.username));
}

/** A linked account's network in words: 'YouTube'; a type Scout does not know, made readable ('Snapchat opendata' → 'Snapchat opendata'). */
function linkedNetwork(l: DiscoveryLinkedAccount): string {
  if (l.network) return networkLabels[l.network];
  const words = l.type.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Other network';
}

function linkedText(row: DiscoveryRow): string {
  return others(row)
    .map((l) => `${linkedNetwork(l)}: ${l.profileUrl ?? l.username ?? l.socialId ?? ''}`)
    .join('; ');
}

/** The CSV cells of one row, in EXPORT_COLUMNS order. */
export function exportCells(row: DiscoveryRow): Cell[] {
  const text = (s: string | null) => (s === null ? null : inertText(s));
  return [
    networkLabels[row.network],
    text(row.username),
    text(row.title),
    row.followers === null ? null : roundAsShown(row.followers, 'count'),
    row.er === null ? null : roundAsShown(row.er, 'percent'),
    row.avgViews === null ? null : roundAsShown(row.avgViews, 'count'),
    row.realFollowers === null ? null : roundAsShown(row.realFollowers, 'count'),
    row.quality === null ? null : text(markWords(row.quality)),
    text(countryText(row.country)),
    row.verified === null ? null : row.verified ? 'yes' : 'no',
    row.profileUrl,
    text(linkedText(row)) || null,
  ];
}

/** The rows as a CSV: a header line, then a line per account. */
export function discoveryCsv(rows: readonly DiscoveryRow[]): StreamedCsv<DiscoveryRow> {
  return { head: [EXPORT_COLUMNS], rows: inBatchesOf(rows), count: rows.length, line: (row) => exportCells(row).map((c) => c ?? '') };
}

interface XlsxColumn {
  header: string;
  /** Whether a row has this figure (a column no row has is left out, as on screen). */
  has?: (row: DiscoveryRow) => boolean;
  write: (cell: ExcelJS.Cell, row: DiscoveryRow) => void;
}

function linkCell(cell: ExcelJS.Cell, url: string | null, text: string): void {
  const value = linkValue(url, text);
  cell.value = value ?? text;
  if (value !== null && typeof value === 'object') cell.font = LINK_FONT;
}

/** The XLSX sheet's columns: the account's name links to its profile. */
export const XLSX_COLUMNS: readonly XlsxColumn[] = [
  {
    header: 'Account',
    write: (c, row) => {
      const name = row.title ?? (row.username ? `@${row.username}` : networkLabels[row.network]);
      // A link does not wrap: a long name is cut on its link (the username beside it says who it is).
      linkCell(c, row.profileUrl, row.profileUrl ? linkText(name, 40) : name);
    },
  },
  { header: 'Username', write: (c, row) => {
      if (row.username !== null) c.value = row.username;
    } },
  { header: 'Network', write: (c, row) => {
      c.value = networkLabels[row.network];
    } },
  {
    header: 'Followers',
    write: (c, row) => {
      if (row.followers === null) return;
      c.value = row.followers;
      c.numFmt = excelFormat('count', row.followers);
    },
  },
  {
    header: 'Engagement rate',
    write: (c, row) => {
      if (row.er === null) return;
      c.value = row.er / 100;
      c.numFmt = excelFormat('percent', row.er);
    },
  },
  {
    header: 'Average views',
    has: (row) => row.avgViews !== null,
    write: (c, row) => {
      if (row.avgViews === null) return;
      c.value = row.avgViews;
      c.numFmt = excelFormat('count', row.avgViews);
    },
  },
  {
    header: 'Real followers',
    has: (row) => row.realFollowers !== null,
    write: (c, row) => {
      if (row.realFollowers === null) return;
      c.value = row.realFollowers;
      c.numFmt = excelFormat('count', row.realFollowers);
    },
  },
  { header: 'Quality (AQS/CQS)', has: (row) => row.quality !== null, write: (c, row) => {
      if (row.quality !== null) c.value = markWords(row.quality);
    } },
  { header: 'Country', has: (row) => row.country !== null, write: (c, row) => {
      c.value = countryText(row.country);
    } },
  { header: 'Verified', has: (row) => row.verified !== null, write: (c, row) => {
      if (row.verified !== null) c.value = row.verified ? 'yes' : 'no';
    } },
  {
    header: 'Other networks',
    write: (c, row) => {
      const linked = others(row).filter((l) => l.profileUrl);
      if (linked.length === 1) linkCell(c, linked[0]!.profileUrl, `${linkedNetwork(linked[0]!)}: ${shortLink(linked[0]!.profileUrl!, 30)}`);
      else if (linked.length > 1) {
        c.value = linked.map((l) => `${linkedNetwork(l)}: ${shortLink(l.profileUrl!, 30)}`).join('\n');
        c.alignment = { wrapText: true, vertical: 'top' };
      }
    },
  },
];
export const RESULTS_SHEET = 'Results';

/** The Results sheet: a column no row has is left out, as on screen. */
export function discoverySheet(rows: readonly DiscoveryRow[], meta: WorkbookMeta): StreamedSheet<DiscoveryRow> {
  const columns = XLSX_COLUMNS.filter((c) => !c.has || rows.some(c.has));
  const width = columns.length;
  return {
    name: RESULTS_SHEET,
    title: meta.title,
    subtitle: (count) => subtitleText(meta.brand, `Discovery: ${plural(count, 'account')}, in the order shown in Scout · made ${formatDateTime(meta.createdAt)} · an empty cell: the search answer did not give the figure`),
    headers: columns.map((c) => c.header),
    limits: { min: 8, max: 30, maxOf: { 1: 44, 2: 36, [width]: 46 } },
    rows: inBatchesOf(rows),
    write: (row, item) => columns.forEach((c, j) => c.write(row.getCell(j + 1), item)),
    frozenColumns: 1,
    autoFilter: true,
    repeatFirstColumn: true,
  };
}
