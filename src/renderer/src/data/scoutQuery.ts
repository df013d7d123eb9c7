// The core of useScoutQuery, without React: "ask main, refresh on these events, drop answers for
// a page or workspace that is gone". A controller holds one query's answers; every ask gets a
// generation, and only the answer of the latest ask is kept — an answer that arrives after the
// dependencies changed, after the page closed, or after the active workspace changed is dropped.
// Pure (no DOM, no store), so each rule has its own unit test.
import type { EventName } from '@shared/channels';
import type { EventPayloads, ScoutClient } from '@shared/contract';

/** What the answers are for: the query's dependencies (and the workspace they were asked in). */
export type QueryKey = readonly unknown[];

/** Two keys ask for the same thing when each dependency is the same (Object.is, as React compares). */
export function sameKey(a: QueryKey | null, b: QueryKey | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  return a.every((v, i) => Object.is(v, b[i]));
}

export interface QueryState<T> {
  /** The latest answer, and the key it answered. */
  data: T | undefined;
  dataKey: QueryKey | null;
  /** The failure of the latest ask when it failed (the answer before it stays), and its key. */
  failure: { error: unknown } | null;
  /** The key of the latest answer or failure, and how many have landed for it. */
  key: QueryKey | null;
  answers: number;
  /** The key of the ask on its way, null when none is. */
  pending: QueryKey | null;
}

const initial: QueryState<never> = { data: undefined, dataKey: null, failure: null, key: null, answers: 0, pending: null };

export class QueryController<T> {
  private state: QueryState<T> = initial;
  private readonly listeners = new Set<() => void>();
  /** Counts asks: an answer is kept only while its ask is the latest. */
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Resolves the promise of an ask still waiting for its delay, when it is dropped. */
  private waiting: (() => void) | null = null;
  private open = true;

