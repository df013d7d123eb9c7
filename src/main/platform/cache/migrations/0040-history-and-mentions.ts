import type { Migration } from '../migrate';

// Per-account companion documents: metrics history (spec 2.9, Twitter and Instagram) and
// brand mentions (2.7 YouTube, 2.8 TikTok). Every fetch is kept.
export const migration0040: Migration = {
  version: 40,
  name: 'history-and-mentions',
  up(db) {
    db.exec(`
      CREATE TABLE metrics_history (
        id          INTEGER PRIMARY KEY,
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        fetched_at  INTEGER NOT NULL,
        raw         BLOB    NOT NULL
      ) STRICT;
      CREATE INDEX metrics_history_by_account ON metrics_history (network, account_key, fetched_at);

      CREATE TABLE brand_mentions (
        id          INTEGER PRIMARY KEY,
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        fetched_at  INTEGER NOT NULL,
        raw         BLOB    NOT NULL
      ) STRICT;
      CREATE INDEX brand_mentions_by_account ON brand_mentions (network, account_key, fetched_at);
    `);
  },
};
