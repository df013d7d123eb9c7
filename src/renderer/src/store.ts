// One zustand store of slices (zustand's slices pattern). Each feature adds its slice here;
// components read through selectors.
import { create, type StateCreator } from 'zustand';
import type { AppInfo, ConnectionState, PlanState, ScoutClient, WorkspaceState } from '@shared/contract';
import type { WorkspaceId } from '@shared/workspaces';
import type { TeamView } from '@shared/team';
import { errorMessage, ScoutCallError, scout as defaultClient } from './data/scoutClient';
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

export interface ShellSlice {
  ready: boolean;
  fatalError: string | null;
  appInfo: AppInfo | null;
  workspace: WorkspaceState | null;
  plan: PlanState | null;
  planError: string | null;
  /** The error code behind planError, so the meter can say what to do. */
  planErrorCode: string | null;
  planLoading: boolean;
  connection: ConnectionState | null;
  /** The Team workspace's team database connection, once asked (while Team is active, or by Settings). */
  team: TeamView | null;
  /** Subscribes to main's events, then loads. */
  start(): Promise<void>;
  load(): Promise<void>;
  switchWorkspace(id: WorkspaceId): Promise<void>;
  refreshPlan(): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  dismissNotice(id: string): Promise<void>;
  /** Asks main where the team database connection stands (never returns the password). */
  refreshTeam(): Promise<void>;
}

export type ScoutStore = NavigationSlice & ShellSlice & AccountsSlice & CompareSlice & DiscoverySlice;
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

export const createShellSlice =
  (client: ScoutClient): Slice<ShellSlice> =>
  (set, get) => ({
    ready: false,
    fatalError: null,
    appInfo: null,
    workspace: null,
    plan: null,
    planError: null,
    planErrorCode: null,
    planLoading: false,
    connection: null,
    team: null,

    async start() {
      // The meter moves as soon as a spend happens: a paid request the API accepted (it charges
      // then, before the report is generated) and a fetch that ended having spent. Asking for the
      // plan costs nothing; once per fetch while it generates, not on every poll.
      const charged = new Set<string>();
      client.on('reports:changed', (progress) => {
        if (progress.workspace !== undefined && progress.workspace !== get().workspace?.active) return;
        const key = `${progress.network}:${progress.accountKey}`;
        let moved = false;
        if (progress.phase === 'generating' && !charged.has(key)) {
          charged.add(key);
          moved = true;
        } else if (progress.phase === 'finished') {
          charged.delete(key);
          moved = progress.spendUnresolved === true || Object.values(progress.spent ?? {}).some((n) => n > 0);
        }
        if (moved) void get().refreshPlan();
      });
      client.on('workspace:changed', (workspace) => set({ workspace }));
      client.on('plan:changed', (plan) => set({ plan, planError: null, planErrorCode: null }));
      client.on('connection:changed', (connection) => set({ connection }));
      client.on('app:changed', (appInfo) => set({ appInfo }));
      client.on('team:changed', (team) => set({ team }));
      // A teammate bought something on the agency's one API account: the meter is asked again
      // (free), at most every half minute however many of their records arrive.
      let teamAskedAt = 0;
      client.on('team:received', (received) => {
        if (received.workspace !== get().workspace?.active || Date.now() - teamAskedAt < 30_000) return;
        teamAskedAt = Date.now();
        void get().refreshPlan();
      });
      await get().load();
    },

    async load() {
      try {
        const [appInfo, workspace, plan, connection] = await Promise.all([
          client.invoke('app:info', {}),
          client.invoke('workspace:get', {}),
          client.invoke('plan:get', {}),
          client.invoke('connection:get', {}),
        ]);
        set({ appInfo, workspace, plan, connection, ready: true, fatalError: null });
      } catch (error) {
        set({ fatalError: errorMessage(error) });
        return;
      }
      if (get().workspace?.active === 'team') void get().refreshTeam();
      await get().refreshPlan();
    },

    async switchWorkspace(id) {
      try {
        const workspace = await client.invoke('workspace:switch', { workspace: id });
        // Switching away from a workspace that could not open is how the researcher recovers.
        if (!get().ready) return void (await get().load());
        const [plan, connection] = await Promise.all([client.invoke('plan:get', {}), client.invoke('connection:get', {})]);
        set({ workspace, plan, connection, planError: null, planErrorCode: null });
        if (id === 'team') void get().refreshTeam();
      } catch (error) {
        set(get().ready ? { planError: errorMessage(error) } : { fatalError: errorMessage(error) });
        return;
      }
      await get().refreshPlan();
    },

    async refreshPlan() {
      if (get().connection?.manualOffline) return;
      set({ planLoading: true });
      try {
        set({ plan: await client.invoke('plan:refresh', {}), planError: null, planErrorCode: null });
      } catch (error) {
        set({ planError: errorMessage(error), planErrorCode: error instanceof ScoutCallError ? error.code : null });
      } finally {
        set({ planLoading: false });
      }
    },

    async setOffline(offline) {
      const connection = await client.invoke('connection:setOffline', { offline });
      set({ connection });
      if (!offline) await get().refreshPlan();
    },

    async dismissNotice(id) {
      set({ appInfo: await client.invoke('app:dismissNotice', { id }) });
    },

    async refreshTeam() {
      try {
        set({ team: await client.invoke('team:get', {}) });
      } catch {
        // The Team workspace could not be opened: the workspace table says why.
      }
    },
  });

export function createScoutStore(client: ScoutClient = defaultClient) {
  return create<ScoutStore>()((...a) => ({
    ...createNavigationSlice(...a),
    ...createShellSlice(client)(...a),
    ...createAccountsSlice(client)(...a),
    ...createCompareSlice(...a),
    ...createDiscoverySlice(client)(...a),
  }));
}

export const useScout = createScoutStore();
