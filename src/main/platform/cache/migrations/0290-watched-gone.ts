import type { Migration } from '../migrate';

// Watchlists in a Team workspace (team/teamTracking.ts, team/sharedDocs.ts):
// - a watched account whose latest refresh found its report gone (the account deleted, private or
//   renamed) keeps the API's words until a refresh gets it again; in a Team workspace this is part
//   of the shared watchlist, so the "no longer available" alert is raised on every laptop;
// - a watchlist's latest run made by a teammate keeps their name ("… by Anna Berg");
// - each renewal reserved in the team's month, until the team has been told how it ended: named
//   before it is asked for, so one reserved before a crash, or whose settling found the team away,
//   is settled later (from the ledger) rather than held against the team's limit all month. No
//   foreign key: the team must still be told after the watchlist is deleted here.
export const migration0290: Migration = {
  version: 290,
  name: 'watched-gone',
  up(db) {
    db.exec(`
      ALTER TABLE watchlist_accounts ADD COLUMN gone TEXT CHECK (gone IS NULL OR length(gone) BETWEEN 1 AND 2000);
      ALTER TABLE watchlists ADD COLUMN last_run_by TEXT CHECK (last_run_by IS NULL OR length(last_run_by) BETWEEN 1 AND 200);
      CREATE TABLE team_renewals (
        reservation  TEXT    PRIMARY KEY CHECK (length(reservation) = 36),
        watchlist_id INTEGER NOT NULL,
        network      TEXT    NOT NULL,
        account_key  TEXT    NOT NULL,
        at           INTEGER NOT NULL,
        -- reserving: asked for, no answer yet (nothing was sent on it); reserved: held, its fetch may
        -- be out; settle: ended, the team to be told what it spent.
        state        TEXT    NOT NULL CHECK (state IN ('reserving', 'reserved', 'settle')),
        spent        INTEGER CHECK (spent IS NULL OR spent >= 0)
      ) STRICT;
    `);
  },
};
