// The team's side of the paid-work kernel (kernel/paidWork.ts): what the kernel asks the team
// database before, during and after a paid call. The kernel sees only this interface, so a
// workspace without a team (Demo, Production) has none and behaves exactly as before.
import type pg from 'pg';
import type { BalanceKind } from '@shared/balances';
import { TeamClaims, type ClaimOptions, type ClaimOutcome, type HeldClaim } from './claims';
import { teamCall } from './pool';
import { recordBytes, recordJson, type RecordBody, type TeamItem } from './records';
import { teamAllowance, type Allowance, type TeamLedger } from './teamLedger';

export interface TeamGate {
  /** A teammate's copy (never one of `unusable`: records found unreadable), a claim won, or who holds it now. */
  claim(item: TeamItem, withinDays: number | null, unusable?: readonly number[]): Promise<ClaimOutcome>;
  /** Just before sending: still this Scout's, with `needMs` of its lease left; throws TEAM_CLAIM_LOST otherwise. */
  confirm(claim: HeldClaim, needMs: number): Promise<void>;
  /** Heartbeats while the call is out. */
  keepAlive(claim: HeldClaim, everyMs: number, onLost: (why: 'taken' | 'unreachable') => void): { stop(): void };
  /** Bought and saved: the record pushed and the claim released, in one transaction. */
  complete(claim: HeldClaim, fetchedAt: Date, body: RecordBody): Promise<{ seq: number }>;
  /** Not bought: the claim given up. */
  release(claim: HeldClaim): Promise<void>;
  /** A teammate's record's JSON body (hostile input: the caller parses it as it would an API answer). */
  recordJson(item: TeamItem, seq: number): Promise<unknown>;
  /** A teammate's record's bytes (a PDF; hostile input: the caller checks them as it would a download). */
  recordBytes(item: TeamItem, seq: number): Promise<Uint8Array | null>;
  /**
   * Throws (TEAM_NOT_CONNECTED) when this Scout has no working connection to its team at all
   * (not set up, a wrong password …): a paid call of a kind not claimed yet is then not bought
   * blind either. Absent: always connected (a gate over a pool of its own).
   */
  assertConnected?(): Promise<void>;
  /**
   * Before buying: the researcher's monthly limit on a balance (null: none) and what they spent
   * on it this month by the team ledger, this laptop's queued spends included. TEAM_UNREACHABLE
   * when the team database cannot be asked.
   */
  allowance(balance: BalanceKind): Promise<Allowance>;
  readonly timing: TeamTiming;
}

export interface TeamTiming {
  /** How long the lease must still run when a call is sent (the longest paid call, with room). */
  needMs: number;
  /** Heartbeats while a call is out. */
  heartbeatMs: number;
  /** While a teammate holds an item: how often to ask again, and for how long at most. */
  heldPollMs: number;
  heldWaitMs: number;
}

/** A gate's timing for its options (also known before any connection exists). */
export function teamTiming(options: ClaimOptions & Partial<TeamTiming> = {}): TeamTiming {
  const leaseMs = options.leaseMs ?? 120_000;
  return {
    // Half the lease: a call that takes longer than that is sent only after a fresh heartbeat.
    needMs: options.needMs ?? Math.floor(leaseMs / 2),
    heartbeatMs: options.heartbeatMs ?? Math.max(20, Math.floor(leaseMs / 4)),
    heldPollMs: options.heldPollMs ?? 500,
    // A teammate's claim ends by their record or by its lease running out: wait a lease and a bit.
    heldWaitMs: options.heldWaitMs ?? leaseMs + 5_000,
  };
}

/** The gate on a team database pool, as one researcher. */
export class PostgresTeamGate implements TeamGate {
  private readonly claims: TeamClaims;
  readonly timing: TeamTiming;

  private readonly ledger: TeamLedger | null;

  /** `ledger`: the workspace's team ledger, whose queued steps are pushed before a limit is checked. */
  constructor(
    private readonly pool: pg.Pool,
    options: ClaimOptions & Partial<TeamTiming> & { ledger?: TeamLedger } = {},
  ) {
    this.ledger = options.ledger ?? null;
    this.claims = new TeamClaims(pool, options);
    this.timing = teamTiming(options);
  }

  claim(item: TeamItem, withinDays: number | null, unusable: readonly number[] = []) {
    return this.claims.claim(item, withinDays, unusable);
  }
  confirm(claim: HeldClaim, needMs: number) {
    return this.claims.confirm(claim, needMs);
  }
  keepAlive(claim: HeldClaim, everyMs: number, onLost: (why: 'taken' | 'unreachable') => void) {
    return this.claims.keepAlive(claim, everyMs, onLost);
  }
  complete(claim: HeldClaim, fetchedAt: Date, body: RecordBody) {
    return this.claims.complete(claim, fetchedAt, body);
  }
  release(claim: HeldClaim) {
    return this.claims.release(claim);
  }
  recordJson(item: TeamItem, seq: number) {
    return teamCall("take a teammate's copy", () => recordJson(this.pool, item, seq));
  }
  recordBytes(item: TeamItem, seq: number) {
    return teamCall("take a teammate's copy", () => recordBytes(this.pool, item, seq));
  }
  allowance(balance: BalanceKind) {
    return this.ledger ? this.ledger.allowance(balance) : teamAllowance(this.pool, balance);
  }
}
