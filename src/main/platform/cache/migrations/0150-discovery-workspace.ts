import type { Migration } from '../migrate';

// The discovery workspace (issue 13): saved queries and their run history, the local shortlist,
// sandbox pages cached apart from production ones (a sandbox page is sample data and must never
// answer a production view), lists known to be complete, and the answers of auditor.creators
// about accounts Scout had no record of (so a quote asks once, and the fetch's cost check and an
// offline quote agree with it).
export const migration0150: Migration = {
  version: 150,
  name: 'discovery-workspace',
  up(db) {
    db.exec(`
      -- Existing pages were all fetched in production; a sandbox page's hash is taken apart too.
      ALTER TABLE discovery_queries ADD COLUMN sandbox INTEGER NOT NULL DEFAULT 0 CHECK (sandbox IN (0, 1));

      CREATE TABLE discovery_saved_queries (
        id         INTEGER PRIMARY KEY,
        name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        network    TEXT    NOT NULL,
        -- The normalised request body without its page, as JSON text.
        body       TEXT    NOT NULL CHECK (json_valid(body)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX discovery_saved_queries_by_time ON discovery_saved_queries (updated_at);

      CREATE TABLE discovery_runs (
        id               INTEGER PRIMARY KEY,
        query_id         INTEGER NOT NULL REFERENCES discovery_saved_queries (id) ON DELETE CASCADE,
        at               INTEGER NOT NULL,
        sandbox          INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        from_page        INTEGER NOT NULL CHECK (from_page BETWEEN 1 AND 500),
        to_page          INTEGER NOT NULL CHECK (to_page BETWEEN from_page AND 500),
        pages_fetched    INTEGER NOT NULL CHECK (pages_fetched >= 0),
        pages_from_cache INTEGER NOT NULL CHECK (pages_from_cache >= 0),
        calls_spent      INTEGER NOT NULL CHECK (calls_spent >= 0),
        outcome          TEXT    NOT NULL CHECK (outcome IN ('finished', 'cancelled', 'failed')),
        message          TEXT
      ) STRICT;
      CREATE INDEX discovery_runs_by_query ON discovery_runs (query_id, at);

      CREATE TABLE shortlist (
        id          INTEGER PRIMARY KEY,
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        -- The account as the contract's account field reads it (username, or a YouTube channel id).
        account     TEXT    NOT NULL,
        title       TEXT,
        avatar_url  TEXT,
        followers   REAL,
        added_at    INTEGER NOT NULL,
        note        TEXT    NOT NULL DEFAULT '',
        UNIQUE (network, account_key)
      ) STRICT;

      ALTER TABLE lists ADD COLUMN complete INTEGER NOT NULL DEFAULT 0 CHECK (complete IN (0, 1));

      -- When Scout last asked auditor.creators whether the API account has unlocked an account's
      -- report. What it answered is kept with the creators (creator_accounts); this remembers
      -- that it was asked, so a "not unlocked" answer is not asked again at every quote.
      CREATE TABLE unlock_lookups (
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        asked_at    INTEGER NOT NULL,
        unlocked_at INTEGER,
        PRIMARY KEY (network, account_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX creator_accounts_by_social_id ON creator_accounts (network, lower(social_id));
    `);
  },
};
