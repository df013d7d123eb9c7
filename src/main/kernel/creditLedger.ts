// The credit ledger. A paid call is written here (with synchronous=FULL, so it survives a power
// cut) before it is sent, and settled when its answer says what it cost. A call whose answer was
// lost stays `unknown` until it is resolved by reading the balance, never by sending it again.
//
// What a call cost is read from the balances that moved between the plan read just before it
// and the plan read just after it, never from what the call was expected to cost. A call is
// never booked at more than it can cost; a balance that moved more than that moved outside
// Scout (another Scout on the same API account, the web app) and is flagged, not booked.
import { balanceKinds, plausibleBalance, type BalanceKind } from '@shared/balances';
import type { SpendingRow } from '@shared/reports';
import type { Db } from '../platform/cache/database';

export type { BalanceKind, SpendingRow };

/** Every balance the plan showed at one moment; null where the API did not say. */
export type Balances = Record<BalanceKind, number | null>;

/**
 * What one call cost, from the balances before and after it. `known` is what the ledger already
 * booked on each balance in between (a refund seen meanwhile: negative), so it is not counted
 * twice. `drawable` are the balances the call may draw from, the expected one first; the
 * first that fell pays, up to `maxCost`. Whatever else moved is `outside`.
 */
export function settlement(input: {
  before: Balances;
  after: Balances;
  expected: BalanceKind;
  expectedCost: number;
  maxCost: number;
  drawable: readonly BalanceKind[];
  known?: Partial<Record<BalanceKind, number>>;
}): { balance: BalanceKind; cost: number; outside: number; balanceAfter: number | null; note: string } {
  const moved: Partial<Record<BalanceKind, number>> = {};
  for (const kind of balanceKinds) {
    const b = input.before[kind];
    const a = input.after[kind];
    if (b !== null && a !== null) moved[kind] = b - a - (input.known?.[kind] ?? 0);
  }
  if (!input.drawable.some((k) => moved[k] !== undefined)) {
    // No balance it may draw from is known on both sides: count what was expected, so the
    // researcher is never told less than was quoted.
    return {
      balance: input.expected,
      cost: Math.min(input.expectedCost, input.maxCost),
      outside: 0,
      balanceAfter: input.after[input.expected],
      note: 'balance not known on both sides; counted as expected',
    };
  }
  const payer = input.drawable.find((k) => (moved[k] ?? 0) > 0) ?? input.expected;
  const cost = Math.max(0, Math.min(moved[payer] ?? 0, input.maxCost));
  let outside = 0;
  // A balance that rose (a top-up, a refund Scout did not see) moved outside Scout too.
  for (const kind of balanceKinds) outside += Math.abs((moved[kind] ?? 0) - (kind === payer ? cost : 0));
  const seen = balanceKinds.flatMap((k) => (moved[k] !== undefined ? [`${k} ${input.before[k]} → ${input.after[k]}`] : [])).join(', ');
  const note = `planInfo: ${seen}${outside > 0 ? `; ${outside} moved beyond what this call can cost: outside Scout` : ''}`;
  return { balance: payer, cost, outside, balanceAfter: input.after[payer], note };
}

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
  /** Every balance just before the call was sent. */
  balancesBefore: Balances | null;
  /** The most the call can cost (null on rows from before it was recorded: the expected cost). */
  maxCost: number | null;
  /** How far the balances moved during the call beyond what is booked here. */
  outside: number;
  /** What part of the account's thing it paid for, where that matters ("page 3"); null otherwise. */
  item: string | null;
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
  balances_before: string | null;
  max_cost: number | null;
  outside: number;
  item: string | null;
}

function parseBalances(text: string | null): Balances | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(balanceKinds.map((k) => [k, plausibleBalance(raw[k])])) as Balances;
  } catch {
    return null;
  }
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
  balancesBefore: parseBalances(r.balances_before),
  maxCost: r.max_cost,
  outside: r.outside,
  item: r.item,
});

