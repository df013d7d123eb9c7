import type { Migration } from '../migrate';

// The API gives a saved list no name, only its number: the researcher names it here, and every
// page refers to the list by that name. The name is Scout's own (never sent to the API), kept
// on the list's row, so a sync again (which updates the row) keeps it.
export const migration0180: Migration = {
  version: 180,
  name: 'list-names',
  up(db) {
    db.exec(`
      ALTER TABLE lists ADD COLUMN name TEXT CHECK (name IS NULL OR (length(name) BETWEEN 1 AND 80 AND name = trim(name)));
      CREATE UNIQUE INDEX lists_by_name ON lists (name COLLATE NOCASE) WHERE name IS NOT NULL;
    `);
  },
};
