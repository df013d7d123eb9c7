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
import { ScoutError } from '@shared/errors';
import type { ApiClient, TiktokType } from '../../platform/api/apiClient';
import type { Network, ParsedReport } from '../../platform/api/types';
import { balanceKinds, type BalanceKind } from '@shared/balances';
import type { AccountRef } from '@shared/accountInput';
import { ACCESS_MS, accessStartOf, drawableBalances, reportCost, type CostQuote } from '../../kernel/costRule';
import { networkNames, type AttemptOutcome, type CachedReport, type FetchManyOutcome, type FetchAttemptView, type ReportProgress } from '@shared/reports';
import { sleep } from '../../platform/util/sleep';
import { accountOfJob, jobKeys } from '../../kernel/jobs';
import { eventError } from '../../platform/errorWording';
import { type TeammateCopy } from '../../team/records';
import { TeamError, teamRefusals } from '../../kernel/teamErrors';
import type { TeamRecordCodec, TeamRecordIn, TeamRecordOut } from '../../team/codecs';
import { isReportOf, reportOfItem, reportTeamItem, teammateReport } from './reportRecords';
import { libraryPage, type LibraryRequest, type LibraryView } from './reportLibrary';
import type { FetchProgress, ReportRef, ReportServiceDeps } from './reportServiceDeps';

// workspace/teamSession.ts, being rewritten apart from this split, still imports it from here.

const DAY_MS = 24 * 60 * 60 * 1000;

const defaultPollDelay = (ttl: number | null) => Math.min(60_000, Math.max(1_000, (ttl ?? 30) * 1000));

/** REPORT_CALCULATING (Twitch) means the same as NOT_READY. */
function calculating(network: Network): ParsedReport {
  return { network, state: 'NOT_READY', quality: null, validUntil: null, restTokens: null, retryTtlSec: null, highDemand: false, tiktokType: null, summary: null, result: {} };
}

function isFailedGeneration(error: unknown): error is ScoutError {
  return error instanceof ScoutError && (error.code === 'API_NO_VIDEOS' || error.code === 'API_NO_VIEWS');
}

export class ReportService {
  /** The latest step of each fetch under way, by network:accountKey, for a page opened mid-fetch. */
  private readonly latest = new Map<string, FetchProgress>();
  private readonly now: () => number;

