import type { Migration } from '../migrate';

// Account media (spec 2.5, 2.6). Every fetch is kept, keyed by account and fetched_at.
// Instagram answers with one object: the media map and the media_ids groups are stored apart
// (a gallery reads only the map). YouTube answers in pages of 50 videos.
export const migration0030: Migration = {
  version: 30,
  name: 'media',
  up(db) {
    db.exec(`
      CREATE TABLE instagram_media (
        id          INTEGER PRIMARY KEY,
        account_key TEXT    NOT NULL,
        fetched_at  INTEGER NOT NULL,
        media_count INTEGER NOT NULL,
        -- jsonb of result.media (media id -> post), result.media_ids (groups) and the rest.
        media       BLOB    NOT NULL,
        media_ids   BLOB    NOT NULL,
        extra       BLOB    NOT NULL
      ) STRICT;
      CREATE INDEX instagram_media_by_account ON instagram_media (account_key, fetched_at);

      CREATE TABLE youtube_media_pages (
        id          INTEGER PRIMARY KEY,
        account_key TEXT    NOT NULL,
        page        INTEGER NOT NULL,
        fetched_at  INTEGER NOT NULL,
        total_pages INTEGER,
        item_count  INTEGER NOT NULL,
        -- jsonb of the page's whole result ({report_state, current_page, total_pages, media[]}).
        raw         BLOB    NOT NULL
      ) STRICT;
      CREATE INDEX youtube_media_pages_by_account ON youtube_media_pages (account_key, page, fetched_at);
    `);
  },
};
