// Main services on a fresh data folder whose production workspace talks to a simulator, for
// service tests: `productionHarness` with short retries and polling, `productionHarnessWith` with
// exactly the MainServices options a test names (MainServices' own defaults otherwise).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '../src/main/platform/log';
import { MainServices, type MainServicesOptions } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers, type Dispatch } from '../src/main/host/handlers';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../src/simulator/server';
import type { Channel } from '@shared/channels';
import type { RequestOf, ResponseOf } from '@shared/contract';
import type { Result } from '@shared/errors';
import { MemoryCredentials } from './support';

export interface ProductionHarness {
  sim: SimulatorHandle;
  services: MainServices;
  credentials: MemoryCredentials;
  dispatch: Dispatch;
  /** Untyped: the answer's value, or throws the error (with its code). */
  call<T = unknown>(channel: string, payload?: unknown): Promise<T>;
  /** The dispatcher's answer as it is, error or value. */
  result<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>>;
  /** The answer's value; an error throws `${channel}: ${code} ${message}`. */
  ok<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  close(): Promise<void>;
}

export interface ProductionHarnessOptions {
  /** For a simulator of the harness's own, closed with it. */
  simOptions?: SimulatorOptions;
  /** A simulator already running (another harness's, or one behind a proxy): left open on close. */
  sim?: SimulatorHandle;
  /** Where production sends its requests, when not straight to the simulator (a proxy in front of it). */
  baseUrl?: string;
  /** Passed to MainServices as they are: nothing is added for what a test leaves out. */
  services?: Pick<MainServicesOptions, 'apiTimeoutMs' | 'transport' | 'polling'>;
  /** false: no API credentials stored for production. */
  credentials?: boolean;
}

export async function productionHarness(
  simOptions: SimulatorOptions = {},
  polling: { pollDelayMs?: () => number; maxWaitMs?: number } = {},
  /** Another harness's simulator: a second Scout on its own data folder sharing one API account. */
  sharedSimulator?: SimulatorHandle,
): Promise<ProductionHarness> {
  return productionHarnessWith({
    simOptions: { generationMs: 30, ...simOptions },
    sim: sharedSimulator,
    services: {
      apiTimeoutMs: 1000,
      transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } },
      polling: { pollDelayMs: polling.pollDelayMs ?? (() => 20), maxWaitMs: polling.maxWaitMs ?? 10_000 },
    },
  });
}

export async function productionHarnessWith(options: ProductionHarnessOptions = {}): Promise<ProductionHarness> {
  const sim = options.sim ?? (await startSimulator(options.simOptions));
  const baseUrl = options.baseUrl ?? sim.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-prod-'));
  const credentials = new MemoryCredentials();
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'test', logger, credentialStore: credentials, ...options.services });
  await services.switchWorkspace('production');
  await services.active().setBaseUrl(baseUrl);
  if (options.credentials !== false) {
    await credentials.set('production', { accountId: 'demo', apiToken: 'demo-token', origin: new URL(baseUrl).origin });
  }
  const dispatch = createDispatcher(createHandlers(services), logger, () => services.ready());
  const result = async <C extends Channel>(channel: C, request: RequestOf<C>) => (await dispatch(channel, request)) as Result<ResponseOf<C>>;
  return {
    sim,
    services,
    credentials,
    dispatch,
    async call<T>(channel: string, payload: unknown = {}) {
      const r = await dispatch(channel, payload);
      if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r.value as T;
    },
    result,
    async ok<C extends Channel>(channel: C, request: RequestOf<C>) {
      const r = await result(channel, request);
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    async close() {
      await services.close();
      if (!options.sim) await sim.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
