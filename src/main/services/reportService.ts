// Reports, cache first. Opening a cached report never touches the network. Fetching (a first
// request or an explicit refresh) says beforehand what it costs, refuses to spend anything the
// researcher did not confirm, writes the ledger before sending, polls generation with progress,
// and stores every successful fetch as a snapshot. Two fetches of one account share one request.
//
// How each call's cost is known exactly: calls that may spend run one at a time per workspace
// (the balance gate), and each reads every balance (planInfo, free) just before it is sent and
// just after it was answered; what moved is what it cost, up to what it can cost, from whichever
// balance the API drew. More than that moved outside Scout and is flagged, not booked. Once a
// request has been sent, its entry is never marked failed unless the API refused it and no
// balance moved. A call whose answer was lost — a timeout, a reset, an unreadable answer, a
// cancel while it was out — is never sent again: it is resolved by reading the balances, and
// until it is, nothing else that could spend goes out. Polls are free and wait side by side.
import { BalanceGate } from '../ledger/balanceGate';
import { ScoutError } from '@shared/errors';
import type { PlanInfo } from '@shared/contract';
import { ApiCallError, type ApiClient, type TiktokType } from '../api/apiClient';
import type { Network, ParsedReport } from '../api/types';
import type { AttemptsRepository, LibraryPage, LibraryQuery, ReportsRepository } from '../cache/repositories';
import { balanceKinds, plausibleBalance, settlement, type Balances, type BalanceKind, type CreditLedger, type LedgerEntry } from '../ledger/creditLedger';
import type { AccountRef } from '@shared/accountInput';
import { ACCESS_MS, drawableBalances, reportCost, type CostQuote } from './costRule';
import type { ConnectionTracker } from './connection';
import { attemptOutcomes, type AttemptOutcome, type FetchAttemptView, type ReportProgress, type ReportState } from '@shared/reports';
import { sleep } from '../util/sleep';
import { saving } from '../cache/storageFaults';

/** An account read at the contract boundary (parseAccountRef), and which TikTok report is wanted. */
export type ReportRef = AccountRef & { tiktokType?: TiktokType };

export type FetchProgress = ReportProgress;

export interface ReportServiceDeps {
  api: () => Promise<ApiClient>;
  repo: ReportsRepository;
  /** Where fetches that saved no report are remembered, so the library can list them. */
  attempts?: AttemptsRepository;
  ledger: CreditLedger;
  connection: ConnectionTracker;
  now?: () => number;
  onProgress?: (progress: FetchProgress) => void;
  /** How long to wait before polling again; the API's retryTtl in seconds, bounded (api-notes.md). */
  pollDelayMs?: (retryTtlSec: number | null) => number;
  /** Give up polling after this long (the credit stays spent; the next open fetches it free). */
  maxWaitMs?: number;
  /** Called with every saved report's answer, to fetch its pictures into the cache. */
  onSaved?: (result: Record<string, unknown>) => Promise<unknown>;
  /** When the API account unlocked the account's report outside this Scout, as auditor.creators said (unlockQuotes.ts); null when it never said so. */
  unlockedElsewhere?: (network: Network, accountKey: string) => number | null;
}

/** A balance's unit in messages, singular. */
const balanceWords: Record<BalanceKind, string> = {
  credits: 'report credit',
  miniReports: 'mini-report credit',
  advancedReports: 'advanced-report credit',
  discoveryRequests: 'discovery request',
};

const defaultPollDelay = (ttl: number | null) => Math.min(60_000, Math.max(1_000, (ttl ?? 30) * 1000));

/** The balance a plan reports for one kind; null when the API did not say. */
export function balanceIn(plan: PlanInfo, kind: BalanceKind): number | null {
  const value = {
    credits: plan.reports.credits,
    miniReports: plan.reports.reports,
    advancedReports: plan.reports.advancedReports,
    discoveryRequests: plan.discovery.requests,
  }[kind];
  return typeof value === 'number' ? value : null;
}

/** Every balance a plan reports; a figure that is no balance (negative, fractional) is null. */
export function balancesOf(plan: PlanInfo): Balances {
  return Object.fromEntries(balanceKinds.map((k) => [k, plausibleBalance(balanceIn(plan, k))])) as Balances;
}

