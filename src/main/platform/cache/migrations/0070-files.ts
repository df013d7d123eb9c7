import type { Migration } from '../migrate';

// Files whose links die after 28 days: PDFs (downloaded into the workspace's archive folder;
// the row says where) and images (avatars, thumbnails; the bytes themselves, keyed by the
// URL without its expiry query).
export const migration0070: Migration = {
  version: 70,
  name: 'files',
  up(db) {
    db.exec(`
      CREATE TABLE pdfs (
        id              INTEGER PRIMARY KEY,
        network         TEXT    NOT NULL,
        account_key     TEXT    NOT NULL,
        -- Relative to the workspace's archive folder.
        file_path       TEXT    NOT NULL,
        pdf_url         TEXT,
        link_expires_at INTEGER,
        fetched_at      INTEGER NOT NULL,
        bytes           INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX pdfs_by_account ON pdfs (network, account_key, fetched_at);

      CREATE TABLE images (
        key          TEXT    PRIMARY KEY,
        url          TEXT    NOT NULL,
        content_type TEXT    NOT NULL,
        size         INTEGER NOT NULL,
        fetched_at   INTEGER NOT NULL,
        bytes        BLOB    NOT NULL
      ) STRICT;
    `);
  },
};
