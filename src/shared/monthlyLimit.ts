// A Team researcher's monthly limit on a balance (set by the team's admin), for main's refusal at
// send time and the quote's word before the researcher confirms alike. Pure.
import type { BalanceKind } from './balances';

/** The limit on one balance this month (UTC) and what the researcher spent of it, by the team ledger. */
export interface MonthlyLimit {
  balance: BalanceKind;
  limit: number;
  spent: number;
}

/** Spending `cost` more would take the researcher past their limit. */
export function pastMonthlyLimit(limit: MonthlyLimit, cost: number): boolean {
  return cost > 0 && limit.spent + cost > limit.limit;
}
