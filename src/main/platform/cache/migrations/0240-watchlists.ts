import type { Migration } from '../migrate';

// Watchlists (domains/tracking/trackingService.ts): named groups of accounts refreshed on a schedule.
// A member keeps the account as the researcher gave it (its cache key, the exact name the API is
// sent, whether a TikTok account was given by user id), so a refresh never re-reads a name, and
// how its latest refresh ended. A renewal is reserved here before its credit is spent and kept
// once spent, so a month's cap holds even when Scout stops in the middle of one.
export const migration0240: Migration = {
  version: 240,
  name: 'watchlists',
  up(db) {
    db.exec(`
      CREATE TABLE watchlists (
        id          INTEGER PRIMARY KEY,
        name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        schedule    TEXT    NOT NULL CHECK (schedule IN ('daily', 'weekly', 'manual')),
        -- Credits a month its renewals may spend; 0: it never renews (refreshes only what is free).
        renew_cap   INTEGER NOT NULL DEFAULT 0 CHECK (renew_cap BETWEEN 0 AND 10000),
        paused      INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        created_at  INTEGER NOT NULL,
        -- When its latest run began (a scheduled run is due a day or a week after it).
        last_run_at INTEGER
      ) STRICT;
      CREATE UNIQUE INDEX watchlists_by_name ON watchlists (name COLLATE NOCASE);

      CREATE TABLE watchlist_accounts (
        watchlist_id INTEGER NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        network      TEXT    NOT NULL CHECK (network IN ('instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat')),
        account_key  TEXT    NOT NULL CHECK (length(account_key) BETWEEN 1 AND 100),
        api_name     TEXT    NOT NULL CHECK (length(api_name) BETWEEN 1 AND 100),
        by_user_id   INTEGER NOT NULL DEFAULT 0 CHECK (by_user_id IN (0, 1)),
        added_at     INTEGER NOT NULL,
        -- The latest refresh of this account by this watchlist: when, and how it ended.
        checked_at   INTEGER,
        outcome      TEXT    CHECK (outcome IN ('refreshed', 'renewed', 'needs-credit', 'failed', 'cancelled')),
        message      TEXT,
        PRIMARY KEY (watchlist_id, network, account_key)
      ) STRICT;
      CREATE INDEX watchlist_accounts_by_account ON watchlist_accounts (network, account_key);

      CREATE TABLE watchlist_renewals (
        id           INTEGER PRIMARY KEY,
        watchlist_id INTEGER NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        network      TEXT    NOT NULL,
        account_key  TEXT    NOT NULL,
        credits      INTEGER NOT NULL CHECK (credits > 0),
        at           INTEGER NOT NULL,
        -- 'reserved' while its fetch is out (it counts against the cap), 'spent' once paid.
        state        TEXT    NOT NULL CHECK (state IN ('reserved', 'spent'))
      ) STRICT;
      CREATE INDEX watchlist_renewals_by_month ON watchlist_renewals (watchlist_id, at);
    `);
  },
};
