// The core of useScoutMutation, without React: "run one operation of the contract, say it is under
// way, say in words what went wrong, and ask again what it changed". A controller holds one
// mutation's state; each run gets a generation, and only the latest run's outcome is shown.
// Pure (no DOM, no store), so each rule has its own unit test.
import { errorMessage, fieldErrors, ScoutCallError } from './errors';

export interface MutationState<V> {
  /** A run is under way. */
  busy: boolean;
  /** What the run under way was asked with (which row is being deleted); null when none is. */
  variables: V | null;
  /** What went wrong with the latest run, as main or the client threw it; null when it did not fail. */
  failure: { error: unknown } | null;
}

/** How a run ended: its answer, or what went wrong (a run never rejects). */
export type MutationOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface MutationSteps<V, R> {
  /** After the operation succeeded, before the refreshes (a page stores the answer it got). */
  onSuccess?(value: R, variables: V): void | Promise<void>;
  /** After the operation failed (its words are in the state already). */
  onError?(error: unknown, variables: V): void;
  /** What to ask again once it succeeded; the run stays busy until they have answered. */
  refresh?(value: R, variables: V): Promise<void>;
}

const idle: MutationState<never> = { busy: false, variables: null, failure: null };

export class MutationController<V, R> {
  private state: MutationState<V> = idle;
  private readonly listeners = new Set<() => void>();
  private generation = 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): MutationState<V> => this.state;

  /**
   * Runs `operation` with `variables`: busy until it and its refreshes are done, its failure kept
   * in words. A run started while another is under way takes over the state (the earlier one's
   * outcome still reaches its own caller, but not the screen).
   */
  async run(operation: (variables: V) => Promise<R>, variables: V, steps: MutationSteps<V, R> = {}): Promise<MutationOutcome<R>> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.set({ busy: true, variables, failure: null });
    let value: R;
    try {
      value = await operation(variables);
    } catch (error) {
      if (current()) this.set({ busy: false, variables: null, failure: { error } });
      steps.onError?.(error, variables);
      return { ok: false, error };
    }
    try {
      await steps.onSuccess?.(value, variables);
      await steps.refresh?.(value, variables);
    } finally {
      if (current()) this.set({ busy: false, variables: null, failure: null });
    }
    return { ok: true, value };
  }

  /** Forgets the latest failure (the page's message goes when the researcher moves on). */
  reset(): void {
    if (this.state.failure !== null) this.set({ ...this.state, failure: null });
  }

  private set(next: MutationState<V>): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** What a page sees of a mutation. */
export interface MutationView<V> {
  busy: boolean;
  variables: V | null;
  /** The latest run failed, in words (the renderer's one wording: errorMessage). */
  error: string | null;
  /** Its code (INVALID_INPUT, TEAM_UNREACHABLE…), when main gave one. */
  errorCode: string | null;
  /** Per field of the request, what main said is wrong with it (INVALID_INPUT); empty otherwise. */
  fields: Readonly<Record<string, string>>;
  /** The error itself, for a page that words a code its own way. */
  cause: unknown;
}

const noFields: Readonly<Record<string, string>> = {};

export function mutationView<V>(state: MutationState<V>): MutationView<V> {
  const error = state.failure?.error;
  return {
    busy: state.busy,
    variables: state.variables,
    error: state.failure ? errorMessage(error) : null,
    errorCode: error instanceof ScoutCallError ? error.code : null,
    fields: state.failure ? fieldErrors(error) : noFields,
    cause: state.failure ? error : null,
  };
}
