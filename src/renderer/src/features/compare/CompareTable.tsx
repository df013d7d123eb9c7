// The comparison table: one column per account, rows grouped, per-network groups folded until
// opened. Best and worst of a row are marked with a sign and a word for screen readers, not by
// colour alone; a figure an account does not have is "—", never 0, and is not ranked.
import { Fragment, useState, type ReactNode } from 'react';
import { DASH, formatDate, formatDateTime, formatExact, formatMetric, networkLabels } from '@shared/format';
import { Avatar } from '../../shared/Avatar';
import { whereRead, type CompareColumn, type CompareModel, type CompareRow } from '@shared/compareModel';
import { colourOf, seriesName } from './compareCharts';

/** A value as the table shows it; the exact figure goes in its title. */
export function compareCell(row: Pick<CompareRow, 'unit'>, value: number | string | null): string {
  if (value === null) return DASH;
  if (typeof value === 'string') return value;
  if (row.unit === 'text') return String(value);
  return formatMetric(value, row.unit);
}

function exactTitle(model: CompareModel, row: CompareRow, i: number): string {
  const value = row.values[i] ?? null;
  const absent = row.absent?.[i] ?? null;
  if (value === null) return absent ? `${absent}: no figure, not ranked` : 'Not in this report: missing, not ranked';
  const figure = typeof value === 'number' && row.unit !== 'text' ? formatExact(value, row.unit) : String(value);
  return `${figure}, read from ${whereRead(model, row, i)}`;
}

export interface CompareTableProps {
  model: CompareModel;
  notes: string[];
  onNote(index: number, note: string): void;
  /** Beside each account's name: what the page knows about its data (newer data exists, …). */
  columnNote?: (column: CompareColumn, index: number) => ReactNode;
}

export function CompareTable({ model, notes, onNote, columnNote }: CompareTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // The exact figures in the cells themselves: what a hover title says, for the keyboard and for reading across.
  const [exact, setExact] = useState(false);
  // The model's groups in its order; a group no account has a figure in is left out.
  const groups = model.groups
    .map((g) => ({ name: g.name, expandable: g.expandable, rows: model.rows.filter((r) => r.group === g.name) }))
    .filter((g) => g.rows.length > 0);
  const toggle = (name: string) => {
    const next = new Set(open);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setOpen(next);
  };
  const span = model.columns.length + 1;
  const nameOf = (c: CompareColumn) => c.title || c.username;

  return (
    <>
    <label className="compare-exact no-print">
      <input type="checkbox" checked={exact} onChange={(e) => setExact(e.target.checked)} data-testid="compare-exact" /> Show exact figures
    </label>
    <div className="compare-table-wrap" tabIndex={0} role="region" aria-label="Comparison table (scrolls sideways)" data-exact={exact}>
      <table className="table compare-table" data-testid="compare-table" data-period={model.period}>
        <thead>
          <tr>
            <th scope="col" className="figure-head">
              Figure
            </th>
            {model.columns.map((c, i) => (
              <th
                key={`${c.network}:${c.accountKey}`}
                scope="col"
                className="account-head"
                data-testid={`compare-column-${c.network}-${c.accountKey}`}
                data-name={seriesName(c)}
              >
                <span className="account-cell">
                  <span className="swatch" style={{ background: colourOf(i) }} aria-hidden="true" />
                  <Avatar url={c.avatarUrl} label={c.username} size={36} />
                  <span>
                    <strong className="account-name">{nameOf(c)}</strong>
                    <span className="muted account-sub">
                      <Breakable text={`@${c.username}`} /> · {networkLabels[c.network]}
                    </span>
                    <span className="muted account-sub" data-testid="as-of" title={formatDateTime(c.fetchedAt)}>
                      as of {formatDate(c.fetchedAt)}
                    </span>
                    {columnNote?.(c, i)}
                  </span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => {
          const shown = !group.expandable || open.has(group.name);
          const bodyId = `compare-group-${group.name.replace(/\W+/g, '-')}`;
          return (
            <tbody key={group.name} id={bodyId} data-group={group.name} data-expandable={group.expandable}>
              <tr className="group-row">
                <th scope="colgroup" colSpan={span}>
                  {group.expandable ? (
                    <button type="button" className="link group-toggle" aria-expanded={shown} aria-controls={bodyId} onClick={() => toggle(group.name)}>
                      <span aria-hidden="true">{shown ? '▾' : '▸'}</span> {group.name}{' '}
                      <span className="muted">({group.rows.length} figures)</span>
                    </button>
                  ) : (
                    group.name
                  )}
                </th>
              </tr>
              {shown &&
                group.rows.map((row) => (
                  <tr key={row.key} data-row={row.key} data-unit={row.unit}>
                    <th scope="row" title={row.source}>
                      {row.label}
                    </th>
                    {row.values.map((value, i) => {
                      const best = row.best.includes(i);
                      const worst = row.worst.includes(i);
                      // How this account's report names the figure, where it differs from the row's name.
                      const label = row.labels[i] && row.labels[i] !== row.label && row.key === 'quality_score' ? row.labels[i]!.replace(/.*\((\w+)\)$/, '$1') : null;
                      return (
                        <td
                          key={i}
                          className={`${row.unit === 'text' ? 'text' : 'num'}${best ? ' best' : ''}${worst ? ' worst' : ''}${value === null ? ' missing' : ''}`}
                          data-value={value === null ? '' : String(value)}
                          data-rank={best ? 'best' : worst ? 'worst' : undefined}
                          title={exactTitle(model, row, i)}
                        >
                          {(best || worst) && (
                            <>
                              <span className="rank-mark" aria-hidden="true">
                                {best ? '▲' : '▼'}
                              </span>
                              <span className="visually-hidden">{best ? 'best: ' : 'worst: '}</span>
                            </>
                          )}
                          {value === null && row.absent?.[i] ? (
                            <span className="muted no-posts" data-absent="no-posts">
                              {row.absent[i]}
                            </span>
                          ) : value === null ? (
                            <>
                              <span aria-hidden="true">{DASH}</span>
                              <span className="visually-hidden">missing</span>
                            </>
                          ) : exact && typeof value === 'number' && row.unit !== 'text' ? (
                            formatExact(value, row.unit)
                          ) : (
                            compareCell(row, value)
                          )}
                          {label && value !== null && <span className="cell-label muted"> {label}</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
            </tbody>
          );
        })}
        <tbody data-group="Notes">
          <tr className="group-row">
            <th scope="colgroup" colSpan={span}>
              Notes
            </th>
          </tr>
          <tr data-row="note">
            <th scope="row">Researcher’s note</th>
            {model.columns.map((c, i) => (
              <td key={i} className="note-cell">
                <textarea
                  aria-label={`Note on ${nameOf(c)} (${networkLabels[c.network]})`}
                  rows={3}
                  maxLength={2000}
                  value={notes[i] ?? ''}
                  onChange={(e) => onNote(i, e.target.value)}
                  data-testid={`compare-note-${c.network}-${c.accountKey}`}
                />
                <span className="print-only note-print">{notes[i] ?? ''}</span>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
    </>
  );
}

/** A handle that may break after its separators (`the_very_long_name` after each `_`), never inside a piece. */
function Breakable({ text }: { text: string }) {
  const pieces = text.split(/(?<=[._-])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {piece}
          {i < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
