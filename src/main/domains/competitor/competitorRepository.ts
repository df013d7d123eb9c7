// Competitor analyses (spec 4.13): the report (state 0 calculating, 10 ready), its aggregates
// once ready, and its posts as fetched page by page.
import type Database from 'better-sqlite3';
import type { Db } from '../../platform/cache/database';
import { at, fromJson, integerOrNull, isObject, stringOrNull, toJson, type JsonObject } from '../../platform/cache/repositories/common';

export interface CompetitorReportInfo {
  reportId: string;
  username: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  /** 0 calculating, 10 ready. */
  state: number | null;
  createdAt: number;
  updatedAt: number;
  aggregatesFetchedAt: number | null;
}

export interface CompetitorReport extends CompetitorReportInfo {
  /** The answer's `report` object (`config`, `basic`). */
  description: JsonObject;
  /** The answer's other fields (emv_value, reach_value, sponsored, content_top_hashtags …) once ready. */
  aggregates: JsonObject | null;
  /** Pages of posts kept: `{page, size, postCount, fetchedAt}`. */
  postPages: { page: number; size: number; postCount: number; fetchedAt: number }[];
}

type InfoRow = {
  report_id: string;
  username: string | null;
  date_from: string | null;
  date_to: string | null;
  state: number | null;
  created_at: number;
  updated_at: number;
  aggregates_fetched_at: number | null;
};

const infoColumns = 'report_id, username, date_from, date_to, state, created_at, updated_at, aggregates_fetched_at';
const toInfo = (row: InfoRow): CompetitorReportInfo => ({
  reportId: row.report_id,
  username: row.username,
  dateFrom: row.date_from,
  dateTo: row.date_to,
  state: row.state,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  aggregatesFetchedAt: row.aggregates_fetched_at,
});

export class CompetitorRepository {
  private readonly upsertReport: Database.Statement<[Record<string, unknown>]>;
  private readonly upsertPosts: Database.Statement<[string, number, number, number, number, string]>;
  private readonly reportRow: Database.Statement<[string], InfoRow & { description: string; aggregates: string | null }>;
  private readonly reportRows: Database.Statement<[], InfoRow>;
  private readonly pageRows: Database.Statement<[string], { page: number; size: number; post_count: number; fetched_at: number }>;
  private readonly postsRow: Database.Statement<[string, number, number], { fetched_at: number; posts: string }>;
  private readonly allPostsRows: Database.Statement<[string, number], { page: number; posts: string }>;

  constructor(db: Db) {
    this.upsertReport = db.prepare(
      `INSERT INTO competitor_reports (report_id, username, date_from, date_to, state, created_at, updated_at, description, aggregates, aggregates_fetched_at)
       VALUES (@reportId, @username, @dateFrom, @dateTo, @state, @at, @at, jsonb(@description), jsonb(@aggregates),
               CASE WHEN @aggregates IS NULL THEN NULL ELSE @at END)
       ON CONFLICT (report_id) DO UPDATE SET
         username = coalesce(excluded.username, username), date_from = coalesce(excluded.date_from, date_from),
         date_to = coalesce(excluded.date_to, date_to), state = coalesce(excluded.state, state),
         created_at = min(created_at, excluded.created_at), updated_at = max(updated_at, excluded.updated_at),
         description = excluded.description,
         aggregates = coalesce(excluded.aggregates, aggregates),
         aggregates_fetched_at = coalesce(excluded.aggregates_fetched_at, aggregates_fetched_at)`,
    );
    this.upsertPosts = db.prepare(
      `INSERT INTO competitor_posts (report_id, page, size, fetched_at, post_count, posts) VALUES (?, ?, ?, ?, ?, jsonb(?))
       ON CONFLICT (report_id, size, page) DO UPDATE SET fetched_at = excluded.fetched_at, post_count = excluded.post_count, posts = excluded.posts`,
    );
    this.reportRow = db.prepare(
      `SELECT ${infoColumns}, json(description) AS description, json(aggregates) AS aggregates FROM competitor_reports WHERE report_id = ?`,
    );
    this.reportRows = db.prepare(`SELECT ${infoColumns} FROM competitor_reports ORDER BY updated_at DESC, report_id`);
    this.pageRows = db.prepare('SELECT page, size, post_count, fetched_at FROM competitor_posts WHERE report_id = ? ORDER BY size, page');
    this.postsRow = db.prepare('SELECT fetched_at, json(posts) AS posts FROM competitor_posts WHERE report_id = ? AND page = ? AND size = ?');
    this.allPostsRows = db.prepare('SELECT page, json(posts) AS posts FROM competitor_posts WHERE report_id = ? AND size = ? ORDER BY page');
  }

  /**
   * Keeps a create or get answer (`{report: {config, basic}, time_updated, …aggregates}`).
   * Returns the report id. Aggregates, once received, are kept when a later answer lacks them.
   */
  saveReport(answer: JsonObject, fetchedAt: number): string {
    const report = isObject(answer.report) ? answer.report : {};
    const reportId = stringOrNull(at(report, 'basic', 'report_id'));
    if (reportId === null) throw new TypeError('A competitor report without basic.report_id cannot be cached');
    const { report: _report, time_updated: _timeUpdated, ...aggregates } = answer;
    const hasAggregates = Object.keys(aggregates).length > 0;
    this.upsertReport.run({
      reportId,
      username: stringOrNull(at(report, 'basic', 'username')) ?? stringOrNull(at(report, 'config', 'username')),
      dateFrom: stringOrNull(at(report, 'basic', 'date_from')),
      dateTo: stringOrNull(at(report, 'basic', 'date_to')),
      state: integerOrNull(at(report, 'basic', 'state')),
      at: Math.round(fetchedAt),
      description: toJson(report),
      aggregates: hasAggregates ? toJson(aggregates) : null,
    });
    return reportId;
  }

  /** Keeps one page of posts as asked (`from` = page number, `size` = posts per page). */
  savePosts(reportId: string, request: { page: number; size: number }, posts: readonly unknown[], fetchedAt: number): void {
    this.upsertPosts.run(reportId, request.page, request.size, Math.round(fetchedAt), posts.length, toJson(posts));
  }

  report(reportId: string): CompetitorReport | null {
    const row = this.reportRow.get(reportId);
    if (!row) return null;
    return {
      ...toInfo(row),
      description: fromJson<JsonObject>(row.description),
      aggregates: row.aggregates === null ? null : fromJson<JsonObject>(row.aggregates),
      postPages: this.pageRows.all(reportId).map((p) => ({ page: p.page, size: p.size, postCount: p.post_count, fetchedAt: p.fetched_at })),
    };
  }

  /** Every kept analysis, most recently updated first. */
  reports(): CompetitorReportInfo[] {
    return this.reportRows.all().map(toInfo);
  }

  posts(reportId: string, page: number, size: number): { fetchedAt: number; posts: unknown[] } | null {
    const row = this.postsRow.get(reportId, page, size);
    return row ? { fetchedAt: row.fetched_at, posts: fromJson<unknown[]>(row.posts) } : null;
  }

  /** The posts of consecutive pages from page 0 at this page size (stops at the first gap). */
  allPosts(reportId: string, size: number): unknown[] {
    const out: unknown[] = [];
    let expected = 0;
    for (const row of this.allPostsRows.all(reportId, size)) {
      if (row.page !== expected) break;
      out.push(...fromJson<unknown[]>(row.posts));
      expected++;
    }
    return out;
  }
}