  constructor(private readonly deps: ReportServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The cached report, parsed and ready; null when Scout has never fetched it. No network. */
  /** One earlier fetch in full, by its snapshot id. */
  snapshot(id: number) {
    return this.deps.repo.snapshot(id);
  }

  open(ref: AccountRef) {
    return this.deps.repo.open(ref.network, ref.key);
  }

  /** What fetching would cost now (free until the earlier of a year after unlock and the API's validUntil). */
  quote(ref: ReportRef): CostQuote {
    const key = ref.key;
    const cached = this.deps.repo.open(ref.network, key);
    let unlock: { unlockedAt: number; tiktokType: TiktokType | null } | null = null;
    if (cached?.unlockedAt) {
      const unlockedAt = accessStartOf(cached.unlockedAt, cached.validUntil);
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
    // A report paid for but never cached (cancelled while it was generating, or a report, PDF or
    // history whose answer was lost after the charge) is most likely unlocked, but only the API
    // knows: had its generation failed, it refunded the credit and a new request pays again. So
    // the quote stays at what it may cost, and says why.
    if (quote.cost > 0) {
      const drawable = drawableBalances(ref.network, ref.tiktokType, quote.balance);
      const paid = (['report', 'pdf', 'history'] as const).map((operation) => this.deps.ledger.lastPaid(ref.network, key, drawable, operation)).filter((at) => at !== null);
      const paidAt = paid.length > 0 ? Math.max(...paid) : null;
      if (paidAt !== null && this.now() - paidAt < ACCESS_MS && (!unlock || paidAt > unlock.unlockedAt)) return { ...quote, reason: 'paid-not-fetched' };
    }
    return quote;
  }

  /**
   * Requests the report and waits for it, as a job: two callers of one fetch share it, and one
   * cancel stops it for both. `confirmedCost` is what the researcher agreed to pay: if the cost
   * rule now says otherwise, nothing is sent. `confirmedHere`: confirmed in this workspace, so
   * nothing is sent once another is active. `link`: a batch whose cancel stops this fetch too.
   * `teamUnreachableConfirmed` (a Team workspace): buy although the team database cannot be asked.
   * `stopUnsent`: stops this fetch only while its request has not gone; once sent, it goes on to
   * its end and saves what was paid for (a watchlist deleted during its run).
   */
  fetch(
    ref: ReportRef,
    confirmedCost: number,
    options: { confirmedHere?: boolean; link?: AbortSignal; teamUnreachableConfirmed?: boolean; stopUnsent?: AbortSignal } = {},
  ): Promise<CachedReport> {
    const describe = `the ${networkNames[ref.network]} report of ${ref.apiName}`;
    return this.deps.jobs.run(
      'report',
      jobKeys.report(ref),
      describe,
      async (signal) => {
        const started = this.now();
        try {
          const report = await this.fetchOnce(ref, confirmedCost, started, signal, options.confirmedHere, options.teamUnreachableConfirmed, options.stopUnsent);
          this.finished(ref, started, null);
          if (!report) throw new ScoutError({ code: 'INTERNAL', message: 'The report was fetched but could not be read back from the cache.' });
          return report;
        } catch (error) {
          const failure = signal.aborted ? cancelledFetch() : error;
          this.finished(ref, started, eventError(failure), signal.aborted);
          throw failure;
        }
      },
      { link: options.link, account: accountOfJob(ref) },
    );
  }

  /** Stops every fetch of the account (both TikTok reports); true when one was running. */
  cancel(ref: AccountRef): boolean {
    const account = accountOfJob(ref);
    return this.deps.jobs.cancel('report', (job) => job.account === account, cancelledFetch());
  }

  /**
   * Fetches many accounts as one batch run: every item is started now and waits its turn for its
   * paid request (generation waits side by side); `runId` cancels the whole batch. An item not
   * yet sent when another workspace became active is skipped, with nothing spent.
   */
  fetchMany(runId: string, items: readonly { ref: ReportRef; confirmedCost: number; teamUnreachableConfirmed?: boolean }[]): Promise<{ outcomes: FetchManyOutcome[] }> {
    if (this.deps.jobs.has('fetchMany', jobKeys.fetchMany(runId))) throw new ScoutError({ code: 'INVALID_INPUT', message: `A run called ${runId} is already under way.` });
    const describe = `a batch of ${items.length} report${items.length === 1 ? '' : 's'}`;
    return this.deps.jobs.run('fetchMany', jobKeys.fetchMany(runId), describe, async (run) => {
      const outcomes = await Promise.all(
        items.map(async ({ ref, confirmedCost, teamUnreachableConfirmed }): Promise<FetchManyOutcome> => {
          const started = this.now();
          // What it spent, from the ledger: also for a run whose progress events a page of another workspace no longer follows.
          const spent = () => this.deps.ledger.spentOn(ref.network, ref.key, started).spent;
          const base = { network: ref.network, accountKey: ref.key };
          try {
            await this.fetch(ref, confirmedCost, { confirmedHere: true, link: run, ...(teamUnreachableConfirmed ? { teamUnreachableConfirmed } : {}) });
            return { ...base, status: 'done', error: null, spent: spent() };
          } catch (error) {
            const data = eventError(error);
            const status = data.code === 'CANCELLED' ? 'cancelled' : data.code === 'WORKSPACE_CHANGED' ? 'skipped' : 'failed';
            return { ...base, status, error: data, spent: spent() };
          }
        }),
      );
      return { outcomes };
    });
  }

  /** Stops a batch run; true when it was running. */
  cancelMany(runId: string): boolean {
    return this.deps.jobs.cancel('fetchMany', jobKeys.fetchMany(runId), cancelledFetch());
  }

  /** Where the fetch of an account stands, while one is under way; null otherwise. */
  progressOf(ref: AccountRef): ReportProgress | null {
    const latest = this.latest.get(`${ref.network}:${ref.key}`);
    return latest ? { ...latest, workspace: this.deps.jobs.workspace } : null;
  }

  private report(progress: FetchProgress) {
    const key = `${progress.network}:${progress.accountKey}`;
    if (progress.phase === 'finished') this.latest.delete(key);
    else this.latest.set(key, progress);
    this.deps.jobs.emit('reports:changed', progress);
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
      // Refused as the team database could not be asked (or is not connected), nothing spent:
      // never bought, so no row (the quote said so first; an earlier attempt's row stays as it was).
      if (teamRefusals.has(error.code) && !Object.values(spent ?? {}).some((n) => (n ?? 0) > 0)) return;
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
  /** The library: cached reports, and the accounts asked for but never saved (reportLibrary.ts). */
  library(query: LibraryRequest): LibraryView {
    return libraryPage(this.deps, query);
  }

  private async fetchOnce(ref: ReportRef, confirmedCost: number, started: number, signal?: AbortSignal, confirmedHere = false, teamUnreachableConfirmed = false, stopUnsent?: AbortSignal) {
    const accountKey = ref.key;
    const quote = this.quote(ref);
    this.deps.paid.assertConfirmed(`Fetching ${ref.apiName}`, quote.cost, confirmedCost, quote.balance);
    this.deps.paid.assertMayCall();
    const progress = (phase: FetchProgress['phase'], retryInSec: number | null = null, waitMs: number | null = null, teammate?: { name: string; yours: boolean }) =>
      this.report({
        network: ref.network,
        accountKey,
        phase,
        retryInSec,
        nextCheckAt: waitMs === null ? null : this.now() + waitMs,
        elapsedMs: this.now() - started,
        ...(teammate ? { teammate: teammate.name, ...(teammate.yours ? { yoursElsewhere: true } : {}) } : {}),
      });

    const describe = `the ${networkNames[ref.network]} report of ${ref.apiName}`;
    const item = reportTeamItem(ref.network, accountKey, ref.tiktokType);
    // Polls a generation to its end and saves it, once (here, or for a Team workspace's kernel
    // while it holds the claim, before it shares the report with the team).
    let saved: ParsedReport | null = null;
    const finish = async (first: ParsedReport, charged: boolean) => {
      const ready = await this.untilReady(ref, first, charged, quote.balance, started, progress, signal);
      progress('saving');
      const fetchedAt = this.now();
      // The API's validUntil is a year from its own unlock date: the most reliable unlock date there is.
      // Free because the API account unlocked it elsewhere: from the date auditor.creators gave.
      const unlockedAt = ready.validUntil !== null ? ready.validUntil - ACCESS_MS : charged ? fetchedAt : (quote.unlockedAt ?? null);
      // A full disk here comes after the spend: say that it is recorded and the next fetch is free.
      this.deps.paid.save(describe, charged, () => this.deps.repo.saveSnapshot(ready, { fetchedAt, unlockedAt, accountKey }));
      saved = ready;
      // What the team keeps: the answer's result, read by a teammate as an API answer of that date.
      const body = { json: { result: ready.result } };
      this.share({ item, fetchedAt: new Date(fetchedAt), body });
      return { value: ready, fetchedAt: new Date(fetchedAt), body };
    };
    // A teammate's copy: read as hostile, like an API answer of the day they bought it, and saved
    // as a pulled record is (applyTeamRecord).
    const takeCopy = async (body: unknown, copy: TeammateCopy) => {
      progress('saving');
      const record: TeamRecordIn = { seq: copy.seq, item, researcher: copy.researcher, fetchedAt: copy.fetchedAt, body: { json: body } };
      // One that cannot be read (TEAM_BAD_DATA) is no copy: the kernel buys instead.
      saved = this.deps.paid.save(describe, false, () => this.applyTeamRecord(record)).report;
      return saved;
    };

    // Paid requests go one at a time: until its turn, a fetch waits in line.
    progress('queued');
    const { value: first, charged } = await this.deps.paid.spend({
      what: { operation: 'report', network: ref.network, accountKey },
      quote,
      describe,
      confirmedHere,
      teamUnreachableConfirmed,
      // A Team workspace claims what costs; a free refresh is nobody's purchase and is not claimed.
      ...(quote.cost > 0
        ? { team: { item, withinDays: ACCESS_MS / DAY_MS, takeCopy, finish, onHeld: (name: string, yours: boolean) => progress('waiting-teammate', null, null, { name, yours }) } }
        : {}),
      signal,
      ...(stopUnsent ? { stopUnsent } : {}),
      send: (api, paid) => this.reportRequest(api, ref, paid, signal),
      // The API took the request: the report is unlocked and generating; polls are free.
      recover: (api) => this.poll(ref, accountKey, quote.balance, signal, api),
      // Said by the name as asked (a channel id keeps its case), not by the cache key.
      refused: (error) => (isFailedGeneration(error) ? this.failedGeneration(ref, accountKey, quote.balance, error) : error),
      drawable: drawableBalances(ref.network, ref.tiktokType, quote.balance),
      // Free only by the API's own word (auditor.creators): should the API charge after all,
      // the credit is this fetch's, booked and said, not "moved outside Scout".
      ...(quote.reason === 'unlocked-elsewhere' ? { maxCost: 1 } : {}),
      beforeSend: () => progress('requesting'),
    });
    const answer = saved ?? (await finish(first, charged)).value;
    // Saved: whatever an earlier attempt left undone is done now.
    this.deps.attempts?.clear(ref.network, accountKey);
    // Pictures are stored before the report is handed back, so it opens offline complete.
    await this.deps.onSaved?.(answer.result).catch(() => undefined);
    return this.deps.repo.open(ref.network, accountKey);
  }

  /**
   * Saves a teammate's report record (pulled by the sync engine, or taken by the kernel instead
   * of buying) into the cache, read as hostile, like an API answer of the day it was bought.
   * Idempotent: a snapshot of that account fetched at that moment already held (pulled twice,
   * or this Scout's own) changes nothing. An unreadable record throws TEAM_BAD_DATA.
   */
  applyTeamRecord(record: TeamRecordIn): { outcome: 'saved' | 'already-held'; report: ParsedReport } {
    const { network, accountKey } = reportOfItem(record.item);
    if (!('json' in record.body)) throw new TeamError('TEAM_BAD_DATA', "A teammate's report in the team database is a file, not a report.");
    const fetchedAt = record.fetchedAt.getTime();
    const report = teammateReport(network, record.body.json, fetchedAt);
    if (!isReportOf(network, report, accountKey)) {
      throw new TeamError('TEAM_BAD_DATA', `A teammate's record filed under ${accountKey} holds the report of another account (${report.summary?.username ?? 'unnamed'}), so Scout did not save it.`);
    }
    if (this.deps.repo.snapshots(network, accountKey).some((s) => s.fetchedAt === fetchedAt)) return { outcome: 'already-held', report };
    // What the team has, not when the API account unlocked it: that is the team ledger's word
    // (team/teamUnlocks.ts) or the API's (unlockQuotes.ts), never a record's body.
    this.deps.repo.saveSnapshot(report, { fetchedAt, unlockedAt: null, accountKey });
    return { outcome: 'saved', report };
  }

  /** The sync engine's way into the cache for report records (team/codecs.ts). */
  teamCodec(): TeamRecordCodec {
    const applyNow = (record: TeamRecordIn) => {
      const { outcome, report } = this.applyTeamRecord(record);
      if (outcome === 'saved') void this.deps.onPulled?.(report.result, reportOfItem(record.item)).catch(() => undefined);
      return outcome;
    };
    return { kind: 'report', apply: async (record) => applyNow(record), applyNow };
  }

  /** Hands a saved report to the outbox; a failure there is the sync engine's to log, never this fetch's. */
  private share(out: TeamRecordOut): void {
    try {
      this.deps.share?.(out);
    } catch {
      // The report is saved here; only sharing it is lost, and the sync engine said why.
    }
  }

  /** Polls a generation (free) until the report is ready, within the longest wait. */
  private async untilReady(ref: ReportRef, first: ParsedReport, charged: boolean, balance: BalanceKind, started: number, progress: (phase: FetchProgress['phase'], retryInSec?: number | null, waitMs?: number | null) => void, signal?: AbortSignal): Promise<ParsedReport> {
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
      answer = await this.poll(ref, ref.key, balance, signal);
    }
    return answer;
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

  /** A later request for a report that is generating: free, safe to repeat (beside other polls, never beside a paid call). */
  private async poll(ref: ReportRef, accountKey: string, balance: BalanceKind, signal?: AbortSignal, inKernel?: ApiClient): Promise<ParsedReport> {
    try {
      // `inKernel`: the kernel runs this poll itself (a lost answer's recovery), already in its lane.
      return await (inKernel ? this.reportRequest(inKernel, ref, false, signal) : this.deps.paid.poll((api) => this.reportRequest(api, ref, false, signal), signal));
    } catch (error) {
      if (isFailedGeneration(error)) throw this.failedGeneration(ref, accountKey, balance, error);
      throw error;
    }
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

  /** Something other than a report request unlocked the account (history, a PDF). */
  noteUnlocked(ref: AccountRef, at: number): void {
    this.deps.repo.markUnlocked(ref.network, ref.key, at);
  }
}

function cancelledFetch(): ScoutError {
  return new ScoutError({
    code: 'CANCELLED',
    message: 'Cancelled. If a credit was already spent, the report stays unlocked: open it again later at no cost.',
  });
}
