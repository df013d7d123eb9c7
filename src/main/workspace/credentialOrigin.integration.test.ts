import type http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStatus, WorkspaceState } from '@shared/contract';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { rawServer, requirePrivateKeyring } from '../../../test/support';
import { createHarness, type Harness } from '../../../test/mainHarness';
import { ApiTransport } from '../platform/api/transport';

// Credentials go only to the origin they were entered for: real main services, a real keychain,
// the simulator as the real API, and a loopback listener that records every request it gets.
beforeAll(requirePrivateKeyring);

const TOKEN = 'origin-bound-token-5a4b3c2d';

let api: SimulatorHandle;
let listener: { url: string; close(): Promise<void> };
const seen: http.IncomingHttpHeaders[] = [];
beforeAll(async () => {
  api = await startSimulator({ credits: 50 });
  listener = await rawServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{}}');
  });
});
afterAll(async () => {
  await api.close();
  await listener.close();
});

let h: Harness;
afterEach(async () => {
  seen.length = 0;
  await h?.close();
});

const carriesCredentials = () => seen.filter((headers) => 'x-auth-token' in headers || 'x-auth-id' in headers || JSON.stringify(headers).includes(TOKEN));

async function productionWithCredentials(): Promise<Harness> {
  const harness = await createHarness();
  await harness.call('workspace:switch', { workspace: 'production' });
  await harness.call('workspace:setBaseUrl', { workspace: 'production', baseUrl: api.url });
  // The simulator knows this account: its token is in its default set.
  await harness.call('credentials:set', { workspace: 'production', accountId: 'demo', apiToken: 'demo-token' });
  return harness;
}

describe('credentials bound to their API origin', () => {
  it('changing the address to another listener removes the credentials, and nothing carrying them reaches it', async () => {
    h = await productionWithCredentials();
    expect((await h.call<CredentialStatus>('credentials:get', { workspace: 'production' })).origin).toBe(new URL(api.url).origin);
    await h.call('credentials:test', { workspace: 'production' });

    await h.call<WorkspaceState>('workspace:setBaseUrl', { workspace: 'production', baseUrl: listener.url });
    const status = await h.call<CredentialStatus>('credentials:get', { workspace: 'production' });
    expect(status).toMatchObject({ hasCredentials: false, origin: null });
    const keytar = (await import('keytar')).default;
    expect(await keytar.getPassword(h.keychainService, 'production')).toBeNull();

    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
    await expect(h.call('plan:refresh')).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
    await expect(h.call('reports:fetch', { network: 'instagram', account: 'cristiano', confirmedCost: 1 })).rejects.toBeTruthy();
    expect(carriesCredentials()).toEqual([]);
  });

  it('keeps the credentials when only the path or a trailing slash of the address changes', async () => {
    h = await productionWithCredentials();
    await h.call('workspace:setBaseUrl', { workspace: 'production', baseUrl: `${api.url}/` });
    expect((await h.call<CredentialStatus>('credentials:get', { workspace: 'production' })).hasCredentials).toBe(true);
    await h.call('credentials:test', { workspace: 'production' });
  });

  it('credentials entered for a new address go to it, and are bound to it', async () => {
    h = await productionWithCredentials();
    await h.call('workspace:setBaseUrl', { workspace: 'production', baseUrl: listener.url });
    await h.call('credentials:set', { workspace: 'production', accountId: 'other', apiToken: TOKEN });
    const keytar = (await import('keytar')).default;
    expect(JSON.parse((await keytar.getPassword(h.keychainService, 'production'))!)).toMatchObject({ origin: new URL(listener.url).origin });
    await h.call('credentials:test', { workspace: 'production' }).catch(() => {});
    // The listener is now the chosen API: it gets the token it was given, proving the recorder works.
    expect(carriesCredentials().length).toBeGreaterThan(0);
  });

  it('an entry from before origins is bound to the default API and not sent to an address changed behind its back', async () => {
    h = await createHarness();
    await h.call('workspace:switch', { workspace: 'production' });
    const keytar = (await import('keytar')).default;
    await keytar.setPassword(h.keychainService, 'production', JSON.stringify({ accountId: 'demo', apiToken: TOKEN }));
    // As an older Scout would have left it: the address changed, the entry kept.
    h.services.workspaces.get('production').meta.set('baseUrl', listener.url);
    const status = await h.call<CredentialStatus>('credentials:get', { workspace: 'production' });
    expect(status).toMatchObject({ hasCredentials: true, origin: 'https://hypeauditor.com' });
    expect(status.problem).toMatch(/entered for https:\/\/hypeauditor\.com/);
    await expect(h.call('credentials:test', { workspace: 'production' })).rejects.toMatchObject({ code: 'CREDENTIALS_WRONG_ORIGIN' });
    expect(seen).toEqual([]);
  });

  it.each([
    ['http://example.com', /Use an https:\/\/ address/],
    ['http://10.0.0.8:8080', /Use an https:\/\/ address/],
    ['http://127.0.0.1.nip.io', /Use an https:\/\/ address/],
    ['ftp://example.com', /starting with https:\/\//],
    ['https://user:pass@example.com', /user name or password/],
  ])('refuses %s with a field message and keeps the address and credentials', async (baseUrl, message) => {
    h = await productionWithCredentials();
    const result = (await h.callRaw('workspace:setBaseUrl', { workspace: 'production', baseUrl })) as { ok: false; error: { code: string; message: string } };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.message).toMatch(/^baseUrl: /);
    expect(result.error.message).toMatch(message);
    const state = await h.call<WorkspaceState>('workspace:get');
    expect(state.workspaces.find((w) => w.id === 'production')?.baseUrl).toBe(api.url);
    expect((await h.call<CredentialStatus>('credentials:get', { workspace: 'production' })).hasCredentials).toBe(true);
  });

  it.each(['http://localhost:4010', 'http://127.0.0.2:4010', 'http://[::1]:4010', 'https://api.example.com'])('accepts %s', async (baseUrl) => {
    h = await createHarness();
    const state = await h.call<WorkspaceState>('workspace:setBaseUrl', { workspace: 'production', baseUrl });
    expect(state.workspaces.find((w) => w.id === 'production')?.baseUrl).toBe(baseUrl);
  });
});

describe('the transport, right before sending', () => {
  it('refuses to send credentials to any origin but theirs, and sends nothing', async () => {
    const transport = new ApiTransport({
      baseUrl: listener.url,
      credentials: async () => ({ accountId: 'demo', apiToken: TOKEN, origin: new URL(api.url).origin }),
      retry: { maxAttempts: 3, initialDelayMs: 1 },
    });
    await expect(transport.send({ operation: 'auditor.planInfo', method: 'GET' })).rejects.toMatchObject({
      code: 'CREDENTIALS_WRONG_ORIGIN',
      message: expect.stringContaining(`entered for ${new URL(api.url).origin}`),
    });
    // An absolute operation path cannot lead elsewhere either.
    await expect(transport.send({ operation: '/api/method/auditor.planInfo/', method: 'GET' })).rejects.toMatchObject({ code: 'CREDENTIALS_WRONG_ORIGIN' });
    expect(seen).toEqual([]);
  });
});
