import type { Migration } from '../migrate';

// Fetches that ended without a saved report: failed (with why), cancelled, or paid for but not
// fetched. One row per account, the latest attempt; removed when a report of it is saved. The
// library lists them beside the cached reports, so an account the researcher asked for never
// vanishes, and its page says what happened.
export const migration0110: Migration = {
  version: 110,
  name: 'fetch-attempts',
  up(db) {
    db.exec(`
      CREATE TABLE fetch_attempts (
        network       TEXT    NOT NULL,
        account_key   TEXT    NOT NULL,
        -- The name the API was sent (a YouTube channel id keeps its letter case).
        api_name      TEXT    NOT NULL,
        tiktok_type   TEXT    CHECK (tiktok_type IN ('report', 'advanced_report')),
        outcome       TEXT    NOT NULL CHECK (outcome IN ('failed', 'cancelled', 'paid-not-fetched')),
        error_code    TEXT,
        error_message TEXT,
        at            INTEGER NOT NULL,
        -- What the attempts spent, per balance, refunds deducted: {"credits":1}.
        spent         TEXT    NOT NULL DEFAULT '{}',
        PRIMARY KEY (network, account_key)
      ) STRICT;
      CREATE INDEX fetch_attempts_by_time ON fetch_attempts (at);
    `);
  },
};
