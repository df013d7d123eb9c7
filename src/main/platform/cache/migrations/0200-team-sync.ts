import type { Migration } from '../migrate';

// A Team workspace's side of the team database (team/sync.ts):
// - team_outbox: paid records saved here and not yet in the team database, in the order they
//   were saved. Written in the same moment as the snapshot, so a crash or a team database that
//   cannot be reached loses nothing: the row waits and is pushed later. Its body is the JSON
//   text, the bytes, or the path of a file Scout keeps anyway (a PDF in the archive). A record
//   the team database refuses outright (too large, a rule of its schema) is kept, with why,
//   and no longer tried.
// - team_sync: how far this laptop has read the team's records (the last sequence number applied).
// - team_skipped: teammates' records this Scout could not apply (an unknown kind, an unreadable
//   body), kept with the reason: said, never guessed at, and never asked for again.
export const migration0200: Migration = {
  version: 200,
  name: 'team-sync',
  up(db) {
    db.exec(`
      CREATE TABLE team_outbox (
        id              INTEGER PRIMARY KEY,
        kind            TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
        item_key        TEXT    NOT NULL CHECK (length(item_key) BETWEEN 1 AND 400),
        fetched_at      INTEGER NOT NULL,
        body_json       TEXT,
        body_bytes      BLOB,
        body_file       TEXT,
        queued_at       INTEGER NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_attempt_at INTEGER,
        last_error      TEXT,
        refused_at      INTEGER,
        CHECK ((body_json IS NOT NULL) + (body_bytes IS NOT NULL) + (body_file IS NOT NULL) = 1),
        CHECK (refused_at IS NULL OR last_error IS NOT NULL)
      ) STRICT;
      CREATE INDEX team_outbox_pending ON team_outbox (id) WHERE refused_at IS NULL;

      CREATE TABLE team_sync (
        id             INTEGER PRIMARY KEY CHECK (id = 1),
        cursor         INTEGER NOT NULL CHECK (cursor >= 0),
        last_pulled_at INTEGER
      ) STRICT;
      INSERT INTO team_sync (id, cursor) VALUES (1, 0);

      CREATE TABLE team_skipped (
        seq        INTEGER PRIMARY KEY,
        kind       TEXT    NOT NULL,
        item_key   TEXT,
        researcher TEXT,
        reason     TEXT    NOT NULL,
        skipped_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
