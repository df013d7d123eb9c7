// A paid call as a domain declares it to the kernel (paidWork.ts): what the ledger names it, its
// quote, its request and how its answer is read, and its team side; with the words and checks
// the kernel says and makes of every call (its cost in words, the team's monthly limit, a team
// failure in a researcher's words).
import { pastMonthlyLimit } from '@shared/monthlyLimit';
import { ScoutError } from '@shared/errors';
import type { PlanInfo } from '@shared/contract';
import { balanceIn, balanceKinds, plausibleBalance, type BalanceKind } from '@shared/balances';
import type { Balances } from './creditLedger';
import type { ApiCallError, ApiClient } from '../platform/api/apiClient';
import type { Network } from '../platform/api/types';
import type { TeamGate } from '../team/gate';
import { TeamError } from './teamErrors';
import type { RecordBody, TeamItem, TeammateCopy } from '../team/records';

/** The ledger's names for what a paid call was. */
export type PaidOperation = 'report' | 'history' | 'pdf' | 'media' | 'mentions' | 'discovery' | 'list' | 'competitor';

/** Operations whose cost the spec leaves open: observed through the gate, booked when a balance moved. */
export const observedOperations: ReadonlySet<string> = new Set<PaidOperation>(['media', 'mentions', 'list', 'competitor']);

/** A balance's unit in messages, singular. */
export const balanceWords: Record<BalanceKind, string> = {
  credits: 'report credit',
  miniReports: 'mini-report credit',
  advancedReports: 'advanced-report credit',
  discoveryRequests: 'discovery call',
};

export function costWords(cost: number, balance: BalanceKind): string {
  return `${cost} ${balanceWords[balance]}${cost === 1 ? '' : 's'}`;
}

/** Every balance a plan reports; a figure that is no balance (negative, fractional) is null. */
export function balancesOf(plan: PlanInfo): Balances {
  return Object.fromEntries(balanceKinds.map((k) => [k, plausibleBalance(balanceIn(plan, k))])) as Balances;
}
/** What a paid call is in the team's eyes, for a kernel with a team gate (ignored without one). */
export interface TeamPaidCall<T> {
  item: TeamItem;
  /** A teammate's copy counts when bought within this many days (null: any age). */
  withinDays: number | null;
  /**
   * A teammate has it: their record's JSON body (hostile input: parse it as an API answer), to
   * save locally. Its value is the spend's; nothing is sent and nothing spent.
   */
  takeCopy: (body: unknown, copy: TeammateCopy) => Promise<T>;
  /** What the team's record holds: JSON (the default), or a file's bytes (a PDF), handed to `takeCopy` as a Uint8Array. */
  body?: 'json' | 'bytes';
  /**
   * Won and answered: finish the work (a generation's polls) and save it locally (`save`), then
   * say what the team's record holds — null when it is more than a team record can hold (its
   * claim is then given up). Run by the kernel while the claim is kept alive.
   */
  finish(value: T, charged: boolean): Promise<{ value: T; fetchedAt: Date; body: RecordBody | null }>;
  /**
   * A teammate is buying it now: said once, with their name, while Scout waits for their record.
   * `yours`: it is the researcher themself, buying it on another computer.
   */
  onHeld?: (holderName: string, yours: boolean) => void;
}

