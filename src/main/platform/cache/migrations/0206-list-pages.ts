import type { Migration } from '../migrate';

// When each page of a saved list was fetched, and how many items it held. A team shares a list
// page by page (each page is one call that may cost): a teammate's page pulled again, or older
// than the one kept here, is known as held and changes nothing; and a list assembled from pages
// (its own or a teammate's) is known whole once its pages run from the first to a short one.
// Lists synced before this migration have no rows: their pages are simply not known yet.
export const migration0206: Migration = {
  version: 206,
  name: 'list-pages',
  up(db) {
    db.exec(`
      CREATE TABLE list_pages (
        list_id     INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        page_offset INTEGER NOT NULL CHECK (page_offset >= 0),
        fetched_at  INTEGER NOT NULL,
        item_count  INTEGER NOT NULL CHECK (item_count >= 0),
        PRIMARY KEY (list_id, page_offset)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
