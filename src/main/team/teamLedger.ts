// The team ledger's side of a laptop: every step of every spend in the local credit ledger
// (ledger/creditLedger.ts) is mirrored to the team ledger in PostgreSQL, so the team sees who
// spent what, when, from which balance and at what cost.
//
// A step is queued in the local outbox (team_outgoing) by the credit ledger's `onStep`
// hook, inside the very transaction that writes the ledger row: a crash can lose neither, and
// never one without the other. The outbox is pushed in order, each entry under one uuid of its
// own; the team ledger takes each step of an entry once (UNIQUE (entry_id, state)), so a push
// retried after its answer was lost, or after a restart, is a no-op. While the team database
// cannot be reached, steps stay queued and the push is tried again, waiting longer each time.
//
// The local ledger's steps and the team ledger's states differ a little: an entry left pending
// by a crash is resolved straight from pending (the team's entry goes open → unknown → resolved),
// and a refund is written settled at once (open, expecting nothing → settled at -1).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { pgModule } from './pgModule';
import { z } from 'zod';
import { balanceKinds, type BalanceKind } from '@shared/balances';
import { ScoutError } from '@shared/errors';
import type { TeamSpending, TeamSpendingRow } from '@shared/teamSpending';
import type { Db } from '../platform/cache/database';
import type { LedgerEntry, LedgerStatus } from '../kernel/creditLedger';
import type { Logger } from '../platform/log';
import { TeamError } from '../kernel/teamErrors';
import { ROLE_NAME, TEAM_SCHEMA as S } from './names';
import { asTeamError, isConnectionError, teamCall } from './pool';
import { StreamLoop } from './transport/loop';

type TeamState = 'open' | 'settled' | 'failed' | 'unknown' | 'resolved';

const stateOf: Record<LedgerStatus, TeamState> = { pending: 'open', settled: 'settled', failed: 'failed', unknown: 'unknown', resolved: 'resolved' };

/** A ledger step in the one outbox not pushed yet and not refused. */
const WAITING = "stream = 'ledger' AND pushed_at IS NULL AND refused_at IS NULL";

/** What the team schema lets a row hold (0010-team.ts), applied when a step is queued. */
const CAPS = { accountKey: 400, item: 200, note: 2000 } as const;

interface OutboxRow {
  seq: number;
  ledger_id: number;
  entry_id: string;
  state: TeamState;
  operation: string;
  network: string | null;
  account_key: string | null;
  item: string | null;
  balance: BalanceKind;
  expected_cost: number;
  cost: number | null;
  balance_before: number | null;
  balance_after: number | null;
  note: string | null;
  spent_at: number;
}

export interface TeamLedgerOptions {
  /** The researcher's pool on the team database; null (or a throw) while there is none: the outbox waits. */
  pool: () => pg.Pool | null;
  /** The workspace's SQLite cache, which holds the credit ledger and the outbox. */
  db: Db;
  logger: Logger;
  now?: () => number;
  /** Waits between pushes while the team database cannot be reached: doubling from the first to the most. */
  retry?: { firstMs?: number; mostMs?: number };
}

/** What a researcher may still spend this month on a balance, by the team ledger. */
export interface Allowance {
  /** Their monthly limit on the balance; null when there is none. */
  limit: number | null;
  /** What they spent this month on it (calls whose cost is not known yet at their expected cost). */
  spent: number;
}

