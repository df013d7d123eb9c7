// The accounts a search found, from the cache: a virtualised table (@tanstack/react-virtual), so
// 10,000 rows scroll like 20 — only the rows on screen are in the document. It sorts by a column
// (a header is a button: click, Enter or Space; again to turn the order round), selects rows
// like the UI kit's DataTable (a box per row, Shift for a range, one box for all shown) and
// moves like a list from the keyboard (arrows, Home/End, Page Up/Down; Space selects, Shift+Space
// a range; Enter opens the profile). Links to profiles go out through main's allow-list.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DiscoveryRow } from '@shared/discoveryData';
import { Avatar } from '../../shared/Avatar';
import { formatExact, formatMetric, openOutside } from '../../shared/ui';
import { moveTarget, nextSort, selectionState, selectRange, toggleAll, toggleRow, type Selection, type SortState } from '../../shared/ui/dataTable';
import { networkLabels } from '../../shared/format';
import { firstOrder, orderRows, type ResultSortKey } from './resultOrder';

export type { ResultSortKey };

export const ROW_HEIGHT = 44;

interface Col {
  key: ResultSortKey | 'linked';
  label: string;
  numeric?: boolean;
  className?: string;
}

const columns: Col[] = [
  { key: 'account', label: 'Account', className: 'account-col' },
  { key: 'followers', label: 'Followers', numeric: true },
  { key: 'er', label: 'Engagement rate', numeric: true },
  { key: 'country', label: 'Country' },
  { key: 'verified', label: 'Verified' },
  { key: 'linked', label: 'Other networks', className: 'linked-col' },
  { key: 'order', label: 'Page', numeric: true },
];

/** Initials while the table scrolls (a fast scroll asks for no picture), the cached picture once it stops. */
function RowAvatar({ url, label, scrolling }: { url: string | null; label: string; scrolling: boolean }) {
  if (scrolling || !url) {
    return (
      <span className="avatar avatar-fallback" style={{ width: 28, height: 28 }} aria-hidden="true">
        {initials(label)}
      </span>
    );
  }
  // Keyed by the picture: the row is reused for another account as the table scrolls.
  return <Avatar key={url} url={url} label={label} size={28} />;
}

function initials(label: string): string {
  return label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
}

function nameOf(r: DiscoveryRow): string {
  return r.title ?? (r.username ? `@${r.username}` : (r.socialId ?? r.key));
}

export interface ResultsTableProps {
  rows: readonly DiscoveryRow[];
  selection: Selection;
  onSelectionChange(selection: Selection): void;
  sort: SortState<ResultSortKey> | null;
  onSortChange(sort: SortState<ResultSortKey>): void;
  /** Something the table could not do (a link refused), in words. */
  onProblem(message: string): void;
}

