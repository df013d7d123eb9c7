import type { Migration } from '../migrate';

// A watched account whose latest refresh found its report gone (the account deleted, private or
// renamed) keeps the API's words here until a refresh gets it again. In a Team workspace this is
// part of the shared watchlist (team/sharedDocs.ts), so the "no longer available" alert is raised
// on every teammate's laptop, not only on the one whose run found it. And a watchlist's latest
// run made by a teammate (a Team workspace's scheduled run is made once for the team) keeps
// their name, for "Last refreshed … by Anna Berg".
export const migration0290: Migration = {
  version: 290,
  name: 'watched-gone',
  up(db) {
    db.exec(`
      ALTER TABLE watchlist_accounts ADD COLUMN gone TEXT CHECK (gone IS NULL OR length(gone) BETWEEN 1 AND 2000);
      ALTER TABLE watchlists ADD COLUMN last_run_by TEXT CHECK (last_run_by IS NULL OR length(last_run_by) BETWEEN 1 AND 200);
    `);
  },
};
