import type { Migration } from '../migrate';

// Full-text search over reports: one row per `reports` row (same rowid). The repositories
// keep it in sync. Text from the report itself (its posts, challenges, hashtags) and text from
// the account's media (captions, video titles) sit in separate columns so that either side can
// be refreshed without the other.
export const migration0080: Migration = {
  version: 80,
  name: 'search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE report_search USING fts5 (
        username, title, description, report_text, report_tags, media_text, media_tags,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );
      -- Ranking: a hit in the name or title outweighs one in a caption.
      INSERT INTO report_search (report_search, rank) VALUES ('rank', 'bm25(10.0, 8.0, 3.0, 1.0, 2.0, 1.0, 2.0)');
      INSERT INTO report_search (rowid, username, title, description)
        SELECT id, username, title, description FROM reports;
    `);
  },
};
