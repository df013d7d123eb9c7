// A workspace's way to the API: its address, its credentials in the keychain (bound to the
// origin they were entered for), its one API client, and the demo workspace's simulator.
import path from 'node:path';
import { ScoutError } from '@shared/errors';
import type { CredentialStatus } from '@shared/contract';
import { DEFAULT_PRODUCTION_BASE_URL, apiAddressProblem, apiOrigin, isLoopbackHost, maskAccountId, workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import type { WorkspaceMeta } from '../platform/cache/workspaceMeta';
import { ApiClient } from '../platform/api/apiClient';
import type { TransportOptions } from '../platform/api/transport';
import type { CredentialStore, Credentials } from '../platform/credentials/credentialStore';
import type { SimulatorHandle, SimulatorOptions } from '../../simulator/server';
import type { ConnectionTracker } from '../kernel/connection';
import type { Logger } from '../platform/log';
import { workspaceDbPath } from '../platform/paths';

export const DEMO_CREDENTIALS: Omit<Credentials, 'origin'> = { accountId: 'demo', apiToken: 'demo-token' };

const META_BASE_URL = 'baseUrl';

export interface ApiAccessDeps {
  /** Scout's data folder: the demo's simulator keeps its state in the demo workspace's folder there. */
  dataDir?: string;
  credentialStore: CredentialStore;
  logger: Logger;
  simulator?: SimulatorOptions;
  /** The demo workspace talks to this simulator instead of starting its own. */
  demoApiUrl?: string;
  apiTimeoutMs?: number;
  /** Retry and circuit settings (tests shorten them). */
  transport?: Pick<TransportOptions, 'retry' | 'circuit' | 'tiktokPerMinute' | 'rateWindowMs'>;
}

export class ApiAccess {
  /** The last keychain problem logged, so a problem that persists is logged once. */
  private lastCredentialProblem: string | null = null;
  private simulator: Promise<SimulatorHandle> | null = null;
  private client: { baseUrl: string; api: ApiClient } | null = null;

  constructor(
    private readonly id: WorkspaceId,
    private readonly meta: WorkspaceMeta,
    private readonly connection: ConnectionTracker,
    private readonly deps: ApiAccessDeps,
  ) {}

  /**
   * The one http origin a picture or PDF link may have: a simulator on this computer (the demo
   * workspace's own, or one the production address points at). Every other link is https.
   */
  async loopbackOrigin(): Promise<string | null> {
    const api = new URL(await this.baseUrl());
    return api.protocol === 'http:' && isLoopbackHost(api.hostname) ? api.origin : null;
  }

  /** The configured address; for the demo workspace, the running simulator's. */
  async baseUrl(): Promise<string> {
    if (this.id === 'demo') return this.deps.demoApiUrl ?? (await this.startSimulator()).url;
    const url = this.configuredBaseUrl();
    // An address saved before the https rule (or written into the database by hand) is not used.
    const problem = apiAddressProblem(url);
    if (problem) throw new ScoutError({ code: 'INVALID_INPUT', message: `The ${workspaceLabels[this.id]} API address ${url} cannot be used. ${problem} Change it in Settings.` });
    return url;
  }

  configuredBaseUrl(): string {
    if (this.id === 'demo') return this.deps.demoApiUrl ? `simulator at ${this.deps.demoApiUrl}` : 'simulator (loopback)';
    return this.meta.get<string>(META_BASE_URL)?.value ?? DEFAULT_PRODUCTION_BASE_URL;
  }

  /**
   * Saves the API address. Credentials belong to the origin they were entered for, so a change of
   * origin removes them: the researcher enters them again for the new address.
   */
  async setBaseUrl(url: string): Promise<{ credentialsRemoved: boolean }> {
    if (this.id === 'demo') {
      throw new ScoutError({ code: 'NOT_SUPPORTED', message: 'The demo workspace always talks to the built-in simulator.' });
    }
    const problem = apiAddressProblem(url);
    if (problem) throw new ScoutError({ code: 'INVALID_INPUT', message: problem });
    const previous = this.configuredBaseUrl();
    this.meta.set(META_BASE_URL, url.replace(/\/+$/, ''));
    if (originOf(previous) === apiOrigin(url)) return { credentialsRemoved: false };
    try {
      await this.deps.credentialStore.delete(this.id);
      return { credentialsRemoved: true };
    } catch (error) {
      // The entry stays bound to the old origin, so nothing is sent to the new one either way.
      if (!(error instanceof ScoutError)) throw error;
      this.deps.logger.warn(`workspace ${this.id}: old credentials not removed: ${error.message}`);
      return { credentialsRemoved: false };
    }
  }

  /** Saves credentials bound to the workspace's current API origin. */
  async saveCredentials(accountId: string, apiToken: string): Promise<void> {
    if (this.id === 'demo') {
      throw new ScoutError({ code: 'NOT_SUPPORTED', message: 'The demo workspace uses the simulator\'s built-in account.' });
    }
    await this.deps.credentialStore.set(this.id, { accountId, apiToken, origin: apiOrigin(await this.baseUrl()) });
  }

  async credentials(): Promise<Credentials> {
    if (this.id === 'demo') return { ...DEMO_CREDENTIALS, origin: apiOrigin(await this.baseUrl()) };
    const stored = await this.deps.credentialStore.get(this.id);
    if (!stored) {
      throw new ScoutError({
        code: 'NO_CREDENTIALS',
        message: `The ${workspaceLabels[this.id]} workspace has no API credentials yet. Enter the account id and API token in Settings.`,
      });
    }
    return stored;
  }

  async credentialStatus(): Promise<CredentialStatus> {
    if (this.id === 'demo') {
      return {
        workspace: 'demo',
        hasCredentials: true,
        accountIdMasked: maskAccountId(DEMO_CREDENTIALS.accountId),
        editable: false,
        problem: null,
        origin: null,
        keychainAvailable: true,
      };
    }
    try {
      const stored = await this.deps.credentialStore.get(this.id);
      this.lastCredentialProblem = null;
      return {
        workspace: this.id,
        hasCredentials: stored !== null,
        accountIdMasked: stored ? maskAccountId(stored.accountId) : null,
        editable: true,
        problem: stored && stored.origin !== originOf(this.configuredBaseUrl()) ? wrongOriginMessage(stored.origin, this.configuredBaseUrl()) : null,
        origin: stored?.origin ?? null,
        keychainAvailable: true,
      };
    } catch (error) {
      // One workspace's keychain trouble must not hide the workspace: show it with the reason.
      if (!(error instanceof ScoutError)) throw error;
      // Every screen asks for the status: the log says the problem once, not on every ask.
      const line = `workspace ${this.id}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`;
      if (line !== this.lastCredentialProblem) this.deps.logger.warn(line);
      this.lastCredentialProblem = line;
      return {
        workspace: this.id,
        hasCredentials: false,
        accountIdMasked: null,
        editable: true,
        problem: error.message,
        origin: null,
        keychainAvailable: error.code !== 'KEYCHAIN_UNAVAILABLE',
      };
    }
  }

  /** One client per API address, kept: its rate limiter and circuit must remember. */
  async api(): Promise<ApiClient> {
    const baseUrl = await this.baseUrl();
    if (this.client?.baseUrl !== baseUrl) {
      const api = new ApiClient({
        baseUrl,
        credentials: () => this.credentials(),
        timeoutMs: this.deps.apiTimeoutMs,
        ...this.deps.transport,
        onReachability: (reachable, reason) => this.connection.setReachable(reachable, reason),
      });
      this.client = { baseUrl, api };
    }
    return this.client.api;
  }

  /** Stops the demo workspace's simulator, if it started. */
  async close(): Promise<void> {
    const sim = this.simulator;
    this.simulator = null;
    if (sim) await (await sim).close();
  }

  private startSimulator(): Promise<SimulatorHandle> {
    // Loaded with the demo's first call to the API: a fifth of main's code, which a start that
    // only reads the cache (or another workspace) never needs.
    this.simulator ??= import('../../simulator/server')
      .then(({ startSimulator }) =>
        startSimulator({
          // The simulator remembers what it sold as long as the demo's cache does, so a restart
          // never charges for a refresh the cache calls free. Options may name another file.
          stateFile: this.deps.dataDir ? demoSimulatorStateFile(this.deps.dataDir) : undefined,
          logger: this.deps.logger,
          ...this.deps.simulator,
          port: this.deps.simulator?.port ?? 0,
        }),
      )
      .then((sim) => {
        this.deps.logger.info(`demo workspace: API simulator on ${sim.url}`);
        return sim;
      });
    return this.simulator;
  }
}

/** The demo's simulator state, beside the demo workspace's database. */
export function demoSimulatorStateFile(dataDir: string): string {
  return path.join(path.dirname(workspaceDbPath(dataDir, 'demo')), 'simulator-state.json');
}

function originOf(url: string): string | null {
  try {
    return apiOrigin(url);
  } catch {
    return null;
  }
}

function wrongOriginMessage(saved: string, address: string): string {
  return `The saved credentials were entered for ${saved}, not for ${address}, so Scout does not send them there. Enter the account id and token again for this address.`;
}
