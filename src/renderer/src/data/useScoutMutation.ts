// Writes in a page, one way: run one operation of the contract, say it is under way, say in words
// what went wrong, and ask again what it changed. The rules live in scoutMutation.ts (unit-tested);
// this is their hook.
//
//   const save = useScoutMutation((list: ListInput) => scout.invoke('lists:save', list), { refresh: [lists], changes: ['lists'] });
//   save.busy            a run is under way (and the queries it refreshes have not answered yet)
//   save.variables       what the run under way was asked with (which row), null when idle
//   save.error           what went wrong with the latest run, in words; save.fields per field
//   void save.run(list)  runs it; resolves with { ok, value } or { ok: false, error }, never rejects
//
// After a success, the queries named in `refresh` are asked again, and so is every query on
// screen that `reads` one of `changes` (useScoutQuery's option); busy lasts until they answered.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorMessage } from './errors';
import { MutationController, mutationView, type MutationOutcome, type MutationView } from './scoutMutation';
import { queries } from './scoutQuery';

export type { MutationOutcome };

export interface ScoutMutationOptions<V, R> {
  /** After the operation succeeded, before the refreshes: store the answer, say what was done. */
  onSuccess?(value: R, variables: V): void | Promise<void>;
  /** After it failed, with its words (errorMessage's, as in `error`): for a page's own status line. */
  onError?(words: string, error: unknown, variables: V): void;
  /** Queries this page holds that show what the operation changed: asked again after a success. */
  refresh?: readonly { refresh(): Promise<void> }[];
  /** What it changes, in the words queries use for what they read (useScoutQuery's `reads`). */
  changes?: readonly string[];
}

export interface ScoutMutation<V, R> extends MutationView<V> {
  run(variables: V): Promise<MutationOutcome<R>>;
  /** Forgets the latest failure. */
  reset(): void;
}

export function useScoutMutation<V = void, R = unknown>(operation: (variables: V) => Promise<R>, options: ScoutMutationOptions<V, R> = {}): ScoutMutation<V, R> {
  const [controller] = useState(() => new MutationController<V, R>());
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // The latest operation and options: a page may pass new functions on every render.
  const latest = useRef({ operation, options });
  useEffect(() => {
    latest.current = { operation, options };
  });

  const run = useCallback(
    (variables: V) =>
      controller.run((v) => latest.current.operation(v), variables, {
        onSuccess: (value, v) => latest.current.options.onSuccess?.(value, v),
        onError: (error, v) => latest.current.options.onError?.(errorMessage(error), error, v),
        refresh: async () => {
          const { refresh = [], changes = [] } = latest.current.options;
          await Promise.all([...refresh.map((q) => q.refresh()), queries.invalidate(changes)]);
        },
      }),
    [controller],
  );
  const reset = useCallback(() => controller.reset(), [controller]);

  return { ...mutationView(state), run, reset };
}
