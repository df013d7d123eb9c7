import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoutError } from '@shared/errors';
import { startSimulator, type SimulatorHandle } from '../../../simulator/server';
import { closedPort, rawServer } from '../../../../test/support';
import { ApiClient } from './apiClient';

let sim: SimulatorHandle;
let slowSim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ credits: 321 });
  slowSim = await startSimulator({ latencyMs: 1500 });
});
afterAll(async () => {
  await sim.close();
  await slowSim.close();
});

// One attempt: these tests are about the error each failure maps to, not about retrying.
const client = (baseUrl: string, accountId = 'demo', apiToken = 'demo-token', timeoutMs?: number) =>
  new ApiClient({ baseUrl, credentials: async () => ({ accountId, apiToken, origin: new URL(baseUrl).origin }), timeoutMs, retry: { maxAttempts: 1 } });

async function failure(promise: Promise<unknown>): Promise<ScoutError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ScoutError);
    return error as ScoutError;
  }
  throw new Error('expected the call to fail');
}

describe('ApiClient.planInfo against the simulator', () => {
  it('reads the plan, mapping advanced_reports', async () => {
    expect(await client(sim.url).planInfo()).toEqual({
      reports: { plan: 'Pro', credits: 321, reports: 200, advancedReports: 100 },
      discovery: { plan: 'Pro', requests: 500 },
    });
  });

  it.each([
    ['a wrong token', 'demo', 'wrong-token', 'API_INVALID_TOKEN', 4, /Invalid token/],
    ['no API access', 'noapi', 'noapi-token', 'API_NO_ACCESS', 27, /No API access/],
    ['a suspended account', 'suspended', 'suspended-token', 'API_ACCOUNT_SUSPENDED', 34, /suspended/],
  ])('maps %s to a typed error', async (_what, id, token, code, apiCode, message) => {
    const error = await failure(client(sim.url, id, token).planInfo());
    expect(error.code).toBe(code);
    expect(error.apiCode).toBe(apiCode);
    expect(error.message).toMatch(message);
  });

  it('reports a network failure when nothing listens', async () => {
    const error = await failure(client(`http://127.0.0.1:${await closedPort()}`).planInfo());
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(/could not reach 127\.0\.0\.1/);
  });

  it('gives up after its timeout', async () => {
    const started = Date.now();
    const error = await failure(client(slowSim.url, 'demo', 'demo-token', 300).planInfo());
    expect(error.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = client(slowSim.url).planInfo({ signal: controller.signal });
    controller.abort(new Error('cancelled by the researcher'));
    await expect(pending).rejects.toThrow('cancelled by the researcher');
  });
});

describe('ApiClient against a misbehaving server', () => {
  it('keeps the raw body of an answer that is not JSON', async () => {
    const server = await rawServer((_req, res) => res.end('<html>gateway hiccup</html>'));
    const error = await failure(client(server.url).planInfo());
    await server.close();
    expect(error.code).toBe('API_MALFORMED_RESPONSE');
    expect(error.detail).toContain('<html>gateway hiccup</html>');
  });

  it('refuses JSON of the wrong shape, saying where', async () => {
    const server = await rawServer((_req, res) => res.end(JSON.stringify({ result: { reports: { credits: 'lots' } } })));
    const error = await failure(client(server.url).planInfo());
    await server.close();
    expect(error.code).toBe('API_MALFORMED_RESPONSE');
    expect(error.detail).toMatch(/result\.reports\.credits/);
  });

  it('maps HTTP 500 without a body to "temporarily unavailable"', async () => {
    const server = await rawServer((_req, res) => {
      res.statusCode = 500;
      res.end('oops');
    });
    const error = await failure(client(server.url).planInfo());
    await server.close();
    expect(error.code).toBe('API_UNAVAILABLE');
  });

  it('sends both auth headers and v=2', async () => {
    let seen: { url?: string; id?: string; token?: string } = {};
    const server = await rawServer((req, res) => {
      seen = { url: req.url, id: req.headers['x-auth-id'] as string, token: req.headers['x-auth-token'] as string };
      res.end(JSON.stringify({ result: { reports: {}, discovery: {} } }));
    });
    await client(server.url, 'acct-1', 'token-abcdef').planInfo();
    await server.close();
    expect(seen).toEqual({ url: '/api/method/auditor.planInfo/?v=2', id: 'acct-1', token: 'token-abcdef' });
  });
});
