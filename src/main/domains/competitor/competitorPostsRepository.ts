// The post browser's side of a competitor analysis (migration 0140): one typed, indexed row per
// post and its full-text row (captions and accounts), written with the raw page in one
// transaction, and queried with filters, sort and paging in SQL so 50,000 posts answer at once.
import type Database from 'better-sqlite3';
import type { Db } from '../../platform/cache/database';
import type { CompetitorPost } from '../../platform/api/schemas/competitor';
import type { CompetitorFilters, CompetitorPostRow, CompetitorPostsPage, CompetitorSortKey } from '@shared/competitor';
import { toMatchQuery } from '../../platform/cache/repositories/searchText';
import type { CompetitorRepository } from './competitorRepository';

const sortColumns: Record<CompetitorSortKey, string> = {
  date: 'post_date',
  account: 'account COLLATE NOCASE',
  followers: 'followers',
  er: 'er',
  reach: 'reach',
  likes: 'likes',
  comments: 'comments',
  paidType: 'paid_type',
  country: 'country',
  budget: 'est_budget',
};

export interface CompetitorPostQuery {
  filters?: CompetitorFilters;
  sort?: { key: CompetitorSortKey; order: 'asc' | 'desc' };
  offset?: number;
  limit?: number;
}

type Row = {
  idx: number;
  post_date: string | null;
  account: string | null;
  account_url: string | null;
  caption: string | null;
  post_url: string | null;
  paid_type: string | null;
  er: number | null;
  performance: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  video_views: number | null;
  account_type: string | null;
  account_category: string | null;
  verified: number | null;
  followers: number | null;
  country: string | null;
  est_budget: number | null;
};

const rowColumns =
  'idx, post_date, account, account_url, caption, post_url, paid_type, er, performance, reach, likes, comments, video_views, account_type, account_category, verified, followers, country, est_budget';

const toView = (r: Row): CompetitorPostRow => ({
  index: r.idx,
  postDate: r.post_date,
  account: r.account,
  accountUrl: r.account_url,
  caption: r.caption,
  postUrl: r.post_url,
  paidType: r.paid_type,
  er: r.er,
  performance: r.performance,
  reach: r.reach,
  likes: r.likes,
  comments: r.comments,
  videoViews: r.video_views,
  accountType: r.account_type,
  accountCategory: r.account_category,
  verified: r.verified === null ? null : r.verified === 1,
  followers: r.followers,
  country: r.country,
  estBudget: r.est_budget,
});

/** Places of posts read at a time when an export orders them (between pages, main takes a turn). */
const ORDER_PAGE = 2_000;

/** A finite number or null (SQLite REAL refuses NaN). */
const num = (n: number | null) => (n === null || !Number.isFinite(n) ? null : n);

/** An analysis's request as the researcher made it. */
export interface AskedFor {
  username: string;
  dateFrom: string;
  dateTo: string;
  audienceGeo: string[];
  hashtags: string[];
}

export class CompetitorPostsRepository {
  private readonly insert: Database.Statement<unknown[]>;
  private readonly setRequestStmt: Database.Statement<[string, string]>;
  private readonly requestStmt: Database.Statement<[string], { request: string | null; posts_complete_size: number | null }>;
  private readonly completeStmt: Database.Statement<[number | null, string]>;
  private readonly countStmt: Database.Statement<[string], { n: number }>;
  private readonly savePageTx: (reportId: string, page: number, size: number, posts: readonly CompetitorPost[], raw: readonly unknown[], at: number) => void;

