// What a researcher keeps of Discovery besides the paid pages (discoveryRepository.ts): saved
// queries with their run history, the local shortlist, and when auditor.creators was last asked
// about an account's unlock.
import type Database from 'better-sqlite3';
import type { Db } from '../../platform/cache/database';
import type { Network } from '../../platform/api/types';
import type { DiscoveryBody, DiscoveryNetwork } from '@shared/discovery';
import type { DiscoveryRunRecord, SavedDiscoveryQuery, ShortlistItem } from '@shared/discoveryData';
import { accountKey as keyOf, fromJson, toJson } from '../../platform/cache/repositories/common';

/** The runs kept per query: the history shows the latest. */
export const RUNS_KEPT = 50;

type QueryRow = { id: number; name: string; network: string; body: string; created_at: number; updated_at: number };
type RunRow = {
  id: number;
  query_id: number;
  at: number;
  sandbox: number;
  from_page: number;
  to_page: number;
  pages_fetched: number;
  pages_from_cache: number;
  calls_spent: number;
  outcome: DiscoveryRunRecord['outcome'];
  message: string | null;
};
type ShortRow = {
  id: number;
  network: Network;
  account: string;
  title: string | null;
  avatar_url: string | null;
  followers: number | null;
  added_at: number;
  note: string;
  er: number | null;
  country: string | null;
  status: string | null;
  tags: string | null;
};

const toRun = (r: RunRow): DiscoveryRunRecord => ({
  id: r.id,
  at: r.at,
  sandbox: r.sandbox === 1,
  fromPage: r.from_page,
  toPage: r.to_page,
  pagesFetched: r.pages_fetched,
  pagesFromCache: r.pages_from_cache,
  callsSpent: r.calls_spent,
  outcome: r.outcome,
  message: r.message,
});
const toShort = (r: ShortRow): ShortlistItem => ({
  id: r.id,
  network: r.network,
  account: r.account,
  title: r.title,
  avatarUrl: r.avatar_url,
  followers: r.followers,
  er: r.er,
  country: r.country,
  addedAt: r.added_at,
  note: r.note,
  status: r.status,
  tags: r.tags === null ? [] : (JSON.parse(r.tags) as string[]),
});

export type NewRun = Omit<DiscoveryRunRecord, 'id'>;
export interface NewShortlistItem {
  network: Network;
  /** How the contract's account field reads it (its key is taken from it). */
  account: string;
  accountKey: string;
  title?: string | null;
  avatarUrl?: string | null;
  followers?: number | null;
  /** The engagement rate (percent) and country (ISO alpha-2) the search showed. */
  er?: number | null;
  country?: string | null;
}

export class DiscoveryWorkspaceRepository {
  private readonly s: {
    insertQuery: Database.Statement<[string, string, string, number, number]>;
    updateQuery: Database.Statement<[string, string, string, number, number]>;
    rename: Database.Statement<[string, number, number]>;
    deleteQuery: Database.Statement<[number]>;
    queryRow: Database.Statement<[number], QueryRow>;
    queryRows: Database.Statement<[], QueryRow>;
    runRows: Database.Statement<[number, number], RunRow>;
    insertRun: Database.Statement<[number, number, number, number, number, number, number, number, string, string | null]>;
    pruneRuns: Database.Statement<[number, number, number]>;
    shortRows: Database.Statement<[], ShortRow>;
    upsertShort: Database.Statement<[string, string, string, string | null, string | null, number | null, number, number | null, string | null]>;
    deleteShort: Database.Statement<[number]>;
    noteShort: Database.Statement<[string, number]>;
    asked: Database.Statement<[string, string], { asked_at: number }>;
    ask: Database.Statement<[string, string, number, number | null]>;
  };
  private readonly addTx: (items: readonly NewShortlistItem[], at: number) => void;
  private readonly removeTx: (ids: readonly number[]) => number;

