// The API account's balances, for main (the ledger, the paid-work kernel, the answers' parsers)
// and the renderer (the add panel's totals) alike: which balances there are, where a plan
// reports each, and which figures are balances at all.
import type { PlanInfo } from './contract';

export const balanceKinds = ['credits', 'miniReports', 'advancedReports', 'discoveryRequests'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

/** More than any plan holds: a larger figure is not a balance. */
export const MAX_PLAUSIBLE_BALANCE = 10_000_000;

/**
 * A balance as the API reports it, or null when the figure is not one: real answers send
 * `restTokens: -1` for "not reported", and a fraction or an absurd number is no balance either.
 */
export function plausibleBalance(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_PLAUSIBLE_BALANCE ? value : null;
}

/** The balance a plan reports for one kind; null when the API did not say. */
export function balanceIn(plan: PlanInfo, kind: BalanceKind): number | null {
  const value = {
    credits: plan.reports.credits,
    miniReports: plan.reports.reports,
    advancedReports: plan.reports.advancedReports,
    discoveryRequests: plan.discovery.requests,
  }[kind];
  return typeof value === 'number' ? value : null;
}
