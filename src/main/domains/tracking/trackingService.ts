// Watchlists: named groups of accounts whose reports Scout fetches again on a schedule, so every
// tracked account gains a snapshot a day (or a week) while its access is free — a history the API
// does not keep. A run goes through the report service, so every request is the paid-work
// kernel's: quoted, ledgered, single-flight, refused offline or from another workspace.
//
// What a run may spend is decided here, once per account, before anything is sent: a free
// refresh always goes; one that costs (access ended, or never fetched) goes only when the
// watchlist was allowed to renew and its month's renewals leave room, the credit reserved in
// the database first so the cap holds through a crash. Otherwise nothing is sent and the
// account says it needs a credit.
import { accountText, type AccountRef } from '@shared/accountInput';
import { balanceKinds } from '@shared/balances';
import { ScoutError } from '@shared/errors';
import {
  cleanWatchlistName,
  DAY_MS,
  MAX_WATCHLIST_ACCOUNTS,
  type RenewalItem,
  type RenewalWindow,
  monthStart,
  scheduleEveryMs,
  type RefreshOutcome,
  type TrackingProgress,
  type WatchlistMember,
  type WatchlistSummary,
  type WatchlistView,
  type WatchSchedule,
} from '@shared/tracking';
import type { Logger } from '../../platform/log';
import type { ReportsRepository, TiktokType } from '../reports/reportsRepository';
import type { WatchlistRecord, WatchlistsRepository } from './watchlistsRepository';
import type { CreditLedger } from '../../kernel/creditLedger';
import { eventError } from '../../platform/errorWording';
import type { ConnectionTracker } from '../../kernel/connection';
import { ACCESS_MS, balanceFor, freeUntilOf } from '../../kernel/costRule';
import { jobKeys, type JobRegistry } from '../../kernel/jobs';
import type { ReportService } from '../reports/reportService';
import { unavailableCodes, type AlertsService } from './alertsService';
import type { BrandMentionsFetch } from '../reports/companionService';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';
import { changedSince } from '@shared/teamSeen';
import type { TeamTracking } from '../../team/teamTracking';

export interface TrackingDeps {
  repo: WatchlistsRepository;
  /** Reads what each run refreshed against the watchlist's alert rules. */
  alerts?: AlertsService;
  /**
   * Asks again for the brand mentions of a refreshed TikTok or YouTube account that has them in
   * the cache (for the new-mention alert); the fetch before and this one.
   */
  brandMentions?: (ref: AccountRef<'tiktok' | 'youtube'>) => Promise<{ older: BrandMentionsFetch; newer: BrandMentionsFetch } | null>;
  /** The newest two kept fetches of an account's brand mentions (cache only), for a teammate's that arrived. */
  keptMentions?: (ref: { network: 'tiktok' | 'youtube'; key: string }) => { older: BrandMentionsFetch; newer: BrandMentionsFetch } | null;
  reports: ReportService;
  reportsRepo: ReportsRepository;
  ledger: CreditLedger;
  connection: ConnectionTracker;
  jobs: JobRegistry;
  logger: Logger;
  now?: () => number;
  /** Whether this workspace is the one the researcher has open (only that one runs its schedule). */
  isActive?: () => boolean;
  /** How often the schedule is looked at, ms (default a minute). */
  tickMs?: number;
  /** A Team workspace: a watchlist was made, changed or deleted (shared with the team; `seen`: the row its editor changed and the version it showed). */
  onEdit?: OnSharedEdit;
  /** A Team workspace: a watchlist's version, what its editor starts from. */
  teamVersion?: TeamVersionOf;
  /**
   * A Team workspace: its watchlists' runs and renewals are the team's (team/teamTracking.ts);
   * `docId` is a watchlist's shared id (null until it is shared: then it runs as a laptop's own).
   */
  team?: {
    tracking: TeamTracking;
    docId: (watchlistId: number) => string | null;
    /** Whether the team database answered at its last check: when not, nothing waits on asking it again. */
    reachable: () => boolean;
    /**
     * Whether the team database is connected, once that is known: while the connection's first
     * check is under way (Scout just started) it waits for its answer.
     */
    connected: () => Promise<boolean>;
  };
}

