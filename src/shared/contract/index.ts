// The one contract between the renderer and main. Every operation is declared once, with a zod
// schema for its request and the type of its response; main binds a handler map typed against
// it (see src/main/host/handlers.ts) and both transports (Electron IPC, loopback HTTP) derive
// their clients from it. Add an operation and `tsc` points at every place that must follow.
//
// One file per domain (main's domain folders use the same names): its operations fragment, the
// zod pieces and view types only it uses, and the events main pushes for it. Each domain's names
// are apart, as plain data, in <domain>.channels.ts, which ../channels.ts gathers for the
// sandboxed preload (no zod there). common.ts: the zod pieces several domains share.
//
//   app         app:*, workspace:*, credentials:*, plan:*, connection:*, shell:*
//   reports     reports:*, media:*, history:*, mentions:*, images:*
//   ledger      ledger:*, team:spending
//   notes       notes:*, workflow:*
//   compare     compare:*
//   campaigns   campaigns:*
//   exports     exports:*
//   tracking    watchlists:*, alerts:*
//   competitor  competitor:*
//   discovery   discovery:*, shortlist:*
//   lists       lists:*
//   creators    creators:*
//   archive     archive:* (the API's PDFs and Scout's client reports)
//   agency      agency:*
//   team        team:* (but team:spending)
import type { z } from 'zod';
import type { Channel, EventName } from '@shared/channels';
import type { Result } from '@shared/errors';
import type { Exact, Operation } from './common';
import { appOperations, type AppEvents } from './app';
import { reportsOperations, type ReportsEvents } from './reports';
import { ledgerOperations } from './ledger';
import { notesOperations, type NotesEvents } from './notes';
import { compareOperations } from './compare';
import { campaignsOperations } from './campaigns';
import { exportsOperations, type ExportsEvents } from './exports';
import { trackingOperations, type TrackingEvents } from './tracking';
import { competitorOperations, type CompetitorEvents } from './competitor';
import { discoveryOperations, type DiscoveryEvents } from './discovery';
import { listsOperations, type ListsEvents } from './lists';
import { creatorsOperations, type CreatorsEvents } from './creators';
import { archiveOperations, type ArchiveEvents } from './archive';
import { agencyOperations } from './agency';
import { teamOperations, type TeamEvents } from './team';

export type { Operation } from './common';
export type { HostKind, AppInfo, AppNotice, CredentialStatus, WorkspaceSummary, WorkspaceState, BackupReason, BackupInfo, PlanInfo, PlanState, ConnectionMode, ConnectionState, OpenExternalResult } from './app';
export type { LibraryItemView, LibraryPageView, SnapshotView, SnapshotDetail } from './reports';
export type { SaveFileResult } from './compare';
export type { ExportSubject } from './exports';

export const operations = {
  ...appOperations,
  ...reportsOperations,
  ...ledgerOperations,
  ...notesOperations,
  ...compareOperations,
  ...campaignsOperations,
  ...exportsOperations,
  ...trackingOperations,
  ...competitorOperations,
  ...discoveryOperations,
  ...listsOperations,
  ...creatorsOperations,
  ...archiveOperations,
  ...agencyOperations,
  ...teamOperations,
} satisfies Record<Channel, Operation<z.ZodType, unknown>>;

// Both directions: the contract declares no operation that channels.ts does not list (each
// fragment already matches its own domain's list: see OperationsOf).
const contractMatchesChannels: Exact<keyof typeof operations, Channel> = true;
void contractMatchesChannels;

export type Operations = typeof operations;
/** What a caller sends. */
export type RequestOf<C extends Channel> = z.input<Operations[C]['request']>;
/** What a handler receives, after validation. */
export type ParsedRequestOf<C extends Channel> = z.output<Operations[C]['request']>;
export type ResponseOf<C extends Channel> = Operations[C] extends Operation<z.ZodType, infer R> ? R : never;

// ---- events ------------------------------------------------------------------------------

/** What main pushes, by name: each domain declares its own. */
export interface EventPayloads extends AppEvents, ReportsEvents, NotesEvents, ExportsEvents, TrackingEvents, CompetitorEvents, DiscoveryEvents, ListsEvents, CreatorsEvents, ArchiveEvents, TeamEvents {}

const eventsMatchNames: Exact<keyof EventPayloads, EventName> = true;
void eventsMatchNames;

export interface ScoutEvent<E extends EventName = EventName> {
  name: E;
  payload: EventPayloads[E];
}

/**
 * What the preload exposes as `window.scout`: the contract's channels, answering with the
 * dispatcher's Result envelope (errors are data, so they survive the IPC boundary intact).
 */
export interface ScoutBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/** The typed client the renderer uses, whichever host it runs in. */
export interface ScoutClient {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
