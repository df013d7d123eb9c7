// The workspaces and when each opens: a database whose schema is behind is brought up to date in
// a worker first; one found damaged is refused with what to restore; a backup is put in place
// with the workspace closed. Opening one is `get`.
import fs from 'node:fs';
import { ScoutError } from '@shared/errors';
import type { BackupInfo, WorkspaceState, WorkspaceSummary } from '@shared/contract';
import { workspaceIds, workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import { schemaVersion } from '../platform/cache/database';
import { latestVersion } from '../platform/cache/migrate';
import { migrations } from '../platform/cache/migrations';
import { runDbTask } from '../platform/cache/dbTasks';
import { openWorkspaceDatabase } from '../platform/cache/workspaceStore';
import { preparedOnFirstUse } from '../platform/cache/preparedOnFirstUse';
import { DailyBackups, listBackups, restoreBackupFile } from '../platform/cache/backups';
import { workspaceDbPath } from '../platform/paths';
import { nextTurn } from '../platform/util/timeSlices';
import { Workspace, type WorkspaceDeps } from './workspace';
import { checkPages } from './pageCheck';
import { carryOverFrom } from './restore';

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
      checkPages(ws, file, created, {
        nativeBinding: this.deps.nativeBinding,
        logger: this.deps.logger,
        isOpen: (checked) => this.open.get(checked.id) === checked,
        onDamaged: (damagedWs, error) => {
          this.damaged.set(damagedWs.id, error);
          if (this.open.get(damagedWs.id) === damagedWs) {
            this.open.delete(damagedWs.id);
            void damagedWs.close().finally(() => this.deps.onDamaged?.(damagedWs.id));
          }
        },
      });
      ws.dailyBackups = new DailyBackups(db, file, (error) => this.deps.logger.warn(`workspace ${id}: daily backup not taken: ${error.message}`));
      ws.dailyBackups.start();
      // The team's sharing and the domains' schedules (watchlists due are refreshed now).
      ws.start();
      // Calls left open by a crash are resolved as soon as the API can be asked.
      if (ws.ledger.open().length > 0 && !ws.connection.get().manualOffline) {
        const opened = ws;
        void opened.paid.settleOpenEntries().catch((error: Error) => this.deps.logger.warn(`open ledger entries not settled yet: ${error.message}`));
      }
    }
    return ws;
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
    if (keptAs) carryOverFrom(keptAs, reopened, this.deps.logger);
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

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** No database yet: no file, or an empty one (where SQLite has not written a page). */
function isNewFile(file: string): boolean {
  return !fs.existsSync(file) || fs.statSync(file).size === 0;
}
