// Reports: every fetch kept as a snapshot, one `reports` row per account following the newest,
// the library's filtered and sorted pages (its text filter reads the full-text index).
import { NO_STATUS } from '@shared/workflow';
import { librarySortKeys } from '@shared/reports';
import type Database from 'better-sqlite3';
import type { Network, ParsedReport, ReportState, ReportSummary } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, clampLimit, clampOffset, fromJson, toJson, type JsonObject } from '../../platform/cache/repositories/common';
import { SearchIndex } from '../../platform/cache/repositories/searchIndex';
import { reportTextPart, toMatchQuery } from '../../platform/cache/repositories/searchText';
import { restoreSeries, stripSeries, type Series } from '../../platform/cache/repositories/series';
import { finite, ms, reportColumns, snapshotColumns, SORT_WALK_LIMIT, sortColumns, sortIndexes, summaryColumns, summaryList, toLibraryItem, toSummary, type ReportRow, type SnapshotRow } from './reportsSql';

export type StoredReportState = Exclude<ReportState, 'NOT_READY'>;
export type TiktokType = 'report' | 'advanced_report';

export interface SnapshotMeta {
  /** When the answer arrived (epoch ms). */
  fetchedAt: number;
  /** When the account was unlocked (paid for), if this fetch unlocked it; kept otherwise. */
  unlockedAt?: number | null;
  /** The account as the cache keys it (trimmed and lower-cased here in any case). */
  accountKey: string;
}

/** A cached report as `open` gives it (the shape of the contract's CachedReport, and more). */
export interface OpenedReport extends LibraryItem {
  snapshotId: number;
  /** The API's whole `result`, series restored. */
  result: JsonObject;
}

export interface SnapshotListItem {
  id: number;
  fetchedAt: number;
  state: StoredReportState;
  quality: string | null;
  validUntil: number | null;
  summary: ReportSummary;
}

export interface Snapshot extends SnapshotListItem {
  network: Network;
  accountKey: string;
  tiktokType: TiktokType | null;
  result: JsonObject;
}

export interface LibraryItem {
  network: Network;
  accountKey: string;
  summary: ReportSummary;
  state: StoredReportState;
  quality: string | null;
  fetchedAt: number;
  firstFetchedAt: number;
  unlockedAt: number | null;
  validUntil: number | null;
  tiktokType: TiktokType | null;
  snapshotCount: number;
}

/** Summary fields and the report's own columns the library sorts by. */
export { librarySortKeys };
export type LibrarySortKey = (typeof librarySortKeys)[number];

export interface LibraryQuery {
  /** Empty or missing: every network. */
  networks?: readonly Network[];
  states?: readonly StoredReportState[];
  /** Age of the data: fetched at or after (epoch ms). */
  fetchedAfter?: number;
  /** Fetched strictly before (epoch ms). */
  fetchedBefore?: number;
  /** ISO alpha-2 (any case). */
  countries?: readonly string[];
  followersMin?: number;
  followersMax?: number;
  /** Full-text filter (every word must match, the last as a prefix); ignored when nothing searchable is left. */
  text?: string;
  /** Only these accounts, each `network:accountKey` (the library's tag filter); empty: none. */
  accounts?: readonly string[];
  /** Only accounts at this status step (its id), or with no status (NO_STATUS). */
  status?: string;
  /** Default `fetchedAt`; `relevance` needs `text` (falls back to `fetchedAt` without). */
  sort?: LibrarySortKey;
  /** Default `desc`; relevance is always best first. Nulls always come last. */
  order?: 'asc' | 'desc';
  /** Default 100, at most 1000. */
  limit?: number;
  offset?: number;
}

export interface LibraryPage {
  total: number;
  items: LibraryItem[];
}

