import type { Migration } from '../migrate';

// A Team workspace mirrors every step of its credit ledger (opened, settled, failed, unknown,
// resolved) to the team ledger in PostgreSQL. Each step is queued here in the same transaction as
// the ledger write it mirrors, so no crash can leave a spend written but not queued; a step
// leaves the queue (pushed_at set) only once the team database has it. Each entry goes under one
// uuid of its own, the same for all its steps, so a step pushed twice (a lost answer, a restart)
// is one row in the team ledger. Pushed steps are kept (a few rows per paid call) so a later
// step finds its entry's uuid and state.
export const migration0210: Migration = {
  version: 210,
  name: 'team-ledger-outbox',
  up(db) {
    db.exec(`
      CREATE TABLE team_ledger_outbox (
        seq            INTEGER PRIMARY KEY AUTOINCREMENT,
        ledger_id      INTEGER NOT NULL,
        entry_id       TEXT    NOT NULL CHECK (entry_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-*' AND length(entry_id) = 36),
        state          TEXT    NOT NULL CHECK (state IN ('open', 'settled', 'failed', 'unknown', 'resolved')),
        operation      TEXT    NOT NULL,
        network        TEXT,
        account_key    TEXT,
        item           TEXT,
        balance        TEXT    NOT NULL CHECK (balance IN ('credits', 'miniReports', 'advancedReports', 'discoveryRequests')),
        expected_cost  INTEGER NOT NULL,
        cost           INTEGER,
        balance_before INTEGER,
        balance_after  INTEGER,
        note           TEXT,
        -- When the spend happened (the local ledger's created_at), ms.
        spent_at       INTEGER NOT NULL,
        queued_at      INTEGER NOT NULL,
        pushed_at      INTEGER,
        attempts       INTEGER NOT NULL DEFAULT 0,
        -- Why the team database refused it (a rule of the team schema): kept, never retried.
        refused        TEXT,
        UNIQUE (ledger_id, state),
        UNIQUE (entry_id, state)
      ) STRICT;
      CREATE INDEX team_ledger_outbox_waiting ON team_ledger_outbox (seq) WHERE pushed_at IS NULL AND refused IS NULL;
      CREATE INDEX team_ledger_outbox_by_entry ON team_ledger_outbox (ledger_id, seq);
    `);
  },
};