export interface CreditLedgerHooks {
  /**
   * Each step of an entry as written (opened, settled, failed, unknown, resolved; a refund is
   * opened and settled at once), inside the write's own transaction: what it writes commits with
   * the ledger row or not at all, and a throw undoes the ledger write (a Team workspace's outbox).
   */
  onStep?: (entry: LedgerEntry) => void;
}

export class CreditLedger {
  private readonly insert;
  private readonly update;
  private readonly byId;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly hooks: CreditLedgerHooks = {},
  ) {
    this.insert = db.prepare(
      `INSERT INTO credit_ledger (created_at, operation, network, account_key, balance, expected_cost, balance_before, status, actual_cost, balance_after, settled_at, note,
         balances_before, max_cost, item)
       VALUES (@createdAt, @operation, @network, @accountKey, @balance, @expectedCost, @balanceBefore, @status, @actualCost, @balanceAfter, @settledAt, @note,
         @balancesBefore, @maxCost, @item)`,
    );
    this.update = db.prepare(
      `UPDATE credit_ledger SET status = @status, actual_cost = @actualCost, balance_after = @balanceAfter, settled_at = @settledAt,
         note = coalesce(@note, note), balance = coalesce(@balance, balance), outside = @outside WHERE id = @id`,
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

  /** The entry as it now stands, to `onStep`, inside the transaction that wrote it. */
  private stepped(id: number): number {
    if (this.hooks.onStep) this.hooks.onStep(this.get(id)!);
    return id;
  }

  begin(entry: {
    operation: string;
    network?: string | null;
    accountKey?: string | null;
    balance: BalanceKind;
    expectedCost: number;
    balanceBefore?: number | null;
    balancesBefore?: Balances | null;
    maxCost?: number;
    item?: string | null;
  }): number {
    return this.durably(() => {
      const id = this.insert.run({
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
        balancesBefore: entry.balancesBefore ? JSON.stringify(entry.balancesBefore) : null,
        maxCost: entry.maxCost ?? entry.expectedCost,
        item: entry.item ?? null,
      }).lastInsertRowid;
      return this.stepped(Number(id));
    });
  }

  private finish(
    id: number,
    status: LedgerStatus,
    actualCost: number | null,
    balanceAfter: number | null,
    note: string | null,
    extra: { balance?: BalanceKind; outside?: number } = {},
  ): void {
    this.durably(() => {
      this.update.run({ id, status, actualCost, balanceAfter, settledAt: this.now(), note, balance: extra.balance ?? null, outside: extra.outside ?? 0 });
      this.stepped(id);
    });
  }

  /**
   * The answer came: it cost `actualCost` from `balance` (when given, the balance the API really
   * drew from) and left `balanceAfter`; `outside` is how far the balances moved beyond that.
   */
  settle(id: number, actualCost: number, balanceAfter: number | null, detail: { balance?: BalanceKind; outside?: number; note?: string } = {}): void {
    this.finish(id, 'settled', actualCost, balanceAfter, detail.note ?? null, detail);
  }

  /** The API refused the call, or it never reached the API: nothing was spent. */
  fail(id: number, reason: string): void {
    this.finish(id, 'failed', 0, null, reason);
  }

  /** The answer was lost after sending: what it cost must be found out by reading state. */
  markUnknown(id: number, reason: string): void {
    this.finish(id, 'unknown', null, null, reason);
  }

  /** An unknown outcome, found out. */
  resolve(id: number, actualCost: number, balanceAfter: number | null, how: string, detail: { balance?: BalanceKind; outside?: number } = {}): void {
    this.finish(id, 'resolved', actualCost, balanceAfter, how, detail);
  }

  /** What calls closed after entry `id` booked, per balance (refunds negative). */
  bookedAfter(id: number): Partial<Record<BalanceKind, number>> {
    const rows = this.db
      .prepare(`SELECT balance, sum(actual_cost) AS n FROM credit_ledger WHERE id > ? AND status IN ('settled', 'resolved') GROUP BY balance`)
      .all(id) as { balance: BalanceKind; n: number | null }[];
    return Object.fromEntries(rows.map((r) => [r.balance, r.n ?? 0]));
  }

  /** A credit given back later (a report whose generation failed): its own row, cost -1. */
  refund(entry: { operation: string; network?: string | null; accountKey?: string | null; balance: BalanceKind; balanceAfter: number | null; note: string }): void {
    this.durably(() => {
      const id = this.insert.run({
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
        balancesBefore: null,
        maxCost: 0,
        item: null,
      }).lastInsertRowid;
      this.stepped(Number(id));
    });
  }

  /**
   * When a call of `operation` about the account last paid on one of these balances and was not
   * refunded since. `answered` counts only calls whose answer came back (not those settled by
   * reading the balance after a lost answer); otherwise a call whose cost is still being found
   * out counts when it was expected to cost something.
   */
  lastPaid(network: string, accountKey: string, balance: BalanceKind | readonly BalanceKind[], operation: 'report' | 'history' | 'pdf' | 'mentions', answered = false): number | null {
    const kinds = JSON.stringify(typeof balance === 'string' ? [balance] : balance);
    const paid = answered
      ? "status = 'settled' AND actual_cost > 0"
      : "(status IN ('settled', 'resolved') AND actual_cost > 0) OR (status IN ('pending', 'unknown') AND expected_cost > 0)";
    const row = this.db
      .prepare(
        `SELECT max(created_at) AS at FROM credit_ledger
         WHERE network = ? AND account_key = ? AND balance IN (SELECT value FROM json_each(?)) AND operation = ? AND (${paid})`,
      )
      .get(network, accountKey, kinds, operation) as { at: number | null };
    if (row.at === null) return null;
    const refunded = this.db
      .prepare(
        'SELECT count(*) AS n FROM credit_ledger WHERE network = ? AND account_key = ? AND balance IN (SELECT value FROM json_each(?)) AND actual_cost < 0 AND created_at >= ?',
      )
      .get(network, accountKey, kinds, row.at) as { n: number };
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

  /**
   * Calls about one thing that were paid for (charged, refunds aside), with their item and when:
   * a caller compares them with what it holds to say what was paid for but is not here (its
   * answer lost on the way, or not in a restored backup).
   */
  paidItems(operation: string, accountKey: string): { item: string | null; at: number; lost: boolean }[] {
    return (
      this.db
        .prepare(
          `SELECT item, created_at AS at, status = 'resolved' AS lost FROM credit_ledger
           WHERE operation = ? AND account_key = ? AND status IN ('settled', 'resolved') AND actual_cost > 0 ORDER BY created_at`,
        )
        .all(operation, accountKey) as { item: string | null; at: number; lost: number }[]
    ).map((r) => ({ item: r.item, at: r.at, lost: r.lost === 1 }));
  }

  /** Calls of an operation charged although their answer was lost (resolved from the balances at a cost), oldest first. */
  lostAnswers(operation: string): { accountKey: string | null; item: string | null; at: number }[] {
    return this.db
      .prepare(
        `SELECT account_key AS accountKey, item, created_at AS at FROM credit_ledger
         WHERE operation = ? AND status = 'resolved' AND actual_cost > 0 ORDER BY created_at`,
      )
      .all(operation) as { accountKey: string | null; item: string | null; at: number }[];
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
                  sum(coalesce(actual_cost, expected_cost)) AS spent, count(*) AS calls, sum(outside) AS outside
           FROM credit_ledger
           WHERE created_at >= @from AND created_at <= @to AND status != 'failed'
             AND (@network IS NULL OR network = @network) AND (@accountKey IS NULL OR account_key = @accountKey)
           GROUP BY day, operation, network, account_key, balance
           ORDER BY day DESC, spent DESC`,
        )
        .all({ from: range.from ?? 0, to: range.to ?? Number.MAX_SAFE_INTEGER, network: range.network ?? null, accountKey: range.accountKey ?? null }) as SpendingRow[]
    ).filter((r) => r.spent !== 0 || r.calls > 0 || r.outside > 0);
  }
}
