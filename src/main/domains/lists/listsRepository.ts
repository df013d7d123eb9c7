// Saved lists (spec 2.12, `auditor.list`): the items of each list in the API's order, the raw
// item plus the columns used to find and sort them.
import type Database from 'better-sqlite3';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, epochMs, fromJson, integerOrNull, networkOfListType, numberOrNull, stringOrNull, toJson, type JsonObject } from '../../platform/cache/repositories/common';

export interface ListItemRecord {
  listId: number;
  reportId: number;
  position: number;
  network: Network | null;
  accountKey: string | null;
  name: string | null;
  followers: number | null;
  comment: string | null;
  /** First report request of the item (epoch ms). */
  created: number | null;
  fetchedAt: number;
  raw: JsonObject;
}

export interface ListInfo {
  listId: number;
  /** The researcher's name for it (the API gives none); null until named. */
  name: string | null;
  itemCount: number;
  fetchedAt: number;
  /** Every page was fetched, up to a short one, in the latest sync. */
  complete: boolean;
}

type Row = {
  list_id: number;
  report_id: number;
  position: number;
  network: Network | null;
  account_key: string | null;
  name: string | null;
  followers: number | null;
  comment: string | null;
  created: number | null;
  fetched_at: number;
  raw: string;
};

const toRecord = (row: Row): ListItemRecord => ({
  listId: row.list_id,
  reportId: row.report_id,
  position: row.position,
  network: row.network,
  accountKey: row.account_key,
  name: row.name,
  followers: row.followers,
  comment: row.comment,
  created: row.created,
  fetchedAt: row.fetched_at,
  raw: fromJson<JsonObject>(row.raw),
});

/** Items a page of a list holds (auditor.list's largest `limit`): a shorter page is the list's last. */
export const LIST_PAGE_ITEMS = 100;

export class ListsRepository {
  private readonly upsertList: Database.Statement<[number, number]>;
  private readonly setFetched: Database.Statement<[number, number]>;
  private readonly upsertPage: Database.Statement<[number, number, number, number]>;
  private readonly pageRow: Database.Statement<[number, number], number>;
  private readonly pageRows: Database.Statement<[number], { page_offset: number; item_count: number }>;
  private readonly itemCount: Database.Statement<[number], number>;
  private readonly clearItems: Database.Statement<[number]>;
  private readonly upsertItem: Database.Statement<unknown[]>;
  private readonly itemRows: Database.Statement<[number], Row>;
  private readonly listRows: Database.Statement<[], { list_id: number; name: string | null; item_count: number; fetched_at: number; complete: number }>;
  private readonly setName: Database.Statement<[string | null, number]>;
  private readonly nameRows: Database.Statement<[], { id: number; name: string }>;
  private readonly setComplete: Database.Statement<[number, number]>;
  private readonly containing: Database.Statement<[string, string], number>;
  private readonly saveTx: (listId: number, items: readonly JsonObject[], fetchedAt: number, offset: number, replace: boolean) => void;

