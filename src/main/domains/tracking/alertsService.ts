// Alerts: after a watchlist's run, each refreshed account's newest snapshot is read against the
// watchlist's rules (@shared/alerts), and what they find is kept with its evidence in the inbox;
// a refresh that found the report gone raises "unavailable". The unread count goes out as
// `alerts:changed`, for the sidebar and, in the desktop app, a notification.
import { defaultAlertRules, evaluateAlerts, newBrandMentions, readAlertRules, rulesSpanDays, type AlertKind, type AlertRules, type AlertView } from '@shared/alerts';
import { ScoutError } from '@shared/errors';
import type { AccountRef } from '@shared/accountInput';
import type { AlertsRepository, NewAlert } from './alertsRepository';
import type { JobRegistry } from '../../kernel/jobs';
import type { BrandMentionsFetch } from '../reports/companionService';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';
import type { TeamStamp } from '@shared/teamSeen';

/** API answers that say a report is no longer to be had (the account gone, private, or renamed). */
export const unavailableCodes = new Set(['API_ACCOUNT_UNAVAILABLE', 'API_NOT_FOUND', 'API_CHANNEL_NOT_FOUND', 'API_INVALID_USER_ID', 'API_NO_VIDEOS', 'API_NO_VIEWS']);

export interface AlertsDeps {
  repo: AlertsRepository;
  jobs: JobRegistry;
  now?: () => number;
  /** A Team workspace: a watchlist's rules changed (shared with the team; `seen`: the watchlist and the version its rules editor showed). */
  onEdit?: OnSharedEdit;
  /** A Team workspace: a watchlist's version, what its rules editor starts from. */
  teamVersion?: TeamVersionOf;
}

export class AlertsService {
  private readonly now: () => number;

  constructor(private readonly deps: AlertsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The watchlist's rules; stored ones that cannot be read give way to the defaults (and say so). */
  rules(watchlistId: number): { rules: AlertRules; problem: string | null; team?: TeamStamp } {
    return stamped(this.rulesHere(watchlistId), 'watchlist', watchlistId, this.deps.teamVersion);
  }

  private rulesHere(watchlistId: number): { rules: AlertRules; problem: string | null } {
    const text = this.deps.repo.rulesText(watchlistId);
    if (text === null) throw new ScoutError({ code: 'INVALID_INPUT', message: `There is no watchlist ${watchlistId} in this workspace (it may have been deleted).` });
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      stored = null;
    }
    const rules = readAlertRules(stored);
    return rules ? { rules, problem: null } : { rules: defaultAlertRules, problem: 'The alert rules saved for this watchlist could not be read; the usual ones apply until you save them again.' };
  }

