// The UI kit's table for long lists: virtualised (@tanstack/react-virtual), so 10,000 rows scroll
// like 20 — only the rows on screen are in the document, between two spacer rows that keep the
// scroll height. It shares DataTable's rules (src/shared/dataTable.ts): a header sorts (a button: click,
// Enter or Space; again to turn the order round), boxes select (Shift for a range, one box for all
// shown), and with `keyboard` the rows move like a list (arrows, Home/End, Page Up/Down; Space
// selects, Shift+Space a range; Enter opens), the table one Tab stop.
//
// Rows may be all there (`rows`) or read as they scroll into view (`count`, `rowAt` and
// `onRangeChange`: a row not read yet says "Loading…"). Rows have one height (`rowHeight`), or
// are measured as they are drawn (`measure`, `rowHeight` the estimate).
import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { moveTarget, nextSort, selectionState, selectRange, toggleAll, toggleRow, type Selection, type SortOrder, type SortState } from '@shared/dataTable';

export interface VirtualColumn<T, K extends string = string> {
  key: K;
  label: string;
  /** `scrolling`: the table is moving (a cell may leave out what is slow to draw, like pictures). */
  cell: (row: T, view: { scrolling: boolean }) => ReactNode;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  /** More classes of the header and the cells. */
  className?: string;
  /** The header asks for this column's order (`onSortChange`). */
  sortable?: boolean;
  /** The order of a first click: names A→Z ('asc'), figures largest first ('desc', the default for numeric). */
  firstOrder?: SortOrder;
  /** A hover title for the cell, e.g. the exact figure behind a rounded one. */
  title?: (row: T) => string | undefined;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;

interface Common<T, K extends string> {
  /** Names the table for screen readers. */
  label: string;
  /** Classes of the table beside `data-table`. */
  className?: string;
  /** The scrolling box: its class gives it its height. */
  scrollClassName: string;
  scrollTestId?: string;
  columns: readonly VirtualColumn<T, K>[];
  rowKey: (row: T) => string;
  /** Each row's height; with `measure` the estimate before a row is drawn and measured. */
  rowHeight: number;
  measure?: boolean;
  /** Rows drawn beyond the screen, each way. */
  overscan?: number;
  /**
   * What a drawn row is to React: `slot` reuses the same few dozen rows for whatever scrolls into
   * them (fixed heights: the fastest scroll); `row` keys it by `rowKey` (measured rows keep their
   * size); by default its index.
   */
  reuse?: 'slot' | 'row' | 'index';
  /** The order shown (rows come sorted): a header asks for the next one. */
  sort?: SortState<K> | null;
  onSortChange?: (sort: SortState<K>) => void;
  /** With a selection the table has a box per row; `rowLabel` names each box. */
  selection?: Selection;
  onSelectionChange?: (selection: Selection) => void;
  rowLabel?: (row: T) => string;
  /** The header's box, for all rows shown (only when all rows are there). */
  selectAllLabel?: (count: number) => string;
  selectAllTestId?: string;
  /** Rows move like a list from the keyboard, the table one Tab stop. */
  keyboard?: boolean;
  /** Enter on a row (with `keyboard`). */
  onOpen?: (row: T) => void;
  /** Extra attributes of a row (data-testid…); `row` is undefined while it is being read. */
  rowProps?: (row: T | undefined, index: number) => RowAttributes;
  /** A change scrolls back to the top (another filter or order). */
  scrollResetKey?: unknown;
}

/** Every row there. */
interface AllRows<T> {
  rows: readonly T[];
  count?: never;
  rowAt?: never;
  onRangeChange?: never;
}

/** Rows read as they come into view. */
interface RowsByIndex<T> {
  rows?: never;
  count: number;
  rowAt: (index: number) => T | undefined;
  /** The first and last index drawn, whenever they change: read the rows not there yet. */
  onRangeChange?: (first: number, last: number) => void;
}

export type VirtualTableProps<T, K extends string = string> = Common<T, K> & (AllRows<T> | RowsByIndex<T>);

export function VirtualTable<T, K extends string = string>(props: VirtualTableProps<T, K>) {
  const { columns, rowKey, selection, onSelectionChange, keyboard = false, rowHeight, measure = false, reuse = 'index' } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusAfterScroll = useRef<number | null>(null);

  const count = props.rows ? props.rows.length : props.count;
  const rows = props.rows;
  const rowAt = rows ? (index: number) => rows[index] : props.rowAt;
  // Select all and Shift ranges need every row's key: only when all rows are there.
  const keys = useMemo(() => (rows ? rows.map(rowKey) : null), [rows, rowKey]);
  const all = selection && keys ? selectionState(selection, keys) : 'none';

  // The virtualizer's functions change every render; this component is left to React as is.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: props.overscan ?? 6,
    ...(reuse === 'row'
      ? {
          getItemKey: (index: number) => {
            const row = rowAt(index);
            return row === undefined ? `#${index}` : rowKey(row);
          },
        }
      : {}),
  });
  const items = virtualizer.getVirtualItems();
  const scrolling = virtualizer.isScrolling;
  const tabRow = Math.min(active, Math.max(0, count - 1));
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  const first = items[0]?.index ?? -1;
  const last = items[items.length - 1]?.index ?? -1;
  const { onRangeChange } = props;
  useEffect(() => {
    if (first >= 0) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  const { scrollResetKey } = props;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollResetKey]);

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

  const select = (key: string, range: boolean) => {
    if (!selection || !onSelectionChange) return;
    onSelectionChange(range && keys ? selectRange(selection, keys, key) : toggleRow(selection, key));
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return; // keys inside a cell's own control are its own
    const row = rowAt(index);
    const to = moveTarget(event.key, index, count);
    if (to !== null) moveTo(to);
    else if (event.key === ' ' && selection && row !== undefined) select(rowKey(row), event.shiftKey);
    else if (event.key === 'Enter' && props.onOpen && row !== undefined) props.onOpen(row);
    else return;
    event.preventDefault();
  };

  const sortBy = (column: VirtualColumn<T, K>) => props.onSortChange?.(nextSort(props.sort, column.key, column.firstOrder ?? (column.numeric ? 'desc' : 'asc')));

  const classOf = (column: VirtualColumn<T, K>) => [column.numeric ? 'num' : '', column.className ?? ''].join(' ').trim() || undefined;
  const span = columns.length + (selection ? 1 : 0);

  return (
    <div ref={scrollRef} className={props.scrollClassName} data-testid={props.scrollTestId}>
      {/* The roles keep it a table to assistive technology where a page lays its rows out as
          blocks (Discovery does, so a frame of scrolling lays out only the rows it changed). */}
      <table role="table" className={`data-table ${props.className ?? ''}`.trim()} aria-label={props.label} aria-rowcount={count + 1}>
        <thead role="rowgroup">
          <tr role="row" aria-rowindex={1}>
            {selection && (
              <th role="columnheader" scope="col" className="select-cell">
                {keys ? (
                  <input
                    type="checkbox"
                    aria-label={props.selectAllLabel?.(keys.length) ?? `Select all ${keys.length} shown`}
                    checked={all === 'all'}
                    ref={(box) => {
                      if (box) box.indeterminate = all === 'some';
                    }}
                    onChange={() => onSelectionChange?.(toggleAll(selection, keys))}
                    disabled={keys.length === 0}
                    data-testid={props.selectAllTestId}
                  />
                ) : (
                  <span className="visually-hidden">Select</span>
                )}
              </th>
            )}
            {columns.map((column) => {
              const state = props.sort?.key === column.key ? (props.sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
              return (
                <th role="columnheader" key={column.key} scope="col" className={classOf(column)} aria-sort={column.sortable ? state : undefined} data-column={column.key}>
                  {column.sortable ? (
                    <button type="button" className="link sort-button" onClick={() => sortBy(column)}>
                      {column.label}
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          <tr aria-hidden="true" className="window-shift" style={{ height: before }} />
          {items.map((v, slot) => {
            const row = rowAt(v.index);
            const key = reuse === 'slot' ? slot : v.key;
            const shared = {
              'data-index': v.index,
              'aria-rowindex': v.index + 2,
              role: 'row',
              ...(measure ? { ref: virtualizer.measureElement } : { style: { height: rowHeight } }),
            };
            if (row === undefined) {
              return (
                <tr key={key} {...shared} {...props.rowProps?.(undefined, v.index)}>
                  <td role="cell" colSpan={span} className="muted">
                    Loading…
                  </td>
                </tr>
              );
            }
            const id = rowKey(row);
            const selected = selection?.keys.has(id) ?? false;
            return (
              <tr
                key={key}
                {...shared}
                {...props.rowProps?.(row, v.index)}
                {...(keyboard
                  ? {
                      'aria-selected': selection ? selected : undefined,
                      tabIndex: v.index === tabRow ? 0 : -1,
                      onFocus: () => setActive(v.index),
                      onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => onRowKey(e, v.index),
                    }
                  : {})}
              >
                {selection && (
                  <td role="cell" className="select-cell">
                    <input
                      type="checkbox"
                      tabIndex={keyboard ? -1 : undefined}
                      aria-label={`Select ${props.rowLabel?.(row) ?? id}`}
                      checked={selected}
                      onClick={(e) => e.stopPropagation()}
                      // React's change of a checkbox is its click: the click says whether Shift was down.
                      onChange={(e) => select(id, (e.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td role="cell" key={column.key} className={classOf(column)} title={column.title?.(row)} data-column={column.key}>
                    {column.cell(row, { scrolling })}
                  </td>
                ))}
              </tr>
            );
          })}
          <tr aria-hidden="true" className="window-shift" style={{ height: after }} />
        </tbody>
      </table>
    </div>
  );
}
