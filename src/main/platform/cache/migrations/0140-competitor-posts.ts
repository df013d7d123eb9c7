import type { Migration } from '../migrate';

// The post browser sorts, filters and searches up to 50,000 posts of one analysis at once, so
// each post gets a typed row (indexed per analysis on what the browser sorts and filters by) and
// an FTS5 row over its caption and account, beside the raw pages kept as received (0060).
// An analysis also keeps what was asked (hashtags are not echoed by the API) and whether every
// page of its posts has been fetched. Each sort index ends in the post's place, the tie-breaker,
// so a sorted page is read straight from the index.
export const migration0140: Migration = {
  version: 140,
  name: 'competitor-posts',
  up(db) {
    db.exec(`
      ALTER TABLE competitor_reports ADD COLUMN request TEXT;
      ALTER TABLE competitor_reports ADD COLUMN posts_complete_size INTEGER;

      CREATE TABLE competitor_post_rows (
        id            INTEGER PRIMARY KEY,
        report_id     TEXT    NOT NULL REFERENCES competitor_reports (report_id) ON DELETE CASCADE,
        idx           INTEGER NOT NULL,
        post_date     TEXT,
        account       TEXT,
        account_url   TEXT,
        caption       TEXT,
        post_url      TEXT,
        paid_type     TEXT,
        er            REAL,
        performance   REAL,
        reach         REAL,
        likes         REAL,
        comments      REAL,
        video_views   REAL,
        account_type  TEXT,
        account_category TEXT,
        verified      INTEGER,
        followers     REAL,
        country       TEXT,
        est_budget    REAL,
        UNIQUE (report_id, idx)
      ) STRICT;
      CREATE INDEX competitor_post_rows_date ON competitor_post_rows (report_id, post_date, idx);
      CREATE INDEX competitor_post_rows_followers ON competitor_post_rows (report_id, followers, idx);
      CREATE INDEX competitor_post_rows_er ON competitor_post_rows (report_id, er, idx);
      CREATE INDEX competitor_post_rows_reach ON competitor_post_rows (report_id, reach, idx);
      CREATE INDEX competitor_post_rows_likes ON competitor_post_rows (report_id, likes, idx);
      CREATE INDEX competitor_post_rows_account ON competitor_post_rows (report_id, account COLLATE NOCASE, idx);
      CREATE INDEX competitor_post_rows_comments ON competitor_post_rows (report_id, comments, idx);
      CREATE INDEX competitor_post_rows_budget ON competitor_post_rows (report_id, est_budget, idx);
      CREATE INDEX competitor_post_rows_paid ON competitor_post_rows (report_id, paid_type);
      CREATE INDEX competitor_post_rows_country ON competitor_post_rows (report_id, country);

      CREATE VIRTUAL TABLE competitor_post_search USING fts5 (
        caption, account,
        content = 'competitor_post_rows', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );
      CREATE TRIGGER competitor_post_rows_ai AFTER INSERT ON competitor_post_rows BEGIN
        INSERT INTO competitor_post_search (rowid, caption, account) VALUES (new.id, new.caption, new.account);
      END;
      CREATE TRIGGER competitor_post_rows_ad AFTER DELETE ON competitor_post_rows BEGIN
        INSERT INTO competitor_post_search (competitor_post_search, rowid, caption, account) VALUES ('delete', old.id, old.caption, old.account);
      END;
      CREATE TRIGGER competitor_post_rows_au AFTER UPDATE ON competitor_post_rows BEGIN
        INSERT INTO competitor_post_search (competitor_post_search, rowid, caption, account) VALUES ('delete', old.id, old.caption, old.account);
        INSERT INTO competitor_post_search (rowid, caption, account) VALUES (new.id, new.caption, new.account);
      END;
    `);
  },
};
