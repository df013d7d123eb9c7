import type { Migration } from '../migrate';

// Discovery search pages (spec 4.11: paid per page, so every page is kept) and competitor
// analyses (4.13: the report, its aggregates once ready, and its posts page by page).
export const migration0060: Migration = {
  version: 60,
  name: 'discovery-and-competitor',
  up(db) {
    db.exec(`
      CREATE TABLE discovery_queries (
        query_hash       TEXT    PRIMARY KEY,
        network          TEXT,
        -- jsonb of the query without its page.
        query            BLOB    NOT NULL,
        first_fetched_at INTEGER NOT NULL,
        last_fetched_at  INTEGER NOT NULL,
        total_pages      INTEGER
      ) STRICT;
      CREATE INDEX discovery_queries_by_time ON discovery_queries (last_fetched_at);

      CREATE TABLE discovery_pages (
        query_hash   TEXT    NOT NULL REFERENCES discovery_queries (query_hash) ON DELETE CASCADE,
        page         INTEGER NOT NULL,
        fetched_at   INTEGER NOT NULL,
        result_count INTEGER NOT NULL,
        total_pages  INTEGER,
        queries_left INTEGER,
        -- jsonb of the page's whole result ({search_results, current_page, total_pages, queries_left}).
        raw          BLOB    NOT NULL,
        PRIMARY KEY (query_hash, page)
      ) STRICT;

      CREATE TABLE competitor_reports (
        report_id              TEXT    PRIMARY KEY,
        username               TEXT,
        date_from              TEXT,
        date_to                TEXT,
        state                  INTEGER,
        created_at             INTEGER NOT NULL,
        updated_at             INTEGER NOT NULL,
        -- jsonb of the create/get answer's report object ({config, basic}).
        description            BLOB    NOT NULL,
        -- jsonb of the aggregates (emv_value, reach_value, …) once the report is ready.
        aggregates             BLOB,
        aggregates_fetched_at  INTEGER
      ) STRICT;
      CREATE INDEX competitor_reports_by_time ON competitor_reports (updated_at);

      CREATE TABLE competitor_posts (
        report_id  TEXT    NOT NULL REFERENCES competitor_reports (report_id) ON DELETE CASCADE,
        page       INTEGER NOT NULL,
        size       INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        post_count INTEGER NOT NULL,
        posts      BLOB    NOT NULL,
        PRIMARY KEY (report_id, size, page)
      ) STRICT;
    `);
  },
};