  /** `workspace`: the active workspace now; an answer asked in another one is dropped. */
  constructor(private readonly workspace: () => unknown = () => undefined) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): QueryState<T> => this.state;

  /**
   * Asks with `load` for `key`, after `delayMs` (typing settles first). Whatever was asked before
   * is dropped. The promise settles when the answer is kept or dropped; it never rejects.
   */
  ask(load: () => Promise<T>, key: QueryKey, delayMs = 0): Promise<void> {
    this.cancel();
    if (!this.open) return Promise.resolve();
    const generation = this.generation;
    return new Promise<void>((resolve) => {
      const run = () => {
        this.timer = null;
        this.waiting = null;
        const workspace = this.workspace();
        this.set({ ...this.state, pending: key });
        let answer: Promise<T>;
        try {
          answer = load();
        } catch (error) {
          answer = Promise.reject(error);
        }
        answer
          .then(
            (data) => this.settle(generation, workspace, key, { data }),
            (error: unknown) => this.settle(generation, workspace, key, { error }),
          )
          .finally(resolve);
      };
      if (delayMs > 0) {
        this.waiting = resolve;
        this.timer = setTimeout(run, delayMs);
      } else run();
    });
  }

  /** Drops the ask on its way (or waiting for its delay): its answer will not be kept. */
  cancel(): void {
    this.generation++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.waiting?.();
    this.waiting = null;
    if (this.state.pending !== null) this.set({ ...this.state, pending: null });
  }

  /** The page is gone: nothing on its way is kept, and nothing more is asked until it opens again. */
  close(): void {
    this.cancel();
    this.open = false;
  }

  /** The page is there (again: React may mount a component twice). */
  reopen(): void {
    this.open = true;
  }

  /** Changes the answer shown for `key` in place (an edit main has confirmed, an item deleted). */
  setData(update: (data: T | undefined) => T | undefined, key: QueryKey, keepPrevious = false): void {
    const shown = sameKey(this.state.dataKey, key) || keepPrevious ? this.state.data : undefined;
    this.set({ ...this.state, data: update(shown), dataKey: key });
  }

  /**
   * Main pushed the answer itself (an event carrying the new value): it replaces what is shown and
   * the failure before it. An ask on its way goes on (its answer, when it comes, is newer still).
   */
  push(data: T, key: QueryKey = []): void {
    const answers = sameKey(this.state.key, key) ? this.state.answers + 1 : 1;
    this.set({ ...this.state, data, dataKey: key, failure: null, key, answers });
  }

  /** A failure told from outside an ask (what shows it is this query's place on screen); the answer stays. */
  pushFailure(error: unknown, key: QueryKey = []): void {
    const answers = sameKey(this.state.key, key) ? this.state.answers + 1 : 1;
    this.set({ ...this.state, failure: { error }, key, answers });
  }

  /** Changes the latest answer in place, whatever it answered (a kept query, edited from a store's action). */
  update(change: (data: T) => T): void {
    if (this.state.data !== undefined) this.set({ ...this.state, data: change(this.state.data) });
  }

  private settle(generation: number, workspace: unknown, key: QueryKey, outcome: { data: T } | { error: unknown }): void {
    if (generation !== this.generation) return;
    if (this.workspace() !== workspace) {
      // Asked in a workspace that is no longer active: its answer is not this one's.
      this.set({ ...this.state, pending: null });
      return;
    }
    const answers = sameKey(this.state.key, key) ? this.state.answers + 1 : 1;
    if ('data' in outcome) this.set({ data: outcome.data, dataKey: key, failure: null, key, answers, pending: null });
    else this.set({ ...this.state, failure: { error: outcome.error }, key, answers, pending: null });
  }

  private set(next: QueryState<T>): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The controllers whose answers outlive their page (useScoutQuery's keepAs), by name. */
const kept = new Map<string, QueryController<unknown>>();

/**
 * The controller keeping the answers of the query named `name`, created on first use with
 * `workspace` (the active workspace now). A store's action may edit what it shows (`update`).
 */
export function keptQuery<T>(name: string, workspace: () => unknown): QueryController<T> {
  let controller = kept.get(name);
  if (!controller) kept.set(name, (controller = new QueryController<unknown>(workspace)));
  return controller as QueryController<T>;
}

/** What a page sees of a query for `key`. */
export interface QueryView<T> {
  /** The answer for `key`; with `keepPrevious`, the latest answer while `key` has none yet. */
  data: T | undefined;
  /** `data` answers other dependencies than these (only with `keepPrevious`). */
  stale: boolean;
  /** The latest ask for `key` failed (with `keepPrevious`, also the latest ask for earlier ones). */
  error: unknown;
  failed: boolean;
  /** An ask for `key` is on its way. */
  loading: boolean;
  /** How many answers and failures have landed for `key`: a view can tell a new one from the one it has seen. */
  answers: number;
}

export function viewOf<T>(state: QueryState<T>, key: QueryKey, keepPrevious = false): QueryView<T> {
  const dataCurrent = sameKey(state.dataKey, key);
  const current = sameKey(state.key, key);
  const data = dataCurrent || keepPrevious ? state.data : undefined;
  const failure = current || keepPrevious ? state.failure : null;
  return {
    data,
    stale: data !== undefined && !dataCurrent,
    error: failure?.error ?? null,
    failed: failure !== null,
    loading: sameKey(state.pending, key),
    answers: current ? state.answers : 0,
  };
}

/** An event that refreshes a query; `when` picks the events that concern it. */
export type RefreshOn = EventName | { [E in EventName]: { event: E; when?: (payload: EventPayloads[E]) => boolean } }[EventName];

const nameOf = (r: RefreshOn): EventName => (typeof r === 'string' ? r : r.event);

/** The events' names, as one string: what a subscription depends on. */
export function refreshNames(refreshOn: readonly RefreshOn[]): string {
  return refreshOn.map(nameOf).join(',');
}

/**
 * Calls `refresh` on each of the events. An event whose payload names a workspace other than the
 * active one is not this page's (a fetch finishing in the workspace left behind); `when` picks
 * further. `current()` gives the latest list, so a page may pass a new one on every render.
 */
export function listenForRefresh(client: Pick<ScoutClient, 'on'>, current: () => readonly RefreshOn[], activeWorkspace: () => unknown, refresh: () => void): () => void {
  const names = [...new Set(current().map(nameOf))];
  const stops = names.map((name) =>
    client.on(name, (payload: unknown) => {
      const about = (payload as { workspace?: unknown } | null)?.workspace;
      if (typeof about === 'string' && about !== activeWorkspace()) return;
      const wanted = current().filter((r) => nameOf(r) === name);
      if (wanted.some((r) => typeof r === 'string' || !r.when || (r.when as (p: unknown) => boolean)(payload))) refresh();
    }),
  );
  return () => stops.forEach((stop) => stop());
}

/**
 * Read again when a Team workspace saved what teammates shared of these kinds (records pulled:
 * 'report', 'pdf', 'discovery', 'competitor', 'list', 'creator', 'media', 'history', 'mentions';
 * shared work: 'comparison', 'discovery_query', 'shortlist_item', 'account_notes', 'status_steps', 'watchlist', 'campaign').
 */
export function teamReceived(...kinds: string[]): RefreshOn {
  return { event: 'team:received', when: (received) => received.kinds.some((kind) => kinds.includes(kind)) };
}

/**
 * The queries on screen, by what they read: a change a page made itself (a mutation) asks again
 * every query that reads what it changed. Topics are words the page chooses ('lists',
 * 'statusSteps'); a query names those it `reads`, a mutation those it `changes`.
 */
export class QueryRegistry {
  private readonly entries = new Set<{ reads: () => readonly string[]; refresh: () => Promise<void> }>();

  /** Adds a query on screen; the function returned takes it off. `reads()` gives its latest topics. */
  register(reads: () => readonly string[], refresh: () => Promise<void>): () => void {
    const entry = { reads, refresh };
    this.entries.add(entry);
    return () => this.entries.delete(entry);
  }

  /** Asks again every query reading one of `topics`; settles when they all have (never rejects). */
  invalidate(topics: readonly string[]): Promise<void> {
    if (topics.length === 0) return Promise.resolve();
    const asked = [...this.entries].filter((e) => e.reads().some((t) => topics.includes(t))).map((e) => e.refresh());
    return Promise.all(asked).then(() => undefined);
  }
}

/** The renderer's one registry of queries on screen. */
export const queries = new QueryRegistry();
