import type { Migration } from '../migrate';

// The research workflow's status pipeline (@shared/workflow): the workspace's steps in their order,
// seeded with the four defaults, and each account's status (a step's id) beside its note and tags.
// A removed step's accounts lose their status (repositories/accountNotesRepository.ts does that).
export const migration0260: Migration = {
  version: 260,
  name: 'research-status',
  up(db) {
    db.exec(`
      CREATE TABLE status_steps (
        id       TEXT    PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 40),
        label    TEXT    NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
        position INTEGER NOT NULL
      ) STRICT;
      INSERT INTO status_steps (id, label, position) VALUES
        ('considering', 'Considering', 1), ('shortlisted', 'Shortlisted', 2), ('contacted', 'Contacted', 3), ('approved', 'Approved', 4);

      ALTER TABLE account_notes ADD COLUMN status TEXT CHECK (status IS NULL OR length(status) BETWEEN 1 AND 40);
      CREATE INDEX account_notes_by_status ON account_notes (status) WHERE status IS NOT NULL;
    `);
  },
};
