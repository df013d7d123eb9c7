// Watchlists (migration 0240): their settings, their accounts with how each one's latest refresh
// ended, and the renewals each spent, by month.
import type { AccountRef } from '@shared/accountInput';
import { MAX_RENEW_CAP, type RefreshOutcome, type WatchSchedule } from '@shared/tracking';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';

export interface WatchlistRecord {
  id: number;
  name: string;
  schedule: WatchSchedule;
  renewCap: number;
  paused: boolean;
  createdAt: number;
  lastRunAt: number | null;
  /** The teammate who made its latest run (null: this laptop, or never run). */
  lastRunBy: string | null;
  accounts: number;
}

export interface WatchlistAccountRecord {
  ref: AccountRef;
  addedAt: number;
  checkedAt: number | null;
  outcome: RefreshOutcome | null;
  message: string | null;
  /** The API's words when its latest refresh found the report gone (here or, in a Team workspace, a teammate's); null otherwise. */
  gone: string | null;
}

type ListRow = { id: number; name: string; schedule: WatchSchedule; renew_cap: number; paused: number; created_at: number; last_run_at: number | null; last_run_by: string | null; accounts: number };
type AccountRow = { network: Network; account_key: string; api_name: string; by_user_id: number; added_at: number; checked_at: number | null; outcome: RefreshOutcome | null; message: string | null; gone: string | null };

const toRecord = (r: ListRow): WatchlistRecord => ({
  id: r.id,
  name: r.name,
  schedule: r.schedule,
  renewCap: r.renew_cap,
  paused: r.paused === 1,
  createdAt: r.created_at,
  lastRunAt: r.last_run_at,
  lastRunBy: r.last_run_by,
  accounts: r.accounts,
});

const toAccount = (r: AccountRow): WatchlistAccountRecord => ({
  ref: { network: r.network, key: r.account_key, apiName: r.api_name, byUserId: r.by_user_id === 1 },
  addedAt: r.added_at,
  checkedAt: r.checked_at,
  outcome: r.outcome,
  message: r.message,
  gone: r.gone,
});

const listSql = `SELECT w.*, (SELECT count(*) FROM watchlist_accounts AS a WHERE a.watchlist_id = w.id) AS accounts FROM watchlists AS w`;

