import type { Migration } from '../migrate';

// Per-workspace settings and small remembered values (the base URL, the last plan answer).
export const migration0010: Migration = {
  version: 10,
  name: 'workspace-meta',
  up(db) {
    db.exec(`
      CREATE TABLE workspace_meta (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
