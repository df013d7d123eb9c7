// App: the app itself (app:*), its workspaces, their credentials and plans, the connection, and
// links opened outside (shell:*).
import { z } from 'zod';
import { apiAddressProblem, apiWorkspaceIds, type WorkspaceId } from '@shared/workspaces';
import { noInput, op, workspaceId, type Exact, type OperationsOf } from './common';
import type { AppChannel, AppEventName } from './app.channels';

export type HostKind = 'electron' | 'browser';

export interface AppInfo {
  version: string;
  host: HostKind;
  /** Things the researcher should know about, e.g. a settings file that could not be read. */
  notices: AppNotice[];
}

export interface AppNotice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface CredentialStatus {
  workspace: WorkspaceId;
  hasCredentials: boolean;
  /** Never the whole account id; the token is never returned at all. */
  accountIdMasked: string | null;
  /** The demo workspace uses the simulator's built-in account and cannot be edited. */
  editable: boolean;
  /** Why the credentials could not be read (the keychain is unavailable, say), in words. */
  problem: string | null;
  /** The API origin the saved credentials are sent to, and only to. */
  origin: string | null;
  /** False when no keychain can be reached at all: nothing can be saved until one is. */
  keychainAvailable: boolean;
}

export interface WorkspaceSummary {
  id: WorkspaceId;
  label: string;
  baseUrl: string;
  credentials: CredentialStatus;
  /** Why the workspace cannot be opened (a database from a newer Scout, say); null when fine. */
  problem: string | null;
}

export interface WorkspaceState {
  active: WorkspaceId;
  workspaces: WorkspaceSummary[];
}

export type BackupReason = 'daily' | 'migration';

/** A backup of a workspace database (Settings → Backups). */
export interface BackupInfo {
  /** The backup's file name in the workspace's backups folder. */
  id: string;
  takenAt: number;
  /** Bytes. */
  size: number;
  /** Taken on the daily round, or just before a migration changed the database's version. */
  reason: BackupReason;
}

export interface PlanInfo {
  reports: {
    plan: string | null;
    /** Report credits (deprecated by the API on 2027-01-01, still sent). */
    credits: number | null;
    /** Mini-report credits left. */
    reports: number | null;
    /** Advanced-report credits left. */
    advancedReports: number | null;
  };
  discovery: {
    plan: string | null;
    requests: number | null;
  };
}

export interface PlanState {
  workspace: WorkspaceId;
  plan: PlanInfo | null;
  /** Epoch milliseconds of the answer shown; null when the API was never asked. */
  fetchedAt: number | null;
}

export type ConnectionMode = 'online' | 'offline' | 'unreachable' | 'unknown';

export interface ConnectionState {
  workspace: WorkspaceId;
  mode: ConnectionMode;
  /** The researcher switched the workspace offline by hand. */
  manualOffline: boolean;
  /** Why the API is unreachable, in words, when mode is `unreachable`. */
  reason: string | null;
  checkedAt: number | null;
}

export interface OpenExternalResult {
  /** Electron opens the link itself; in browser mode the page opens it in a new tab. */
  openedByHost: boolean;
  url: string;
}

/** Production and Team: the workspaces with an API address and credentials of their own. */
const apiWorkspaceId = z.enum(apiWorkspaceIds);

const apiToken = z
  .string()
  .trim()
  .min(8, 'The API token looks too short: paste the whole token from your account page.')
  .max(512, 'The API token is too long: paste only the token.')
  .regex(/^[\x21-\x7e]+$/, 'The API token may contain only visible characters, no spaces.');

const accountId = z
  .string()
  .trim()
  .min(1, 'Enter the account id.')
  .max(128, 'The account id is too long.')
  .regex(/^[\x21-\x7e]+$/, 'The account id may contain only visible characters, no spaces.');

const baseUrl = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = apiAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const appOperations = {
  'app:info': op<AppInfo>()(noInput),
  'app:dismissNotice': op<AppInfo>()(z.object({ id: z.string().max(200) }).strict()),
  'workspace:get': op<WorkspaceState>()(noInput),
  'workspace:switch': op<WorkspaceState>()(z.object({ workspace: workspaceId }).strict()),
  'workspace:setBaseUrl': op<WorkspaceState>()(
    z.object({ workspace: apiWorkspaceId, baseUrl }).strict(),
  ),
  'workspace:backups': op<BackupInfo[]>()(z.object({ workspace: workspaceId }).strict()),
  /** Closes the workspace, keeps its current file aside, puts the backup in its place and reopens it. */
  'workspace:restoreBackup': op<WorkspaceState>()(
    z
      .object({ workspace: workspaceId, backupId: z.string().regex(/^\d{13}-(daily|migration)\.sqlite$/, 'That is not one of Scout’s backups.') })
      .strict(),
  ),
  'credentials:get': op<CredentialStatus>()(z.object({ workspace: workspaceId }).strict()),
  'credentials:set': op<CredentialStatus>()(
    z.object({ workspace: apiWorkspaceId, accountId, apiToken }).strict(),
  ),
  'credentials:delete': op<CredentialStatus>()(z.object({ workspace: apiWorkspaceId }).strict()),
  'credentials:test': op<PlanState>()(z.object({ workspace: workspaceId }).strict()),
  'plan:get': op<PlanState>()(noInput),
  'plan:refresh': op<PlanState>()(noInput),
  'connection:get': op<ConnectionState>()(noInput),
  'connection:setOffline': op<ConnectionState>()(z.object({ offline: z.boolean() }).strict()),
  'shell:openExternal': op<OpenExternalResult>()(z.object({ url: z.string().max(2048) }).strict()),
} satisfies OperationsOf<AppChannel>;

export interface AppEvents {
  'workspace:changed': WorkspaceState;
  'plan:changed': PlanState;
  'connection:changed': ConnectionState;
  'app:changed': AppInfo;
}

const eventsMatchNames: Exact<keyof AppEvents, AppEventName> = true;
void eventsMatchNames;
