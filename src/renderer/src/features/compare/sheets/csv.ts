// The comparison as CSV (written by writeCsv of shared/format.ts: UTF-8 with a byte-order mark, RFC 4180
// quoting, CRLF line ends); one row per figure, one column per account.
//
// Numbers are the model's own values, written in full (6.8912 for 6.8912 %: the Unit column
// says '%'), with '.' as the decimal point; a figure an account does not have is an empty
// field, never 0. Text a spreadsheet would run as a formula gets a leading apostrophe (inertText).
import { BOM, inertText, writeCsv, networkLabels, PERIOD_WORDS } from '../../../shared/format';
import type { CompareModel, CompareUnit, CompareValue } from '../model/compareModel';

// The comparison tests read the mark from here.
export { BOM };

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

/** A model value as its CSV field's text ('' for missing). */
export function csvValue(value: CompareValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return inertText(value);
}

export function writeComparisonCsv(model: CompareModel): string {
  const cols = model.columns;
  const lines: string[][] = [];
  const text = (s: string) => inertText(s);
  lines.push([...CSV_LEAD, ...cols.map((c) => text(`${c.title} (${networkLabels[c.network]})`))]);
  lines.push(['Network', '', '', '', ...cols.map((c) => networkLabels[c.network])]);
  // The bare username: a handle's '@' would read as a formula and get an apostrophe.
  lines.push(['Username', '', '', '', ...cols.map((c) => text(c.username))]);
  lines.push(['Profile link', '', '', '', ...cols.map((c) => c.profileUrl ?? '')]);
  lines.push(['Data as of (UTC)', '', '', '', ...cols.map((c) => new Date(c.fetchedAt).toISOString())]);
  lines.push(['Snapshot', '', '', '', ...cols.map((c) => String(c.snapshotId))]);
  lines.push(['Note', '', '', '', ...cols.map((c) => text(c.note))]);
  for (const row of model.rows) {
    lines.push([text(row.label), row.group, UNIT_WORDS[row.unit], row.periodDependent ? PERIOD_WORDS[model.period] : '', ...row.values.map(csvValue)]);
  }
  return writeCsv(lines);
}
