// Discovery search pages (spec 4.11). Each page costs a discovery call, so each is kept, keyed
// by a hash of the query (without its page) and the page number; the newest fetch of a page
// replaces the older one. Sandbox pages (sample data, free) are keyed apart: a sandbox page
// never answers a production view, nor the other way round.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from '../../platform/cache/database';
import { fromJson, integerOrNull, isObject, itemsOf, stringOrNull, toJson, type JsonObject } from '../../platform/cache/repositories/common';

export interface DiscoveryPage {
  queryHash: string;
  page: number;
  fetchedAt: number;
  resultCount: number;
  totalPages: number | null;
  queriesLeft: number | null;
  /** `search_results` of the answer. */
  results: unknown[];
  /** The whole answer. */
  result: JsonObject;
}

export interface DiscoveryQueryInfo {
  queryHash: string;
  network: string | null;
  /** The query without its page. */
  query: JsonObject;
  firstFetchedAt: number;
  lastFetchedAt: number;
  totalPages: number | null;
  /** Page numbers kept, ascending. */
  pages: number[];
}

/** JSON with object keys sorted at every level: equal queries give equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => value[k] !== undefined)
        .map((k) => [k, canonical(value[k])]),
    );
  }
  return value;
}

function withoutPage(query: JsonObject): JsonObject {
  const { page: _page, ...rest } = query;
  return rest;
}

type PageRow = {
  query_hash: string;
  page: number;
  fetched_at: number;
  result_count: number;
  total_pages: number | null;
  queries_left: number | null;
  raw: string;
};
type QueryRow = {
  query_hash: string;
  network: string | null;
  query: string;
  first_fetched_at: number;
  last_fetched_at: number;
  total_pages: number | null;
  pages: string;
};

const toPage = (row: PageRow): DiscoveryPage => {
  const result = fromJson<JsonObject>(row.raw);
  return {
    queryHash: row.query_hash,
    page: row.page,
    fetchedAt: row.fetched_at,
    resultCount: row.result_count,
    totalPages: row.total_pages,
    queriesLeft: row.queries_left,
    results: itemsOf(result.search_results),
    result,
  };
};
const toQuery = (row: QueryRow): DiscoveryQueryInfo => ({
  queryHash: row.query_hash,
  network: row.network,
  query: fromJson<JsonObject>(row.query),
  firstFetchedAt: row.first_fetched_at,
  lastFetchedAt: row.last_fetched_at,
  totalPages: row.total_pages,
  pages: fromJson<number[]>(row.pages),
});

const queryColumns = `q.query_hash, q.network, json(q.query) AS query, q.first_fetched_at, q.last_fetched_at, q.total_pages,
  (SELECT json_group_array(page) FROM (SELECT page FROM discovery_pages AS p WHERE p.query_hash = q.query_hash ORDER BY page)) AS pages`;

export class DiscoveryRepository {
  private readonly upsertQuery: Database.Statement<[{ hash: string; network: string | null; query: string; at: number; totalPages: number | null; sandbox: number }]>;
  private readonly upsertPage: Database.Statement<[string, number, number, number, number | null, number | null, string]>;
  private readonly pageRow: Database.Statement<[string, number], PageRow>;
  private readonly queryRow: Database.Statement<[string], QueryRow>;
  private readonly recent: Database.Statement<[number], QueryRow>;
  private readonly saveTx: (query: JsonObject, result: JsonObject, fetchedAt: number, sandbox: boolean) => { queryHash: string; page: number };

  /** The cache key of a search: the query's canonical JSON without `page`, hashed; sandbox pages under their own key. */
  static queryHash(query: JsonObject, sandbox = false): string {
    return createHash('sha256')
      .update(`${sandbox ? 'sandbox\n' : ''}${JSON.stringify(canonical(withoutPage(query)))}`)
      .digest('hex');
  }

  constructor(db: Db) {
    this.upsertQuery = db.prepare(
      `INSERT INTO discovery_queries (query_hash, network, query, first_fetched_at, last_fetched_at, total_pages, sandbox)
       VALUES (@hash, @network, jsonb(@query), @at, @at, @totalPages, @sandbox)
       ON CONFLICT (query_hash) DO UPDATE SET last_fetched_at = max(last_fetched_at, excluded.last_fetched_at),
         first_fetched_at = min(first_fetched_at, excluded.first_fetched_at),
         total_pages = coalesce(excluded.total_pages, total_pages)`,
    );
    this.upsertPage = db.prepare(
      `INSERT INTO discovery_pages (query_hash, page, fetched_at, result_count, total_pages, queries_left, raw)
       VALUES (?, ?, ?, ?, ?, ?, jsonb(?))
       ON CONFLICT (query_hash, page) DO UPDATE SET fetched_at = excluded.fetched_at, result_count = excluded.result_count,
         total_pages = excluded.total_pages, queries_left = excluded.queries_left, raw = excluded.raw`,
    );
    this.pageRow = db.prepare(
      `SELECT query_hash, page, fetched_at, result_count, total_pages, queries_left, json(raw) AS raw
         FROM discovery_pages WHERE query_hash = ? AND page = ?`,
    );
    this.queryRow = db.prepare(`SELECT ${queryColumns} FROM discovery_queries AS q WHERE q.query_hash = ?`);
    this.recent = db.prepare(`SELECT ${queryColumns} FROM discovery_queries AS q ORDER BY q.last_fetched_at DESC LIMIT ?`);
    this.saveTx = db.transaction((query: JsonObject, result: JsonObject, fetchedAt: number, sandbox: boolean) => {
      const queryHash = DiscoveryRepository.queryHash(query, sandbox);
      const page = integerOrNull(query.page) ?? integerOrNull(result.current_page) ?? 1;
      const totalPages = integerOrNull(result.total_pages);
      const at = Math.round(fetchedAt);
      this.upsertQuery.run({
        hash: queryHash,
        network: stringOrNull(query.social_network),
        query: toJson(canonical(withoutPage(query))),
        at,
        totalPages,
        sandbox: sandbox ? 1 : 0,
      });
      this.upsertPage.run(queryHash, page, at, itemsOf(result.search_results).length, totalPages, integerOrNull(result.queries_left), toJson(result));
      return { queryHash, page };
    });
  }

  /** Keeps one page of a search: the query as sent (its `page` says which) and the answer. */
  savePage(query: JsonObject, result: JsonObject, fetchedAt: number, options: { sandbox?: boolean } = {}): { queryHash: string; page: number } {
    return this.saveTx(query, result, fetchedAt, options.sandbox === true);
  }

  /** A kept page, by the query (any page number in it is ignored) or its hash. */
  page(query: JsonObject | string, page: number, options: { sandbox?: boolean } = {}): DiscoveryPage | null {
    const row = this.pageRow.get(typeof query === 'string' ? query : DiscoveryRepository.queryHash(query, options.sandbox), page);
    return row ? toPage(row) : null;
  }

  query(query: JsonObject | string, options: { sandbox?: boolean } = {}): DiscoveryQueryInfo | null {
    const row = this.queryRow.get(typeof query === 'string' ? query : DiscoveryRepository.queryHash(query, options.sandbox));
    return row ? toQuery(row) : null;
  }

  /** Searches, most recently fetched first. */
  recentQueries(limit = 50): DiscoveryQueryInfo[] {
    return this.recent.all(Math.max(0, Math.trunc(limit))).map(toQuery);
  }
}
