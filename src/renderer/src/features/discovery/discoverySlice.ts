// The Discovery page's state: the query being edited (kept in the store, so leaving the page and
// coming back loses nothing), the cost quoted for a run and the run under way. A run goes on
// while the researcher is elsewhere; its progress events land here. The saved queries and the
// shortlist are read where they are shown (SavedQueries.tsx, Shortlist.tsx: useScoutQuery); the
// actions here edit the saved queries shown (savedQueriesName) with main's answer.
import type { StateCreator } from 'zustand';
import type { ScoutClient } from '@shared/contract';
import { validateDiscoveryQuery, validatePageRange, type DiscoveryBody, type DiscoveryFieldError } from '@shared/discovery';
import type { DiscoveryProgress, DiscoveryQuote, DiscoveryRunResult, SavedDiscoveryQuery } from '@shared/discoveryData';
import type { WorkspaceId } from '@shared/workspaces';
import type { SimilarNetwork } from '@shared/similar';
import { errorMessage, ScoutCallError } from '../../data/scoutClient';
import { keptQuery, queries } from '../../data/scoutQuery';
import type { ScoutStore } from '../../store';
import { shell } from '../../data/useShell';
import { isTeamUnreachable, teamConfirmed } from '../../shared/ui/TeamUnreachableConfirm';
import { asksBuyAnyway } from '../../shared/ui/TeamQuote';

/** The saved queries' answers are kept under this name (useScoutQuery's keepAs, and what they read). */
export const savedQueriesName = 'discoveryQueries';

export const newQueryBody = (): DiscoveryBody => ({ social_network: 'instagram' });

export interface DiscoveryDraft {
  /** The saved query being edited; null for one not saved yet. */
  queryId: number | null;
  name: string;
  body: DiscoveryBody;
  /** The body as last saved (canonical JSON), to say "unsaved changes". */
  savedBody: string | null;
  sandbox: boolean;
  /** As typed: the fields say what is wrong with them. */
  fromPage: string;
  toPage: string;
  /** The saved query's version in the team when it was opened or last saved here: sent with a save as what it was made on. */
  seenVersion?: number;
}

export interface DiscoveryRunState {
  runId: string;
  workspace: WorkspaceId;
  quote: DiscoveryQuote;
  progress: DiscoveryProgress | null;
  running: boolean;
  cancelling: boolean;
  result: DiscoveryRunResult | null;
  /** Why the run did not happen or stopped, in words. */
  error: string | null;
  /** Refused as the team database cannot be asked (main's words): "Buy anyway" runs it at the same quote. */
  teamAsk?: string | null;
}

export interface DiscoverySlice {
  discoveryDraft: DiscoveryDraft;
  /** Per field (filter key, 'page', 'name'): what is wrong, from the page's own checks or from main. */
  discoveryErrors: DiscoveryFieldError[];
  discoveryQuote: DiscoveryQuote | null;
  discoveryQuoting: boolean;
  discoveryRun: DiscoveryRunState | null;
  /** What the last action did (saved, renamed, cost changed…), for the status line. */
  discoveryStatus: string | null;
  /** Bumped when cached pages may have changed, so the results read themselves again. */
  discoveryResultsVersion: number;

  newDiscoveryQuery(): void;
  /** A new, unsaved query for accounts similar to this one (Discovery's `similar` filter), opened on Discovery. */
  findSimilar(network: SimilarNetwork, id: string, label: string): void;
  openDiscoveryQuery(query: SavedDiscoveryQuery): void;
  setDiscoveryDraft(patch: Partial<Omit<DiscoveryDraft, 'queryId' | 'savedBody'>>): void;
  /** Saves the draft (as new, or over its saved query); false when refused. */
  saveDiscoveryQuery(): Promise<boolean>;
  duplicateDiscoveryQuery(id: number): Promise<void>;
  /** `seenVersion`: the query's `team.version` when the rename began (the rename is made on it). */
  renameDiscoveryQuery(id: number, name: string, seenVersion?: number): Promise<boolean>;
  deleteDiscoveryQuery(query: SavedDiscoveryQuery): Promise<void>;
  /** Checks the query and the pages here, then asks main what the run would spend (free). */
  quoteDiscovery(): Promise<void>;
  clearDiscoveryQuote(): void;
  /** Runs the quoted pages at the quoted cost. */
  /** Runs the quoted pages; `teamUnreachableConfirmed`: "Buy anyway" for a run the team database could not be asked about. */
  runDiscovery(teamUnreachableConfirmed?: boolean): Promise<void>;
  cancelDiscovery(): Promise<void>;
  dismissDiscoveryRun(): void;
  /** Says what the page did (added to the shortlist…) on the status line. */
  setDiscoveryStatus(status: string | null): void;
}

