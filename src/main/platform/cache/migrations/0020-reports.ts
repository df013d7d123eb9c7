import type { Migration } from '../migrate';

// Reports. Every fetch of an account is kept as a snapshot (the API's `result` as jsonb plus
// the summary columns); `reports` holds one row per account with the newest snapshot's columns
// for the library's filters and sorts. Big arrays (follower charts) live in `report_series`,
// out of the snapshot's raw, so reading a snapshot's other fields never drags them along.
export const migration0020: Migration = {
  version: 20,
  name: 'reports',
  up(db) {
    db.exec(`
      CREATE TABLE report_snapshots (
        id               INTEGER PRIMARY KEY,
        network          TEXT    NOT NULL,
        account_key      TEXT    NOT NULL,
        fetched_at       INTEGER NOT NULL,
        state            TEXT    NOT NULL CHECK (state IN ('READY', 'READY_LOW_CONFIDENCE')),
        quality          TEXT,
        valid_until      INTEGER,
        tiktok_type      TEXT    CHECK (tiktok_type IN ('report', 'advanced_report')),
        account_id       TEXT,
        username         TEXT    NOT NULL,
        title            TEXT,
        description      TEXT,
        avatar_url       TEXT,
        verified         INTEGER CHECK (verified IN (0, 1)),
        followers        REAL,
        engagement_rate  REAL,
        growth_prc       REAL,
        avg_views        REAL,
        avg_likes        REAL,
        avg_comments     REAL,
        audience_quality REAL,
        country          TEXT,
        language         TEXT,
        -- jsonb(result), with the series of report_series replaced by null.
        raw              BLOB    NOT NULL
      ) STRICT;
      CREATE INDEX report_snapshots_by_account ON report_snapshots (network, account_key, fetched_at);

      CREATE TABLE report_series (
        snapshot_id INTEGER NOT NULL REFERENCES report_snapshots (id) ON DELETE CASCADE,
        -- Dotted path inside the result ('user.followers_chart').
        name        TEXT    NOT NULL,
        point_count INTEGER NOT NULL,
        points      BLOB    NOT NULL,
        PRIMARY KEY (snapshot_id, name)
      ) STRICT;

      CREATE TABLE reports (
        id                 INTEGER PRIMARY KEY,
        network            TEXT    NOT NULL,
        account_key        TEXT    NOT NULL,
        latest_snapshot_id INTEGER NOT NULL REFERENCES report_snapshots (id),
        snapshot_count     INTEGER NOT NULL,
        first_fetched_at   INTEGER NOT NULL,
        fetched_at         INTEGER NOT NULL,
        unlocked_at        INTEGER,
        valid_until        INTEGER,
        state              TEXT    NOT NULL,
        quality            TEXT,
        tiktok_type        TEXT,
        account_id         TEXT,
        username           TEXT    NOT NULL,
        title              TEXT,
        description        TEXT,
        avatar_url         TEXT,
        verified           INTEGER,
        followers          REAL,
        engagement_rate    REAL,
        growth_prc         REAL,
        avg_views          REAL,
        avg_likes          REAL,
        avg_comments       REAL,
        audience_quality   REAL,
        country            TEXT,
        language           TEXT,
        UNIQUE (network, account_key)
      ) STRICT;
      -- The library's sorts (each index also serves the reverse order) and filters.
      CREATE INDEX reports_by_fetched_at       ON reports (fetched_at);
      CREATE INDEX reports_by_network          ON reports (network, fetched_at);
      CREATE INDEX reports_by_country          ON reports (country, fetched_at);
      CREATE INDEX reports_by_followers        ON reports (followers);
      CREATE INDEX reports_by_engagement_rate  ON reports (engagement_rate);
      CREATE INDEX reports_by_audience_quality ON reports (audience_quality);
      CREATE INDEX reports_by_avg_views        ON reports (avg_views);
      CREATE INDEX reports_by_username         ON reports (username COLLATE NOCASE);
      CREATE INDEX reports_by_title            ON reports (title COLLATE NOCASE);
    `);
  },
};
