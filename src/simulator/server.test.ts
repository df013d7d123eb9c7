import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from './server';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ credits: 42, discovery: 7 });
});
afterAll(() => sim.close());

async function call(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  const response = await fetch(`${sim.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const demo = { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token' };

describe('simulator: auth (spec section 5)', () => {
  it('listens on loopback only', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('accepts demo / demo-token', async () => {
    expect((await call('/api/method/auditor.planInfo/?v=2', demo)).status).toBe(200);
  });

  it.each([
    ['a wrong token', { 'x-auth-id': 'demo', 'x-auth-token': 'nope' }],
    ['a wrong id', { 'x-auth-id': 'someone', 'x-auth-token': 'demo-token' }],
    ['no headers', {}],
  ])('answers %s with HTTP 403 code 4 "Invalid token"', async (_what, headers) => {
    expect(await call('/api/method/auditor.planInfo/', headers)).toEqual({
      status: 403,
      body: { error: { code: 4, description: 'Invalid token' } },
    });
  });

  it('answers an account without API access with HTTP 402 code 27', async () => {
    const r = await call('/api/method/auditor.planInfo/', { 'x-auth-id': 'noapi', 'x-auth-token': 'noapi-token' });
    expect(r).toEqual({ status: 402, body: { error: { code: 27, description: 'No API access' } } });
  });

  it('answers a suspended account with code 34', async () => {
    const r = await call('/api/method/auditor.planInfo/', { 'x-auth-id': 'suspended', 'x-auth-token': 'suspended-token' });
    expect(r.body).toEqual({ error: { code: 34, description: 'Account is suspended' } });
  });
});

describe('simulator: auditor.planInfo (spec 2.13, 4.9)', () => {
  it('reports the instance balances in the documented shape', async () => {
    const r = await call('/api/method/auditor.planInfo/?v=2', demo);
    expect(r.body).toEqual({
      result: {
        reports: { plan: 'Pro', credits: 42, reports: 200, advanced_reports: 100 },
        discovery: { plan: 'Pro', requests: 7 },
      },
    });
  });

  it('answers POST with a form body as well as GET, and without the trailing slash', async () => {
    const r = await call('/api/method/auditor.planInfo', demo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'v=2',
    });
    expect(r.status).toBe(200);
    expect(sim.state.calls.get('auditor.planInfo')).toBeGreaterThan(0);
  });

  it('answers an unknown method with a JSON error, not a crash', async () => {
    const r = await call('/api/method/auditor.nothing/', demo);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: { code: 1 } });
  });
});