const emptyDraft = (): DiscoveryDraft => ({ queryId: null, name: '', body: newQueryBody(), savedBody: null, sandbox: true, fromPage: '1', toPage: '1' });

/** Equal bodies give equal text, whatever the order their filters were set in. */
export function canonicalBody(body: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sort(body));
}

/** A whole page number as typed, or NaN. */
export function pageNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Main's per-field messages (INVALID_INPUT `fields`) as the builder's errors. Body fields may come prefixed with 'body.'. */
export function fieldErrorsOf(error: unknown): DiscoveryFieldError[] {
  if (!(error instanceof ScoutCallError)) return [];
  return Object.entries(error.fields).map(([field, message]) => ({ field: field.replace(/^body\./, ''), message }));
}

/** The draft's checks before anything is sent: the query by every rule, and the page range. */
export function checkDraft(draft: DiscoveryDraft): { ok: true; body: DiscoveryBody; from: number; to: number } | { ok: false; errors: DiscoveryFieldError[] } {
  const errors: DiscoveryFieldError[] = [];
  const valid = validateDiscoveryQuery(draft.body);
  if (!valid.ok) errors.push(...valid.errors);
  const from = pageNumber(draft.fromPage);
  const to = pageNumber(draft.toPage);
  const range = validatePageRange(from, to);
  if (range) errors.push(range);
  if (errors.length || !valid.ok) return { ok: false, errors };
  return { ok: true, body: valid.body, from, to };
}

