// Builds the real main services on a fresh data folder, a real keychain entry and a log file,
// as both hosts do, for integration tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '../src/main/platform/log';
import { KeytarCredentialStore } from '../src/main/platform/credentials/credentialStore';
import { MainServices } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers, type Dispatch } from '../src/main/host/handlers';
import type { SimulatorOptions } from '../src/simulator/server';
import { tempDir } from './support';

export interface Harness {
  dataDir: string;
  /** The private keychain service this harness's entries live under. */
  keychainService: string;
  logFile: string;
  services: MainServices;
  dispatch: Dispatch;
  /** Every value any call returned, as JSON, for secret checks. */
  responses: string[];
  call<T = unknown>(channel: string, payload?: unknown): Promise<T>;
  callRaw(channel: string, payload?: unknown): Promise<unknown>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function createHarness(options: { simulator?: SimulatorOptions; apiTimeoutMs?: number; dataDir?: string } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? tempDir('scout-main-');
  const logFile = path.join(dataDir, 'logs', 'scout.log');
  const keychainService = `scout-workbench-test-${crypto.randomUUID()}`;
  const responses: string[] = [];

  const build = () => {
    const logger = new Logger('debug');
    logger.addFileSink(logFile);
    const services = new MainServices({
      dataDir,
      host: 'browser',
      version: '0.0.0-test',
      logger,
      credentialStore: new KeytarCredentialStore(keychainService, (s) => logger.registerSecret(s)),
      simulator: options.simulator,
      apiTimeoutMs: options.apiTimeoutMs,
    });
    return { services, dispatch: createDispatcher(createHandlers(services), logger, () => services.ready()) };
  };

  let current = build();
  const harness: Harness = {
    dataDir,
    keychainService,
    logFile,
    get services() {
      return current.services;
    },
    get dispatch() {
      return current.dispatch;
    },
    responses,
    async callRaw(channel, payload = {}) {
      const result = await current.dispatch(channel, payload);
      responses.push(JSON.stringify(result));
      return result;
    },
    async call<T>(channel: string, payload: unknown = {}) {
      const result = (await harness.callRaw(channel, payload)) as { ok: boolean; value?: T; error?: { code: string; message: string } };
      if (!result.ok) throw Object.assign(new Error(result.error!.message), { code: result.error!.code });
      return result.value as T;
    },
    async restart() {
      await current.services.close();
      current = build();
    },
    async close() {
      await current.services.credentialStore.delete('production').catch(() => {});
      await current.services.close();
    },
  };
  return harness;
}

export function readLog(h: Harness): string {
  return fs.existsSync(h.logFile) ? fs.readFileSync(h.logFile, 'utf8') : '';
}
