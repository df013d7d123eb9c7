// The one contract between the renderer and main. Every operation is declared here once, with a
// zod schema for its request and the type of its response; main binds a handler map typed
// against it (see src/main/host/handlers.ts) and both transports (Electron IPC, loopback HTTP)
// derive their clients from it. Add an operation here and `tsc` points at every place that
// must follow.
import { z } from 'zod';
import { listNameSchema } from './lists';
import type { Channel, EventName } from './channels';
import type { Result } from './errors';
import { apiAddressProblem, apiWorkspaceIds, workspaceIds, type WorkspaceId } from './workspaces';
import { teamPassword, teamSettingsShape, type TeamView } from './team';
import { CALENDAR_DAY_FORMAT, isCalendarDay } from './calendarDay';
import { MAX_CREATOR_ACCOUNTS, MAX_CREATOR_IDS } from './creators';
import { isPositiveId } from './ids';
import { fileNameProblem } from './fileNames';
import { exportFormats, type ExportProgress, type ExportResult } from './exports';
import { resultSortKeys } from './discoveryResultOrder';
import type { ItemSortKey } from './listsModel';
import { parseAccountRef, type AccountRef } from './accountInput';
import { cleanTag, MAX_ACCOUNT_NOTE, MAX_TAG_CHARS, MAX_TAGS, type AccountNotesView } from './accountNotes';
import type { StatusStepsView } from './workflow';
import { statusStepId, statusStepsSchema } from './workflowSchema';
import { COMPARE_MAX, COMPARE_MIN, comparePeriods, type ComparisonView, type LatestSnapshot, type SavedComparison } from './compare';
import { archiveSorts, type ArchivedPdf, type ArchiveProgress } from './archive';
import type { AgencyView } from './agency';
import { agencyBrandSchema, agencyLogoSchema } from './agencySchema';
import { clientReportNoteSchema } from './clientReport';
import { competitorFieldShape, datesInOrder, competitorFilters, competitorSortKeys, type CompetitorAnalysisView, type CompetitorPostsPage, type CompetitorProgress, type LostAnalysis } from './competitor';
import type { DiscoveryGame } from './discovery';
import type { CreatorsProgress, CreatorsSyncResult, CreatorView, ListsProgress, DiscoveryProgress, DiscoveryQuote, DiscoveryResults, DiscoveryRunResult, ListItemView, ListSummary, SavedDiscoveryQuery, ShortlistItem } from './discoveryData';
import { attemptOutcomes, librarySortKeys, networks, type Network, type ReportSummary, type CachedReport, type CostQuote, type TeamQuoteNote, type FetchAttemptView, type FetchManyOutcome, type TiktokReportType, type ReportProgress, type SpendingRow } from './reports';
import type { CompanionDocument, HistoryView, MediaView, MentionsView } from './companions';
import type { TeamSpending } from './teamSpending';
import { alertRulesSchema, type AlertRules, type AlertsState, type AlertView } from './alerts';
import type { TeamStamp } from './teamSeen';
import { MAX_RENEW_CAP, MAX_WATCHLIST_ACCOUNTS, cleanWatchlistName, renewalWindows, watchSchedules, type RenewalItem, type TrackingProgress, type WatchlistSummary, type WatchlistView } from './tracking';
import type { TeamJoinResult, TeamNotice, TeamSyncView } from './teamSync';
import { PICTURES_PER_CALL, type PictureAnswer } from './pictures';

/** An operation: its request schema, and its response type carried as a phantom. */
export interface Operation<Req extends z.ZodType, Res> {
  readonly request: Req;
  readonly __response?: Res;
}

function op<Res>() {
  return <Req extends z.ZodType>(request: Req): Operation<Req, Res> => ({ request });
}

const noInput = z.object({}).strict();
/**
 * Team: the researcher saw "the team database cannot be reached … buy anyway?" and said yes. Every
 * paid operation a Team workspace may refuse with TEAM_UNREACHABLE takes it.
 */
const teamUnreachableConfirmed = { teamUnreachableConfirmed: z.literal(true).optional() };
const workspaceId = z.enum(workspaceIds);
/** Production and Team: the workspaces with an API address and credentials of their own. */
const apiWorkspaceId = z.enum(apiWorkspaceIds);

// ---- response types ----------------------------------------------------------------------

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

export interface LibraryItemView {
  network: string;
  accountKey: string;
  summary: ReportSummary;
  /** READY or READY_LOW_CONFIDENCE for a cached report; an AttemptOutcome for an account with none. */
  state: string;
  /** The API's report quality note, when it gave one. */
  quality?: string | null;
  tiktokType?: TiktokReportType | null;
  fetchedAt: number;
  unlockedAt: number | null;
  validUntil: number | null;
  /** The latest fetch that saved nothing (a failed or cancelled refresh of a cached report, too). */
  attempt?: FetchAttemptView | null;
  /** The researcher's (in a Team workspace, the team's) tags on the account. */
  tags?: string[];
  /** Its research status: a step's id (@shared/workflow); null: none. */
  status?: string | null;
}

export interface LibraryPageView {
  items: LibraryItemView[];
  total: number;
}

export interface SnapshotView {
  id: number;
  fetchedAt: number;
  state: string;
  summary: ReportSummary;
}