export class ReportsRepository {
  readonly searchIndex: SearchIndex;
  private readonly insertSnapshot: Database.Statement<[Record<string, unknown>]>;
  private readonly insertSeries: Database.Statement<[number, string, number, string]>;
  private readonly upsertReport: Database.Statement<[{ network: string; accountKey: string; unlockedAt: number | null }], { id: number; latest_snapshot_id: number }>;
  private readonly openRow: Database.Statement<[string, string], ReportRow & { raw: string }>;
  private readonly seriesRows: Database.Statement<[number], { name: string; points: string }>;
  private readonly snapshotRow: Database.Statement<[number], SnapshotRow & { raw: string }>;
  private readonly snapshotList: Database.Statement<[string, string], SnapshotRow>;
  private readonly hasRow: Database.Statement<[string, string], number>;
  private readonly unlockedRow: Database.Statement<[string, string], number | null>;
  private readonly setUnlocked: Database.Statement<[{ at: number; network: string; accountKey: string }]>;
  private readonly librarySql = new Map<string, Database.Statement<[Record<string, unknown>], unknown>>();
  private readonly saveTx: (parsed: ParsedReport, meta: SnapshotMeta) => { snapshotId: number; reportId: number };
  private readonly read: <T>(fn: () => T) => T;

  constructor(
    private readonly db: Db,
    /** How a library page is read: chosen by the walk's length (`auto`), or always one way (tests compare the plans). */
    private readonly pagePlan: 'auto' | 'walk' | 'sort' = 'auto',
  ) {
    this.searchIndex = new SearchIndex(db);
    this.insertSnapshot = db.prepare(
      `INSERT INTO report_snapshots (network, account_key, fetched_at, state, quality, valid_until, tiktok_type, ${summaryList}, raw)
       VALUES (@network, @account_key, @fetched_at, @state, @quality, @valid_until, @tiktok_type,
               ${summaryColumns.map(([c]) => `@${c}`).join(', ')}, jsonb(@raw))`,
    );
    this.insertSeries = db.prepare('INSERT INTO report_series (snapshot_id, name, point_count, points) VALUES (?, ?, ?, jsonb(?))');
    // The reports row is always rebuilt from the account's newest snapshot, whatever order
    // snapshots arrive in; the unlock time only ever moves forward.
    this.upsertReport = db.prepare(
      `INSERT INTO reports (network, account_key, latest_snapshot_id, snapshot_count, first_fetched_at, fetched_at, unlocked_at,
                            valid_until, state, quality, tiktok_type, ${summaryList})
       SELECT s.network, s.account_key, s.id, agg.n, agg.first, s.fetched_at, @unlockedAt,
              s.valid_until, s.state, s.quality, s.tiktok_type, ${summaryColumns.map(([c]) => `s.${c}`).join(', ')}
         FROM report_snapshots AS s,
              (SELECT count(*) AS n, min(fetched_at) AS first FROM report_snapshots
                WHERE network = @network AND account_key = @accountKey) AS agg
        WHERE s.id = (SELECT id FROM report_snapshots WHERE network = @network AND account_key = @accountKey
                       ORDER BY fetched_at DESC, id DESC LIMIT 1)
       ON CONFLICT (network, account_key) DO UPDATE SET
         latest_snapshot_id = excluded.latest_snapshot_id, snapshot_count = excluded.snapshot_count,
         first_fetched_at = excluded.first_fetched_at, fetched_at = excluded.fetched_at,
         unlocked_at = CASE WHEN excluded.unlocked_at IS NULL THEN reports.unlocked_at
                            WHEN reports.unlocked_at IS NULL THEN excluded.unlocked_at
                            ELSE max(reports.unlocked_at, excluded.unlocked_at) END,
         valid_until = excluded.valid_until, state = excluded.state, quality = excluded.quality, tiktok_type = excluded.tiktok_type,
         ${summaryColumns.map(([c]) => `${c} = excluded.${c}`).join(', ')}
       RETURNING id, latest_snapshot_id`,
    );
    this.openRow = db.prepare(
      `SELECT ${reportColumns}, json(s.raw) AS raw
         FROM reports AS r JOIN report_snapshots AS s ON s.id = r.latest_snapshot_id
        WHERE r.network = ? AND r.account_key = ?`,
    );
    this.seriesRows = db.prepare('SELECT name, json(points) AS points FROM report_series WHERE snapshot_id = ?');
    this.snapshotRow = db.prepare(`SELECT ${snapshotColumns}, json(s.raw) AS raw FROM report_snapshots AS s WHERE s.id = ?`);
    this.snapshotList = db.prepare(
      `SELECT ${snapshotColumns} FROM report_snapshots AS s WHERE s.network = ? AND s.account_key = ? ORDER BY s.fetched_at DESC, s.id DESC`,
    );
    this.hasRow = db.prepare<[string, string], number>('SELECT 1 FROM reports WHERE network = ? AND account_key = ?').pluck();
    this.unlockedRow = db.prepare<[string, string], number | null>('SELECT unlocked_at FROM reports WHERE network = ? AND account_key = ?').pluck();
    this.setUnlocked = db.prepare(
      `UPDATE reports SET unlocked_at = CASE WHEN unlocked_at IS NULL THEN @at ELSE max(unlocked_at, @at) END
        WHERE network = @network AND account_key = @accountKey`,
    );
    this.saveTx = db.transaction((parsed: ParsedReport, meta: SnapshotMeta) => this.write(parsed, meta));
    const readTx = db.transaction((fn: () => unknown) => fn());
    this.read = <T>(fn: () => T) => readTx.deferred(fn) as T;
  }

