// The comparison as CSV: UTF-8 with a byte-order mark (so spreadsheet programs read accents),
// RFC 4180 quoting and CRLF line ends; one row per figure, one column per account.
//
// Numbers are the model's own values, written in full (6.8912 for 6.8912 %: the Unit column
// says '%'), with '.' as the decimal point; a figure an account does not have is an empty
// field, never 0. Text a spreadsheet would run as a formula (starting with = + - @, a tab or a
// carriage return: an account's title comes from the API, a note from anyone) gets a leading
// apostrophe, as OWASP advises against CSV injection.
import { networkLabels } from '../../accounts/labels';
import { PERIOD_WORDS, type CompareModel, type CompareUnit, type CompareValue } from '../model/compareModel';

export const BOM = '\uFEFF';

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

/** Text a spreadsheet would read as a formula, made inert. */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A field as RFC 4180 writes it: quoted when it holds a quote, comma or line break. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return BOM + lines.map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
}