export interface SnapshotDetail extends SnapshotView {
  network: string;
  accountKey: string;
  result: Record<string, unknown>;
  /**
   * The account's metrics history (Instagram, Twitter: a companion answer, not part of the
   * report), from the cache only and up to this snapshot's fetch, so a comparison "as of" the
   * snapshot finds every series the report page shows. Null or absent when none is cached.
   */
  history?: HistoryView | null;
}

/** What the print of a comparison did: Electron writes the PDF where the researcher chose; browser mode leaves the print to the page. */
export interface SaveFileResult {
  /** False in browser mode: the page prints with the browser's own dialog. */
  openedByHost: boolean;
  /** Where the file was written; null when the dialog was cancelled or the host did not open one. */
  savedTo: string | null;
}

// ---- operations --------------------------------------------------------------------------

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

const network = z.enum(networks);
/** An account as a caller names it: any spelling Add accounts reads (name, @name, channel or user id, profile link). */
const account = z.string().max(2048, 'That account name is too long.');
const tiktokType = z.enum(['report', 'advanced_report']).optional();
const runId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A run id is 1 to 64 letters, digits, - or _.');
const reportRef = { network, account, tiktokType };

type WithAccountRef<T extends { network: Network; account: string }> = Omit<T, 'account'> & { account: AccountRef<T['network']> };

/**
 * Reads a request's `account`, for its `network`, into one AccountRef by the rules of Add
 * accounts: the handler receives the reference, never the text, so the cache key and the name
 * sent to the API come from this one parse.
 */
function withAccountRef<S extends z.ZodType<{ network: Network; account: string }>>(schema: S) {
  return schema.transform((value, ctx): WithAccountRef<z.output<S>> => {
    const read = parseAccountRef(value.account, value.network);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: read.reason });
      return z.NEVER;
    }
    return { ...value, account: read.value };
  });
}


const watchlistId = z.number().int().refine(isPositiveId, 'That is not a watchlist id.');
const watchlistName = z.string().max(400).refine((n) => cleanWatchlistName(n) !== null, 'A watchlist name is 1 to 80 characters, without control characters.');
const renewCap = z.number().int('A renewal limit is a whole number of credits.').min(0).max(MAX_RENEW_CAP, `A watchlist may renew at most ${MAX_RENEW_CAP} credits a month.`);
const watchedAccount = withAccountRef(z.object({ network, account }).strict());
const watchedAccounts = z.array(watchedAccount).min(1).max(MAX_WATCHLIST_ACCOUNTS, `A watchlist holds at most ${MAX_WATCHLIST_ACCOUNTS} accounts.`);

/** A file name a save dialog starts from: a name only, never a path. */
const competitorId = z.string().min(1).max(100).regex(/^[\w-]+$/, 'That is not a competitor analysis id.');
const suggestedName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One account of a comparison, pinned to one of its snapshots. */
/** A discovery page number: the API serves pages 1 to 500 (4.11). */
const discoveryPage = z.number().int().min(1, 'Pages start at 1.').max(500, 'The API serves pages up to 500.');
const discoveryQueryName = z.string().trim().min(1, 'Give the query a name.').max(120, 'A query’s name is at most 120 characters.');
const queryId = z.number().int().positive();
/** The version of a shared thing an editor showed when the researcher began (a view's `team.version`). */
const seenVersion = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** `{ version }` of what an editor showed, when that is all its edit needs to say (one field saved whole). */
const seenOnly = z.object({ version: seenVersion }).strict().optional();
/** `YYYY-MM-DD`, a real calendar day (the rule of calendarDay.ts). */
const calendarDay = z.string().regex(CALENDAR_DAY_FORMAT, 'Write the date as YYYY-MM-DD.').refine(isCalendarDay, 'That is not a calendar date.');
/** A list's or creator's id (the rule of ids.ts). */
const positiveId = (message = 'An id is a whole number from 1.') => z.number().refine(isPositiveId, message);
const pageRange = <T extends { fromPage?: number; toPage?: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.fromPage !== undefined && value.toPage !== undefined && value.fromPage > value.toPage) {
    ctx.addIssue({ code: 'custom', path: ['toPage'], message: 'The last page comes after the first.' });
  }
};

/** A sort the researcher chose on a table: a column and an order. */
const tableSort = <K extends string>(keys: z.ZodType<K>) => z.object({ key: keys, order: z.enum(['asc', 'desc']) }).strict().nullable();
/** The rows ticked on a table (none: every row shown); a table holds at most 10,000 rows. */
const tickedRows = z.array(z.string().max(200)).max(10_000, 'Export at most 10,000 ticked rows.');
/** A page's filter by the researcher's notes, applied by main as the page applies it (passesNotesFilter). */
const notesFilterFields = {
  status: statusStepId.optional(),
  tag: z.string().refine((t) => cleanTag(t) !== null, `A tag is 1 to ${MAX_TAG_CHARS} characters.`).optional(),
};
/** A title a file carries (the comparison's, the query's, the list's): free text, named in the file. */
const exportTitle = z.string().trim().min(1, 'Give the file a title.').max(200, 'A title is at most 200 characters.');

