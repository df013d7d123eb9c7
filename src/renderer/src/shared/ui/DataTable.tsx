// The one data table of the app: sortable headers, an optional checkbox column (click, shift-click
// for a range, one box for all), and a keyboard that works like a list (arrows, Home/End,
// Page Up/Down move; Enter opens; Space selects, Shift+Space a range). One row is in the Tab
// order at a time, so a long table is one Tab stop.
import { useMemo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { keepShown, moveTarget, nextSort, selectionState, selectRange, sortRows, toggleAll, toggleRow, type Selection, type SortOrder, type SortState, type SortValue } from '@shared/dataTable';

export interface Column<T, K extends string = string> {
  key: K;
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  /** Sortable when the table sorts (by `sortValue` here, or by the caller's `onSortChange`). */
  sortable?: boolean;
  /** The order of a first click: names A→Z ('asc'), figures largest first ('desc', the default for numeric). */
  firstOrder?: SortOrder;
  /** For sorting in the table: the cell's raw value. */
  sortValue?: (row: T) => SortValue;
  /** The header says its label to screen readers only (a column of buttons). */
  hideLabel?: boolean;
  /** A hover title for the cell, e.g. the exact figure behind a rounded one. */
  title?: (row: T) => string | undefined;
}

export interface DataTableProps<T, K extends string = string> {
  /** Names the table for screen readers. */
  label: string;
  columns: readonly Column<T, K>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Controlled sort (e.g. sorted by main): the table shows it and asks for the next one. Without it the table sorts by `sortValue`. */
  sort?: SortState<K> | null;
  onSortChange?: (sort: SortState<K>) => void;
  /** Click or Enter on a row. */
  onOpen?: (row: T) => void;
  /** With a selection the table has a checkbox column; `rowLabel` names each box. */
  selection?: Selection;
  onSelectionChange?: (selection: Selection) => void;
  rowLabel?: (row: T) => string;
  /** Extra attributes of a row (data-testid, data-state…). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  className?: string;
}

export function DataTable<T, K extends string = string>(props: DataTableProps<T, K>) {
  const { columns, rows, rowKey, selection, onSelectionChange, onOpen } = props;
  const [ownSort, setOwnSort] = useState<SortState<K> | null>(null);
  const controlled = props.onSortChange !== undefined;
  const sort = controlled ? (props.sort ?? null) : ownSort;
  const [active, setActive] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  const shown = useMemo(() => {
    if (controlled || !sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    return column?.sortValue ? sortRows(rows, column.sortValue, sort.order) : rows;
  }, [controlled, sort, rows, columns]);
  const keys = useMemo(() => shown.map(rowKey), [shown, rowKey]);
  const current = selection ? keepShown(selection, keys) : null;
  const all = current ? selectionState(current, keys) : 'none';
  const tabRow = active !== null && keys.includes(active) ? active : (keys[0] ?? null);

  const sortBy = (column: Column<T, K>) => {
    const next = nextSort(sort, column.key, column.firstOrder ?? (column.numeric ? 'desc' : 'asc'));
    if (controlled) props.onSortChange!(next);
    else setOwnSort(next);
  };

  const select = (key: string, range: boolean) => {
    if (!current || !onSelectionChange) return;
    onSelectionChange(range ? selectRange(current, keys, key) : toggleRow(current, key));
  };

  const focusRow = (index: number) => {
    const row = bodyRef.current?.querySelectorAll<HTMLTableRowElement>(':scope > tr')[index];
    row?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T, index: number) => {
    if (event.target !== event.currentTarget) return; // keys inside a cell's own control are its own
    const to = moveTarget(event.key, index, shown.length);
    if (to !== null) focusRow(to);
    else if (event.key === 'Enter' && onOpen) onOpen(row);
    else if (event.key === ' ' && current) select(keys[index]!, event.shiftKey);
    else return;
    event.preventDefault();
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    // A click that selected text, or landed on a control in the row, is not an open.
    if ((event.target as HTMLElement).closest('input, button, a, select, label')) return;
    onOpen?.(row);
  };

  return (
    <table className={`table data-table${onOpen ? ' openable' : ''} ${props.className ?? ''}`} aria-label={props.label} aria-rowcount={rows.length + 1}>
      <thead>
        <tr>
          {current && (
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label={`Select all ${keys.length} shown`}
                checked={all === 'all'}
                ref={(box) => {
                  if (box) box.indeterminate = all === 'some';
                }}
                onChange={() => onSelectionChange?.(toggleAll(current, keys))}
                disabled={keys.length === 0}
              />
            </th>
          )}
          {columns.map((column) => {
            const sortable = column.sortable ?? (controlled || column.sortValue !== undefined);
            const state = sort?.key === column.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
            return (
              <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined} aria-sort={sortable ? state : undefined} data-column={column.key}>
                {sortable ? (
                  <button type="button" className="link sort-button" onClick={() => sortBy(column)}>
                    {column.label}
                  </button>
                ) : column.hideLabel ? (
                  <span className="visually-hidden">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {shown.map((row, index) => {
          const key = keys[index]!;
          const isSelected = current?.keys.has(key) ?? false;
          return (
            <tr
              key={key}
              {...props.rowProps?.(row)}
              tabIndex={key === tabRow ? 0 : -1}
              aria-selected={current ? isSelected : undefined}
              onFocus={() => setActive(key)}
              onClick={(e) => onRowClick(e, row)}
              onKeyDown={(e) => onKeyDown(e, row, index)}
            >
              {current && (
                <td className="select-cell">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${props.rowLabel?.(row) ?? key}`}
                    checked={isSelected}
                    onClick={(e) => e.stopPropagation()}
                    // React's change of a checkbox is its click: the click says whether Shift was down.
                    onChange={(e) => select(key, (e.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
                  />
                </td>
              )}
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'num' : undefined} title={column.title?.(row)} data-column={column.key}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