export class TeamLedger {
  private readonly now: () => number;
  /** When to push (the transport's loop, by its shared backoff); this ledger is its delegate. */
  private readonly loop: StreamLoop;
  private readonly lastStep;
  private readonly queue;
  private readonly waiting;
  private readonly countWaiting;
  private readonly markPushed;
  private readonly markRefused;
  private readonly markAttempt;
  /** The push under way; pushes run one after another, never side by side (order matters). */
  private pushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: TeamLedgerOptions) {
    const { db } = options;
    this.now = options.now ?? Date.now;
    this.loop = new StreamLoop(
      {
        name: 'ledger',
        push: () => this.flush().then(() => true),
        failed: (_what, error, retryMs) => {
          if (retryMs === null) return;
          this.options.logger.info(`team ledger: ${this.pending()} step(s) queued; trying again in ${Math.round(retryMs)} ms (${error instanceof Error ? error.message : String(error)})`);
        },
      },
      null,
      { initialMs: options.retry?.firstMs ?? 1_000, maxMs: options.retry?.mostMs ?? 60_000 },
    );
    this.lastStep = db.prepare('SELECT entry_id, state FROM team_ledger_outbox WHERE ledger_id = ? ORDER BY seq DESC LIMIT 1');
    // The one outbox (local migration 0310), read back through its ledger's view (team_ledger_outbox).
    this.queue = db.prepare(
      `INSERT INTO team_outgoing (stream, payload, queued_at)
       VALUES ('ledger', json_object('ledger_id', @ledgerId, 'entry_id', @entryId, 'state', @state, 'operation', @operation, 'network', @network,
                                     'account_key', @accountKey, 'item', @item, 'balance', @balance, 'expected_cost', @expectedCost, 'cost', @cost,
                                     'balance_before', @balanceBefore, 'balance_after', @balanceAfter, 'note', @note, 'spent_at', @spentAt), @queuedAt)
       ON CONFLICT DO NOTHING`,
    );
    // What waits, by the outbox's index (pushed steps stay there), in the columns of before.
    const column = (name: string) => `json_extract(payload, '$.${name}') AS ${name}`;
    const columns = ['ledger_id', 'entry_id', 'state', 'operation', 'network', 'account_key', 'item', 'balance', 'expected_cost', 'cost', 'balance_before', 'balance_after', 'note', 'spent_at'];
    this.waiting = db.prepare(`SELECT id AS seq, ${columns.map(column).join(', ')} FROM team_outgoing WHERE ${WAITING} ORDER BY id LIMIT 100`);
    this.countWaiting = db.prepare(`SELECT count(*) AS n FROM team_outgoing WHERE ${WAITING}`);
    this.markPushed = db.prepare('UPDATE team_outgoing SET pushed_at = ?, attempts = attempts + 1 WHERE id = ?');
    this.markRefused = db.prepare('UPDATE team_outgoing SET last_error = ?, refused_at = ?, attempts = attempts + 1 WHERE id = ?');
    this.markAttempt = db.prepare('UPDATE team_outgoing SET attempts = attempts + 1, last_attempt_at = ? WHERE id = ?');
  }

  /**
   * The credit ledger's `onStep`: queues the step (and any the team's states need before it),
   * in the caller's transaction. Synchronous, and throws only when the disk does (undoing the
   * ledger write with it).
   */
  readonly enqueue = (entry: LedgerEntry): void => {
    const state = stateOf[entry.status];
    const last = this.lastStep.get(entry.id) as { entry_id: string; state: TeamState } | undefined;
    const entryId = last?.entry_id ?? randomUUID();
    const steps: TeamState[] = [];
    if (!last) steps.push('open');
    const after = last?.state ?? 'open';
    if (state !== 'open' && state !== after) {
      if (after === 'open') steps.push(...(state === 'resolved' ? (['unknown', 'resolved'] as const) : [state]));
      // Found out after the answer was lost, however the ledger words it.
      else if (after === 'unknown') steps.push('resolved');
      else this.options.logger.warn(`team ledger: entry ${entry.id} is ${after} in the team ledger and cannot become ${state} there; not mirrored`);
    }
    for (const step of steps) {
      const known = step === 'settled' || step === 'failed' || step === 'resolved';
      this.queue.run({
        ledgerId: entry.id,
        entryId,
        state: step,
        operation: entry.operation,
        network: entry.network,
        accountKey: entry.accountKey === null ? null : entry.accountKey.slice(0, CAPS.accountKey),
        item: entry.item ? entry.item.slice(0, CAPS.item) : null,
        balance: entry.balance,
        expectedCost: entry.expectedCost,
        cost: known ? (step === 'failed' ? 0 : (entry.actualCost ?? entry.expectedCost)) : null,
        balanceBefore: entry.balanceBefore,
        balanceAfter: known ? entry.balanceAfter : null,
        // A note may quote an error: whatever the log would scrub never reaches the team either.
        note: entry.note === null ? null : this.options.logger.redact(entry.note).slice(0, CAPS.note),
        spentAt: entry.createdAt,
        queuedAt: this.now(),
      });
    }
    // After the caller's transaction commits (it is synchronous): the push reads what it wrote.
    if (steps.length > 0 && this.loop.started) queueMicrotask(() => this.loop.requestPush());
  };

  /** Steps queued and not in the team ledger yet. */
  pending(): number {
    return (this.countWaiting.get() as { n: number }).n;
  }

  /** Spends (ledger entries) with a step not in the team ledger yet. */
  queuedSpends(): number {
    return (this.options.db.prepare(`SELECT count(DISTINCT json_extract(payload, '$.ledger_id')) AS n FROM team_outgoing WHERE ${WAITING}`).get() as { n: number }).n;
  }

  /** Pushes now, and again whenever a step is queued; while unreachable, tries again with backoff. */
  start(): void {
    void this.loop.start();
  }

  /** No more pushes; resolves once the one under way (if any) is over. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.pushing.catch(() => undefined);
  }

  /**
   * Pushes everything queued, in order. TEAM_UNREACHABLE when the team database cannot be
   * reached (what was pushed before stays pushed; the rest stays queued).
   */
  flush(): Promise<void> {
    const run = this.pushing.catch(() => undefined).then(() => this.pushAll());
    this.pushing = run;
    return run;
  }

  private pool(): pg.Pool {
    let pool: pg.Pool | null;
    try {
      pool = this.options.pool();
    } catch {
      pool = null;
    }
    if (!pool) throw new TeamError('TEAM_UNREACHABLE', 'The team database is not connected yet, so the spending ledger waits to be shared.');
    return pool;
  }

  private async pushAll(): Promise<void> {
    for (;;) {
      const rows = this.waiting.all() as OutboxRow[];
      if (rows.length === 0) return;
      const pool = this.pool();
      for (const row of rows) {
        try {
          await pool.query(
            `INSERT INTO ${S}.ledger (entry_id, state, operation, network, account_key, item, balance, expected_cost, cost, balance_before, balance_after, note, spent_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (entry_id, state) DO NOTHING`,
            [
              row.entry_id,
              row.state,
              row.operation,
              row.network,
              row.account_key,
              row.item,
              row.balance,
              row.expected_cost,
              row.cost,
              row.balance_before,
              row.balance_after,
              row.note,
              // Only the opening row says when; the team refuses a time on any other.
              row.state === 'open' ? new Date(row.spent_at) : null,
            ],
          );
        } catch (error) {
          if (!(error instanceof pgModule().DatabaseError) || isConnectionError(error)) {
            // Not a refusal (the server away, a pool closed with its workspace): kept, in order,
            // nothing after this step goes before it.
            this.markAttempt.run(this.now(), row.seq);
            throw isConnectionError(error) ? asTeamError('share the spending ledger', error) : error;
          }
          // A rule of the team schema said no: kept (with why) and never retried, not blocking the rest.
          const why = error instanceof Error ? error.message : String(error);
          this.markRefused.run(why.slice(0, 500), this.now(), row.seq);
          this.options.logger.warn(`team ledger: the team database refused step ${row.state} of entry ${row.ledger_id}: ${why}`);
          continue;
        }
        // In the team ledger now (or it was already: a retry whose first answer was lost).
        this.markPushed.run(this.now(), row.seq);
      }
    }
  }

  /** The team's spending per researcher, month and balance, newest month first. */
  async spending(months = 12): Promise<TeamSpending & { team: true }> {
    try {
      const rows = await teamSpending(this.pool(), months);
      return { team: true, rows, queued: this.queuedSpends() };
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      // Said to the researcher, who can do something about it: never a connection's details.
      throw new ScoutError(
        error.code === 'TEAM_UNREACHABLE'
          ? { code: 'TEAM_UNREACHABLE', message: "The team database cannot be reached, so the team's spending cannot be shown now. Your own spends are kept and shared once it is back.", detail: error.message }
          : { code: 'TEAM_FAILED', message: `${error.message} The team's spending cannot be shown now.` },
        { cause: error },
      );
    }
  }

  /**
   * What this researcher spent this month on a balance, and their limit on it: this laptop's own
   * queued steps are pushed first, so none is left out. TEAM_UNREACHABLE when it cannot be asked.
   */
  async allowance(balance: BalanceKind): Promise<Allowance> {
    await this.flush();
    return teamAllowance(this.pool(), balance);
  }
}

