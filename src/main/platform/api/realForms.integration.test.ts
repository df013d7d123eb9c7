// Real answers end to end: for an account of each network that the simulator answers in the
// real forms of api-notes.md (simulator data/realForms.ts), the real ApiClient over loopback
// reads the report whole, it is saved in a real SQLite file and opens; an unknown account given
// as code 16 is "not found", with nothing spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoutError } from '@shared/errors';
import { ReportsRepository } from '../../domains/reports/reportsRepository';
import { tempDatabase, type TempDatabase } from '../cache/repositories/testkit';
import { notFoundAsCode16, usesRealForms } from '../../../simulator/data/realForms';
import { startSimulator, type SimulatorHandle } from '../../../simulator/server';
import { withKernelPass } from './paidGuard';
import { ApiClient } from './apiClient';
import { networks, type Network, type ParsedReport } from './types';

let sim: SimulatorHandle;
let t: TempDatabase;
beforeAll(async () => {
  sim = await startSimulator({ credits: 50, generationMs: 200 });
  t = tempDatabase('scout-real-forms-');
});
afterAll(async () => {
  await sim.close();
  t.dispose();
});

const client = () => new ApiClient({ baseUrl: sim.url, credentials: async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(sim.url).origin }) });

/** The first of `real0`, `real1` … that the simulator answers in the real forms on `network`. */
function realFormsAccount(network: Network): string {
  for (let i = 0; i < 200; i++) if (usesRealForms(network, `real${i}`)) return `real${i}`;
  throw new Error(`no real-forms account on ${network}`);
}

async function fetchReady(network: Network, name: string): Promise<{ first: ParsedReport; ready: ParsedReport }> {
  const api = client();
  const first = await withKernelPass(() => api.report(network, name, { paid: true }));
  let ready = first;
  for (let i = 0; i < 50 && ready.state === 'NOT_READY'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ready = await withKernelPass(() => api.report(network, name));
  }
  return { first, ready };
}

describe('real forms through the real ApiClient, saved and opened', () => {
  it.each(networks.map((n) => [n]))('%s', async (network) => {
    const name = realFormsAccount(network);
    const { first, ready } = await fetchReady(network, name);
    // NOT_READY with `report: false` and restTokens -1: not ready, and no balance.
    expect(first.state).toBe('NOT_READY');
    expect(first.restTokens).toBeNull();
    expect(ready.state).toBe('READY');
    // restTokens -1 is no balance; validUntil 57657398400 is no known end.
    expect(ready.restTokens).toBeNull();
    expect(ready.validUntil).toBeNull();
    expect(ready.summary?.username).toBe(name);
    expect(ready.summary?.followers).toEqual(expect.any(Number));
    expect(ready.result._scoutUnparsed).toBeUndefined();

    const repo = new ReportsRepository(t.db);
    expect(repo.saveSnapshot(ready, { fetchedAt: Date.now(), accountKey: name })).not.toBeNull();
    const opened = repo.open(network, name)!;
    expect(opened.summary).toEqual(ready.summary);
    expect(opened.validUntil).toBeNull();
    expect(opened.result).toEqual(ready.result);
  });

  it('an unknown account answered as code 16 "Object not found" is not found, nothing spent', async () => {
    let name = '';
    for (let i = 0; i < 50 && !name; i++) if (notFoundAsCode16(`notfound_${i}`)) name = `notfound_${i}`;
    const before = await client().planInfo();
    const error = await withKernelPass(() => client().report('twitch', name, { paid: true }))
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ScoutError);
    expect((error as ScoutError).code).toBe('API_NOT_FOUND');
    expect((error as ScoutError).message).toMatch(/no such account.*nothing was spent/);
    expect(await client().planInfo()).toEqual(before);
  });
});
