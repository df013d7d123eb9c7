import type { Migration } from '../migrate';

// The shortlist keeps the engagement rate and country the search showed when an account was
// added (the cached report's, when there is one, are read over them: repositories/
// discoveryWorkspaceRepository.ts), so the shortlist compares accounts without a report too.
export const migration0270: Migration = {
  version: 270,
  name: 'shortlist-figures',
  up(db) {
    db.exec(`
      ALTER TABLE shortlist ADD COLUMN er REAL CHECK (er IS NULL OR er >= 0);
      ALTER TABLE shortlist ADD COLUMN country TEXT CHECK (country IS NULL OR length(country) = 2);
    `);
  },
};
