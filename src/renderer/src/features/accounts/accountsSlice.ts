// The Accounts feature's state: the library's query (its page is read where it is shown, in
// Library.tsx, a useScoutQuery), and the add-accounts plan and run.
import type { StateCreator } from 'zustand';
import type { RequestOf, ScoutClient } from '@shared/contract';
import type { BalanceKind, CostQuote, Network } from '@shared/reports';
import { parseAccountList, type AccountInput } from '@shared/accountInput';
import { workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import { errorMessage, ScoutCallError } from '../../data/scoutClient';
import { queries } from '../../data/scoutQuery';
import type { ScoutStore } from '../../store';
import { shell } from '../../data/useShell';
import { emptySelection, type Selection } from '@shared/dataTable';
import { teamConfirmed } from '../../shared/ui/TeamUnreachableConfirm';
import { teamUnreachableRow } from '@shared/labels';
import { live, type LiveProgress } from './liveProgress';
import { quoteAll, spendBlocker } from './addFlow';

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
  /** Refreshes the balances, then quotes every account before anything is spent. */
  planFetches(inputs: AccountInput[], tiktokType: TiktokType): Promise<void>;
  selectPlanned(index: number, selected: boolean): void;
  clearPlan(): void;
  /**
   * Fetches the selected rows of the plan, each at its confirmed cost, in one batch run by main
   * (paid requests one at a time, generation waited for all at once); the plan is used up. A row
   * whose quote said the team database cannot be reached is bought anyway: the quote asked, and
   * its spend button said "Buy anyway".
   */
  runFetches(): Promise<void>;
  /**
   * The finished run's accounts refused because the team database could not be asked, fetched
   * again now without asking it (the researcher chose "Buy anyway"), as a run of their own.
   */
  buyAnywayRun(): Promise<void>;
  /** "Not now": the run's "Buy anyway" question goes away; nothing is fetched. */
  closeTeamAsk(): void;
  cancelRun(): Promise<void>;
  /** Done: clears a finished run, its quotes and the list, back to an empty form. */
  dismissRun(): void;
  /** Closes the panel (not while a run is under way); what was typed stays for next time. */
  closeAdd(): void;
  /**
   * Another page's accounts (a list, creators, discovery results) into Add accounts: the panel
   * opens on the Accounts page with them typed in and quoted, so they are fetched the one way,
   * quoted first. Says why not when a run is still under way; null when handed over.
   */
  fetchThroughAddFlow(accounts: readonly { network: Network; account: string }[]): string | null;
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

/** A cancel, saying whether the API had already charged for it. */
function cancelledMessage(spent: Partial<Record<BalanceKind, number>>): string {
  const paid = Object.values(spent).some((n) => (n ?? 0) > 0);
  return paid ? 'Cancelled after the API charged: most likely free to fetch again (Scout still asks first)' : 'Cancelled; nothing was spent';
}

export const createAccountsSlice =
  (client: ScoutClient): StateCreator<ScoutStore, [], [], AccountsSlice> =>
  (set, get) => {
    // Quotes that arrive after a newer plan was asked for are dropped.
    let planSeq = 0;

    let runSeq = 0;

    const updateRunItem = (runId: number, index: number, patch: Partial<RunItem>) => {
      const current = get().run;
      if (current?.id !== runId) return;
      set({ run: { ...current, items: current.items.map((it, j) => (j === index ? { ...it, ...patch } : it)) } });
    };

    /** Ends a run: no further account is started, and those still waiting say why. */
    const stopRun = (message: string, runId = get().run?.id) => {
      const run = get().run;
      if (!run || run.id !== runId) return;
      const items = run.items.map((it) => (it.status === 'waiting' ? { ...it, status: 'skipped' as const, message, progress: null } : it));
      set({ run: { ...run, items, running: false } });
    };

    /** Runs these accounts' fetches as one batch in main; `confirmed`: "Buy anyway" (the team not asked). */
    const startRun = async (workspace: WorkspaceId | null, tiktokType: TiktokType, chosen: readonly PlannedFetch[], confirmed: boolean) => {
      const items = chosen.map((p): RunItem => ({ ...p, status: 'waiting', message: null, progress: null, readyBy: null, spent: null }));
      const runId = ++runSeq;
      const runKey = `run-${Date.now().toString(36)}-${runId}`;
      set({ run: { id: runId, runKey, workspace, items, running: true, startedAt: Date.now(), tiktokType, ...(confirmed ? { teamConfirmed: true } : {}) } });
      if (!workspace) return stopRun('Not fetched: no workspace is open', runId);
      let stopped: string | null = null;
      try {
        const { outcomes } = await client.invoke('reports:fetchMany', {
          workspace,
          runId: runKey,
          items: items.map((item) => ({
            network: item.input.network,
            account: item.input.account,
            ...(item.input.network === 'tiktok' ? { tiktokType } : {}),
            confirmedCost: item.quote!.cost,
            // "Buy anyway" for the run, or in the quote for an account it said the team could not be asked about.
            ...teamConfirmed(confirmed || item.quote?.teamUnreachable === true),
          })),
        });
        const elsewhere = (shell.activeWorkspace() ?? null) !== workspace;
        outcomes.forEach((outcome, i) => {
          const before = get().run?.items[i];
          const spent = before?.spent ?? outcome.spent ?? {};
          if (!before?.spent) updateRunItem(runId, i, { spent });
          if (outcome.status === 'done') updateRunItem(runId, i, { status: 'done', progress: null, message: elsewhere ? `Saved in ${workspaceLabels[workspace]}, where it was paid for` : null });
          else if (outcome.status === 'skipped') updateRunItem(runId, i, { status: 'skipped', progress: null, message: switchedMessage(get().run?.switchedTo ?? null) });
          else if (outcome.status === 'cancelled') updateRunItem(runId, i, { status: 'cancelled', progress: null, message: cancelledMessage(spent) });
          else {
            const team = outcome.error?.code === 'TEAM_UNREACHABLE';
            updateRunItem(runId, i, { status: 'failed', progress: null, message: team ? teamUnreachableRow : (outcome.error?.message ?? null), teamUnreachable: team });
          }
        });
      } catch (error) {
        // The whole run was refused (another workspace is active, say): nothing was sent.
        const code = error instanceof ScoutCallError ? error.code : null;
        stopped = code === 'WORKSPACE_CHANGED' ? workspaceChangedMessage : `Not fetched: ${errorMessage(error)}`;
      }
      stopRun(stopped ?? 'Not fetched: the run was stopped', runId);
      // The library on screen shows what the run saved.
      void queries.invalidate(['library']);
      void shell.refreshPlan();
    };

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

    // Each row follows its own account, in the run's workspace, as the events arrive.
    client.on('reports:changed', (progress) => {
      const run = get().run;
      if (!run) return;
      if (progress.workspace && run.workspace && progress.workspace !== run.workspace) return;
      const matches = (it: RunItem) =>
        (it.status === 'waiting' || it.status === 'running') && progress.network === it.input.network && progress.accountKey === it.input.key;
      if (!run.items.some(matches)) return;
      const items = run.items.map((it): RunItem => {
        if (!matches(it)) return it;
        if (progress.phase === 'finished') {
          const spent = progress.spent ?? {};
          const code = progress.error?.code;
          if (!progress.error) return { ...it, status: 'done', progress: null, spent };
          if (code === 'CANCELLED') return { ...it, status: 'cancelled', message: cancelledMessage(spent), progress: null, spent };
          if (code === 'WORKSPACE_CHANGED') return { ...it, status: 'skipped', message: switchedMessage(get().run?.switchedTo ?? null), progress: null, spent };
          return { ...it, status: 'failed', message: code === 'TEAM_UNREACHABLE' ? teamUnreachableRow : progress.error.message, progress: null, spent, teamUnreachable: code === 'TEAM_UNREACHABLE' };
        }
        const readyBy = it.readyBy ?? (progress.phase === 'generating' && progress.retryInSec !== null ? Date.now() + progress.retryInSec * 1000 : null);
        // Queued: its paid request waits its turn; it is not running yet.
        if (progress.phase === 'queued') return { ...it, progress: live(progress) };
        if (it.status === 'waiting' && !run.running) return it;
        // Sent before the researcher switched away: it goes on, and says so.
        return { ...it, status: 'running', progress: live(progress), readyBy };
      });
      set({ run: { ...run, items } });
    });

    const stored = storedLibrary();
    return {
      libraryQuery: stored?.query ?? { sort: 'fetchedAt', order: 'desc', limit: 100, offset: 0 },
      libraryAgeDays: stored?.ageDays ?? null,
      librarySelection: emptySelection,
      addDraft: emptyDraft,
      fetchPlan: null,
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

      async planFetches(inputs, tiktokType) {
        const seq = ++planSeq;
        const workspace = shell.activeWorkspace() ?? null;
        set({ fetchPlan: null, planning: true });
        // The balance the confirmation shows is the one the API has now.
        await shell.refreshPlan();
        const items = await quoteAll(client, inputs, tiktokType);
        // Changed, closed or moved to another workspace meanwhile: these quotes are not for this screen.
        if (seq !== planSeq) return;
        if ((shell.activeWorkspace() ?? null) !== workspace) return void set({ planning: false });
        set({ fetchPlan: { workspace, tiktokType, items, selected: items.map(selectedAtFirst) }, planning: false });
      },

      selectPlanned(index, selected) {
        const plan = get().fetchPlan;
        const item = plan?.items[index];
        if (!plan || !item?.quote) return;
        set({ fetchPlan: { ...plan, selected: plan.selected.map((s, i) => (i === index ? selected : s)) } });
      },

      clearPlan() {
        planSeq++;
        set({ fetchPlan: null, planning: false });
      },

      async runFetches() {
        const plan = get().fetchPlan;
        if (!plan || get().run?.running) return;
        const workspace = shell.activeWorkspace() ?? null;
        if (plan.workspace !== workspace) return get().clearPlan();
        const chosen = plan.items.filter((p, i) => plan.selected[i] && p.quote);
        if (chosen.length === 0) return;
        // The plan is used up: a second click cannot spend again.
        get().clearPlan();
        await startRun(workspace, plan.tiktokType, chosen, false);
      },

      async buyAnywayRun() {
        const run = get().run;
        if (!run || run.running || run.workspace !== (shell.activeWorkspace() ?? null)) return;
        const refused = run.items.filter((it) => it.teamUnreachable);
        if (refused.length === 0) return;
        await startRun(run.workspace, run.tiktokType, refused.map(({ input, quote, cached, error }) => ({ input, quote, cached, error })), true);
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

      fetchThroughAddFlow(accounts) {
        if (get().run?.running) return 'Add accounts is still fetching; wait for it to finish, then try again.';
        if (get().run) get().dismissRun();
        const text = accounts.map((a) => `${a.network}:${a.account}`).join('\n');
        get().setAddDraft({ open: true, text, network: '' });
        get().navigate('accounts');
        const valid = parseAccountList(text, null).flatMap((p) => (p.ok ? [p.value] : []));
        // Nothing is quoted when nothing could be spent: the panel says why, as when typed there.
        if (valid.length && spendBlocker(shell.getState()) === null) void get().planFetches(valid, get().addDraft.tiktokType);
        return null;
      },

      async cancelRun() {
        const run = get().run;
        if (!run) return;
        // Its own account's events say what each one spent; those still waiting spent nothing.
        const current = get().run!;
        set({ run: { ...current, items: current.items.map((it) => (it.status === 'waiting' && it.progress?.phase !== 'requesting' ? { ...it, status: 'cancelled' as const, message: 'Cancelled before its turn; nothing was spent', progress: null, spent: {} } : it)) } });
        await client.invoke('reports:cancelMany', { runId: run.runKey });
      },
    };
  };
