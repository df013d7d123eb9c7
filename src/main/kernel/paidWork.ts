// The paid-work kernel: the one place where Scout calls an API operation that can spend a credit
// or move a balance. Every domain (reports, history, media, mentions, PDFs, discovery pages,
// lists, competitor analyses) declares only its request and how it reads the answer; this owns
// the rest, once:
//   - the offline check, and the workspace check (a spend confirmed in a workspace that is no
//     longer active is refused just before sending);
//   - the confirmed-cost check (COST_CHANGED, nothing sent);
//   - the balance gate: calls that may spend run one at a time, so the balances read just before
//     and just after each show what it cost; free polls that can move a balance (a refund) run
//     side by side, never beside a paid call;
//   - the ledger row, written durably before sending (a full disk there: DISK_FULL, nothing sent),
//     settled from the balances that moved, never above what the call can cost;
//   - a lost answer (timeout, reset, unreadable, cancelled while out): never sent again, resolved
//     by reading the balances; until it is, nothing else that could spend goes out;
//   - connection tracking, and the storage-fault wording of what was paid;
//   - in a Team workspace (an optional `team` gate; Demo and Production have none), the claim
//     before paying: a teammate's copy is taken instead of buying, a teammate's live claim is
//     waited for, a won claim is confirmed just before sending, kept alive while the call is out,
//     completed (the record pushed) once the answer is saved, and released when nothing was bought.
// The API client refuses a balance-touching operation outside this kernel (api/paidGuard.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { ScoutError } from '@shared/errors';
import { BalanceGate } from './balanceGate';
import { balanceKinds, plausibleBalance, type BalanceKind } from '@shared/balances';
import { settlement, type Balances, type CreditLedger, type LedgerEntry } from './creditLedger';
import { ApiCallError, type ApiClient } from '../platform/api/apiClient';
import { withKernelPass } from '../platform/api/paidGuard';
import type { Network } from '../platform/api/types';
import type { ConnectionTracker } from './connection';
import { drawableBalances } from './costRule';
import { isDiskFull, saving } from '../platform/cache/storageFaults';
import { sleep } from '../platform/util/sleep';
import type { TeamGate } from '../team/gate';
import type { HeldClaim } from '../team/claims';
import { TeamError } from './teamErrors';
import {
  assertWithinLimit,
  balancesOf,
  costChanged,
  isTeamUnreachable,
  mayCost,
  observedOperations,
  teamFailure,
  unsentSignal,
  type PaidCall,
  type Spent,
  type TeamPaidCall,
} from './paidCall';

/** Set while a task runs inside the balance gate, so a poll from inside it does not queue again. */
const insideGate = new AsyncLocalStorage<true>();

export interface PaidWorkDeps {
  api: () => Promise<ApiClient>;
  ledger: CreditLedger;
  connection: ConnectionTracker;
  /** Whether the kernel's workspace is the active one. */
  isActive: () => boolean;
  /** The workspace's name in messages ("Production"). */
  workspaceLabel: string;
  /** A Team workspace's team database: claims before paying. Absent: no claims (Demo, Production). */
  team?: TeamGate;
}
export class PaidWork {
  /** Calls that may spend run one at a time, so each one's cost is exact; polls run side by side. */
  private readonly gate = new BalanceGate();
  /** Paid calls inside the kernel now (waiting for the gate or out), in words. */
  private readonly inFlight = new Map<number, string>();
  private nextCall = 1;

  constructor(private readonly deps: PaidWorkDeps) {}

  /** Fails at once when the workspace is switched offline (nothing else may be asked of the API). */
  assertMayCall(): void {
    this.deps.connection.assertMayCall();
  }

  /** Refuses a spend whose confirmed cost is no longer what it costs (COST_CHANGED, nothing sent). */
  assertConfirmed(doing: string, cost: number, confirmed: number, balance: BalanceKind, why?: string): void {
    if (cost !== confirmed) throw costChanged(doing, cost, confirmed, balance, why);
  }

  /** A spend confirmed in this workspace, checked again where it matters: just before sending. */
  assertStillActive(): void {
    if (!this.deps.isActive()) {
      throw new ScoutError({
        code: 'WORKSPACE_CHANGED',
        message: `This was confirmed in the ${this.deps.workspaceLabel} workspace, but another workspace is active now. Nothing was spent; confirm it again there.`,
      });
    }
  }

