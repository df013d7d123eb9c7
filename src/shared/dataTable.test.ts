import { describe, expect, it } from 'vitest';
import { emptySelection, keepShown, moveTarget, nextSort, selectionState, selectRange, sortRows, toggleAll, toggleRow } from './dataTable';

describe('DataTable sorting', () => {
  it('starts a new column at its own first order and turns it round on the next click', () => {
    expect(nextSort(null, 'name', 'asc')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'followers', order: 'desc' }, 'name', 'asc')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'name', order: 'asc' }, 'name', 'asc')).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'name', 'asc')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort(undefined, 'followers', 'desc')).toEqual({ key: 'followers', order: 'desc' });
  });

  it('sorts names A→Z ignoring case and reading digits as numbers; figures by value', () => {
    const names = ['zeta', 'Alpha', 'beta', 'item10', 'item9'];
    expect(sortRows(names, (n) => n, 'asc')).toEqual(['Alpha', 'beta', 'item9', 'item10', 'zeta']);
    expect(sortRows(names, (n) => n, 'desc')).toEqual(['zeta', 'item10', 'item9', 'beta', 'Alpha']);
    expect(sortRows([5, 100, 20], (n) => n, 'desc')).toEqual([100, 20, 5]);
  });

  it('puts missing values last in either order and keeps equal rows in their order', () => {
    const rows = [
      { id: 'a', v: null },
      { id: 'b', v: 2 },
      { id: 'c', v: Number.NaN },
      { id: 'd', v: 2 },
      { id: 'e', v: 1 },
    ];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.id)).toEqual(['e', 'b', 'd', 'a', 'c']);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.id)).toEqual(['b', 'd', 'e', 'a', 'c']);
    // The input is not changed.
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('DataTable selection', () => {
  const keys = ['a', 'b', 'c', 'd', 'e'];
  const selected = (s: { keys: ReadonlySet<string> }) => [...s.keys].sort();

  it('toggles one row and makes it the anchor', () => {
    const one = toggleRow(emptySelection, 'b');
    expect(selected(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const none = toggleRow(one, 'b');
    expect(selected(none)).toEqual([]);
    expect(none.anchor).toBe('b');
  });

  it('shift-selects the range from the anchor, either direction, in the order shown', () => {
    const start = toggleRow(emptySelection, 'b');
    expect(selected(selectRange(start, keys, 'd'))).toEqual(['b', 'c', 'd']);
    expect(selected(selectRange(toggleRow(emptySelection, 'd'), keys, 'a'))).toEqual(['a', 'b', 'c', 'd']);
    // Order shown, not alphabetical: a sorted table selects what the researcher sees between the two.
    expect(selected(selectRange(start, ['d', 'b', 'e', 'a', 'c'], 'a'))).toEqual(['a', 'b', 'e']);
    // The anchor stays, so a second shift-click re-aims from the same row.
    expect(selectRange(start, keys, 'd').anchor).toBe('b');
  });

  it('a shift-click from an unselected anchor clears the range; without an anchor it toggles', () => {
    const all = toggleAll(emptySelection, keys);
    const unticked = toggleRow(all, 'b');
    expect(selected(selectRange(unticked, keys, 'd'))).toEqual(['a', 'e']);
    expect(selected(selectRange(emptySelection, keys, 'c'))).toEqual(['c']);
  });

  it('selects all shown rows, then none, and says which state the header shows', () => {
    expect(selectionState(emptySelection, keys)).toBe('none');
    const some = toggleRow(emptySelection, 'c');
    expect(selectionState(some, keys)).toBe('some');
    const all = toggleAll(some, keys);
    expect(selectionState(all, keys)).toBe('all');
    expect(selected(toggleAll(all, keys))).toEqual([]);
    // A row not shown (another page) keeps its state.
    const hidden = toggleRow(emptySelection, 'z');
    expect(selected(toggleAll(toggleAll(hidden, keys), keys))).toEqual(['z']);
  });

  it('drops rows a filter took away, and an anchor no longer shown', () => {
    const s = selectRange(toggleRow(emptySelection, 'a'), keys, 'c');
    const kept = keepShown(s, ['b', 'c']);
    expect(selected(kept)).toEqual(['b', 'c']);
    expect(kept.anchor).toBeNull();
    expect(keepShown(s, keys)).toBe(s);
  });
});

describe('DataTable keyboard', () => {
  it('moves one row with the arrows, ten with Page keys, to the ends with Home and End, and stays inside', () => {
    expect(moveTarget('ArrowDown', 0, 5)).toBe(1);
    expect(moveTarget('ArrowDown', 4, 5)).toBe(4);
    expect(moveTarget('ArrowUp', 0, 5)).toBe(0);
    expect(moveTarget('ArrowUp', 3, 5)).toBe(2);
    expect(moveTarget('Home', 3, 5)).toBe(0);
    expect(moveTarget('End', 0, 5)).toBe(4);
    expect(moveTarget('PageDown', 2, 30)).toBe(12);
    expect(moveTarget('PageDown', 25, 30)).toBe(29);
    expect(moveTarget('PageUp', 5, 30)).toBe(0);
    expect(moveTarget('Enter', 1, 5)).toBeNull();
    expect(moveTarget('ArrowDown', 0, 0)).toBeNull();
  });
});
