// The credit ledger. A paid call is written here (with synchronous=FULL, so it survives a power
// cut) before it is sent, and settled when its answer says what it cost. A call whose answer was
// lost stays `unknown` until it is resolved by reading the balance, never by sending it again.
import type { BalanceKind, SpendingRow } from '@shared/reports';
import type { Db } from '../cache/database';

export type { BalanceKind, SpendingRow };

export type LedgerStatus = 'pending' | 'settled' | 'failed' | 'unknown' | 'resolved';

export interface LedgerEntry {
  id: number;
  createdAt: number;
  operation: string;
  network: string | null;
  accountKey: string | null;
  balance: BalanceKind;
  expectedCost: number;
  balanceBefore: number | null;
  status: LedgerStatus;
  actualCost: number | null;
  balanceAfter: number | null;
  settledAt: number | null;
  note: string | null;
}


interface Row {
  id: number;
  created_at: number;
  operation: string;
  network: string | null;
  account_key: string | null;
  balance: BalanceKind;
  expected_cost: number;
  balance_before: number | null;
  status: LedgerStatus;
  actual_cost: number | null;
  balance_after: number | null;
  settled_at: number | null;
  note: string | null;
}

const toEntry = (r: Row): LedgerEntry => ({
  id: r.id,
  createdAt: r.created_at,
  operation: r.operation,
  network: r.network,
  accountKey: r.account_key,
  balance: r.balance,
  expectedCost: r.expected_cost,
  balanceBefore: r.balance_before,
  status: r.status,
  actualCost: r.actual_cost,
  balanceAfter: r.balance_after,
  settledAt: r.settled_at,
  note: r.note,
});

