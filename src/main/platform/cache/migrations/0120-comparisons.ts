import type { Migration } from '../migrate';

// Saved comparisons (Compare): a name, a period, and 2 to 10 accounts, each pinned to the
// snapshot the comparison was made from, so a sheet already sent never changes when an account
// is refreshed. The pin references the snapshot together with its account, so the database
// itself refuses a snapshot of another account, and refuses to delete a pinned snapshot.
export const migration0120: Migration = {
  version: 120,
  name: 'comparisons',
  up(db) {
    db.exec(`
      -- What a composite foreign key needs to point at; id alone is already unique.
      CREATE UNIQUE INDEX report_snapshots_by_id_and_account ON report_snapshots (id, network, account_key);

      CREATE TABLE comparisons (
        id         INTEGER PRIMARY KEY,
        name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        period     TEXT    NOT NULL CHECK (period IN ('7d', '30d', '90d', '180d', '365d')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX comparisons_by_updated_at ON comparisons (updated_at);

      CREATE TABLE comparison_items (
        comparison_id INTEGER NOT NULL REFERENCES comparisons (id) ON DELETE CASCADE,
        position      INTEGER NOT NULL CHECK (position >= 0),
        network       TEXT    NOT NULL,
        account_key   TEXT    NOT NULL,
        snapshot_id   INTEGER NOT NULL,
        note          TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
        PRIMARY KEY (comparison_id, position),
        UNIQUE (comparison_id, network, account_key),
        FOREIGN KEY (snapshot_id, network, account_key) REFERENCES report_snapshots (id, network, account_key)
      ) STRICT;
      CREATE INDEX comparison_items_by_snapshot ON comparison_items (snapshot_id, network, account_key);
    `);
  },
};
