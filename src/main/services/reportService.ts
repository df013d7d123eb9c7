// Reports, cache first. Opening a cached report never touches the network. Fetching (a first
// request or an explicit refresh) says beforehand what it costs, refuses to spend anything the
// researcher did not confirm, writes the ledger before sending, polls generation with progress,
// and stores every successful fetch as a snapshot. Two fetches of one account share one request.
import PQueue from 'p-queue';
import { ScoutError } from '@shared/errors';
import { ApiCallError, type ApiClient, type TiktokType } from '../api/apiClient';
import type { Network, ParsedReport } from '../api/types';
import type { ReportsRepository } from '../cache/repositories';
import type { BalanceKind, CreditLedger } from '../ledger/creditLedger';
import { accountKeyOf, reportCost, type CostQuote } from './costRule';
import type { ConnectionTracker } from './connection';

export interface ReportRef {
  network: Network;
  account: string;
  tiktokType?: TiktokType;
}

export interface FetchProgress {
  network: Network;
  accountKey: string;
  phase: 'requesting' | 'generating' | 'saving';
  retryInSec: number | null;
  elapsedMs: number;
}

export interface ReportServiceDeps {
  api: () => Promise<ApiClient>;
  repo: ReportsRepository;
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
}

const defaultPollDelay = (ttl: number | null) => Math.min(60_000, Math.max(1_000, (ttl ?? 30) * 1000));

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export class ReportService {
  /** Calls that read or change a balance run one at a time, so each one's cost is exact. */
  private readonly balanceLock = new PQueue({ concurrency: 1 });
  private readonly inFlight = new Map<string, Promise<ReturnType<ReportsRepository['open']>>>();
  /** The last balance the API reported, per kind. */
  private readonly knownBalance = new Map<BalanceKind, number>();
  private readonly now: () => number;

  constructor(private readonly deps: ReportServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The cached report, parsed and ready; null when Scout has never fetched it. No network. */
  open(network: Network, account: string) {
    return this.deps.repo.open(network, accountKeyOf(account));
  }

  /** What fetching would cost now. */
  quote(ref: ReportRef): CostQuote {
    const key = accountKeyOf(ref.account);
    const cached = this.deps.repo.open(ref.network, key);
    const unlock = cached?.unlockedAt ? { unlockedAt: cached.unlockedAt, tiktokType: (cached.tiktokType as TiktokType | null) ?? null } : null;
    return reportCost({ network: ref.network, accountKey: key, tiktokType: ref.tiktokType, unlock, now: this.now() });
  }

  /**
   * Requests the report and waits for it. `confirmedCost` is what the researcher agreed to pay:
   * if the cost rule now says otherwise, nothing is sent.
   */
  fetch(ref: ReportRef, confirmedCost: number, signal?: AbortSignal) {
    const key = `${ref.network}:${accountKeyOf(ref.account)}:${ref.network === 'tiktok' ? (ref.tiktokType ?? 'advanced_report') : ''}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = this.fetchOnce(ref, confirmedCost, signal).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async fetchOnce(ref: ReportRef, confirmedCost: number, signal?: AbortSignal) {
    const accountKey = accountKeyOf(ref.account);
    const quote = this.quote(ref);
    if (quote.cost !== confirmedCost) {
      throw new ScoutError({
        code: 'COST_CHANGED',
        message: `Fetching ${ref.account} would cost ${quote.cost} credit${quote.cost === 1 ? '' : 's'}, not ${confirmedCost}. Nothing was spent; confirm again.`,
      });
    }
    this.deps.connection.assertMayCall();
    const started = this.now();
    const progress = (phase: FetchProgress['phase'], retryInSec: number | null = null) =>
      this.deps.onProgress?.({ network: ref.network, accountKey, phase, retryInSec, elapsedMs: this.now() - started });

    progress('requesting');
    const cachedUnlock = this.deps.repo.unlockedAt(ref.network, accountKey);
    const first = await this.firstRequest(ref, accountKey, quote, signal);
    let answer = first.answer;
    const charged = first.charged;
    const unlockedAt = charged ? this.now() : (cachedUnlock ?? this.now());

    const maxWait = this.deps.maxWaitMs ?? 10 * 60_000;
    const delay = this.deps.pollDelayMs ?? defaultPollDelay;
    while (answer.state === 'NOT_READY') {
      if (this.now() - started > maxWait) {
        throw new ScoutError({
          code: 'GENERATION_TIMEOUT',
          message: `${ref.account} is still being generated after ${Math.round(maxWait / 60_000)} minutes. ${charged ? 'The credit is spent; ' : ''}open it again later to fetch it at no cost.`,
        });
      }
      progress('generating', answer.retryTtlSec);
      await sleep(delay(answer.retryTtlSec), signal);
      answer = await this.poll(ref, accountKey, quote.balance, signal);
    }
    progress('saving');
    this.deps.repo.saveSnapshot(answer, { fetchedAt: this.now(), unlockedAt, accountKey });
    // Pictures are stored before the report is handed back, so it opens offline complete.
    await this.deps.onSaved?.(answer.result).catch(() => undefined);
    return this.deps.repo.open(ref.network, accountKey);
  }

  /** The request that may spend a credit, with its ledger entry. */
  private firstRequest(ref: ReportRef, accountKey: string, quote: CostQuote, signal?: AbortSignal) {
    return this.spend(
      { operation: 'report', network: ref.network, accountKey },
      quote,
      (api, paid) => api.report(ref.network, ref.account, { tiktokType: ref.tiktokType, paid, signal }),
      // The API took the request: the report is unlocked and generating; polls are free.
      () => this.poll(ref, accountKey, quote.balance, signal, false),
      signal,
    ).then(({ value, charged }) => ({ answer: value, charged }));
  }

  /**
   * One call that may spend from a balance: resolves what earlier lost answers cost, writes the
   * ledger entry before sending, settles it from the answer's remaining balance, and resolves a
   * lost answer by reading the balance (then `afterUnknownCharge` gets the result for free).
   */
  async spend<T extends { restTokens: number | null }>(
    what: { operation: string; network: Network; accountKey: string },
    quote: Pick<CostQuote, 'cost' | 'balance'>,
    send: (api: ApiClient, paid: boolean) => Promise<T>,
    afterUnknownCharge: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<{ value: T; charged: boolean }> {
    return (await this.balanceLock.add(async () => {
      const api = await this.deps.api();
      await this.resolveOpenEntries(api);
      const before = await this.balanceBefore(api, quote.balance, quote.cost, signal);
      const id = this.deps.ledger.begin({ ...what, balance: quote.balance, expectedCost: quote.cost, balanceBefore: before });
      try {
        const value = await this.deps.connection.track(() => send(api, quote.cost > 0));
        const cost = this.costFromAnswer(before, value.restTokens, quote.cost);
        this.deps.ledger.settle(id, cost, value.restTokens);
        this.remember(quote.balance, value.restTokens);
        return { value, charged: cost > 0 };
      } catch (error) {
        if (error instanceof ApiCallError && error.outcome === 'unknown') {
          this.deps.ledger.markUnknown(id, error.message);
          const cost = await this.resolve(api, id, quote.balance, before);
          if (cost !== null && cost > 0) return { value: await afterUnknownCharge(), charged: true };
          if (cost === 0) throw new ScoutError({ code: error.code, message: `${error.message} Nothing was spent; try again.` });
          throw error;
        }
        this.deps.ledger.fail(id, error instanceof Error ? error.message : String(error));
        throw error;
      }
    }, { signal })) as { value: T; charged: boolean };
  }

  /** A later request for a report that is generating: free, safe to repeat. */
  private async poll(ref: ReportRef, accountKey: string, balance: BalanceKind, signal?: AbortSignal, lock = true): Promise<ParsedReport> {
    const run = async () => {
      const api = await this.deps.api();
      try {
        const answer = await this.deps.connection.track(() => api.report(ref.network, ref.account, { tiktokType: ref.tiktokType, paid: false, signal }));
        this.remember(balance, answer.restTokens);
        return answer;
      } catch (error) {
        // A generation that failed gives the credit back (spec 3.1): record it, once.
        if (error instanceof ScoutError && (error.code === 'API_NO_VIDEOS' || error.code === 'API_NO_VIEWS')) {
          const refunded = this.recordRefund(ref.network, accountKey, balance);
          throw new ScoutError({
            code: error.code,
            message: `${ref.account} has no ${error.code === 'API_NO_VIEWS' ? 'views' : 'videos'}, so no report could be made.${refunded ? ' The credit was refunded.' : ''}`,
            apiCode: error.apiCode,
          });
        }
        throw error;
      }
    };
    return lock ? ((await this.balanceLock.add(run, { signal })) as ParsedReport) : run();
  }

  /** Records the API's refund once: only while the account's net spending is positive. */
  private recordRefund(network: Network, accountKey: string, balance: BalanceKind): boolean {
    const entries = this.deps.ledger.entries().filter((e) => e.network === network && e.accountKey === accountKey && e.balance === balance);
    const spent = entries.reduce((s, e) => s + (e.actualCost ?? 0), 0);
    if (spent <= 0) return false;
    const known = this.knownBalance.get(balance);
    this.deps.ledger.refund({
      operation: 'report',
      network,
      accountKey,
      balance,
      balanceAfter: known === undefined ? null : known + 1,
      note: 'generation failed; refunded by the API',
    });
    if (known !== undefined) this.knownBalance.set(balance, known + 1);
    return true;
  }

  /** What the call cost: the balance's change when both ends are known, else what was expected. */
  private costFromAnswer(before: number | null, after: number | null, expected: number): number {
    if (before === null || after === null) return expected;
    return Math.max(0, before - after);
  }

  private remember(balance: BalanceKind, value: number | null): void {
    if (value !== null) this.knownBalance.set(balance, value);
  }

  /** The balance before a paid call; asks planInfo (free) when it is not known. */
  private async balanceBefore(api: ApiClient, balance: BalanceKind, cost: number, signal?: AbortSignal): Promise<number | null> {
    if (this.knownBalance.has(balance)) return this.knownBalance.get(balance)!;
    if (cost === 0) return null;
    const plan = await this.deps.connection.track(() => api.planInfo({ signal }));
    this.rememberPlan(plan);
    return this.knownBalance.get(balance) ?? null;
  }

  rememberPlan(plan: { reports: { credits: number | null; reports: number | null; advancedReports: number | null }; discovery: { requests: number | null } }): void {
    this.remember('credits', plan.reports.credits);
    this.remember('miniReports', plan.reports.reports);
    this.remember('advancedReports', plan.reports.advancedReports);
    this.remember('discoveryRequests', plan.discovery.requests);
  }

  /**
   * Finds out what a call with a lost answer cost, by reading the balance (planInfo is free)
   * and comparing with the balance before it. Null when the API cannot be asked now.
   */
  private async resolve(api: ApiClient, id: number, balance: BalanceKind, before: number | null): Promise<number | null> {
    try {
      const plan = await api.planInfo({ timeoutMs: 15_000 });
      this.rememberPlan(plan);
      const now = this.knownBalance.get(balance) ?? null;
      if (before === null || now === null) {
        // Without both ends, assume the worst (spent) so the researcher is never told less.
        this.deps.ledger.resolve(id, 1, now, 'balance before unknown; counted as spent');
        return 1;
      }
      const cost = Math.max(0, before - now);
      this.deps.ledger.resolve(id, cost, now, `planInfo: ${before} before, ${now} after`);
      return cost;
    } catch {
      // The balance is no longer known for sure.
      this.knownBalance.delete(balance);
      return null;
    }
  }

  /**
   * Entries left open by a crash or an earlier lost answer are resolved before anything new is
   * sent; while one cannot be resolved, nothing new that touches a balance goes out.
   */
  async settleOpenEntries(): Promise<void> {
    await this.balanceLock.add(async () => this.resolveOpenEntries(await this.deps.api()));
  }

  private async resolveOpenEntries(api: ApiClient): Promise<void> {
    for (const entry of this.deps.ledger.open()) {
      if ((await this.resolve(api, entry.id, entry.balance, entry.balanceBefore)) === null) {
        throw new ScoutError({
          code: 'LEDGER_UNRESOLVED',
          message: 'Scout cannot yet confirm whether an earlier request was charged, so it will not send another until the API answers. Try again in a moment.',
        });
      }
    }
  }
}
