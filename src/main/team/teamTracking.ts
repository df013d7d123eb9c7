// A Team workspace's watchlists, what only the team can decide (team schema 0050):
// - who runs a scheduled run: the first laptop to claim it when it is due; a teammate's run within
//   the schedule's period means this laptop's is not due (it takes that run's time as its last);
// - a monthly renewal limit counted from every teammate's renewals of that watchlist: a renewal is
//   reserved under the watchlist's lock against the month's total, before its credit is spent.
// Answers are read as hostile input; a team that cannot be reached is TEAM_UNREACHABLE (the
// caller decides: a free refresh goes on, a renewal waits).
import type pg from 'pg';
import { z } from 'zod';
import type { Network } from '@shared/reports';
import { TeamError } from './errors';
import { inTransaction, teamCall } from './pool';
import { LOCK_SPACE, TEAM_SCHEMA as S } from './names';

/** Second key of a watchlist's advisory lock: its doc id hashed (the first, LOCK_SPACE + 1, keeps it apart from Scout's other locks). */
const WATCHLIST_LOCK_SPACE = LOCK_SPACE + 1;

/** A teammate's run that makes this laptop's not due. */
export interface TeammateRun {
  startedAt: number;
  /** Their name as the team's admin entered it. */
  by: string;
}

const latestRun = z.object({ started_at: z.date(), by: z.string().min(1).max(200) }).strict();
const reserved = z.object({ id: z.string().regex(/^\d{1,18}$/), total: z.string().regex(/^\d{1,12}$/) }).strict();
const total = z.object({ total: z.string().regex(/^\d{1,12}$/) }).strict();

export class TeamTracking {
  /** `origin`: this laptop's shared-work origin (SharedWork.origin). */
  constructor(
    private readonly pool: () => pg.Pool,
    private readonly origin: string,
  ) {}

  /**
   * Claims the watchlist's run: written, unless another laptop's run of it started within
   * `windowMs` (then that run, which makes this one not due). This laptop's own runs never stop
   * it: a run it claimed and could not make (the API unreachable) is tried again by it. A window
   * of 0 always writes (a run asked for by hand).
   */
  claimRun(docId: string, windowMs: number): Promise<{ claimed: true } | { claimed: false; run: TeammateRun }> {
    return teamCall('claim the watchlist’s run', () =>
      inTransaction(this.pool(), async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WATCHLIST_LOCK_SPACE, docId]);
        if (windowMs > 0) {
          const { rows } = await client.query(
            `SELECT w.started_at, coalesce(r.display_name, w.researcher) AS by FROM ${S}.watchlist_runs w LEFT JOIN ${S}.researchers r ON r.role_name = w.researcher
              WHERE w.doc_id = $1 AND w.origin <> $3 AND w.started_at > now() - $2 * interval '1 millisecond' ORDER BY w.started_at DESC LIMIT 1`,
            [docId, Math.round(windowMs), this.origin],
          );
          if (rows.length > 0) {
            const read = latestRun.safeParse(rows[0]);
            if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a watchlist run Scout cannot read.');
            return { claimed: false as const, run: { startedAt: read.data.started_at.getTime(), by: read.data.by } };
          }
        }
        await client.query(`INSERT INTO ${S}.watchlist_runs (doc_id, origin) VALUES ($1, $2)`, [docId, this.origin]);
        return { claimed: true as const };
      }),
    );
  }

  /**
   * Reserves `credits` of the watchlist's month for one renewal, when the team's renewals this
   * month leave room under `cap`: its id, or null when they do not. Month as monthStart (UTC).
   */
  reserveRenewal(docId: string, account: { network: Network; key: string }, credits: number, cap: number): Promise<{ id: string; total: number } | { id: null; total: number }> {
    return teamCall('count the watchlist’s renewals', () =>
      inTransaction(this.pool(), async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WATCHLIST_LOCK_SPACE, docId]);
        const before = await this.monthTotal(client, docId);
        if (before + credits > cap) return { id: null, total: before };
        const { rows } = await client.query(
          `INSERT INTO ${S}.watchlist_renewals (doc_id, network, account_key, credits, state) VALUES ($1, $2, $3, $4, 'reserved') RETURNING id::text AS id, ($5::bigint + $4)::text AS total`,
          [docId, account.network, account.key, credits, before],
        );
        const read = reserved.safeParse(rows[0]);
        if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database neither kept the renewal nor said why.');
        return { id: read.data.id, total: Number(read.data.total) };
      }),
    );
  }

  /** A reserved renewal settled: what it spent (0: released, it no longer counts). */
  async settleRenewal(id: string, spent: number): Promise<void> {
    await teamCall('settle the watchlist’s renewal', () =>
      this.pool().query(`UPDATE ${S}.watchlist_renewals SET state = $2, credits = $3 WHERE id = $1::bigint AND state = 'reserved'`, [id, spent > 0 ? 'spent' : 'released', Math.max(0, Math.round(spent))]),
    );
  }

  /** Credits the team's renewals of the watchlist spent or have out this month. */
  renewedThisMonth(docId: string): Promise<number> {
    return teamCall('count the watchlist’s renewals', async () => {
      const client = await this.pool().connect();
      try {
        return await this.monthTotal(client, docId);
      } finally {
        client.release();
      }
    });
  }

  private async monthTotal(client: pg.PoolClient, docId: string): Promise<number> {
    const { rows } = await client.query(
      `SELECT coalesce(sum(credits), 0)::text AS total FROM ${S}.watchlist_renewals
        WHERE doc_id = $1 AND state <> 'released' AND at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [docId],
    );
    const read = total.safeParse(rows[0]);
    if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a renewal total Scout cannot read.');
    return Number(read.data.total);
  }
}
