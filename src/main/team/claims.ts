// Claims: before a paid call in a Team workspace, the item is claimed in the team database, so
// the database — not Scout — decides which laptop buys it. A claim is a row, unique per item;
// the first INSERT wins. Its holder keeps it alive with heartbeats that push its lease on; a
// holder that is gone (crashed, offline) lets the lease run out, and then exactly one teammate
// takes it over: the UPDATE that swaps the expired token (the row lock makes the others find a
// token that is no longer the one they read).
//
// Why a lease and not a lock tied to a connection: a connection that dies (a restart, a
// terminated backend, a flaky network) says nothing about whether its laptop is still sending.
// A lease held by a token outlives connections, so a holder that reconnects keeps its claim,
// and a teammate never takes over while the holder may still send: the holder sends only after
// `confirm` while its lease still has the call's time to run (the server's clock decides
// expiry; the holder counts its own deadline from before it asked, so it errs early).
//
// Every write carries a token made here, so retrying one whose answer was lost is safe: the
// retry finds its own token and knows it won. The tokens are written down before they are sent,
// in the workspace's own file in the app (`SqliteClaimTokens`, local migration 0300): a laptop
// restarted or killed while it held a claim finds the claim its own and takes it up at once with
// the same token (team schema 60 counts that as the same hold, under the same ceiling). Another
// laptop of the same researcher has its own file: its claim is waited for like a teammate's, and
// said as the researcher's own purchase on another computer.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../platform/cache/database';
import { TeamError } from '../kernel/teamErrors';
import { ROLE_NAME, TEAM_SCHEMA as S } from './names';
import { inTransaction, teamCall } from './pool';
import { pushRecord, teammateCopy, type RecordBody, type TeamItem, type TeammateCopy } from './records';
import { MAX_LEASE_MS } from './schema/0010-team';

export interface ClaimOptions {
  /** How long a claim lasts without a heartbeat. Longer than the longest paid call, with room. */
  leaseMs?: number;
  /** Where this laptop writes down the tokens it sends (default: in memory, lost on a restart). */
  tokens?: ClaimTokens;
}

/**
 * The tokens this laptop wrote for its claims, per item: a claim whose token is here is this
 * laptop's, whatever became of the process that wrote it.
 */
export interface ClaimTokens {
  /** Written down before the claim carrying it is sent. */
  add(item: TeamItem, token: string): void;
  has(item: TeamItem, token: string): boolean;
  /** The claim was completed or given up: its tokens are no longer this laptop's to take up. */
  forget(item: TeamItem): void;
}

/** Tokens kept in memory: a restart forgets them (tests, and tools without a workspace file). */
export class MemoryClaimTokens implements ClaimTokens {
  private readonly written = new Map<string, Set<string>>();
  add(item: TeamItem, token: string): void {
    const id = JSON.stringify([item.kind, item.key]);
    let tokens = this.written.get(id);
    if (!tokens) this.written.set(id, (tokens = new Set()));
    tokens.add(token);
  }
  has(item: TeamItem, token: string): boolean {
    return this.written.get(JSON.stringify([item.kind, item.key]))?.has(token) ?? false;
  }
  forget(item: TeamItem): void {
    this.written.delete(JSON.stringify([item.kind, item.key]));
  }
}

/** A token older than this cannot hold a claim any more (a claim's ceiling is 20 minutes): let go. */
const TOKEN_KEPT_MS = 24 * 3600_000;

/** Tokens kept in the workspace's file (`team_claim_tokens`, local migration 0300): they survive a restart or a crash. */
export class SqliteClaimTokens implements ClaimTokens {
  private readonly s;

  constructor(db: Db, now: () => number = Date.now) {
    this.s = {
      add: db.prepare<[string, string, string, number]>('INSERT OR IGNORE INTO team_claim_tokens (kind, item_key, token, written_at) VALUES (?, ?, ?, ?)'),
      has: db.prepare<[string, string, string], number>('SELECT 1 FROM team_claim_tokens WHERE kind = ? AND item_key = ? AND token = ?').pluck(),
      forget: db.prepare<[string, string]>('DELETE FROM team_claim_tokens WHERE kind = ? AND item_key = ?'),
    };
    this.now = now;
    db.prepare<[number]>('DELETE FROM team_claim_tokens WHERE written_at < ?').run(Math.round(now() - TOKEN_KEPT_MS));
  }

  private readonly now: () => number;

  add(item: TeamItem, token: string): void {
    this.s.add.run(item.kind, item.key, token, Math.round(this.now()));
  }
  has(item: TeamItem, token: string): boolean {
    return this.s.has.get(item.kind, item.key, token) !== undefined;
  }
  forget(item: TeamItem): void {
    this.s.forget.run(item.kind, item.key);
  }
}

/** A claim this Scout holds. */
export interface HeldClaim {
  item: TeamItem;
  token: string;
  /** performance.now() after which this Scout no longer counts on holding it. */
  deadline: number;
}

