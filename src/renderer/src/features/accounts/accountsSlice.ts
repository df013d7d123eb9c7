// The Accounts feature's state: the library's query (its page is read where it is shown, in
// Library.tsx, a useScoutQuery), and the add-accounts plan and run. UI state only: what calls
// main for the plan and the run (quotes, the batch fetch, its events) is data/runs.ts.
import type { StateCreator } from 'zustand';
import type { RequestOf } from '@shared/contract';
import type { BalanceKind, CostQuote, Network } from '@shared/reports';
import type { AccountInput } from '@shared/accountInput';
import { workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import type { ScoutStore } from '../../store';
import { shell } from '../../data/useShell';
import { emptySelection, type Selection } from '@shared/dataTable';
import type { LiveProgress } from './liveProgress';

export type LibraryQuery = RequestOf<'reports:library'>;
export type TiktokType = 'report' | 'advanced_report';

export interface PlannedFetch {
  input: AccountInput;
  quote: CostQuote | null;
  cached: boolean;
  error: string | null;
}

/** The quotes the researcher is looking at, before anything is spent. */
export interface FetchPlan {
  /** Where the costs were quoted: the plan pays there or nowhere. */
  workspace: WorkspaceId | null;
  tiktokType: TiktokType;
  items: PlannedFetch[];
  /** Which rows are fetched, by index. */
  selected: boolean[];
}

/** `cancelled` and `skipped` are neutral: the researcher stopped it, or it never had its turn. */
export type FetchStatus = 'waiting' | 'running' | 'done' | 'failed' | 'cancelled' | 'skipped';

/** What the researcher typed in Add accounts: kept in the store, so it survives leaving the page. */
export interface AddDraft {
  open: boolean;
  text: string;
  network: Network | '';
  tiktokType: TiktokType;
}

export const emptyDraft: AddDraft = { open: false, text: '', network: 'instagram', tiktokType: 'advanced_report' };

export interface RunItem extends PlannedFetch {
  status: FetchStatus;
  message: string | null;
  /** The latest step of this account's fetch, while it waits or runs. */
  progress: LiveProgress | null;
  /** When the API expects this report ready (epoch ms), from its first retryTtl; null until known. */
  readyBy: number | null;
  /** What its fetch spent, from its finished event; null until it finished. */
  spent: Partial<Record<BalanceKind, number>> | null;
  /** Failed as the team database could not be asked (a Team workspace): "Buy anyway" may fetch it. */
  teamUnreachable?: boolean;
}

export interface FetchRun {
  /** Each run its own: answers left over from a stopped run never touch a newer one. */
  id: number;
  /** Main's name for the run, to cancel it whole. */
  runKey: string;
  /** Where the run spends; it stops when another workspace becomes active. */
  workspace: WorkspaceId | null;
  items: RunItem[];
  running: boolean;
  startedAt: number;
  /** The workspace the researcher switched to mid-run, if they did. */
  switchedTo?: WorkspaceId | null;
  /** The TikTok report type the plan was quoted for (a "Buy anyway" run fetches the same). */
  tiktokType: TiktokType;
  /** This run is the researcher's "Buy anyway": bought without asking the team. */
  teamConfirmed?: boolean;
  /** "Not now" was chosen: the "Buy anyway" question is not asked again for this run. */
  teamAskClosed?: boolean;
}

export interface AccountsSlice {
  libraryQuery: LibraryQuery;
  /** The age filter's choice in days (negative: older than), kept with the dates it put in the query. */
  libraryAgeDays: number | null;
  /** The library rows ticked (network:accountKey), for Compare to take next. */
  librarySelection: Selection;
  addDraft: AddDraft;
  fetchPlan: FetchPlan | null;
  /** Counts the asks for a fetch plan (and their drops): quotes answering an older one are not shown. */
  planAsked: number;
  planning: boolean;
  run: FetchRun | null;
  setLibrarySelection(selection: Selection): void;
  /** Changes what is typed; a change of the list or its options drops the quotes made for the old one. */
  setAddDraft(patch: Partial<AddDraft>): void;
  setLibraryQuery(patch: Partial<LibraryQuery>): void;
  /** Filters by the age of the data: fetched in the last `days` days, or over `-days` days ago. */
  setLibraryAge(days: number | null): void;
  /** Drops every filter, keeping the sort order. */
  clearLibraryFilters(): void;
  selectPlanned(index: number, selected: boolean): void;
  clearPlan(): void;
  /** "Not now": the run's "Buy anyway" question goes away; nothing is fetched. */
  closeTeamAsk(): void;
  /** Done: clears a finished run, its quotes and the list, back to an empty form. */
  dismissRun(): void;
  /** Closes the panel (not while a run is under way); what was typed stays for next time. */
  closeAdd(): void;
}

const filterKeys = ['text', 'networks', 'states', 'fetchedAfter', 'fetchedBefore', 'countries', 'followersMin', 'followersMax', 'tag', 'status'] as const;

/** The library's answers are kept under this name (useScoutQuery's keepAs) while a report is open. */
export const libraryQueryName = 'library';

export function hasLibraryFilters(query: LibraryQuery): boolean {
  return filterKeys.some((key) => query[key] !== undefined);
}

/** A cached account whose refresh costs a credit is not refreshed unless the researcher asks. */
export const selectedAtFirst = (p: PlannedFetch): boolean => p.quote !== null && !(p.cached && p.quote.cost > 0);

export const workspaceChangedMessage = 'Not fetched: the workspace changed before its turn; nothing was spent';

/** Said of an account not yet sent when the researcher switched to `to`. */
export const switchedMessage = (to: WorkspaceId | null) =>
  to ? `Not fetched: you switched to ${workspaceLabels[to]} before its turn; nothing was spent` : workspaceChangedMessage;

// Filters and sort survive a reload; the page offset and the selection do not.
const libraryStorageKey = 'scout.library.v1';

function storedLibrary(): { query: LibraryQuery; ageDays: number | null } | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(libraryStorageKey);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { query?: LibraryQuery; ageDays?: number | null };
    if (!saved.query || typeof saved.query !== 'object') return null;
    const ageDays = typeof saved.ageDays === 'number' ? saved.ageDays : null;
    const now = Date.now();
    // The age filter is relative: its dates are worked out again from today.
    const { fetchedAfter: _a, fetchedBefore: _b, ...rest } = saved.query;
    void _a;
    void _b;
    const dates = ageDays === null ? {} : ageDays > 0 ? { fetchedAfter: now - ageDays * 86_400_000 } : { fetchedBefore: now + ageDays * 86_400_000 };
    return { query: { ...rest, ...dates, offset: 0 }, ageDays };
  } catch {
    return null;
  }
}

