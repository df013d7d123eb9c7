// One zustand store of slices (zustand's slices pattern). Each feature adds its slice here;
// components read through selectors. It holds UI state only (where the researcher is, drafts,
// selections, fetch plans): what main says (the workspace, the plan, the connection…) is the
// data layer's (data/useShell.ts and the queries).
import { create, type StateCreator } from 'zustand';
import { pageFromHash, subpathFromHash, type PageId } from './pages';
import { createAccountsSlice, type AccountsSlice } from './features/accounts/accountsSlice';
import { createCompareSlice, type CompareSlice } from './features/compare/compareSlice';
import { createDiscoverySlice, type DiscoverySlice } from './features/discovery/discoverySlice';

export interface NavigationSlice {
  page: PageId;
  /** Where within the page, e.g. ['instagram', 'natgeo'] for an open report. */
  subpath: string[];
  navigate(page: PageId, subpath?: string[]): void;
}

export type ScoutStore = NavigationSlice & AccountsSlice & CompareSlice & DiscoverySlice;
export type Slice<T> = StateCreator<ScoutStore, [], [], T>;

export const createNavigationSlice: Slice<NavigationSlice> = (set) => ({
  page: typeof window === 'undefined' ? 'accounts' : pageFromHash(window.location.hash),
  subpath: typeof window === 'undefined' ? [] : subpathFromHash(window.location.hash),
  navigate(page, subpath = []) {
    const hash = `#/${[page, ...subpath.map(encodeURIComponent)].join('/')}`;
    if (typeof window !== 'undefined' && window.location.hash !== hash) window.location.hash = hash;
    set({ page, subpath });
  },
});

export function createScoutStore() {
  return create<ScoutStore>()((...a) => ({
    ...createNavigationSlice(...a),
    ...createAccountsSlice(...a),
    ...createCompareSlice(...a),
    ...createDiscoverySlice(...a),
  }));
}

export const useScout = createScoutStore();
