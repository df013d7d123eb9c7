// A Team workspace's watchlists, what only the team can decide (team schema 0050):
// - who runs a scheduled run: the first laptop to claim it when it is due. A teammate's run that
//   finished within the schedule's period means this laptop's is not due (it takes that run's time
//   as its last); one still under way (started within RUN_LEASE_MS) means not now. A run that never
//   finishes stops nobody for longer than that.
// - a monthly renewal limit counted from every teammate's renewals of that watchlist: a renewal is
//   reserved under the watchlist's lock against the month's total before its credit is spent, and
//   settled after. Each reservation is named (a uuid) and written down here (`team_renewals`,
//   local migration 0290) before it is asked for, so a lost answer never holds two, and one left by
//   a crash, or whose settling found the team away, is settled later rather than held all month.
// Answers are read as hostile input; a team that cannot be reached is TEAM_UNREACHABLE (the
// caller decides: a free refresh goes on, a renewal waits).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { Network } from '@shared/reports';
import type { Db } from '../platform/cache/database';
import { TeamError } from '../kernel/teamErrors';
import { inTransaction, teamCall } from './pool';
import { LOCK_SPACE, TEAM_SCHEMA as S } from './names';

/** First key of a watchlist's advisory lock (the second: its doc id hashed), apart from Scout's other locks. */
const WATCHLIST_LOCK_SPACE = LOCK_SPACE + 1;
/** A teammate's run not finished after this long is taken as one that never will (a crash, the API away). */
export const RUN_LEASE_MS = 30 * 60_000;

/** A teammate's finished run that makes this laptop's not due. */
export interface TeammateRun {
  startedAt: number;
  /** Their name as the team's admin entered it. */
  by: string;
}

/** A renewal held in the team's month, as this laptop wrote it down. */
export interface HeldRenewal {
  reservation: string;
  watchlistId: number;
  network: Network;
  accountKey: string;
  at: number;
  state: 'reserving' | 'reserved' | 'settle';
  spent: number | null;
}

const runRow = z.object({ started_at: z.date(), finished: z.boolean(), by: z.string().min(1).max(200) }).strict();
const idRow = z.object({ id: z.string().regex(/^\d{1,18}$/) }).strict();
const total = z.object({ total: z.string().regex(/^\d{1,12}$/) }).strict();

type LocalRow = { reservation: string; watchlist_id: number; network: Network; account_key: string; at: number; state: HeldRenewal['state']; spent: number | null };

export class TeamTracking {
  private readonly s;

  /** `origin`: this laptop's shared-work origin (SharedWork.origin); `db`: the workspace's file. */
  constructor(
    private readonly pool: () => pg.Pool,
    private readonly origin: string,
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.s = {
      add: db.prepare<[string, number, string, string, number]>("INSERT INTO team_renewals (reservation, watchlist_id, network, account_key, at, state) VALUES (?, ?, ?, ?, ?, 'reserving')"),
      held: db.prepare<[string]>("UPDATE team_renewals SET state = 'reserved' WHERE reservation = ?"),
      ended: db.prepare<[number, string]>("UPDATE team_renewals SET state = 'settle', spent = ? WHERE reservation = ?"),
      told: db.prepare<[string]>('DELETE FROM team_renewals WHERE reservation = ?'),
      all: db.prepare<[], LocalRow>('SELECT * FROM team_renewals ORDER BY at'),
    };
  }