  constructor(db: Db) {
    // A page saved after a newer one (a teammate's, pulled late) does not make the list look older.
    this.upsertList = db.prepare('INSERT INTO lists (id, fetched_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET fetched_at = max(fetched_at, excluded.fetched_at)');
    this.setFetched = db.prepare('UPDATE lists SET fetched_at = ? WHERE id = ?');
    this.upsertPage = db.prepare(
      `INSERT INTO list_pages (list_id, page_offset, fetched_at, item_count) VALUES (?, ?, ?, ?)
       ON CONFLICT (list_id, page_offset) DO UPDATE SET fetched_at = excluded.fetched_at, item_count = excluded.item_count
        WHERE excluded.fetched_at >= list_pages.fetched_at`,
    );
    this.pageRow = db.prepare<[number, number], number>('SELECT fetched_at FROM list_pages WHERE list_id = ? AND page_offset = ?').pluck();
    this.pageRows = db.prepare('SELECT page_offset, item_count FROM list_pages WHERE list_id = ? ORDER BY page_offset');
    this.itemCount = db.prepare<[number], number>('SELECT count(*) FROM list_items WHERE list_id = ?').pluck();
    this.clearItems = db.prepare('DELETE FROM list_items WHERE list_id = ?');
    this.upsertItem = db.prepare(
      `INSERT INTO list_items (list_id, report_id, position, network, account_key, name, followers, comment, created, fetched_at, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, jsonb(?))
       ON CONFLICT (list_id, report_id) DO UPDATE SET position = excluded.position, network = excluded.network,
         account_key = excluded.account_key, name = excluded.name, followers = excluded.followers, comment = excluded.comment,
         created = excluded.created, fetched_at = excluded.fetched_at, raw = excluded.raw`,
    );
    this.itemRows = db.prepare(
      `SELECT list_id, report_id, position, network, account_key, name, followers, comment, created, fetched_at, json(raw) AS raw
         FROM list_items WHERE list_id = ? ORDER BY position, report_id`,
    );
    this.listRows = db.prepare(
      `SELECT l.id AS list_id, l.name, l.fetched_at, l.complete, (SELECT count(*) FROM list_items AS i WHERE i.list_id = l.id) AS item_count
         FROM lists AS l ORDER BY l.id`,
    );
    this.setName = db.prepare('UPDATE lists SET name = ? WHERE id = ?');
    this.nameRows = db.prepare('SELECT id, name FROM lists WHERE name IS NOT NULL');
    this.setComplete = db.prepare('UPDATE lists SET complete = ? WHERE id = ?');
    this.containing = db.prepare<[string, string], number>('SELECT DISTINCT list_id FROM list_items WHERE network = ? AND account_key = ? ORDER BY list_id').pluck();
    this.saveTx = db.transaction((listId: number, items: readonly JsonObject[], fetchedAt: number, offset: number, replace: boolean) => {
      const at = Math.round(fetchedAt);
      this.upsertList.run(listId, at);
      if (replace) {
        this.clearItems.run(listId);
        this.setFetched.run(at, listId);
      } else {
        this.upsertPage.run(listId, offset, at, items.length);
      }
      items.forEach((item, i) => {
        const reportId = integerOrNull(item.report_id);
        if (reportId === null) throw new TypeError('A list item without a report_id cannot be cached');
        const username = stringOrNull(item.username);
        this.upsertItem.run(
          listId,
          reportId,
          offset + i,
          networkOfListType(item.type),
          username === null ? null : keyOf(username),
          stringOrNull(item.name),
          numberOrNull(item.followers),
          stringOrNull(item.comment),
          epochMs(item.created),
          at,
          toJson(item),
        );
      });
    });
  }

  /** Keeps one page of a list (`offset` as asked of the API); items already kept are updated. */
  savePage(listId: number, items: readonly JsonObject[], options: { fetchedAt: number; offset?: number }): void {
    this.saveTx(listId, items, options.fetchedAt, options.offset ?? 0, false);
  }

  /** When the page at this offset was last fetched (here or by a teammate); null when never. */
  pageFetchedAt(listId: number, offset: number): number | null {
    return this.pageRow.get(listId, offset) ?? null;
  }

  /**
   * Whether the pages kept of a list make it whole: full pages from the first on, then a short
   * one, holding every item kept of it (none left from an older sync).
   */
  pagesWhole(listId: number): boolean {
    const pages = this.pageRows.all(listId);
    const last = pages.at(-1);
    if (!last || last.item_count >= LIST_PAGE_ITEMS) return false;
    const contiguous = pages.every((p, i) => p.page_offset === i * LIST_PAGE_ITEMS && (p === last || p.item_count === LIST_PAGE_ITEMS));
    return contiguous && this.itemCount.get(listId) === pages.reduce((n, p) => n + p.item_count, 0);
  }

  /** Replaces the whole list with these items; the list counts as synced at `fetchedAt`. */
  replace(listId: number, items: readonly JsonObject[], fetchedAt: number): void {
    this.saveTx(listId, items, fetchedAt, 0, true);
  }

  items(listId: number): ListItemRecord[] {
    return this.itemRows.all(listId).map(toRecord);
  }

  lists(): ListInfo[] {
    return this.listRows.all().map((r) => ({ listId: r.list_id, name: r.name, itemCount: r.item_count, fetchedAt: r.fetched_at, complete: r.complete === 1 }));
  }

  /** Names a synced list (null clears the name); false when no such list is kept. A name another list has fails the unique index. */
  rename(listId: number, name: string | null): boolean {
    return this.setName.run(name, listId).changes === 1;
  }

  /** The names given to lists, by list id. */
  names(): Map<number, string> {
    return new Map(this.nameRows.all().map((r) => [r.id, r.name]));
  }

  /** Says whether the latest sync of a list fetched it whole. */
  markComplete(listId: number, complete: boolean): void {
    this.setComplete.run(complete ? 1 : 0, listId);
  }

  /** Ids of the lists that hold this account. */
  listsContaining(network: Network, accountKey: string): number[] {
    return this.containing.all(network, keyOf(accountKey));
  }
}
