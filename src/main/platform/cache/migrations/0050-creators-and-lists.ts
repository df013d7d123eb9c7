import type { Migration } from '../migrate';

// Creator profiles (spec 2.10) and saved lists (2.12): the raw record as jsonb plus the
// columns used to find them.
export const migration0050: Migration = {
  version: 50,
  name: 'creators-and-lists',
  up(db) {
    db.exec(`
      CREATE TABLE creators (
        id          TEXT    PRIMARY KEY,
        first_name  TEXT,
        last_name   TEXT,
        country     TEXT,
        is_favorite INTEGER,
        fetched_at  INTEGER NOT NULL,
        raw         BLOB    NOT NULL
      ) STRICT;

      -- The creator's accounts, for "who is behind this account".
      CREATE TABLE creator_accounts (
        creator_id         TEXT    NOT NULL REFERENCES creators (id) ON DELETE CASCADE,
        network            TEXT    NOT NULL,
        account_key        TEXT    NOT NULL,
        social_id          TEXT,
        subscribers_count  REAL,
        is_report_unlocked INTEGER,
        report_unlocked_at INTEGER,
        PRIMARY KEY (creator_id, network, account_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX creator_accounts_by_account ON creator_accounts (network, account_key);

      CREATE TABLE lists (
        id         INTEGER PRIMARY KEY,
        fetched_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE list_items (
        list_id     INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        report_id   INTEGER NOT NULL,
        position    INTEGER NOT NULL,
        network     TEXT,
        account_key TEXT,
        name        TEXT,
        followers   REAL,
        comment     TEXT,
        created     INTEGER,
        fetched_at  INTEGER NOT NULL,
        raw         BLOB    NOT NULL,
        PRIMARY KEY (list_id, report_id)
      ) STRICT;
      CREATE INDEX list_items_by_position ON list_items (list_id, position);
      CREATE INDEX list_items_by_account ON list_items (network, account_key);
    `);
  },
};
