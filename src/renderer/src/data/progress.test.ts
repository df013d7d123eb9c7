import { describe, expect, it } from 'vitest';
import type { EventName } from '@shared/channels';
import { listenForProgress } from './progress';

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

describe('listenForProgress', () => {
  it('hands each payload of its event to the latest handler, once subscribed, until stopped', () => {
    const client = fakeClient();
    const seen: string[] = [];
    let handler = (p: { listId: number; items: number }) => void seen.push(`first ${p.items}`);
    const stop = listenForProgress(client, 'lists:changed', () => handler);
    expect(client.count()).toBe(1);
    client.emit('lists:changed', { listId: 1, items: 2 });
    handler = (p) => void seen.push(`second ${p.items}`);
    client.emit('lists:changed', { listId: 1, items: 3 });
    client.emit('creators:changed', { synced: 4 });
    stop();
    expect(client.count()).toBe(0);
    client.emit('lists:changed', { listId: 1, items: 5 });
    expect(seen).toEqual(['first 2', 'second 3']);
  });
});