  constructor(
    private readonly db: Db,
    private readonly reports: CompetitorRepository,
  ) {
    this.insert = db.prepare(
      `INSERT INTO competitor_post_rows (report_id, ${rowColumns}) VALUES (${Array(20).fill('?').join(', ')})
       ON CONFLICT (report_id, idx) DO UPDATE SET
         post_date = excluded.post_date, account = excluded.account, account_url = excluded.account_url, caption = excluded.caption,
         post_url = excluded.post_url, paid_type = excluded.paid_type, er = excluded.er, performance = excluded.performance,
         reach = excluded.reach, likes = excluded.likes, comments = excluded.comments, video_views = excluded.video_views,
         account_type = excluded.account_type, account_category = excluded.account_category, verified = excluded.verified,
         followers = excluded.followers, country = excluded.country, est_budget = excluded.est_budget`,
    );
    this.setRequestStmt = db.prepare('UPDATE competitor_reports SET request = ? WHERE report_id = ?');
    this.requestStmt = db.prepare('SELECT request, posts_complete_size FROM competitor_reports WHERE report_id = ?');
    this.completeStmt = db.prepare('UPDATE competitor_reports SET posts_complete_size = ? WHERE report_id = ?');
    this.countStmt = db.prepare('SELECT count(*) AS n FROM competitor_post_rows WHERE report_id = ?');
    this.savePageTx = db.transaction((reportId: string, page: number, size: number, posts: readonly CompetitorPost[], raw: readonly unknown[], at: number) => {
      this.reports.savePosts(reportId, { page, size }, raw, at);
      posts.forEach((p, i) => {
        this.insert.run(
          reportId,
          page * size + i,
          p.postDate,
          p.account,
          p.accountUrl,
          p.caption,
          p.postUrl,
          p.paidType,
          num(p.er),
          num(p.performance),
          num(p.reach),
          num(p.likes),
          num(p.comments),
          num(p.videoViews),
          p.accountType,
          p.accountCategory,
          p.accountVerified === null ? null : p.accountVerified ? 1 : 0,
          num(p.accountFollowers),
          p.audienceCountry === null ? null : p.audienceCountry.toUpperCase(),
          num(p.estBudget),
        );
      });
    });
  }

  /** Keeps one page as received and as rows, together or not at all. */
  savePage(reportId: string, page: number, size: number, posts: readonly CompetitorPost[], raw: readonly unknown[], at: number): void {
    this.savePageTx(reportId, page, size, posts, raw, at);
  }

  /**
   * What the researcher asked for (the API does not echo the hashtags). The brand and days as
   * asked, when given, name the analysis in a Team workspace (`askedFor`).
   */
  setRequest(reportId: string, request: { audienceGeo: string[]; hashtags: string[] } & Partial<AskedFor>): void {
    this.setRequestStmt.run(JSON.stringify(request), reportId);
  }

  /** The whole request as asked, when it was kept whole: null for analyses kept before Team workspaces, which kept only the countries and hashtags. */
  askedFor(reportId: string): AskedFor | null {
    const row = this.requestStmt.get(reportId);
    if (!row?.request) return null;
    try {
      const parsed = JSON.parse(row.request) as Record<string, unknown>;
      const { username, dateFrom, dateTo } = parsed;
      const request = this.request(reportId);
      if (typeof username !== 'string' || typeof dateFrom !== 'string' || typeof dateTo !== 'string' || !request) return null;
      return { username, dateFrom, dateTo, ...request };
    } catch {
      return null;
    }
  }

  request(reportId: string): { audienceGeo: string[]; hashtags: string[] } | null {
    const row = this.requestStmt.get(reportId);
    if (!row?.request) return null;
    try {
      const parsed = JSON.parse(row.request) as { audienceGeo?: unknown; hashtags?: unknown };
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
      return { audienceGeo: strings(parsed.audienceGeo), hashtags: strings(parsed.hashtags) };
    } catch {
      return null;
    }
  }

  /** The page size at which every page was fetched (the last came back short), or null. */
  completeSize(reportId: string): number | null {
    return this.requestStmt.get(reportId)?.posts_complete_size ?? null;
  }

  markComplete(reportId: string, size: number | null): void {
    this.completeStmt.run(size, reportId);
  }

  /** Fresh statistics once a big analysis is in, so SQLite picks the narrowest index per query. */
  analyze(): void {
    this.db.exec('ANALYZE competitor_post_rows');
  }