/** A month's start, UTC, by the server's clock: "this month" for totals and limits alike. */
const MONTH_START = `(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/**
 * Each entry by its opening row `o` (the query keeps o.state = 'open') and its closing row `t` (settled, failed or resolved: an
 * entry has one at most, by the team ledger's states; none while it is open or unknown). Two
 * lookups on (entry_id, state), rather than each entry's latest row by seq, which is slow.
 */
const OPENED_AND_CLOSED = `${S}.ledger o LEFT JOIN ${S}.ledger t ON t.entry_id = o.entry_id AND t.state IN ('settled', 'failed', 'resolved')`;
/** What an entry counts for: its cost once known (a refusal nothing), its expected cost until then. */
const ENTRY_COST = `CASE WHEN t.state IS NULL THEN o.expected_cost WHEN t.state = 'failed' THEN 0 ELSE t.cost END`;

const allowanceRow = z.object({ limit: z.number().int().nonnegative().nullable(), spent: z.number().int() });

/** The connected researcher's allowance on a balance this month (see TeamLedger.allowance). */
export async function teamAllowance(pool: pg.Pool, balance: BalanceKind): Promise<Allowance> {
  if (!balanceKinds.includes(balance)) throw new Error(`not a balance: ${String(balance)}`);
  const { rows } = await teamCall('check your monthly limit', () =>
    pool.query(
      `SELECT (SELECT (monthly_limits ->> $1)::int FROM ${S}.researchers WHERE role_name = session_user) AS limit,
              (SELECT coalesce(sum(${ENTRY_COST}), 0)::int
                 -- One researcher's month is a few hundred entries: each one's closing row looked up by the index.
                 FROM ${S}.ledger o LEFT JOIN LATERAL (
                        SELECT c.state, c.cost, c.balance FROM ${S}.ledger c
                         WHERE c.entry_id = o.entry_id AND c.state IN ('settled', 'failed', 'resolved') LIMIT 1) t ON true
                -- This month by the server's clock or by the laptop's (bounded) word: a spend dated
                -- back into last month still counts against this month's limit.
                WHERE o.state = 'open' AND o.researcher = session_user
                  AND (o.recorded_at >= ${MONTH_START} OR coalesce(o.spent_at, o.recorded_at) >= ${MONTH_START})
                  AND coalesce(t.balance, o.balance) = $1) AS spent`,
      [balance],
    ),
  );
  const row = allowanceRow.safeParse(rows[0]);
  if (!row.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a monthly limit Scout cannot read.');
  return row.data;
}

const spendingRow = z.object({
  role: z.string().regex(ROLE_NAME),
  researcher: z.string().min(1).max(120),
  you: z.boolean(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  balance: z.enum(balanceKinds),
  spent: z.number().int(),
  expected: z.number().int().nonnegative(),
  open_calls: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
});

/** The most rows the team's spending shows: 50 researchers × 4 balances × 36 months, with room. */
const MAX_SPENDING_ROWS = 10_000;

/** Each researcher's spending per month (UTC) and balance over the last `months` months, newest first. */
export async function teamSpending(pool: pg.Pool, months = 12): Promise<TeamSpendingRow[]> {
  const span = Math.max(1, Math.min(36, Math.trunc(months)));
  const { rows } = await teamCall("read the team's spending", () =>
    pool.query(
      `SELECT o.researcher AS role, coalesce(r.display_name, o.researcher) AS researcher, o.researcher = session_user AS you,
              to_char(coalesce(o.spent_at, o.recorded_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS month, coalesce(t.balance, o.balance) AS balance,
              coalesce(sum(t.cost) FILTER (WHERE t.state IN ('settled', 'resolved')), 0)::int AS spent,
              coalesce(sum(o.expected_cost) FILTER (WHERE t.state IS NULL), 0)::int AS expected,
              (count(*) FILTER (WHERE t.state IS NULL))::int AS open_calls,
              (count(*) FILTER (WHERE t.state IS DISTINCT FROM 'failed'))::int AS calls,
              (r.monthly_limits ->> coalesce(t.balance, o.balance))::int AS limit
         FROM ${OPENED_AND_CLOSED}
         LEFT JOIN ${S}.researchers r ON r.role_name = o.researcher
        WHERE o.state = 'open' AND coalesce(o.spent_at, o.recorded_at) >= ${MONTH_START} - make_interval(months => $1)
        GROUP BY o.researcher, r.display_name, month, coalesce(t.balance, o.balance), r.monthly_limits
        ORDER BY month DESC, researcher, balance
        LIMIT ${MAX_SPENDING_ROWS}`,
      [span - 1],
    ),
  );
  return rows.map((raw) => {
    const row = spendingRow.safeParse(raw);
    if (!row.success) throw new TeamError('TEAM_BAD_DATA', "The team database answered with spending Scout cannot read.");
    const r = row.data;
    return { researcher: r.researcher, you: r.you, month: r.month, balance: r.balance, spent: r.spent, expected: r.expected, openCalls: r.open_calls, calls: r.calls, limit: r.limit };
  });
}
