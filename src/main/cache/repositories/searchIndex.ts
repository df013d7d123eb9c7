// The full-text index over reports (`report_search`, one row per `reports` row, same rowid).
// Repositories call `refresh` inside their own transactions whenever a report or an account's
// media change; the report's own text and the media text are separate columns, so refreshing
// one side keeps the other.
import type Database from 'better-sqlite3';
import type { Network } from '../../api/types';
import type { Db } from '../database';
import { emptyPart, textPart, toMatchQuery, usernameText, type TextPart } from './searchText';

export type SearchField = 'username' | 'title' | 'description' | 'caption' | 'hashtag';

const columns = ['username', 'title', 'description', 'report_text', 'report_tags', 'media_text', 'media_tags'] as const;
const fieldOf: Record<(typeof columns)[number], SearchField> = {
  username: 'username',
  title: 'title',
  description: 'description',
  report_text: 'caption',
  report_tags: 'hashtag',
  media_text: 'caption',
  media_tags: 'hashtag',
};

/** Snippets wrap the matched words in these (control characters never shown as text). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

export interface SearchMatch {
  field: SearchField;
  /** A few words around the match, matched words between MATCH_START and MATCH_END. */
  snippet: string;
}

export interface SearchHit {
  network: Network;
  accountKey: string;
  username: string;
  title: string | null;
  /** Higher is better (bm25, name and title weighted over captions). */
  score: number;
  /** What matched, one entry per field, in the order username, title, description, caption, hashtag. */
  matches: SearchMatch[];
}

interface ReportRow {
  id: number;
  network: Network;
  account_key: string;
  username: string;
  title: string | null;
  description: string | null;
}

type HitRow = { id: number; network: Network; account_key: string; username: string; title: string | null } & Record<
  `s${number}`,
  string | null
>;

const snippets = columns.map((_, i) => `snippet(report_search, ${i}, char(2), char(3), '…', 10) AS s${i}`).join(', ');

export class SearchIndex {
  private readonly reportRow: Database.Statement<[number], ReportRow>;
  private readonly reportIdOf: Database.Statement<[string, string], number>;
  private readonly currentReportPart: Database.Statement<[number], { report_text: string | null; report_tags: string | null }>;
  private readonly instagramMediaText: Database.Statement<[string], string | null>;
  private readonly youtubeMediaText: Database.Statement<[string], string | null>;
  private readonly remove: Database.Statement<[number]>;
  private readonly insert: Database.Statement<unknown[]>;
  private readonly ranked: Database.Statement<[string, number], { id: number; rank: number }>;
  private readonly described: Database.Statement<[string, string], HitRow>;