function storeLibrary(query: LibraryQuery, ageDays: number | null) {
  try {
    const { offset: _offset, ...kept } = query;
    void _offset;
    localStorage.setItem(libraryStorageKey, JSON.stringify({ query: kept, ageDays }));
  } catch {
    // A full or refused storage loses only the filters of the next launch.
  }
}

export const createAccountsSlice: StateCreator<ScoutStore, [], [], AccountsSlice> = (set, get) => {
  // A plan quoted in one workspace must not pay in another, and a run stops when its workspace
  // is no longer the active one. Main refuses such a spend too (WORKSPACE_CHANGED); this keeps
  // the screen honest about it at once.
  const onWorkspace = (active: WorkspaceId | null) => {
    const plan = get().fetchPlan;
    if (plan && plan.workspace !== active) get().clearPlan();
    const run = get().run;
    if (!run?.running || run.workspace === active) return;
    const label = run.workspace ? workspaceLabels[run.workspace] : 'the previous workspace';
    // Those not yet sent are skipped there (main refuses them too); those sent go on where they
    // were paid, and the run follows them to their end.
    const message = switchedMessage(active);
    set({
      run: {
        ...run,
        switchedTo: active,
        items: run.items.map((it) =>
          it.status === 'waiting' && it.progress?.phase !== 'requesting'
            ? { ...it, status: 'skipped' as const, message, progress: null }
            : it.status === 'running' || it.status === 'waiting'
              ? { ...it, message: `Sent before you switched: it finishes in ${label}, where it was paid for` }
              : it,
        ),
      },
    });
  };
  shell.onWorkspaceSwitch(onWorkspace);

  const stored = storedLibrary();
  return {
    libraryQuery: stored?.query ?? { sort: 'fetchedAt', order: 'desc', limit: 100, offset: 0 },
    libraryAgeDays: stored?.ageDays ?? null,
    librarySelection: emptySelection,
    addDraft: emptyDraft,
    fetchPlan: null,
    planAsked: 0,
    planning: false,
    run: null,

    setLibrarySelection(selection) {
      set({ librarySelection: selection });
    },

    setAddDraft(patch) {
      const before = get().addDraft;
      set({ addDraft: { ...before, ...patch } });
      const changesList = (['text', 'network', 'tiktokType'] as const).some((k) => k in patch && patch[k] !== before[k]);
      if (changesList) get().clearPlan();
    },

    closeAdd() {
      if (get().run?.running) return;
      get().clearPlan();
      if (get().run) get().dismissRun();
      set({ addDraft: { ...get().addDraft, open: false } });
    },

    setLibraryQuery(patch) {
      set({ libraryQuery: { ...get().libraryQuery, offset: 0, ...patch } });
      storeLibrary(get().libraryQuery, get().libraryAgeDays);
    },

    setLibraryAge(days) {
      const now = Date.now();
      set({ libraryAgeDays: days });
      get().setLibraryQuery({
        fetchedAfter: days !== null && days > 0 ? now - days * 86_400_000 : undefined,
        fetchedBefore: days !== null && days < 0 ? now + days * 86_400_000 : undefined,
      });
    },

    clearLibraryFilters() {
      const { sort, order, limit } = get().libraryQuery;
      set({ libraryQuery: { sort, order, limit, offset: 0 }, libraryAgeDays: null });
      storeLibrary(get().libraryQuery, null);
    },

    selectPlanned(index, selected) {
      const plan = get().fetchPlan;
      const item = plan?.items[index];
      if (!plan || !item?.quote) return;
      set({ fetchPlan: { ...plan, selected: plan.selected.map((s, i) => (i === index ? selected : s)) } });
    },

    clearPlan() {
      set({ fetchPlan: null, planAsked: get().planAsked + 1, planning: false });
    },

    closeTeamAsk() {
      const run = get().run;
      if (run && !run.running) set({ run: { ...run, teamAskClosed: true } });
    },

    dismissRun() {
      if (get().run?.running) return;
      // Done starts afresh: an empty list with the first choices, the panel still open.
      set({ run: null, addDraft: { ...emptyDraft, open: true } });
      get().clearPlan();
    },
  };
};
