import type { TeamStamp } from './teamSeen';
import type { WorkspaceId } from './workspaces';
import type { Network, TeamQuoteNote } from './reports';
import type { DiscoveryBody, DiscoveryNetwork } from './discovery';
export interface DiscoveryRunRecord { id: number; at: number; sandbox: boolean; fromPage: number; toPage: number; pagesFetched: number; pagesFromCache: number; callsSpent: number; outcome: 'finished' | 'cancelled' | 'failed'; message: string | null }
export interface SavedDiscoveryQuery {
  id: number; name: string; network: DiscoveryNetwork; body: DiscoveryBody; createdAt: number; updatedAt: number; runs: DiscoveryRunRecord[] /* newest first, last 50 */;
  /** In a Team workspace, once shared: the version an editor opening it now starts from, and who last changed `name` or `body` when it was a teammate (their name). */
  team?: TeamStamp;
}
/** What running a range of pages costs now; in a Team workspace, what the team database says of it (production pages that cost). */
export interface DiscoveryQuote extends TeamQuoteNote {
  sandbox: boolean; fromPage: number; toPage: number; cachedPages: number[]; pagesToFetch: number[]; calls: number /* 0 in sandbox */; queriesLeft: number | null /* from planInfo; null when unknown */; queriesLeftAsOf?: number | null /* when that figure was read, if not just now (offline: the credit meter's last answer) */; totalPages: number | null /* known from a cached page */;
  /** Pages to fetch that were paid for before but whose answer is not here (lost on the way, or not in a restored backup): fetching them pays again. */
  paidNotHere: { page: number; paidAt: number }[];
}
export interface DiscoveryLinkedAccount { network: Network | null; type: string /* as received */; socialId: string | null; username: string | null; title: string | null; followers: number | null; profileUrl: string | null }
export interface DiscoveryRow {
  key: string;            // `${network}:${id or username}` unique within a result
  page: number; position: number; // position 0..19 within the page
  network: DiscoveryNetwork; socialId: string | null; username: string | null; title: string | null; avatarUrl: string | null;
  followers: number | null; er: number | null; country: string | null; verified: boolean | null; profileUrl: string | null;
  /** Average views a post (views_avg), real followers (Instagram), and the audience (AQS) or channel (CQS) quality mark, where the answer gives them. */
  avgViews: number | null; realFollowers: number | null; quality: string | null;
  linked: DiscoveryLinkedAccount[];
  /** The account as the contract's `account` field accepts it (username, or channel id for YouTube). */
  account: string | null;
}
export interface DiscoveryResults { sandbox: boolean; pages: number[] /* cached pages included */; totalPages: number | null; queriesLeft: number | null; fetchedAt: number | null; rows: DiscoveryRow[] }
export interface DiscoveryRunResult { runId: string; pagesFetched: number; pagesFromCache: number; callsSpent: number; outcome: 'finished' | 'cancelled' | 'failed'; message: string | null; totalPages: number | null; queriesLeft: number | null; /** Why it failed, as an error code (TEAM_UNREACHABLE: "Buy anyway" may run it); absent otherwise. */ errorCode?: string }
export interface DiscoveryProgress { workspace: WorkspaceId; runId: string; done: number; total: number; page: number | null; phase: 'fetching' | 'finished' }
export interface ShortlistItem {
  id: number;
  network: Network;
  account: string;
  title: string | null;
  avatarUrl: string | null;
  followers: number | null;
  /** Engagement rate (percent) and country: the cached report's, else what the search showed; null: neither had it. */
  er: number | null;
  country: string | null;
  addedAt: number;
  note: string;
  /** The account's research status (a step id) and tags (account notes), shared in a Team workspace. */
  status: string | null;
  tags: string[];
}
/** A synced list; `name` is the researcher's own (null until named). */
export interface ListSummary { listId: number; name: string | null; itemCount: number; syncedAt: number | null; complete: boolean }
export interface ListItemView { listId: number; position: number; network: Network | null; account: string | null; title: string | null; username: string | null; avatarUrl: string | null; followers: number | null; er: number | null; /** The lists holding this item, named as the researcher named them. */ inLists: { listId: number; name: string | null }[]; fields: Record<string, unknown> /* every other field as received (no API ids) */ }
export interface CreatorView { id: number; name: string | null; avatarUrl: string | null; emails: string[]; phones: string[]; country: string | null; favorite: boolean | null; networkStatus: string | null; contractStatus: string | null; paymentStatus: string | null; accounts: { network: Network | null; socialNetwork: string | null; username: string | null; title: string | null; followers: number | null; reportUnlockedAt: number | null; account: string | null }[] }
/** A list sync under way, and a creators sync under way (progress events, stamped with their workspace like every other). */
export interface ListsProgress { workspace: WorkspaceId; listId: number; items: number }
export interface CreatorsProgress { workspace: WorkspaceId; synced: number }
export interface CreatorsSyncResult { synced: number; pages: number; complete: boolean; cancelled: boolean }
