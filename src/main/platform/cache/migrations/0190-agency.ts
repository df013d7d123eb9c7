import type { Migration } from '../migrate';

// The agency a workspace's deliverables are branded with (Settings → Your agency): one row, its
// name, accent colour and logo (the bytes as given, checked; for an SVG also a PNG drawn from it,
// since a PDF cannot hold an SVG). And the archive keeps two kinds of PDF: the API's, and Scout's
// own client reports, made from the cache.
export const migration0190: Migration = {
  version: 190,
  name: 'agency',
  up(db) {
    db.exec(`
      CREATE TABLE agency (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        name        TEXT    NOT NULL,
        accent      TEXT    NOT NULL,
        logo_type   TEXT    CHECK (logo_type IN ('png', 'svg')),
        logo        BLOB,
        logo_png    BLOB,
        updated_at  INTEGER NOT NULL,
        CHECK ((logo IS NULL) = (logo_type IS NULL))
      ) STRICT;
      ALTER TABLE pdfs ADD COLUMN kind TEXT NOT NULL DEFAULT 'api' CHECK (kind IN ('api', 'client'));
    `);
  },
};
