// A Team workspace's team side: its connection to the team database, and the engines that share
// through it (the team ledger, the records' sync, the shared work, the unlock evidence). The
// domains' team codecs and hooks are plugged in once the domains are registered; this file only
// wires them, each engine lives in team/.
import type pg from 'pg';
import { ScoutError } from '@shared/errors';
import type { TeamView } from '@shared/team';
import { SKIPPED_LISTED, type TeamJoinProgress, type TeamJoinResult, type TeamNotice, type TeamSyncView } from '@shared/teamSync';
import type { WorkspaceId } from '@shared/workspaces';
import type { Db } from '../platform/cache/database';
import type { WorkspaceMeta } from '../platform/cache/workspaceMeta';
import { runDbTask } from '../platform/cache/dbTasks';
import type { CredentialStore } from '../platform/credentials/credentialStore';
import type { EventBus } from '../kernel/eventBus';
import { type JobRegistry, teamJoinJob } from '../kernel/jobs';
import type { Logger } from '../platform/log';
import { TeamConnector, type TeamConnectorOptions } from '../team/teamConnection';
import { TeamCodecs, type TeamRecordCodec, type TeamRecordIn } from '../team/codecs';
import { TeamError } from '../kernel/teamErrors';
import { TEAM_SCHEMA } from '../team/names';
import { SqliteClaimTokens } from '../team/claims';
import { TeamLedger } from '../team/teamLedger';
import { UnlockEvidence, type UnlockEvidenceOptions } from '../team/teamUnlocks';
import { TeamSync } from '../team/sync';
import { teamSharedWork } from './sharedDocs';
import type { SharedWork } from '../team/sharedWork';
import { TeamListener } from '../team/transport/listener';
import { reportOfItem } from '../domains/reports/reportRecords';
import type { DomainParts, DomainTeamSide } from '../domains/context';

/** Which team database a Team workspace's records were received from (its address and name). */
const META_TEAM_RECORDS_FROM = 'teamRecordsFrom';

export interface TeamSessionDeps {
  id: WorkspaceId;
  db: Db;
  meta: WorkspaceMeta;
  events: EventBus;
  logger: Logger;
  credentialStore: CredentialStore;
  nativeBinding: string | undefined;
  options: TeamConnectorOptions | undefined;
  /** Marks a teammate's unlocked report in the cache; true when it was not marked yet. */
  markUnlocked: UnlockEvidenceOptions['markUnlocked'];
}

type DomainHooks = Pick<DomainParts, 'onTeamRecord' | 'onSharedApplied' | 'onWatchlistRemoved'>;

export class TeamSession {
  readonly connector: TeamConnector;
  /** The spends, queued for the team ledger (every local ledger step, in its transaction). */
  readonly ledger: TeamLedger;
  /** The paid records: pushed through an outbox, teammates' pulled by sequence number. */
  readonly sync: TeamSync;
  /** The saved work (queries, comparisons, shortlist, notes), shared and versioned. */
  readonly sharedWork: SharedWork;
  /** The one listening connection, for the records' and the shared work's announcements alike. */
  readonly listener: TeamListener;
  /** Teammates' reports looked up in the team ledger for who paid to unlock them. */
  readonly unlockEvidence: UnlockEvidence;
  /** What a domain sees of the team. */
  readonly side: DomainTeamSide;
  private readonly codecs = new TeamCodecs();
  private hooks: DomainHooks[] = [];
  /** Kinds received and not told yet; told once per turn. */
  private readonly received = new Set<string>();
  private telling = false;
  /** "Receive the team's cache" under way: how far it came (null: not running). */
  private joining: TeamJoinProgress | null = null;
  /** Teammates' names by their database user (a skipped record names its researcher by user). */
  private readonly teamNames = new Map<string, string>();
  private namesAsked: Promise<void> | null = null;
  private enginesStarted = false;
  /** Set once stop() begins: nothing of the team's starts after that. */
  private closing = false;

