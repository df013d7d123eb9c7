// Account media: Instagram's media map and media_ids groups (spec 2.5), YouTube's media pages
// (2.6). Every fetch is kept; reads give the newest. Saving refreshes the account's search row
// (captions and video titles are searchable).
import type Database from 'better-sqlite3';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, fromJson, integerOrNull, isObject, itemsOf, toJson, type JsonObject } from '../../platform/cache/repositories/common';
import { SearchIndex } from '../../platform/cache/repositories/searchIndex';

export interface InstagramMediaFetch {
  id: number;
  accountKey: string;
  fetchedAt: number;
  mediaCount: number;
}

export interface InstagramMedia extends InstagramMediaFetch {
  /** The whole result as received: `media`, `media_ids` and any other keys. */
  result: JsonObject;
}

export interface YoutubeMediaPage {
  id: number;
  accountKey: string;
  page: number;
  totalPages: number | null;
  fetchedAt: number;
  itemCount: number;
  /** The page's whole result (`media[]`, `current_page`, `total_pages`, …). */
  result: JsonObject;
}

type IgRow = { id: number; account_key: string; fetched_at: number; media_count: number };
type YtRow = { id: number; account_key: string; page: number; total_pages: number | null; fetched_at: number; item_count: number; raw: string };

const igFetch = (row: IgRow): InstagramMediaFetch => ({ id: row.id, accountKey: row.account_key, fetchedAt: row.fetched_at, mediaCount: row.media_count });
const ytPage = (row: YtRow): YoutubeMediaPage => ({
  id: row.id,
  accountKey: row.account_key,
  page: row.page,
  totalPages: row.total_pages,
  fetchedAt: row.fetched_at,
  itemCount: row.item_count,
  result: fromJson<JsonObject>(row.raw),
});

export class MediaRepository {
  private readonly insertIg: Database.Statement<[string, number, number, string, string, string]>;
  private readonly latestIg: Database.Statement<[string], IgRow & { media: string; media_ids: string; extra: string }>;
  private readonly latestIgMap: Database.Statement<[string], IgRow & { media: string }>;
  private readonly igById: Database.Statement<[number], IgRow & { media: string; media_ids: string; extra: string }>;
  private readonly igFetches: Database.Statement<[string], IgRow>;
  private readonly insertYt: Database.Statement<[string, number, number, number | null, number, string]>;
  private readonly latestYtPage: Database.Statement<[string, number], YtRow>;
  private readonly latestYtPages: Database.Statement<[string], YtRow>;
  private readonly igAt: Database.Statement<[string, number], number>;
  private readonly ytAt: Database.Statement<[string, number, number], number>;
  private readonly saveIgTx: (accountKey: string, result: JsonObject, fetchedAt: number) => number;
  private readonly saveYtTx: (accountKey: string, result: JsonObject, fetchedAt: number, page?: number) => number;

