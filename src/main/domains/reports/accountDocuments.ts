// Metrics history (spec 2.9) and brand mentions (2.7, 2.8): one JSON document per fetch of an
// account, every fetch kept, the newest first.
import type Database from 'better-sqlite3';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, fromJson, toJson, type JsonObject } from '../../platform/cache/repositories/common';

export interface AccountDocumentFetch {
  id: number;
  network: Network;
  accountKey: string;
  fetchedAt: number;
}

export interface AccountDocument extends AccountDocumentFetch {
  /** The answer as received (`result`, or the whole body where the API has no wrapper). */
  result: JsonObject;
}

type Row = { id: number; network: Network; account_key: string; fetched_at: number };
const fetchOf = (row: Row): AccountDocumentFetch => ({ id: row.id, network: row.network, accountKey: row.account_key, fetchedAt: row.fetched_at });

class AccountDocuments {
  private readonly insert: Database.Statement<[string, string, number, string]>;
  private readonly latestRow: Database.Statement<[string, string], Row & { raw: string }>;
  private readonly byId: Database.Statement<[number], Row & { raw: string }>;
  private readonly fetches: Database.Statement<[string, string], Row>;
  private readonly fetchAt: Database.Statement<[string, string, number], number>;
  private readonly dropOlder: Database.Statement<[string, string, string, string, number]>;

  constructor(db: Db, table: 'metrics_history' | 'brand_mentions') {
    this.insert = db.prepare(`INSERT INTO ${table} (network, account_key, fetched_at, raw) VALUES (?, ?, ?, jsonb(?))`);
    this.latestRow = db.prepare(
      `SELECT id, network, account_key, fetched_at, json(raw) AS raw FROM ${table}
        WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    );
    this.byId = db.prepare(`SELECT id, network, account_key, fetched_at, json(raw) AS raw FROM ${table} WHERE id = ?`);
    this.fetches = db.prepare(
      `SELECT id, network, account_key, fetched_at FROM ${table} WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC`,
    );
    this.fetchAt = db.prepare<[string, string, number], number>(`SELECT 1 FROM ${table} WHERE network = ? AND account_key = ? AND fetched_at = ? LIMIT 1`).pluck();
    this.dropOlder = db.prepare(
      `DELETE FROM ${table} WHERE network = ? AND account_key = ? AND id NOT IN
         (SELECT id FROM ${table} WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT ?)`,
    );
  }

  /** Keeps the account's `count` newest fetches and deletes the older ones; how many went. */
  keepNewest(network: Network, accountKey: string, count: number): number {
    const key = keyOf(accountKey);
    return this.dropOlder.run(network, key, network, key, count).changes;
  }

  /** Whether the fetch of this moment is kept (a teammate's record pulled again, or one's own). */
  has(network: Network, accountKey: string, fetchedAt: number): boolean {
    return this.fetchAt.get(network, keyOf(accountKey), Math.round(fetchedAt)) !== undefined;
  }

  save(network: Network, accountKey: string, result: JsonObject, fetchedAt: number): number {
    return Number(this.insert.run(network, keyOf(accountKey), Math.round(fetchedAt), toJson(result)).lastInsertRowid);
  }

  latest(network: Network, accountKey: string): AccountDocument | null {
    const row = this.latestRow.get(network, keyOf(accountKey));
    return row ? { ...fetchOf(row), result: fromJson<JsonObject>(row.raw) } : null;
  }

  get(id: number): AccountDocument | null {
    const row = this.byId.get(id);
    return row ? { ...fetchOf(row), result: fromJson<JsonObject>(row.raw) } : null;
  }

  /** Every fetch of the account, newest first (without the documents). */
  list(network: Network, accountKey: string): AccountDocumentFetch[] {
    return this.fetches.all(network, keyOf(accountKey)).map(fetchOf);
  }
}

/** Metrics history (Twitter, Instagram). */
export class HistoryRepository extends AccountDocuments {
  constructor(db: Db) {
    super(db, 'metrics_history');
  }
}

/** Brand mentions (YouTube, TikTok). */
export class MentionsRepository extends AccountDocuments {
  constructor(db: Db) {
    super(db, 'brand_mentions');
  }
}
