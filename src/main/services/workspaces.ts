// The two workspaces and what each owns: its SQLite file, its API address and credentials, its
// connection state. The demo workspace runs the API simulator in this process on a free
// loopback port, so Scout works with no account at all.
import type { BalanceKind } from '@shared/balances';
import { ScoutError } from '@shared/errors';
import type { TeamView } from '@shared/team';
import { SKIPPED_LISTED, type TeamJoinProgress, type TeamJoinResult, type TeamNotice, type TeamSyncView } from '@shared/teamSync';
import type { BackupInfo, ExportSubject, WorkspaceState, WorkspaceSummary, CredentialStatus } from '@shared/contract';
import { ExportService, type ExportPlan } from '../exports/exportService';
import { exportPlan } from '../exports/plans';
import { DEFAULT_PRODUCTION_BASE_URL, apiAddressProblem, apiOrigin, isLoopbackHost, maskAccountId, workspaceIds, workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import fs from 'node:fs';
import { schemaVersion, type Db } from '../cache/database';
import { latestVersion } from '../cache/migrate';
import { migrations } from '../cache/migrations';
import { runDbTask } from '../cache/dbTasks';
import { makePrivateFile } from '../privateFiles';
import { openWorkspaceDatabase, restoreAdvice } from '../cache/workspaceStore';
import { preparedOnFirstUse } from '../cache/preparedOnFirstUse';
import { carryLedgerOver, carryTeamOutboxOver, DailyBackups, listBackups, restoreBackupFile } from '../cache/backups';
import { WorkspaceMeta } from '../cache/workspaceMeta';
import { ApiClient } from '../api/apiClient';
import type { TransportOptions } from '../api/transport';
import { AlertsRepository, WatchlistsRepository, AccountNotesRepository, AttemptsRepository, ComparisonsRepository, HistoryRepository, ImagesRepository, MediaRepository, MentionsRepository, ReportsRepository } from '../cache/repositories';
import { ImageCache, pictureUrls } from './imageCache';
import { CompanionService } from './companionService';
import { CompareService } from './compareService';
import { AccountNotesService } from './accountNotesService';
import { TrackingService } from './trackingService';
import { AlertsService } from './alertsService';
import { ArchiveService } from './archiveService';
import { AgencyService } from './agencyService';
import { ClientReportService } from './clientReportService';
import { CompetitorService } from './competitorService';
import { CompetitorRepository } from '../cache/repositories/competitorRepository';
import { CompetitorPostsRepository } from '../cache/repositories/competitorPostsRepository';
import { PdfsRepository } from '../cache/repositories/pdfsRepository';
import { CreatorsRepository } from '../cache/repositories/creatorsRepository';
import { DiscoveryRepository } from '../cache/repositories/discoveryRepository';
import { DiscoveryWorkspaceRepository } from '../cache/repositories/discoveryWorkspaceRepository';
import { ListsRepository } from '../cache/repositories/listsRepository';
import { DiscoveryService } from './discoveryService';
import { ListsService } from './listsService';
import { CreatorsService } from './creatorsService';
import { UnlockQuotes } from './unlockQuotes';
import path from 'node:path';
import { CreditLedger } from '../ledger/creditLedger';
import { ReportService, type ReportServiceDeps } from './reportService';
import { PaidWork } from '../ledger/paidWork';
import { JobRegistry, jobKeys } from './jobs';
import type { CredentialStore, Credentials } from '../credentials/credentialStore';
import { workspaceDbPath } from '../paths';
import type { SimulatorHandle, SimulatorOptions } from '../../simulator/server';
import { ConnectionTracker } from './connection';
import type { EventBus } from './eventBus';
import { lastKnownDiscoveryCalls } from './planService';
import type { Logger } from '../log';
import { TeamConnector, type TeamConnectorOptions } from '../team/teamConnection';
import type pg from 'pg';
import { TeamCodecs, type TeamRecordCodec, type TeamRecordIn, type TeamRecordOut } from '../team/codecs';
import { TeamError } from '../team/errors';
import { TEAM_SCHEMA } from '../team/names';
import { SqliteClaimTokens } from '../team/claims';
import { TeamLedger } from '../team/teamLedger';
import { teamUnlocks, UnlockEvidence, type AccountOf } from '../team/teamUnlocks';
import { TeamSync } from '../team/sync';
import { teamSharedWork } from '../team/sharedDocs';
import { TeamTracking } from '../team/teamTracking';
import { teamItemParts } from '../team/records';
import { DOC_FIELD, type SharedWork } from '../team/sharedWork';
import { PdfTeamCodec } from './archiveService';
import { DiscoveryTeamCodec } from './discoveryService';
import { CompetitorTeamCodec } from './competitorService';
import { batched, nextTurn } from '../util/timeSlices';
import { eventError } from '../errorWording';
import type { Network } from '@shared/reports';

export const DEMO_CREDENTIALS: Omit<Credentials, 'origin'> = { accountId: 'demo', apiToken: 'demo-token' };

const META_BASE_URL = 'baseUrl';
/** How long closing waits for a paid call that is out to be recorded. */
const CLOSE_WAIT_MS = 20_000;
/**
 * On close, how long work waiting on the team database (a watchlist tick or run, the pool's last
 * queries) is waited for: a team database slow to answer does not hold Scout's exit for its
 * timeouts. What it has not told the team yet is told at the next start (outboxes, renewals).
 */
const TEAM_CLOSE_WAIT_MS = 2_000;

/** Resolves when `work` settles or after `ms`, whichever comes first. */
function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([work.then(() => undefined, () => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}
const META_MANUAL_OFFLINE = 'manualOffline';
/** Which team database a Team workspace's records were received from (its address and name). */
const META_TEAM_RECORDS_FROM = 'teamRecordsFrom';

export interface WorkspaceDeps {
  dataDir: string;
  credentialStore: CredentialStore;
  events: EventBus;
  logger: Logger;
  nativeBinding?: string;
  simulator?: SimulatorOptions;
  /** The demo workspace talks to this simulator instead of starting its own. */
  demoApiUrl?: string;
  apiTimeoutMs?: number;
  /** Retry and circuit settings (tests shorten them). */
  transport?: Pick<TransportOptions, 'retry' | 'circuit' | 'tiktokPerMinute' | 'rateWindowMs'>;
  /** Report polling (tests shorten it). */
  polling?: Pick<ReportServiceDeps, 'pollDelayMs' | 'maxWaitMs'>;
  /** Whether a workspace is the active one: a spend confirmed there is refused once it is not. */
  isActive?: (id: WorkspaceId) => boolean;
  /** The Team workspace's team database connection: retry pauses, lease and timing (tests shorten them). */
  team?: TeamConnectorOptions;
  /** A workspace was found damaged and closed: the screens are told to read the workspaces again. */
  onDamaged?: (id: WorkspaceId) => void;
}

export class Workspace {
  readonly meta: WorkspaceMeta;
  readonly connection: ConnectionTracker;
  readonly ledger: CreditLedger;
  readonly reportsRepo: ReportsRepository;
  readonly reports: ReportService;
  readonly companions: CompanionService;
  readonly images: ImageCache;
  readonly compare: CompareService;
  /** The researcher's note and tags on each account (the team's, in a Team workspace). */
  readonly notes: AccountNotesService;
  readonly archive: ArchiveService;
  /** Settings → Your agency: the brand every deliverable carries. */
  readonly agency: AgencyService;
  /** Scout's own client report of an account, from the cache (kept in the archive). */
  readonly clientReports: ClientReportService;
  readonly competitor: CompetitorService;
  readonly discovery: DiscoveryService;
  readonly lists: ListsService;
  readonly creators: CreatorsService;
  /** Files written from the cache (sheets of Compare, Discovery, Competitor, Lists, Creators). */
  readonly exports: ExportService;
  /** Watchlists: accounts refreshed on a schedule while their access is free. */
  readonly tracking: TrackingService;
  /** Alerts raised by watchlists' rules on what their refreshes found. */
  readonly alerts: AlertsService;
  /** Report quotes that ask auditor.creators about accounts Scout has no record of. */
  readonly unlocks: UnlockQuotes;
  /** The paid-work kernel: the only way to an API operation that can spend. */
  readonly paid: PaidWork;
  /** Long work under way (fetches, exports, runs, syncs): cancelled, listed and awaited here. */
  readonly jobs: JobRegistry;
  /**
   * The Team workspace's team database connection (`pool()`, `status()`), and the kernel's
   * claims through it; null for Demo and Production.
   */
  readonly team: TeamConnector | null;
  /** The Team workspace's spends, queued for the team ledger (every local ledger step, in its transaction). */
  readonly teamLedger: TeamLedger | null;
  /** The Team workspace's paid records: pushed through an outbox, teammates' pulled by sequence number. */
  readonly teamSync: TeamSync | null;
  /** The Team workspace's saved work (queries, comparisons, shortlist, notes), shared and versioned. */
  readonly sharedWork: SharedWork | null;
  /** Team: teammates' reports looked up in the team ledger for who paid to unlock them. */
  readonly unlockEvidence: UnlockEvidence | null;
  /** Set when the workspace is opened from its file (not for an in-memory database). */
  dailyBackups: DailyBackups | null = null;
  /** The check of every page beside it (WorkspaceRegistry.checkPages), while it runs. */
  pagesChecked: Promise<void> | null = null;
  /** Stops that check where it is when the workspace closes. */
  readonly stopChecks = new AbortController();
  /** The last keychain problem logged, so a problem that persists is logged once. */
  private lastCredentialProblem: string | null = null;
  private simulator: Promise<SimulatorHandle> | null = null;
  private client: { baseUrl: string; api: ApiClient } | null = null;

  constructor(
    readonly id: WorkspaceId,
    readonly db: Db,
    private readonly deps: WorkspaceDeps,
  ) {
    this.meta = new WorkspaceMeta(db);
    this.connection = new ConnectionTracker(id, this.meta.get<boolean>(META_MANUAL_OFFLINE)?.value ?? false, (state) =>
      deps.events.emit('connection:changed', state),
    );
    // Team: the same pool (whatever the connection's current one is) serves the ledger, the
    // records and the shared work; while there is none, each waits with its outbox.
    const teamPool = (): pg.Pool => {
      const pool = this.team?.pool();
      if (!pool) throw new TeamError('TEAM_UNREACHABLE', 'The team database is not connected yet.');
      return pool;
    };
    this.teamLedger = id === 'team' ? new TeamLedger({ pool: () => this.team?.pool() ?? null, db, logger: deps.logger }) : null;
    this.ledger = new CreditLedger(db, Date.now, this.teamLedger ? { onStep: this.teamLedger.enqueue } : {});
    this.team =
      id === 'team'
        ? new TeamConnector({
            meta: this.meta,
            secrets: deps.credentialStore,
            logger: deps.logger,
            onChange: (view) => {
              deps.events.emit('team:changed', view);
              // Connected (again): what waited goes now rather than at its next retry.
              if (view.status.state === 'connected') {
                void this.followTeamDatabase(view.settings)
                  .catch((error: Error) => deps.logger.warn(`team sync: not started over for the new team database: ${error.message}`))
                  .finally(() => {
                    this.startTeamEngines();
                    this.teamCatchUp();
                  });
              }
            },
            options: deps.team,
            ...(this.teamLedger ? { ledger: this.teamLedger } : {}),
            // Its claims' tokens in this file: restarted, it takes up its own claims at once.
            claimTokens: new SqliteClaimTokens(db),
          })
        : null;
    // Pulled records and shared edits change what the screens show: they are told which kinds.
    const received = new Set<string>();
    let telling = false;
    const tell = (kinds: Iterable<string>) => {
      const list = [...new Set(kinds)];
      if (list.length > 0) deps.events.emit('team:received', { workspace: id, kinds: list });
    };
    // Whenever the sharing may have changed (and page by page while the team's cache is received):
    // the screens read what arrived again, and Settings shows where the sharing stands.
    this.tellSync = () => {
      tell(received);
      received.clear();
      if (this.teamSync) deps.events.emit('team:sync', this.teamSyncView());
    };
    const codecs = new TeamCodecs();
    this.teamSync = this.team
      ? new TeamSync({
          pool: teamPool,
          db,
          codecs,
          logger: deps.logger,
          checkpoint: () => runDbTask({ kind: 'checkpoint', file: db.name, nativeBinding: deps.nativeBinding }),
          onChange: (status) => {
            this.tellSync();
            // The records' connection finds a server gone (or back) first: the status follows.
            if (status.reachable !== null) this.team?.noticed(status.reachable);
          },
        })
      : null;
    this.sharedWork = this.team
      ? teamSharedWork(db, teamPool, {
          onApplied: (kinds) => {
            tell(kinds);
            if (kinds.includes('watchlist')) teammatesSnapshots.add('all');
          },
          onNotice: () => this.tellNotices(),
          // A teammate deleted it: a run of it here stops spending, and keeps what it paid for.
          onWatchlistRemoved: (watchlistId) => this.tracking.deleted(watchlistId),
        })
      : null;
    const share = this.teamSync ? { share: (out: TeamRecordOut) => this.teamSync?.share(out) } : {};
    const onEdit = this.sharedWork ? (...edit: Parameters<SharedWork['edited']>) => this.sharedWork?.edited(...edit) : undefined;
    // What an editor opening a shared thing starts from (sent back with its edit as what it had seen).
    const teamVersion = this.sharedWork ? (...of: Parameters<SharedWork['teamVersion']>) => this.sharedWork?.teamVersion(...of) ?? null : undefined;
    this.paid = new PaidWork({
      api: () => this.api(),
      ledger: this.ledger,
      connection: this.connection,
      isActive: () => deps.isActive?.(id) ?? true,
      workspaceLabel: workspaceLabels[id],
      // Team: every claimed paid call asks the team database first, and is refused without a working connection.
      ...(this.team ? { team: this.team.gate } : {}),
    });
    this.jobs = new JobRegistry(id, (name, payload) => deps.events.emit(name, payload));
    this.reportsRepo = new ReportsRepository(db);
    this.notes = new AccountNotesService(
      new AccountNotesRepository(db),
      Date.now,
      onEdit,
      (view) => deps.events.emit('workflow:changed', { workspace: id, ...view }),
      teamVersion,
    );
    this.images = new ImageCache(new ImagesRepository(db), deps.logger, {
      loopbackOrigin: () => this.loopbackOrigin(),
    });
    const storePictures = (result: unknown) => this.images.ensure(pictureUrls(result));
    // Teammates' reports of watched accounts are read against the watchlists' alert rules, as a
    // run here is: gathered while a pull writes them, read once it has (a turn later).
    const teammatesMentions = batched<{ network: Network; accountKey: string }>((accounts) => {
      try {
        this.tracking.teammateMentions(accounts);
      } catch (error) {
        deps.logger.warn(`alerts on teammates' brand mentions not evaluated: ${eventError(error).message}`);
      }
    });
    const teammatesSnapshots = batched<{ network: Network; accountKey: string } | 'all'>((accounts) => {
      try {
        this.tracking.teammateSnapshots(accounts.includes('all') ? 'all' : (accounts as { network: Network; accountKey: string }[]));
      } catch (error) {
        deps.logger.warn(`alerts on teammates' reports not evaluated: ${eventError(error).message}`);
      }
    });
    const creatorsRepo = new CreatorsRepository(db);
    this.unlockEvidence = this.team
      ? new UnlockEvidence({
          pool: () => this.team?.pool() ?? null,
          markUnlocked: (account, at) => this.reportsRepo.markUnlocked(account.network, account.accountKey, at),
          onUnlocked: () => tell(['report']),
          logger: deps.logger,
        })
      : null;
    this.reports = new ReportService({
      unlockedElsewhere: (network, key) => creatorsRepo.unlockedAt(network, key),
      tagsByAccount: () => this.notes.tagsByAccount(),
      statusByAccount: () => this.notes.statusOf(),
      api: () => this.api(),
      repo: this.reportsRepo,
      attempts: new AttemptsRepository(db),
      ledger: this.ledger,
      paid: this.paid,
      jobs: this.jobs,
      onSaved: storePictures,
      // A teammate's report: its pictures stored as they come, then the screens told again to draw them.
      onPulled: async (result, account) => {
        teammatesSnapshots.add(account);
        this.unlockEvidence?.add(account);
        if ((await storePictures(result)) > 0) tell(['report']);
      },
      ...share,
      ...deps.polling,
    });
    this.companions = new CompanionService({
      api: () => this.api(),
      reports: this.reports,
      media: new MediaRepository(db),
      history: new HistoryRepository(db),
      mentions: new MentionsRepository(db),
      ...share,
      paid: this.paid,
      onSaved: storePictures,
    });
    this.compare = new CompareService(new ComparisonsRepository(db), Date.now, onEdit, teamVersion);
    const competitorRepo = new CompetitorRepository(db);
    this.agency = new AgencyService(db);
    this.competitor = new CompetitorService({
      brand: () => this.agency.brand(),
      repo: competitorRepo,
      posts: new CompetitorPostsRepository(db, competitorRepo),
      paid: this.paid,
      jobs: this.jobs,
      ledger: this.ledger,
      ...share,
    });
    const discoveryStore = new DiscoveryWorkspaceRepository(db);
    this.discovery = new DiscoveryService({
      paid: this.paid,
      jobs: this.jobs,
      ledger: this.ledger,
      pages: new DiscoveryRepository(db),
      store: discoveryStore,
      connection: this.connection,
      onSaved: storePictures,
      lastKnownCalls: () => lastKnownDiscoveryCalls(this.meta),
      ...share,
      ...(onEdit ? { onEdit } : {}),
      ...(teamVersion ? { teamVersion } : {}),
    });
    this.lists = new ListsService({
      repo: new ListsRepository(db),
      paid: this.paid,
      jobs: this.jobs,
      onSaved: storePictures,
      ...share,
    });
    this.creators = new CreatorsService({
      repo: creatorsRepo,
      paid: this.paid,
      jobs: this.jobs,
      onSaved: storePictures,
      ...share,
    });
    this.exports = new ExportService({ jobs: this.jobs, brand: () => this.agency.brand() });
    this.alerts = new AlertsService({ repo: new AlertsRepository(db), jobs: this.jobs, ...(onEdit ? { onEdit } : {}), ...(teamVersion ? { teamVersion } : {}) });
    this.tracking = new TrackingService({
      alerts: this.alerts,
      brandMentions: (ref) => this.companions.refreshKeptMentions(ref),
      keptMentions: (ref) => this.companions.newestMentions(ref),
      repo: new WatchlistsRepository(db),
      reports: this.reports,
      reportsRepo: this.reportsRepo,
      ledger: this.ledger,
      connection: this.connection,
      jobs: this.jobs,
      logger: deps.logger,
      isActive: () => deps.isActive?.(id) ?? true,
      ...(onEdit ? { onEdit } : {}),
      ...(teamVersion ? { teamVersion } : {}),
      ...(this.sharedWork ? { team: { tracking: new TeamTracking(teamPool, this.sharedWork.origin, db), docId: (watchlistId: number) => this.sharedWork?.docIdOf('watchlist', watchlistId) ?? null, reachable: () => this.team?.status().state === 'connected', connected: () => this.teamConnected() } } : {}),
    });
    this.unlocks = new UnlockQuotes({
      reports: this.reports,
      creators: this.creators,
      creatorsRepo,
      store: discoveryStore,
      connection: this.connection,
      logger: deps.logger,
      // Team: the quote says the monthly limit before the researcher confirms (the send checks again).
      ...(this.team
        ? {
            allowance: (balance: BalanceKind) => this.team!.gate.allowance(balance),
            teamUnlocks: async (accounts: AccountOf[]) => {
              const pool = this.team?.pool();
              if (!pool) throw new TeamError('TEAM_UNREACHABLE', 'the team database is not connected');
              return teamUnlocks(pool, accounts);
            },
          }
        : {}),
    });
    this.archive = new ArchiveService({
      reports: this.reports,
      repo: new PdfsRepository(db),
      paid: this.paid,
      jobs: this.jobs,
      // Beside the workspace's database: workspaces/<id>/archive/.
      dir: path.join(path.dirname(workspaceDbPath(deps.dataDir, id)), 'archive'),
      loopbackOrigin: () => this.loopbackOrigin(),
      ...(deps.polling?.pollDelayMs ? { pollDelayMs: deps.polling.pollDelayMs } : {}),
      ...share,
    });
    this.clientReports = new ClientReportService({ reports: this.reports, archive: this.archive, agency: this.agency });
    // Every kind of paid record a teammate may share, saved here by the service that owns it
    // (the same path as a copy taken instead of buying); what was saved is told to the screens.
    const noting = (codec: TeamRecordCodec): TeamRecordCodec => {
      const note = <T>(outcome: T, record: TeamRecordIn) => {
        if (outcome !== 'saved') return outcome;
        received.add(codec.kind);
        // Told as soon as the page that saved it is written (after its transaction), not at the
        // end of the whole pull: a screen reads again while the rest of the team's records come.
        if (!telling) {
          telling = true;
          queueMicrotask(() => {
            telling = false;
            tell(received);
            received.clear();
          });
        }
        // Opens offline complete, as one fetched here does: its pictures stored (a report's by
        // ReportService.onPulled), then the screens told again to draw them.
        if (codec.kind === 'mentions') {
          const parts = teamItemParts(record.item);
          if (parts) teammatesMentions.add({ network: parts.network as Network, accountKey: parts.subject });
        }
        if (codec.kind !== 'report') {
          void storePictures(pulledJson(record))
            .then((stored) => stored > 0 && tell([codec.kind]))
            .catch(() => undefined);
        }
        return outcome;
      };
      return {
        kind: codec.kind,
        apply: async (record) => note(await codec.apply(record), record),
        ...(codec.applyNow ? { applyNow: (record: TeamRecordIn) => note(codec.applyNow!(record), record) } : {}),
      };
    };
    for (const codec of [
      this.reports.teamCodec(),
      this.companions.codecs.media,
      this.companions.codecs.history,
      this.companions.codecs.mentions,
      this.lists.codec,
      this.creators.codec,
      new PdfTeamCodec(this.archive),
      new DiscoveryTeamCodec(this.discovery),
      new CompetitorTeamCodec(this.competitor),
    ]) {
      codecs.register(noting(codec));
    }
  }

  /** "Receive the team's cache" under way: how far it came (null: not running). */
  private joining: TeamJoinProgress | null = null;

  /** Where the Team workspace's sharing stands; `{ team: false }` in a workspace without a team. */
  teamSyncView(): TeamSyncView {
    const sync = this.teamSync;
    if (!sync) return { team: false };
    const status = sync.status();
    const skipped = sync
      .skipped()
      .slice(-SKIPPED_LISTED)
      .reverse()
      .map(({ kind, researcher, reason, skippedAt }) => ({ kind, researcher: researcher === null ? null : (this.teamNames.get(researcher) ?? null), reason, skippedAt }));
    this.learnNames(sync.skipped().flatMap((r) => (r.researcher !== null && !this.teamNames.has(r.researcher) ? [r.researcher] : [])));
    return {
      team: true,
      pending: status.pending,
      refused: status.refused,
      skippedCount: status.skipped,
      skipped,
      lastPulledAt: status.lastPulledAt,
      reachable: status.reachable,
      join: this.joining ? { ...this.joining } : null,
    };
  }

  private readonly tellSync: () => void;
  /** Teammates' names by their database user (a skipped record names its researcher by user). */
  private readonly teamNames = new Map<string, string>();
  private namesAsked: Promise<void> | null = null;

  /** Looks the names of these database users up in the team database, then tells the sharing again. */
  private learnNames(roles: string[]): void {
    if (roles.length === 0 || this.namesAsked) return;
    const pool = this.team?.pool();
    if (!pool) return;
    this.namesAsked = pool
      .query<{ role_name: string; display_name: string }>(`SELECT role_name, display_name FROM ${TEAM_SCHEMA}.researchers WHERE role_name = ANY($1)`, [[...new Set(roles)]])
      .then(({ rows }) => {
        for (const row of rows) this.teamNames.set(row.role_name, row.display_name);
        if (rows.length > 0) this.tellSync();
      })
      .catch((error: Error) => this.deps.logger.warn(`team: teammates' names not read: ${error.message}`))
      .finally(() => {
        this.namesAsked = null;
      });
  }

  /**
   * Receives every record of the team's cache this laptop has not got (one run at a time; a second
   * caller shares it). The screens read again as pages land (team:received); progress in team:sync.
   */
  async joinTeam(): Promise<TeamJoinResult> {
    const sync = this.teamSync;
    if (!sync) throw new ScoutError({ code: 'INVALID_INPUT', message: 'Only the Team workspace receives a team’s cache.' });
    let last: TeamJoinProgress = { received: 0, total: 0 };
    return this.jobs.run('teamJoin', jobKeys.teamJoin(), "receiving the team's cache", async (signal) => {
      // Told once the team's records are counted (the job is registered by then: a cancel finds it).
      this.joining = { received: 0, total: 0 };
      try {
        const done = await sync.join((progress) => {
          last = progress;
          this.joining = { ...progress };
          this.tellSync();
        }, signal);
        return { ...done, cancelled: false };
      } catch (error) {
        if (error instanceof ScoutError && error.code === 'CANCELLED') return { ...last, cancelled: true };
        throw error;
      } finally {
        this.joining = null;
        this.tellSync();
      }
    });
  }

  /** Stops "receive the team's cache" after the page under way; true when one was running. */
  cancelJoin(): boolean {
    return this.jobs.cancel('teamJoin', jobKeys.teamJoin());
  }

  /** This researcher's edits overtaken by a teammate's, not dismissed yet, in words. */
  teamNotices(): TeamNotice[] {
    return (this.sharedWork?.notices() ?? []).map((n) => ({ id: n.overtakenChange, message: n.message, canRestore: n.field !== DOC_FIELD }));
  }

  /** Makes the overtaken value current again (shared at once); the notice goes. */
  restoreNotice(id: string): TeamNotice[] {
    const notice = this.sharedWork?.notices().find((n) => n.overtakenChange === id);
    if (!notice || notice.field === DOC_FIELD) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That change is no longer waiting to be restored (it may have been restored or dismissed already).' });
    this.sharedWork!.restore(notice.docKind, notice.docId, id);
    return this.tellNotices();
  }

  /** Hides the notice; the overtaken value stays in its history. */
  dismissNotice(id: string): TeamNotice[] {
    this.sharedWork?.dismiss(id);
    return this.tellNotices();
  }

  private tellNotices(): TeamNotice[] {
    const notices = this.teamNotices();
    this.deps.events.emit('team:noticesChanged', { workspace: this.id, notices });
    return notices;
  }

  /** Whether the team database is connected, once known: a first check under way (just started) is waited for. */
  private async teamConnected(): Promise<boolean> {
    if (!this.team || this.closing) return false;
    if (this.team.status().state === 'connecting') await this.team.check().catch(() => undefined);
    return this.team.status().state === 'connected';
  }

  /** Starts the Team workspace's background sharing (the registry calls it when it opens the workspace). */
  startTeam(): void {
    if (!this.team) return;
    this.team.start();
    // A Team workspace not set up yet has no one to share with: its engines start once it has
    // settings (here, or when it first connects), rather than retrying a database there is not.
    if (this.team.settings()) this.startTeamEngines();
  }

  /**
   * Connected to a team database: when it is another one than the records were received from
   * (its address or name changed), they are received again from its start.
   */
  private async followTeamDatabase(settings: TeamView['settings']): Promise<void> {
    if (!settings || !this.teamSync) return;
    const database = `${settings.host}:${settings.port}/${settings.database}`;
    const before = this.meta.get<string>(META_TEAM_RECORDS_FROM)?.value;
    if (before === database) return;
    if (before !== undefined) {
      await this.teamSync.startOver();
      this.deps.logger.info(`team sync: another team database (${database}); its records are received from the start`);
    }
    this.meta.set(META_TEAM_RECORDS_FROM, database);
  }

  private teamEnginesStarted = false;
  /** Set once close() begins: nothing of the team's starts after that. */
  private closing = false;

  private startTeamEngines(): void {
    if (this.teamEnginesStarted || this.closing) return;
    this.teamEnginesStarted = true;
    this.teamLedger?.start();
    this.teamSync?.start();
    void this.sharedWork?.start().catch((error: Error) => this.deps.logger.warn(`team shared work not started: ${error.message}`));
  }

  /** The team database answers again: outboxes pushed and teammates' news pulled now. */
  teamCatchUp(): void {
    void this.teamLedger?.flush().catch(() => undefined);
    void this.teamSync?.pushNow().catch(() => undefined);
    void this.teamSync?.pullNow().catch(() => undefined);
    this.sharedWork?.reconnected();
  }

  /**
   * The one http origin a picture or PDF link may have: a simulator on this computer (the demo
   * workspace's own, or one the production address points at). Every other link is https.
   */
  private async loopbackOrigin(): Promise<string | null> {
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

  setManualOffline(offline: boolean) {
    this.meta.set(META_MANUAL_OFFLINE, offline);
    return this.connection.setManualOffline(offline);
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

  /**
   * Work under way that may spend, or is spending, in words; empty when none. The jobs say it
   * best ("a discovery run (pages 1–6)"); a paid call outside any job (a history, an analysis)
   * is named by itself.
   */
  /** What an export of `subject` writes, read from this workspace's cache. */
  exportPlan(subject: ExportSubject): ExportPlan {
    return exportPlan(this, subject);
  }

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
    this.closing = true;
    // No scheduled refresh starts from here on (one under way is cancelled with the other jobs);
    // a tick waiting on the team database is not waited out.
    const trackingStopped = this.tracking.stopSchedule(TEAM_CLOSE_WAIT_MS);
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
    // The team's engines stop (an in-flight push or pull ends) before their pool and the database
    // close, but a team database that does not answer is not waited out: what they did not finish
    // is still queued (outboxes, cursors move only with what was written) for the next start.
    await withinMs(Promise.allSettled([this.sharedWork?.stop(), this.teamSync?.stop(), this.teamLedger?.stop(), this.unlockEvidence?.stop()]), TEAM_CLOSE_WAIT_MS);
    await this.team?.close();
    const sim = this.simulator;
    this.simulator = null;
    if (sim) await (await sim).close();
    await this.dailyBackups?.stop();
    await trackingStopped;
    // A check of the pages under way stops: its worker reads the file being closed.
    this.stopChecks.abort(new ScoutError({ code: 'CANCELLED', message: 'Stopped: the workspace closed.' }));
    await this.pagesChecked;
    this.db.close();
    // Closed cleanly: the next start need not read every page at once.
    fs.rmSync(path.join(path.dirname(workspaceDbPath(this.deps.dataDir, this.id)), IN_USE_MARKER), { force: true });
  }

  private startSimulator(): Promise<SimulatorHandle> {
    // Loaded with the demo's first call to the API: a fifth of main's code, which a start that
    // only reads the cache (or another workspace) never needs.
    this.simulator ??= import('../../simulator/server')
      .then(({ startSimulator }) => startSimulator({ ...this.deps.simulator, port: this.deps.simulator?.port ?? 0 }))
      .then((sim) => {
        this.deps.logger.info(`demo workspace: API simulator on ${sim.url}`);
        return sim;
      });
    return this.simulator;
  }
}

/**
 * A pulled record's JSON as its codec read it: some kinds keep the API's answer as its text (so
 * the key order survives jsonb), `{ answer: "…" }`, read here again only to find its pictures.
 */
function pulledJson(record: TeamRecordIn): unknown {
  if (!('json' in record.body)) return null;
  const json = record.body.json as { answer?: unknown } | null;
  if (json && typeof json === 'object' && typeof json.answer === 'string') {
    try {
      return JSON.parse(json.answer) as unknown;
    } catch {
      return null;
    }
  }
  return json;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function originOf(url: string): string | null {
  try {
    return apiOrigin(url);
  } catch {
    return null;
  }
}

/** No database yet: no file, or an empty one (where SQLite has not written a page). */
function isNewFile(file: string): boolean {
  return !fs.existsSync(file) || fs.statSync(file).size === 0;
}

function wrongOriginMessage(saved: string, address: string): string {
  return `The saved credentials were entered for ${saved}, not for ${address}, so Scout does not send them there. Enter the account id and token again for this address.`;
}

/** While a workspace is open this file is beside its database: found at the next start, the last session ended without closing. */
export const IN_USE_MARKER = 'scout.in-use';
/** How often an open workspace's every page is read for damage (and at once after a crash). */
export const PAGES_CHECK_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
const PAGES_CHECKED_KEY = 'pages_checked_at';

export class WorkspaceRegistry {
  private readonly open = new Map<WorkspaceId, Workspace>();
  /** Workspaces whose database is being replaced by a backup: not opened meanwhile. */
  private readonly restoring = new Set<WorkspaceId>();
  /** Workspaces whose schema a worker is making or bringing up to date: opened once it is done. */
  private readonly preparing = new Map<WorkspaceId, Promise<void>>();
  /** Workspaces whose new database a worker made: their first opening starts their week of checks. */
  private readonly madeByWorker = new Set<WorkspaceId>();
  /** Workspaces found damaged by the check beside them: refused with what to do until restored. */
  private readonly damaged = new Map<WorkspaceId, ScoutError>();

  constructor(private readonly deps: WorkspaceDeps) {}

  /**
   * Makes the workspace ready to open at once: a database whose schema is behind is brought up to
   * date (its backup, then the migrations) in a worker thread, so main keeps answering meanwhile;
   * so is a new one (its whole schema, tens of milliseconds) when `makeNewInWorker`: the
   * workspaces opened beside the active one, whose new database would otherwise hold main while
   * the first page is asked for. A failure is left for `get` to say, with its advice. Null when
   * there is nothing to wait for (the usual case): the caller goes on in the same turn.
   */
  prepare(id: WorkspaceId, { makeNewInWorker = false } = {}): Promise<void> | null {
    if (this.open.has(id) || this.restoring.has(id) || this.damaged.has(id)) return null;
    let pending = this.preparing.get(id);
    if (!pending) {
      const file = workspaceDbPath(this.deps.dataDir, id);
      let version: number;
      try {
        version = schemaVersion(file, this.deps.nativeBinding);
      } catch {
        return null;
      }
      // An up-to-date database has nothing to migrate, and one from a newer Scout is refused at
      // once: each opens on main, as a new active one does (it is asked for at once).
      if (version >= latestVersion(migrations)) return null;
      const made = version === 0 && isNewFile(file);
      if (made && !makeNewInWorker) return null;
      this.deps.logger.info(made ? `workspace ${id}: making its database in a worker` : `workspace ${id}: bringing its database from version ${version} up to date in a worker`);
      pending = runDbTask({ kind: 'prepare', file, label: workspaceLabels[id], nativeBinding: this.deps.nativeBinding })
        .then(() => void (made && this.madeByWorker.add(id)))
        .catch((error: Error) => this.deps.logger.warn(`workspace ${id}: not prepared in a worker (${error.message}); opening it will say why`))
        .finally(() => this.preparing.delete(id));
      this.preparing.set(id, pending);
    }
    return pending;
  }

  /**
   * What a call waits for before it reaches a workspace (the dispatcher's `ready`): the active
   * workspace prepared, and any other being prepared (a call may name another workspace, as
   * Settings does). Null when nothing is under way.
   */
  ready(active: WorkspaceId): Promise<void> | null {
    const own = this.prepare(active);
    if (this.preparing.size === 0) return own;
    return Promise.all([...this.preparing.values()]).then(() => undefined);
  }

  get(id: WorkspaceId): Workspace {
    let ws = this.open.get(id);
    if (!ws) {
      if (this.restoring.has(id)) {
        throw new ScoutError({ code: 'WORK_UNDER_WAY', message: `The ${workspaceLabels[id]} workspace is being restored from a backup. Try again in a moment.` });
      }
      if (this.preparing.has(id)) {
        throw new ScoutError({ code: 'WORK_UNDER_WAY', message: `The ${workspaceLabels[id]} workspace's database is being made or brought up to date. Try again in a moment.` });
      }
      const damage = this.damaged.get(id);
      if (damage) throw damage;
      const file = workspaceDbPath(this.deps.dataDir, id);
      const created = this.madeByWorker.delete(id) || isNewFile(file);
      // Unchecked: a large database takes seconds to read through; a worker checks it beside (checkPages).
      const db = openWorkspaceDatabase(file, { label: workspaceLabels[id], nativeBinding: this.deps.nativeBinding, check: false });
      // Its statements compile on first use: most of them a session never runs.
      ws = new Workspace(id, preparedOnFirstUse(db), this.deps);
      this.open.set(id, ws);
      this.checkPages(ws, file, created);
      ws.dailyBackups = new DailyBackups(db, file, (error) => this.deps.logger.warn(`workspace ${id}: daily backup not taken: ${error.message}`));
      ws.dailyBackups.start();
      ws.startTeam();
      // Watchlists due (missed while Scout was closed, too) are refreshed now, then as they fall due.
      ws.tracking.startSchedule();
      // Calls left open by a crash are resolved as soon as the API can be asked.
      if (ws.ledger.open().length > 0 && !ws.connection.get().manualOffline) {
        const opened = ws;
        void opened.paid.settleOpenEntries().catch((error: Error) => this.deps.logger.warn(`open ledger entries not settled yet: ${error.message}`));
      }
    }
    return ws;
  }

  /**
   * Reads every page of an open workspace's database for damage, in a worker thread: at once when
   * the last session ended without closing it (a crash, a power cut), else once a week. Damage
   * closes the workspace and says, wherever it is next asked for, what to restore.
   */
  private checkPages(ws: Workspace, file: string, created: boolean): void {
    const marker = path.join(path.dirname(file), IN_USE_MARKER);
    const crashed = fs.existsSync(marker);
    makePrivateFile(marker);
    const now = Date.now();
    // A database made just now has nothing to check yet: its week starts now.
    if (created) return ws.meta.set(PAGES_CHECKED_KEY, now);
    const last = ws.meta.get<number>(PAGES_CHECKED_KEY)?.value ?? 0;
    if (!crashed && now - last < PAGES_CHECK_EVERY_MS && last <= now) return;
    const id = ws.id;
    ws.pagesChecked = runDbTask({ kind: 'check', file, nativeBinding: this.deps.nativeBinding, damagedAdvice: restoreAdvice(file) }, { signal: ws.stopChecks.signal }).then(
      () => {
        if (this.open.get(id) === ws) ws.meta.set(PAGES_CHECKED_KEY, now);
      },
      (error: Error) => {
        if (ws.stopChecks.signal.aborted) return;
        if (!(error instanceof ScoutError) || error.code !== 'DATABASE_UNREADABLE') {
          this.deps.logger.warn(`workspace ${id}: its pages were not checked (${error.message})`);
          return;
        }
        this.deps.logger.error(`workspace ${id}: its database is damaged`, error);
        this.damaged.set(id, error);
        if (this.open.get(id) === ws) {
          this.open.delete(id);
          void ws.close().finally(() => this.deps.onDamaged?.(id));
        }
      },
    );
  }

  async summary(id: WorkspaceId): Promise<WorkspaceSummary> {
    let ws: Workspace;
    try {
      ws = this.get(id);
    } catch (error) {
      // A workspace that cannot open is listed with the reason, so the other one stays usable.
      if (!(error instanceof ScoutError)) throw error;
      return {
        id,
        label: workspaceLabels[id],
        baseUrl: '',
        credentials: { workspace: id, hasCredentials: false, accountIdMasked: null, editable: id !== 'demo', problem: null, origin: null, keychainAvailable: true },
        problem: error.message,
      };
    }
    return { id, label: workspaceLabels[id], baseUrl: ws.configuredBaseUrl(), credentials: await ws.credentialStatus(), problem: null };
  }

  async state(active: WorkspaceId): Promise<WorkspaceState> {
    await Promise.all(workspaceIds.map((id) => this.prepare(id, { makeNewInWorker: id !== active })));
    const workspaces: WorkspaceSummary[] = [];
    for (const id of workspaceIds) {
      // Each workspace opens in a turn of its own: opening one (its statements; a new one's schema)
      // holds main for tens of milliseconds, and the first start after an upgrade opens them all.
      if (workspaces.length > 0) await nextTurn();
      workspaces.push(await this.summary(id));
    }
    return { active, workspaces };
  }

  /** Newest first; listed from the folder, so a workspace that cannot open still shows its backups. */
  backups(id: WorkspaceId): BackupInfo[] {
    return listBackups(workspaceDbPath(this.deps.dataDir, id));
  }

  /** Closes the workspace, puts the backup in place (the current file kept aside) and reopens it. */
  async restoreBackup(id: WorkspaceId, backupId: string): Promise<void> {
    const ws = this.open.get(id);
    const busy = ws?.busyWith() ?? [];
    if (busy.length > 0) {
      // Restoring now would put a database without the spend of the call that is out in place of the one it is recorded in.
      throw new ScoutError({
        code: 'WORK_UNDER_WAY',
        message: `${capitalise(listed(busy))} ${busy.length === 1 ? 'is' : 'are'} under way in the ${workspaceLabels[id]} workspace. Wait for ${busy.length === 1 ? 'it' : 'them'} to finish or cancel, then restore. Nothing was changed.`,
      });
    }
    this.restoring.add(id);
    let keptAs: string | null;
    try {
      if (ws) {
        this.open.delete(id);
        await ws.close();
      }
      ({ keptAs } = await restoreBackupFile(workspaceDbPath(this.deps.dataDir, id), backupId));
      // What was found damaged was the replaced file.
      this.damaged.delete(id);
    } finally {
      this.restoring.delete(id);
    }
    // A backup from before a migration is brought up to date in a worker, like any behind.
    await this.prepare(id);
    this.deps.logger.info(`workspace ${id}: restored backup ${backupId}${keptAs ? `; the replaced file is kept as ${keptAs}` : ''}`);
    // Reopened now, so a problem with the backup shows at once (as the workspace's problem).
    let reopened: Workspace;
    try {
      reopened = this.get(id);
    } catch (error) {
      if (!(error instanceof ScoutError)) throw error;
      return;
    }
    // What was spent is a fact about money, not a state to roll back: the ledger rows of the
    // replaced file come along, so nothing paid after the backup was taken is forgotten.
    if (keptAs) {
      try {
        const carried = carryLedgerOver(reopened.db, keptAs);
        if (carried > 0) this.deps.logger.info(`workspace ${id}: ${carried} spending ledger rows carried over from the replaced file`);
      } catch (error) {
        this.deps.logger.warn(`workspace ${id}: spending ledger not carried over from ${keptAs}: ${(error as Error).message}`);
      }
      // A Team workspace's records and spends not shared yet are the team's too: not rolled back.
      if (reopened.team) {
        try {
          const { records, ledgerSteps } = carryTeamOutboxOver(reopened.db, keptAs);
          if (records + ledgerSteps > 0) this.deps.logger.info(`workspace ${id}: ${records} records and ${ledgerSteps} ledger steps still to share carried over from the replaced file`);
          // Settings carried over from the replaced file are connected with now.
          reopened.startTeam();
          reopened.teamCatchUp();
        } catch (error) {
          this.deps.logger.warn(`workspace ${id}: what was still to share not carried over from ${keptAs}: ${(error as Error).message}`);
        }
      }
    }
  }

  /** The workspaces open now (a run started in one goes on after another becomes active). */
  openWorkspaces(): Workspace[] {
    return [...this.open.values()];
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(all.map((ws) => ws.close()));
  }
}
