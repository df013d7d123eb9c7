import type { Migration } from '../migrate';

// Every call that may spend a credit, written before it is sent and settled after, so a crash
// or a lost answer never turns into a second payment and the researcher can see what was spent.
export const migration0090: Migration = {
  version: 90,
  name: 'credit-ledger',
  up(db) {
    db.exec(`
      CREATE TABLE credit_ledger (
        id             INTEGER PRIMARY KEY,
        created_at     INTEGER NOT NULL,
        operation      TEXT    NOT NULL,
        network        TEXT,
        account_key    TEXT,
        balance        TEXT    NOT NULL CHECK (balance IN ('credits', 'miniReports', 'advancedReports', 'discoveryRequests')),
        -- What Scout told the researcher the call would cost.
        expected_cost  INTEGER NOT NULL,
        -- The balance known just before the call was sent, to resolve an unknown outcome.
        balance_before INTEGER,
        status         TEXT    NOT NULL CHECK (status IN ('pending', 'settled', 'failed', 'unknown', 'resolved')),
        -- What was really spent once known (a refund is a later row with -1).
        actual_cost    INTEGER,
        balance_after  INTEGER,
        settled_at     INTEGER,
        note           TEXT
      ) STRICT;
      CREATE INDEX credit_ledger_by_time ON credit_ledger (created_at);
      CREATE INDEX credit_ledger_open ON credit_ledger (status) WHERE status IN ('pending', 'unknown');
      CREATE INDEX credit_ledger_by_account ON credit_ledger (network, account_key);
    `);
  },
};