export const createDiscoverySlice =
  (client: ScoutClient): StateCreator<ScoutStore, [], [], DiscoverySlice> =>
  (set, get) => {
    let runSeq = 0;
    let quoteSeq = 0;

    // What teammates shared in a Team workspace: saved queries and runs, the shortlist, pages bought.
    client.on('team:received', (received) => {
      if (received.workspace !== shell.activeWorkspace()) return;
      if (received.kinds.includes('discovery')) set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
    });

    let shownAt = 0;
    client.on('discovery:changed', (progress) => {
      const run = get().discoveryRun;
      if (run?.runId !== progress.runId) return;
      set({ discoveryRun: { ...run, progress } });
      // Pages fetched show in the table as the run goes, every few seconds rather than at every
      // page: a long crawl would otherwise read its growing results hundreds of times.
      if (progress.done > 0 && Date.now() - shownAt > 2000) {
        shownAt = Date.now();
        set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
      }
    });

    // Each workspace has its own saved queries, cache and shortlist (the page reads them again).
    shell.onWorkspaceSwitch(() => {
      quoteSeq++;
      set({
        discoveryDraft: emptyDraft(),
        discoveryErrors: [],
        discoveryQuote: null,
        discoveryStatus: null,
        discoveryResultsVersion: get().discoveryResultsVersion + 1,
        ...(get().discoveryRun?.running ? {} : { discoveryRun: null }),
      });
    });

    // The saved queries on screen (or kept for the page's return), edited with main's answers.
    const savedQueries = () => keptQuery<SavedDiscoveryQuery[]>(savedQueriesName, shell.activeWorkspace);
    const upsert = (query: SavedDiscoveryQuery) => savedQueries().update((list) => [query, ...list.filter((q) => q.id !== query.id)].sort((a, b) => b.updatedAt - a.updatedAt));

    return {
      discoveryDraft: emptyDraft(),
      discoveryErrors: [],
      discoveryQuote: null,
      discoveryQuoting: false,
      discoveryRun: null,
      discoveryStatus: null,
      discoveryResultsVersion: 0,

      newDiscoveryQuery() {
        get().clearDiscoveryQuote();
        set({ discoveryDraft: emptyDraft(), discoveryErrors: [], discoveryStatus: null });
      },

      findSimilar(network, id, label) {
        get().clearDiscoveryQuote();
        set({ discoveryDraft: { ...emptyDraft(), name: `Similar to ${label}`.slice(0, 100), body: { social_network: network, similar: id } }, discoveryErrors: [], discoveryStatus: null });
        get().navigate('discovery');
      },

      openDiscoveryQuery(query) {
        get().clearDiscoveryQuote();
        // Reopened as it was last run: its mode and pages, so its cached results show at once.
        const last = query.runs[0];
        set({
          discoveryDraft: {
            queryId: query.id,
            name: query.name,
            body: query.body,
            savedBody: canonicalBody(query.body),
            sandbox: last ? last.sandbox : true,
            fromPage: String(last?.fromPage ?? 1),
            toPage: String(last?.toPage ?? 1),
            seenVersion: query.team?.version ?? 0,
          },
          discoveryErrors: [],
          discoveryStatus: null,
        });
      },

      setDiscoveryDraft(patch) {
        const before = get().discoveryDraft;
        const next = { ...before, ...patch };
        // A quote is for one query, mode and range: any change of them drops it.
        if (patch.body !== undefined || patch.sandbox !== undefined || patch.fromPage !== undefined || patch.toPage !== undefined) {
          get().clearDiscoveryQuote();
          // So does the outcome of the last run: it was for the query, mode and range before (a running one stays).
          get().dismissDiscoveryRun();
        }
        const touched = new Set<string>();
        if (patch.fromPage !== undefined || patch.toPage !== undefined) touched.add('page');
        if (patch.name !== undefined) touched.add('name');
        // A field's message goes once the researcher changes that field; the builder's go with any change of the body.
        const errors = get().discoveryErrors.filter((e) => !touched.has(e.field) && !(patch.body !== undefined && e.field !== 'page' && e.field !== 'name'));
        set({ discoveryDraft: next, discoveryErrors: errors });
      },

      async saveDiscoveryQuery() {
        const draft = get().discoveryDraft;
        const name = draft.name.trim();
        const errors: DiscoveryFieldError[] = [];
        if (!name) errors.push({ field: 'name', message: 'Name the query to save it.' });
        else if (name.length > 120) errors.push({ field: 'name', message: 'A name has at most 120 characters.' });
        const valid = validateDiscoveryQuery(draft.body);
        if (!valid.ok) errors.push(...valid.errors);
        if (errors.length || !valid.ok) {
          set({ discoveryErrors: errors, discoveryStatus: 'Not saved: see the fields marked.' });
          return false;
        }
        try {
          const seen = draft.queryId !== null && draft.seenVersion !== undefined ? { seen: { version: draft.seenVersion } } : {};
          const saved = await client.invoke('discovery:saveQuery', { ...(draft.queryId !== null ? { id: draft.queryId } : {}), name, body: valid.body, ...seen });
          upsert(saved);
          set({
            discoveryDraft: { ...get().discoveryDraft, queryId: saved.id, name: saved.name, body: saved.body, savedBody: canonicalBody(saved.body), seenVersion: saved.team?.version ?? 0 },
            discoveryErrors: [],
            discoveryStatus: `Saved “${saved.name}”.`,
          });
          return true;
        } catch (error) {
          set({ discoveryErrors: fieldErrorsOf(error), discoveryStatus: `Not saved: ${errorMessage(error)}` });
          return false;
        }
      },

      async duplicateDiscoveryQuery(id) {
        try {
          const copy = await client.invoke('discovery:duplicateQuery', { id });
          upsert(copy);
          get().openDiscoveryQuery(copy);
          set({ discoveryStatus: `Duplicated as “${copy.name}”.` });
        } catch (error) {
          set({ discoveryStatus: `Not duplicated: ${errorMessage(error)}` });
        }
      },

      async renameDiscoveryQuery(id, name, seenVersion) {
        try {
          const renamed = await client.invoke('discovery:renameQuery', { id, name: name.trim(), ...(seenVersion !== undefined ? { seen: { version: seenVersion } } : {}) });
          upsert(renamed);
          if (get().discoveryDraft.queryId === id) set({ discoveryDraft: { ...get().discoveryDraft, name: renamed.name } });
          set({ discoveryStatus: `Renamed to “${renamed.name}”.` });
          return true;
        } catch (error) {
          set({ discoveryStatus: `Not renamed: ${errorMessage(error)}` });
          return false;
        }
      },

      async deleteDiscoveryQuery({ id, name }) {
        try {
          await client.invoke('discovery:deleteQuery', { id });
          savedQueries().update((list) => list.filter((q) => q.id !== id));
          set({ discoveryStatus: `Deleted “${name}”. Its cached pages stay in this workspace.` });
          // The query stays on screen, unsaved, so nothing typed is lost.
          if (get().discoveryDraft.queryId === id) set({ discoveryDraft: { ...get().discoveryDraft, queryId: null, savedBody: null } });
        } catch (error) {
          set({ discoveryStatus: `Not deleted: ${errorMessage(error)}` });
        }
      },

      async quoteDiscovery() {
        const checked = checkDraft(get().discoveryDraft);
        if (!checked.ok) {
          set({ discoveryErrors: checked.errors, discoveryQuote: null, discoveryStatus: 'Nothing was sent: see the fields marked.' });
          return;
        }
        const seq = ++quoteSeq;
        // A new quote is a new run to come: the last run's outcome is not its outcome.
        get().dismissDiscoveryRun();
        set({ discoveryQuoting: true, discoveryStatus: null, discoveryErrors: [] });
        try {
          const quote = await client.invoke('discovery:quote', { body: checked.body, sandbox: get().discoveryDraft.sandbox, fromPage: checked.from, toPage: checked.to });
          if (seq !== quoteSeq) return;
          set({ discoveryQuote: quote, discoveryQuoting: false });
        } catch (error) {
          if (seq !== quoteSeq) return;
          set({ discoveryQuoting: false, discoveryErrors: fieldErrorsOf(error), discoveryStatus: `Nothing was sent: ${errorMessage(error)}` });
        }
      },

      clearDiscoveryQuote() {
        quoteSeq++;
        set({ discoveryQuote: null, discoveryQuoting: false });
      },

      async runDiscovery(teamUnreachableConfirmed = false) {
        // "Buy anyway": the quote the researcher confirmed before the team database was found away.
        const asked = teamUnreachableConfirmed ? get().discoveryRun : null;
        const quote = asked?.teamAsk ? asked.quote : get().discoveryQuote;
        const workspace = shell.activeWorkspace();
        if (!quote || !workspace || get().discoveryRun?.running) return;
        const checked = checkDraft(get().discoveryDraft);
        if (!checked.ok) return void set({ discoveryErrors: checked.errors, discoveryQuote: null });
        const draft = get().discoveryDraft;
        // The quote is used up: a second click cannot spend again.
        get().clearDiscoveryQuote();
        const runId = `discovery-${Date.now().toString(36)}-${++runSeq}`;
        set({ discoveryRun: { runId, workspace, quote, progress: null, running: true, cancelling: false, result: null, error: null }, discoveryStatus: null });
        try {
          const result = await client.invoke('discovery:run', {
            runId,
            // Its history holds runs of the query as saved; a run of unsaved changes is not one of them.
            ...(draft.queryId !== null && draft.savedBody === canonicalBody(checked.body) ? { queryId: draft.queryId } : {}),
            body: checked.body,
            sandbox: quote.sandbox,
            fromPage: quote.fromPage,
            toPage: quote.toPage,
            confirmedCalls: quote.calls,
            workspace,
            // "Buy anyway" after the run was refused, or in the quote, which said the team database cannot be reached.
            ...teamConfirmed(teamUnreachableConfirmed || asksBuyAnyway(quote)),
          });
          const run = get().discoveryRun;
          // Refused before its first page as the team database cannot be asked: "Buy anyway?" at the same quote.
          const teamAsk = result.outcome === 'failed' && result.errorCode === 'TEAM_UNREACHABLE' && result.pagesFetched === 0 && !teamUnreachableConfirmed;
          if (run?.runId === runId && teamAsk) set({ discoveryRun: { ...run, running: false, cancelling: false, teamAsk: result.message } });
          else if (run?.runId === runId) set({ discoveryRun: { ...run, running: false, cancelling: false, result } });
        } catch (error) {
          const run = get().discoveryRun;
          const code = error instanceof ScoutCallError ? error.code : null;
          const message =
            code === 'COST_CHANGED'
              ? 'The cost changed since it was quoted (a page was cached or the balance moved meanwhile), so nothing was sent and nothing was spent. Check the cost again.'
              : code === 'WORKSPACE_CHANGED'
                ? 'Not run: another workspace became active before it started; nothing was spent.'
                : `Not run: ${errorMessage(error)}`;
          if (run?.runId === runId && isTeamUnreachable(error) && !teamUnreachableConfirmed) set({ discoveryRun: { ...run, running: false, cancelling: false, teamAsk: error.message } });
          else if (run?.runId === runId) set({ discoveryRun: { ...run, running: false, cancelling: false, error: message } });
          const fields = fieldErrorsOf(error);
          if (fields.length) set({ discoveryErrors: fields });
        }
        set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
        // Its run history.
        void queries.invalidate([savedQueriesName]);
        if (!quote.sandbox) void shell.refreshPlan();
      },

      async cancelDiscovery() {
        const run = get().discoveryRun;
        if (!run?.running) return;
        set({ discoveryRun: { ...run, cancelling: true } });
        try {
          await client.invoke('discovery:cancel', { runId: run.runId });
        } catch (error) {
          set({ discoveryStatus: `Could not cancel: ${errorMessage(error)}` });
        }
      },

      dismissDiscoveryRun() {
        if (get().discoveryRun?.running) return;
        set({ discoveryRun: null });
      },

      setDiscoveryStatus(status) {
        set({ discoveryStatus: status });
      },
    };
  };