  count(reportId: string): number {
    return this.countStmt.get(reportId)?.n ?? 0;
  }

  facets(reportId: string): { paidTypes: string[]; accountTypes: string[]; countries: string[] } {
    const distinct = (column: string) =>
      this.db
        .prepare(`SELECT DISTINCT ${column} AS v FROM competitor_post_rows WHERE report_id = ? AND ${column} IS NOT NULL ORDER BY ${column}`)
        .pluck()
        .all(reportId) as string[];
    return { paidTypes: distinct('paid_type'), accountTypes: distinct('account_type'), countries: distinct('country') };
  }

  /** The posts matching the filters, sorted, from `offset`; `total` counts every match. */
  query(reportId: string, q: CompetitorPostQuery = {}): CompetitorPostsPage {
    const offset = q.offset ?? 0;
    const limit = q.limit ?? 200;
    const order = this.order(reportId, q);
    if (order === null) return { total: 0, offset, rows: [] };
    const { select } = order;
    const { valued, missing } = order.counts();
    const rows: Row[] = [];
    if (offset < valued) rows.push(...(select('valued', rowColumns, limit, offset) as Row[]));
    if (rows.length < limit && missing > 0) rows.push(...(select('missing', rowColumns, limit - rows.length, Math.max(0, offset - valued)) as Row[]));
    return { total: valued + missing, offset, rows: rows.map(toView) };
  }

  /**
   * Where each post matching the filters stands, in the query's order (`idx` of every match),
   * read a page at a time with `between` called after each (main takes a turn there): an export
   * then reads the posts themselves a batch at a time (`rowsAt`), never all at once.
   */
  async orderedIndexes(
    reportId: string,
    q: Omit<CompetitorPostQuery, 'offset' | 'limit'> = {},
    { between = async () => {}, pageSize = ORDER_PAGE }: { between?: () => Promise<void>; pageSize?: number } = {},
  ): Promise<number[]> {
    const order = this.order(reportId, q);
    if (order === null) return [];
    const indexes: number[] = [];
    // Each page goes on after the last one's final post (its sort value and place), not by an
    // offset: the last page costs what the first does.
    for (const part of ['valued', 'missing'] as const) {
      let after: [unknown, number] | null = null;
      for (;;) {
        const page = order.after(part, after, pageSize);
        for (const [, idx] of page) indexes.push(idx);
        if (page.length < pageSize) break;
        after = page.at(-1)!;
        await between();
      }
    }
    return indexes;
  }

  /** The posts at these places of the analysis, in the order given (a place with no post is left out). */
  rowsAt(reportId: string, indexes: readonly number[]): CompetitorPostRow[] {
    // One lookup by (report_id, idx) per place, in the order given. CROSS JOIN keeps the places
    // the outer loop: with the list a bound parameter, SQLite may otherwise walk every post of
    // the analysis by another index for each place (seconds instead of milliseconds a batch).
    const rows = this.db
      .prepare(`SELECT ${rowColumns.split(', ').map((c) => `p.${c}`).join(', ')} FROM json_each(?) AS j CROSS JOIN competitor_post_rows AS p ON p.report_id = ? AND p.idx = j.value ORDER BY j.key`)
      .all(JSON.stringify(indexes), reportId) as Row[];
    return rows.map(toView);
  }

