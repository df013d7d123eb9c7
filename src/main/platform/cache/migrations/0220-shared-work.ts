import type { Migration } from '../migrate';

// Shared work in a Team workspace (src/main/team/sharedWork.ts): every change of a shared thing
// this laptop knows — pulled from the team (seq set) or made here and not pushed yet (seq null,
// pushed in `id` order) — the local row each shared thing is kept in, what that row held when it
// was last synced (so a local edit is found by comparing, even one a crash kept from the
// outbox), how far the team's changes were pulled, the rows skipped as unreadable (with why),
// and the notices telling this researcher an edit of theirs was overtaken. Also where a
// researcher's own note and tags on an account are kept (shared like the rest).
export const migration0220: Migration = {
  version: 220,
  name: 'shared-work',
  up(db) {
    db.exec(`
      CREATE TABLE shared_state (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        -- This laptop's id in the team's changes (a uuid), drawn once.
        origin     TEXT    NOT NULL CHECK (length(origin) = 36),
        pulled_seq INTEGER NOT NULL DEFAULT 0 CHECK (pulled_seq >= 0)
      ) STRICT;

      CREATE TABLE shared_changes (
        id           INTEGER PRIMARY KEY,
        change_id    TEXT    NOT NULL UNIQUE CHECK (length(change_id) = 36),
        seq          INTEGER UNIQUE CHECK (seq > 0),
        origin       TEXT    NOT NULL,
        doc_kind     TEXT    NOT NULL,
        doc_id       TEXT    NOT NULL CHECK (length(doc_id) = 36),
        field        TEXT    NOT NULL CHECK (length(field) BETWEEN 1 AND 200),
        -- JSON text; null: the field removed.
        value        TEXT    CHECK (value IS NULL OR json_valid(value)),
        base_version INTEGER NOT NULL CHECK (base_version >= 0),
        -- The researcher's role and name, as the team database says; null while not pushed.
        author       TEXT,
        author_name  TEXT,
        changed_at   INTEGER NOT NULL,
        -- Why the team database refused this change of ours (it stays here, in its history).
        refused      TEXT
      ) STRICT;
      CREATE INDEX shared_changes_by_doc ON shared_changes (doc_kind, doc_id, seq);
      CREATE INDEX shared_changes_pending ON shared_changes (id) WHERE seq IS NULL AND refused IS NULL;

      CREATE TABLE shared_docs (
        doc_kind     TEXT    NOT NULL,
        doc_id       TEXT    NOT NULL CHECK (length(doc_id) = 36),
        -- The row it is kept in locally (a comparison's id …); null until it could be written.
        local_id     INTEGER,
        -- What that row held when last synced, as the shared fields (JSON object).
        synced       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(synced)),
        -- Why the latest version is not in the local row yet (a report it needs has not arrived).
        waiting      TEXT,
        PRIMARY KEY (doc_kind, doc_id),
        UNIQUE (doc_kind, local_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE shared_skipped (
        seq        INTEGER PRIMARY KEY,
        reason     TEXT    NOT NULL,
        skipped_at INTEGER NOT NULL
      ) STRICT;

      -- A researcher's own note and tags on an account (tags: a JSON array of strings).
      CREATE TABLE account_notes (
        id          INTEGER PRIMARY KEY,
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL,
        note        TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
        tags        TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
        updated_at  INTEGER NOT NULL,
        UNIQUE (network, account_key)
      ) STRICT;

      CREATE TABLE shared_notices (
        -- The change of this researcher that was overtaken, and the one that overtook it.
        overtaken_change TEXT    PRIMARY KEY REFERENCES shared_changes (change_id),
        by_change        TEXT    NOT NULL REFERENCES shared_changes (change_id),
        dismissed        INTEGER NOT NULL DEFAULT 0 CHECK (dismissed IN (0, 1))
      ) STRICT;
    `);
  },
};
