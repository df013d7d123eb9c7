// Builds every main-process service for one data folder. Both hosts (Electron and the loopback
// HTTP server) call this and bind the same handlers; nothing here knows which host it is in.
import path from 'node:path';
import { DownloadShelf, downloadPath } from '../platform/files/downloadShelf';
import type { ExportDestination } from '../domains/exports/exportService';
import type { AppInfo, AppNotice, HostKind, WorkspaceState } from '@shared/contract';
import type { WorkspaceId } from '@shared/workspaces';
import { ScoutError } from '@shared/errors';
import { loadAppSettings, saveAppSettings, type AppSettings } from '../platform/settings/appSettings';
import { KeytarCredentialStore, type CredentialStore } from '../platform/credentials/credentialStore';
import type { SimulatorOptions } from '../../simulator/server';
import type { Logger } from '../platform/log';
import { EventBus } from '../kernel/eventBus';
import { PlanService } from '../workspace/planService';
import { WorkspaceRegistry } from '../workspace/registry';
import type { Workspace, WorkspaceDeps } from '../workspace/workspace';
import { domains } from './domains';
import type { TeamConnector } from '../team/teamConnection';

export interface MainServicesOptions {
  dataDir: string;
  host: HostKind;
  version: string;
  logger: Logger;
  credentialStore?: CredentialStore;
  /** Electron's build of better-sqlite3; Node's own is used when absent. */
  nativeBinding?: string;
  /** Options for the demo workspace's simulator (tests make it slow or short of credits). */
  simulator?: SimulatorOptions;
  /** A simulator already running elsewhere (`npm run simulator`) for the demo workspace, instead of its own. */
  demoApiUrl?: string;
  apiTimeoutMs?: number;
  /** The event bus, when the host made it first (browser mode listens before these services load). */
  events?: EventBus;
  transport?: WorkspaceDeps['transport'];
  polling?: WorkspaceDeps['polling'];
  /** The Team workspace's connection timing (tests shorten it). */
  team?: WorkspaceDeps['team'];
}

export class MainServices {
  readonly events: EventBus;
  readonly workspaces: WorkspaceRegistry;
  readonly plans: PlanService;
  readonly credentialStore: CredentialStore;
  /** Browser mode's exports, each handed out once at its own address. */
  readonly downloads: DownloadShelf;
  private settings: AppSettings;
  private readonly settingsFile: string;
  private notices: AppNotice[] = [];
  /** The warm-up under way or done: closing waits for it, so nothing is opened after the close. */
  private warming: Promise<void> | null = null;

  constructor(readonly options: MainServicesOptions) {
    const { logger } = options;
    this.events = options.events ?? new EventBus((text) => logger.redact(text));
    this.settingsFile = path.join(options.dataDir, 'settings.json');
    const loaded = loadAppSettings(this.settingsFile);
    this.settings = loaded.settings;
    if (loaded.problem) {
      logger.warn(`settings file unreadable (${loaded.problem.reason}); moved to ${loaded.problem.movedTo}`);
      this.notices.push({
        id: 'settings-unreadable',
        level: 'warning',
        message: `Scout could not read its settings (${loaded.problem.reason}) and started with the defaults. The old file was kept as ${loaded.problem.movedTo}.`,
      });
    }
    this.credentialStore = options.credentialStore ?? new KeytarCredentialStore(undefined, (s) => logger.registerSecret(s), { host: options.host });
    this.workspaces = new WorkspaceRegistry({
      dataDir: options.dataDir,
      credentialStore: this.credentialStore,
      events: this.events,
      logger,
      nativeBinding: options.nativeBinding,
      simulator: options.simulator,
      demoApiUrl: options.demoApiUrl,
      apiTimeoutMs: options.apiTimeoutMs,
      transport: options.transport,
      polling: options.polling,
      team: options.team,
      isActive: (id) => id === this.activeId,
      domains,
      onDamaged: () => void this.workspaceState().then((state) => this.events.emit('workspace:changed', state)),
    });
    this.plans = new PlanService(this.events);
    this.downloads = new DownloadShelf(path.join(options.dataDir, 'exports'));
  }

  /** Where browser mode writes an export: a place on the download shelf, handed out once at its address. */
  downloadDestination(): ExportDestination {
    return {
      kind: 'download',
      place: (fileName, mimeType) => {
        const { file, token } = this.downloads.place(fileName, mimeType);
        return { file, url: downloadPath(token), drop: () => this.downloads.drop(token) };
      },
    };
  }

  get activeId(): WorkspaceId {
    return this.settings.activeWorkspace;
  }

  active(): Workspace {
    return this.workspaces.get(this.activeId);
  }

  isActive = (id: WorkspaceId): boolean => id === this.activeId;

  /**
   * The active workspace, for a spend confirmed in `confirmedIn`: refused (WORKSPACE_CHANGED,
   * nothing sent) when another is active now. The kernel checks again just before sending.
   */
  spendingIn(confirmedIn: WorkspaceId | undefined): Workspace {
    if (confirmedIn && confirmedIn !== this.activeId) {
      throw new ScoutError({
        code: 'WORKSPACE_CHANGED',
        message: `This was confirmed in the ${confirmedIn} workspace, but ${this.activeId} is active now. Nothing was spent; confirm it again there.`,
      });
    }
    return this.active();
  }

  appInfo(): AppInfo {
    return { version: this.options.version, host: this.options.host, notices: [...this.notices] };
  }

  dismissNotice(id: string): AppInfo {
    this.notices = this.notices.filter((n) => n.id !== id);
    const info = this.appInfo();
    this.events.emit('app:changed', info);
    return info;
  }

  /** The Team workspace's team database connection (opening the workspace when it is not open). */
  teamConnection(): TeamConnector {
    const team = this.workspaces.get('team').team;
    if (!team) throw new ScoutError({ code: 'INTERNAL', message: 'The Team workspace has no team database connection.' });
    return team;
  }

  async workspaceState(): Promise<WorkspaceState> {
    return this.workspaces.state(this.activeId);
  }

  /**
   * Opens the workspaces (each in a turn of its own) and loads the keychain while the window or
   * the browser tab opens, so the first page's calls find them ready. What fails here is said by
   * those calls, where the researcher sees it; nothing is thrown.
   */
  warmUp(): Promise<void> {
    return (this.warming ??= this.workspaceState().then(
      () => undefined,
      (error: Error) => this.options.logger.info(`warming up: ${error.message} (said again when asked)`),
    ));
  }

  /**
   * Resolves once the active workspace, and any other being made or brought up to date in a
   * worker, can be opened at once: every call awaits it before it reaches a workspace. Null when
   * there is nothing to wait for.
   */
  ready(): Promise<void> | null {
    return this.workspaces.ready(this.activeId);
  }

  async switchWorkspace(id: WorkspaceId): Promise<WorkspaceState> {
    // Open it first: a database that cannot be opened leaves the current workspace active.
    await this.workspaces.prepare(id);
    const ws = this.workspaces.get(id);
    if (id !== this.activeId) {
      this.settings = { ...this.settings, activeWorkspace: id };
      saveAppSettings(this.settingsFile, this.settings);
    }
    // What fell due while another workspace was open (watchlists) runs now.
    ws.activated();
    const state = await this.workspaceState();
    this.events.emit('workspace:changed', state);
    this.events.emit('connection:changed', ws.connection.get());
    this.events.emit('plan:changed', this.plans.cached(ws));
    return state;
  }

  async close(): Promise<void> {
    await this.warming;
    await this.workspaces.closeAll();
    this.downloads.close();
  }
}