/** What an export writes, read from the cache as the page shows it. */
const exportSubject = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('competitor'),
      id: competitorId,
      filters: competitorFilters.optional(),
      sort: z.object({ key: z.enum(competitorSortKeys), order: z.enum(['asc', 'desc']) }).strict().optional(),
    })
    .strict(),
  /** A query's cached results: every cached page or one of them, in the table's order, the ticked rows or all shown. */
  z
    .object({ kind: z.literal('discovery'), title: exportTitle, body: z.unknown(), sandbox: z.boolean(), page: discoveryPage.nullable(), sort: tableSort(z.enum(resultSortKeys)), ...notesFilterFields, rows: tickedRows })
    .strict(),
  /** A synced list's items in the table's order (every page of it), the ticked ones or all. */
  z
    .object({
      kind: z.literal('list'),
      listId: positiveId('A list id is a whole number from 1.'),
      sort: tableSort(z.string().regex(/^(title|network|followers|er|inLists|status|field:[\w.-]{1,100})$/, 'That is not a column of the list.') as z.ZodType<ItemSortKey>),
      ...notesFilterFields,
      rows: tickedRows,
    })
    .strict(),
  /** The creators in the cache matching the page's search. */
  z.object({ kind: z.literal('creators'), text: z.string().max(200).optional() }).strict(),
  /** The shortlist with the page's filters (a status step or 'none', a tag), the ticked accounts (their ids) or all shown. */
  z
    .object({
      kind: z.literal('shortlist'),
      ...notesFilterFields,
      rows: tickedRows,
    })
    .strict(),
  /** A comparison as the page shows it: its accounts pinned to their snapshots, with notes, for one period. */
  z
    .object({
      kind: z.literal('compare'),
      title: exportTitle,
      period: z.enum(comparePeriods),
      items: z
        .array(z.object({ snapshotId: z.number().int().positive(), note: z.string().max(2000, 'A note is at most 2000 characters.').default('') }).strict())
        .min(COMPARE_MIN, `A comparison needs at least ${COMPARE_MIN} accounts.`)
        .max(COMPARE_MAX, `A comparison holds at most ${COMPARE_MAX} accounts.`),
    })
    .strict(),
]);
export type ExportSubject = z.output<typeof exportSubject>;

const comparisonItem = withAccountRef(
  z
    .object({
      network,
      account,
      snapshotId: z.number().int().positive(),
      note: z.string().max(2000, 'A note is at most 2000 characters.').default(''),
    })
    .strict(),
);