  constructor(private readonly deps: TeamSessionDeps) {
    const { db, logger } = deps;
    // The same pool (whatever the connection's current one is) serves the ledger, the records and
    // the shared work; while there is none, each waits with its outbox.
    const pool = (): pg.Pool => {
      const current = this.connector.pool();
      if (!current) throw new TeamError('TEAM_UNREACHABLE', 'The team database is not connected yet.');
      return current;
    };
    this.ledger = new TeamLedger({ pool: () => this.connector.pool() ?? null, db, logger });
    this.listener = new TeamListener({ pool, logger });
    this.connector = new TeamConnector({
      meta: deps.meta,
      secrets: deps.credentialStore,
      logger,
      onChange: (view) => {
        deps.events.emit('team:changed', view);
        // Connected (again): what waited goes now rather than at its next retry.
        if (view.status.state === 'connected') {
          void this.followTeamDatabase(view.settings)
            .catch((error: Error) => logger.warn(`team sync: not started over for the new team database: ${error.message}`))
            .finally(() => {
              this.startEngines();
              this.catchUp();
            });
        }
      },
      options: deps.options,
      ledger: this.ledger,
      // Its claims' tokens in this file: restarted, it takes up its own claims at once.
      claimTokens: new SqliteClaimTokens(db),
    });
    this.sync = new TeamSync({
      pool,
      db,
      codecs: this.codecs,
      logger,
      listen: this.listener,
      checkpoint: () => runDbTask({ kind: 'checkpoint', file: db.name, nativeBinding: deps.nativeBinding }),
      onChange: (status) => {
        this.tellSync();
        // The records' connection finds a server gone (or back) first: the status follows.
        if (status.reachable !== null) this.connector.noticed(status.reachable);
      },
    });
    this.sharedWork = teamSharedWork(db, pool, {
      listen: this.listener,
      onApplied: (kinds) => {
        this.tell(kinds);
        this.each((hooks) => hooks.onSharedApplied?.(kinds));
      },
      onNotice: () => this.tellNotices(),
      onWatchlistRemoved: (watchlistId) => this.each((hooks) => hooks.onWatchlistRemoved?.(watchlistId)),
    });
    this.unlockEvidence = new UnlockEvidence({
      pool: () => this.connector.pool() ?? null,
      markUnlocked: (account, at) => deps.markUnlocked(account, at),
      onUnlocked: () => this.tell(['report']),
      logger,
    });
    this.side = {
      connector: this.connector,
      sharedWork: this.sharedWork,
      pool,
      connected: () => this.connected(),
    };
  }

  /**
   * Every kind of paid record a teammate may share, saved here by the domain that owns it (the
   * same path as a copy taken instead of buying); what was saved is told to the screens.
   */
  plugIn(codecs: readonly TeamRecordCodec[], hooks: readonly DomainHooks[], storePictures: (result: unknown) => Promise<number>): void {
    this.hooks = [...hooks];
    for (const codec of codecs) this.codecs.register(this.noting(codec, storePictures));
  }

  private noting(codec: TeamRecordCodec, storePictures: (result: unknown) => Promise<number>): TeamRecordCodec {
    const note = <T>(outcome: T, record: TeamRecordIn) => {
      if (outcome !== 'saved') return outcome;
      this.received.add(codec.kind);
      // Told as soon as the page that saved it is written (after its transaction), not at the end
      // of the whole pull: a screen reads again while the rest of the team's records come.
      if (!this.telling) {
        this.telling = true;
        queueMicrotask(() => {
          this.telling = false;
          this.tell(this.received);
          this.received.clear();
        });
      }
      if (codec.kind === 'report') this.unlockEvidence.add(reportOfItem(record.item));
      this.each((hooks) => hooks.onTeamRecord?.(codec.kind, record));
      // Opens offline complete, as one fetched here does: its pictures stored (a report's by its
      // domain), then the screens told again to draw them.
      if (codec.kind !== 'report') {
        void storePictures(pulledJson(record))
          .then((stored) => stored > 0 && this.tell([codec.kind]))
          .catch(() => undefined);
      }
      return outcome;
    };
    return {
      kind: codec.kind,
      apply: async (record) => note(await codec.apply(record), record),
      ...(codec.applyNow ? { applyNow: (record: TeamRecordIn) => note(codec.applyNow!(record), record) } : {}),
    };
  }

  /** A domain's hook that throws is logged; the others still run. */
  private each(call: (hooks: DomainHooks) => void): void {
    for (const hooks of this.hooks) {
      try {
        call(hooks);
      } catch (error) {
        this.deps.logger.warn(`team: a domain's hook failed: ${(error as Error).message}`);
      }
    }
  }

  /** Pulled records and shared edits change what the screens show: they are told which kinds. */
  tell(kinds: Iterable<string>): void {
    const list = [...new Set(kinds)];
    if (list.length > 0) this.deps.events.emit('team:received', { workspace: this.deps.id, kinds: list });
  }

  /**
   * Whenever the sharing may have changed (and page by page while the team's cache is received):
   * the screens read what arrived again, and Settings shows where the sharing stands.
   */
  private tellSync(): void {
    this.tell(this.received);
    this.received.clear();
    this.deps.events.emit('team:sync', this.syncView());
  }