  constructor(db: Db) {
    this.s = {
      insertQuery: db.prepare('INSERT INTO discovery_saved_queries (name, network, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)'),
      updateQuery: db.prepare('UPDATE discovery_saved_queries SET name = ?, network = ?, body = ?, updated_at = ? WHERE id = ?'),
      rename: db.prepare('UPDATE discovery_saved_queries SET name = ?, updated_at = ? WHERE id = ?'),
      deleteQuery: db.prepare('DELETE FROM discovery_saved_queries WHERE id = ?'),
      queryRow: db.prepare('SELECT id, name, network, body, created_at, updated_at FROM discovery_saved_queries WHERE id = ?'),
      queryRows: db.prepare('SELECT id, name, network, body, created_at, updated_at FROM discovery_saved_queries ORDER BY updated_at DESC, id DESC'),
      runRows: db.prepare('SELECT * FROM discovery_runs WHERE query_id = ? ORDER BY at DESC, id DESC LIMIT ?'),
      insertRun: db.prepare(
        `INSERT INTO discovery_runs (query_id, at, sandbox, from_page, to_page, pages_fetched, pages_from_cache, calls_spent, outcome, message)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      pruneRuns: db.prepare(
        'DELETE FROM discovery_runs WHERE query_id = ? AND id NOT IN (SELECT id FROM discovery_runs WHERE query_id = ? ORDER BY at DESC, id DESC LIMIT ?)',
      ),
      // The cached report's engagement rate and country over those the search showed (a report is
      // the fuller reading); the account's research status, tags and note (the one its report page
      // edits; an entry's own note from an older Scout when it has none) beside them.
      shortRows: db.prepare(
        `SELECT s.id, s.network, s.account, s.title, s.avatar_url, s.followers, s.added_at, coalesce(nullif(n.note, ''), s.note) AS note,
                coalesce(r.engagement_rate, s.er) AS er, coalesce(r.country, s.country) AS country, n.status, n.tags
         FROM shortlist AS s
         LEFT JOIN reports AS r ON r.network = s.network AND r.account_key = s.account_key
         LEFT JOIN account_notes AS n ON n.network = s.network AND n.account_key = s.account_key
         ORDER BY s.added_at DESC, s.id DESC`,
      ),
      // Adding an account again refreshes what is shown of it and keeps its note and place.
      upsertShort: db.prepare(
        `INSERT INTO shortlist (network, account_key, account, title, avatar_url, followers, added_at, er, country) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (network, account_key) DO UPDATE SET account = excluded.account, title = coalesce(excluded.title, title),
           avatar_url = coalesce(excluded.avatar_url, avatar_url), followers = coalesce(excluded.followers, followers),
           er = coalesce(excluded.er, er), country = coalesce(excluded.country, country)`,
      ),
      deleteShort: db.prepare('DELETE FROM shortlist WHERE id = ?'),
      noteShort: db.prepare('UPDATE shortlist SET note = ? WHERE id = ?'),
      asked: db.prepare('SELECT asked_at FROM unlock_lookups WHERE network = ? AND account_key = ?'),
      ask: db.prepare(
        `INSERT INTO unlock_lookups (network, account_key, asked_at, unlocked_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (network, account_key) DO UPDATE SET asked_at = excluded.asked_at, unlocked_at = excluded.unlocked_at`,
      ),
    };
    this.addTx = db.transaction((items: readonly NewShortlistItem[], at: number) => {
      for (const item of items) {
        const er = typeof item.er === 'number' && Number.isFinite(item.er) && item.er >= 0 ? item.er : null;
        const country = typeof item.country === 'string' && /^[A-Za-z]{2}$/.test(item.country) ? item.country.toUpperCase() : null;
        this.s.upsertShort.run(item.network, keyOf(item.accountKey), item.account, item.title ?? null, item.avatarUrl ?? null, item.followers ?? null, at, er, country);
      }
    });
    this.removeTx = db.transaction((ids: readonly number[]) => ids.reduce((n, id) => n + this.s.deleteShort.run(id).changes, 0));
  }

  private toQuery(row: QueryRow): SavedDiscoveryQuery {
    return {
      id: row.id,
      name: row.name,
      network: row.network as DiscoveryNetwork,
      body: fromJson<DiscoveryBody>(row.body),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      runs: this.s.runRows.all(row.id, RUNS_KEPT).map(toRun),
    };
  }

  queries(): SavedDiscoveryQuery[] {
    return this.s.queryRows.all().map((r) => this.toQuery(r));
  }

  query(id: number): SavedDiscoveryQuery | null {
    const row = this.s.queryRow.get(id);
    return row ? this.toQuery(row) : null;
  }

  /** Creates a query, or replaces the one with `id` (null when there is none). */
  saveQuery(input: { id?: number; name: string; body: DiscoveryBody }, at: number): SavedDiscoveryQuery | null {
    const body = toJson(input.body);
    if (input.id === undefined) {
      const id = Number(this.s.insertQuery.run(input.name, input.body.social_network, body, at, at).lastInsertRowid);
      return this.query(id);
    }
    if (this.s.updateQuery.run(input.name, input.body.social_network, body, at, input.id).changes === 0) return null;
    return this.query(input.id);
  }

  renameQuery(id: number, name: string, at: number): SavedDiscoveryQuery | null {
    return this.s.rename.run(name, at, id).changes === 0 ? null : this.query(id);
  }

  /** The query and its history; its pages stay in the cache. */
  deleteQuery(id: number): boolean {
    return this.s.deleteQuery.run(id).changes > 0;
  }

  /** Records a run in its query's history (the latest RUNS_KEPT are kept); false when the query is gone. */
  addRun(queryId: number, run: NewRun): boolean {
    if (!this.s.queryRow.get(queryId)) return false;
    this.s.insertRun.run(queryId, run.at, run.sandbox ? 1 : 0, run.fromPage, run.toPage, run.pagesFetched, run.pagesFromCache, run.callsSpent, run.outcome, run.message);
    this.s.pruneRuns.run(queryId, queryId, RUNS_KEPT);
    return true;
  }

  shortlist(): ShortlistItem[] {
    return this.s.shortRows.all().map(toShort);
  }

  addToShortlist(items: readonly NewShortlistItem[], at: number): ShortlistItem[] {
    this.addTx(items, at);
    return this.shortlist();
  }

  removeFromShortlist(ids: readonly number[]): number {
    return this.removeTx(ids);
  }

  /** Sets a shortlisted account's note; false when it is not on the shortlist. */
  setShortlistNote(id: number, note: string): boolean {
    return this.s.noteShort.run(note, id).changes > 0;
  }

  /** When auditor.creators was last asked about this account; null when never. */
  unlockAskedAt(network: string, accountKey: string): number | null {
    return this.s.asked.get(network, keyOf(accountKey))?.asked_at ?? null;
  }

  /** Remembers that auditor.creators was asked about this account, and what it said. */
  rememberUnlockAnswer(network: string, accountKey: string, askedAt: number, unlockedAt: number | null): void {
    this.s.ask.run(network, keyOf(accountKey), askedAt, unlockedAt);
  }
}