/** A renewal's credits held before it is sent: on this laptop, and in the team's month when shared. */
type Reservation = { local: number; team: string | null };
/** A scheduled run claimed in the team database before it began. */
type TeamClaim = { runId: string };
/** A shared watchlist's run: its shared id, its run in the team database, and why the team is away (once found so). */
type RunTeam = { docId: string; runId: string | null; away: string | null };

/** After the API could not be reached, a scheduled run waits this long before trying again. */
const UNREACHABLE_RETRY_MS = 15 * 60_000;
const unreachable = new Set(['NETWORK', 'TIMEOUT', 'API_UNAVAILABLE']);

/** Settings of a watchlist its editor changes (each absent one stays as it is). */
type WatchlistChange = { name?: string; schedule?: WatchSchedule; renewCap?: number; paused?: boolean };

const notFound = (id: number) => new ScoutError({ code: 'INVALID_INPUT', message: `There is no watchlist ${id} in this workspace (it may have been deleted).` });

export class TrackingService {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** Set when the workspace closes: a tick under way starts no further run. */
  private stopped = false;
  /** Watchlists whose scheduled run found the API unreachable: not before this time again. */
  private readonly retryAfter = new Map<number, number>();
  /** Each run under way: aborted when its watchlist is deleted (it stops spending, keeps what it paid for). */
  private readonly spending = new Map<number, AbortController>();
  /** A shared watchlist's renewals for the whole team, as last read from it, and the month they are of. */
  private readonly teamRenewed = new Map<number, { month: number; total: number }>();

  constructor(private readonly deps: TrackingDeps) {
    this.now = deps.now ?? Date.now;
  }

  list(): WatchlistSummary[] {
    return this.deps.repo.list().map((w) => this.summary(w));
  }

  get(id: number): WatchlistView | null {
    const w = this.deps.repo.get(id);
    if (!w) return null;
    const accounts = this.deps.repo.accounts(id);
    const cached = new Map(
      accounts.length === 0
        ? []
        : this.deps.reportsRepo.library({ accounts: accounts.map((a) => `${a.ref.network}:${a.ref.key}`), limit: 1000 }).items.map((item) => [`${item.network}:${item.accountKey}`, item]),
    );
    const members: WatchlistMember[] = accounts.map((a) => {
      const item = cached.get(`${a.ref.network}:${a.ref.key}`);
      return {
        network: a.ref.network,
        accountKey: a.ref.key,
        account: accountText(a.ref),
        username: item?.summary.username ?? null,
        title: item?.summary.title ?? null,
        followers: item?.summary.followers ?? null,
        addedAt: a.addedAt,
        snapshots: item?.snapshotCount ?? 0,
        freeUntil: item?.unlockedAt ? freeUntilOf(item.unlockedAt, item.validUntil) : null,
        checkedAt: a.checkedAt,
        outcome: a.outcome,
        message: a.message,
      };
    });
    return { ...this.summary(w), members };
  }

  create(value: { name: string; schedule: WatchSchedule; renewCap: number; accounts?: readonly AccountRef[] }): WatchlistSummary {
    const name = this.freeName(value.name, null);
    const id = this.deps.repo.create({ name, schedule: value.schedule, renewCap: value.renewCap }, this.now());
    if (value.accounts?.length) this.deps.repo.addAccounts(id, value.accounts, this.now());
    this.deps.onEdit?.('watchlist');
    return this.summary(this.deps.repo.get(id)!);
  }

  /**
   * `seen`: what its editor showed when the researcher began (its version, and the settings it
   * showed): only the settings that differ from it change, and a Team workspace shares the change
   * as made on that version — a teammate's change since is one this edit had not seen.
   */
  update(id: number, sent: WatchlistChange, seen?: { version: number } & WatchlistChange): WatchlistSummary {
    const w = this.deps.repo.get(id);
    if (!w) throw notFound(id);
    const change: WatchlistChange = seen ? changedSince(seen, sent) : sent;
    const name = change.name === undefined ? w.name : this.freeName(change.name, id);
    this.deps.repo.update(id, { name, schedule: change.schedule ?? w.schedule, renewCap: change.renewCap ?? w.renewCap, paused: change.paused ?? w.paused });
    // Paused: a run under way stops where it is (what was refreshed stays).
    if (change.paused) this.cancel(id);
    if (change.paused === false) this.retryAfter.delete(id);
    this.deps.onEdit?.('watchlist', seenEdit(id, seen));
    return this.summary(this.deps.repo.get(id)!);
  }

