import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel, EventName } from '@shared/channels';
import type { ScoutClient } from '@shared/contract';
import { ScoutCallError } from './errors';
import { Shell } from './shell';

/** Main as the shell sees it: answers per channel (a function may fail), events pushed by hand, calls counted. */
function fakeMain(answers: Partial<Record<Channel, (request: unknown) => unknown>>) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: Channel[] = [];
  const client = {
    invoke: async (channel: Channel, request: unknown) => {
      calls.push(channel);
      const answer = answers[channel];
      if (!answer) throw new Error(`not answered: ${channel}`);
      return answer(request);
    },
    on: (event: EventName, listener: (payload: unknown) => void) => {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  } as unknown as ScoutClient;
  const push = (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload));
  const count = (channel: Channel) => calls.filter((c) => c === channel).length;
  return { client, push, count, calls };
}

const workspaceState = (active: string) => ({ active, workspaces: [] });
const planState = (credits: number) => ({ workspace: 'demo', plan: { reports: { credits } }, fetchedAt: 1 });
const online = { mode: 'online', manualOffline: false };

function mainAnswering(overrides: Partial<Record<Channel, (request: unknown) => unknown>> = {}) {
  return fakeMain({
    'app:info': () => ({ notices: [] }),
    'workspace:get': () => workspaceState('demo'),
    'plan:get': () => planState(1),
    'plan:refresh': () => planState(2),
    'connection:get': () => online,
    'workspace:switch': (r) => workspaceState((r as { workspace: string }).workspace),
    'team:get': () => ({ configured: true }),
    ...overrides,
  });
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('Shell', () => {
  it('loads, then asks the meter once; an event replaces what main said', async () => {
    const main = mainAnswering();
    const shell = new Shell(main.client);
    await shell.start();
    expect(shell.getState()).toMatchObject({ ready: true, fatalError: null, workspace: { active: 'demo' }, plan: planState(2), planLoading: false });
    expect(main.count('plan:refresh')).toBe(1);
    const before = shell.getState();
    expect(shell.getState()).toBe(before);
    main.push('workspace:changed', workspaceState('team'));
    expect(shell.activeWorkspace()).toBe('team');
    expect(shell.getState()).not.toBe(before);
    main.push('plan:changed', planState(7));
    expect(shell.getState().plan).toEqual(planState(7));
  });

  it('moves the meter once per generating fetch and after a fetch that spent, not for another workspace', async () => {
    const main = mainAnswering();
    const shell = new Shell(main.client);
    await shell.start();
    const asked = () => main.count('plan:refresh') - 1;
    const progress = { workspace: 'demo', network: 'instagram', accountKey: 'natgeo' };
    main.push('reports:changed', { ...progress, phase: 'generating' });
    main.push('reports:changed', { ...progress, phase: 'generating' });
    await flush();
    expect(asked()).toBe(1);
    main.push('reports:changed', { ...progress, phase: 'finished', spent: {} });
    await flush();
    expect(asked()).toBe(1);
    main.push('reports:changed', { ...progress, phase: 'finished', spent: { reports: 1 } });
    await flush();
    expect(asked()).toBe(2);
    main.push('reports:changed', { ...progress, workspace: 'team', phase: 'generating' });
    await flush();
    expect(asked()).toBe(2);
  });

  it('asks the meter for what teammates bought at most every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(100_000);
    const main = mainAnswering();
    const shell = new Shell(main.client);
    await shell.start();
    const asked = () => main.count('plan:refresh') - 1;
    main.push('team:received', { workspace: 'demo', kinds: ['report'] });
    main.push('team:received', { workspace: 'demo', kinds: ['report'] });
    await flush();
    expect(asked()).toBe(1);
    vi.setSystemTime(130_001);
    main.push('team:received', { workspace: 'team', kinds: ['report'] });
    main.push('team:received', { workspace: 'demo', kinds: ['report'] });
    await flush();
    expect(asked()).toBe(2);
  });

  it('keeps the plan and the error code when the meter fails; offline by hand asks nothing', async () => {
    let fail = false;
    const main = mainAnswering({
      'plan:refresh': () => {
        if (fail) throw new ScoutCallError({ code: 'NO_CREDENTIALS', message: 'No credentials.' });
        return planState(2);
      },
      'connection:setOffline': (r) => ({ mode: 'online', manualOffline: (r as { offline: boolean }).offline }),
    });
    const shell = new Shell(main.client);
    await shell.start();
    fail = true;
    await shell.refreshPlan();
    expect(shell.getState()).toMatchObject({ plan: planState(2), planError: 'No credentials.', planErrorCode: 'NO_CREDENTIALS', planLoading: false });
    await shell.setOffline(true);
    const before = main.count('plan:refresh');
    await shell.refreshPlan();
    expect(main.count('plan:refresh')).toBe(before);
    fail = false;
    await shell.setOffline(false);
    expect(main.count('plan:refresh')).toBe(before + 1);
    expect(shell.getState()).toMatchObject({ plan: planState(2), planError: null, planErrorCode: null });
  });

  it('says why it could not start, and recovers when the researcher switches away', async () => {
    let broken = true;
    const main = mainAnswering({
      'workspace:get': () => {
        if (broken) throw new ScoutCallError({ code: 'INTERNAL', message: 'The team database is locked.' });
        return workspaceState('demo');
      },
    });
    const shell = new Shell(main.client);
    await shell.start();
    expect(shell.getState()).toMatchObject({ ready: false, fatalError: 'The team database is locked.' });
    broken = false;
    await shell.switchWorkspace('demo');
    expect(shell.getState()).toMatchObject({ ready: true, fatalError: null, workspace: { active: 'demo' } });
  });

  it('tells each switch of the active workspace once, and asks the team view when Team opens', async () => {
    const main = mainAnswering();
    const shell = new Shell(main.client);
    const switches: [string | null, string | null][] = [];
    shell.onWorkspaceSwitch((active, previous) => switches.push([active, previous]));
    await shell.start();
    await shell.switchWorkspace('team');
    main.push('workspace:changed', workspaceState('team'));
    await flush();
    expect(switches).toEqual([
      ['demo', null],
      ['team', 'demo'],
    ]);
    expect(shell.getState().team).toEqual({ configured: true });
  });
});
