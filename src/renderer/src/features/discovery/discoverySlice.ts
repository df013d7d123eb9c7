// The Discovery page's state: the query being edited (kept in the store, so leaving the page and
// coming back loses nothing), the cost quoted for a run and the run under way. UI state only: a
// run goes on while the researcher is elsewhere, so what calls main for it (the quote, the run,
// its progress events, the saved queries' edits) is data/runs.ts, which writes here. The saved
// queries and the shortlist are read where they are shown (SavedQueries.tsx, Shortlist.tsx:
// useScoutQuery).
import type { StateCreator } from 'zustand';
import { validateDiscoveryQuery, validatePageRange, type DiscoveryBody, type DiscoveryFieldError } from '@shared/discovery';
import type { DiscoveryProgress, DiscoveryQuote, DiscoveryRunResult, SavedDiscoveryQuery } from '@shared/discoveryData';
import type { WorkspaceId } from '@shared/workspaces';
import type { SimilarNetwork } from '@shared/similar';
import { ScoutCallError } from '../../data/errors';
import type { ScoutStore } from '../../store';
import { shell } from '../../data/useShell';

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
  /** Counts the asks for a quote (and their drops): an answer to an older one is not shown. */
  discoveryQuoteAsked: number;
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
  clearDiscoveryQuote(): void;
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

export const createDiscoverySlice: StateCreator<ScoutStore, [], [], DiscoverySlice> = (set, get) => {
  // Each workspace has its own saved queries, cache and shortlist (the page reads them again).
  shell.onWorkspaceSwitch(() => {
    set({
      discoveryQuoteAsked: get().discoveryQuoteAsked + 1,
      discoveryDraft: emptyDraft(),
      discoveryErrors: [],
      discoveryQuote: null,
      discoveryStatus: null,
      discoveryResultsVersion: get().discoveryResultsVersion + 1,
      ...(get().discoveryRun?.running ? {} : { discoveryRun: null }),
    });
  });

  return {
    discoveryDraft: emptyDraft(),
    discoveryErrors: [],
    discoveryQuote: null,
    discoveryQuoteAsked: 0,
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

    clearDiscoveryQuote() {
      set({ discoveryQuote: null, discoveryQuoteAsked: get().discoveryQuoteAsked + 1, discoveryQuoting: false });
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
