import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlanState, WorkspaceState, ConnectionState, CredentialStatus } from '@shared/contract';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { closedPort, requirePrivateKeyring } from '../../../test/support';
import { createHarness, readLog, type Harness } from '../../../test/mainHarness';
import { workspaceDbPath } from '../platform/paths';

// Integration: real main services, a real SQLite file per workspace, a real keychain, and the
// simulator over loopback (the demo workspace's own, and a second one standing in for production).
beforeAll(requirePrivateKeyring);

let productionApi: SimulatorHandle;
beforeAll(async () => {
  productionApi = await startSimulator({ credits: 77, discovery: 3 });
});
afterAll(() => productionApi.close());

let h: Harness;
afterEach(() => h?.close());

const SECRET = 'prod-secret-token-9f8e7d6c';

async function useProduction(h: Harness, baseUrl: string, accountId: string, apiToken: string) {
  await h.call('workspace:setBaseUrl', { workspace: 'production', baseUrl });
  await h.call('credentials:set', { workspace: 'production', accountId, apiToken });
}

describe('first start', () => {
  it('lands on the demo workspace, whose simulator supplies the credits', async () => {
    h = await createHarness({ simulator: { credits: 1234 } });
    const ws = await h.call<WorkspaceState>('workspace:get');
    expect(ws.active).toBe('demo');
    expect(ws.workspaces.find((w) => w.id === 'demo')?.credentials).toMatchObject({ hasCredentials: true, editable: false });
    expect((await h.call<PlanState>('plan:get')).plan).toBeNull();
    const plan = await h.call<PlanState>('plan:refresh');
    expect(plan.plan?.reports.credits).toBe(1234);
    expect((await h.call<ConnectionState>('connection:get')).mode).toBe('online');
    expect(fs.existsSync(workspaceDbPath(h.dataDir, 'demo'))).toBe(true);
  });

  it('keeps the last plan answer in the workspace database, so the meter works after a restart', async () => {
    h = await createHarness({ simulator: { credits: 55 } });
    await h.call('plan:refresh');
    await h.restart();
    const cached = await h.call<PlanState>('plan:get');
    expect(cached.plan?.reports.credits).toBe(55);
    expect(cached.fetchedAt).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('workspaces', () => {
  it('switches, remembers the choice across restarts, and keeps one database per workspace', async () => {
    h = await createHarness();
    const switched = await h.call<WorkspaceState>('workspace:switch', { workspace: 'production' });
    expect(switched.active).toBe('production');
    await h.restart();
    expect((await h.call<WorkspaceState>('workspace:get')).active).toBe('production');
    expect(fs.existsSync(workspaceDbPath(h.dataDir, 'production'))).toBe(true);
    expect(workspaceDbPath(h.dataDir, 'production')).not.toBe(workspaceDbPath(h.dataDir, 'demo'));
  });

  it('emits workspace, plan and connection events on a switch', async () => {
    h = await createHarness();
    const names: string[] = [];
    h.services.events.subscribe((e) => names.push(e.name));
    await h.call('workspace:switch', { workspace: 'production' });
    expect(names).toEqual(expect.arrayContaining(['workspace:changed', 'plan:changed', 'connection:changed']));
  });

  it('refuses a workspace database from a newer Scout and stays where it was', async () => {
    h = await createHarness();
    const file = workspaceDbPath(h.dataDir, 'production');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('user_version = 5000');
    db.close();
    const listed = await h.call<WorkspaceState>('workspace:get');
    expect(listed.workspaces.find((w) => w.id === 'production')?.problem).toMatch(/newer version of Scout/);
    expect(listed.workspaces.find((w) => w.id === 'demo')?.problem).toBeNull();
    await expect(h.call('workspace:switch', { workspace: 'production' })).rejects.toMatchObject({
      code: 'DATABASE_FROM_FUTURE',
      message: expect.stringMatching(/Update Scout/),
    });
    expect((await h.call<WorkspaceState>('workspace:get')).active).toBe('demo');
  });

  it('starts on the defaults, and says so, when settings.json is damaged', async () => {
    h = await createHarness();
    await h.call('workspace:switch', { workspace: 'production' });
    await h.services.close();
    fs.writeFileSync(`${h.dataDir}/settings.json`, '{"version":1,"activeWorkspace":');
    const again = await createHarness({ dataDir: h.dataDir });
    const info = await again.call<{ notices: { id: string; message: string }[] }>('app:info');
    expect(info.notices[0]?.message).toMatch(/could not read its settings/);
    expect((await again.call<WorkspaceState>('workspace:get')).active).toBe('demo');
    expect(fs.readdirSync(h.dataDir).some((f) => f.startsWith('settings.json.unreadable-'))).toBe(true);
    await again.call('app:dismissNotice', { id: 'settings-unreadable' });
    expect((await again.call<{ notices: unknown[] }>('app:info')).notices).toEqual([]);
    await again.close();
  });
});

describe('production credentials and Test connection', () => {
  it('asks for credentials before any call', async () => {
    h = await createHarness();
    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
  });

  it('shows the plan for a valid account, and only a masked id', async () => {
    h = await createHarness();
    await useProduction(h, productionApi.url, 'demo', 'demo-token');
    const status = await h.call<CredentialStatus>('credentials:get', { workspace: 'production' });
    expect(status).toEqual({
      workspace: 'production',
      hasCredentials: true,
      accountIdMasked: 'd•••',
      editable: true,
      problem: null,
      origin: new URL(productionApi.url).origin,
      keychainAvailable: true,
    });
    const plan = await h.call<PlanState>('credentials:test', { workspace: 'production' });
    expect(plan.plan).toEqual({
      reports: { plan: 'Pro', credits: 77, reports: 200, advancedReports: 100 },
      discovery: { plan: 'Pro', requests: 3 },
    });
  });

  it.each([
    ['an invalid token', 'demo', SECRET, 'API_INVALID_TOKEN', /Invalid token/],
    ['no API access', 'noapi', 'noapi-token', 'API_NO_ACCESS', /No API access/],
    ['a suspended account', 'suspended', 'suspended-token', 'API_ACCOUNT_SUSPENDED', /suspended/],
  ])('maps %s to its message', async (_what, id, token, code, message) => {
    h = await createHarness();
    await useProduction(h, productionApi.url, id, token);
    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    });
  });

  it('reports a network failure and marks the workspace unreachable', async () => {
    h = await createHarness();
    await h.call('workspace:switch', { workspace: 'production' });
    await useProduction(h, `http://127.0.0.1:${await closedPort()}`, 'demo', 'demo-token');
    await expect(h.call('plan:refresh')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(await h.call<ConnectionState>('connection:get')).toMatchObject({ mode: 'unreachable', reason: expect.stringMatching(/could not reach/) });
  });

  it('reports a timeout', async () => {
    const slow = await startSimulator({ latencyMs: 2000 });
    h = await createHarness({ apiTimeoutMs: 250 });
    await useProduction(h, slow.url, 'demo', 'demo-token');
    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await slow.close();
  });

  it('deletes credentials', async () => {
    h = await createHarness();
    await useProduction(h, productionApi.url, 'demo', 'demo-token');
    const after = await h.call<CredentialStatus>('credentials:delete', { workspace: 'production' });
    expect(after.hasCredentials).toBe(false);
    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
  });

  it('never returns the token, and never logs it', async () => {
    h = await createHarness();
    await useProduction(h, productionApi.url, '424242', SECRET);
    await h.callRaw('credentials:test', { workspace: 'production' });
    await h.callRaw('workspace:switch', { workspace: 'production' });
    await h.callRaw('plan:refresh');
    await h.callRaw('credentials:get', { workspace: 'production' });
    await h.callRaw('workspace:get');
    // A bad request that echoes its input must not echo the token either.
    await h.callRaw('credentials:set', { workspace: 'production', accountId: '424242', apiToken: SECRET, extra: true });
    expect(h.responses.length).toBeGreaterThan(5);
    for (const r of h.responses) expect(r).not.toContain(SECRET);
    const log = readLog(h);
    expect(log).toContain('credentials:test failed: API_INVALID_TOKEN');
    expect(log).not.toContain(SECRET);
  });
});

describe('offline', () => {
  it('fails at once when switched offline, without calling the API', async () => {
    h = await createHarness();
    await h.call('plan:refresh');
    const sim = await h.services.active().baseUrl();
    expect(sim).toMatch(/127\.0\.0\.1/);
    const offline = await h.call<ConnectionState>('connection:setOffline', { offline: true });
    expect(offline.mode).toBe('offline');
    await expect(h.call('plan:refresh')).rejects.toMatchObject({ code: 'OFFLINE' });
    // The switch is the workspace's own and survives a restart.
    await h.restart();
    expect((await h.call<ConnectionState>('connection:get')).manualOffline).toBe(true);
    expect((await h.call<PlanState>('plan:get')).plan).not.toBeNull();
  });
});
