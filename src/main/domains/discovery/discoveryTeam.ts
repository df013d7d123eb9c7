// A discovery page as the team database holds it: its item, and what a teammate's may weigh and hold.
import type { DiscoveryNetwork } from '@shared/discovery';
import type { JsonObject } from '../../platform/cache/repositories';
import { teamItem, type TeamItem } from '../../team/records';

/**
 * The team's item for a production discovery page: the query as the local cache keys it (its
 * canonical JSON without the page, hashed: two spellings of one query are one item) and the page.
 */
export function discoveryTeamItem(network: DiscoveryNetwork, queryHash: string, page: number): TeamItem {
  return teamItem('discovery', { network, subject: queryHash, variant: String(page) });
}

/** The most a teammate's page may weigh (a page holds 20 results; a real one is tens of KB). */
export const MAX_TEAM_PAGE_BYTES = 2 * 1024 * 1024;

/** What the team keeps of a page: the query (without its page), the page, and the answer as the cache keeps it. */
export interface TeamPage {
  query: JsonObject;
  page: number;
  answer: JsonObject;
}