  /**
   * Keeps one fetch of an account: the snapshot, its series, the account's `reports` row and
   * its search row, in one transaction. NOT_READY answers (no summary) are not kept: null.
   */
  saveSnapshot(parsed: ParsedReport, meta: SnapshotMeta): { snapshotId: number; reportId: number } | null {
    if (parsed.state === 'NOT_READY' || !parsed.summary) return null;
    return this.saveTx(parsed, meta);
  }

  private write(parsed: ParsedReport, meta: SnapshotMeta): { snapshotId: number; reportId: number } {
    const summary = parsed.summary!;
    const network = parsed.network;
    const accountKey = keyOf(meta.accountKey);
    const { stripped, series } = stripSeries(network, parsed.result);
    const row: Record<string, unknown> = {
      network,
      account_key: accountKey,
      fetched_at: Math.round(meta.fetchedAt),
      state: parsed.state,
      quality: parsed.quality,
      valid_until: ms(parsed.validUntil),
      tiktok_type: parsed.tiktokType,
      account_id: summary.accountId,
      username: summary.username,
      title: summary.title,
      description: summary.description,
      avatar_url: summary.avatarUrl,
      verified: summary.verified === null ? null : summary.verified ? 1 : 0,
      followers: finite(summary.followers),
      engagement_rate: finite(summary.engagementRate),
      engagement_rate_basis: finite(summary.engagementRate) === null ? null : summary.engagementRateBasis,
      growth_prc: finite(summary.growthPrc),
      avg_views: finite(summary.avgViews),
      avg_likes: finite(summary.avgLikes),
      avg_comments: finite(summary.avgComments),
      audience_quality: finite(summary.audienceQuality),
      country: summary.country,
      language: summary.language,
      raw: toJson(stripped),
    };
    const snapshotId = Number(this.insertSnapshot.run(row).lastInsertRowid);
    for (const s of series) this.insertSeries.run(snapshotId, s.name, s.points.length, toJson(s.points));
    const report = this.upsertReport.get({ network, accountKey, unlockedAt: ms(meta.unlockedAt) });
    if (!report) throw new Error(`The reports row of ${network}/${accountKey} was not written`);
    // An older fetch arriving late leaves the indexed text of the newest one.
    this.searchIndex.refresh(report.id, report.latest_snapshot_id === snapshotId ? reportTextPart(network, parsed.result) : undefined);
    return { snapshotId, reportId: report.id };
  }

