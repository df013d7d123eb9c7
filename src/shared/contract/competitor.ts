// Competitor: competitor analyses (created through the balance gate, polled until ready) and
// their posts, fetched into the cache and browsed there.
import { z } from 'zod';
import { competitorFieldShape, datesInOrder, competitorFilters, competitorSortKeys, type CompetitorAnalysisView, type CompetitorPostsPage, type CompetitorProgress, type LostAnalysis } from '@shared/competitor';
import type { TeamQuoteNote } from '@shared/reports';
import { competitorId, noInput, op, teamUnreachableConfirmed, workspaceId, type Exact, type OperationsOf } from './common';
import type { CompetitorChannel, CompetitorEventName } from './competitor.channels';

export const competitorOperations = {
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
} satisfies OperationsOf<CompetitorChannel>;

export interface CompetitorEvents {
  'competitor:changed': CompetitorProgress;
}

const eventsMatchNames: Exact<keyof CompetitorEvents, CompetitorEventName> = true;
void eventsMatchNames;
