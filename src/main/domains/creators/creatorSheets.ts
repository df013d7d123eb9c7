// The creators in the cache as files a researcher hands on, one row per creator in the order the
// Creators page lists them (its search applied), written by main from the cache:
// - CSV (src/shared/csv.ts): each creator's emails, phones and accounts as lines of one field;
// - XLSX (finished by src/shared/sheets.ts): the agency in the title block, the accent on the
//   header row, landscape and one page wide with the creator's name repeated on every page; an
//   account with a profile link is a link with short text.
// The API's creator ids stay out: they mean nothing to a client.
import type ExcelJS from 'exceljs';
import { countryName } from '@shared/countries';
import { creatorName } from '@shared/creators';
import type { CreatorView } from '@shared/discoveryData';
import { inertText, type CsvCell } from '@shared/csv';
import { formatCount, formatDateTime, networkLabels, plural } from '@shared/format';
import { accountHandle } from '@shared/labels';
import { accountUrl } from '@shared/networkLinks';
import { ABSENT_FONT, LINK_FONT, linkText, linkValue, subtitleText } from '@shared/sheets';
import type { StreamedCsv } from '../../platform/files/csvStream';
import { inBatchesOf, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';

export const CREATORS_SHEET = 'Creators';
export const CREATOR_HEADERS = ['Creator', 'Country', 'Favourite', 'Emails', 'Phones', 'Accounts', 'Network status', 'Contract status', 'Payment status'] as const;

type Account = CreatorView['accounts'][number];

/** An account in words: 'Instagram: National Geographic (@natgeo), 1,234,567 followers, report unlocked 2026-01-05'. */
function accountText(a: Account): string {
  const network = a.network ? networkLabels[a.network] : (a.socialNetwork ?? 'Unknown network');
  const name = a.username ?? a.account;
  const handle = accountHandle(a.network, name);
  const who = a.title && a.title !== name ? `${a.title}${handle ? ` (${handle})` : ''}` : handle || a.title || 'no name';
  const facts = [a.followers === null ? null : `${formatCount(a.followers)} followers`, a.reportUnlockedAt === null ? 'report not unlocked' : `report unlocked ${new Date(a.reportUnlockedAt).toISOString().slice(0, 10)}`];
  return `${network}: ${who}, ${facts.filter(Boolean).join(', ')}`;
}

function profileOf(a: Account): string | null {
  const name = a.username ?? a.account;
  if (!a.network || !name) return null;
  try {
    return accountUrl(a.network, /^UC[\w-]{22}$/.test(name) ? { channelId: name } : { username: name });
  } catch {
    return null;
  }
}

const favourite = (c: CreatorView) => (c.favorite === null ? null : c.favorite ? 'yes' : 'no');

/** The creators as a CSV: a header line, then a line per creator. */
export function creatorsCsv(creators: readonly CreatorView[]): StreamedCsv<CreatorView> {
  const text = (s: string | null) => (s === null ? '' : inertText(s));
  return {
    head: [CREATOR_HEADERS],
    rows: inBatchesOf(creators),
    count: creators.length,
    line: (c): CsvCell[] => [
      text(creatorName(c)),
      text(c.country === null ? null : countryName(c.country)),
      favourite(c) ?? '',
      text(c.emails.join('\n')),
      text(c.phones.join('\n')),
      text(c.accounts.map(accountText).join('\n')),
      text(c.networkStatus),
      text(c.contractStatus),
      text(c.paymentStatus),
    ],
  };
}

function writeCreator(row: ExcelJS.Row, c: CreatorView): void {
  row.getCell(1).value = creatorName(c);
  if (c.country !== null) row.getCell(2).value = countryName(c.country);
  const fav = favourite(c);
  if (fav !== null) row.getCell(3).value = fav;
  if (c.emails.length) row.getCell(4).value = c.emails.join('\n');
  if (c.phones.length) row.getCell(5).value = c.phones.join('\n');
  const accounts = row.getCell(6);
  const linked = c.accounts.length === 1 ? profileOf(c.accounts[0]!) : null;
  if (linked) {
    // One account: its words are a link to its profile (a link does not wrap: cut to the column).
    accounts.value = linkValue(linked, linkText(accountText(c.accounts[0]!), 60));
    accounts.font = LINK_FONT;
  } else if (c.accounts.length) {
    accounts.value = c.accounts.map(accountText).join('\n');
    accounts.alignment = { wrapText: true, vertical: 'top' };
  } else {
    accounts.value = 'no accounts';
    accounts.font = ABSENT_FONT;
  }
  [c.networkStatus, c.contractStatus, c.paymentStatus].forEach((status, j) => {
    if (status !== null) row.getCell(7 + j).value = status;
  });
  for (const column of [4, 5]) if (row.getCell(column).value !== null) row.getCell(column).alignment = { wrapText: true, vertical: 'top' };
}

/** The Creators sheet. */
export function creatorsSheet(creators: readonly CreatorView[], meta: WorkbookMeta): StreamedSheet<CreatorView> {
  return {
    name: CREATORS_SHEET,
    title: meta.title,
    subtitle: (count) => subtitleText(meta.brand, `${plural(count, 'creator')}, in the order shown in Scout · made ${formatDateTime(meta.createdAt)} · an empty cell: the API did not give it`),
    headers: CREATOR_HEADERS,
    limits: { min: 8, max: 24, maxOf: { 1: 30, 4: 32, 6: 60 } },
    rows: inBatchesOf(creators),
    write: writeCreator,
    frozenColumns: 1,
    autoFilter: true,
    repeatFirstColumn: true,
  };
}