  constructor(db: Db) {
    this.reportRow = db.prepare('SELECT id, network, account_key, username, title, description FROM reports WHERE id = ?');
    this.reportIdOf = db.prepare<[string, string], number>('SELECT id FROM reports WHERE network = ? AND account_key = ?').pluck();
    this.currentReportPart = db.prepare('SELECT report_text, report_tags FROM report_search WHERE rowid = ?');
    this.instagramMediaText = db
      .prepare<[string], string | null>(
        `SELECT (SELECT group_concat(j.value ->> '$.basic.caption', char(10)) FROM json_each(m.media) AS j)
           FROM instagram_media AS m WHERE m.account_key = ? ORDER BY m.fetched_at DESC, m.id DESC LIMIT 1`,
      )
      .pluck();
    // The newest fetch of each page.
    this.youtubeMediaText = db
      .prepare<[string], string | null>(
        `WITH latest AS (
           SELECT raw FROM (SELECT raw, row_number() OVER (PARTITION BY page ORDER BY fetched_at DESC, id DESC) AS n
                              FROM youtube_media_pages WHERE account_key = ?) WHERE n = 1)
         SELECT group_concat(concat_ws(char(10), j.value ->> '$.title', j.value ->> '$.description'), char(10))
           FROM latest, json_each(latest.raw, '$.media') AS j`,
      )
      .pluck();
    this.remove = db.prepare('DELETE FROM report_search WHERE rowid = ?');
    this.insert = db.prepare(`INSERT INTO report_search (rowid, ${columns.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    // FTS5 sorts by rank itself and stops at the limit; snippets are made for the kept rows only.
    this.ranked = db.prepare('SELECT rowid AS id, rank FROM report_search WHERE report_search MATCH ? ORDER BY rank LIMIT ?');
    this.described = db.prepare(
      `SELECT h.*, r.network, r.account_key, r.username, r.title
         FROM (SELECT rowid AS id, ${snippets} FROM report_search WHERE report_search MATCH ? AND rowid IN (SELECT value FROM json_each(?))) AS h
         JOIN reports AS r ON r.id = h.id`,
    );
  }

  /**
   * Rewrites the index row of one report from its `reports` row. `reportPart` is the text the
   * report itself carries (given when a snapshot is saved); without it the indexed one is kept.
   */
  refresh(reportId: number, reportPart?: TextPart): void {
    const row = this.reportRow.get(reportId);
    if (!row) return;
    let part = reportPart;
    if (!part) {
      const current = this.currentReportPart.get(reportId);
      part = current ? { text: current.report_text ?? '', tags: current.report_tags ?? '' } : emptyPart;
    }
    const media = this.mediaPart(row.network, row.account_key);
    this.remove.run(reportId);
    this.insert.run(reportId, usernameText(row.username), row.title, row.description, part.text, part.tags, media.text, media.tags);
  }

  /** After an account's media changed: refreshes its report's row, if the report is cached. */
  refreshAccount(network: Network, accountKey: string): void {
    const id = this.reportIdOf.get(network, accountKey);
    if (id !== undefined) this.refresh(id);
  }

  private mediaPart(network: Network, accountKey: string): TextPart {
    let text: string | null | undefined = null;
    if (network === 'instagram') text = this.instagramMediaText.get(accountKey);
    else if (network === 'youtube') text = this.youtubeMediaText.get(accountKey);
    return text ? textPart(text.split('\n')) : emptyPart;
  }

  /** Ranked reports matching every word of `text` (the last as a prefix). Any input is safe. */
  search(text: string, limit = 20): SearchHit[] {
    const query = toMatchQuery(text);
    if (query === null || limit <= 0) return [];
    const wanted = Math.min(Math.trunc(limit), 500);
    // Accounts named by the words come first (a hit in the name or title outweighs every other
    // field), ranked among themselves; the rest follow by their rank over all fields. Ranking the
    // named few first keeps a search over 100,000 reports fast when a common word is in thousands
    // of captions: only when they are fewer than asked is every match ranked.
    const named = this.ranked.all(`{username title}: (${query})`, wanted);
    const order = named.length >= wanted ? named : [...named, ...this.ranked.all(query, wanted + named.length).filter((row) => !named.some((n) => n.id === row.id))].slice(0, wanted);
    if (order.length === 0) return [];
    // What matched where, for the kept rows only, by the whole query (every field a word is in).
    const rows = new Map(this.described.all(query, JSON.stringify(order.map((o) => o.id))).map((row) => [row.id, row]));
    return order.flatMap(({ id, rank }) => {
      const row = rows.get(id);
      if (!row) return [];
      const matches: SearchMatch[] = [];
      columns.forEach((column, i) => {
        const snippet = row[`s${i}`];
        const field = fieldOf[column];
        if (snippet && snippet.includes(MATCH_START) && !matches.some((m) => m.field === field)) matches.push({ field, snippet });
      });
      matches.sort((a, b) => fieldOrder.indexOf(a.field) - fieldOrder.indexOf(b.field));
      return [{ network: row.network, accountKey: row.account_key, username: row.username, title: row.title, score: -rank, matches }];
    });
  }
}

const fieldOrder: readonly SearchField[] = ['username', 'title', 'description', 'caption', 'hashtag'];