export interface SpendOptions {
  signal?: AbortSignal;
  /** The most the call can cost; the quote's cost when absent. */
  maxCost?: number;
  /** The balances the call may draw from, the quote's first; just the quote's when absent. */
  drawable?: readonly BalanceKind[];
  /** Inside the gate, just before the call is sent: throws to send nothing (the workspace changed, say). */
  beforeSend?: () => void;
}

/** Operations whose cost the spec leaves open: observed through the gate, booked when a balance moves. */
const observedOperations = new Set(['media', 'mentions', 'list', 'creators', 'competitor']);

/** REPORT_CALCULATING (Twitch) means the same as NOT_READY. */
function calculating(network: Network): ParsedReport {
  return { network, state: 'NOT_READY', quality: null, validUntil: null, restTokens: null, retryTtlSec: null, highDemand: false, tiktokType: null, summary: null, result: {} };
}

function isFailedGeneration(error: unknown): error is ScoutError {
  return error instanceof ScoutError && (error.code === 'API_NO_VIDEOS' || error.code === 'API_NO_VIEWS');
}

export class ReportService {
  /** Calls that may spend run one at a time, so each one's cost is exact; polls run side by side. */
  private readonly gate = new BalanceGate();
  private readonly inFlight = new Map<string, Promise<ReturnType<ReportsRepository['open']>>>();
  /** The latest step of each fetch under way, by network:accountKey, for a page opened mid-fetch. */
  private readonly latest = new Map<string, FetchProgress>();
  private readonly now: () => number;

