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
import { ScoutError } from '@shared/errors';
import {
  cleanWatchlistName,
  DAY_MS,
  MAX_WATCHLIST_ACCOUNTS,
  type RenewalItem,
  type RenewalWindow,
  monthStart,
  scheduleEveryMs,
  type TrackingProgress,
  type WatchlistMember,
  type WatchlistSummary,
  type WatchlistView,
  type WatchSchedule,
} from '@shared/tracking';
import type { TiktokType } from '../reports/reportsRepository';
import type { WatchlistRecord } from './watchlistsRepository';
import { eventError } from '../../platform/errorWording';
import { ACCESS_MS, balanceFor, freeUntilOf } from '../../kernel/costRule';
import { jobKeys } from '../../kernel/jobs';
import { seenEdit, stamped } from '../../team/seenEdits';
import { changedSince } from '@shared/teamSeen';
import type { TrackingDeps } from './trackingDeps';
import { WatchlistRuns, type TeamClaim } from './watchlistRun';

/** Settings of a watchlist its editor changes (each absent one stays as it is). */
type WatchlistChange = { name?: string; schedule?: WatchSchedule; renewCap?: number; paused?: boolean };

const notFound = (id: number) => new ScoutError({ code: 'INVALID_INPUT', message: `There is no watchlist ${id} in this workspace (it may have been deleted).` });

export class TrackingService {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** Set when the workspace closes: a tick under way starts no further run. */
  private stopped = false;
  /** The watchlists' runs: what each may spend, and what it found (watchlistRun.ts). */
  private readonly runs: WatchlistRuns;

  constructor(private readonly deps: TrackingDeps) {
    this.now = deps.now ?? Date.now;
    this.runs = new WatchlistRuns(deps);
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
    if (change.paused === false) this.runs.retryAfter.delete(id);
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
    return this.runs.deleted(id);
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
    return this.runs.run(w, claimed);
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
    const team = this.runs.teamRenewed.get(id);
    return Math.max(this.deps.repo.renewedSince(id, month), team?.month === month ? team.total : 0);
  }

  /** When its schedule runs it next; null when it runs by hand only, is paused or is empty. */
  private nextRunAt(w: WatchlistRecord): number | null {
    const every = scheduleEveryMs[w.schedule];
    if (every === null || w.paused || w.accounts === 0) return null;
    const due = w.lastRunAt ? w.lastRunAt + every : w.createdAt;
    return Math.max(due, this.runs.retryAfter.get(w.id) ?? 0);
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

  private async runDue(): Promise<void> {
    // Renewals left unsettled by a crash or an absent team, of watchlists with no run under way.
    await this.runs.flushTeamRenewals((id) => !this.stopped && !this.deps.jobs.has('watchlist', jobKeys.watchlist(id)));
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