  /** The account's newest report, series restored; null when it was never fetched. */
  open(network: Network, accountKey: string): OpenedReport | null {
    const row = this.openRow.get(network, keyOf(accountKey));
    if (!row) return null;
    return {
      ...toLibraryItem(row),
      snapshotId: row.latest_snapshot_id,
      result: this.result(row.latest_snapshot_id, row.raw),
    };
  }

  /** Every fetch of an account, newest first. */
  snapshots(network: Network, accountKey: string): SnapshotListItem[] {
    return this.snapshotList.all(network, keyOf(accountKey)).map((row) => ({
      id: row.id,
      fetchedAt: row.fetched_at,
      state: row.state,
      quality: row.quality,
      validUntil: row.valid_until,
      summary: toSummary(row),
    }));
  }

  snapshot(id: number): Snapshot | null {
    const row = this.snapshotRow.get(id);
    if (!row) return null;
    return {
      id: row.id,
      network: row.network,
      accountKey: row.account_key,
      fetchedAt: row.fetched_at,
      state: row.state,
      quality: row.quality,
      validUntil: row.valid_until,
      tiktokType: row.tiktok_type,
      summary: toSummary(row),
      result: this.result(row.id, row.raw),
    };
  }

  /** Only the big arrays of one snapshot (`user.followers_chart` …), by name. */
  series(snapshotId: number): Series[] {
    return this.seriesRows.all(snapshotId).map((s) => ({ name: s.name, points: fromJson<unknown[]>(s.points) }));
  }

  private result(snapshotId: number, raw: string): JsonObject {
    return restoreSeries(fromJson<JsonObject>(raw), this.series(snapshotId));
  }

  has(network: Network, accountKey: string): boolean {
    return this.hasRow.get(network, keyOf(accountKey)) !== undefined;
  }

  /** When the account was last unlocked (paid for); null when unknown or never fetched. */
  unlockedAt(network: Network, accountKey: string): number | null {
    return this.unlockedRow.get(network, keyOf(accountKey)) ?? null;
  }

  /** Records an unlock that came without a report (a PDF export or a history request unlocks too). */
  markUnlocked(network: Network, accountKey: string, at: number): boolean {
    return this.setUnlocked.run({ at: Math.round(at), network, accountKey: keyOf(accountKey) }).changes > 0;
  }

