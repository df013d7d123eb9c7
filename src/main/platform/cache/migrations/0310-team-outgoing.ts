import type { Migration } from '../migrate';

// One outbox for everything a Team workspace still has to send (team/transport/): the paid
// records (until now team_outbox, 0200), the spending ledger's steps (team_ledger_outbox, 0210)
// and this laptop's shared-work changes not pushed yet (shared_changes rows without a seq, 0220),
// each row tagged with its stream and pushed in `id` order within it; and one table for the
// teammates' rows set aside as unreadable (team_skipped and shared_skipped until now).
//
// - team_outgoing: `payload` the row's fields as a JSON object (a record's kind, item and when it
//   was fetched, and the file its body is in if any; a ledger step's columns as before; a change's
//   columns as before), `body` a record's JSON text or bytes. A row the team database refused for
//   good keeps `refused_at` and why (`last_error`) and is not tried again. A record or a change
//   leaves once pushed; a ledger step stays with `pushed_at` (a later step reads its entry's uuid).
// - team_set_aside: per stream, the sequence number of a teammate's row and why it was not applied.
//
// What was queued moves in this migration's transaction (every pending migration runs in one): a
// laptop killed while migrating finds its old tables as they were, and the move runs again. The old
// names stay as views for reading (a stream's rows in their old columns).
export const migration0310: Migration = {
  version: 310,
  name: 'team-outgoing',
  up(db) {
    db.exec(`
      CREATE TABLE team_outgoing (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        stream          TEXT    NOT NULL CHECK (stream IN ('records', 'shared', 'ledger')),
        payload         TEXT    NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
        body            ANY     CHECK (body IS NULL OR typeof(body) IN ('text', 'blob')),
        queued_at       INTEGER NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_attempt_at INTEGER,
        last_error      TEXT,
        refused_at      INTEGER,
        pushed_at       INTEGER,
        CHECK (refused_at IS NULL OR last_error IS NOT NULL),
        CHECK (stream <> 'records' OR (length(json_extract(payload, '$.kind')) BETWEEN 1 AND 40 AND length(json_extract(payload, '$.item_key')) BETWEEN 1 AND 400
                                       AND (body IS NOT NULL) + (json_extract(payload, '$.file') IS NOT NULL) = 1)),
        CHECK (stream <> 'ledger' OR (json_extract(payload, '$.state') IN ('open', 'settled', 'failed', 'unknown', 'resolved')
                                      AND length(json_extract(payload, '$.entry_id')) = 36
                                      AND json_extract(payload, '$.balance') IN ('credits', 'miniReports', 'advancedReports', 'discoveryRequests'))),
        CHECK (stream <> 'shared' OR length(json_extract(payload, '$.change_id')) = 36)
      ) STRICT;
      -- What waits in a stream, in order (pushed ledger steps stay, so never a scan past them).
      CREATE INDEX team_outgoing_waiting ON team_outgoing (stream, pushed_at, refused_at, id);
      CREATE UNIQUE INDEX team_outgoing_ledger_step ON team_outgoing (json_extract(payload, '$.ledger_id'), json_extract(payload, '$.state')) WHERE stream = 'ledger';
      CREATE UNIQUE INDEX team_outgoing_ledger_entry ON team_outgoing (json_extract(payload, '$.entry_id'), json_extract(payload, '$.state')) WHERE stream = 'ledger';
      CREATE UNIQUE INDEX team_outgoing_change ON team_outgoing (json_extract(payload, '$.change_id')) WHERE stream = 'shared';
      -- A thing's changes are read at every capture (shared_change_log by doc): its pending ones by index too.
      CREATE INDEX team_outgoing_shared_doc ON team_outgoing (json_extract(payload, '$.doc_kind'), json_extract(payload, '$.doc_id')) WHERE stream = 'shared';

      CREATE TABLE team_set_aside (
        stream     TEXT    NOT NULL CHECK (stream IN ('records', 'shared')),
        seq        INTEGER NOT NULL,
        kind       TEXT,
        item_key   TEXT,
        researcher TEXT,
        reason     TEXT    NOT NULL,
        skipped_at INTEGER NOT NULL,
        PRIMARY KEY (stream, seq)
      ) STRICT;

      INSERT INTO team_outgoing (stream, payload, body, queued_at, attempts, last_attempt_at, last_error, refused_at)
        SELECT 'records', json_object('kind', kind, 'item_key', item_key, 'fetched_at', fetched_at, 'file', body_file),
               coalesce(body_json, body_bytes), queued_at, attempts, last_attempt_at, last_error, refused_at
          FROM team_outbox ORDER BY id;
      INSERT INTO team_outgoing (stream, payload, queued_at, attempts, last_error, refused_at, pushed_at)
        SELECT 'ledger', json_object('ledger_id', ledger_id, 'entry_id', entry_id, 'state', state, 'operation', operation, 'network', network,
                                     'account_key', account_key, 'item', item, 'balance', balance, 'expected_cost', expected_cost, 'cost', cost,
                                     'balance_before', balance_before, 'balance_after', balance_after, 'note', note, 'spent_at', spent_at),
               -- When it was refused was not kept: when it was queued stands for it.
               queued_at, attempts, refused, CASE WHEN refused IS NOT NULL THEN queued_at END, pushed_at
          FROM team_ledger_outbox ORDER BY seq;
      INSERT INTO team_outgoing (stream, payload, queued_at, last_error, refused_at)
        SELECT 'shared', json_object('change_id', change_id, 'origin', origin, 'doc_kind', doc_kind, 'doc_id', doc_id, 'field', field,
                                     'value', value, 'base_version', base_version, 'changed_at', changed_at),
               changed_at, refused, CASE WHEN refused IS NOT NULL THEN changed_at END
          FROM shared_changes WHERE seq IS NULL ORDER BY id;
      DELETE FROM shared_changes WHERE seq IS NULL;
      INSERT INTO team_set_aside (stream, seq, kind, item_key, researcher, reason, skipped_at)
        SELECT 'records', seq, kind, item_key, researcher, reason, skipped_at FROM team_skipped;
      INSERT INTO team_set_aside (stream, seq, reason, skipped_at) SELECT 'shared', seq, reason, skipped_at FROM shared_skipped;

      DROP TABLE team_outbox;
      DROP TABLE team_ledger_outbox;
      DROP TABLE team_skipped;
      DROP TABLE shared_skipped;

      CREATE VIEW team_outbox AS
        SELECT id, json_extract(payload, '$.kind') AS kind, json_extract(payload, '$.item_key') AS item_key, json_extract(payload, '$.fetched_at') AS fetched_at,
               CASE WHEN typeof(body) = 'text' THEN body END AS body_json, CASE WHEN typeof(body) = 'blob' THEN body END AS body_bytes,
               json_extract(payload, '$.file') AS body_file, queued_at, attempts, last_attempt_at, last_error, refused_at
          FROM team_outgoing WHERE stream = 'records';
      CREATE VIEW team_ledger_outbox AS
        SELECT id AS seq, json_extract(payload, '$.ledger_id') AS ledger_id, json_extract(payload, '$.entry_id') AS entry_id, json_extract(payload, '$.state') AS state,
               json_extract(payload, '$.operation') AS operation, json_extract(payload, '$.network') AS network, json_extract(payload, '$.account_key') AS account_key,
               json_extract(payload, '$.item') AS item, json_extract(payload, '$.balance') AS balance, json_extract(payload, '$.expected_cost') AS expected_cost,
               json_extract(payload, '$.cost') AS cost, json_extract(payload, '$.balance_before') AS balance_before, json_extract(payload, '$.balance_after') AS balance_after,
               json_extract(payload, '$.note') AS note, json_extract(payload, '$.spent_at') AS spent_at, queued_at, pushed_at, attempts,
               CASE WHEN refused_at IS NOT NULL THEN last_error END AS refused
          FROM team_outgoing WHERE stream = 'ledger';
      -- Every shared change this laptop knows: pulled or pushed (shared_changes), and its own not pushed yet (seq null).
      CREATE VIEW shared_change_log AS
        SELECT id, change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at, refused FROM shared_changes
        UNION ALL
        SELECT id, json_extract(payload, '$.change_id'), NULL, json_extract(payload, '$.origin'), json_extract(payload, '$.doc_kind'), json_extract(payload, '$.doc_id'),
               json_extract(payload, '$.field'), json_extract(payload, '$.value'), json_extract(payload, '$.base_version'), NULL, NULL, json_extract(payload, '$.changed_at'),
               CASE WHEN refused_at IS NOT NULL THEN last_error END
          FROM team_outgoing WHERE stream = 'shared';
      CREATE VIEW team_skipped AS SELECT seq, kind, item_key, researcher, reason, skipped_at FROM team_set_aside WHERE stream = 'records';
      CREATE VIEW shared_skipped AS SELECT seq, reason, skipped_at FROM team_set_aside WHERE stream = 'shared';
    `);
  },
};