  remove(id: number): boolean {
    this.deleted(id);
    const removed = this.deps.repo.remove(id);
    if (removed) this.deps.onEdit?.('watchlist');
    return removed;
  }

  addAccounts(id: number, refs: readonly AccountRef[]): number {
    const w = this.deps.repo.get(id);
    if (!w) throw notFound(id);
    if (w.accounts + refs.length > MAX_WATCHLIST_ACCOUNTS) {
      const held = new Set(this.deps.repo.accounts(id).map((a) => `${a.ref.network}:${a.ref.key}`));
      const fresh = new Set(refs.map((r) => `${r.network}:${r.key}`).filter((k) => !held.has(k)));
      if (w.accounts + fresh.size > MAX_WATCHLIST_ACCOUNTS) {
        throw new ScoutError({
          code: 'INVALID_INPUT',
          message: `A watchlist holds at most ${MAX_WATCHLIST_ACCOUNTS} accounts; “${w.name}” has ${w.accounts}. Start another watchlist for the rest.`,
        });
      }
    }
    const added = this.deps.repo.addAccounts(id, refs, this.now());
    if (added > 0) this.deps.onEdit?.('watchlist');
    return added;
  }

  removeAccount(id: number, ref: AccountRef): boolean {
    const removed = this.deps.repo.removeAccount(id, ref.network, ref.key);
    if (removed) this.deps.onEdit?.('watchlist');
    return removed;
  }

