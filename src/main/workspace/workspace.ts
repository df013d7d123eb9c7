// One open workspace: its SQLite file, its core (connection state, credit ledger, paid-work
// kernel, jobs, pictures, API access, team session) and the services of every domain, built by
// each domain's `register` from that core. Opening and closing is all this file does; the
// registry (registry.ts) decides when.
import fs from 'node:fs';
import path from 'node:path';
import { ScoutError } from '@shared/errors';
import type { CredentialStatus } from '@shared/contract';
import type { TeamSyncView } from '@shared/teamSync';
import { workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import type { Db } from '../platform/cache/database';
import type { DailyBackups } from '../platform/cache/backups';
import { WorkspaceMeta } from '../platform/cache/workspaceMeta';
import { ImagesRepository } from '../platform/cache/repositories';
import type { ApiClient } from '../platform/api/apiClient';
import { CreditLedger } from '../kernel/creditLedger';
import { PaidWork } from '../kernel/paidWork';
import { JobRegistry } from '../kernel/jobs';
import { ConnectionTracker } from '../kernel/connection';
import type { EventBus } from '../kernel/eventBus';
import { ImageCache, pictureUrls } from '../platform/pictures/imageCache';
import type { ReportServiceDeps } from '../domains/reports/reportServiceDeps';
import type { CredentialStore } from '../platform/credentials/credentialStore';
import type { TeamConnector, TeamConnectorOptions } from '../team/teamConnection';
import type { TeamLedger } from '../team/teamLedger';
import type { TeamSync } from '../team/sync';
import type { SharedWork } from '../team/sharedWork';
import { workspaceDbPath } from '../platform/paths';
import type { DomainModule, DomainParts, ServiceMap, WorkspaceContext } from '../domains/context';
import { ApiAccess, type ApiAccessDeps } from './apiAccess';
import { TeamSession, withinMs } from './teamSession';
import { IN_USE_MARKER } from './pageCheck';

/** How long closing waits for a paid call that is out to be recorded. */
const CLOSE_WAIT_MS = 20_000;
/**
 * On close, how long work waiting on the team database (a watchlist tick or run, the pool's last
 * queries) is waited for: a team database slow to answer does not hold Scout's exit for its
 * timeouts. What it has not told the team yet is told at the next start (outboxes, renewals).
 */
const TEAM_CLOSE_WAIT_MS = 2_000;
const META_MANUAL_OFFLINE = 'manualOffline';

export interface WorkspaceDeps extends ApiAccessDeps {
  dataDir: string;
  credentialStore: CredentialStore;
  events: EventBus;
  nativeBinding?: string;
  /** Report polling (tests shorten it). */
  polling?: Pick<ReportServiceDeps, 'pollDelayMs' | 'maxWaitMs'>;
  /** Whether a workspace is the active one: a spend confirmed there is refused once it is not. */
  isActive?: (id: WorkspaceId) => boolean;
  /** The Team workspace's team database connection: retry pauses, lease and timing (tests shorten them). */
  team?: TeamConnectorOptions;
  /** A workspace was found damaged and closed: the screens are told to read the workspaces again. */
  onDamaged?: (id: WorkspaceId) => void;
  /** The domains whose services each workspace holds (app/domains.ts), in the order they are built. */
  domains: readonly DomainModule<never>[];
}

// Each domain's services are the workspace's own properties (ws.reports, ws.tracking…).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the domains' services, assigned in the constructor
export interface Workspace extends ServiceMap {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class Workspace {
  readonly meta: WorkspaceMeta;
  readonly connection: ConnectionTracker;
  readonly ledger: CreditLedger;
  /** The paid-work kernel: the only way to an API operation that can spend. */
  readonly paid: PaidWork;
  /** Long work under way (fetches, exports, runs, syncs): cancelled, listed and awaited here. */
  readonly jobs: JobRegistry;
  readonly images: ImageCache;
  /** The API's address, the credentials and the client (and the demo's simulator). */
  readonly access: ApiAccess;
  /** The Team workspace's team side; null for Demo and Production. */
  readonly teamSession: TeamSession | null;
  /** Set when the workspace is opened from its file (not for an in-memory database). */
  dailyBackups: DailyBackups | null = null;
  /** The check of every page beside it (pageCheck.ts), while it runs. */
  pagesChecked: Promise<void> | null = null;
  /** Stops that check where it is when the workspace closes. */
  readonly stopChecks = new AbortController();
  private readonly parts: DomainParts[] = [];

  constructor(
    readonly id: WorkspaceId,
    readonly db: Db,
    private readonly deps: WorkspaceDeps,
  ) {
    this.meta = new WorkspaceMeta(db);
    this.connection = new ConnectionTracker(id, this.meta.get<boolean>(META_MANUAL_OFFLINE)?.value ?? false, (state) => deps.events.emit('connection:changed', state));
    this.access = new ApiAccess(id, this.meta, this.connection, deps);
    this.jobs = new JobRegistry(id, (name, payload) => deps.events.emit(name, payload));
    const services: Partial<ServiceMap> = {};
    this.teamSession =
      id === 'team'
        ? new TeamSession({
            id,
            db,
            meta: this.meta,
            events: deps.events,
            logger: deps.logger,
            credentialStore: deps.credentialStore,
            nativeBinding: deps.nativeBinding,
            options: deps.team,
            markUnlocked: (account, at) => services.reportsRepo?.markUnlocked(account.network, account.accountKey, at) ?? false,
          })
        : null;
    const team = this.teamSession;
    this.ledger = new CreditLedger(db, Date.now, team ? { onStep: team.ledger.enqueue } : {});
    this.paid = new PaidWork({
      api: () => this.api(),
      ledger: this.ledger,
      connection: this.connection,
      isActive: () => deps.isActive?.(id) ?? true,
      workspaceLabel: workspaceLabels[id],
      // Team: every claimed paid call asks the team database first, and is refused without a working connection.
      ...(team ? { team: team.connector.gate } : {}),
    });
    this.images = new ImageCache(new ImagesRepository(db), deps.logger, { loopbackOrigin: () => this.access.loopbackOrigin() });
    const storePictures = (result: unknown) => this.images.ensure(pictureUrls(result));
    const sharedWork = team?.sharedWork;
    const context: WorkspaceContext = {
      id,
      db,
      meta: this.meta,
      dataDir: deps.dataDir,
      connection: this.connection,
      ledger: this.ledger,
      paid: this.paid,
      jobs: this.jobs,
      events: deps.events,
      logger: deps.logger,
      polling: deps.polling,
      isActive: () => deps.isActive?.(id) ?? true,
      api: () => this.api(),
      loopbackOrigin: () => this.access.loopbackOrigin(),
      storePictures,
      tellReceived: (kinds) => team?.tell(kinds),
      share: team ? (out) => team.sync.share(out) : undefined,
      onEdit: sharedWork ? (...edit) => sharedWork.edited(...edit) : undefined,
      // What an editor opening a shared thing starts from (sent back with its edit as what it had seen).
      teamVersion: sharedWork ? (...of) => sharedWork.teamVersion(...of) ?? null : undefined,
      team: team?.side ?? null,
      use: (name) => {
        const service = services[name];
        if (service === undefined) throw new Error(`The ${String(name)} service is asked for before its domain registered.`);
        return service as ServiceMap[typeof name];
      },
    };
    for (const domain of deps.domains) {
      const parts = domain.register(context);
      for (const name of Object.keys(parts.services)) {
        if (name in services) throw new Error(`Two domains register a service called ${name}.`);
      }
      Object.assign(services, parts.services);
      this.parts.push(parts);
    }
    Object.assign(this, services);
    team?.plugIn(
      this.parts.flatMap((parts) => parts.codecs ?? []),
      this.parts,
      storePictures,
    );
  }

  /** Starts what runs on its own once the workspace is open: the team's sharing, the domains' schedules. */
  start(): void {
    this.startTeam();
    for (const parts of this.parts) parts.start?.();
  }

  /** The workspace became the active one again: what fell due meanwhile runs now. */
  activated(): void {
    for (const parts of this.parts) parts.activated?.();
  }

  get team(): TeamConnector | null {
    return this.teamSession?.connector ?? null;
  }

  get teamLedger(): TeamLedger | null {
    return this.teamSession?.ledger ?? null;
  }

  get teamSync(): TeamSync | null {
    return this.teamSession?.sync ?? null;
  }

  get sharedWork(): SharedWork | null {
    return this.teamSession?.sharedWork ?? null;
  }

  /** Where the Team workspace's sharing stands; `{ team: false }` in a workspace without a team. */
  teamSyncView(): TeamSyncView {
    return this.teamSession?.syncView() ?? { team: false };
  }

  /** Starts the Team workspace's background sharing (on opening, and after a restore). */
  startTeam(): void {
    this.teamSession?.start();
  }

  /** The team database answers again: outboxes pushed and teammates' news pulled now. */
  teamCatchUp(): void {
    this.teamSession?.catchUp();
  }

  api(): Promise<ApiClient> {
    return this.access.api();
  }

  baseUrl(): Promise<string> {
    return this.access.baseUrl();
  }

  configuredBaseUrl(): string {
    return this.access.configuredBaseUrl();
  }

  setBaseUrl(url: string): Promise<{ credentialsRemoved: boolean }> {
    return this.access.setBaseUrl(url);
  }

  saveCredentials(accountId: string, apiToken: string): Promise<void> {
    return this.access.saveCredentials(accountId, apiToken);
  }

  credentialStatus(): Promise<CredentialStatus> {
    return this.access.credentialStatus();
  }

  setManualOffline(offline: boolean) {
    this.meta.set(META_MANUAL_OFFLINE, offline);
    return this.connection.setManualOffline(offline);
  }

  /**
   * Work under way that may spend, or is spending, in words; empty when none. The jobs say it
   * best ("a discovery run (pages 1–6)"); a paid call outside any job (a history, an analysis)
   * is named by itself.
   */
  busyWith(): string[] {
    const jobs = this.jobs.running().map((job) => job.describe);
    return jobs.length > 0 ? [...new Set(jobs)] : this.paid.busy();
  }

  /**
   * Stops the workspace's work and closes its database. A paid call that is out finishes being
   * recorded first (its ledger row settled, or left open to be resolved at the next start), so
   * the database never closes under a spend; past CLOSE_WAIT_MS Scout closes anyway, the row
   * written before sending still on disk.
   */
  async close(): Promise<void> {
    this.teamSession?.closingNow();
    // No scheduled work starts from here on (what is under way is cancelled with the other jobs).
    const domainsStopped = Promise.allSettled(this.parts.map((parts) => parts.stop?.(TEAM_CLOSE_WAIT_MS)));
    this.jobs.cancelAll(new ScoutError({ code: 'CANCELLED', message: 'Stopped: Scout is closing this workspace.' }));
    // A paid call that is out is waited for (up to CLOSE_WAIT_MS) so its ledger row is settled;
    // cancelled jobs only a short while: one waiting on the team database (a watchlist run's claim
    // or renewal under a long lock) has nothing to record that is not written already.
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      Promise.all([withinMs(this.jobs.idle(), TEAM_CLOSE_WAIT_MS), this.paid.idle()]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!waited) this.deps.logger.warn(`workspace ${this.id}: closed while work was still under way (${this.busyWith().join(', ')}); open ledger rows are resolved at the next start`);
    await this.teamSession?.stop(TEAM_CLOSE_WAIT_MS);
    await this.access.close();
    await this.dailyBackups?.stop();
    await domainsStopped;
    // A check of the pages under way stops: its worker reads the file being closed.
    this.stopChecks.abort(new ScoutError({ code: 'CANCELLED', message: 'Stopped: the workspace closed.' }));
    await this.pagesChecked;
    this.db.close();
    // Closed cleanly: the next start need not read every page at once.
    fs.rmSync(path.join(path.dirname(workspaceDbPath(this.deps.dataDir, this.id)), IN_USE_MARKER), { force: true });
  }
}
