// Discovery: saved discovery queries, their runs (paid pages through the ledger) and cached
// results, and the shortlist of accounts picked from them (shortlist:*).
import { z } from 'zod';
import type { DiscoveryGame } from '@shared/discovery';
import type { DiscoveryProgress, DiscoveryQuote, DiscoveryResults, DiscoveryRunResult, SavedDiscoveryQuery, ShortlistItem } from '@shared/discoveryData';
import { discoveryPage, network, noInput, op, runId, seenOnly, teamUnreachableConfirmed, workspaceId, type Exact, type OperationsOf } from './common';
import type { DiscoveryChannel, DiscoveryEventName } from './discovery.channels';

const discoveryQueryName = z.string().trim().min(1, 'Give the query a name.').max(120, 'A query’s name is at most 120 characters.');
const queryId = z.number().int().positive();
const pageRange = <T extends { fromPage?: number; toPage?: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.fromPage !== undefined && value.toPage !== undefined && value.fromPage > value.toPage) {
    ctx.addIssue({ code: 'custom', path: ['toPage'], message: 'The last page comes after the first.' });
  }
};

export const discoveryOperations = {
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
} satisfies OperationsOf<DiscoveryChannel>;

export interface DiscoveryEvents {
  'discovery:changed': DiscoveryProgress;
}

const eventsMatchNames: Exact<keyof DiscoveryEvents, DiscoveryEventName> = true;
void eventsMatchNames;