  constructor(db: Db, private readonly searchIndex: SearchIndex = new SearchIndex(db)) {
    const igColumns = 'id, account_key, fetched_at, media_count';
    this.insertIg = db.prepare(
      'INSERT INTO instagram_media (account_key, fetched_at, media_count, media, media_ids, extra) VALUES (?, ?, ?, jsonb(?), jsonb(?), jsonb(?))',
    );
    this.latestIg = db.prepare(
      `SELECT ${igColumns}, json(media) AS media, json(media_ids) AS media_ids, json(extra) AS extra FROM instagram_media
        WHERE account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    );
    this.latestIgMap = db.prepare(
      `SELECT ${igColumns}, json(media) AS media FROM instagram_media WHERE account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    );
    this.igById = db.prepare(
      `SELECT ${igColumns}, json(media) AS media, json(media_ids) AS media_ids, json(extra) AS extra FROM instagram_media WHERE id = ?`,
    );
    this.igFetches = db.prepare(`SELECT ${igColumns} FROM instagram_media WHERE account_key = ? ORDER BY fetched_at DESC, id DESC`);
    this.insertYt = db.prepare(
      'INSERT INTO youtube_media_pages (account_key, page, fetched_at, total_pages, item_count, raw) VALUES (?, ?, ?, ?, ?, jsonb(?))',
    );
    const ytColumns = 'id, account_key, page, total_pages, fetched_at, item_count, json(raw) AS raw';
    this.latestYtPage = db.prepare(
      `SELECT ${ytColumns} FROM youtube_media_pages WHERE account_key = ? AND page = ? ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    );
    this.latestYtPages = db.prepare(
      `SELECT ${ytColumns} FROM (
         SELECT *, row_number() OVER (PARTITION BY page ORDER BY fetched_at DESC, id DESC) AS n
           FROM youtube_media_pages WHERE account_key = ?)
        WHERE n = 1 ORDER BY page`,
    );
    this.igAt = db.prepare<[string, number], number>('SELECT 1 FROM instagram_media WHERE account_key = ? AND fetched_at = ? LIMIT 1').pluck();
    this.ytAt = db.prepare<[string, number, number], number>('SELECT 1 FROM youtube_media_pages WHERE account_key = ? AND page = ? AND fetched_at = ? LIMIT 1').pluck();
    this.saveIgTx = db.transaction((accountKey: string, result: JsonObject, fetchedAt: number) => {
      const { media = {}, media_ids = {}, ...extra } = result;
      const id = Number(
        this.insertIg.run(accountKey, Math.round(fetchedAt), itemsOf(media).length, toJson(media), toJson(media_ids), toJson(extra)).lastInsertRowid,
      );
      this.searchIndex.refreshAccount('instagram', accountKey);
      return id;
    });
    this.saveYtTx = db.transaction((accountKey: string, result: JsonObject, fetchedAt: number, page?: number) => {
      const number = page ?? integerOrNull(result.current_page) ?? 1;
      const id = Number(
        this.insertYt.run(accountKey, number, Math.round(fetchedAt), integerOrNull(result.total_pages), itemsOf(result.media).length, toJson(result))
          .lastInsertRowid,
      );
      this.searchIndex.refreshAccount('youtube', accountKey);
      return id;
    });
  }

  /** Keeps an Instagram media answer (`{media_ids, media, …}`); returns its id. */
  saveInstagram(accountKey: string, result: JsonObject, fetchedAt: number): number {
    return this.saveIgTx(keyOf(accountKey), result, fetchedAt);
  }

  /** Whether the Instagram media fetch of this moment is kept. */
  hasInstagram(accountKey: string, fetchedAt: number): boolean {
    return this.igAt.get(keyOf(accountKey), Math.round(fetchedAt)) !== undefined;
  }

  /** Whether the fetch of this YouTube media page at this moment is kept. */
  hasYoutubePage(accountKey: string, page: number, fetchedAt: number): boolean {
    return this.ytAt.get(keyOf(accountKey), page, Math.round(fetchedAt)) !== undefined;
  }

  /** The newest Instagram media answer of an account, whole. */
  instagram(accountKey: string): InstagramMedia | null {
    const row = this.latestIg.get(keyOf(accountKey));
    return row ? this.igRecord(row) : null;
  }

  instagramById(id: number): InstagramMedia | null {
    const row = this.igById.get(id);
    return row ? this.igRecord(row) : null;
  }

  /** Only the media map (media id → post) of the newest answer: what a gallery needs. */
  instagramMap(accountKey: string): (InstagramMediaFetch & { media: JsonObject }) | null {
    const row = this.latestIgMap.get(keyOf(accountKey));
    return row ? { ...igFetch(row), media: fromJson<JsonObject>(row.media) } : null;
  }

  instagramFetches(accountKey: string): InstagramMediaFetch[] {
    return this.igFetches.all(keyOf(accountKey)).map(igFetch);
  }

  private igRecord(row: IgRow & { media: string; media_ids: string; extra: string }): InstagramMedia {
    const extra = fromJson<unknown>(row.extra);
    return {
      ...igFetch(row),
      result: { ...(isObject(extra) ? extra : {}), media_ids: fromJson<unknown>(row.media_ids), media: fromJson<unknown>(row.media) },
    };
  }

  /** Keeps one YouTube media page; the page number is `page`, else the answer's `current_page`. */
  saveYoutubePage(accountKey: string, result: JsonObject, fetchedAt: number, page?: number): number {
    return this.saveYtTx(keyOf(accountKey), result, fetchedAt, page);
  }

  /** The newest fetch of one page. */
  youtubePage(accountKey: string, page: number): YoutubeMediaPage | null {
    const row = this.latestYtPage.get(keyOf(accountKey), page);
    return row ? ytPage(row) : null;
  }

  /** The newest fetch of every page fetched, by page number. */
  youtubePages(accountKey: string): YoutubeMediaPage[] {
    return this.latestYtPages.all(keyOf(accountKey)).map(ytPage);
  }
}
