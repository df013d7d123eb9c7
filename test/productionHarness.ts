// Main services on a fresh data folder whose production workspace talks to a simulator, with
// short retries and polling, for service tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '../src/main/log';
import { MainServices } from '../src/main/services/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../src/simulator/server';
import { MemoryCredentials } from './support';

export interface ProductionHarness {
  sim: SimulatorHandle;
  services: MainServices;
  call<T = unknown>(channel: string, payload?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function productionHarness(
  simOptions: SimulatorOptions = {},
  polling: { pollDelayMs?: () => number; maxWaitMs?: number } = {},
  /** Another harness's simulator: a second Scout on its own data folder sharing one API account. */
  sharedSimulator?: SimulatorHandle,
): Promise<ProductionHarness> {
  const sim = sharedSimulator ?? (await startSimulator({ generationMs: 30, ...simOptions }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-prod-'));
  const credentials = new MemoryCredentials();
  const logger = new Logger('error');
  const services = new MainServices({
    dataDir,
    host: 'browser',
    version: 'test',
    logger,
    credentialStore: credentials,
    apiTimeoutMs: 1000,
    transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } },
    polling: { pollDelayMs: polling.pollDelayMs ?? (() => 20), maxWaitMs: polling.maxWaitMs ?? 10_000 },
  });
  await services.switchWorkspace('production');
  await services.active().setBaseUrl(sim.url);
  await credentials.set('production', { accountId: 'demo', apiToken: 'demo-token', origin: new URL(sim.url).origin });
  const dispatch = createDispatcher(createHandlers(services), logger);
  return {
    sim,
    services,
    async call<T>(channel: string, payload: unknown = {}) {
      const r = await dispatch(channel, payload);
      if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r.value as T;
    },
    async close() {
      await services.close();
      if (!sharedSimulator) await sim.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
