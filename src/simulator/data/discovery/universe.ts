// The discovery universe: UNIVERSE_SIZE accounts per network, each its `accountProfile` plus the
// attributes discovery filters need and the profile lacks. Everything is derived from the
// network and the name alone (seeded Rng, never Math.random), so the same account has the same
// attributes in a search result, a saved list or anywhere else, in every run.
import { universeName } from '../profile';
import { deriveAccount, type DiscoveryAccount } from './account';
import type { SearchNetwork } from './taxonomy';

export const UNIVERSE_SIZE = 20_000;

export const sortFields = ['engagement_avg', 'subscribers_count', 'er', 'username'] as const;
export type SortField = (typeof sortFields)[number];

export interface Universe {
  network: SearchNetwork;
  accounts: readonly DiscoveryAccount[];
  byUsername: ReadonlyMap<string, DiscoveryAccount>;
  /** Network ids (YouTube channel id, TikTok/Twitter numeric id). */
  byId: ReadonlyMap<string, DiscoveryAccount>;
  /** Account positions in ascending order of each sort field, ties by username. */
  ascending: Record<SortField, Int32Array>;
}

const universes = new Map<SearchNetwork, Universe>();

function sortKey(a: DiscoveryAccount, field: SortField): number | string {
  switch (field) {
    case 'engagement_avg':
      return a.engagementAvg;
    case 'subscribers_count':
      return a.profile.followers;
    case 'er':
      return a.profile.er;
    case 'username':
      return a.username;
  }
}

export function compareBy(field: SortField): (a: DiscoveryAccount, b: DiscoveryAccount) => number {
  return (a, b) => {
    const ka = sortKey(a, field);
    const kb = sortKey(b, field);
    if (ka < kb) return -1;
    if (ka > kb) return 1;
    return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
  };
}

/** The network's universe, generated on first use and cached for the life of the process. */
export function universe(network: SearchNetwork): Universe {
  const cached = universes.get(network);
  if (cached) return cached;
  const accounts = Array.from({ length: UNIVERSE_SIZE }, (_, i) => deriveAccount(network, universeName(network, i), i));
  // Username order first (it breaks ties of the numeric fields), then numeric keys with a typed comparator.
  const byName = Int32Array.from(accounts.keys()).sort((x, y) => (accounts[x]!.username < accounts[y]!.username ? -1 : 1));
  const nameRank = new Int32Array(accounts.length);
  byName.forEach((idx, rank) => (nameRank[idx] = rank));
  const ascending = { username: byName } as Record<SortField, Int32Array>;
  for (const field of ['engagement_avg', 'subscribers_count', 'er'] as const) {
    const keys = Float64Array.from(accounts, (a) => sortKey(a, field) as number);
    ascending[field] = Int32Array.from(accounts.keys()).sort((x, y) => keys[x]! - keys[y]! || nameRank[x]! - nameRank[y]!);
  }
  const built: Universe = {
    network,
    accounts,
    byUsername: new Map(accounts.map((a) => [a.username, a])),
    byId: new Map(accounts.map((a) => [a.profile.id.toLowerCase(), a])),
    ascending,
  };
  universes.set(network, built);
  return built;
}
