// A run of one watchlist: every account refreshed once through the report service, what each
// may spend decided before its request goes (see trackingService.ts), renewals held in the
// watchlist's month (the team's, when shared) and settled with what the ledger saw spent.
import type { AccountRef } from '@shared/accountInput';
import { balanceKinds } from '@shared/balances';
import { ScoutError } from '@shared/errors';
import { monthStart, type RefreshOutcome, type TrackingProgress } from '@shared/tracking';
import type { TiktokType } from '../reports/reportsRepository';
import type { WatchlistRecord } from './watchlistsRepository';
import { eventError } from '../../platform/errorWording';
import { jobKeys } from '../../kernel/jobs';
import { unavailableCodes } from './alertsService';
import type { BrandMentionsFetch } from '../reports/companionService';
import type { TrackingDeps } from './trackingDeps';

/** A renewal's credits held before it is sent: on this laptop, and in the team's month when shared. */
type Reservation = { local: number; team: string | null };
/** A scheduled run claimed in the team database before it began. */
export type TeamClaim = { runId: string };
/** A shared watchlist's run: its shared id, its run in the team database, and why the team is away (once found so). */
type RunTeam = { docId: string; runId: string | null; away: string | null };

/** After the API could not be reached, a scheduled run waits this long before trying again. */
const UNREACHABLE_RETRY_MS = 15 * 60_000;
const unreachable = new Set(['NETWORK', 'TIMEOUT', 'API_UNAVAILABLE']);

/** The runs of a workspace's watchlists: what each may spend, what it found, and what it tells the team. */
export class WatchlistRuns {
  private readonly now: () => number;
  /** Watchlists whose scheduled run found the API unreachable: not before this time again. */
  readonly retryAfter = new Map<number, number>();
  /** Each run under way: aborted when its watchlist is deleted (it stops spending, keeps what it paid for). */
  private readonly spending = new Map<number, AbortController>();
  /** A shared watchlist's renewals for the whole team, as last read from it, and the month they are of. */
  readonly teamRenewed = new Map<number, { month: number; total: number }>();

