// The full-text index over reports (`report_search`, one row per `reports` row, same rowid).
// Repositories call `refresh` inside their own transactions whenever a report or an account's
// media change; the report's own text and the media text are separate columns, so refreshing
// one side keeps the other.
import type Database from 'better-sqlite3';
import type { Network } from '../../api/types';
import type { Db } from '../database';
import { TEXT_LIMITS } from '../../api/schemas/textBounds';
import { emptyPart, textPart, usernameText, type TextPart } from './searchText';

/** The longest caption, title or description indexed (characters). */
const CAPTION = TEXT_LIMITS.caption;

const columns = ['username', 'title', 'description', 'report_text', 'report_tags', 'media_text', 'media_tags'] as const;

interface ReportRow {
  id: number;
  network: Network;
  account_key: string;
  username: string;
  title: string | null;
  description: string | null;
}

export class SearchIndex {
  private readonly reportRow: Database.Statement<[number], ReportRow>;
  private readonly reportIdOf: Database.Statement<[string, string], number>;
  private readonly currentReportPart: Database.Statement<[number], { report_text: string | null; report_tags: string | null }>;
  private readonly instagramMediaText: Database.Statement<[string], string | null>;
  private readonly youtubeMediaText: Database.Statement<[string], string | null>;
  private readonly remove: Database.Statement<[number]>;
  private readonly insert: Database.Statement<unknown[]>;

  constructor(db: Db) {
    this.reportRow = db.prepare('SELECT id, network, account_key, username, title, description FROM reports WHERE id = ?');
    this.reportIdOf = db.prepare<[string, string], number>('SELECT id FROM reports WHERE network = ? AND account_key = ?').pluck();
    this.currentReportPart = db.prepare('SELECT report_text, report_tags FROM report_search WHERE rowid = ?');
    // Each caption, title and description indexed up to a caption's length (textBounds.ts), cut
    // in SQL so a hostile one is never read whole into main; substr counts characters, never
    // splitting one. The media are kept whole.
    this.instagramMediaText = db
      .prepare<[string], string | null>(
        `SELECT (SELECT group_concat(substr(j.value ->> '$.basic.caption', 1, ${CAPTION}), char(10)) FROM json_each(m.media) AS j)
           FROM instagram_media AS m WHERE m.account_key = ? ORDER BY m.fetched_at DESC, m.id DESC LIMIT 1`,
      )
      .pluck();
    // The newest fetch of each page.
    this.youtubeMediaText = db
      .prepare<[string], string | null>(
        `WITH latest AS (
           SELECT raw FROM (SELECT raw, row_number() OVER (PARTITION BY page ORDER BY fetched_at DESC, id DESC) AS n
                              FROM youtube_media_pages WHERE account_key = ?) WHERE n = 1)
         SELECT group_concat(concat_ws(char(10), substr(j.value ->> '$.title', 1, ${CAPTION}), substr(j.value ->> '$.description', 1, ${CAPTION})), char(10))
           FROM latest, json_each(latest.raw, '$.media') AS j`,
      )
      .pluck();
    this.remove = db.prepare('DELETE FROM report_search WHERE rowid = ?');
    this.insert = db.prepare(`INSERT INTO report_search (rowid, ${columns.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
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
}