export class CreditLedger {
  private readonly insert;
  private readonly update;
  private readonly byId;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(
      `INSERT INTO credit_ledger (created_at, operation, network, account_key, balance, expected_cost, balance_before, status, actual_cost, balance_after, settled_at, note)
       VALUES (@createdAt, @operation, @network, @accountKey, @balance, @expectedCost, @balanceBefore, @status, @actualCost, @balanceAfter, @settledAt, @note)`,
    );
    this.update = db.prepare(
      `UPDATE credit_ledger SET status = @status, actual_cost = @actualCost, balance_after = @balanceAfter, settled_at = @settledAt,
         note = coalesce(@note, note) WHERE id = @id`,
    );
    this.byId = db.prepare('SELECT * FROM credit_ledger WHERE id = ?');
  }

  /** Writes durably: the row is on disk before the call that it describes is sent. */
  private durably<T>(fn: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return this.db.transaction(fn).immediate();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  begin(entry: {
    operation: string;
    network?: string | null;
    accountKey?: string | null;
    balance: BalanceKind;
    expectedCost: number;
    balanceBefore?: number | null;
  }): number {
    return this.durably(() =>
      Number(
        this.insert.run({
          createdAt: this.now(),
          operation: entry.operation,
          network: entry.network ?? null,
          accountKey: entry.accountKey ?? null,
          balance: entry.balance,
          expectedCost: entry.expectedCost,
          balanceBefore: entry.balanceBefore ?? null,
          status: 'pending',
          actualCost: null,
          balanceAfter: null,
          settledAt: null,
          note: null,
        }).lastInsertRowid,
      ),
    );
  }

  private finish(id: number, status: LedgerStatus, actualCost: number | null, balanceAfter: number | null, note: string | null): void {
    this.durably(() => this.update.run({ id, status, actualCost, balanceAfter, settledAt: this.now(), note }));
  }

  /** The answer came: it cost `actualCost` and left `balanceAfter`. */
  settle(id: number, actualCost: number, balanceAfter: number | null): void {
    this.finish(id, 'settled', actualCost, balanceAfter, null);
  }

  /** The API answered with an error: nothing was spent. */
  fail(id: number, reason: string): void {
    this.finish(id, 'failed', 0, null, reason);
  }

  /** The answer was lost after sending: what it cost must be found out by reading state. */
  markUnknown(id: number, reason: string): void {
    this.finish(id, 'unknown', null, null, reason);
  }

  /** An unknown outcome, found out. */
  resolve(id: number, actualCost: number, balanceAfter: number | null, how: string): void {
    this.finish(id, 'resolved', actualCost, balanceAfter, how);
  }

  /** A credit given back later (a report whose generation failed): its own row, cost -1. */
  refund(entry: { operation: string; network?: string | null; accountKey?: string | null; balance: BalanceKind; balanceAfter: number | null; note: string }): void {
    this.durably(() =>
      this.insert.run({
        createdAt: this.now(),
        operation: entry.operation,
        network: entry.network ?? null,
        accountKey: entry.accountKey ?? null,
        balance: entry.balance,
        expectedCost: 0,
        balanceBefore: null,
        status: 'settled',
        actualCost: -1,
        balanceAfter: entry.balanceAfter,
        settledAt: this.now(),
        note: entry.note,
      }),
    );
  }

  /**
   * When a call of `operation` about the account last paid on this balance and was not refunded
   * since. `answered` counts only calls whose answer came back (not those settled by reading
   * the balance after a lost answer).
   */
  lastPaid(network: string, accountKey: string, balance: BalanceKind, operation: 'report' | 'history', answered = false): number | null {
    const row = this.db
      .prepare(
        `SELECT max(created_at) AS at FROM credit_ledger
         WHERE network = ? AND account_key = ? AND balance = ? AND operation = ?
           AND status IN (${answered ? "'settled'" : "'settled', 'resolved'"}) AND actual_cost > 0`,
      )
      .get(network, accountKey, balance, operation) as { at: number | null };
    if (row.at === null) return null;
    const refunded = this.db
      .prepare('SELECT count(*) AS n FROM credit_ledger WHERE network = ? AND account_key = ? AND balance = ? AND actual_cost < 0 AND created_at >= ?')
      .get(network, accountKey, balance, row.at) as { n: number };
    return refunded.n > 0 ? null : row.at;
  }

  /**
   * What calls about one account spent since a moment, per balance, refunds deducted; and
   * whether some call's cost is not known yet (its answer was lost and the balance not read).
   */
  spentOn(network: string, accountKey: string, since: number): { spent: Partial<Record<BalanceKind, number>>; unresolved: boolean } {
    const rows = this.db
      .prepare(
        `SELECT balance, sum(CASE WHEN status IN ('pending', 'unknown') THEN 0 ELSE coalesce(actual_cost, 0) END) AS spent,
                sum(status IN ('pending', 'unknown')) AS open
         FROM credit_ledger WHERE network = ? AND account_key = ? AND created_at >= ? AND status != 'failed' GROUP BY balance`,
      )
      .all(network, accountKey, since) as { balance: BalanceKind; spent: number; open: number }[];
    return {
      spent: Object.fromEntries(rows.filter((r) => r.spent !== 0).map((r) => [r.balance, r.spent])),
      unresolved: rows.some((r) => r.open > 0),
    };
  }

  get(id: number): LedgerEntry | null {
    const row = this.byId.get(id) as Row | undefined;
    return row ? toEntry(row) : null;
  }

  /** Calls whose cost is not known yet: pending ones left by a crash, and unknown outcomes. */
  open(): LedgerEntry[] {
    return (this.db.prepare("SELECT * FROM credit_ledger WHERE status IN ('pending', 'unknown') ORDER BY id").all() as Row[]).map(toEntry);
  }

  entries(): LedgerEntry[] {
    return (this.db.prepare('SELECT * FROM credit_ledger ORDER BY id').all() as Row[]).map(toEntry);
  }

  /** Net spent per balance (refunds included; open calls counted at their expected cost). */
  totals(): Record<BalanceKind, number> {
    const totals: Record<BalanceKind, number> = { credits: 0, miniReports: 0, advancedReports: 0, discoveryRequests: 0 };
    const rows = this.db
      .prepare(
        `SELECT balance, sum(CASE WHEN status IN ('pending', 'unknown') THEN expected_cost ELSE coalesce(actual_cost, 0) END) AS spent
         FROM credit_ledger GROUP BY balance`,
      )
      .all() as { balance: BalanceKind; spent: number }[];
    for (const r of rows) totals[r.balance] = r.spent;
    return totals;
  }

  /** Spending by day (UTC), operation and account, newest first. */
  spending(range: { from?: number; to?: number; network?: string; accountKey?: string } = {}): SpendingRow[] {
    return (
      this.db
        .prepare(
          `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, operation, network, account_key AS accountKey, balance,
                  sum(coalesce(actual_cost, expected_cost)) AS spent, count(*) AS calls
           FROM credit_ledger
           WHERE created_at >= @from AND created_at <= @to AND status != 'failed'
             AND (@network IS NULL OR network = @network) AND (@accountKey IS NULL OR account_key = @accountKey)
           GROUP BY day, operation, network, account_key, balance
           ORDER BY day DESC, spent DESC`,
        )
        .all({ from: range.from ?? 0, to: range.to ?? Number.MAX_SAFE_INTEGER, network: range.network ?? null, accountKey: range.accountKey ?? null }) as SpendingRow[]
    ).filter((r) => r.spent !== 0 || r.calls > 0);
  }
}
