import type { Migration } from '../migrate';

// The claim tokens this laptop wrote to its team database (team/claims.ts), kept on disk rather
// than only in memory: a laptop restarted (or killed) while it held a claim recognises the claim
// as its own and takes it up at once, instead of waiting for its own dead claim as if a teammate
// held it. Another laptop of the same researcher writes its tokens to its own file, so its claims
// are still waited for. Written before the claim is asked for; forgotten once it is completed or
// given up (and, for one left behind, after a day: no claim outlives its 20-minute ceiling).
export const migration0300: Migration = {
  version: 300,
  name: 'team-claim-tokens',
  up(db) {
    db.exec(`
      CREATE TABLE team_claim_tokens (
        kind       TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
        item_key   TEXT    NOT NULL CHECK (length(item_key) >= 1),
        token      TEXT    NOT NULL CHECK (length(token) = 36),
        written_at INTEGER NOT NULL,
        PRIMARY KEY (kind, item_key, token)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