  /** `seen`: the watchlist's version when its rules editor opened (a Team workspace shares the change as made on it). */
  setRules(watchlistId: number, rules: AlertRules, seen?: { version: number }): AlertRules {
    if (!this.deps.repo.setRules(watchlistId, rules)) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: `There is no watchlist ${watchlistId} in this workspace (it may have been deleted).` });
    }
    this.deps.onEdit?.('watchlist', seenEdit(watchlistId, seen));
    return rules;
  }

  /**
   * Reads the newest snapshot of each account against the watchlist's rules, and the accounts
   * whose report was found gone (with the API's words); the number of new alerts.
   */
  evaluate(watchlistId: number, refreshed: readonly AccountRef[], gone: readonly { ref: AccountRef; why: string }[] = []): number {
    const { rules } = this.rulesHere(watchlistId);
    const figures = this.deps.repo.figures(
      refreshed.map((r) => ({ network: r.network, accountKey: r.key })),
      rulesSpanDays(rules),
    );
    const alerts: NewAlert[] = [];
    for (const ref of refreshed) {
      for (const found of evaluateAlerts(figures.get(`${ref.network}:${ref.key}`) ?? [], rules)) {
        alerts.push({
          watchlistId,
          network: ref.network,
          accountKey: ref.key,
          kind: found.kind,
          beforeSnapshotId: found.before?.id ?? null,
          afterSnapshotId: found.after.id,
          beforeAt: found.before?.at ?? null,
          afterAt: found.after.at,
          beforeValue: found.beforeValue,
          afterValue: found.afterValue,
          threshold: found.threshold,
          days: found.days,
          detail: null,
        });
      }
    }
    if (rules.unavailable) {
      for (const { ref, why } of gone) {
        // Once per account until a newer snapshot arrives (0: never fetched).
        const latest = this.deps.repo.latestSnapshot(ref.network, ref.key);
        alerts.push({
          watchlistId,
          network: ref.network,
          accountKey: ref.key,
          kind: 'unavailable',
          beforeSnapshotId: latest?.id ?? null,
          afterSnapshotId: latest?.id ?? 0,
          beforeAt: latest?.at ?? null,
          afterAt: null,
          beforeValue: null,
          afterValue: null,
          threshold: null,
          days: null,
          detail: why,
        });
      }
    }
    const raised = alerts.length > 0 ? this.deps.repo.raise(alerts, this.now()).length : 0;
    if (raised > 0) this.tell();
    return raised;
  }

  /**
   * The brands that mention an account now and did not in its brand mentions fetched before
   * (a watchlist's run asked for them again): one alert per account and fetch, naming them.
   */
  evaluateMentions(watchlistId: number, fetched: readonly { ref: AccountRef; older: BrandMentionsFetch; newer: BrandMentionsFetch }[]): number {
    if (!this.rulesHere(watchlistId).rules.newMention) return 0;
    const alerts: NewAlert[] = [];
    for (const { ref, older, newer } of fetched) {
      const brands = newBrandMentions(older.brands, newer.brands);
      if (brands.length === 0) continue;
      alerts.push({
        watchlistId,
        network: ref.network,
        accountKey: ref.key,
        kind: 'new-mention',
        beforeSnapshotId: older.id,
        afterSnapshotId: newer.id,
        beforeAt: older.fetchedAt,
        afterAt: newer.fetchedAt,
        beforeValue: older.brands.length,
        afterValue: brands.length,
        threshold: null,
        days: null,
        // Names as the API gave them, cut to a sane length: they are shown, never read as markup.
        detail: brands.map((b) => b.name.slice(0, 120)).join('\n'),
      });
    }
    const raised = alerts.length > 0 ? this.deps.repo.raise(alerts, this.now()).length : 0;
    if (raised > 0) this.tell();
    return raised;
  }

  list(options: { unreadOnly?: boolean; limit?: number } = {}): AlertView[] {
    return this.deps.repo.list(options).map((a) => ({
      id: a.id,
      kind: a.kind,
      network: a.network,
      accountKey: a.accountKey,
      // The cache's key reads back to the account (a cached channel is asked for by its report's id).
      account: a.accountKey,
      title: a.title ?? a.username,
      watchlistId: a.watchlistId,
      watchlistName: a.watchlistName,
      raisedAt: a.raisedAt,
      beforeAt: a.beforeAt,
      afterAt: a.afterAt,
      beforeValue: a.beforeValue,
      afterValue: a.afterValue,
      threshold: a.threshold,
      days: a.days,
      detail: a.detail,
      read: a.readAt !== null,
    }));
  }

  unreadCount(): number {
    return this.deps.repo.unreadCount();
  }

  /** Marks alerts read (every unread one without ids); the unread count left. */
  markRead(ids: readonly number[] | null): number {
    if (this.deps.repo.markRead(ids, this.now()) > 0) this.tell();
    return this.unreadCount();
  }

  /** No more alerts of this alert's kind for its account (from any watchlist); it is marked read. */
  mute(alertId: number): { network: string; accountKey: string; kind: AlertKind } {
    const alert = this.deps.repo.alertOf(alertId);
    if (!alert) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That alert is no longer in this workspace.' });
    this.deps.repo.mute(alert.network, alert.accountKey, alert.kind, this.now());
    this.markRead([alertId]);
    return alert;
  }

  private tell(): void {
    this.deps.jobs.emit('alerts:changed', { unread: this.unreadCount() });
  }
}
