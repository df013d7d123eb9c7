// Reports: an account's report (reports:*), its companion answers (media:*, history:*,
// mentions:*), and the cached pictures pages draw (images:*).
import { z } from 'zod';
import { cleanTag, MAX_TAG_CHARS } from '@shared/accountNotes';
import { statusStepId } from '@shared/workflowSchema';
import { attemptOutcomes, librarySortKeys, type ReportSummary, type CachedReport, type CostQuote, type FetchAttemptView, type FetchManyOutcome, type TiktokReportType, type ReportProgress } from '@shared/reports';
import type { CompanionDocument, HistoryView, MediaView, MentionsView } from '@shared/companions';
import { PICTURES_PER_CALL, type PictureAnswer } from '@shared/pictures';
import { account, network, op, runId, teamUnreachableConfirmed, withAccountRef, workspaceId, type Exact, type OperationsOf } from './common';
import type { ReportsChannel, ReportsEventName } from './reports.channels';

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

const tiktokType = z.enum(['report', 'advanced_report']).optional();
const reportRef = { network, account, tiktokType };

export const reportsOperations = {
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
  /** Quotes many accounts at once (one auditor.creators call per 100 accounts Scout has no record of). */
  'reports:quoteMany': op<CostQuote[]>()(
    z.object({ items: z.array(withAccountRef(z.object(reportRef).strict())).min(1, 'Choose at least one account.').max(500, 'Quote at most 500 accounts at a time.') }).strict(),
  ),
} satisfies OperationsOf<ReportsChannel>;

export interface ReportsEvents {
  'reports:changed': ReportProgress;
}

const eventsMatchNames: Exact<keyof ReportsEvents, ReportsEventName> = true;
void eventsMatchNames;
