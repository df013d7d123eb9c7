// The Accounts feature's state: the library query and its page, and the add-accounts run.
import type { StateCreator } from 'zustand';
import type { LibraryPageView, RequestOf, ScoutClient } from '@shared/contract';
import type { CostQuote } from '@shared/reports';
import type { AccountInput } from '@shared/accountInput';
import { errorMessage, ScoutCallError } from '../../shared/scoutClient';
import type { ScoutStore } from '../../store';
import { live, type LiveProgress } from './FetchProgress';

export type LibraryQuery = RequestOf<'reports:library'>;

export interface PlannedFetch {
  input: AccountInput;
  quote: CostQuote | null;
  cached: boolean;
  error: string | null;
}

export interface FetchRun {
  items: (PlannedFetch & { status: 'waiting' | 'running' | 'done' | 'failed' | 'skipped'; message: string | null })[];
  running: boolean;
  /** The latest step of the fetch that is running. */
  progress: LiveProgress | null;
}

export interface AccountsSlice {
  libraryQuery: LibraryQuery;
  library: LibraryPageView | null;
  libraryError: string | null;
  libraryLoading: boolean;
  run: FetchRun | null;
  setLibraryQuery(patch: Partial<LibraryQuery>): void;
  loadLibrary(): Promise<void>;
  /** Quotes every account before anything is spent. */
  planFetches(inputs: AccountInput[], tiktokType: 'report' | 'advanced_report'): Promise<PlannedFetch[]>;
  /** Fetches the planned accounts one by one, each at its confirmed cost. */
  runFetches(plan: PlannedFetch[], tiktokType: 'report' | 'advanced_report'): Promise<void>;
  cancelRun(): Promise<void>;
  /** Clears a finished run from the screen. */
  dismissRun(): void;
}

export const createAccountsSlice =
  (client: ScoutClient): StateCreator<ScoutStore, [], [], AccountsSlice> =>
  (set, get) => {
    client.on('reports:changed', (progress) => {
      const run = get().run;
      if (run?.running && progress.phase !== 'finished') set({ run: { ...run, progress: live(progress) } });
    });
    return {
      libraryQuery: { sort: 'fetchedAt', order: 'desc', limit: 100, offset: 0 },
      library: null,
      libraryError: null,
      libraryLoading: false,
      run: null,

      setLibraryQuery(patch) {
        set({ libraryQuery: { ...get().libraryQuery, offset: 0, ...patch } });
        void get().loadLibrary();
      },

      async loadLibrary() {
        set({ libraryLoading: true });
        try {
          set({ library: await client.invoke('reports:library', get().libraryQuery), libraryError: null });
        } catch (error) {
          set({ libraryError: errorMessage(error) });
        } finally {
          set({ libraryLoading: false });
        }
      },

      async planFetches(inputs, tiktokType) {
        return Promise.all(
          inputs.map(async (input) => {
            const ref = { network: input.network, account: input.account, ...(input.network === 'tiktok' ? { tiktokType } : {}) };
            try {
              const [quote, cached] = await Promise.all([
                client.invoke('reports:quote', ref),
                client.invoke('reports:open', { network: input.network, account: input.account }),
              ]);
              return { input, quote, cached: cached !== null, error: null };
            } catch (error) {
              return { input, quote: null, cached: false, error: errorMessage(error) };
            }
          }),
        );
      },

      async runFetches(plan, tiktokType) {
        const items = plan.map((p) => ({ ...p, status: (p.quote ? 'waiting' : 'skipped') as FetchRun['items'][number]['status'], message: p.error }));
        set({ run: { items, running: true, progress: null } });
        for (let i = 0; i < items.length; i++) {
          const run = get().run;
          if (!run?.running) break;
          const item = run.items[i]!;
          if (item.status !== 'waiting' || !item.quote) continue;
          const update = (patch: Partial<(typeof items)[number]>) => {
            const current = get().run;
            if (!current) return;
            set({ run: { ...current, items: current.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) } });
          };
          update({ status: 'running' });
          try {
            await client.invoke('reports:fetch', {
              network: item.input.network,
              account: item.input.account,
              ...(item.input.network === 'tiktok' ? { tiktokType } : {}),
              confirmedCost: item.quote.cost,
            });
            update({ status: 'done', message: null });
          } catch (error) {
            update({ status: 'failed', message: errorMessage(error) });
            if (error instanceof ScoutCallError && (error.code === 'CANCELLED' || error.code === 'OFFLINE')) break;
          }
        }
        const run = get().run;
        if (run) set({ run: { ...run, running: false, progress: null } });
        void get().loadLibrary();
        void get().refreshPlan();
      },

      dismissRun() {
        if (!get().run?.running) set({ run: null });
      },

      async cancelRun() {
        const run = get().run;
        if (!run) return;
        set({ run: { ...run, running: false } });
        const current = run.items.find((it) => it.status === 'running');
        if (current) await client.invoke('reports:cancel', { network: current.input.network, account: current.input.account });
      },
    };
  };
