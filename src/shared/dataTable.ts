// The pure parts of the UI kit's DataTable: how a header click sorts, how clicks and keys select
// rows and which row a key moves to. Kept apart from React so each rule has its own unit test, and
// in src/shared so main can sort the rows of an export exactly as a table shows them (sortRows).

export type SortOrder = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  order: SortOrder;
}

/**
 * The sort after a click on a column's header: a new column starts at its own first order
 * (names A→Z, figures largest first), the same column turns round.
 */
export function nextSort<K extends string>(current: SortState<K> | null | undefined, key: K, firstOrder: SortOrder): SortState<K> {
  if (current?.key !== key) return { key, order: firstOrder };
  return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
}

export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Rows in the order of one value, stable for equal values. Missing values (null, undefined, NaN)
 * go last in either order: a column sorted either way starts with what it knows.
 */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, order: SortOrder): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const missing = (v: SortValue) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      const am = missing(a.v);
      const bm = missing(b.v);
      if (am || bm) return am === bm ? a.index - b.index : am ? 1 : -1;
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c === 0 ? a.index - b.index : sign * c;
    })
    .map((x) => x.row);
}

/** Selected rows by key, and the row a shift-click or Shift+Space extends from. */
export interface Selection {
  keys: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: Selection = { keys: new Set(), anchor: null };

/** One row in or out; it becomes the anchor of the next range. */
export function toggleRow(selection: Selection, key: string): Selection {
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key };
}

/**
 * Shift-click: every row from the anchor to this one (in the order shown) takes the state the
 * anchor has, the way file managers extend a selection. Without an anchor it is a toggle.
 */
export function selectRange(selection: Selection, orderedKeys: readonly string[], key: string): Selection {
  const from = selection.anchor === null ? -1 : orderedKeys.indexOf(selection.anchor);
  const to = orderedKeys.indexOf(key);
  if (from < 0 || to < 0) return toggleRow(selection, key);
  const select = selection.keys.has(selection.anchor!);
  const keys = new Set(selection.keys);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    if (select) keys.add(orderedKeys[i]!);
    else keys.delete(orderedKeys[i]!);
  }
  return { keys, anchor: selection.anchor };
}

/** How many of the shown rows are selected: what the header's checkbox shows. */
export function selectionState(selection: Selection, orderedKeys: readonly string[]): 'none' | 'some' | 'all' {
  const n = orderedKeys.filter((k) => selection.keys.has(k)).length;
  return n === 0 ? 'none' : n === orderedKeys.length ? 'all' : 'some';
}

/** The header's checkbox: all shown rows, or none of them when all were selected. Rows not shown keep their state. */
export function toggleAll(selection: Selection, orderedKeys: readonly string[]): Selection {
  const keys = new Set(selection.keys);
  if (selectionState(selection, orderedKeys) === 'all') for (const k of orderedKeys) keys.delete(k);
  else for (const k of orderedKeys) keys.add(k);
  return { keys, anchor: selection.anchor };
}

/** Only the keys still shown: a selection does not hold rows a filter took away. */
export function keepShown(selection: Selection, orderedKeys: readonly string[]): Selection {
  const shown = new Set(orderedKeys);
  const keys = new Set([...selection.keys].filter((k) => shown.has(k)));
  if (keys.size === selection.keys.size && (selection.anchor === null || shown.has(selection.anchor))) return selection;
  return { keys, anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null };
}

export const PAGE_STEP = 10;

/** The row a key moves to from row `at` of `count`, or null for a key that does not move. */
export function moveTarget(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(at + 1);
    case 'ArrowUp':
      return clamp(at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(at + PAGE_STEP);
    case 'PageUp':
      return clamp(at - PAGE_STEP);
    default:
      return null;
  }
}