export function ResultsTable({ rows, selection, onSelectionChange, sort, onSortChange, onProblem }: ResultsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusAfterScroll = useRef<number | null>(null);

  const shown = useMemo(() => orderRows(rows, sort), [rows, sort]);
  const keys = useMemo(() => shown.map((r) => r.key), [shown]);
  const all = useMemo(() => selectionState(selection, keys), [selection, keys]);
  // Search answers carry no country or verified mark today (api-notes.md): such a column shows only when some row has it.
  const has = useMemo(() => ({ country: rows.some((r) => r.country !== null), verified: rows.some((r) => r.verified !== null) }), [rows]);
  const shownColumns = columns.filter((c) => (c.key !== 'country' || has.country) && (c.key !== 'verified' || has.verified));

  // The virtualizer's functions change every render; this component is left to React as is.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  const items = virtualizer.getVirtualItems();
  const scrolling = virtualizer.isScrolling;
  const tabRow = Math.min(active, Math.max(0, shown.length - 1));

  // A row moved to from the keyboard is focused once it is in the document.
  useEffect(() => {
    const to = focusAfterScroll.current;
    if (to === null) return;
    const row = scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${to}"]`);
    if (row) {
      focusAfterScroll.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    setActive(index);
    focusAfterScroll.current = index;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const select = (key: string, range: boolean) => onSelectionChange(range ? selectRange(selection, keys, key) : toggleRow(selection, key));

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return; // keys inside a cell's own control are its own
    const to = moveTarget(event.key, index, shown.length);
    if (to !== null) moveTo(to);
    else if (event.key === ' ') select(keys[index]!, event.shiftKey);
    else if (event.key === 'Enter' && shown[index]?.profileUrl) void openOutside(shown[index].profileUrl).catch((e: unknown) => onProblem(e instanceof Error ? e.message : String(e)));
    else return;
    event.preventDefault();
  };

  const open = (url: string | null, event: MouseEvent) => {
    event.stopPropagation();
    if (url) void openOutside(url).catch((e: unknown) => onProblem(e instanceof Error ? e.message : String(e)));
  };

  const sortBy = (key: ResultSortKey) => onSortChange(nextSort(sort, key, firstOrder(key)));

  return (
    <div ref={scrollRef} className="discovery-results-scroll" data-testid="results-scroll">
      {/* Laid out as blocks, not by the table algorithm (CSS under "Discovery page"): the rows on
          screen follow one spacer row, and each contains its own layout, so a frame of scrolling
          lays out only the rows it changed. The roles keep it a table to assistive technology. */}
      <table role="table" className="table data-table discovery-results-table" aria-label="Search results" aria-rowcount={shown.length + 1}>
        <thead role="rowgroup">
          <tr role="row" aria-rowindex={1}>
            <th role="columnheader" scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label={`Select all ${shown.length} results`}
                checked={all === 'all'}
                ref={(box) => {
                  if (box) box.indeterminate = all === 'some';
                }}
                onChange={() => onSelectionChange(toggleAll(selection, keys))}
                disabled={shown.length === 0}
                data-testid="select-all-results"
              />
            </th>
            {shownColumns.map((c) => {
              const sortable = c.key !== 'linked';
              const state = sort?.key === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
              return (
                <th role="columnheader" key={c.key} scope="col" className={[c.numeric ? 'num' : '', c.className ?? ''].join(' ').trim() || undefined} aria-sort={sortable ? state : undefined} data-column={c.key}>
                  {sortable ? (
                    <button type="button" className="link sort-button" onClick={() => sortBy(c.key as ResultSortKey)}>
                      {c.label}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          <tr aria-hidden="true" className="window-shift" style={{ height: items[0]?.start ?? 0 }} />
          {items.map((v, slot) => {
            const row = shown[v.index]!;
            const selected = selection.keys.has(row.key);
            const name = nameOf(row);
            const others = row.linked.filter((l) => l.profileUrl && !(l.network === row.network && (l.socialId === row.socialId || l.username === row.username)));
            return (
              <tr
                // Keyed by its place among the rows drawn, not by the account: a fast scroll then
                // updates the same few dozen rows instead of building new ones every frame.
                key={slot}
                data-index={v.index}
                data-key={row.key}
                data-testid="result-row"
                aria-rowindex={v.index + 2}
                aria-selected={selected}
                tabIndex={v.index === tabRow ? 0 : -1}
                role="row"
                style={{ height: ROW_HEIGHT }}
                onFocus={() => setActive(v.index)}
                onKeyDown={(e) => onRowKey(e, v.index)}
              >
                <td role="cell" className="select-cell">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${name}`}
                    checked={selected}
                    onClick={(e) => e.stopPropagation()}
                    // React's change of a checkbox is its click: the click says whether Shift was down.
                    onChange={(e) => select(row.key, (e.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
                  />
                </td>
                <td role="cell" className="account-col" data-column="account">
                  <span className="account-cell">
                    <RowAvatar url={row.avatarUrl} label={name} scrolling={scrolling} />
                    <span className="account-names">
                      {row.profileUrl ? (
                        <button type="button" className="link account-title" tabIndex={-1} onClick={(e) => open(row.profileUrl, e)} title={`Open ${name} on ${networkLabels[row.network]}`}>
                          {name}
                        </button>
                      ) : (
                        <span className="account-title">{name}</span>
                      )}
                      {row.username && row.title && <span className="muted account-handle">@{row.username}</span>}
                    </span>
                  </span>
                </td>
                <td role="cell" className="num" data-column="followers" title={row.followers === null ? undefined : formatExact(row.followers)}>
                  {formatMetric(row.followers, 'count')}
                </td>
                <td role="cell" className="num" data-column="er" title={row.er === null ? undefined : formatExact(row.er, 'percent')}>
                  {formatMetric(row.er, 'percent')}
                </td>
                {has.country && <td role="cell" data-column="country">{row.country ?? '—'}</td>}
                {has.verified && <td role="cell" data-column="verified">{row.verified === null ? '—' : row.verified ? 'Verified' : 'No'}</td>}
                <td role="cell" className="linked-col" data-column="linked">
                  {others.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    others.map((l, i) => (
                      <button
                        key={`${l.type}:${l.socialId ?? l.username ?? i}`}
                        type="button"
                        className="link linked-account"
                        tabIndex={-1}
                        onClick={(e) => open(l.profileUrl, e)}
                        title={`Open ${l.title ?? l.username ?? 'this account'} on ${l.network ? networkLabels[l.network] : l.type}`}
                      >
                        {l.network ? networkLabels[l.network] : l.type}
                      </button>
                    ))
                  )}
                </td>
                <td role="cell" className="num muted" data-column="order" title={`Page ${row.page}, result ${row.position + 1}`}>
                  {row.page} · #{row.position + 1}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