  /**
   * One page of the library and the number of reports matching the filters. At 100,000 reports
   * the plan is Scout's, not left to guessing: the count reads the narrow covering index of the
   * filtered columns (or the full-text index alone, for a search without other filters); the page
   * walks its sort's index when the filters keep enough rows for the walk to be short, and
   * otherwise finds the matches first and sorts those.
   */
  library(query: LibraryQuery = {}): LibraryPage {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    // Values are bound one by one (not as a JSON array), so SQLite sees how many there are.
    const list = (name: string, column: string, values: readonly string[] | undefined, normalise: (v: string) => string) => {
      if (!values || values.length === 0) return;
      const names = values.map((_, i) => `@${name}${i}`);
      where.push(`${column} IN (${names.join(', ')})`);
      values.forEach((v, i) => (params[`${name}${i}`] = normalise(v)));
    };
    list('networks', 'r.network', query.networks, (v) => v);
    list('states', 'r.state', query.states, (v) => v);
    list('countries', 'r.country', query.countries, (v) => v.trim().toUpperCase());
    const bound = (name: string, condition: string, value: number | undefined) => {
      if (value === undefined || value === null || !Number.isFinite(value)) return;
      where.push(condition);
      params[name] = value;
    };
    bound('fetchedAfter', 'r.fetched_at >= @fetchedAfter', query.fetchedAfter);
    bound('fetchedBefore', 'r.fetched_at < @fetchedBefore', query.fetchedBefore);
    bound('followersMin', 'r.followers >= @followersMin', query.followersMin);
    bound('followersMax', 'r.followers <= @followersMax', query.followersMax);
    // The filters above are all in the covering index reports_filters.
    const onlyIndexedFilters = where.length > 0;
    if (query.accounts) {
      where.push(`(r.network || ':' || r.account_key) IN (SELECT value FROM json_each(@accounts))`);
      params.accounts = JSON.stringify(query.accounts);
    }
    if (query.status !== undefined) {
      const atStep = 'SELECT 1 FROM account_notes AS n WHERE n.network = r.network AND n.account_key = r.account_key AND n.status';
      if (query.status === NO_STATUS) where.push(`NOT EXISTS (${atStep} IS NOT NULL)`);
      else {
        where.push(`EXISTS (${atStep} = @status)`);
        params.status = query.status;
      }
    }

    const match = query.text === undefined ? null : toMatchQuery(query.text);
    let sort = query.sort ?? 'fetchedAt';
    if (!(librarySortKeys as readonly string[]).includes(sort)) throw new RangeError(`Unknown library sort: ${String(sort)}`);
    if (sort === 'relevance' && match === null) sort = 'fetchedAt';
    if (match !== null) {
      params.match = match;
      where.push('r.id IN (SELECT rowid FROM report_search WHERE report_search MATCH @match)');
    }
    const sqlWhere = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
    const limit = clampLimit(query.limit, 100, 1000);
    const offset = clampOffset(query.offset);

    let countSql: string;
    if (where.length === 0) countSql = 'SELECT count(*) FROM reports';
    else if (match !== null && where.length === 1) countSql = 'SELECT count(*) FROM report_search WHERE report_search MATCH @match';
    else if (onlyIndexedFilters && match === null && !query.accounts && query.status === undefined) countSql = `SELECT count(*) FROM reports AS r INDEXED BY reports_filters ${sqlWhere(where)}`;
    else countSql = `SELECT count(*) FROM reports AS r ${sqlWhere(where)}`;

    // One read transaction: the count and the page see the same data.
    return this.read(() => {
      const total = this.statement(countSql, true).get(params) as number;
      let sql: string;
      if (sort === 'relevance') {
        // Best first, whatever the order asked.
        sql = `SELECT ${reportColumns} FROM reports AS r JOIN (SELECT rowid AS id, rank FROM report_search WHERE report_search MATCH @match) AS m ON m.id = r.id
               ${sqlWhere(where.filter((w) => !w.includes('report_search')))} ORDER BY m.rank, r.id LIMIT @limit OFFSET @offset`;
      } else {
        const dir = query.order === 'asc' ? 'ASC' : 'DESC';
        const all = where.length === 0 ? total : (this.statement('SELECT count(*) FROM reports', true).get({}) as number);
        const walk = total === 0 ? Infinity : ((offset + limit) * all) / total;
        const index = sort === 'status' ? null : sortIndexes[sort];
        const walks = index !== null && (this.pagePlan === 'auto' ? walk <= Math.min(SORT_WALK_LIMIT, total / 2) : this.pagePlan === 'walk');
        const byIndex = walks ? `INDEXED BY ${index}` : '';
        sql = `SELECT ${reportColumns} FROM reports AS r ${byIndex} ${sqlWhere(where)} ORDER BY ${sortColumns[sort]} ${dir} NULLS LAST, r.id ${dir} LIMIT @limit OFFSET @offset`;
      }
      const items = total === 0 ? [] : (this.statement(sql, false).all({ ...params, limit, offset }) as ReportRow[]).map(toLibraryItem);
      return { total, items };
    });
  }

  private statement(sql: string, pluck: boolean): Database.Statement<[Record<string, unknown>], unknown> {
    let statement = this.librarySql.get(sql);
    if (!statement) {
      statement = this.db.prepare<[Record<string, unknown>], unknown>(sql);
      if (pluck) statement.pluck();
      // A few hundred shapes at most (which filters are set × sort × order); keep it bounded anyway.
      if (this.librarySql.size > 500) this.librarySql.clear();
      this.librarySql.set(sql, statement);
    }
    return statement;
  }
}