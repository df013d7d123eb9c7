import { describe, expect, it } from 'vitest';
import type { DiscoveryRow } from './discoveryData';
import { orderRows } from './discoveryResultOrder';

function row(i: number, patch: Partial<DiscoveryRow> = {}): DiscoveryRow {
  return {
    key: `instagram:user${i}`,
    page: Math.floor(i / 20) + 1,
    position: i % 20,
    network: 'instagram',
    socialId: String(1000 + i),
    username: `user${i}`,
    title: `User ${i}`,
    avatarUrl: null,
    followers: 1000 * (i + 1),
    er: 1.23456 + i,
    country: 'US',
    verified: i % 2 === 0,
    profileUrl: `https://www.instagram.com/user${i}/`,
    linked: [
      { network: 'instagram', type: 'instagram', socialId: String(1000 + i), username: `user${i}`, title: null, followers: null, profileUrl: `https://www.instagram.com/user${i}/` },
      { network: 'youtube', type: 'youtube', socialId: 'UCabcdefghijklmnopqrstuv', username: null, title: null, followers: null, profileUrl: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv' },
    ],
    account: `user${i}`,
    ...patch,
  };
}
describe('result order', () => {
  const rows = [row(0, { followers: 5 }), row(1, { followers: null }), row(2, { followers: 9 })];
  it('keeps the API order unless sorted; missing figures go last either way', () => {
    expect(orderRows(rows, null).map((r) => r.key)).toEqual(rows.map((r) => r.key));
    expect(orderRows(rows, { key: 'followers', order: 'desc' }).map((r) => r.followers)).toEqual([9, 5, null]);
    expect(orderRows(rows, { key: 'followers', order: 'asc' }).map((r) => r.followers)).toEqual([5, 9, null]);
    expect(orderRows(rows, { key: 'order', order: 'desc' }).map((r) => r.position)).toEqual([2, 1, 0]);
  });
});