export type ClaimOutcome =
  /** This Scout holds it: buy, then `complete` (or `release` when the call failed). */
  | { kind: 'won'; claim: HeldClaim; takenOverFrom: string | null }
  /**
   * A teammate is buying it now: wait for their record. `yours`: the same researcher, on another
   * computer (a claim this laptop wrote is never `held`).
   */
  | { kind: 'held'; holder: string; holderName: string; leaseLeftMs: number; yours: boolean }
  /** A teammate already has it: take their copy, spend nothing. */
  | { kind: 'copy'; copy: TeammateCopy };

const DEFAULT_LEASE_MS = 120_000;
const MIN_LEASE_MS = 100;

const heldRow = z.object({
  holder: z.string().regex(ROLE_NAME),
  holder_name: z.string().min(1).max(120),
  token: z.uuid(),
  lease_left_ms: z.number().finite(),
  yours: z.boolean(),
});
const leaseRow = z.object({ lease_left_ms: z.number().finite() });

export class TeamClaims {
  private readonly leaseMs: number;
  /**
   * Tokens this Scout wrote for an item and may still hold: a write whose answer was lost (even
   * one that failed for good, asked again later, or one written before a restart) finds its own
   * token, rather than waiting for itself as if it were a teammate. Forgotten once the claim is
   * completed or released.
   */
  private readonly tokens: ClaimTokens;

  constructor(
    private readonly pool: pg.Pool,
    options: ClaimOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.tokens = options.tokens ?? new MemoryClaimTokens();
    if (!(this.leaseMs >= MIN_LEASE_MS && this.leaseMs <= MAX_LEASE_MS)) throw new Error(`A claim's lease is between ${MIN_LEASE_MS} ms and ${MAX_LEASE_MS} ms.`);
  }

  /**
   * Asks for an item before buying it. A teammate's copy bought within `withinDays` (null: any
   * age) comes first; otherwise the claim: won, or held by whom.
   */
  async claim(item: TeamItem, withinDays: number | null, unusable: readonly number[] = []): Promise<ClaimOutcome> {
    const earlier = await teamCall('look for a teammate\'s copy', () => teammateCopy(this.pool, item, withinDays, unusable));
    if (earlier) return { kind: 'copy', copy: earlier };
    const won = await teamCall('claim it for you', () => this.take(item));
    if (won.kind !== 'won') return won;
    // A holder writes its record and releases in one transaction: if one did so between the look
    // above and this claim, its record is visible now. Then nothing is bought.
    const copy = await teamCall('look for a teammate\'s copy', () => teammateCopy(this.pool, item, withinDays, unusable));
    if (copy) {
      await this.release(won.claim);
      return { kind: 'copy', copy };
    }
    return won;
  }