export interface PaidCall<T> {
  /** What the ledger row names. `item` narrows it (a discovery page: "page 3"). */
  what: { operation: PaidOperation; network: Network | null; accountKey: string; item?: string };
  /** What it is expected to cost, from which balance (0 for calls whose cost the spec leaves open). */
  quote: { cost: number; balance: BalanceKind };
  /** The most it can cost; the quote's cost when absent. */
  maxCost?: number;
  /** The balances it may draw from, the quote's first; just the quote's when absent. */
  drawable?: readonly BalanceKind[];
  /** In words, for messages: "the Instagram report of natgeo", "page 3 of this search". */
  describe: string;
  /** The researcher confirmed the spend in this kernel's workspace: refused once another is active. */
  confirmedHere?: boolean;
  signal?: AbortSignal;
  /**
   * Stops the call only while nothing has been sent (waiting its turn, waiting for a teammate,
   * before its ledger row): once the request went, the call goes to its end, so what was paid
   * for is kept (a watchlist deleted during its run stops spending, never throws away a paid answer).
   */
  stopUnsent?: AbortSignal;
  /** Inside the gate, just before sending (progress, say). Throws to send nothing. */
  beforeSend?: () => void;
  /** The request itself. `paid` is true when it is expected to spend (never repeated when its answer is lost). */
  send: (api: ApiClient, paid: boolean) => Promise<T>;
  /**
   * Charged, but the answer was lost: a free way to the result (a report's poll, a PDF's poll).
   * Absent: the loss is said (PAID_ANSWER_LOST) and nothing is sent again.
   */
  recover?: (api: ApiClient) => Promise<T>;
  /** The API refused it (answered, no charge): the error to throw, after the ledger is settled. */
  refused?: (error: ApiCallError) => unknown;
  /** The team's side of it (used only when the kernel has a team gate). */
  team?: TeamPaidCall<T>;
  /** The researcher confirmed buying although the team database cannot be asked (TEAM_UNREACHABLE). */
  teamUnreachableConfirmed?: boolean;
}

/** What a spend brought; `teammate` when it was a teammate's copy (nothing sent, nothing spent). */
export interface Spent<T> {
  value: T;
  charged: boolean;
  teammate?: TeammateCopy;
}

/** A spend the researcher confirmed differs from what it costs now; `why` says what changed. */
export function costChanged(doing: string, cost: number, confirmed: number, balance: BalanceKind, why?: string): ScoutError {
  const now = cost === 0 ? `${doing} is free now` : `${doing} would cost ${costWords(cost, balance)}, not ${confirmed}`;
  return new ScoutError({ code: 'COST_CHANGED', message: `${now}${why ? `: ${why}` : ''}. Nothing was spent; confirm again.` });
}

/** A call that is expected to, or may, spend (an observed operation's cost is open). */
export function mayCost(call: PaidCall<unknown>): boolean {
  return (call.maxCost ?? call.quote.cost) > 0 || observedOperations.has(call.what.operation);
}

/**
 * The researcher's monthly limit, set by the team's admin: a spend that would take them past it
 * is refused (TEAM_LIMIT), nothing sent. Asked in the balance gate, just before sending, so every
 * earlier spend of this laptop is settled (and pushed) by then; a teammate's copy, which costs
 * nothing, is never refused. A team that cannot be asked cannot say: TEAM_UNREACHABLE, whose
 * confirmation covers it.
 */
export async function assertWithinLimit(call: PaidCall<unknown>, gate: TeamGate): Promise<void> {
  const { cost, balance } = call.quote;
  if (cost <= 0) return;
  const { limit, spent } = await gate.allowance(balance);
  if (limit !== null && pastMonthlyLimit({ balance, limit, spent }, cost)) {
    throw new ScoutError({
      code: 'TEAM_LIMIT',
      message: `This would take you to ${spent + cost} of your ${costWords(limit, balance)} this month (your team's limit), so Scout did not buy ${call.describe}. Nothing was spent. Ask your admin.`,
    });
  }
}

export function isTeamUnreachable(error: unknown): boolean {
  return error instanceof TeamError && error.code === 'TEAM_UNREACHABLE';
}

/** What stops a call before it is sent: its own signal, or its `stopUnsent`. */
export function unsentSignal(call: Pick<PaidCall<unknown>, 'signal' | 'stopUnsent'>): AbortSignal | undefined {
  if (!call.stopUnsent) return call.signal;
  return call.signal ? AbortSignal.any([call.signal, call.stopUnsent]) : call.stopUnsent;
}

/** A team database failure in a researcher's words; anything else as it is. */
export function teamFailure(error: unknown, call: { describe: string }): unknown {
  if (!(error instanceof TeamError)) return error;
  if (error.code === 'TEAM_UNREACHABLE') {
    return new ScoutError(
      {
        code: 'TEAM_UNREACHABLE',
        message: `The team database cannot be reached: a teammate may already have ${call.describe}, and your team's monthly limit cannot be checked. Buy anyway? Nothing was spent.`,
        detail: error.message,
      },
      { cause: error },
    );
  }
  return new ScoutError({ code: 'TEAM_FAILED', message: `${error.message} Nothing was spent on ${call.describe}.` }, { cause: error });
}
