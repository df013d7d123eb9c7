import { describe, expect, it } from 'vitest';
import { discoveryRow as row } from './discoveryRow.fixture';
import { orderRows } from './discoveryResultOrder';

describe('result order', () => {
  const rows = [row(0, { followers: 5 }), row(1, { followers: null }), row(2, { followers: 9 })];
  it('keeps the API order unless sorted; missing figures go last either way', () => {
    expect(orderRows(rows, null).map((r) => r.key)).toEqual(rows.map((r) => r.key));
    expect(orderRows(rows, { key: 'followers', order: 'desc' }).map((r) => r.followers)).toEqual([9, 5, null]);
    expect(orderRows(rows, { key: 'followers', order: 'asc' }).map((r) => r.followers)).toEqual([5, 9, null]);
    expect(orderRows(rows, { key: 'order', order: 'desc' }).map((r) => r.position)).toEqual([2, 1, 0]);
  });

  it('sorts by the research status through the rank it is given: the steps in order, no status last', () => {
    const rank = new Map([[rows[0]!.key, 2], [rows[2]!.key, 0]]);
    const rankOf = (r: (typeof rows)[number]) => rank.get(r.key) ?? null;
    expect(orderRows(rows, { key: 'status', order: 'asc' }, rankOf).map((r) => r.position)).toEqual([2, 0, 1]);
    expect(orderRows(rows, { key: 'status', order: 'desc' }, rankOf).map((r) => r.position)).toEqual([0, 2, 1]);
    // Without statuses, the API's order stands.
    expect(orderRows(rows, { key: 'status', order: 'asc' }).map((r) => r.position)).toEqual([0, 1, 2]);
  });
});