  /**
   * The renewal plan: cached reports whose free year ends within `days` (and those that ended in
   * the last 30 days, which renewing brings back), soonest first. Renewing is only possible once
   * it has ended (until then a refresh is free and does not extend it), at 1 credit of its balance.
   */
  renewalPlan(days: RenewalWindow): RenewalItem[] {
    const now = this.now();
    return this.deps.repo.ending(now - 30 * DAY_MS, now + days * DAY_MS, ACCESS_MS).map((r) => ({
      network: r.network,
      accountKey: r.accountKey,
      // A channel is asked for by the id its report carries (its key is that id in lower case).
      account: r.network === 'youtube' && r.accountId && r.accountId.toLowerCase() === r.accountKey ? r.accountId : r.accountKey,
      title: r.title,
      username: r.username,
      freeUntil: r.freeUntil,
      ended: r.freeUntil <= now,
      balance: balanceFor(r.network, r.network === 'tiktok' ? ((r.tiktokType as TiktokType | null) ?? 'advanced_report') : null),
      watchlists: r.watchlists,
    }));
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

  /** Stops a run of the watchlist under way; true when one was. */
  cancel(id: number): boolean {
    return this.deps.jobs.cancel('watchlist', jobKeys.watchlist(id), new ScoutError({ code: 'CANCELLED', message: 'Stopped. What was refreshed before stays.' }));
  }

  /**
   * Refreshes every account of the watchlist once, as a job (a second call joins the run under
   * way). Resolves with how it went; a run found offline is skipped and not counted as run.
   */
  run(id: number, claimed: TeamClaim | null = null): Promise<TrackingProgress> {
    const w = this.deps.repo.get(id);
    if (!w) return Promise.reject(notFound(id));
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

  /**
   * Reports a teammate fetched have arrived: each watched account among them is read against its
   * watchlists' rules, as after a run here, so a teammate's run raises alerts on this laptop too
   * (each alert once: one per account, kind and snapshot). 'all': a teammate's watchlist arrived
   * (its reports may have come first). The number of new alerts.
   */
  teammateSnapshots(accounts: readonly { network: string; accountKey: string }[] | 'all'): number {
    if (!this.deps.alerts || accounts.length === 0) return 0;
    const arrived = accounts === 'all' ? null : new Set(accounts.map((a) => `${a.network}:${a.accountKey}`));
    let raised = 0;
    for (const w of this.deps.repo.list()) {
      const members = this.deps.repo.accounts(w.id);
      const refs = members.map((a) => a.ref).filter((r) => arrived === null || arrived.has(`${r.network}:${r.key}`));
      // The watchlist arrived: the accounts a teammate's run found gone are said here too.
      const gone = arrived === null ? members.flatMap((a) => (a.gone === null ? [] : [{ ref: a.ref, why: a.gone }])) : [];
      if (refs.length > 0 || gone.length > 0) raised += this.deps.alerts.evaluate(w.id, refs, gone);
    }
    return raised;
  }

  /**
   * Brand mentions a teammate fetched have arrived (a run of theirs asked again): each watched
   * TikTok or YouTube account among them is read against the new-mention rule of its watchlists,
   * its newest two kept fetches compared as a run here compares them. The number of new alerts.
   */
  teammateMentions(accounts: readonly { network: string; accountKey: string }[]): number {
    if (!this.deps.alerts || !this.deps.keptMentions || accounts.length === 0) return 0;
    const arrived = new Set(accounts.map((a) => `${a.network}:${a.accountKey}`));
    let raised = 0;
    for (const w of this.deps.repo.list()) {
      const refs = this.deps.repo
        .accounts(w.id)
        .map((a) => a.ref)
        .filter((r) => (r.network === 'tiktok' || r.network === 'youtube') && arrived.has(`${r.network}:${r.key}`));
      if (refs.length === 0 || !this.deps.alerts.rules(w.id).rules.newMention) continue;
      const fetched = refs.flatMap((ref) => {
        const pair = this.deps.keptMentions!({ network: ref.network as 'tiktok' | 'youtube', key: ref.key });
        return pair ? [{ ref, ...pair }] : [];
      });
      if (fetched.length > 0) raised += this.deps.alerts.evaluateMentions(w.id, fetched);
    }
    return raised;
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

  /** Credits the ledger settled on the account since `since`; null while one of its entries is still open. */
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

  private freeName(raw: string, self: number | null): string {
    const name = cleanWatchlistName(raw);
    if (name === null) throw new ScoutError({ code: 'INVALID_INPUT', message: 'A watchlist name is 1 to 80 characters, without control characters.' });
    const taken = this.deps.repo.named(name);
    if (taken !== null && taken !== self) throw new ScoutError({ code: 'INVALID_INPUT', message: `There is a watchlist called “${name}” already. Choose another name.` });
    return name;
  }

  private summary(w: WatchlistRecord): WatchlistSummary {
    return stamped(this.summaryHere(w), 'watchlist', w.id, this.deps.teamVersion);
  }

  private summaryHere(w: WatchlistRecord): WatchlistSummary {
    return {
      id: w.id,
      name: w.name,
      schedule: w.schedule,
      renewCap: w.renewCap,
      paused: w.paused,
      createdAt: w.createdAt,
      lastRunAt: w.lastRunAt,
      lastRunBy: w.lastRunBy,
      nextRunAt: this.nextRunAt(w),
      accounts: w.accounts,
      // A shared watchlist's month is the team's, as last read (this laptop's own, when more).
      renewedThisMonth: this.renewedThisMonth(w.id),
      running: this.deps.jobs.has('watchlist', jobKeys.watchlist(w.id)),
    };
  }

  /** This laptop's renewals of the watchlist this month, or the team's as last read (a shared one's), when more. */
  private renewedThisMonth(id: number): number {
    const month = monthStart(this.now());
    const team = this.teamRenewed.get(id);
    return Math.max(this.deps.repo.renewedSince(id, month), team?.month === month ? team.total : 0);
  }

  /** When its schedule runs it next; null when it runs by hand only, is paused or is empty. */
  private nextRunAt(w: WatchlistRecord): number | null {
    const every = scheduleEveryMs[w.schedule];
    if (every === null || w.paused || w.accounts === 0) return null;
    const due = w.lastRunAt ? w.lastRunAt + every : w.createdAt;
    return Math.max(due, this.retryAfter.get(w.id) ?? 0);
  }

  /** Starts looking at the schedule: now (runs missed while Scout was closed catch up) and every minute. */
  startSchedule(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs ?? 60_000);
    this.timer.unref?.();
    void this.tick();
  }

  /**
   * Stops the schedule: no run starts from here on. Waits for a tick under way to end, at most
   * `waitMs`: a tick waiting on the team database (a claim of a run under a teammate's long
   * transaction, a server that does not answer) is not waited out — whatever it does after that
   * is looked at against `stopped` first, and a paid call's ledger row is written before it is sent.
   */
  async stopSchedule(waitMs = Infinity): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.ticking) return;
    if (waitMs === Infinity) return this.ticking;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.ticking, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /** Runs every watchlist that is due, one after another; nothing while the workspace is not the active one or offline. */
  tick(): Promise<void> {
    // Cleared in a later microtask, so a tick with nothing due cannot clear it before it is set.
    // A tick that fails (the workspace closed under it) is said in the log, never an unhandled rejection.
    this.ticking ??= this.runDue()
      .catch((error: unknown) => this.deps.logger.warn(`watchlists: the schedule's look stopped: ${eventError(error).message}`))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * A shared watchlist's scheduled run is claimed in the team database first: a teammate's run
   * finished within (most of) the schedule's period means it is not due here (that run is taken as
   * the last, with its teammate's name); one under way means not now (looked at again at the next
   * tick). Only the team can say whether a teammate runs it: while its connection is not known
   * yet (the first tick after a start comes before it is) the tick waits for it, and a team that
   * cannot be asked means not now either (looked at again at the next tick), never a run blind —
   * two laptops started together would both run it.
   */
  private async teamClaim(w: WatchlistRecord): Promise<{ skip: true } | { skip: false; claim: TeamClaim | null }> {
    const docId = this.deps.team?.docId(w.id) ?? null;
    const every = scheduleEveryMs[w.schedule];
    if (docId === null || every === null) return { skip: false, claim: null };
    if (!(await this.deps.team!.connected()) || this.stopped) {
      this.deps.logger.info(`watchlist ${w.id}: not run now; the team database cannot say whether a teammate runs it (tried again at the next tick)`);
      return { skip: true };
    }
    try {
      // 90 %: a teammate's clock a little behind the server's never makes both run.
      const claim = await this.deps.team!.tracking.claimRun(docId, every * 0.9);
      // Stopped (closing) while the team answered: nothing more is written, nothing run.
      if (this.stopped) return { skip: true };
      if (claim.claimed) return { skip: false, claim: { runId: claim.runId } };
      if (claim.run) {
        this.deps.repo.markRun(w.id, claim.run.startedAt, claim.run.by);
        this.deps.logger.info(`watchlist ${w.id}: not run here; ${claim.run.by} ran it ${new Date(claim.run.startedAt).toISOString()}`);
      }
      return { skip: true };
    } catch (error) {
      this.deps.logger.warn(`watchlist ${w.id}: not run now; the team's runs could not be read (tried again at the next tick): ${eventError(error).message}`);
      return { skip: true };
    }
  }

  /** Tells the team how renewals written down here ended, for the watchlists `mine` accepts; a team away is tried at the next one. */
  private async flushTeamRenewals(mine: (watchlistId: number) => boolean): Promise<void> {
    if (!this.deps.team?.reachable()) return;
    await this.deps.team.tracking
      .flush(mine, (held) => this.spentSince({ network: held.network, key: held.accountKey }, held.at))
      .catch((error: unknown) => this.deps.logger.warn(`watchlists: renewals not settled in the team database yet: ${eventError(error).message}`));
  }

  private async runDue(): Promise<void> {
    // Renewals left unsettled by a crash or an absent team, of watchlists with no run under way.
    await this.flushTeamRenewals((id) => !this.stopped && !this.deps.jobs.has('watchlist', jobKeys.watchlist(id)));
    for (const w of this.deps.repo.list()) {
      if (this.stopped || !(this.deps.isActive?.() ?? true) || this.deps.connection.get().manualOffline) return;
      const next = this.nextRunAt(w);
      if (next === null || next > this.now() || this.deps.jobs.has('watchlist', jobKeys.watchlist(w.id))) continue;
      const team = await this.teamClaim(w);
      if (team.skip) continue;
      // Looked at again after asking the team: closed, another workspace or offline meanwhile.
      if (this.stopped || !(this.deps.isActive?.() ?? true) || this.deps.connection.get().manualOffline) return;
      const result = await this.run(w.id, team.claim).catch((error: unknown) => {
        this.deps.logger.warn(`watchlist ${w.id}: scheduled run failed: ${eventError(error).message}`);
        return null;
      });
      if (result?.state === 'done') this.deps.logger.info(`watchlist ${w.id}: ${result.refreshed} refreshed, ${result.renewed} renewed, ${result.needsCredit} need a credit, ${result.failed} not refreshed`);
    }
  }
}
