import type { Migration } from '../migrate';

// The PDF archive lists and searches what it keeps: the name the API was asked for (a YouTube
// channel id keeps its letter case, the key does not), the account's title as the report named
// it, and the date of the report data the PDF was exported from.
export const migration0130: Migration = {
  version: 130,
  name: 'pdf-archive',
  up(db) {
    db.exec(`
      ALTER TABLE pdfs ADD COLUMN api_name TEXT;
      ALTER TABLE pdfs ADD COLUMN title TEXT;
      ALTER TABLE pdfs ADD COLUMN report_date INTEGER;
      CREATE INDEX pdfs_by_time ON pdfs (fetched_at);
    `);
  },
};
