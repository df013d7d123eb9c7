// The seam every domain plugs into. A domain is a folder (domains/<name>/) whose index.ts exports
// one `DomainModule`: `register` builds the domain's services for one open workspace from the
// workspace's core (database, kernel, team side) and returns them with their team codecs and
// hooks; `handlers` answers the domain's channels. The composition root (app/domains.ts) is the
// list of modules; nothing else names a domain's services.
//
// Each domain adds its services to `ServiceMap` (module augmentation, beside its register), so a
// workspace's services are typed as the sum of its domains without one hand-kept list.
import type { Db } from '../platform/cache/database';
import type { WorkspaceMeta } from '../platform/cache/workspaceMeta';
import type { ApiClient } from '../platform/api/apiClient';
import type { CreditLedger } from '../kernel/creditLedger';
import type { PaidWork } from '../kernel/paidWork';
import type { JobRegistry } from '../kernel/jobs';
import type { ConnectionTracker } from '../kernel/connection';
import type { EventBus } from '../kernel/eventBus';
import type { Logger } from '../platform/log';
import type { ImageCache } from '../platform/pictures/imageCache';
import type { TeamRecordCodec, TeamRecordIn } from '../team/codecs';
import type { ShareRecord } from '../team/teamCopies';
import type { ReportServiceDeps } from './reports/reportServiceDeps';
import type { ExportDestination } from './exports/exportService';
import type { OnSharedEdit, TeamVersionOf } from '../team/seenEdits';
import type { TeamConnector } from '../team/teamConnection';
import type { SharedWork } from '../team/sharedWork';
import type pg from 'pg';
import type { WorkspaceId } from '@shared/workspaces';
import type { Channel } from '@shared/channels';
import type { ParsedRequestOf, ResponseOf } from '@shared/contract';

/** Every domain's services by name; each domain's index.ts adds its own (`declare module`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface ServiceMap {}

/** The team side a domain sees in a Team workspace (null elsewhere). */
export interface DomainTeamSide {
  /** The connection: its kernel gate, status and pool. */
  readonly connector: TeamConnector;
  /** The saved work shared and versioned (queries, comparisons, notes, watchlists…). */
  readonly sharedWork: SharedWork;
  /** The pool now; TEAM_UNREACHABLE while there is none. */
  pool(): pg.Pool;
  /** Whether the team database is connected, once known (a first check under way is waited for). */
  connected(): Promise<boolean>;
}

/** What a domain's `register` is given: one open workspace's core. */
export interface WorkspaceContext {
  readonly id: WorkspaceId;
  readonly db: Db;
  readonly meta: WorkspaceMeta;
  readonly dataDir: string;
  readonly connection: ConnectionTracker;
  readonly ledger: CreditLedger;
  /** The paid-work kernel: the only way to an API operation that can spend. */
  readonly paid: PaidWork;
  readonly jobs: JobRegistry;
  readonly events: EventBus;
  readonly logger: Logger;
  /** Report polling (tests shorten it). */
  readonly polling: Pick<ReportServiceDeps, 'pollDelayMs' | 'maxWaitMs'> | undefined;
  /** Whether this workspace is the active one (a spend confirmed here is refused once it is not). */
  isActive(): boolean;
  api(): Promise<ApiClient>;
  /** The one http origin a picture or PDF link may have (a simulator on this computer), else null. */
  loopbackOrigin(): Promise<string | null>;
  /** Stores the pictures an answer links to; how many were new. */
  storePictures(result: unknown): Promise<number>;
  /** Tells the screens these kinds of things changed from the team (they read them again). */
  tellReceived(kinds: string[]): void;
  /** Shares a paid record with the team (Team workspace only). */
  readonly share: ShareRecord | undefined;
  /** A shared thing was edited here (Team workspace only). */
  readonly onEdit: OnSharedEdit | undefined;
  /** The team version an editor opening a shared thing starts from (Team workspace only). */
  readonly teamVersion: TeamVersionOf | undefined;
  readonly team: DomainTeamSide | null;
  /** Another domain's service (registered before this one, or called lazily). */
  use<K extends keyof ServiceMap>(name: K): ServiceMap[K];
}

/** What a domain registers in one workspace. */
export interface DomainParts {
  services: Partial<ServiceMap>;
  /** How the team's records of this domain's paid kinds are saved here. */
  codecs?: TeamRecordCodec[];
  /** A teammate's record of any kind was saved here (after its transaction). */
  onTeamRecord?(kind: string, record: TeamRecordIn): void;
  /** Teammates' shared edits of these kinds were applied here. */
  onSharedApplied?(kinds: string[]): void;
  /** A teammate deleted a shared watchlist. */
  onWatchlistRemoved?(watchlistId: number): void;
  /** The workspace opened (schedules start here). */
  start?(): void;
  /** The workspace became the active one again. */
  activated?(): void;
  /** The workspace is closing: stop what the domain runs on its own (waited for, bounded). */
  stop?(waitMs: number): Promise<void>;
}

export type Handlers = { [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> };

/** The workspace a handler works in, as its services. */
export type DomainServices = ServiceMap & { readonly id: WorkspaceId; readonly images: ImageCache; readonly ledger: CreditLedger };

/** What a domain's handlers are given. */
export interface HandlerContext {
  /** The active workspace's services. */
  active(): DomainServices;
  /** A named workspace's services (it is opened if it is not). */
  workspace(id: WorkspaceId): DomainServices;
  /** Every open workspace (a run started in one goes on after another becomes active). */
  openWorkspaces(): DomainServices[];
  /**
   * The workspace a spend was confirmed in, if it is still the active one (WORKSPACE_CHANGED
   * otherwise, nothing sent); `confirmedHere` asks the kernel to check again just before sending.
   */
  spendingIn(confirmedIn: WorkspaceId | undefined): { ws: DomainServices; confirmedHere: boolean };
  readonly events: EventBus;
  /** What the host (Electron, or browser mode) can do for a handler. */
  readonly host: HostCapabilities;
  /** Where browser mode writes an export: a place on the download shelf. */
  downloadDestination(): ExportDestination;
}

export interface HostCapabilities {
  /** Electron hands the link to the OS; browser mode lets the page open it. */
  openExternal?: (url: string) => Promise<void>;
  /** Electron asks where to save a file named `fileName` (the save dialog); null when the dialog is closed. */
  chooseSaveTarget?: (fileName: string) => Promise<string | null>;
  /** Electron prints the window to PDF and saves it where the researcher says (the save dialog); null when cancelled. */
  printToPdf?: (suggestedName: string) => Promise<string | null>;
  /** Electron opens a file in the system's viewer (shell.openPath); browser mode serves it instead. */
  openPath?: (file: string) => Promise<void>;
  /** Electron shows a file in its folder (shell.showItemInFolder); browser mode tells the page where it is. */
  showItemInFolder?: (file: string) => void;
}

export interface DomainModule<C extends Channel = Channel> {
  readonly name: string;
  register(ctx: WorkspaceContext): DomainParts;
  /** The domain's channels; each channel is answered by exactly one domain (or the host's core). */
  handlers?(h: HandlerContext): { [K in C]: Handlers[K] };
}

/** Declares a domain module, its handlers checked against the channels it names. */
export function defineDomain<C extends Channel = never>(module: DomainModule<C>): DomainModule<C> {
  return module;
}

/** The researcher's "buy anyway" (the team database cannot be reached), as the services take it. */
export const teamConfirmed = (confirmed: true | undefined): { teamUnreachableConfirmed?: true } => (confirmed ? { teamUnreachableConfirmed: true } : {});
