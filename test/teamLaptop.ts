// A laptop for Team workspace tests: main services on a data folder of their own, driven through
// the handlers the renderer calls, the Team workspace active and its API address and credentials
// on a shared simulator (the referee of what was charged). The team database password goes to the
// real keychain (run with scripts/with-keyring.sh).
import fs from 'node:fs';
import path from 'node:path';
import type { ScoutEvent } from '@shared/contract';
import type { TeamView } from '@shared/team';
import { Logger } from '../src/main/platform/log';
import { KeytarCredentialStore } from '../src/main/platform/credentials/credentialStore';
import { MainServices } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import type { SimulatorHandle } from '../src/simulator/server';
import type { Researcher } from './teamDb';
import { tempDir } from './support';

export interface Laptop {
  services: MainServices;
  logFile: string;
  /** Every answer and every event, as JSON, for the checks that a password never leaves main. */
  seen: string[];
  events: ScoutEvent[];
  call<T = unknown>(channel: string, payload?: unknown): Promise<T>;
  /** The error of a call expected to fail. */
  failure(channel: string, payload?: unknown): Promise<{ code: string; message: string; detail?: string }>;
}

/** Main services on a data folder of their own, Team active, its API address and credentials on the simulator. */
export async function teamLaptop(context: { sim: SimulatorHandle; keychainService: string; open: MainServices[] }, options: { keychain?: string; heldWaitMs?: number; leaseMs?: number; dataDir?: string; appTimings?: boolean } = {}): Promise<Laptop> {
  const { sim, keychainService, open } = context;
  // A data folder given: a laptop started again on the folder of one before it (restarted, or killed).
  const dataDir = options.dataDir ?? tempDir('scout-team-');
  const logFile = path.join(dataDir, 'logs', 'scout.log');
  const logger = new Logger('debug');
  logger.addFileSink(logFile);
  const services = new MainServices({
    dataDir,
    host: 'browser',
    version: 'test',
    logger,
    credentialStore: new KeytarCredentialStore(options.keychain ?? keychainService, (s) => logger.registerSecret(s)),
    // A discovery page takes the simulator well under a second alone but over two beside another
    // test worker on CI, and a paid answer cut off by the timeout is (rightly) not asked again:
    // no team test waits for a timeout, so it is as long as a slow machine needs.
    // `appTimings`: the app's own timeouts, retries, polls and leases (a test of how long something takes).
    ...(options.appTimings
      ? {}
      : {
          apiTimeoutMs: 15_000,
          transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } },
          polling: { pollDelayMs: () => 20, maxWaitMs: 10_000 },
          team: { firstRetryMs: 50, maxRetryMs: 200, gate: { leaseMs: options.leaseMs ?? 5_000, heldPollMs: 20, ...(options.heldWaitMs ? { heldWaitMs: options.heldWaitMs } : {}) } },
        }),
  });
  open.push(services);
  const seen: string[] = [];
  const events: ScoutEvent[] = [];
  services.events.subscribe((event) => {
    events.push(event);
    seen.push(JSON.stringify(event));
  });
  const dispatch = createDispatcher(createHandlers(services), logger, () => services.ready());
  const raw = async (channel: string, payload: unknown) => {
    const result = await dispatch(channel, payload);
    seen.push(JSON.stringify(result));
    return result as { ok: boolean; value?: unknown; error?: { code: string; message: string; detail?: string } };
  };
  const l: Laptop = {
    services,
    logFile,
    seen,
    events,
    async call<T>(channel: string, payload: unknown = {}) {
      const result = await raw(channel, payload);
      if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error!.code} ${result.error!.message}`), { code: result.error!.code });
      return result.value as T;
    },
    async failure(channel: string, payload: unknown = {}) {
      const result = await raw(channel, payload);
      if (result.ok) throw new Error(`${channel} succeeded, expected it to fail`);
      return result.error!;
    },
  };
  await l.call('workspace:switch', { workspace: 'team' });
  await l.call('workspace:setBaseUrl', { workspace: 'team', baseUrl: sim.url });
  await l.call('credentials:set', { workspace: 'team', accountId: 'demo', apiToken: 'demo-token' });
  return l;
}

export const settingsOf = (r: Researcher) => ({ host: r.connection.host, port: r.connection.port, database: r.connection.database, user: r.connection.user });
export const connect = (l: Laptop, r: Researcher, password = r.connection.password) => l.call<TeamView>('team:set', { ...settingsOf(r), password });
export const logOf = (l: Laptop) => (fs.existsSync(l.logFile) ? fs.readFileSync(l.logFile, 'utf8') : '');


/**
 * After each test: every laptop's main services closed and the keychain entries they used (the
 * team database password, the Team workspace's API credentials) removed.
 */
export async function closeLaptops(open: MainServices[], keychains: readonly string[]): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (const service of keychains) {
    const store = new KeytarCredentialStore(service);
    await store.deleteSecret('team-db').catch(() => undefined);
    await store.delete('team').catch(() => undefined);
  }
}