export class WatchlistsRepository {
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      all: db.prepare<[], ListRow>(`${listSql} ORDER BY w.name COLLATE NOCASE, w.id`),
      one: db.prepare<[number], ListRow>(`${listSql} WHERE w.id = ?`),
      byName: db.prepare<[string], number>('SELECT id FROM watchlists WHERE name = ? COLLATE NOCASE').pluck(),
      insert: db.prepare<[string, WatchSchedule, number, number]>('INSERT INTO watchlists (name, schedule, renew_cap, created_at) VALUES (?, ?, ?, ?)'),
      update: db.prepare<{ id: number; name: string; schedule: WatchSchedule; renew_cap: number; paused: number }>(
        'UPDATE watchlists SET name = @name, schedule = @schedule, renew_cap = @renew_cap, paused = @paused WHERE id = @id',
      ),
      remove: db.prepare<[number]>('DELETE FROM watchlists WHERE id = ?'),
      ran: db.prepare<[number | null, string | null, number]>('UPDATE watchlists SET last_run_at = ?, last_run_by = ? WHERE id = ?'),
      accounts: db.prepare<[number], AccountRow>('SELECT * FROM watchlist_accounts WHERE watchlist_id = ? ORDER BY added_at, network, account_key'),
      addAccount: db.prepare<[number, string, string, string, number, number]>(
        'INSERT INTO watchlist_accounts (watchlist_id, network, account_key, api_name, by_user_id, added_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      ),
      removeAccount: db.prepare<[number, string, string]>('DELETE FROM watchlist_accounts WHERE watchlist_id = ? AND network = ? AND account_key = ?'),
      outcome: db.prepare<[number, RefreshOutcome, string | null, number, string, string]>(
        'UPDATE watchlist_accounts SET checked_at = ?, outcome = ?, message = ? WHERE watchlist_id = ? AND network = ? AND account_key = ?',
      ),
      gone: db.prepare<[string | null, number, string, string, string | null]>('UPDATE watchlist_accounts SET gone = ? WHERE watchlist_id = ? AND network = ? AND account_key = ? AND gone IS NOT ?'),
      reserve: db.prepare<[number, string, string, number, number]>(
        "INSERT INTO watchlist_renewals (watchlist_id, network, account_key, credits, at, state) VALUES (?, ?, ?, ?, ?, 'reserved')",
      ),
      spent: db.prepare<[number, number]>("UPDATE watchlist_renewals SET state = 'spent', credits = ? WHERE id = ?"),
      release: db.prepare<[number]>('DELETE FROM watchlist_renewals WHERE id = ?'),
      ending: db.prepare<{ from: number; to: number; access: number }, { network: Network; account_key: string; username: string; title: string | null; account_id: string | null; tiktok_type: string | null; free_until: number; watchlists: string | null }>(
        `SELECT r.network, r.account_key, r.username, r.title, r.account_id, r.tiktok_type, f.free_until,
                (SELECT json_group_array(w.name) FROM watchlist_accounts AS a JOIN watchlists AS w ON w.id = a.watchlist_id
                  WHERE a.network = r.network AND a.account_key = r.account_key) AS watchlists
           FROM reports AS r
           -- costRule.freeUntilOf, in SQL: a year after the unlock, or the API's validUntil when sooner.
           JOIN (SELECT id, CASE WHEN valid_until IS NOT NULL AND valid_until - @access < unlocked_at THEN valid_until ELSE unlocked_at + @access END AS free_until
                   FROM reports WHERE unlocked_at IS NOT NULL) AS f ON f.id = r.id
          WHERE f.free_until >= @from AND f.free_until < @to
          ORDER BY f.free_until, r.id`,
      ),
      creditsSince: db.prepare<[number, number], number>('SELECT coalesce(sum(credits), 0) FROM watchlist_renewals WHERE watchlist_id = ? AND at >= ?').pluck(),
    };
  }

  list(): WatchlistRecord[] {
    return this.s.all.all().map(toRecord);
  }

  get(id: number): WatchlistRecord | null {
    const row = this.s.one.get(id);
    return row ? toRecord(row) : null;
  }

  /** The watchlist with this name (letter case aside), other than `except`. */
  named(name: string): number | null {
    return this.s.byName.get(name) ?? null;
  }

  create(value: { name: string; schedule: WatchSchedule; renewCap: number }, at: number): number {
    return Number(this.s.insert.run(value.name, value.schedule, checkCap(value.renewCap), Math.round(at)).lastInsertRowid);
  }

  update(id: number, value: { name: string; schedule: WatchSchedule; renewCap: number; paused: boolean }): boolean {
    return this.s.update.run({ id, name: value.name, schedule: value.schedule, renew_cap: checkCap(value.renewCap), paused: value.paused ? 1 : 0 }).changes > 0;
  }

  remove(id: number): boolean {
    return this.s.remove.run(id).changes > 0;
  }

  /** When its latest run began (null: never, as when a run is taken back because nothing got through), and which teammate made it (null: this laptop). */
  markRun(id: number, at: number | null, by: string | null = null): void {
    this.s.ran.run(at === null ? null : Math.round(at), by === null ? null : by.slice(0, 200), id);
  }

  accounts(id: number): WatchlistAccountRecord[] {
    return this.s.accounts.all(id).map(toAccount);
  }

  /** Adds accounts (those already on it are left as they are), in one transaction; how many were new. */
  addAccounts(id: number, refs: readonly AccountRef[], at: number): number {
    return this.db.transaction(() => refs.reduce((added, ref) => added + this.s.addAccount.run(id, ref.network, ref.key, ref.apiName, ref.byUserId ? 1 : 0, Math.round(at)).changes, 0))();
  }

  removeAccount(id: number, network: Network, accountKey: string): boolean {
    return this.s.removeAccount.run(id, network, accountKey).changes > 0;
  }

  /**
   * Makes the watchlist hold exactly these accounts (a teammate's version of it), in one
   * transaction: those it keeps keep their latest refresh's outcome.
   */
  setAccounts(id: number, refs: readonly AccountRef[], at: number): void {
    this.db.transaction(() => {
      const wanted = new Set(refs.map((r) => `${r.network}:${r.key}`));
      for (const held of this.s.accounts.all(id)) if (!wanted.has(`${held.network}:${held.account_key}`)) this.s.removeAccount.run(id, held.network, held.account_key);
      this.addAccounts(id, refs, at);
    })();
  }

  setOutcome(id: number, ref: { network: Network; key: string }, outcome: RefreshOutcome, message: string | null, at: number): void {
    this.s.outcome.run(Math.round(at), outcome, message, id, ref.network, ref.key);
  }

  /** Marks the account's report found gone (the API's words) or back (null); whether that changed anything. */
  setGone(id: number, ref: { network: Network; key: string }, why: string | null): boolean {
    // Words only (they travel to teammates' alerts): control and format characters become spaces.
    const words = why === null ? null : why.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim().slice(0, 2000) || 'The report is no longer available.';
    return this.s.gone.run(words, id, ref.network, ref.key, words).changes > 0;
  }

  /**
   * Holds `credits` of the watchlist's month before a renewal is sent: written (and on disk)
   * first, so a renewal Scout could not finish still counts against the cap.
   */
  reserveRenewal(id: number, ref: { network: Network; key: string }, credits: number, at: number): number {
    return Number(this.s.reserve.run(id, ref.network, ref.key, credits, Math.round(at)).lastInsertRowid);
  }

  /** A reserved renewal settled: what it spent kept (a renewal that spent nothing is let go). */
  settleRenewal(renewalId: number, spent: number): void {
    if (spent > 0) this.s.spent.run(spent, renewalId);
    else this.s.release.run(renewalId);
  }

  /** Cached reports whose free year ends (or ended) between `from` and `to`, soonest first, with the watchlists holding them. */
  ending(from: number, to: number, accessMs: number) {
    return this.s.ending.all({ from: Math.round(from), to: Math.round(to), access: accessMs }).map((r) => ({
      network: r.network,
      accountKey: r.account_key,
      username: r.username,
      title: r.title,
      accountId: r.account_id,
      tiktokType: r.tiktok_type,
      freeUntil: r.free_until,
      watchlists: r.watchlists ? (JSON.parse(r.watchlists) as string[]) : [],
    }));
  }

  /** Credits the watchlist's renewals spent or have out since `since`. */
  renewedSince(id: number, since: number): number {
    return this.s.creditsSince.get(id, since) ?? 0;
  }
}

function checkCap(cap: number): number {
  if (!Number.isInteger(cap) || cap < 0 || cap > MAX_RENEW_CAP) throw new RangeError(`A renewal limit is a whole number of credits from 0 to ${MAX_RENEW_CAP}.`);
  return cap;
}
