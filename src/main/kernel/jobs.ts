// The one job registry of a workspace: long work (a report's generation, a batch of fetches, a
// PDF export, a discovery run, a competitor analysis's posts, a creators or list sync) runs here.
// It gives each kind one key function (two callers of the same work share one run: single
// flight), one way to cancel (by key, by a predicate, or all of them when the workspace closes or
// is restored), and says what is running in words, so a restore can refuse and name it.
// Progress events go out through `emit`, which stamps every payload with its workspace: a page
// can always tell which workspace an event belongs to.
import type { EventName } from '@shared/channels';
import type { EventPayloads } from '@shared/contract';
import type { WorkspaceId } from '@shared/workspaces';
import type { Network, TiktokReportType } from '@shared/reports';

export type JobKind = 'report' | 'fetchMany' | 'pdf' | 'competitorPosts' | 'discovery' | 'creators' | 'list' | 'teamJoin' | 'export' | 'watchlist';

/** The one key function per kind: what makes two requests the same work. */
export const jobKeys = {
  /** A TikTok mini and advanced report are two pieces of work; every other network has one report. */
  report: (ref: { network: Network; key: string; tiktokType?: TiktokReportType | null }) =>
    `${ref.network}:${ref.key}${ref.network === 'tiktok' ? `:${ref.tiktokType ?? 'advanced_report'}` : ''}`,
  fetchMany: (runId: string) => runId,
  pdf: (ref: { network: Network; key: string }) => `${ref.network}:${ref.key}`,
  competitorPosts: (reportId: string) => reportId,
  discovery: (runId: string) => runId,
  creators: () => 'all',
  list: (listId: number) => String(listId),
  teamJoin: () => 'team',
  export: (runId: string) => runId,
  watchlist: (id: number) => String(id),
} satisfies Record<JobKind, (...args: never[]) => string>;

/** The account a report or PDF job is about, for cancels by account. */
export const accountOfJob = (ref: { network: Network; key: string }) => `${ref.network}:${ref.key}`;

export interface RunningJob {
  kind: JobKind;
  key: string;
  /** In words: "the Instagram report of natgeo", "a discovery run (pages 1–6)". */
  describe: string;
  account?: string;
}

interface Job extends RunningJob {
  controller: AbortController;
  promise: Promise<unknown>;
}

type Payload<E extends EventName> = EventPayloads[E] extends { workspace: WorkspaceId } ? Omit<EventPayloads[E], 'workspace'> : never;

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly linked = new WeakMap<AbortSignal, Set<AbortController>>();

  constructor(
    readonly workspace: WorkspaceId,
    private readonly emitEvent: <E extends EventName>(name: E, payload: EventPayloads[E]) => void,
  ) {}

  /** Sends a progress event of this workspace. */
  emit<E extends EventName>(name: E, payload: Payload<E>): void {
    this.emitEvent(name, { ...payload, workspace: this.workspace } as unknown as EventPayloads[E]);
  }

  /**
   * Runs `work` as the job `kind`/`key`, or joins the one already running. `link` stops this
   * job when it aborts (a batch's own cancel); the job's own signal is what `work` obeys.
   */
  run<T>(kind: JobKind, key: string, describe: string, work: (signal: AbortSignal) => Promise<T>, options: { link?: AbortSignal; account?: string } = {}): Promise<T> {
    const id = `${kind}\u0000${key}`;
    const existing = this.jobs.get(id);
    if (existing) {
      this.linkTo(existing.controller, options.link);
      return existing.promise as Promise<T>;
    }
    const controller = new AbortController();
    this.linkTo(controller, options.link);
    const job: Job = { kind, key, describe, account: options.account, controller, promise: Promise.resolve() };
    const promise = (async () => {
      try {
        return await work(controller.signal);
      } finally {
        if (this.jobs.get(id) === job) this.jobs.delete(id);
      }
    })();
    job.promise = promise;
    this.jobs.set(id, job);
    return promise;
  }

  /** Whether a job of this kind and key is running. */
  has(kind: JobKind, key: string): boolean {
    return this.jobs.has(`${kind}\u0000${key}`);
  }

  /** Stops the job `kind`/`key`, or every job of the kind that `which` picks; true when one was running. */
  cancel(kind: JobKind, which: string | ((job: RunningJob) => boolean), reason?: unknown): boolean {
    let found = false;
    for (const job of this.jobs.values()) {
      if (job.kind !== kind) continue;
      if (typeof which === 'string' ? job.key !== which : !which(job)) continue;
      job.controller.abort(reason);
      found = true;
    }
    return found;
  }

  /** Stops every job (the workspace is closing, or its database is being replaced). */
  cancelAll(reason?: unknown): void {
    for (const job of this.jobs.values()) job.controller.abort(reason);
  }

  /** What runs now, in words. */
  running(): RunningJob[] {
    return [...this.jobs.values()].map(({ kind, key, describe, account }) => ({ kind, key, describe, ...(account ? { account } : {}) }));
  }

  /** Resolves once every job running now has ended (however it ended). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs.values()].map((j) => j.promise));
  }

  /**
   * One listener per linked signal, however many jobs it links (a batch of 500 accounts would
   * otherwise hang 500 listeners on one signal).
   */
  private linkTo(controller: AbortController, signal?: AbortSignal): void {
    if (!signal) return;
    if (signal.aborted) {
      controller.abort(signal.reason);
      return;
    }
    let linked = this.linked.get(signal);
    if (!linked) {
      const controllers = new Set<AbortController>();
      linked = controllers;
      this.linked.set(signal, controllers);
      signal.addEventListener('abort', () => controllers.forEach((c) => c.abort(signal.reason)), { once: true });
    }
    linked.add(controller);
  }
}
