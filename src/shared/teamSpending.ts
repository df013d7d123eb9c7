// The team's spending, as main hands it to the renderer (`team:spending`): what each researcher
// spent per month (UTC) and balance, from the team ledger in PostgreSQL.
import type { BalanceKind } from './balances';

export interface TeamSpendingRow {
  /** The researcher's name as the admin entered it. */
  researcher: string;
  /** This row is the researcher using this Scout. */
  you: boolean;
  /** The calendar month, UTC: '2026-11'. */
  month: string;
  balance: BalanceKind;
  /** What calls whose cost is known cost (refunds deducted). */
  spent: number;
  /** Calls whose cost is not known yet (out now, or their answer lost), at what they were expected to cost. */
  expected: number;
  /** How many of those there are. */
  openCalls: number;
  /** Calls that spent or may have spent (those the API refused without charging are not counted). */
  calls: number;
  /** The researcher's monthly limit on this balance today; null when there is none. */
  limit: number | null;
}

export type TeamSpending =
  /** The workspace has no team: nothing to show. */
  | { team: false }
  | {
      team: true;
      rows: TeamSpendingRow[];
      /** This Scout's own spends not (wholly) in the team ledger yet: queued while it could not be reached. */
      queued: number;
    };
