// A Discovery result row for tests (main's export and the shared result order read the same rows):
// user<i> on Instagram, with a YouTube channel linked; `patch` changes what a test is about.
import type { DiscoveryRow } from './discoveryData';

export function discoveryRow(i: number, patch: Partial<DiscoveryRow> = {}): DiscoveryRow {
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
    avgViews: 500 * (i + 1),
    realFollowers: 800 * (i + 1),
    quality: i % 3 === 0 ? 'very_good' : 'average',
    profileUrl: `https://www.instagram.com/user${i}/`,
    linked: [
      { network: 'instagram', type: 'instagram', socialId: String(1000 + i), username: `user${i}`, title: null, followers: null, profileUrl: `https://www.instagram.com/user${i}/` },
      { network: 'youtube', type: 'youtube', socialId: 'UCabcdefghijklmnopqrstuv', username: null, title: null, followers: null, profileUrl: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv' },
    ],
    account: `user${i}`,
    ...patch,
  };
}
