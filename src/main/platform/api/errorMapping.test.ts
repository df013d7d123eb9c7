// Every error of section 7, the string errors and the HTTP statuses of api-notes.md, produced by
// the simulator and read by the real client: each becomes a typed error with a useful message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoutError } from '@shared/errors';
import { startSimulator, type SimulatorHandle } from '../../../simulator/server';
import { ApiClient, ApiCallError } from './apiClient';
import { withKernelPass } from './paidGuard';

let sim: SimulatorHandle;
let empty: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ generationMs: 20 });
  empty = await startSimulator({ credits: 0, miniReports: 0, advancedReports: 0, discovery: 0 });
});
afterAll(async () => {
  await sim.close();
  await empty.close();
});

function client(baseUrl: string, options: { id?: string; token?: string; fault?: string; timeoutMs?: number } = {}) {
  const faultyFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...(options.fault ? { 'x-sim-fault': options.fault } : {}) } });
  return new ApiClient({
    baseUrl,
    credentials: async () => ({ accountId: options.id ?? 'demo', apiToken: options.token ?? 'demo-token', origin: new URL(baseUrl).origin }),
    fetch: faultyFetch,
    timeoutMs: options.timeoutMs ?? 1000,
    retry: { maxAttempts: 1 },
  });
}

/** These tests read the client itself, so they call balance-touching operations with the kernel's pass. */
async function error(p: Promise<unknown> | (() => Promise<unknown>)): Promise<ScoutError> {
  const e = await withKernelPass(() => (typeof p === 'function' ? p() : p)).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(ScoutError);
  return e as ScoutError;
}

describe('section 7 errors through the client', () => {
  it.each([
    ['1 Unknown error (HTTP 500)', () => client(sim.url, { fault: '500' }).planInfo(), 'API_UNAVAILABLE', /try again/i],
    ['4 Invalid token', () => client(sim.url, { token: 'nope' }).planInfo(), 'API_INVALID_TOKEN', /Invalid token/],
    ['8 Invalid request', () => client(sim.url).search({ page: 1 }), 'API_BAD_REQUEST', /invalid/i],
    ['8 Report not found', () => client(sim.url).competitorGet('missing'), 'API_BAD_REQUEST', /invalid/i],
    ['15 Access denied', () => client(sim.url).instagramMedia('never_unlocked'), 'API_ACCESS_DENIED', /unlocked report/],
    ['16 Object not found', () => client(sim.url).creators({ creator_ids: '1,2' }), 'API_NOT_FOUND', /no such/],
    ['26 not enough credits', () => client(empty.url).report('twitch', 'someone', { paid: true }), 'API_OUT_OF_CREDITS', /no credits left/],
    ['27 No API access', () => client(sim.url, { id: 'noapi', token: 'noapi-token' }).planInfo(), 'API_NO_ACCESS', /No API access/],
    ['34 Account is suspended', () => client(sim.url, { id: 'suspended', token: 'suspended-token' }).planInfo(), 'API_ACCOUNT_SUSPENDED', /suspended/],
    ['103 Invalid user ID', () => client(sim.url).report('tiktok', 'abc', { byUserId: true }), 'API_INVALID_USER_ID', /user id/],
    ['CHANNEL_NOT_FOUND', () => client(sim.url).report('twitch', 'notfound_x'), 'API_CHANNEL_NOT_FOUND', /no account by that name/],
    ['HTTP 403, a private account', () => client(sim.url).report('instagram', 'private_person'), 'API_ACCOUNT_UNAVAILABLE', /private or has no posts.*nothing was spent/],
    ['HTTP 429', () => client(sim.url, { fault: '429' }).planInfo(), 'API_RATE_LIMITED', /limiting/],
    ['HTTP 502', () => client(sim.url, { fault: '502' }).planInfo(), 'API_UNAVAILABLE', /temporarily/],
  ])('%s', async (_row, call, code, message) => {
    const e = await error(call);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  it.each([['NO_VIDEOS', 'novideos_a', 'API_NO_VIDEOS'], ['NO_VIEWS', 'noviews_a', 'API_NO_VIEWS']])(
    '%s after generation, in either delivery form',
    async (_name, prefix, code) => {
      for (const suffix of ['1', '2', '3', '4']) {
        const c = client(sim.url);
        await withKernelPass(() => c.report('tiktok', `${prefix}${suffix}`));
        sim.advanceClock(100);
        expect((await error(() => c.report('tiktok', `${prefix}${suffix}`))).code).toBe(code);
      }
    },
  );
});

describe('faults through the client', () => {
  it.each([
    ['reset', 'NETWORK', 'unknown'],
    ['malformed', 'API_MALFORMED_RESPONSE', 'unknown'],
    ['timeout', 'TIMEOUT', 'unknown'],
    ['500', 'API_UNAVAILABLE', 'not-processed'],
    ['429', 'API_RATE_LIMITED', 'not-processed'],
  ])('%s → %s, outcome %s', async (fault, code, outcome) => {
    const e = await error(() => client(sim.url, { fault, timeoutMs: 300 }).report('twitch', `fault_${fault}`, { paid: true }));
    expect(e).toBeInstanceOf(ApiCallError);
    expect(e).toMatchObject({ code, outcome });
  });

  it('keeps the raw body of an unreadable answer for the researcher', async () => {
    const e = (await error(client(sim.url, { fault: 'malformed' }).planInfo())) as ApiCallError;
    expect(e.rawBody ?? e.detail).toContain('"result"');
  });

  it('slow answers still arrive within the timeout', async () => {
    const slow = await startSimulator({ slowMs: 300 });
    const plan = await client(slow.url, { fault: 'slow', timeoutMs: 2000 }).planInfo();
    expect(plan.reports.credits).toBe(1000);
    await slow.close();
  });
});
