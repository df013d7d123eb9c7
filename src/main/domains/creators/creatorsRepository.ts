// Creator profiles (spec 2.10): the raw record plus the columns used to find a creator, and
// the creator's accounts for "who is behind this account".
import type Database from 'better-sqlite3';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, at, epochMs, flag, fromFlag, fromJson, itemsOf, numberOrNull, stringOrNull, toJson, type JsonObject } from '../../platform/cache/repositories/common';

export interface CreatorRecord {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** `country.code` (upper case). */
  country: string | null;
  isFavorite: boolean | null;
  fetchedAt: number;
  raw: JsonObject;
}

type Row = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  country: string | null;
  is_favorite: number | null;
  fetched_at: number;
  raw: string;
};

const columns = 'c.id, c.first_name, c.last_name, c.country, c.is_favorite, c.fetched_at, json(c.raw) AS raw';
const toRecord = (row: Row): CreatorRecord => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  country: row.country,
  isFavorite: fromFlag(row.is_favorite),
  fetchedAt: row.fetched_at,
  raw: fromJson<JsonObject>(row.raw),
});

export class CreatorsRepository {
  private readonly upsert: Database.Statement<[string, string | null, string | null, string | null, number | null, number, string]>;
  private readonly clearAccounts: Database.Statement<[string]>;
  private readonly insertAccount: Database.Statement<[string, string, string, string | null, number | null, number | null, number | null]>;
  private readonly byId: Database.Statement<[string], Row>;
  private readonly allRows: Database.Statement<[], Row>;
  private readonly byAccountRows: Database.Statement<[string, string], Row>;
  private readonly saveTx: (creators: readonly JsonObject[], fetchedAt: number) => number;
  private readonly unlockRow: Database.Statement<[string, string, string | null], { at: number | null }>;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO creators (id, first_name, last_name, country, is_favorite, fetched_at, raw) VALUES (?, ?, ?, ?, ?, ?, jsonb(?))
       ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name, country = excluded.country,
         is_favorite = excluded.is_favorite, fetched_at = excluded.fetched_at, raw = excluded.raw`,
    );
    this.clearAccounts = db.prepare('DELETE FROM creator_accounts WHERE creator_id = ?');
    this.insertAccount = db.prepare(
      `INSERT OR REPLACE INTO creator_accounts (creator_id, network, account_key, social_id, subscribers_count, is_report_unlocked, report_unlocked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare(`SELECT ${columns} FROM creators AS c WHERE c.id = ?`);
    this.allRows = db.prepare(`SELECT ${columns} FROM creators AS c ORDER BY c.last_name COLLATE NOCASE NULLS LAST, c.first_name COLLATE NOCASE, c.id`);
    this.byAccountRows = db.prepare(
      `SELECT ${columns} FROM creators AS c WHERE c.id IN (SELECT creator_id FROM creator_accounts WHERE network = ? AND account_key = ?) ORDER BY c.id`,
    );
    // By the account's username or its platform id (a YouTube channel id is how Scout keys a channel).
    this.unlockRow = db.prepare(
      `SELECT max(report_unlocked_at) AS at FROM creator_accounts
        WHERE network = ? AND (account_key = ? OR lower(social_id) = ?) AND is_report_unlocked IS NOT 0 AND report_unlocked_at IS NOT NULL`,
    );
    this.saveTx = db.transaction((creators: readonly JsonObject[], fetchedAt: number) => {
      for (const creator of creators) {
        const id = stringOrNull(creator.id);
        if (id === null) throw new TypeError('A creator without an id cannot be cached');
        this.upsert.run(
          id,
          stringOrNull(creator.first_name),
          stringOrNull(creator.last_name),
          stringOrNull(at(creator, 'country', 'code'))?.toUpperCase() ?? null,
          flag(creator.is_favorite),
          Math.round(fetchedAt),
          toJson(creator),
        );
        this.clearAccounts.run(id);
        for (const account of itemsOf(creator.accounts)) {
          const network = stringOrNull(at(account, 'social_network'));
          const name = stringOrNull(at(account, 'username')) ?? stringOrNull(at(account, 'id'));
          if (network === null || name === null) continue;
          this.insertAccount.run(
            id,
            network,
            keyOf(name),
            stringOrNull(at(account, 'id')),
            numberOrNull(at(account, 'subscribers_count')),
            flag(at(account, 'is_report_unlocked')),
            epochMs(at(account, 'report_unlock_date')),
          );
        }
      }
      return creators.length;
    });
  }

  /** Keeps (replaces) creators as received in `result.creators`; returns how many. */
  save(creators: readonly JsonObject[], fetchedAt: number): number {
    return this.saveTx(creators, fetchedAt);
  }

  get(id: string | number): CreatorRecord | null {
    const row = this.byId.get(String(id));
    return row ? toRecord(row) : null;
  }

  /** Every cached creator, by last name. */
  all(): CreatorRecord[] {
    return this.allRows.all().map(toRecord);
  }

  /** When the API account unlocked this account's report, as auditor.creators said; null when it never said so. */
  unlockedAt(network: Network, accountKey: string): number | null {
    const key = keyOf(accountKey);
    // Scout's key is a platform id only for YouTube channels and TikTok user ids; elsewhere it is a
    // username, and a username spelled like another account's id must not borrow its unlock.
    const keyIsPlatformId = network === 'youtube' || (network === 'tiktok' && /^\d+$/.test(key));
    return this.unlockRow.get(network, key, keyIsPlatformId ? key : null)?.at ?? null;
  }

  /** Creators who own this account. */
  byAccount(network: Network, accountKey: string): CreatorRecord[] {
    return this.byAccountRows.all(network, keyOf(accountKey)).map(toRecord);
  }
}
