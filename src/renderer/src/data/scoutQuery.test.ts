import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventName } from '@shared/channels';
import { keptQuery, listenForRefresh, QueryController, QueryRegistry, sameKey, viewOf, type QueryKey } from './scoutQuery';

/** A loader whose answers the test hands out, in any order. */
function deferred<T>() {
  const calls: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('sameKey', () => {
  it('compares dependencies one by one, as React does', () => {
    expect(sameKey(['a', 1], ['a', 1])).toBe(true);
    expect(sameKey(['a', 1], ['a', 2])).toBe(false);
    expect(sameKey(['a'], ['a', undefined])).toBe(false);
    expect(sameKey([NaN], [NaN])).toBe(true);
    expect(sameKey([{}], [{}])).toBe(false);
    expect(sameKey(null, ['a'])).toBe(false);
  });
});

describe('QueryController', () => {
  it('keeps an answer for its key, and says what is on its way', async () => {
    const q = new QueryController<string>();
    const { load, calls } = deferred<string>();
    const done = q.ask(load, ['a']);
    expect(viewOf(q.getState(), ['a']).loading).toBe(true);
    calls[0]!.resolve('A');
    await done;
    expect(viewOf(q.getState(), ['a'])).toMatchObject({ data: 'A', loading: false, failed: false, answers: 1, stale: false });
  });

  it('drops an answer that arrives after the dependencies changed', async () => {
    const q = new QueryController<string>();
    const { load, calls } = deferred<string>();
    void q.ask(load, ['a']);
    void q.ask(load, ['b']);
    calls[1]!.resolve('B');
    calls[0]!.resolve('A (late)');
    await flush();
    expect(viewOf(q.getState(), ['b']).data).toBe('B');
    expect(q.getState().data).toBe('B');
  });

  it('drops an answer that arrives after the page closed, and asks nothing until it opens again', async () => {
    const q = new QueryController<string>();
    const { load, calls } = deferred<string>();
    void q.ask(load, ['a']);
    q.close();
    calls[0]!.resolve('A');
    await flush();
    expect(q.getState().data).toBeUndefined();
    await q.ask(load, ['a']);
    expect(calls).toHaveLength(1);
    q.reopen();
    void q.ask(load, ['a']);
    calls[1]!.resolve('A again');
    await flush();
    expect(q.getState().data).toBe('A again');
  });

  it('drops an answer asked in a workspace that is no longer active', async () => {
    let workspace = 'production';
    const q = new QueryController<string>(() => workspace);
    const { load, calls } = deferred<string>();
    const done = q.ask(load, ['a']);
    workspace = 'demo';
    calls[0]!.resolve('from production');
    await done;
    expect(q.getState().data).toBeUndefined();
    expect(q.getState().pending).toBeNull();
  });

  it('keeps the answer on screen when a later ask fails, and clears the failure with the next answer', async () => {
    const q = new QueryController<string>();
    const { load, calls } = deferred<string>();
    void q.ask(load, ['a']);
    calls[0]!.resolve('A');
    await flush();
    void q.ask(load, ['a']);
    calls[1]!.reject(new Error('offline'));
    await flush();
    expect(viewOf(q.getState(), ['a'])).toMatchObject({ data: 'A', failed: true, answers: 2 });
    expect((viewOf(q.getState(), ['a']).error as Error).message).toBe('offline');
    void q.ask(load, ['a']);
    calls[2]!.resolve('A2');
    await flush();
    expect(viewOf(q.getState(), ['a'])).toMatchObject({ data: 'A2', failed: false, error: null, answers: 3 });
  });

  it('counts a loader that throws as a failure', async () => {
    const q = new QueryController<string>();
    await q.ask(() => {
      throw new Error('bad request');
    }, ['a']);
    expect(viewOf(q.getState(), ['a']).failed).toBe(true);
  });

  it('waits for the delay before asking, and a change within it asks only once', async () => {
    vi.useFakeTimers();
    const q = new QueryController<string>();
    const load = vi.fn((text: string) => Promise.resolve(text.toUpperCase()));
    const first = q.ask(() => load('n'), ['n'], 200);
    vi.advanceTimersByTime(100);
    const second = q.ask(() => load('na'), ['na'], 200);
    await first; // dropped before it asked: settles all the same
    expect(load).not.toHaveBeenCalled();
    expect(viewOf(q.getState(), ['na']).loading).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await second;
    expect(load).toHaveBeenCalledTimes(1);
    expect(viewOf(q.getState(), ['na']).data).toBe('NA');
  });

  it('edits the answer in place for the current key', async () => {
    const q = new QueryController<string[]>();
    await q.ask(() => Promise.resolve(['x', 'y']), ['list']);
    q.setData((list) => list?.filter((v) => v !== 'x'), ['list']);
    expect(viewOf(q.getState(), ['list']).data).toEqual(['y']);
  });

  it('edits the latest answer in place, whatever it answered, and nothing before there is one', async () => {
    const q = new QueryController<string[]>();
    q.update((list) => [...list, 'never']);
    expect(q.getState().data).toBeUndefined();
    await q.ask(() => Promise.resolve(['a']), ['workspace-1']);
    q.update((list) => ['b', ...list]);
    expect(viewOf(q.getState(), ['workspace-1'])).toMatchObject({ data: ['b', 'a'], answers: 1 });
  });

  it('tells each listener of every change, until it unsubscribes', async () => {
    const q = new QueryController<number>();
    const seen: (number | undefined)[] = [];
    const stop = q.subscribe(() => seen.push(q.getState().data));
    await q.ask(() => Promise.resolve(1), ['k']);
    stop();
    await q.ask(() => Promise.resolve(2), ['k']);
    expect(seen).toEqual([undefined, 1]);
  });
});

describe('viewOf', () => {
  const answered = async (key: QueryKey, data: string) => {
    const q = new QueryController<string>();
    await q.ask(() => Promise.resolve(data), key);
    return q.getState();
  };

  it('shows nothing for new dependencies until they have their answer', async () => {
    const state = await answered(['a'], 'A');
    expect(viewOf(state, ['b'])).toMatchObject({ data: undefined, stale: false, answers: 0, failed: false });
  });

  it('with keepPrevious, shows the previous answer, marked stale, until then', async () => {
    const state = await answered(['a'], 'A');
    expect(viewOf(state, ['b'], true)).toMatchObject({ data: 'A', stale: true, answers: 0 });
    expect(viewOf(state, ['a'], true)).toMatchObject({ data: 'A', stale: false, answers: 1 });
  });
});

describe('listenForRefresh', () => {
  function fakeClient() {
    const listeners = new Map<string, Set<(payload: unknown) => void>>();
    return {
      on: (name: EventName, listener: (payload: never) => void) => {
        const set = listeners.get(name) ?? new Set();
        listeners.set(name, set);
        set.add(listener as (payload: unknown) => void);
        return () => set.delete(listener as (payload: unknown) => void);
      },
      emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((l) => l(payload)),
      count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    };
  }

  it('refreshes on the events named, only for the active workspace and where `when` says so, until stopped', () => {
    const client = fakeClient();
    const refresh = vi.fn();
    const stop = listenForRefresh(
      client,
      () => ['creators:changed', { event: 'competitor:changed', when: (p) => p.phase === 'finished' }],
      () => 'production',
      refresh,
    );
    client.emit('creators:changed', { synced: 3 });
    expect(refresh).toHaveBeenCalledTimes(1);
    client.emit('competitor:changed', { workspace: 'production', reportId: 'r', phase: 'posts', fetched: 1, expected: null });
    expect(refresh).toHaveBeenCalledTimes(1);
    client.emit('competitor:changed', { workspace: 'demo', reportId: 'r', phase: 'finished', fetched: 1, expected: null });
    expect(refresh).toHaveBeenCalledTimes(1);
    client.emit('competitor:changed', { workspace: 'production', reportId: 'r', phase: 'finished', fetched: 1, expected: null });
    expect(refresh).toHaveBeenCalledTimes(2);
    client.emit('lists:changed', { listId: 1, items: 2 });
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    expect(client.count()).toBe(0);
    client.emit('creators:changed', { synced: 4 });
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe('QueryRegistry', () => {
  it('asks again the queries on screen that read what a mutation changed, and settles when they answered', async () => {
    const registry = new QueryRegistry();
    const asked: string[] = [];
    // The lists' first answer waits for the test; later ones come at once.
    let answerLists: (() => void) | null = null;
    registry.register(
      () => ['lists'],
      () => (answerLists ? Promise.resolve() : new Promise<void>((resolve) => (answerLists = resolve))).then(() => void asked.push('lists')),
    );
    let reads: readonly string[] = ['creators'];
    const stopCreators = registry.register(
      () => reads,
      () => Promise.resolve(void asked.push('creators')),
    );
    let settled = false;
    const done = registry.invalidate(['lists', 'archive']).then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    answerLists!();
    await done;
    expect(asked).toEqual(['lists']);
    // What a query reads is asked when it is invalidated: its latest words count.
    reads = ['creators', 'lists'];
    await registry.invalidate(['lists']);
    expect([...asked].sort()).toEqual(['creators', 'lists', 'lists']);
    stopCreators();
    await registry.invalidate(['creators']);
    expect([...asked].sort()).toEqual(['creators', 'lists', 'lists']);
    await registry.invalidate([]);
  });
});

describe('keptQuery', () => {
  it('is one controller per name, whose answers outlive a page: cancelled, not closed, it asks again when the page is back', async () => {
    const q = keptQuery<string>('test-kept', () => 'production');
    expect(keptQuery('test-kept', () => 'other')).toBe(q);
    expect(keptQuery('test-other', () => 'production')).not.toBe(q);
    await q.ask(() => Promise.resolve('rows'), ['query', 'production']);
    q.cancel(); // the page went
    expect(viewOf(q.getState(), ['query', 'production'])).toMatchObject({ data: 'rows', loading: false });
  });
});
