// The preload is the renderer's only door into main. It runs in Electron's sandbox, which this
// machine cannot start, so it is loaded here with a stand-in `electron` that records what it
// was asked: names outside the contract must be refused before anything reaches IPC.
import path from 'node:path';
import { parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScoutBridge } from '@shared/contract';
import { EVENT_CHANNEL } from '@shared/channels';

const exposed: Record<string, unknown> = {};
const invoked: unknown[][] = [];
const listeners = new Map<string, ((...args: unknown[]) => void)[]>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => {
      invoked.push(args);
      return Promise.resolve({ ok: true, value: null });
    },
    on: (channel: string, fn: (...args: unknown[]) => void) => listeners.set(channel, [...(listeners.get(channel) ?? []), fn]),
    removeListener: (channel: string, fn: (...args: unknown[]) => void) => listeners.set(channel, (listeners.get(channel) ?? []).filter((f) => f !== fn)),
  },
}));

let scout: ScoutBridge;
beforeAll(async () => {
  await import('../src/preload/index');
  scout = exposed.scout as ScoutBridge;
});

describe('preload bridge', () => {
  it('exposes exactly invoke and on, as window.scout', () => {
    expect(Object.keys(exposed)).toEqual(['scout']);
    expect(Object.keys(scout).sort()).toEqual(['invoke', 'on']);
  });

  it('passes contract channels through and refuses every other name before IPC', async () => {
    await scout.invoke('app:info', {});
    expect(invoked).toEqual([['app:info', {}]]);
    for (const name of ['shell:exec', '__proto__', 'app:info ', 'APP:INFO', '']) {
      await expect(scout.invoke(name as 'app:info', {})).rejects.toThrow(/Unknown channel/);
    }
    expect(invoked).toHaveLength(1);
  });

  it('subscribes only to contract events, delivers only the named one, and unsubscribes', () => {
    expect(() => scout.on('secrets:changed' as 'plan:changed', () => undefined)).toThrow(/Unknown event/);
    const got: unknown[] = [];
    const off = scout.on('plan:changed', (payload) => got.push(payload));
    const deliver = (message: unknown) => listeners.get(EVENT_CHANNEL)?.forEach((fn) => fn({}, message));
    deliver({ name: 'plan:changed', payload: { n: 1 } });
    deliver({ name: 'workspace:changed', payload: { n: 2 } });
    expect(got).toEqual([{ n: 1 }]);
    off();
    deliver({ name: 'plan:changed', payload: { n: 3 } });
    expect(got).toHaveLength(1);
  });
});

describe('what the preload bundles', () => {
  it('is the channel names and nothing else of src: no zod, no contract schemas', async () => {
    const root = path.resolve(__dirname, '..');
    const tree = await parseDependencyTree(['src/preload/index.ts'], { cwd: root, context: root, transform: true, tsconfig: path.join(root, 'tsconfig.node.json') });
    const loaded = Object.keys(tree).filter((file) => file.startsWith('src/'));
    expect(loaded.filter((file) => !/^src\/(preload\/index|shared\/channels|shared\/contract\/\w+\.channels)\.ts$/.test(file))).toEqual([]);
    expect(loaded).toContain('src/shared/contract/app.channels.ts');
    const packages = Object.values(tree).flatMap((deps) => deps ?? []).filter((dep) => !dep.request.startsWith('.'));
    expect([...new Set(packages.map((dep) => dep.request))]).toEqual(['electron']);
  }, 60_000);
});
