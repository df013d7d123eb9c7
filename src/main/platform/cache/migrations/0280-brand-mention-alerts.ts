import type { Migration } from '../migrate';

// Alerts gain the kind "new-mention" (a brand that did not mention a watched account before):
// SQLite cannot change a CHECK, so the alerts table is built again with it, its rows and ids
// copied as they are. The alert's evidence is the two brand-mention fetches compared
// (before_at, after_at), the new brands' names one a line (detail) and their number (after_value);
// after_snapshot_id is the newer fetch's id, so one fetch raises it once.
export const migration0280: Migration = {
  version: 280,
  name: 'brand-mention-alerts',
  up(db) {
    db.exec(`
      CREATE TABLE alerts_next (
        id                 INTEGER PRIMARY KEY,
        watchlist_id       INTEGER REFERENCES watchlists (id) ON DELETE SET NULL,
        network            TEXT    NOT NULL,
        account_key        TEXT    NOT NULL,
        kind               TEXT    NOT NULL CHECK (kind IN ('follower-drop', 'follower-spike', 'low-engagement', 'quality-drop', 'unavailable', 'new-mention')),
        raised_at          INTEGER NOT NULL,
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
      INSERT INTO alerts_next SELECT id, watchlist_id, network, account_key, kind, raised_at, before_snapshot_id, after_snapshot_id, before_at, after_at,
        before_value, after_value, threshold, days, detail, read_at FROM alerts;
      DROP TABLE alerts;
      ALTER TABLE alerts_next RENAME TO alerts;
      CREATE INDEX alerts_by_time ON alerts (raised_at DESC, id DESC);
      CREATE INDEX alerts_unread ON alerts (id) WHERE read_at IS NULL;
    `);
  },
};
