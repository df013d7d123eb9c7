// Server data in a page, one way: ask main, refresh on these events, drop answers for a page or
// workspace that is gone. The rules live in scoutQuery.ts (unit-tested); this is their hook.
//
//   const listing = useScoutQuery(() => scout.invoke('archive:list', { sort }), [sort], { keepPrevious: true });
//   listing.data      the answer (undefined until there is one)
//   listing.error     what went wrong with the latest ask, in words (the answer before it stays)
//   listing.loading   an ask is on its way
//   listing.refresh() asks again now (after a change the page made itself)
//
// A query that names what it reads (`reads: ['archive']`) is asked again when a mutation says
// it changed that (useScoutMutation's `changes`).
//
// The active workspace is part of every query: a switch asks again, and an answer asked in the
// workspace left behind is dropped. Nothing is asked before the workspace is known.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type DependencyList } from 'react';
import { errorMessage, scout, ScoutCallError } from './scoutClient';
import { shell, useShell } from './useShell';
import { keptQuery as keptController, listenForRefresh, QueryController, queries, refreshNames, viewOf, type QueryKey, type RefreshOn } from './scoutQuery';

export type { RefreshOn };

export interface ScoutQueryOptions {
  /** Main's events after which the answer is read again (those of another workspace never count). */
  refreshOn?: readonly RefreshOn[];
  /**
   * Values whose change means asking again although the loader does not read them (a workspace's
   * state, a report fetched anew): the dependency list holds only what the loader reads.
   */
  refreshWhenChanged?: DependencyList;
  /** False: nothing to ask yet (what is shown stays as it was). */
  enabled?: boolean;
  /** Waits this long after the dependencies change before asking (typing settles first). */
  delayMs?: number;
  /** Keeps showing the previous answer until the new dependencies have theirs (a search being typed). */
  keepPrevious?: boolean;
  /** What it reads, in the page's words: a mutation that `changes` one of them asks it again. */
  reads?: readonly string[];
  /**
   * Keeps its answers under this name when the page goes, so the page shows them at once when it
   * comes back (and asks again): the library, back from a report. One page at a time uses a name.
   */
  keepAs?: string;
}

export interface ScoutQuery<T> {
  /** The answer for these dependencies; undefined until it is there. */
  data: T | undefined;
  /** With keepPrevious: `data` is the answer for earlier dependencies. */
  stale: boolean;
  /** The latest ask failed, in words; the answer before it stays in `data`. */
  error: string | null;
  /** Its code (INVALID_INPUT, COST_CHANGED…), when main gave one. */
  errorCode: string | null;
  /** An ask is on its way. */
  loading: boolean;
  /** Answers and failures landed for these dependencies (a new one is a new number). */
  answers: number;
  /** Asks again now, with the query's own loader or another (more fields: `refresh`, a confirmed cost). */
  refresh(load?: () => Promise<T>): Promise<void>;
  /** Changes the answer shown in place, for what the page knows already (an item it deleted). */
  setData(update: (data: T | undefined) => T | undefined): void;
}

const noTopics: readonly string[] = [];

const activeWorkspace = shell.activeWorkspace;

/** The controller keeping the answers of the query named `name` (keepAs). */
export function keptQuery<T>(name: string): QueryController<T> {
  return keptController<T>(name, activeWorkspace);
}

export function useScoutQuery<T>(load: () => Promise<T>, deps: DependencyList, options: ScoutQueryOptions = {}): ScoutQuery<T> {
  const { enabled = true, delayMs = 0, keepPrevious = false, refreshOn = [], refreshWhenChanged = [], reads = noTopics, keepAs } = options;
  const workspace = useShell((s) => s.workspace?.active);
  const [controller] = useState(() => (keepAs === undefined ? new QueryController<T>(activeWorkspace) : keptQuery<T>(keepAs)));
  const keeps = keepAs !== undefined;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const key: QueryKey = [...deps, ...refreshWhenChanged, workspace];
  const asking = enabled && workspace !== undefined;

  // The latest loader, key and events, for refreshes asked from events and handlers.
  const latest = useRef({ load, key, asking, keepPrevious, refreshOn, reads });
  useEffect(() => {
    latest.current = { load, key, asking, keepPrevious, refreshOn, reads };
  });

  useEffect(() => {
    controller.reopen();
    // A kept query drops only what is on its way; its answers stay for the page coming back.
    return () => (keeps ? controller.cancel() : controller.close());
  }, [controller, keeps]);

  useEffect(() => {
    if (!asking) return;
    void controller.ask(load, key, delayMs);
    return () => controller.cancel();
    // The dependencies are the caller's (checked where it calls, see eslint.config.mjs) and the workspace.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, asking, delayMs, workspace, ...deps, ...refreshWhenChanged]);

  const refresh = useCallback(
    (other?: () => Promise<T>): Promise<void> => (latest.current.asking ? controller.ask(other ?? latest.current.load, latest.current.key) : Promise.resolve()),
    [controller],
  );

  const names = refreshNames(refreshOn);
  useEffect(() => {
    if (!names) return;
    return listenForRefresh(scout, () => latest.current.refreshOn, activeWorkspace, () => void refresh());
  }, [names, refresh]);

  const reading = reads.length > 0;
  useEffect(() => {
    if (!reading) return;
    return queries.register(() => latest.current.reads, refresh);
  }, [reading, refresh]);

  const setData = useCallback((update: (data: T | undefined) => T | undefined) => controller.setData(update, latest.current.key, latest.current.keepPrevious), [controller]);

  const view = viewOf(state, key, keepPrevious);
  return {
    data: view.data,
    stale: view.stale,
    error: view.failed ? errorMessage(view.error) : null,
    errorCode: view.error instanceof ScoutCallError ? view.error.code : null,
    loading: view.loading,
    answers: view.answers,
    refresh,
    setData,
  };
}
