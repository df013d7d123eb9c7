import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0030 } from './0030-media';

describe('0030 media', () => {
  it('keeps every Instagram media fetch, the map and the groups apart, readable as JSON', () => {
    const db = new Database(':memory:');
    migration0030.up(db);
    const insert = db.prepare(
      'INSERT INTO instagram_media (account_key, fetched_at, media_count, media, media_ids, extra) VALUES (?, ?, ?, jsonb(?), jsonb(?), jsonb(?))',
    );
    const media = { '1': { basic: { id: '1', caption: 'First #post' } }, '2': { basic: { id: '2', caption: 'Second' } } };
    insert.run('nasa', 1000, 2, JSON.stringify(media), '{"all":{}}', '{}');
    insert.run('nasa', 2000, 2, JSON.stringify(media), '{"all":{}}', '{}');
    expect(db.prepare("SELECT count(*) FROM instagram_media WHERE account_key = 'nasa'").pluck().get()).toBe(2);
    const captions = db.prepare("SELECT j.value ->> '$.basic.caption' FROM instagram_media AS m, json_each(m.media) AS j WHERE m.fetched_at = 2000").pluck().all();
    expect(captions).toEqual(['First #post', 'Second']);
    expect(() => insert.run('nasa', 3000, 'two', '{}', '{}', '{}')).toThrow(/INTEGER/);
  });

  it('keeps YouTube media pages by account, page and fetch time', () => {
    const db = new Database(':memory:');
    migration0030.up(db);
    const insert = db.prepare('INSERT INTO youtube_media_pages (account_key, page, fetched_at, total_pages, item_count, raw) VALUES (?, ?, ?, ?, ?, jsonb(?))');
    insert.run('ucabc', 1, 1000, 3, 1, '{"current_page":1,"media":[{"id":"v1","title":"Hello"}]}');
    insert.run('ucabc', 1, 2000, 3, 1, '{"current_page":1,"media":[{"id":"v1","title":"Hello again"}]}');
    insert.run('ucabc', 2, 1500, 3, 0, '{"current_page":2,"media":[]}');
    const newest = db
      .prepare("SELECT raw ->> '$.media[0].title' FROM youtube_media_pages WHERE account_key = 'ucabc' AND page = 1 ORDER BY fetched_at DESC LIMIT 1")
      .pluck()
      .get();
    expect(newest).toBe('Hello again');
  });
});