  constructor(private readonly deps: ReportServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The cached report, parsed and ready; null when Scout has never fetched it. No network. */
  open(ref: AccountRef) {
    return this.deps.repo.open(ref.network, ref.key);
  }

  /** What fetching would cost now (free until the earlier of a year after unlock and the API's validUntil). */
  quote(ref: ReportRef): CostQuote {
    const key = ref.key;
    const cached = this.deps.repo.open(ref.network, key);
    let unlock: { unlockedAt: number; tiktokType: TiktokType | null } | null = null;
    if (cached?.unlockedAt) {
      const unlockedAt = cached.validUntil ? Math.min(cached.unlockedAt, cached.validUntil - ACCESS_MS) : cached.unlockedAt;
      unlock = { unlockedAt, tiktokType: (cached.tiktokType as TiktokType | null) ?? null };
    }
    // A paid history answer unlocked the report (spec 3.4) even when the report was never cached.
    if (ref.network === 'instagram' || ref.network === 'twitter') {
      const historyAt = this.deps.ledger.lastPaid(ref.network, key, 'credits', 'history', true);
      if (historyAt !== null && (!unlock || historyAt > unlock.unlockedAt)) unlock = { unlockedAt: historyAt, tiktokType: null };
    }
    // So did a paid PDF export, on every network (a TikTok PDF is the advanced report's).
    const pdfAt = this.deps.ledger.lastPaid(ref.network, key, balanceKinds, 'pdf', true);
    if (pdfAt !== null && (!unlock || pdfAt > unlock.unlockedAt)) unlock = { unlockedAt: pdfAt, tiktokType: ref.network === 'tiktok' ? 'advanced_report' : null };
    const quote = reportCost({ network: ref.network, accountKey: key, tiktokType: ref.tiktokType, unlock, now: this.now() });
    // The API account unlocked it elsewhere within the year: free. auditor.creators does not say
    // which TikTok report was unlocked; either covers a mini report, an advanced one only maybe,
    // so a TikTok advanced report keeps its cost.
    if (quote.cost > 0 && quote.reason !== 'upgrade' && (ref.network !== 'tiktok' || ref.tiktokType === 'report')) {
      const elsewhere = this.deps.unlockedElsewhere?.(ref.network, key) ?? null;
      if (elsewhere !== null && elsewhere <= this.now() && this.now() - elsewhere < ACCESS_MS && (!unlock || elsewhere > unlock.unlockedAt)) {
        return { cost: 0, balance: quote.balance, reason: 'unlocked-elsewhere', freeUntil: elsewhere + ACCESS_MS, unlockedAt: elsewhere };
      }
    }
    // A report paid for but never cached (cancelled while it was generating) is most likely
    // unlocked, but only the API knows: had its generation failed, it refunded the credit and a
    // new request pays again. So the quote stays at what it may cost, and says why.
    if (quote.cost > 0) {
      const paidAt = this.deps.ledger.lastPaid(ref.network, key, drawableBalances(ref.network, ref.tiktokType, quote.balance), 'report');
      if (paidAt !== null && this.now() - paidAt < ACCESS_MS && (!unlock || paidAt > unlock.unlockedAt)) return { ...quote, reason: 'paid-not-fetched' };
    }
    return quote;
  }

  /**
   * Requests the report and waits for it. `confirmedCost` is what the researcher agreed to pay:
   * if the cost rule now says otherwise, nothing is sent.
   */
  fetch(ref: ReportRef, confirmedCost: number, signal?: AbortSignal, beforeSend?: () => void) {
    const key = `${ref.network}:${ref.key}:${ref.network === 'tiktok' ? (ref.tiktokType ?? 'advanced_report') : ''}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = this.now();
    const promise = this.fetchOnce(ref, confirmedCost, started, signal, beforeSend).then(
      (report) => {
        this.finished(ref, started, null);
        return report;
      },
      (error: unknown) => {
        const data = error instanceof ScoutError ? { code: error.code, message: error.message } : { code: 'INTERNAL', message: (error as Error)?.message ?? String(error) };
        this.finished(ref, started, data, signal?.aborted === true);
        throw error;
      },
    );
    void promise.catch(() => undefined).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Where the fetch of an account stands, while one is under way; null otherwise. */
  progressOf(ref: AccountRef): FetchProgress | null {
    return this.latest.get(`${ref.network}:${ref.key}`) ?? null;
  }

  private report(progress: FetchProgress) {
    const key = `${progress.network}:${progress.accountKey}`;
    if (progress.phase === 'finished') this.latest.delete(key);
    else this.latest.set(key, progress);
    this.deps.onProgress?.(progress);
  }

  private finished(ref: ReportRef, started: number, error: FetchProgress['error'], aborted = false) {
    const accountKey = ref.key;
    // From the ledger, so a cancel can say truthfully whether the request had already been paid for.
    const { spent, unresolved } = this.deps.ledger.spentOn(ref.network, accountKey, started);
    if (error) this.rememberAttempt(ref, error, spent, aborted);
    this.report({
      network: ref.network,
      accountKey,
      phase: 'finished',
      retryInSec: null,
      nextCheckAt: null,
      elapsedMs: this.now() - started,
      error,
      spent,
      ...(unresolved ? { spendUnresolved: true } : {}),
    });
  }

  /**
   * A fetch that saved no report is remembered, with what it spent added to what earlier ones
   * did since the last saved report: paid for in all (a cancel after the API charged) reads as
   * paid-not-fetched, whatever ended the latest attempt.
   */
  private rememberAttempt(ref: ReportRef, error: NonNullable<FetchProgress['error']>, spent: FetchProgress['spent'], aborted: boolean) {
    const attempts = this.deps.attempts;
    if (!attempts) return;
    try {
      const before = attempts.get(ref.network, ref.key);
      const total: Record<string, number> = { ...(before?.spent ?? {}) };
      for (const [kind, n] of Object.entries(spent ?? {})) total[kind] = (total[kind] ?? 0) + n;
      for (const kind of Object.keys(total)) if (total[kind] === 0) delete total[kind];
      const paid = Object.values(total).some((n) => n > 0);
      // Skipped (another workspace became active before its turn) is a cancel: nothing was sent.
      const stopped = aborted || error.code === 'CANCELLED' || error.code === 'WORKSPACE_CHANGED';
      const outcome: AttemptOutcome = paid ? 'paid-not-fetched' : stopped ? 'cancelled' : 'failed';
      attempts.record({
        network: ref.network,
        accountKey: ref.key,
        apiName: ref.apiName,
        tiktokType: ref.network === 'tiktok' ? (ref.tiktokType ?? 'advanced_report') : null,
        outcome,
        error: aborted && error.code !== 'CANCELLED' ? { code: 'CANCELLED', message: 'Cancelled.' } : error,
        at: this.now(),
        spent: total,
      });
    } catch {
      // Remembering is a courtesy to the library: a full disk must not turn the fetch's own error into another.
    }
  }

  /** How the latest fetch of an account ended when it saved no report; null when none did. */
  attemptOf(ref: AccountRef): FetchAttemptView | null {
    return this.deps.attempts?.get(ref.network, ref.key) ?? null;
  }

  /**
   * The library: cached reports, and on the first page, before them, the accounts asked for but
   * never saved (failed, cancelled, paid for but not fetched) — a worklist, newest first. They
   * have no figures, so a filter on followers or country leaves them out. A cached report whose
   * latest refresh saved nothing carries that attempt too.
   */
  library(query: Omit<LibraryQuery, 'states'> & { states?: readonly (ReportState | AttemptOutcome)[] }): LibraryPage & { items: (LibraryPage['items'][number] & { attempt: FetchAttemptView | null })[] } {
    const states = query.states;
    const reportStates = states?.filter((s): s is Exclude<ReportState, 'NOT_READY'> => s === 'READY' || s === 'READY_LOW_CONFIDENCE');
    const outcomes = states?.filter((s): s is AttemptOutcome => (attemptOutcomes as readonly string[]).includes(s));
    const page = states?.length && !reportStates?.length ? { total: 0, items: [] } : this.deps.repo.library({ ...query, states: reportStates?.length ? reportStates : undefined });
    const attempts = this.deps.attempts;
    const items = page.items.map((item) => ({ ...item, attempt: attempts?.get(item.network, item.accountKey) ?? null }));
    const figures = query.countries?.length || query.followersMin !== undefined || query.followersMax !== undefined;
    if (!attempts || figures || (states?.length && !outcomes?.length)) return { total: page.total, items };
    const open = attempts.list({
      networks: query.networks,
      outcomes: outcomes?.length ? outcomes : undefined,
      text: query.text,
      after: query.fetchedAfter,
      before: query.fetchedBefore,
      withoutReport: true,
    });
    const rows = open.map((a) => ({
      network: a.network,
      accountKey: a.accountKey,
      summary: { network: a.network, accountId: null, username: a.apiName, title: null, description: null, avatarUrl: null, verified: null, followers: null, engagementRate: null, growthPrc: null, avgViews: null, avgLikes: null, avgComments: null, audienceQuality: null, country: null, language: null },
      state: a.outcome as never,
      quality: null,
      fetchedAt: a.at,
      firstFetchedAt: a.at,
      unlockedAt: null,
      validUntil: null,
      tiktokType: a.tiktokType,
      snapshotCount: 0,
      attempt: a,
    }));
    return { total: page.total + rows.length, items: (query.offset ?? 0) === 0 ? [...rows, ...items] : items };
  }

  private async fetchOnce(ref: ReportRef, confirmedCost: number, started: number, signal?: AbortSignal, beforeSend?: () => void) {
    const accountKey = ref.key;
    const quote = this.quote(ref);
    if (quote.cost !== confirmedCost) {
      throw new ScoutError({
        code: 'COST_CHANGED',
        message: `Fetching ${ref.apiName} would cost ${quote.cost} ${balanceWords[quote.balance]}${quote.cost === 1 ? '' : 's'}, not ${confirmedCost}. Nothing was spent; confirm again.`,
      });
    }
    this.deps.connection.assertMayCall();
    const progress = (phase: FetchProgress['phase'], retryInSec: number | null = null, waitMs: number | null = null) =>
      this.report({ network: ref.network, accountKey, phase, retryInSec, nextCheckAt: waitMs === null ? null : this.now() + waitMs, elapsedMs: this.now() - started });

    // Paid requests go one at a time: until its turn, a fetch waits in line.
    progress('queued');
    const { value: first, charged } = await this.spend(
      { operation: 'report', network: ref.network, accountKey },
      quote,
      (api, paid) => this.reportRequest(api, ref, paid, signal),
      // The API took the request: the report is unlocked and generating; polls are free.
      () => this.poll(ref, accountKey, quote.balance, signal),
      {
        signal,
        drawable: drawableBalances(ref.network, ref.tiktokType, quote.balance),
        // Free only by the API's own word (auditor.creators): should the API charge after all,
        // the credit is this fetch's, booked and said, not "moved outside Scout".
        ...(quote.reason === 'unlocked-elsewhere' ? { maxCost: 1 } : {}),
        beforeSend: () => {
          beforeSend?.();
          progress('requesting');
        },
      },
    );
    let answer = first;

    const maxWait = this.deps.maxWaitMs ?? 10 * 60_000;
    const delay = this.deps.pollDelayMs ?? defaultPollDelay;
    while (answer.state === 'NOT_READY') {
      if (this.now() - started > maxWait) {
        throw new ScoutError({
          code: 'GENERATION_TIMEOUT',
          message: `${ref.apiName} is still being generated after ${Math.max(1, Math.round(maxWait / 60_000))} minutes. ${charged ? 'The credit is spent; ' : ''}open it again later to fetch it at no cost.`,
        });
      }
      const waitMs = delay(answer.retryTtlSec);
      progress('generating', answer.retryTtlSec, waitMs);
      await sleep(waitMs, signal);
      answer = await this.poll(ref, accountKey, quote.balance, signal);
    }
    progress('saving');
    // The API's validUntil is a year from its own unlock date: the most reliable unlock date there is.
    const fetchedAt = this.now();
    // Free because the API account unlocked it elsewhere: from the date auditor.creators gave.
    const unlockedAt = answer.validUntil !== null ? answer.validUntil - ACCESS_MS : charged ? fetchedAt : (quote.unlockedAt ?? null);
    // A full disk here comes after the spend: say that it is recorded and the next fetch is free.
    saving(() => this.deps.repo.saveSnapshot(answer, { fetchedAt, unlockedAt, accountKey }), charged ? `the ${ref.network} report of ${accountKey}` : undefined);
    // Saved: whatever an earlier attempt left undone is done now.
    this.deps.attempts?.clear(ref.network, accountKey);
    // Pictures are stored before the report is handed back, so it opens offline complete.
    await this.deps.onSaved?.(answer.result).catch(() => undefined);
    return this.deps.repo.open(ref.network, accountKey);
  }

  /**
   * The name to send for an account. The cache keys channels in lower case, and the library
   * hands that key back, which reads as a lower-case name; YouTube channel ids are
   * case-sensitive, so a cached channel is asked for by the id its report carries.
   */
  apiName(ref: AccountRef): string {
    // A channel id read as one already has its letter case (its apiName differs from its key).
    if (ref.network !== 'youtube' || ref.apiName !== ref.key) return ref.apiName;
    const id = this.deps.repo.open(ref.network, ref.key)?.summary.accountId;
    return id && id.toLowerCase() === ref.key ? id : ref.apiName;
  }

  private async reportRequest(api: ApiClient, ref: ReportRef, paid: boolean, signal?: AbortSignal): Promise<ParsedReport> {
    try {
      return await api.report(ref.network, this.apiName(ref), { tiktokType: ref.tiktokType, paid, signal, byUserId: ref.byUserId });
    } catch (error) {
      if (error instanceof ScoutError && error.code === 'API_REPORT_CALCULATING') return calculating(ref.network);
      throw error;
    }
  }

  /** A later request for a report that is generating: free, safe to repeat. */
  private async poll(ref: ReportRef, accountKey: string, balance: BalanceKind, signal?: AbortSignal): Promise<ParsedReport> {
    signal?.throwIfAborted();
    // Beside other polls, never beside a paid call: a failed generation's refund moves a balance.
    // Not cancelled through the gate: a cancelled task must hold its place until its call is over.
    return this.gate.beside(async () => {
      const api = await this.deps.api();
      try {
        return await this.deps.connection.track(() => this.reportRequest(api, ref, false, signal));
      } catch (error) {
        if (isFailedGeneration(error)) throw this.failedGeneration(ref, accountKey, balance, error);
        throw error;
      }
    });
  }

  /** A generation that failed gives the credit back (spec 3.1): recorded once, wherever it is seen. */
  private failedGeneration(ref: Pick<AccountRef, 'network' | 'apiName'>, accountKey: string, balance: BalanceKind, error: ScoutError): ScoutError {
    const refunded = this.recordRefund(ref.network, accountKey, balance);
    return new ScoutError({
      code: error.code,
      message: `${ref.apiName} has no ${error.code === 'API_NO_VIEWS' ? 'views' : 'videos'}, so no report could be made.${refunded ? ' The credit was refunded.' : ' Nothing was spent.'}`,
      apiCode: error.apiCode,
    });
  }

  /**
   * Records the API's refund once: only while the account's net spending on a balance the
   * report may draw from is positive, and on that balance (a TikTok advanced report may have
   * been paid in report credits).
   */
  private recordRefund(network: Network, accountKey: string, balance: BalanceKind): boolean {
    const kinds = network === 'tiktok' && balance === 'advancedReports' ? drawableBalances(network, 'advanced_report', balance) : [balance];
    const entries = this.deps.ledger.entries().filter((e) => e.network === network && e.accountKey === accountKey && e.operation === 'report');
    const paidFrom = kinds.find((kind) => {
      const spent = entries.filter((e) => e.balance === kind).reduce((s, e) => s + (e.actualCost ?? (e.status === 'pending' || e.status === 'unknown' ? e.expectedCost : 0)), 0);
      return spent > 0;
    });
    if (!paidFrom) return false;
    this.deps.ledger.refund({ operation: 'report', network, accountKey, balance: paidFrom, balanceAfter: null, note: 'generation failed; refunded by the API' });
    return true;
  }

  /**
   * One call that may spend from a balance: resolves what earlier lost answers cost, reads every
   * balance, writes the ledger entry before sending, settles it from the balances after, and
   * resolves a lost answer by reading the balances (then `afterUnknownCharge` gets the result
   * without spending again). Calls whose cost the spec leaves open come through here too, with
   * a quote of 0 and the most they can cost in `options.maxCost`.
   */
  async spend<T extends object>(
    what: { operation: string; network: Network; accountKey: string },
    quote: Pick<CostQuote, 'cost' | 'balance'>,
    send: (api: ApiClient, paid: boolean) => Promise<T>,
    afterUnknownCharge: () => Promise<T>,
    options: SpendOptions = {},
  ): Promise<{ value: T; charged: boolean }> {
    const { signal } = options;
    signal?.throwIfAborted();
    const maxCost = options.maxCost ?? quote.cost;
    const outcome = await this.gate.alone(async () => {
      signal?.throwIfAborted();
      const api = await this.deps.api();
      await this.resolveOpenEntries(api);
      const before = balancesOf(await this.deps.connection.track(() => api.planInfo({ signal })));
      signal?.throwIfAborted();
      options.beforeSend?.();
      const id = this.deps.ledger.begin({ ...what, balance: quote.balance, expectedCost: quote.cost, balanceBefore: before[quote.balance], balancesBefore: before, maxCost });
      let value: T;
      try {
        value = await this.deps.connection.track(() => send(api, quote.cost > 0));
      } catch (error) {
        return this.afterFailure(api, id, error, what, quote, signal);
      }
      // Answered: from here on nothing can make the call not have happened, so nothing below
      // marks the entry failed. A balance that cannot be read now leaves it to be resolved.
      const cost = await this.settleAnswered(api, this.deps.ledger.get(id)!, (value as { restTokens?: unknown }).restTokens);
      return { kind: 'done' as const, value, charged: cost === null ? quote.cost > 0 : cost > 0 };
    });
    if (outcome.kind === 'done') return { value: outcome.value, charged: outcome.charged };
    return { value: await afterUnknownCharge(), charged: true };
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
  private async afterFailure(
    api: ApiClient,
    id: number,
    error: unknown,
    what: { operation: string; network: Network; accountKey: string },
    quote: Pick<CostQuote, 'cost' | 'balance'>,
    signal: AbortSignal | undefined,
  ): Promise<{ kind: 'charged-unknown' }> {
    const message = error instanceof Error ? error.message : String(error);
    const cancelled = !!signal?.aborted;
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
      if (isFailedGeneration(error)) throw this.failedGeneration({ network: what.network, apiName: what.accountKey }, what.accountKey, quote.balance, error);
      throw error;
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

  /** Something other than a report request unlocked the account (history, a PDF). */
  noteUnlocked(ref: AccountRef, at: number): void {
    this.deps.repo.markUnlocked(ref.network, ref.key, at);
  }

  /** Resolves entries left open by a crash or an earlier lost answer (at start-up, say). */
  async settleOpenEntries(): Promise<void> {
    if (this.deps.ledger.open().length === 0) return;
    await this.gate.alone(async () => this.resolveOpenEntries(await this.deps.api()));
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