  constructor(private readonly deps: TrackingDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * The watchlist is being deleted (here, or by a teammate): a run of it under way spends nothing
   * more, but every request it already sent goes to its end and its report is kept (a paid answer
   * is never thrown away, even once the watchlist's own bookkeeping is gone). True when one was.
   */
  deleted(id: number): boolean {
    const run = this.spending.get(id);
    run?.abort(new ScoutError({ code: 'CANCELLED', message: 'Stopped: the watchlist was deleted. What was paid for before is kept.' }));
    return run !== undefined;
  }

  /** Refreshes every account of the watchlist once, as a job (a second call joins the run under way). */
  run(w: WatchlistRecord, claimed: TeamClaim | null): Promise<TrackingProgress> {
    const id = w.id;
    return this.deps.jobs.run('watchlist', jobKeys.watchlist(id), `refreshing the watchlist “${w.name}”`, async (signal) => {
      const spending = new AbortController();
      this.spending.set(id, spending);
      try {
        return await this.runNow(w, signal, claimed, spending.signal);
      } finally {
        if (this.spending.get(id) === spending) this.spending.delete(id);
      }
    });
  }

  /** `claimed`: the team's run a scheduled run claimed before it began (null: asked for by hand, or not shared). */
  /** `deleted`: the watchlist was deleted meanwhile (`deleted()`): nothing more is sent, what was sent is kept. */
  private async runNow(w: WatchlistRecord, signal: AbortSignal, claimed: TeamClaim | null, deleted: AbortSignal): Promise<TrackingProgress> {
    const members = this.deps.repo.accounts(w.id);
    const progress: Omit<TrackingProgress, 'workspace'> = { watchlistId: w.id, state: 'running', total: members.length, done: 0, refreshed: 0, renewed: 0, needsCredit: 0, failed: 0, alerts: 0, reason: null };
    const tell = () => this.deps.jobs.emit('watchlists:changed', { ...progress });
    const finish = (state: TrackingProgress['state'], reason: string | null): TrackingProgress => {
      Object.assign(progress, { state, reason });
      tell();
      return { ...progress, workspace: this.deps.jobs.workspace };
    };
    if (this.deps.connection.get().manualOffline) return finish('skipped', 'This workspace is offline; the watchlist is refreshed when it is back online.');

    const startedAt = this.now();
    const previousRun = w.lastRunAt;
    this.deps.repo.markRun(w.id, startedAt);
    tell();
    // Read once: a teammate deleting the watchlist meanwhile does not turn this run into a laptop's own.
    const docId = this.deps.team?.docId(w.id) ?? null;
    const team: RunTeam | null = docId === null ? null : { docId, runId: claimed?.runId ?? null, away: null };
    if (team !== null && !this.deps.team!.reachable()) {
      team.away = 'Not renewed: the team database cannot be reached, and a renewal of a shared watchlist is counted there first. Free refreshes went on.';
    } else if (team !== null) {
      // Renewals an earlier run of it left unsettled (a crash, the team away) are told first.
      await this.flushTeamRenewals((id) => id === w.id);
      // A run asked for by hand is the team's latest too (a scheduled one claimed it before it began).
      if (claimed === null) team.runId = await this.deps.team!.tracking.claimRun(docId!, 0).then(
        (c) => (c.claimed ? c.runId : null),
        (error: unknown) => (this.deps.logger.warn(`watchlist ${w.id}: run not written to the team database: ${eventError(error).message}`), null),
      );
    }
    // Decided one account at a time, in order, before its request goes: the month's room for
    // renewals is read after every reservation, so two accounts never share one credit of room.
    const month = monthStart(startedAt);
    let unreachableSeen: string | null = null;
    const refreshedRefs: AccountRef[] = [];
    const gone: { ref: AccountRef; why: string }[] = [];
    // Whether an account was found gone, or back: part of a shared watchlist (teammates' alerts).
    let goneChanged = false;
    const fetches: Promise<void>[] = [];
    // The team told what each shared renewal spent before the run says it is done.
    const settling: Promise<void>[] = [];
    for (const member of members) {
      // Stopped while a reservation was asked for: the rest is not begun.
      if (signal.aborted || deleted.aborted) {
        this.settle(w.id, member.ref, progress, 'cancelled', 'Stopped. What was refreshed before stays.', tell);
        continue;
      }
      const ref = { ...member.ref, ...this.tiktokTypeOf(member.ref) };
      const quote = this.deps.reports.quote(ref);
      let renewal: Reservation | null = null;
      if (quote.cost > 0) {
        const held = await this.reserve(w, team, member.ref, quote.cost, quote.reason === 'new', month, startedAt);
        if ('refused' in held) {
          this.settle(w.id, member.ref, progress, 'needs-credit', held.refused, tell);
          continue;
        }
        renewal = held;
      }
      const sentAt = this.now();
      // Deleted meanwhile: a request not sent yet is not sent; one sent goes on and is kept.
      const fetched = this.deps.reports.fetch(ref, quote.cost, { confirmedHere: true, link: signal, stopUnsent: deleted }).then(
        () => {
          if (renewal !== null) this.settleRenewal(w.id, renewal, this.spentSince(member.ref, sentAt) ?? quote.cost, settling);
          if (this.deps.repo.setGone(w.id, member.ref, null)) goneChanged = true;
          refreshedRefs.push(member.ref);
          this.settle(w.id, member.ref, progress, renewal !== null ? 'renewed' : 'refreshed', null, tell);
        },
        (error: unknown) => {
          if (renewal !== null) {
            // Spent although it failed (an answer lost after the charge) stays counted; so does
            // one the ledger cannot settle yet.
            const spent = this.spentSince(member.ref, sentAt);
            if (spent !== null) this.settleRenewal(w.id, renewal, spent, settling);
          }
          const data = eventError(error);
          if (unreachable.has(data.code)) unreachableSeen ??= data.message;
          if (unavailableCodes.has(data.code)) {
            gone.push({ ref: member.ref, why: data.message });
            if (this.deps.repo.setGone(w.id, member.ref, data.message)) goneChanged = true;
          }
          this.settle(w.id, member.ref, progress, data.code === 'CANCELLED' ? 'cancelled' : 'failed', data.message, tell);
        },
      );
      fetches.push(fetched);
    }
    await Promise.all(fetches);
    await Promise.all(settling);
    if (goneChanged) this.deps.onEdit?.('watchlist');
    const finishTeamRun = async () => {
      if (team?.runId) await this.deps.team!.tracking.finishRun(team.runId).catch((error: unknown) => this.deps.logger.warn(`watchlist ${w.id}: the team was not told its run finished: ${eventError(error).message}`));
    };
    // What was refreshed is read against the rules even when the run was stopped part way.
    if (this.deps.alerts && (refreshedRefs.length > 0 || gone.length > 0)) {
      try {
        progress.alerts = this.deps.alerts.evaluate(w.id, refreshedRefs, gone);
      } catch (error) {
        this.deps.logger.warn(`watchlist ${w.id}: alerts not evaluated: ${eventError(error).message}`);
      }
    }
    if (this.deps.alerts && this.deps.brandMentions && !signal.aborted && !deleted.aborted) progress.alerts += await this.mentionAlerts(w.id, refreshedRefs, signal);
    if (deleted.aborted) return finish('stopped', 'Stopped: the watchlist was deleted. What was paid for before is kept.');
    if (signal.aborted) return finish('stopped', 'Stopped. What was refreshed before stays.');
    if (unreachableSeen !== null && progress.refreshed + progress.renewed === 0) {
      // Nothing got through: not a run. The schedule tries again later.
      this.deps.repo.markRun(w.id, previousRun, w.lastRunBy);
      this.retryAfter.set(w.id, this.now() + UNREACHABLE_RETRY_MS);
      return finish('skipped', `The API could not be reached (${unreachableSeen}). Scout tries again in 15 minutes.`);
    }
    await finishTeamRun();
    return finish('done', null);
  }

  /**
   * Holds a renewal's credits in the watchlist's month, or says why it may not spend them: decided
   * one account at a time, before its request goes, so two accounts never share one credit of
   * room. A shared watchlist's month is the team's (every teammate's renewals of it count).
   */
  private async reserve(w: WatchlistRecord, team: RunTeam | null, ref: AccountRef, cost: number, neverFetched: boolean, month: number, at: number): Promise<Reservation | { refused: string }> {
    if (w.renewCap === 0) {
      return {
        refused: neverFetched
          ? 'Never fetched: fetching it costs 1 credit, and this watchlist does not spend credits.'
          : 'Free access ended: renewing costs 1 credit, and this watchlist does not spend credits.',
      };
    }
    const reached = `This month's renewals reached the watchlist's limit of ${w.renewCap} credit${w.renewCap === 1 ? '' : 's'}.`;
    if (team === null) {
      if (w.renewCap - this.deps.repo.renewedSince(w.id, month) < cost) return { refused: reached };
      return { local: this.deps.repo.reserveRenewal(w.id, ref, cost, at), team: null };
    }
    // The team found away once in this run: not asked again for every account (each ask waits).
    if (team.away !== null) return { refused: team.away };
    let booked: { reservation: string | null; total: number };
    try {
      booked = await this.deps.team!.tracking.reserveRenewal(team.docId, w.id, ref, cost, w.renewCap);
    } catch (error) {
      team.away = `Not renewed: the team's renewals of this watchlist could not be counted (${eventError(error).message})`;
      return { refused: team.away };
    }
    this.teamRenewed.set(w.id, { month, total: booked.total });
    if (booked.reservation === null) return { refused: `${reached} (renewals by the whole team count)` };
    let local: number;
    try {
      local = this.deps.repo.reserveRenewal(w.id, ref, cost, at);
    } catch (error) {
      // The watchlist deleted here meanwhile (a teammate's deletion): the team's hold is let go.
      await this.deps.team!.tracking.settleRenewal(booked.reservation, 0).catch(() => undefined);
      return { refused: `Not renewed: ${eventError(error).message}` };
    }
    return { local, team: booked.reservation };
  }

  /** A renewal settled here and, when shared, in the team's month (which keeps it counted until it can be told). */
  private settleRenewal(watchlistId: number, renewal: Reservation, spent: number, settling: Promise<void>[]): void {
    this.deps.repo.settleRenewal(renewal.local, spent);
    if (renewal.team === null) return;
    settling.push(
      this.deps.team!.tracking.settleRenewal(renewal.team, spent).catch((error: unknown) =>
        this.deps.logger.warn(`watchlist ${watchlistId}: renewal not settled in the team database (it stays counted): ${eventError(error).message}`),
      ),
    );
  }
  private settle(id: number, ref: AccountRef, progress: Omit<TrackingProgress, 'workspace'>, outcome: RefreshOutcome, message: string | null, tell: () => void): void {
    this.deps.repo.setOutcome(id, ref, outcome, message, this.now());
    progress.done += 1;
    if (outcome === 'refreshed') progress.refreshed += 1;
    else if (outcome === 'renewed') progress.renewed += 1;
    else if (outcome === 'needs-credit') progress.needsCredit += 1;
    else progress.failed += 1;
    tell();
  }

  /**
   * The new-mention alert (a rule the researcher turns on): the brand mentions of each refreshed
   * TikTok or YouTube account the researcher has opened are asked for again, one account at a
   * time, and read against the fetch before. One that fails is said in the log, never as the
   * run's failure.
   */
  private async mentionAlerts(watchlistId: number, refreshed: readonly AccountRef[], signal: AbortSignal): Promise<number> {
    const alerts = this.deps.alerts!;
    try {
      if (!alerts.rules(watchlistId).rules.newMention) return 0;
    } catch {
      return 0; // the watchlist was deleted during the run
    }
    const fetched: { ref: AccountRef; older: BrandMentionsFetch; newer: BrandMentionsFetch }[] = [];
    for (const ref of refreshed) {
      if (signal.aborted || (ref.network !== 'tiktok' && ref.network !== 'youtube')) continue;
      // The API does not say what asking again costs: once asking cost a credit for this account
      // (the ledger observes every call), a run asks no more; the researcher still can, on its page.
      if (this.deps.ledger.lastPaid(ref.network, ref.key, balanceKinds, 'mentions') !== null) continue;
      try {
        const found = await this.deps.brandMentions!(ref as AccountRef<'tiktok' | 'youtube'>);
        if (found) fetched.push({ ref, ...found });
      } catch (error) {
        this.deps.logger.warn(`watchlist ${watchlistId}: brand mentions of one account not refreshed: ${eventError(error).message}`);
      }
    }
    try {
      return fetched.length > 0 ? alerts.evaluateMentions(watchlistId, fetched) : 0;
    } catch (error) {
      this.deps.logger.warn(`watchlist ${watchlistId}: brand mention alerts not evaluated: ${eventError(error).message}`);
      return 0;
    }
  }

  /** Credits the ledger settled on the account since `since`; null while one of its entries is still open. */
  private spentSince(ref: { network: AccountRef['network']; key: string }, since: number): number | null {
    const { spent, unresolved } = this.deps.ledger.spentOn(ref.network, ref.key, since);
    if (unresolved) return null;
    return Object.values(spent).reduce((a, b) => a + (b ?? 0), 0);
  }

  /** A TikTok account is refreshed as the report kind it has (mini or advanced). */
  private tiktokTypeOf(ref: AccountRef): { tiktokType?: TiktokType } {
    if (ref.network !== 'tiktok') return {};
    const type = this.deps.reportsRepo.library({ accounts: [`tiktok:${ref.key}`], limit: 1 }).items[0]?.tiktokType;
    return type ? { tiktokType: type } : {};
  }

  /** Tells the team how renewals written down here ended, for the watchlists `mine` accepts; a team away is tried at the next one. */
  async flushTeamRenewals(mine: (watchlistId: number) => boolean): Promise<void> {
    if (!this.deps.team?.reachable()) return;
    await this.deps.team.tracking
      .flush(mine, (held) => this.spentSince({ network: held.network, key: held.accountKey }, held.at))
      .catch((error: unknown) => this.deps.logger.warn(`watchlists: renewals not settled in the team database yet: ${eventError(error).message}`));
  }
}