  private async take(item: TeamItem): Promise<Exclude<ClaimOutcome, { kind: 'copy' }>> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const token = randomUUID();
      this.tokens.add(item, token);
      const asked = performance.now();
      const inserted = await this.pool.query(
        `INSERT INTO ${S}.claims (kind, item_key, token, lease_expires_at) VALUES ($1, $2, $3, now() + $4::float8 * interval '1 millisecond')
         ON CONFLICT (kind, item_key) DO NOTHING
         RETURNING (extract(epoch FROM lease_expires_at - clock_timestamp()) * 1000)::float8 AS lease_left_ms`,
        [item.kind, item.key, token, this.leaseMs],
      );
      if (inserted.rows.length === 1) return this.won(item, token, asked, inserted.rows[0], null);
      const current = await this.holderOf(item);
      if (!current) continue; // released in between: ask again
      const mine = this.tokens.has(item, current.token);
      // This laptop's own claim (an answer lost, or a restart since): taken up with its token while
      // its lease runs; one run out is taken over below like anyone's.
      if (mine && current.lease_left_ms > 0) return this.won(item, current.token, asked, current, null);
      if (!mine && current.lease_left_ms > 0) return { kind: 'held', holder: current.holder, holderName: current.holder_name, leaseLeftMs: current.lease_left_ms, yours: current.yours };
      // Expired: take it over. Only the UPDATE that still finds the token it read succeeds.
      const next = randomUUID();
      this.tokens.add(item, next);
      const takenAt = performance.now();
      const taken = await this.pool.query(
        `UPDATE ${S}.claims SET token = $3, lease_expires_at = now() + $5::float8 * interval '1 millisecond'
          WHERE kind = $1 AND item_key = $2 AND token = $4 AND lease_expires_at < now()
          RETURNING (extract(epoch FROM lease_expires_at - clock_timestamp()) * 1000)::float8 AS lease_left_ms`,
        [item.kind, item.key, next, current.token, this.leaseMs],
      );
      if (taken.rows.length === 1) return this.won(item, next, takenAt, taken.rows[0], mine ? null : current.holder);
      // Someone else took it (or its holder came back): read who holds it now.
    }
    throw new TeamError('TEAM_UNREACHABLE', 'The claim on this item kept changing hands too fast to settle; try again.');
  }

  private won(item: TeamItem, token: string, asked: number, row: unknown, takenOverFrom: string | null) {
    const lease = leaseRow.parse(row);
    return { kind: 'won' as const, claim: { item, token, deadline: asked + lease.lease_left_ms }, takenOverFrom };
  }

  /** Who holds an item's claim now, or null when nobody does. */
  async holderOf(item: TeamItem): Promise<z.infer<typeof heldRow> | null> {
    const { rows } = await this.pool.query(
      `SELECT c.holder, coalesce(r.display_name, c.holder) AS holder_name, c.token::text AS token,
              (extract(epoch FROM c.lease_expires_at - clock_timestamp()) * 1000)::float8 AS lease_left_ms,
              c.holder = session_user AS yours
         FROM ${S}.claims c LEFT JOIN ${S}.researchers r ON r.role_name = c.holder
        WHERE c.kind = $1 AND c.item_key = $2`,
      [item.kind, item.key],
    );
    if (rows.length === 0) return null;
    const row = heldRow.safeParse(rows[0]);
    if (!row.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a claim Scout cannot read.');
    return row.data;
  }

  /** Pushes the lease on. False when the claim is no longer this Scout's (taken over after it ran out). */
  async heartbeat(claim: HeldClaim): Promise<boolean> {
    return teamCall('keep your claim', async () => {
      const asked = performance.now();
      const { rows } = await this.pool.query(
        `UPDATE ${S}.claims SET lease_expires_at = now() + $4::float8 * interval '1 millisecond'
          WHERE kind = $1 AND item_key = $2 AND token = $3
          RETURNING (extract(epoch FROM lease_expires_at - clock_timestamp()) * 1000)::float8 AS lease_left_ms`,
        [claim.item.kind, claim.item.key, claim.token, this.leaseMs],
      );
      if (rows.length === 0) return false;
      claim.deadline = asked + leaseRow.parse(rows[0]).lease_left_ms;
      return true;
    });
  }

  /**
   * Just before sending: the claim is still this Scout's, with at least `needMs` of its lease
   * left for the call. Throws TEAM_CLAIM_LOST otherwise — then nothing may be sent.
   */
  async confirm(claim: HeldClaim, needMs: number): Promise<void> {
    if (!(await this.heartbeat(claim))) {
      throw new TeamError('TEAM_CLAIM_LOST', 'A teammate took this over after Scout lost touch with the team database for too long. Nothing was sent; Scout will use their copy.');
    }
    if (claim.deadline - performance.now() < needMs) {
      throw new TeamError('TEAM_CLAIM_LOST', 'Scout cannot hold this item long enough to buy it safely. Nothing was sent; try again.');
    }
  }

  /** Whether this Scout still counts on holding the claim now (its own clock, erring early). */
  stillHeld(claim: HeldClaim): boolean {
    return performance.now() < claim.deadline;
  }

  /**
   * Keeps a claim alive while the paid call runs. `onLost` is told once when it is gone: taken
   * over, or no heartbeat got through before the lease ran out.
   */
  keepAlive(claim: HeldClaim, everyMs: number, onLost: (why: 'taken' | 'unreachable') => void): { stop(): void } {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const beat = async () => {
      if (stopped) return;
      let held: boolean | null;
      try {
        held = await this.heartbeat(claim);
      } catch {
        held = null;
      }
      if (stopped) return;
      if (held === false || (held === null && !this.stillHeld(claim))) {
        stopped = true;
        onLost(held === false ? 'taken' : 'unreachable');
        return;
      }
      timer = setTimeout(() => void beat(), everyMs);
      timer.unref();
    };
    timer = setTimeout(() => void beat(), everyMs);
    timer.unref();
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /**
   * Bought: the record is pushed and the claim released in one transaction, so a teammate who
   * claims next finds the record. The record is pushed even if the claim was lost meanwhile
   * (what was paid for is shared whatever happened to the claim).
   */
  async complete(claim: HeldClaim, fetchedAt: Date, body: RecordBody): Promise<{ seq: number }> {
    return teamCall('share what you bought', () =>
      inTransaction(this.pool, async (client) => {
        const pushed = await pushRecord(client, { item: claim.item, fetchedAt, body });
        await client.query(`SELECT ${S}.release_claim($1, $2, $3)`, [claim.item.kind, claim.item.key, claim.token]);
        return { seq: pushed.seq };
      }),
    ).then((done) => {
      this.tokens.forget(claim.item);
      return done;
    });
  }

  /** Not bought (the call failed or was cancelled): the claim is given up for a teammate to take. */
  async release(claim: HeldClaim): Promise<void> {
    await teamCall('give up your claim', () =>
      this.pool.query(`SELECT ${S}.release_claim($1, $2, $3)`, [claim.item.kind, claim.item.key, claim.token]),
    );
    claim.deadline = 0;
    this.tokens.forget(claim.item);
  }
}
