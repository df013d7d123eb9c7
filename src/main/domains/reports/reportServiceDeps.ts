// What the report service is built from, and the account and progress a fetch is of.
import type { ReportProgress } from '@shared/reports';
import type { AccountRef } from '@shared/accountInput';
import type { ApiClient, TiktokType } from '../../platform/api/apiClient';
import type { Network } from '../../platform/api/types';
import type { AttemptsRepository } from './attemptsRepository';
import type { ReportsRepository } from './reportsRepository';
import type { CreditLedger } from '../../kernel/creditLedger';
import type { PaidWork } from '../../kernel/paidWork';
import type { JobRegistry } from '../../kernel/jobs';
import type { TeamRecordOut } from '../../team/codecs';

/** An account read at the contract boundary (parseAccountRef), and which TikTok report is wanted. */
export type ReportRef = AccountRef & { tiktokType?: TiktokType };

export type FetchProgress = Omit<ReportProgress, 'workspace'>;

export interface ReportServiceDeps {
  api: () => Promise<ApiClient>;
  repo: ReportsRepository;
  /** Where fetches that saved no report are remembered, so the library can list them. */
  attempts?: AttemptsRepository;
  ledger: CreditLedger;
  /** The paid-work kernel: the only way to a paid call. */
  paid: PaidWork;
  /** The workspace's job registry: fetches run, are cancelled and report progress there. */
  jobs: JobRegistry;
  now?: () => number;
  /** How long to wait before polling again; the API's retryTtl in seconds, bounded (api-notes.md). */
  pollDelayMs?: (retryTtlSec: number | null) => number;
  /** Give up polling after this long (the credit stays spent; the next open fetches it free). */
  maxWaitMs?: number;
  /** Called with every saved report's answer, to fetch its pictures into the cache. */
  onSaved?: (result: Record<string, unknown>) => Promise<unknown>;
  /**
   * Called with a teammate's report pulled into the cache (not awaited: the sync engine saves
   * pulled records in one transaction), to fetch its pictures while their links still work, so
   * it opens offline complete like one bought here.
   */
  onPulled?: (result: Record<string, unknown>, account: { network: Network; accountKey: string }) => Promise<unknown>;
  /** When the API account unlocked the account's report outside this Scout, as auditor.creators said (unlockQuotes.ts); null when it never said so. */
  unlockedElsewhere?: (network: Network, accountKey: string) => number | null;
  /** The researcher's tags on each account, by `network:accountKey` (AccountNotesService), for the library. */
  tagsByAccount?: () => Map<string, string[]>;
  /** Each account's research status (a step id), by `network:accountKey` (AccountNotesService.statusOf). */
  statusByAccount?: () => Map<string, string>;
  /**
   * A Team workspace's outbox (TeamSync.share): called with every report this Scout saves from
   * the API (bought, or a free refresh), never with one taken from a teammate (it is in the team
   * database already). Synchronous and local: the record waits there until it is pushed.
   */
  share?: (out: TeamRecordOut) => void;
}
