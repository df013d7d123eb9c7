// The team ledger says when a spend happened, not when it reached the team database: an outbox
// may hold a laptop's steps for days while the team cannot be reached, and a month's totals (and
// a monthly limit) go by when the money was spent. And a refund (a failed generation gives its
// credit back) is a spend of -1, as in each laptop's own ledger.
//
// `spent_at` is the laptop's word, given on the entry's opening row only; it may not lie in the
// server's future (a few minutes of clock skew aside). The view shows it as the entry's time,
// the server's `opened_at` where an older row has none.
import { RESEARCHER_GROUP, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

const sql = `
ALTER TABLE ${S}.ledger ADD COLUMN spent_at timestamptz;
ALTER TABLE ${S}.ledger ADD CONSTRAINT ledger_spent_at_check
  CHECK (spent_at IS NULL OR (state = 'open' AND spent_at <= recorded_at + interval '5 minutes'));
-- A refund: an entry opened expecting nothing, settled at a negative cost; any other cost is 0 or more.
ALTER TABLE ${S}.ledger DROP CONSTRAINT ledger_cost_check;
ALTER TABLE ${S}.ledger ADD CONSTRAINT ledger_cost_check
  CHECK (cost >= 0 OR (expected_cost = 0 AND cost >= -1000));

CREATE OR REPLACE VIEW ${S}.ledger_entries AS
  SELECT DISTINCT ON (l.entry_id)
         l.entry_id, l.researcher, l.operation, l.network, l.account_key, l.item, l.balance,
         l.expected_cost, l.cost, l.balance_before, l.balance_after, l.state, l.note,
         first_value(l.recorded_at) OVER (PARTITION BY l.entry_id ORDER BY l.seq) AS opened_at,
         l.recorded_at AS updated_at,
         first_value(coalesce(l.spent_at, l.recorded_at)) OVER (PARTITION BY l.entry_id ORDER BY l.seq) AS spent_at
    FROM ${S}.ledger l
   ORDER BY l.entry_id, l.seq DESC;
-- A month's entries (totals, a researcher's limit) are found by their opening rows.
CREATE INDEX ledger_opened ON ${S}.ledger ((coalesce(spent_at, recorded_at)), researcher) WHERE state = 'open';
CREATE INDEX ledger_opened_by_researcher ON ${S}.ledger (researcher, (coalesce(spent_at, recorded_at))) WHERE state = 'open';

GRANT INSERT (spent_at) ON ${S}.ledger TO ${RESEARCHER_GROUP};
`;

export const migration0030: TeamMigration = { version: 30, name: 'ledger-when', sql };