  /**
   * Claims the watchlist's run: written, unless another laptop's run of it finished within
   * `windowMs` (that run: not due) or is under way (`run` null: not now). This laptop's own runs
   * never stop it: a run it claimed and could not make is tried again by it. A window of 0 always
   * writes (a run asked for by hand). Claimed: the run's id, to say when it finished.
   */
  claimRun(docId: string, windowMs: number): Promise<{ claimed: true; runId: string } | { claimed: false; run: TeammateRun | null }> {
    return teamCall('claim the watchlist’s run', () =>
      inTransaction(this.pool(), async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WATCHLIST_LOCK_SPACE, docId]);
        if (windowMs > 0) {
          // A time well after the server's now (its clock set back) is no run of the past. (now() is
          // when this transaction began: a teammate's claim committed while this one waited for
          // the lock may be a little later.)
          const { rows } = await client.query(
            `SELECT w.started_at, w.finished_at IS NOT NULL AS finished, coalesce(r.display_name, w.researcher) AS by
               FROM ${S}.watchlist_runs w LEFT JOIN ${S}.researchers r ON r.role_name = w.researcher
              WHERE w.doc_id = $1 AND w.origin <> $3 AND w.started_at <= now() + interval '5 minutes'
                AND ((w.finished_at IS NOT NULL AND w.started_at > now() - $2 * interval '1 millisecond')
                  OR (w.finished_at IS NULL AND w.started_at > now() - $4 * interval '1 millisecond'))
              ORDER BY w.finished_at IS NOT NULL DESC, w.started_at DESC LIMIT 1`,
            [docId, Math.round(windowMs), this.origin, RUN_LEASE_MS],
          );
          if (rows.length > 0) {
            const read = runRow.safeParse(rows[0]);
            if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a watchlist run Scout cannot read.');
            return { claimed: false as const, run: read.data.finished ? { startedAt: Math.min(read.data.started_at.getTime(), this.now()), by: read.data.by } : null };
          }
        }
        const { rows } = await client.query(`INSERT INTO ${S}.watchlist_runs (doc_id, origin) VALUES ($1, $2) RETURNING id::text AS id`, [docId, this.origin]);
        const read = idRow.safeParse(rows[0]);
        if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database neither kept the watchlist’s run nor said why.');
        return { claimed: true as const, runId: read.data.id };
      }),
    );
  }

  /** The claimed run went through: teammates take it as the watchlist's last. */
  async finishRun(runId: string): Promise<void> {
    await teamCall('say the watchlist’s run finished', () => this.pool().query(`UPDATE ${S}.watchlist_runs SET finished_at = now() WHERE id = $1::bigint AND finished_at IS NULL`, [runId]));
  }

  /**
   * Reserves `credits` of the watchlist's month for one renewal, when the team's renewals this
   * month leave room under `cap`: its reservation, or null when they do not, with the month's
   * total. Written down here first; when the team cannot be told, it is let go at the next flush
   * (nothing was sent on it) and the error thrown.
   */
  async reserveRenewal(docId: string, watchlistId: number, account: { network: Network; key: string }, credits: number, cap: number): Promise<{ reservation: string | null; total: number }> {
    const reservation = randomUUID();
    this.s.add.run(reservation, watchlistId, account.network, account.key, Math.round(this.now()));
    let answer: { held: boolean; total: number };
    try {
      answer = await teamCall('count the watchlist’s renewals', () =>
        inTransaction(this.pool(), async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WATCHLIST_LOCK_SPACE, docId]);
          const before = await this.monthTotal(client, docId);
          // Asked again after a lost answer: the first ask holds it already.
          const mine = await client.query(`SELECT 1 FROM ${S}.watchlist_renewals WHERE reservation = $1`, [reservation]);
          if (mine.rows.length > 0) return { held: true, total: before };
          if (before + credits > cap) return { held: false, total: before };
          await client.query(
            `INSERT INTO ${S}.watchlist_renewals (reservation, doc_id, network, account_key, credits, state) VALUES ($1, $2, $3, $4, $5, 'reserved') ON CONFLICT (reservation) DO NOTHING`,
            [reservation, docId, account.network, account.key, credits],
          );
          return { held: true, total: before + credits };
        }),
      );
    } catch (error) {
      this.s.ended.run(0, reservation);
      throw error;
    }
    if (answer.held) this.s.held.run(reservation);
    else this.s.told.run(reservation);
    return { reservation: answer.held ? reservation : null, total: answer.total };
  }

  /** A reservation ended: written down, then told to the team (when it cannot be, at a later flush; it counts until then). */
  async settleRenewal(reservation: string, spent: number): Promise<void> {
    this.s.ended.run(Math.max(0, Math.round(spent)), reservation);
    await this.tell(reservation, spent);
  }

  /**
   * Tells the team how reservations written down here ended, for the watchlists `mine` accepts
   * (not one whose run is under way, which still holds its own): one asked for before a crash
   * (nothing was sent on it) is let go; one held while its fetch was out is settled at what
   * `spentOn` reads in the ledger (null: not known yet, it stays). How many were told.
   */
  async flush(mine: (watchlistId: number) => boolean, spentOn: (held: HeldRenewal) => number | null): Promise<number> {
    let told = 0;
    for (const row of this.s.all.all()) {
      if (!mine(row.watchlist_id)) continue;
      let spent = row.spent;
      if (row.state === 'reserving') spent = 0;
      else if (row.state === 'reserved') spent = spentOn({ reservation: row.reservation, watchlistId: row.watchlist_id, network: row.network, accountKey: row.account_key, at: row.at, state: row.state, spent: row.spent });
      if (spent === null) continue;
      this.s.ended.run(spent, row.reservation);
      await this.tell(row.reservation, spent);
      told++;
    }
    return told;
  }

  /** Reservations written down here whose end the team has not been told. */
  held(): HeldRenewal[] {
    return this.s.all.all().map((r) => ({ reservation: r.reservation, watchlistId: r.watchlist_id, network: r.network, accountKey: r.account_key, at: r.at, state: r.state, spent: r.spent }));
  }

  private async tell(reservation: string, spent: number): Promise<void> {
    await teamCall('settle the watchlist’s renewal', () =>
      // Never more than it reserved (the team refuses more): what else the ledger read is not this renewal's.
      this.pool().query(`UPDATE ${S}.watchlist_renewals SET state = $2, credits = least($3, credits) WHERE reservation = $1 AND state = 'reserved'`, [
        reservation,
        spent > 0 ? 'spent' : 'released',
        Math.max(0, Math.round(spent)),
      ]),
    );
    this.s.told.run(reservation);
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
