// What the tracking service is built from: the watchlists' storage, the report service a run
// fetches through, the kernel's ledger and jobs, and (in a Team workspace) the team's side.
import type { AccountRef } from '@shared/accountInput';
import type { Logger } from '../../platform/log';
import type { ReportsRepository } from '../reports/reportsRepository';
import type { WatchlistsRepository } from './watchlistsRepository';
import type { CreditLedger } from '../../kernel/creditLedger';
import type { ConnectionTracker } from '../../kernel/connection';
import type { JobRegistry } from '../../kernel/jobs';
import type { ReportService } from '../reports/reportService';
import type { AlertsService } from './alertsService';
import type { BrandMentionsFetch } from '../reports/companionService';
import type { OnSharedEdit, TeamVersionOf } from '../../team/seenEdits';
import type { TeamTracking } from '../../team/teamTracking';

export interface TrackingDeps {
  repo: WatchlistsRepository;
  /** Reads what each run refreshed against the watchlist's alert rules. */
  alerts?: AlertsService;
  /**
   * Asks again for the brand mentions of a refreshed TikTok or YouTube account that has them in
   * the cache (for the new-mention alert); the fetch before and this one.
   */
  brandMentions?: (ref: AccountRef<'tiktok' | 'youtube'>) => Promise<{ older: BrandMentionsFetch; newer: BrandMentionsFetch } | null>;
  /** The newest two kept fetches of an account's brand mentions (cache only), for a teammate's that arrived. */
  keptMentions?: (ref: { network: 'tiktok' | 'youtube'; key: string }) => { older: BrandMentionsFetch; newer: BrandMentionsFetch } | null;
  reports: ReportService;
  reportsRepo: ReportsRepository;
  ledger: CreditLedger;
  connection: ConnectionTracker;
  jobs: JobRegistry;
  logger: Logger;
  now?: () => number;
  /** Whether this workspace is the one the researcher has open (only that one runs its schedule). */
  isActive?: () => boolean;
  /** How often the schedule is looked at, ms (default a minute). */
  tickMs?: number;
  /** A Team workspace: a watchlist was made, changed or deleted (shared with the team; `seen`: the row its editor changed and the version it showed). */
  onEdit?: OnSharedEdit;
  /** A Team workspace: a watchlist's version, what its editor starts from. */
  teamVersion?: TeamVersionOf;
  /**
   * A Team workspace: its watchlists' runs and renewals are the team's (team/teamTracking.ts);
   * `docId` is a watchlist's shared id (null until it is shared: then it runs as a laptop's own).
   */
  team?: {
    tracking: TeamTracking;
    docId: (watchlistId: number) => string | null;
    /** Whether the team database answered at its last check: when not, nothing waits on asking it again. */
    reachable: () => boolean;
    /**
     * Whether the team database is connected, once that is known: while the connection's first
     * check is under way (Scout just started) it waits for its answer.
     */
    connected: () => Promise<boolean>;
  };
}
