// CSV, the one writer of every file Scout saves as CSV (renderer and main; papaparse): UTF-8 with
// a byte-order mark, so spreadsheet programs read accents; RFC 4180 quoting; CRLF line ends, the
// last line ended too. Text a spreadsheet would run as a formula (starting with = + - @, a tab or
// a carriage return: an account's title comes from the API, a note from anyone) is made inert
// with a leading apostrophe, as OWASP advises against CSV injection: callers pass text through
// `inertText`, so numbers are written as they are (-5 stays a number). Numbers go in rounded as
// the screen shows them and dates without milliseconds (roundAsShown, isoDateTime in sheets.ts).
// A control character (but tab and line breaks, which quoting keeps) never goes in raw: it is
// written as U+FFFD (@shared/fileText).
import Papa from 'papaparse';
import { csvSafeText } from './fileText';

export const BOM = '\uFEFF';

/** Text a spreadsheet would read as a formula, made inert. */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export type CsvCell = string | number;

/** These lines as CSV text, each ended with CRLF (no BOM): a part of a file written in pieces. */
export function csvLines(lines: readonly (readonly CsvCell[])[]): string {
  return lines.length === 0 ? '' : Papa.unparse(lines.map((line) => line.map((cell) => (typeof cell === 'string' ? csvSafeText(cell) : cell))), { newline: '\r\n' }) + '\r\n';
}

/** The CSV text of these lines (the first is the header, if the sheet has one), BOM first. */
export function writeCsv(lines: readonly (readonly CsvCell[])[]): string {
  return BOM + csvLines(lines);
}
