// What a report request will cost, decided in one place: the confirmation the researcher sees
// and the ledger's expectation both come from here (spec sections 3.1, 4.4 and 8).
import type { Network } from '../platform/api/types';
import type { BalanceKind, CostQuote, TiktokReportType as TiktokType } from '@shared/reports';

export type { CostQuote, TiktokType };

export const ACCESS_MS = 365 * 24 * 60 * 60 * 1000;
/** The API's free test account, on every network (api-notes.md). */
export const FREE_TEST_ACCOUNT = 'nasa';

/**
 * When a cached report's free access began: its unlock, or earlier when the API's validUntil says
 * the year ends sooner than a year after it.
 */
export function accessStartOf(unlockedAt: number, validUntil: number | null): number {
  return validUntil ? Math.min(unlockedAt, validUntil - ACCESS_MS) : unlockedAt;
}

/** When a cached report's free refreshes end (a year after its access began). */
export function freeUntilOf(unlockedAt: number, validUntil: number | null): number {
  return accessStartOf(unlockedAt, validUntil) + ACCESS_MS;
}

export function balanceFor(network: Network, tiktokType?: TiktokType | null): BalanceKind {
  if (network !== 'tiktok') return 'credits';
  return tiktokType === 'report' ? 'miniReports' : 'advancedReports';
}

/**
 * The balances a report may be drawn from, the expected one first. The reference says a TikTok
 * advanced report costs a report credit while planInfo counts advanced-report credits: the API
 * may draw either, and the ledger books the one that moved.
 */
export function drawableBalances(network: Network, tiktokType: TiktokType | null | undefined, expected: BalanceKind = balanceFor(network, tiktokType)): BalanceKind[] {
  if (network === 'tiktok' && expected === 'advancedReports') return ['advancedReports', 'credits'];
  return [expected];
}

export function reportCost(input: {
  network: Network;
  accountKey: string;
  tiktokType?: TiktokType | null;
  /** What the cache knows: when the account was unlocked, and (TikTok) which report. */
  unlock: { unlockedAt: number; tiktokType: TiktokType | null } | null;
  now: number;
}): CostQuote {
  const wanted = input.network === 'tiktok' ? (input.tiktokType ?? 'advanced_report') : null;
  const balance = balanceFor(input.network, wanted);
  if (input.accountKey === FREE_TEST_ACCOUNT) return { cost: 0, balance, reason: 'free-test-account', freeUntil: null };
  const unlock = input.unlock;
  if (!unlock) return { cost: 1, balance, reason: 'new', freeUntil: null };
  const freeUntil = unlock.unlockedAt + ACCESS_MS;
  if (input.now >= freeUntil) return { cost: 1, balance, reason: 'expired', freeUntil: null };
  // A mini report does not include the advanced one.
  if (wanted === 'advanced_report' && unlock.tiktokType === 'report') return { cost: 1, balance, reason: 'upgrade', freeUntil: null };
  return { cost: 0, balance, reason: 'unlocked', freeUntil };
}
