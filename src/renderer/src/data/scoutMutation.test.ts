import { describe, expect, it, vi } from 'vitest';
import { ScoutCallError } from './errors';
import { MutationController, mutationView } from './scoutMutation';

/** An operation whose answers the test hands out, in any order. */
function deferred<V, R>() {
  const calls: { variables: V; resolve(value: R): void; reject(error: unknown): void }[] = [];
  const operation = (variables: V) => new Promise<R>((resolve, reject) => calls.push({ variables, resolve, reject }));
  return { operation, calls };
}

describe('MutationController', () => {
  it('is busy with its variables while it runs, and answers the caller with the value', async () => {
    const m = new MutationController<string, number>();
    const { operation, calls } = deferred<string, number>();
    const done = m.run(operation, 'row-1');
    expect(mutationView(m.getState())).toMatchObject({ busy: true, variables: 'row-1', error: null });
    calls[0]!.resolve(7);
    await expect(done).resolves.toEqual({ ok: true, value: 7 });
    expect(mutationView(m.getState())).toMatchObject({ busy: false, variables: null, error: null });
  });

  it('says what went wrong in the renderer’s words, with main’s code and fields, and never rejects', async () => {
    const m = new MutationController<void, number>();
    const refused = new ScoutCallError({ code: 'INVALID_INPUT', message: 'Name the list.', fields: { name: 'Name the list.' } });
    const outcome = await m.run(() => Promise.reject(refused), undefined);
    expect(outcome).toEqual({ ok: false, error: refused });
    expect(mutationView(m.getState())).toMatchObject({ busy: false, error: 'Name the list.', errorCode: 'INVALID_INPUT', fields: { name: 'Name the list.' } });
    await m.run(() => {
      throw new Error('bad request');
    }, undefined);
    expect(mutationView(m.getState())).toMatchObject({ error: 'bad request', errorCode: null, fields: {} });
  });

  it('clears the last failure when it runs again, and on reset', async () => {
    const m = new MutationController<void, number>();
    await m.run(() => Promise.reject(new Error('offline')), undefined);
    const { operation, calls } = deferred<void, number>();
    const again = m.run(operation, undefined);
    expect(mutationView(m.getState()).error).toBeNull();
    calls[0]!.reject(new Error('offline still'));
    await again;
    expect(mutationView(m.getState()).error).toBe('offline still');
    m.reset();
    expect(mutationView(m.getState()).error).toBeNull();
  });

  it('after a success: stores the answer, then refreshes, and stays busy until the refresh answered', async () => {
    const m = new MutationController<string, string>();
    const order: string[] = [];
    let answerRefresh = () => undefined as void;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (answerRefresh = resolve)).then(() => void order.push('refreshed')));
    const done = m.run((v) => Promise.resolve(v.toUpperCase()), 'saved', { onSuccess: (value) => void order.push(`stored ${value}`), refresh });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledWith('SAVED', 'saved'));
    expect(m.getState().busy).toBe(true);
    answerRefresh();
    await done;
    expect(order).toEqual(['stored SAVED', 'refreshed']);
    expect(m.getState().busy).toBe(false);
  });

  it('does not refresh after a failure, and tells onError', async () => {
    const m = new MutationController<number, void>();
    const refresh = vi.fn(() => Promise.resolve());
    const onError = vi.fn();
    const failure = new Error('refused');
    await m.run(() => Promise.reject(failure), 3, { refresh, onError });
    expect(refresh).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(failure, 3);
  });

  it('shows the latest run: an earlier one ending late does not clear its busy state or set its failure', async () => {
    const m = new MutationController<string, void>();
    const { operation, calls } = deferred<string, void>();
    const first = m.run(operation, 'a');
    const second = m.run(operation, 'b');
    calls[0]!.reject(new Error('a failed'));
    await first;
    expect(mutationView(m.getState())).toMatchObject({ busy: true, variables: 'b', error: null });
    calls[1]!.resolve();
    await second;
    expect(mutationView(m.getState())).toMatchObject({ busy: false, variables: null, error: null });
  });

  it('tells each listener of every change, until it unsubscribes', async () => {
    const m = new MutationController<void, void>();
    const seen: boolean[] = [];
    const stop = m.subscribe(() => seen.push(m.getState().busy));
    await m.run(() => Promise.resolve(), undefined);
    stop();
    await m.run(() => Promise.resolve(), undefined);
    expect(seen).toEqual([true, false]);
  });
});