export const operations = {
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
  'reports:open': op<CachedReport | null>()(withAccountRef(z.object({ network, account }).strict())),
  'reports:quote': op<CostQuote>()(withAccountRef(z.object(reportRef).strict())),
  /**
   * `confirmedCost` is what the researcher agreed to: if the cost is different now, nothing is
   * sent. `workspace` is where it was agreed: if another workspace is active now, nothing is sent.
   */
  'reports:fetch': op<CachedReport>()(
    withAccountRef(
      z
        .object({
          ...reportRef,
          confirmedCost: z.union([z.literal(0), z.literal(1)]),
          workspace: workspaceId.optional(),
          ...teamUnreachableConfirmed,
        })
        .strict(),
    ),
  ),
  /** Stops a fetch in `workspace` (the active one when absent). */
  'reports:cancel': op<{ cancelled: boolean }>()(withAccountRef(z.object({ network, account, workspace: workspaceId.optional() }).strict())),
  /**
   * Fetches many accounts in main, each at its confirmed cost (COST_CHANGED per item): paid
   * requests go out one at a time, the waiting for generation runs for all at once. Progress
   * comes as `reports:changed` per account; the answer says how each ended, in item order. Only
   * in `workspace`: an item not yet sent when another workspace becomes active is skipped.
   */
  'reports:fetchMany': op<{ outcomes: FetchManyOutcome[] }>()(
    z
      .object({
        workspace: workspaceId,
        /** The caller's name for the run, for `reports:cancelMany`. */
        runId: runId,
        items: z
          .array(withAccountRef(z.object({ network, account, tiktokType, confirmedCost: z.union([z.literal(0), z.literal(1)]), ...teamUnreachableConfirmed }).strict()))
          .min(1)
          .max(500),
      })
      .strict(),
  ),
  /** Stops every fetch of a `reports:fetchMany` run; one account alone stops with `reports:cancel`. */
  'reports:cancelMany': op<{ cancelled: boolean }>()(z.object({ runId }).strict()),
  /** How the latest fetch of this account ended when it saved no report; null when none did. */
  'reports:attempt': op<FetchAttemptView | null>()(withAccountRef(z.object({ network, account }).strict())),
  /** Where a fetch of this account stands, when one is under way (a page opened mid-fetch). */
  'reports:progress': op<ReportProgress | null>()(withAccountRef(z.object({ network, account }).strict())),
  'reports:library': op<LibraryPageView>()(
    z
      .object({
        text: z.string().max(200).optional(),
        networks: z.array(network).max(6).optional(),
        /** Report states and attempt outcomes: 'failed', 'cancelled', 'paid-not-fetched' list accounts with no report. */
        states: z.array(z.enum(['READY', 'READY_LOW_CONFIDENCE', ...attemptOutcomes])).max(5).optional(),
        fetchedAfter: z.number().int().nonnegative().optional(),
        fetchedBefore: z.number().int().nonnegative().optional(),
        countries: z.array(z.string().regex(/^[A-Za-z]{2}$/)).max(250).optional(),
        followersMin: z.number().nonnegative().optional(),
        followersMax: z.number().nonnegative().optional(),
        /** Only accounts with this tag (letter case aside). */
        tag: z.string().refine((t) => cleanTag(t) !== null, `A tag is 1 to ${MAX_TAG_CHARS} characters.`).optional(),
        /** Only accounts at this status step (its id), or with none ('none'). */
        status: statusStepId.optional(),
        sort: z.enum(librarySortKeys).optional(),
        order: z.enum(['asc', 'desc']).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        offset: z.number().int().nonnegative().optional(),
      })
      .strict(),
  ),
  'reports:snapshots': op<SnapshotView[]>()(withAccountRef(z.object({ network, account }).strict())),
  /** One earlier fetch in full, to compare with the latest. */
  'reports:snapshot': op<SnapshotDetail | null>()(z.object({ id: z.number().int().positive() }).strict()),
  'media:get': op<CompanionDocument<MediaView> | null>()(
    withAccountRef(z.object({ network: z.enum(['instagram', 'youtube']), account, page: z.number().int().min(1).max(10_000).optional(), refresh: z.boolean().optional(), ...teamUnreachableConfirmed }).strict()),
  ),
  'history:get': op<CompanionDocument<HistoryView> | null>()(
    withAccountRef(
      z
        .object({
          network: z.enum(['instagram', 'twitter']),
          account,
          refresh: z.boolean().optional(),
          confirmedCost: z.union([z.literal(0), z.literal(1)]).optional(),
          workspace: workspaceId.optional(),
          ...teamUnreachableConfirmed,
        })
        .strict(),
    ),
  ),
  'mentions:get': op<CompanionDocument<MentionsView> | null>()(
    withAccountRef(z.object({ network: z.enum(['tiktok', 'youtube']), account, refresh: z.boolean().optional(), ...teamUnreachableConfirmed }).strict()),
  ),
  /**
   * Cached pictures, in the order asked: each a data: URL (the renderer's CSP allows those), null
   * when not cached, or `later` when this answer is full (PICTURES_ANSWER_BYTES): ask for it again.
   * A page's pictures come in one call (a library page draws 100 avatars at once).
   */
  'images:get': op<PictureAnswer[]>()(z.object({ urls: z.array(z.string().url().max(4096)).min(1).max(PICTURES_PER_CALL) }).strict()),
  /**
   * Spending by day, operation and account; `network` narrows it to one network, `account` to one
   * account (its network from `network`, or from the account itself when it is a link).
   */
  'ledger:spending': op<SpendingRow[]>()(
    z
      .object({ from: z.number().int().nonnegative().optional(), to: z.number().int().nonnegative().optional(), network: network.optional(), account: account.optional() })
      .strict()
      .transform(({ account, ...rest }, ctx): { from?: number; to?: number; network?: Network; account?: AccountRef } => {
        if (account === undefined) return rest;
        const read = parseAccountRef(account, rest.network ?? null);
        if (!read.ok) {
          ctx.addIssue({ code: 'custom', path: ['account'], message: read.reason });
          return z.NEVER;
        }
        return { ...rest, network: read.value.network, account: read.value };
      }),
  ),
  /** Saved comparisons, newest first. */
  /**
   * The team's spending per researcher, month (UTC) and balance, over the last `months` months
   * (12 when absent), from the team ledger; `{ team: false }` in a workspace without a team.
   */
  'team:spending': op<TeamSpending>()(z.object({ months: z.number().int().min(1).max(36).optional() }).strict()),
  /** An account's note and tags (an empty note and no tags when it has neither). */
  'notes:get': op<AccountNotesView>()(withAccountRef(z.object({ network, account }).strict())),
  /**
   * Replaces an account's note and tags; in a Team workspace they are shared with the team. Tags
   * are kept as cleanTag says (trimmed, without #), one per spelling that differs only in case.
   */
  'notes:set': op<AccountNotesView>()(
    withAccountRef(
      z
        .object({
          network,
          account,
          note: z.string().max(MAX_ACCOUNT_NOTE, `A note is at most ${MAX_ACCOUNT_NOTE} characters.`),
          tags: z
            .array(z.string().refine((t) => cleanTag(t) !== null, `A tag is 1 to ${MAX_TAG_CHARS} characters.`))
            .max(MAX_TAGS, `An account has at most ${MAX_TAGS} tags.`),
          /** A status step's id, null for none; absent: the status stays as it is. */
          status: statusStepId.nullable().optional(),
          /**
           * What the editor showed when the researcher began this edit (its `team.version`, 0
           * without one, and the note, tags and status it showed): only what differs from it is
           * applied to the notes as they are now, and a Team workspace shares the edit as made on
           * that version (a teammate's change since is one this researcher had not seen). Absent:
           * note and tags replaced as given, on the latest version this laptop has.
           */
          seen: z
            .object({
              version: seenVersion,
              note: z.string().max(MAX_ACCOUNT_NOTE),
              tags: z.array(z.string().max(MAX_TAG_CHARS * 4)).max(MAX_TAGS),
              status: statusStepId.nullable(),
            })
            .strict()
            .optional(),
        })
        .strict(),
    ),
  ),
  /** Every tag in use in this workspace, alphabetical. */
  'notes:tags': op<string[]>()(noInput),
  /** Every account's note, tags and status in this workspace (an account with none is not listed), for the tables' filters. */
  'notes:all': op<AccountNotesView[]>()(noInput),
  /** The workspace's status steps in order, each with how many accounts are at it. */
  'workflow:steps': op<StatusStepsView>()(noInput),
  /**
   * Renames, reorders, adds and removes the status steps at once (the whole list, in order); a
   * removed step's accounts lose their status (`cleared` says how many).
   */
  'workflow:setSteps': op<StatusStepsView & { cleared: number }>()(z.object({ steps: statusStepsSchema, seen: seenOnly }).strict()),
  'compare:list': op<SavedComparison[]>()(noInput),
  /** A saved comparison, and per account the newest snapshot when it is newer than the pinned one. */
  'compare:get': op<ComparisonView | null>()(z.object({ id: z.number().int().positive() }).strict()),
  /**
   * Creates a comparison, or replaces the one with `id`. Every snapshot must be one of its
   * account's; Update is saving again with the latest snapshot ids (`compare:latest`).
   */
  'compare:save': op<SavedComparison>()(
    z
      .object({
        id: z.number().int().positive().optional(),
        name: z.string().trim().min(1, 'Give the comparison a name.').max(120, 'A comparison’s name is at most 120 characters.'),
        period: z.enum(comparePeriods),
        items: z
          .array(comparisonItem)
          .min(COMPARE_MIN, `A comparison needs at least ${COMPARE_MIN} accounts.`)
          .max(COMPARE_MAX, `A comparison holds at most ${COMPARE_MAX} accounts.`),
        /**
         * What its editor showed when the researcher began (`comparisonSeen` of the view: its
         * `team.version`, name, period and notes by `network:accountKey`): only what differs from
         * it is applied to the comparison as it is now, and a Team workspace shares the edit as
         * made on that version. Absent: saved as given, on the latest version this laptop has.
         */
        seen: z
          .object({
            version: seenVersion,
            name: z.string().max(200),
            period: z.enum(comparePeriods),
            notes: z.record(z.string().max(500), z.string().max(2000)).refine((n) => Object.keys(n).length <= COMPARE_MAX, 'Too many notes.'),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  'compare:delete': op<{ deleted: boolean }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** The newest cached snapshot of each account; accounts with no cached report are left out. */
  'compare:latest': op<LatestSnapshot[]>()(
    z.object({ accounts: z.array(withAccountRef(z.object({ network, account }).strict())).min(1).max(COMPARE_MAX) }).strict(),
  ),
  /** Electron prints the window (already in its print layout) to PDF and asks where to save it; browser mode prints from the page. */
  'compare:printPdf': op<SaveFileResult>()(z.object({ suggestedName }).strict()),
  /** What exporting this account's PDF costs now: a PDF unlocks the report, so it costs what a report request would. */
  'archive:quote': op<CostQuote>()(withAccountRef(z.object({ network, account }).strict())),
  /**
   * Asks the API for the PDF (polling while it is made, progress as `archive:changed`), downloads
   * it into the workspace's archive folder at once and records it. `confirmedCost` and
   * `workspace` as for `reports:fetch`: nothing is sent when either no longer holds.
   */
  'archive:export': op<ArchivedPdf>()(
    withAccountRef(z.object({ network, account, confirmedCost: z.union([z.literal(0), z.literal(1)]), workspace: workspaceId.optional(), ...teamUnreachableConfirmed }).strict()),
  ),
  /** The same again for an archived PDF's account (a fresh copy), quoted and confirmed the same way. */
  'archive:exportAgain': op<ArchivedPdf>()(
    z.object({ id: z.number().int().positive(), confirmedCost: z.union([z.literal(0), z.literal(1)]), workspace: workspaceId.optional(), ...teamUnreachableConfirmed }).strict(),
  ),
  'archive:cancel': op<{ cancelled: boolean }>()(withAccountRef(z.object({ network, account }).strict())),
  'archive:list': op<ArchivedPdf[]>()(
    z.object({ text: z.string().max(200).optional(), network: network.optional(), sort: z.enum(archiveSorts).optional() }).strict(),
  ),
  /** Electron opens the file in the system's viewer; browser mode answers the address it is served at. */
  'archive:open': op<{ openedByHost: boolean; url: string | null }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Electron shows the file in its folder; browser mode answers the path for the page to show. */
  'archive:reveal': op<{ openedByHost: boolean; path: string }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Removes the file and its row. */
  'archive:delete': op<{ deleted: boolean }>()(z.object({ id: z.number().int().positive() }).strict()),
  /**
   * Scout's own client report of a cached report, made in main from the cache with the report
   * page's own model and formatter, drawn and kept in the archive: offline, no API call, no
   * credit. `fetchedAt` names the report the page showed: main refuses when the cached report is
   * no longer that one (fetched again since).
   */
  'archive:clientReport': op<ArchivedPdf>()(
    withAccountRef(
      z
        .object({
          network,
          account,
          note: clientReportNoteSchema,
          fetchedAt: z.number().int().nonnegative(),
        })
        .strict(),
    ),
  ),
  /** Settings → Your agency: the name, accent colour and logo deliverables carry. */
  'agency:get': op<AgencyView>()(noInput),
  /** Saves the name and accent colour (the logo stays). */
  'agency:set': op<AgencyView>()(agencyBrandSchema.strict()),
  /** Replaces the logo once every byte is checked (PNG signature, or an SVG without scripts); a refused logo leaves the kept one. */
  'agency:setLogo': op<AgencyView>()(agencyLogoSchema),
  'agency:removeLogo': op<AgencyView>()(noInput),
  /** Competitor analyses kept in this workspace, newest first, from the cache. */
  'competitor:list': op<CompetitorAnalysisView[]>()(noInput),
  'competitor:get': op<CompetitorAnalysisView | null>()(z.object({ id: competitorId }).strict()),
  /** Analyses paid for whose answer was lost on the way (newest first), from the ledger. */
  'competitor:lost': op<LostAnalysis[]>()(noInput),
  /**
   * What creating an analysis needs to say before it is confirmed (free): in a Team workspace, what
   * the team database says of it (it cannot be reached, not connected); empty elsewhere.
   */
  'competitor:quote': op<TeamQuoteNote>()(noInput),
  /**
   * Creates an analysis. The reference does not say what it costs: it is sent through the
   * balance gate and whatever moves is booked. `acceptMayCost` says the researcher saw that.
   */
  'competitor:create': op<CompetitorAnalysisView>()(
    z.object({ ...competitorFieldShape, acceptMayCost: z.literal(true), workspace: workspaceId.optional(), ...teamUnreachableConfirmed }).strict().superRefine(datesInOrder),
  ),
  /** Asks the API once where the analysis stands (state 0 calculating, 10 ready); free. */
  'competitor:check': op<CompetitorAnalysisView>()(z.object({ id: competitorId }).strict()),
  /** Fetches every page of posts not yet cached (progress as `competitor:changed`). */
  'competitor:fetchPosts': op<CompetitorAnalysisView>()(z.object({ id: competitorId }).strict()),
  'competitor:cancelPosts': op<{ cancelled: boolean }>()(z.object({ id: competitorId }).strict()),
  /** Cached posts, filtered, searched and sorted in SQLite. */
  'competitor:posts': op<CompetitorPostsPage>()(
    z
      .object({
        id: competitorId,
        filters: competitorFilters.optional(),
        sort: z.object({ key: z.enum(competitorSortKeys), order: z.enum(['asc', 'desc']) }).strict().optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),
  /** Twitch games whose title matches (`auditor.games`), for the games picker; free, needs the API. */
  'discovery:games': op<DiscoveryGame[]>()(z.object({ search: z.string().trim().min(1).max(100) }).strict()),
  /** Saved discovery queries, the last updated first, each with its latest runs. */
  'discovery:queries': op<SavedDiscoveryQuery[]>()(noInput),
  /**
   * Creates a query, or replaces the one with `id`; the body is checked by every rule of 4.11
   * (INVALID_INPUT with `fields`). `seen`: the query's `team.version` when its editor opened it
   * (a Team workspace shares the edit as made on it); absent: the latest this laptop has.
   */
  'discovery:saveQuery': op<SavedDiscoveryQuery>()(z.object({ id: queryId.optional(), name: discoveryQueryName, body: z.unknown(), seen: seenOnly }).strict()),
  'discovery:duplicateQuery': op<SavedDiscoveryQuery>()(z.object({ id: queryId }).strict()),
  /** Renames a query; `seen`: its `team.version` when the rename began (see saveQuery). */
  'discovery:renameQuery': op<SavedDiscoveryQuery>()(z.object({ id: queryId, name: discoveryQueryName, seen: seenOnly }).strict()),
  /** The query and its history go; its cached pages stay (they were paid for). */
  'discovery:deleteQuery': op<{ deleted: boolean }>()(z.object({ id: queryId }).strict()),
  /** What running these pages would spend now; free. */
  'discovery:quote': op<DiscoveryQuote>()(
    z.object({ body: z.unknown(), sandbox: z.boolean(), fromPage: discoveryPage, toPage: discoveryPage }).strict().superRefine(pageRange),
  ),
  /**
   * Fetches the pages not cached yet, in order (progress as `discovery:changed`). Nothing is sent
   * when the calls needed now differ from `confirmedCalls` (COST_CHANGED) or `workspace` is no
   * longer active. Production pages go through the ledger; sandbox pages are free and kept apart.
   */
  'discovery:run': op<DiscoveryRunResult>()(
    z
      .object({
        runId,
        queryId: queryId.optional(),
        body: z.unknown(),
        sandbox: z.boolean(),
        fromPage: discoveryPage,
        toPage: discoveryPage,
        confirmedCalls: z.number().int().min(0).max(500),
        workspace: workspaceId,
        ...teamUnreachableConfirmed,
      })
      .strict()
      .superRefine(pageRange),
  ),
  /** The page in flight finishes and is kept; no further page is sent. */
  'discovery:cancel': op<{ cancelled: boolean }>()(z.object({ runId }).strict()),
  /** Cached pages only: no network, works offline. */
  'discovery:results': op<DiscoveryResults>()(
    z.object({ body: z.unknown(), sandbox: z.boolean(), fromPage: discoveryPage.optional(), toPage: discoveryPage.optional() }).strict().superRefine(pageRange),
  ),
  'shortlist:list': op<ShortlistItem[]>()(noInput),
  'shortlist:add': op<ShortlistItem[]>()(
    z
      .object({
        items: z
          .array(
            z
              .object({
                network,
                account: z.string().trim().min(1, 'Name the account.').max(2048, 'That account name is too long.'),
                title: z.string().max(1000).nullable().optional(),
                avatarUrl: z.string().max(4096).nullable().optional(),
                followers: z.number().nonnegative().nullable().optional(),
                /** What the search showed: kept for an account without a cached report. */
                er: z.number().nonnegative().nullable().optional(),
                // As the search showed it ("DE", or words): the shortlist keeps a two-letter code only.
                country: z.string().max(100).nullable().optional(),
              })
              .strict(),
          )
          .min(1, 'Choose at least one account.')
          .max(500, 'Add at most 500 accounts at a time.'),
      })
      .strict(),
  ),
  'shortlist:remove': op<{ removed: number }>()(z.object({ ids: z.array(z.number().int().positive()).max(10_000) }).strict()),
  /** Lists fetched before, from the cache. */
  'lists:known': op<ListSummary[]>()(noInput),
  /**
   * What syncing a list needs to say before it is sent (free): in a Team workspace, what the team
   * database says of it (it cannot be reached, for a list first synced here, which is claimed; not
   * connected); empty elsewhere.
   */
  'lists:quote': op<TeamQuoteNote>()(z.object({ listId: positiveId('A list id is a whole number from 1.') }).strict()),
  /** Fetches every item of a list (limit 100 by offset; free), progress as `lists:changed`. */
  'lists:sync': op<ListSummary>()(z.object({ listId: positiveId('A list id is a whole number from 1.'), ...teamUnreachableConfirmed }).strict()),
  'lists:items': op<ListItemView[]>()(z.object({ listId: positiveId('A list id is a whole number from 1.') }).strict()),
  /** Names a synced list in this workspace (Scout's own name: the API gives lists none); an empty name clears it. */
  'lists:rename': op<ListSummary>()(z.object({ listId: positiveId('A list id is a whole number from 1.'), name: listNameSchema }).strict()),
  /** Fetches creators (cursor paging, free) with the API's filters, progress as `creators:changed`. */
  'creators:sync': op<CreatorsSyncResult>()(
    z
      .object({
        unlockedFrom: calendarDay.optional(),
        unlockedTo: calendarDay.optional(),
        creatorIds: z.array(positiveId('A creator id is a whole number from 1.')).max(MAX_CREATOR_IDS, `At most ${MAX_CREATOR_IDS} creator ids at a time.`).optional(),
        creatorAccounts: z
          .array(z.object({ network, account: z.string().trim().min(1, 'Name the account.').max(200, 'That account name is too long.') }).strict())
          .max(MAX_CREATOR_ACCOUNTS, `At most ${MAX_CREATOR_ACCOUNTS} accounts at a time.`)
          .optional(),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.unlockedFrom && value.unlockedTo && value.unlockedFrom > value.unlockedTo) {
          ctx.addIssue({ code: 'custom', path: ['unlockedTo'], message: 'The end date comes after the start date.' });
        }
      }),
  ),
  /** Cached creators, optionally matching a text (name, contact, account). */
  'creators:list': op<CreatorView[]>()(z.object({ text: z.string().max(200).optional() }).strict()),
  /** Quotes many accounts at once (one auditor.creators call per 100 accounts Scout has no record of). */
  'reports:quoteMany': op<CostQuote[]>()(
    z.object({ items: z.array(withAccountRef(z.object(reportRef).strict())).min(1, 'Choose at least one account.').max(500, 'Quote at most 500 accounts at a time.') }).strict(),
  ),
  /** The Team workspace's team database: its settings (never the password), whether a password is saved, and the status. */
  'team:get': op<TeamView>()(noInput),
  /**
   * Saves the settings (a new password to the keychain, when given; it never comes back) and
   * connects with them; the answer has the status the connection reached.
   */
  'team:set': op<TeamView>()(z.object({ ...teamSettingsShape, password: teamPassword.optional() }).strict()),
  /** Checks the connection again now. */
  'team:test': op<TeamView>()(noInput),
  /** Where the Team workspace's sharing stands (what waits, what could not be read, when last received); `{ team: false }` without one. */
  'team:syncStatus': op<TeamSyncView>()(noInput),
  /**
   * Receives every record of the team's cache this laptop has not got yet, in pages (progress in
   * `team:sync`); answers once done or cancelled (`cancelled`: what was received stays).
   */
  'team:join': op<TeamJoinResult>()(noInput),
  /** Stops "receive the team's cache" after the page under way. */
  'team:cancelJoin': op<{ cancelled: boolean }>()(noInput),
  /** The active workspace's edits overtaken by a teammate's, not dismissed yet (none outside a Team workspace). */
  'team:notices': op<TeamNotice[]>()(noInput),
  /** Makes the overtaken value current again (a new edit, shared); answers the notices left. */
  'team:restoreNotice': op<TeamNotice[]>()(z.object({ id: z.string().min(1).max(200) }).strict()),
  /** Hides the notice; the overtaken value stays in its history. Answers the notices left. */
  'team:dismissNotice': op<TeamNotice[]>()(z.object({ id: z.string().min(1).max(200) }).strict()),
  /**
   * Writes a file from the cache (the subject says what: the posts of a competitor analysis as
   * the post browser filters and sorts them …), as the job `runId`: the desktop app asks where
   * and writes it there, browser mode answers a download address. Progress in `exports:changed`.
   */
  'exports:save': op<ExportResult>()(z.object({ runId, format: z.enum(exportFormats), subject: exportSubject }).strict()),
  /** Stops the export `runId`; what was written of it is removed. */
  'exports:cancel': op<{ cancelled: boolean }>()(z.object({ runId }).strict()),
  /** Every watchlist of the workspace, by name. */
  'watchlists:list': op<WatchlistSummary[]>()(noInput),
  /** One watchlist with its accounts (each with its cached figures and how its latest refresh ended); null when there is none with that id. */
  'watchlists:get': op<WatchlistView | null>()(z.object({ id: watchlistId }).strict()),
  'watchlists:create': op<WatchlistSummary>()(
    z.object({ name: watchlistName, schedule: z.enum(watchSchedules), renewCap: renewCap.optional(), accounts: watchedAccounts.optional() }).strict(),
  ),
  /** Renames it, changes its schedule or renewal limit, pauses or resumes it (pausing stops a run under way). */
  'watchlists:update': op<WatchlistSummary>()(
    z
      .object({
        id: watchlistId,
        name: watchlistName.optional(),
        schedule: z.enum(watchSchedules).optional(),
        renewCap: renewCap.optional(),
        paused: z.boolean().optional(),
        /**
         * What its editor showed when the researcher began (its `team.version`, and the settings
         * it showed): only the settings that differ from it are changed, and a Team workspace
         * shares the change as made on that version. Absent: as given, on the latest version.
         */
        seen: z
          .object({ version: seenVersion, name: z.string().max(200).optional(), schedule: z.enum(watchSchedules).optional(), renewCap: z.number().int().nonnegative().optional(), paused: z.boolean().optional() })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  'watchlists:delete': op<{ deleted: boolean }>()(z.object({ id: watchlistId }).strict()),
  /** Adds accounts (those on it already stay as they are); how many were new. */
  'watchlists:addAccounts': op<{ added: number }>()(z.object({ id: watchlistId, accounts: watchedAccounts }).strict()),
  'watchlists:removeAccount': op<{ removed: boolean }>()(z.object({ id: watchlistId, item: watchedAccount }).strict()),
  /** Refreshes every account of it now (free ones only, unless it may renew); resolves when the run ends. Progress: `watchlists:changed`. */
  'watchlists:run': op<TrackingProgress>()(z.object({ id: watchlistId }).strict()),
  'watchlists:cancel': op<{ cancelled: boolean }>()(z.object({ id: watchlistId }).strict()),
  /** The watchlist's alert rules (the usual ones where none were saved); `problem` when saved ones could not be read. */
  'watchlists:rules': op<{ rules: AlertRules; problem: string | null; team?: TeamStamp }>()(z.object({ id: watchlistId }).strict()),
  /** `seen`: the watchlist's `team.version` when the rules editor opened (a Team workspace shares the change as made on it). */
  'watchlists:setRules': op<AlertRules>()(z.object({ id: watchlistId, rules: alertRulesSchema, seen: seenOnly }).strict()),
  /** Cached reports whose free year ends within 30, 60 or 90 days (or ended in the last 30), soonest first. */
  'watchlists:renewalPlan': op<RenewalItem[]>()(z.object({ days: z.literal(renewalWindows, 'Choose 30, 60 or 90 days.') }).strict()),
  /** The alerts inbox, newest first. */
  'alerts:list': op<AlertView[]>()(z.object({ unreadOnly: z.boolean().optional(), limit: z.number().int().min(1).max(1000).optional() }).strict()),
  'alerts:count': op<{ unread: number }>()(noInput),
  /** Marks these alerts read (every unread one without ids); the unread count left. */
  'alerts:markRead': op<{ unread: number }>()(z.object({ ids: z.array(z.number().int().refine(isPositiveId, 'That is not an alert id.')).max(1000).optional() }).strict()),
  /** No more alerts of this one's kind for its account; it is marked read. */
  'alerts:mute': op<{ muted: boolean }>()(z.object({ id: z.number().int().refine(isPositiveId, 'That is not an alert id.') }).strict()),
} satisfies Record<Channel, Operation<z.ZodType, unknown>>;

// Both directions: the contract declares no operation that channels.ts does not list.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatchesChannels: Exact<keyof typeof operations, Channel> = true;
void contractMatchesChannels;

export type Operations = typeof operations;
/** What a caller sends. */
export type RequestOf<C extends Channel> = z.input<Operations[C]['request']>;
/** What a handler receives, after validation. */
export type ParsedRequestOf<C extends Channel> = z.output<Operations[C]['request']>;
export type ResponseOf<C extends Channel> = Operations[C] extends Operation<z.ZodType, infer R> ? R : never;

// ---- events ------------------------------------------------------------------------------

export interface EventPayloads {
  'workspace:changed': WorkspaceState;
  'plan:changed': PlanState;
  'connection:changed': ConnectionState;
  'app:changed': AppInfo;
  'reports:changed': ReportProgress;
  'archive:changed': ArchiveProgress;
  'competitor:changed': CompetitorProgress;
  'discovery:changed': DiscoveryProgress;
  'lists:changed': ListsProgress;
  'creators:changed': CreatorsProgress;
  'team:changed': TeamView;
  /**
   * A Team workspace saved what teammates shared (pulled records, shared edits): the kinds that
   * changed ('report', 'pdf', 'discovery', 'comparison' …), for the screens showing them to read again.
   */
  'team:received': { workspace: WorkspaceId; kinds: string[] };
  /** Where the Team workspace's sharing stands, whenever it may have changed (and as "receive the team's cache" goes). */
  'team:sync': TeamSyncView;
  /** A Team workspace's notices changed (an edit overtaken, one restored or dismissed): all of them, as now. */
  'team:noticesChanged': { workspace: WorkspaceId; notices: TeamNotice[] };
  'exports:changed': ExportProgress;
  /** A watchlist's run as it goes (and once more when it ends or is skipped). */
  'watchlists:changed': TrackingProgress;
  /** Alerts were raised, read or muted: how many are unread now. */
  'alerts:changed': AlertsState;
  /** The status steps were renamed, reordered, added or removed: all of them, as now. */
  'workflow:changed': StatusStepsView & { workspace: WorkspaceId };
}

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