  /** A free call (planInfo, sandbox, games, creators, competitor reads): offline check and connection tracking. */
  read<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
    this.assertMayCall();
    return this.deps.connection.track(async () => call(await this.deps.api()));
  }

  /**
   * A free call of a balance-touching operation (a report's or PDF's poll): side by side with
   * other polls, never beside a paid call, since a failed generation's refund moves a balance.
   */
  poll<T>(call: (api: ApiClient) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    this.assertMayCall();
    const run = () => withKernelPass(async () => this.deps.connection.track(async () => call(await this.deps.api())));
    // Already inside the gate (a `recover` that polls): queueing again would wait behind a paid
    // call that itself waits for this one to leave.
    if (insideGate.getStore()) return run();
    return this.gate.beside(() => insideGate.run(true, run));
  }

  /** Paid calls in the kernel now (waiting their turn or out), in words; empty when none. */
  busy(): string[] {
    return [...new Set(this.inFlight.values())];
  }

  /** Resolves once no paid call or poll is inside the gate. */
  idle(): Promise<void> {
    return this.gate.whenIdle();
  }

  /**
   * One call that may spend. Resolves what earlier lost answers cost, reads every balance, writes
   * the ledger row before sending, settles it from the balances after, and resolves a lost answer
   * by reading the balances (then `recover` gets the result without spending again).
   */
  async spend<T>(call: PaidCall<T>): Promise<Spent<T>> {
    call.signal?.throwIfAborted();
    call.stopUnsent?.throwIfAborted();
    this.assertMayCall();
    if (call.confirmedHere) this.assertStillActive();
    const ticket = this.nextCall++;
    this.inFlight.set(ticket, call.describe);
    try {
      const team = this.deps.team;
      if (team && call.team) return await this.spendClaimed(call, call.team, team);
      // A Team workspace's paid kind that claims nothing yet is still never bought without a
      // working connection to the team (refused with the way to connect).
      if (team?.assertConnected && mayCost(call)) await team.assertConnected();
      return await this.spendHere(call);
    } finally {
      this.inFlight.delete(ticket);
    }
  }

  /**
   * A Team workspace's spend: the team database is asked before the balance gate. A teammate's
   * copy is taken (nothing sent); a teammate's live claim is waited for, asking again every
   * `heldPollMs` until their record comes or their lease runs out (then one teammate takes it
   * over), at most `heldWaitMs` (TEAM_ITEM_HELD, naming them); a won claim is bought.
   */
  private async spendClaimed<T>(call: PaidCall<T>, team: TeamPaidCall<T>, gate: TeamGate): Promise<Spent<T>> {
    const waitEnds = performance.now() + gate.timing.heldWaitMs;
    let told = false;
    let lost = 0;
    const unusable: number[] = [];
    // While waiting for a teammate nothing is out: either signal stops the wait.
    const waiting = unsentSignal(call);
    for (;;) {
      waiting?.throwIfAborted();
      this.assertMayCall();
      let outcome;
      try {
        outcome = await gate.claim(team.item, team.withinDays, unusable);
      } catch (error) {
        if (isTeamUnreachable(error) && call.teamUnreachableConfirmed) return this.spendHere(call);
        throw teamFailure(error, call);
      }
      if (outcome.kind === 'copy') {
        const copy = outcome.copy;
        try {
          const body = team.body === 'bytes' ? await gate.recordBytes(team.item, copy.seq) : await gate.recordJson(team.item, copy.seq);
          if (body === null) throw new TeamError('TEAM_BAD_DATA', `The team database named ${copy.researcherName}'s copy of this but did not hand it over.`);
          return { value: await team.takeCopy(body, copy), charged: false, teammate: copy };
        } catch (error) {
          if (!(error instanceof TeamError && error.code === 'TEAM_BAD_DATA')) throw teamFailure(error, call);
          // A copy Scout cannot use is no copy: the team does not have it, so it is claimed (or an
          // older copy taken) as if that record were not there; it never blocks buying.
          unusable.push(copy.seq);
          continue;
        }
      }
      if (outcome.kind === 'held') {
        if (!told) team.onHeld?.(outcome.holderName, outcome.yours);
        told = true;
        if (performance.now() >= waitEnds) {
          throw new ScoutError({
            code: 'TEAM_ITEM_HELD',
            // Never "Anna Berg is buying…" to Anna: her claim from another computer is said as hers.
            message: outcome.yours
              ? `You are buying ${call.describe} on another computer, and it has not finished yet. Nothing was spent here; open it again in a moment to take that copy.`
              : `${outcome.holderName} is buying ${call.describe} now and has not finished yet. Nothing was spent; open it again in a moment to take their copy.`,
          });
        }
        await sleep(Math.max(10, Math.min(gate.timing.heldPollMs, outcome.leaseLeftMs + 10)), waiting);
        continue;
      }
      const bought = await this.spendWon(call, team, gate, outcome.claim);
      if (bought) return bought;
      // The claim was lost before anything was sent: ask again (a copy, a holder, or a claim),
      // a few times; a claim that never holds long enough for the call is said, not retried forever.
      if (++lost >= 3) {
        throw new ScoutError({ code: 'TEAM_FAILED', message: `Scout could not hold ${call.describe} in the team database long enough to buy it safely. Nothing was spent; try again.` });
      }
    }
  }

  /** Buys with a claim won. Null when the claim was lost before sending (nothing sent). */
  private async spendWon<T>(call: PaidCall<T>, team: TeamPaidCall<T>, gate: TeamGate, claim: HeldClaim): Promise<Spent<T> | null> {
    // Heartbeats from the moment it is won: while it waits its turn in the balance gate (behind
    // other paid calls), while the call is out and while the generation is polled. A claim lost
    // before sending is caught by `confirm`; lost once the call is out, its record is pushed all
    // the same when it is saved (`complete` does so whatever became of the claim).
    const beating = gate.keepAlive(claim, gate.timing.heartbeatMs, () => undefined);
    try {
      const done = await this.spendHere(call, async () => {
        // Confirmed by the researcher to buy without the team: neither the limit nor the claim is asked.
        const unlessConfirmedWithout = (error: unknown) => {
          if (!(isTeamUnreachable(error) && call.teamUnreachableConfirmed)) throw error;
        };
        await assertWithinLimit(call, gate).catch(unlessConfirmedWithout);
        await gate.confirm(claim, gate.timing.needMs).catch(unlessConfirmedWithout);
      });
      const finished = await team.finish(done.value, done.charged);
      const shared = finished.body === null ? gate.release(claim) : gate.complete(claim, finished.fetchedAt, finished.body);
      await shared.catch(() => {
        // Saved here but not shared: its claim runs out by its lease. Pushing it later (the
        // outbox) is still to come; the researcher's own fetch has succeeded.
      });
      // Kept until the record is in: a teammate never finds it neither held nor shared.
      beating.stop();
      return { value: finished.value, charged: done.charged };
    } catch (error) {
      beating.stop();
      // Nothing bought, or bought and not saved: the claim is given up for a teammate to take.
      await gate.release(claim).catch(() => undefined);
      if (error instanceof TeamError && error.code === 'TEAM_CLAIM_LOST') return null;
      throw teamFailure(error, call);
    }
  }

  /** The spend itself, in the balance gate; `beforeSending` runs just before the ledger row and the send. */
  private async spendHere<T>(call: PaidCall<T>, beforeSending?: () => Promise<void>): Promise<Spent<T>> {
    const outcome = await this.gate.alone(() => insideGate.run(true, () => withKernelPass(() => this.spendAlone(call, beforeSending), 'spend')));
    if (outcome.kind === 'done') return { value: outcome.value, charged: outcome.charged };
    if (!call.recover) {
      throw new ScoutError({
        code: 'PAID_ANSWER_LOST',
        message: `${capitalise(call.describe)} was paid for, but its answer was lost on the way. Scout did not ask again, so as not to pay twice; the spending ledger has it.`,
      });
    }
    const recover = call.recover;
    return { value: await this.poll(recover, undefined), charged: true };
  }

  private async spendAlone<T>(call: PaidCall<T>, beforeSending?: () => Promise<void>): Promise<{ kind: 'done'; value: T; charged: boolean } | { kind: 'charged-unknown' }> {
    const { quote } = call;
    // Nothing is out until the ledger row below: either signal stops it here.
    const signal = unsentSignal(call);
    signal?.throwIfAborted();
    const api = await this.deps.api();
    await this.resolveOpenEntries(api);
    const before = balancesOf(await this.deps.connection.track(() => api.planInfo({ signal })));
    signal?.throwIfAborted();
    this.assertMayCall();
    if (call.confirmedHere) this.assertStillActive();
    await beforeSending?.();
    signal?.throwIfAborted();
    call.beforeSend?.();
    const maxCost = call.maxCost ?? quote.cost;
    const id = this.begin(call, before, maxCost);
    return this.afterSending(call, async () => {
      let value: T;
      try {
        value = await this.deps.connection.track(() => call.send(api, quote.cost > 0));
      } catch (error) {
        return this.afterFailure(api, id, error, call);
      }
      // Answered: from here on nothing can make the call not have happened, so nothing below
      // marks the entry failed. A balance that cannot be read now leaves it to be resolved.
      const cost = await this.settleAnswered(api, this.deps.ledger.get(id)!, (value as { restTokens?: unknown } | null)?.restTokens);
      return { kind: 'done' as const, value, charged: cost === null ? quote.cost > 0 : cost > 0 };
    });
  }

  /**
   * Once sent, the ledger row is on disk as pending. A disk that fills before it is settled
   * leaves it pending, to be settled from the balances before anything else is spent: said so.
   */
  private async afterSending<R>(call: PaidCall<unknown>, work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      throw new ScoutError(
        {
          code: 'DISK_FULL',
          message: `The disk is full, so Scout could not finish recording ${call.describe} in the spending ledger. It was sent and may have been charged: Scout settles it from your balance, before it spends anything else, once there is space. Free some disk space and try again.`,
          detail: (error as Error).message,
        },
        { cause: error },
      );
    }
  }

  /** The ledger row, on disk before anything is sent. A full disk here sends nothing. */
  private begin(call: PaidCall<unknown>, before: Balances, maxCost: number): number {
    const { what, quote } = call;
    try {
      return this.deps.ledger.begin({ ...what, balance: quote.balance, expectedCost: quote.cost, balanceBefore: before[quote.balance], balancesBefore: before, maxCost });
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      throw new ScoutError(
        {
          code: 'DISK_FULL',
          message: `The disk is full, so Scout could not record ${call.describe} in the spending ledger and did not send it. Nothing was spent. Free some disk space and try again.`,
          detail: (error as Error).message,
        },
        { cause: error },
      );
    }
  }

  /**
   * Saves what a paid call brought. A full disk then is said with what was paid: the ledger has
   * the spend and the API keeps it unlocked, so asking again is free.
   */
  save<R>(describe: string, charged: boolean, write: () => R): R {
    return saving(write, charged ? describe : undefined);
  }

  /** Settles an answered call from the balances after it; null when they cannot be read (the entry stays open). */
  private async settleAnswered(api: ApiClient, entry: LedgerEntry, restTokens: unknown): Promise<number | null> {
    let found = await this.readSettlement(api, entry);
    if (!found && entry.balancesBefore) {
      // No planInfo: the answer's own restTokens, when it is a balance and can only be the one
      // expected (a TikTok advanced report may be drawn from two, and restTokens does not say which).
      const rest = plausibleBalance(restTokens);
      const before = entry.balancesBefore[entry.balance];
      if (rest !== null && before !== null && rest <= before && this.drawableFor(entry).length === 1) {
        const after = Object.fromEntries(balanceKinds.map((k) => [k, k === entry.balance ? rest : null])) as Balances;
        found = this.settlementOf(entry, after);
        found.note = `restTokens ${rest} (planInfo unreadable); ${found.note}`;
      }
    }
    if (!found) {
      this.deps.ledger.markUnknown(entry.id, 'answered, but the balance after it could not be read yet');
      return null;
    }
    this.deps.ledger.settle(entry.id, found.cost, found.balanceAfter, { balance: found.balance, outside: found.outside, note: found.note });
    return found.cost;
  }

  /** A call that did not come back with an answer Scout could use. */
  private async afterFailure(api: ApiClient, id: number, error: unknown, call: PaidCall<unknown>): Promise<{ kind: 'charged-unknown' }> {
    const message = error instanceof Error ? error.message : String(error);
    const cancelled = !!call.signal?.aborted;
    // It never reached the API (refused connection, 429, the API's own "not processed"): nothing was spent.
    if (!cancelled && error instanceof ApiCallError && error.outcome === 'not-processed') {
      this.deps.ledger.fail(id, message);
      throw error;
    }
    // The API answered with a refusal: normally nothing was spent, but the balances have the last word.
    if (!cancelled && error instanceof ApiCallError && error.outcome === 'answered') {
      const entry = this.deps.ledger.get(id)!;
      const found = await this.readSettlement(api, entry);
      if (!found) this.deps.ledger.markUnknown(id, `${message} (refused; the balance after it could not be read yet)`);
      else if (found.cost === 0 && found.outside === 0) this.deps.ledger.fail(id, message);
      else this.deps.ledger.settle(id, found.cost, found.balanceAfter, { balance: found.balance, outside: found.outside, note: `${message}; ${found.note}` });
      throw call.refused ? call.refused(error) : error;
    }
    // Lost after sending (a timeout, a reset, an unreadable answer, a cancel, anything else):
    // what it cost is found out from the balances, never by sending it again.
    this.deps.ledger.markUnknown(id, cancelled ? 'cancelled while the request was out' : message);
    const cost = await this.resolveEntry(api, this.deps.ledger.get(id)!);
    if (cancelled) throw error;
    if (cost !== null && cost > 0) return { kind: 'charged-unknown' };
    if (cost === 0) throw new ScoutError({ code: error instanceof ScoutError ? error.code : 'NETWORK', message: `${message} Nothing was spent; try again.` });
    throw error;
  }

  /** The balances a ledger entry's call may have drawn from, its own first. */
  private drawableFor(entry: LedgerEntry): readonly BalanceKind[] {
    if (observedOperations.has(entry.operation)) return [entry.balance, ...balanceKinds.filter((k) => k !== entry.balance)];
    return drawableBalances((entry.network ?? 'instagram') as Network, entry.balance === 'advancedReports' ? 'advanced_report' : undefined, entry.balance);
  }

  private settlementOf(entry: LedgerEntry, after: Balances) {
    const before = entry.balancesBefore ?? (Object.fromEntries(balanceKinds.map((k) => [k, k === entry.balance ? entry.balanceBefore : null])) as Balances);
    return settlement({
      before,
      after,
      expected: entry.balance,
      expectedCost: entry.expectedCost,
      maxCost: entry.maxCost ?? entry.expectedCost,
      drawable: this.drawableFor(entry),
      // What the ledger booked since (a refund seen by a poll) is not this call's doing.
      known: this.deps.ledger.bookedAfter(entry.id),
    });
  }

  /** What an entry's call cost, from the balances now; null when the API cannot be asked. */
  private async readSettlement(api: ApiClient, entry: LedgerEntry) {
    try {
      return this.settlementOf(entry, balancesOf(await api.planInfo()));
    } catch {
      return null;
    }
  }

  /**
   * Finds out what a call with a lost answer cost, by reading the balances (planInfo is free)
   * and comparing with those before it. Null when the API cannot be asked now.
   */
  private async resolveEntry(api: ApiClient, entry: LedgerEntry): Promise<number | null> {
    const found = await this.readSettlement(api, entry);
    if (!found) return null;
    this.deps.ledger.resolve(entry.id, found.cost, found.balanceAfter, found.note, { balance: found.balance, outside: found.outside });
    return found.cost;
  }

  /** Resolves entries left open by a crash or an earlier lost answer (at start-up, say). */
  async settleOpenEntries(): Promise<void> {
    if (this.deps.ledger.open().length === 0) return;
    await this.gate.alone(() => insideGate.run(true, async () => this.resolveOpenEntries(await this.deps.api())));
  }

  /**
   * Entries left open are resolved before anything new is sent; while one cannot be resolved,
   * nothing that could spend goes out.
   */
  private async resolveOpenEntries(api: ApiClient): Promise<void> {
    for (const entry of this.deps.ledger.open()) {
      if ((await this.resolveEntry(api, entry)) === null) {
        throw new ScoutError({
          code: 'LEDGER_UNRESOLVED',
          message: 'Scout cannot yet confirm whether an earlier request was charged, so it will not send another until the API answers. Try again in a moment.',
        });
      }
    }
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
