import type { Migration } from '../migrate';

// A year of an agency's work is 100,000 reports. The library sorts by every column it shows and
// filters by a few; at that size a sort without its index, or a count that reads the table, takes
// tens of milliseconds each time the researcher types. So:
// - every library sort has an index on exactly its ORDER BY expression (the library reads a page
//   straight from it when the filters keep most rows: ReportsRepository.library);
// - one narrow covering index holds every column the library filters by, so counting the
//   matches of any combination of filters reads it alone, never the wide table;
// - a competitor analysis's account types are read by an index too (the post browser's facets).
export const migration0230: Migration = {
  version: 230,
  name: 'library-at-scale',
  up(db) {
    db.exec(`
      CREATE INDEX reports_filters                ON reports (network, state, country, fetched_at, followers);
      CREATE INDEX reports_by_first_fetched_at    ON reports (first_fetched_at);
      CREATE INDEX reports_by_unlocked_at         ON reports (unlocked_at);
      CREATE INDEX reports_by_valid_until         ON reports (valid_until);
      CREATE INDEX reports_by_network_only        ON reports (network);
      CREATE INDEX reports_by_state               ON reports (state);
      CREATE INDEX reports_by_account_id          ON reports (account_id COLLATE NOCASE);
      CREATE INDEX reports_by_verified            ON reports (verified);
      CREATE INDEX reports_by_growth_prc          ON reports (growth_prc);
      CREATE INDEX reports_by_avg_likes           ON reports (avg_likes);
      CREATE INDEX reports_by_avg_comments        ON reports (avg_comments);
      CREATE INDEX reports_by_country_name        ON reports (country COLLATE NOCASE);
      CREATE INDEX reports_by_language            ON reports (language COLLATE NOCASE);
      CREATE INDEX competitor_post_rows_account_type ON competitor_post_rows (report_id, account_type);
    `);
  },
};