  /**
   * The query's order. Missing figures go last in either order. Posts with the figure and posts
   * without it are read apart, each straight from an index ending in the tie-breaker (idx) in
   * the same direction, instead of sorting every match on each request.
   */
  private order(reportId: string, q: Omit<CompetitorPostQuery, 'offset' | 'limit'>) {
    const { where, params } = whereOf(reportId, q.filters ?? {});
    if (where === null) return null;
    const sort = q.sort ?? { key: 'date', order: 'desc' };
    const column = sortColumns[sort.key];
    const bare = column.split(' ')[0]!;
    const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
    // Counted only when asked (an export reads the order page by page and never needs them), both
    // parts in one pass over the matches.
    const counts = (): { valued: number; missing: number } => {
      const [all, valued] = this.db.prepare(`SELECT count(*), count(${bare}) FROM competitor_post_rows WHERE ${where}`).raw().get(...params) as [number, number];
      return { valued, missing: all - valued };
    };
    const select = (part: 'valued' | 'missing', columns: string, limit: number, offset: number): unknown[] =>
      part === 'valued'
        ? this.db.prepare(`SELECT ${columns} FROM competitor_post_rows WHERE ${where} AND ${bare} IS NOT NULL ORDER BY ${column} ${dir}, idx ${dir} LIMIT ? OFFSET ?`).all(...params, limit, offset)
        : this.db.prepare(`SELECT ${columns} FROM competitor_post_rows WHERE ${where} AND ${bare} IS NULL ORDER BY idx ${dir} LIMIT ? OFFSET ?`).all(...params, limit, offset);
    /** The next `limit` posts of a part after `after` (a post's sort value and place), as [value, idx]. */
    const beyond = dir === 'ASC' ? '>' : '<';
    const after = (part: 'valued' | 'missing', from: [unknown, number] | null, limit: number): [unknown, number][] =>
      (part === 'valued'
        ? this.db
            .prepare(`SELECT ${bare}, idx FROM competitor_post_rows WHERE ${where} AND ${bare} IS NOT NULL ${from ? `AND (${column}, idx) ${beyond} (?, ?)` : ''} ORDER BY ${column} ${dir}, idx ${dir} LIMIT ?`)
            .raw()
            .all(...params, ...(from ?? []), limit)
        : this.db
            .prepare(`SELECT NULL, idx FROM competitor_post_rows WHERE ${where} AND ${bare} IS NULL ${from ? `AND idx ${beyond} ?` : ''} ORDER BY idx ${dir} LIMIT ?`)
            .raw()
            .all(...params, ...(from ? [from[1]] : []), limit)) as [unknown, number][];
    return { counts, select, after };
  }
}

/** The WHERE clause of a query; null when the search has no words that can match. */
function whereOf(reportId: string, f: CompetitorFilters): { where: string | null; params: unknown[] } {
  const parts = ['report_id = ?'];
  const params: unknown[] = [reportId];
  const inList = (column: string, values: string[] | undefined) => {
    if (!values || values.length === 0) return;
    parts.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  inList('paid_type', f.paidTypes);
  inList('account_type', f.accountTypes);
  inList('country', f.countries?.map((c) => c.toUpperCase()));
  const range = (column: string, min: number | string | undefined, max: number | string | undefined) => {
    if (min !== undefined) {
      parts.push(`${column} >= ?`);
      params.push(min);
    }
    if (max !== undefined) {
      parts.push(`${column} <= ?`);
      params.push(max);
    }
  };
  range('followers', f.followersMin, f.followersMax);
  range('er', f.erMin, f.erMax);
  range('post_date', f.dateFrom, f.dateTo);
  if (f.text !== undefined && f.text.trim() !== '') {
    const match = toMatchQuery(f.text);
    if (match === null) return { where: null, params };
    // The search index holds every analysis's posts: a common word matches hundreds of thousands
    // of them once the cache holds a million. An analysis's posts are saved page by page, so
    // their rows lie in one stretch of rowids, and the search reads only that stretch (an
    // analysis saved in pieces only makes the stretch wider; the report_id test still decides).
    parts.push(
      `id IN (SELECT rowid FROM competitor_post_search WHERE competitor_post_search MATCH ? AND rowid BETWEEN
         (SELECT min(id) FROM competitor_post_rows WHERE report_id = ?) AND (SELECT max(id) FROM competitor_post_rows WHERE report_id = ?))`,
    );
    params.push(match, reportId, reportId);
  }
  return { where: parts.join(' AND '), params };
}
