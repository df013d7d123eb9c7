// The comparison as CSV (written by writeCsv of src/shared/csv.ts: UTF-8 with a byte-order mark,
// RFC 4180 quoting, CRLF line ends); one row per figure, one column per account.
//
// Numbers are the model's values rounded as the screen shows them (roundAsShown: 6.46 for
// 6.46280416875663 %, the Unit column says '%'; money with its cents), never compacted (13166,
// not 13.2K), with '.' as the decimal point; dates are ISO date-times in UTC to the second. A
// figure an account does not have is the word for why ('not in report', or the model's own
// reason such as 'no posts'), never 0. Text a spreadsheet would run as a formula gets a leading
// apostrophe (inertText).
import { isoDateTime, roundAsShown } from '@shared/sheets';
import type { AgencyBrand } from '@shared/agency';
import { inertText } from '@shared/csv';
import { networkLabels, PERIOD_WORDS } from '@shared/format';
import type { CsvCell } from '@shared/csv';
import type { CompareModel, CompareRow, CompareUnit, CompareValue } from '@shared/compareModel';
import { absentWord } from './compareSheets';
import type { StreamedCsv } from '../../platform/files/csvStream';
import { inBatchesOf } from '../../platform/files/sheetStream';

export const UNIT_WORDS: Record<CompareUnit, string> = {
  count: 'count',
  percent: '%',
  ratio: 'ratio',
  per_week: 'per week',
  money: 'USD',
  duration_ms: 'ms',
  text: 'text',
};

/** The columns before the accounts'. */
export const CSV_LEAD = ['Figure', 'Group', 'Unit', 'Period'] as const;

/** A model value as its CSV field's text: rounded as on screen; the word for why where it is absent. */
export function csvValue(row: Pick<CompareRow, 'unit' | 'absent'>, value: CompareValue, column: number): string {
  if (value === null) return absentWord(row, column);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return absentWord(row, column);
    return row.unit === 'text' ? String(value) : String(roundAsShown(value, row.unit));
  }
  return inertText(value);
}

/** The CSV; a 'Prepared by' line after the account lines names the agency, when there is one. */
export function comparisonCsv(model: CompareModel, brand: AgencyBrand): StreamedCsv<readonly CsvCell[]> {
  const [head, ...lines] = comparisonLines(model, brand);
  return { head: [head!], rows: inBatchesOf(lines), count: model.rows.length, line: (line) => line };
}

function comparisonLines(model: CompareModel, brand: AgencyBrand): string[][] {
  const cols = model.columns;
  const lines: string[][] = [];
  const text = (s: string) => inertText(s);
  lines.push([...CSV_LEAD, ...cols.map((c) => text(`${c.title} (${networkLabels[c.network]})`))]);
  lines.push(['Network', '', '', '', ...cols.map((c) => networkLabels[c.network])]);
  // The bare username: a handle's '@' would read as a formula and get an apostrophe.
  lines.push(['Username', '', '', '', ...cols.map((c) => text(c.username))]);
  lines.push(['Profile link', '', '', '', ...cols.map((c) => c.profileUrl ?? '')]);
  lines.push(['Data as of (UTC)', '', '', '', ...cols.map((c) => isoDateTime(c.fetchedAt))]);
  lines.push(['Note', '', '', '', ...cols.map((c) => text(c.note))]);
  if (brand.name.trim()) lines.push([text(`Prepared by ${brand.name.trim()}`), '', '', '', ...cols.map(() => '')]);
  for (const row of model.rows) {
    lines.push([text(row.label), row.group, UNIT_WORDS[row.unit], row.periodDependent ? PERIOD_WORDS[model.period] : '', ...row.values.map((v, c) => csvValue(row, v, c))]);
  }
  return lines;
}