  /** Where the Team workspace's sharing stands. */
  syncView(): TeamSyncView {
    const status = this.sync.status();
    const skipped = this.sync
      .skipped()
      .slice(-SKIPPED_LISTED)
      .reverse()
      .map(({ kind, researcher, reason, skippedAt }) => ({ kind, researcher: researcher === null ? null : (this.teamNames.get(researcher) ?? null), reason, skippedAt }));
    this.learnNames(this.sync.skipped().flatMap((r) => (r.researcher !== null && !this.teamNames.has(r.researcher) ? [r.researcher] : [])));
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

  /** Looks the names of these database users up in the team database, then tells the sharing again. */
  private learnNames(roles: string[]): void {
    if (roles.length === 0 || this.namesAsked) return;
    const pool = this.connector.pool();
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
  join(jobs: JobRegistry): Promise<TeamJoinResult> {
    let last: TeamJoinProgress = { received: 0, total: 0 };
    return jobs.run(teamJoinJob, teamJoinJob.key(), "receiving the team's cache", async (signal) => {
      // Told once the team's records are counted (the job is registered by then: a cancel finds it).
      this.joining = { received: 0, total: 0 };
      try {
        const done = await this.sync.join((progress) => {
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

  /** This researcher's edits overtaken by a teammate's, not dismissed yet, in words. */
  notices(): TeamNotice[] {
    return this.sharedWork.notices().map((n) => ({ id: n.overtakenChange, message: n.message, canRestore: n.restorable }));
  }

  /** Makes the overtaken value current again (shared at once); the notice goes. */
  restoreNotice(id: string): TeamNotice[] {
    const notice = this.sharedWork.notices().find((n) => n.overtakenChange === id);
    if (!notice || !notice.restorable) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That change is no longer waiting to be restored (it may have been restored or dismissed already).' });
    this.sharedWork.restore(notice.docKind, notice.docId, id);
    return this.tellNotices();
  }

  /** Hides the notice; the overtaken value stays in its history. */
  dismissNotice(id: string): TeamNotice[] {
    this.sharedWork.dismiss(id);
    return this.tellNotices();
  }

  private tellNotices(): TeamNotice[] {
    const notices = this.notices();
    this.deps.events.emit('team:noticesChanged', { workspace: this.deps.id, notices });
    return notices;
  }

  /** Whether the team database is connected, once known: a first check under way (just started) is waited for. */
  private async connected(): Promise<boolean> {
    if (this.closing) return false;
    if (this.connector.status().state === 'connecting') await this.connector.check().catch(() => undefined);
    return this.connector.status().state === 'connected';
  }

  /** Starts the background sharing (when the workspace opens, and after a restore). */
  start(): void {
    this.connector.start();
    // A Team workspace not set up yet has no one to share with: its engines start once it has
    // settings (here, or when it first connects), rather than retrying a database there is not.
    if (this.connector.settings()) this.startEngines();
  }

  /**
   * Connected to a team database: when it is another one than the records were received from
   * (its address or name changed), they are received again from its start.
   */
  private async followTeamDatabase(settings: TeamView['settings']): Promise<void> {
    if (!settings) return;
    const database = `${settings.host}:${settings.port}/${settings.database}`;
    const before = this.deps.meta.get<string>(META_TEAM_RECORDS_FROM)?.value;
    if (before === database) return;
    if (before !== undefined) {
      await this.sync.startOver();
      this.deps.logger.info(`team sync: another team database (${database}); its records are received from the start`);
    }
    this.deps.meta.set(META_TEAM_RECORDS_FROM, database);
  }

  private startEngines(): void {
    if (this.enginesStarted || this.closing) return;
    this.enginesStarted = true;
    this.ledger.start();
    this.sync.start();
    void this.sharedWork.start().catch((error: Error) => this.deps.logger.warn(`team shared work not started: ${error.message}`));
  }

  /** The team database answers again: outboxes pushed and teammates' news pulled now. */
  catchUp(): void {
    this.listener.check(true);
    void this.ledger.flush().catch(() => undefined);
    void this.sync.pushNow().catch(() => undefined);
    void this.sync.pullNow().catch(() => undefined);
    this.sharedWork.reconnected();
  }

  /** Nothing of the team starts from here on (the workspace is closing). */
  closingNow(): void {
    this.closing = true;
  }

  /**
   * The engines stop (an in-flight push or pull ends) before their pool closes, but a team
   * database that does not answer is not waited out: what they did not finish is still queued
   * (outboxes, cursors move only with what was written) for the next start.
   */
  async stop(waitMs: number): Promise<void> {
    this.closing = true;
    await withinMs(Promise.allSettled([this.sharedWork.stop(), this.sync.stop(), this.ledger.stop(), this.unlockEvidence.stop()]), waitMs);
    await withinMs(this.listener.stop(), waitMs);
    await this.connector.close();
  }
}

/** Resolves when `work` settles or after `ms`, whichever comes first. */
export function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([work.then(() => undefined, () => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
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
