// Saved comparisons: a name, a period and the accounts, each pinned to one snapshot. The
// database refuses a pin to a snapshot of another account (see migration 0120); the service
// checks the same first, to say which account is wrong.
import type Database from 'better-sqlite3';
import type { ComparePeriod, ComparisonItem, LatestSnapshot, SavedComparison } from '@shared/compare';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';

export type ComparisonRecord = SavedComparison;

export interface NewComparison {
  name: string;
  period: ComparePeriod;
  items: readonly ComparisonItem[];
}

type ComparisonRow = { id: number; name: string; period: ComparePeriod; created_at: number; updated_at: number };
type ItemRow = { comparison_id: number; network: Network; account_key: string; snapshot_id: number; note: string };
type PinRow = { network: Network; account_key: string; snapshot_id: number; latest_id: number | null; latest_fetched_at: number | null; newer: number };

export class ComparisonsRepository {
  private readonly insertComparison: Database.Statement<[{ name: string; period: string; at: number }]>;
  private readonly updateComparison: Database.Statement<[{ id: number; name: string; period: string; at: number }]>;
  private readonly clearItems: Database.Statement<[number]>;
  private readonly insertItem: Database.Statement<[number, number, string, string, number, string]>;
  private readonly deleteRow: Database.Statement<[number]>;
  private readonly comparisonRow: Database.Statement<[number], ComparisonRow>;
  private readonly comparisonRows: Database.Statement<[], ComparisonRow>;
  private readonly itemRows: Database.Statement<[number], ItemRow>;
  private readonly allItemRows: Database.Statement<[], ItemRow>;
  private readonly pinRows: Database.Statement<[number], PinRow>;
  private readonly latestRow: Database.Statement<[string, string], { id: number; fetched_at: number }>;
  private readonly snapshotOwner: Database.Statement<[number], { network: Network; account_key: string }>;
  private readonly saveTx: (id: number | null, comparison: NewComparison, at: number) => number | null;
  private readonly read: <T>(fn: () => T) => T;

  constructor(db: Db) {
    this.insertComparison = db.prepare('INSERT INTO comparisons (name, period, created_at, updated_at) VALUES (@name, @period, @at, @at)');
    this.updateComparison = db.prepare('UPDATE comparisons SET name = @name, period = @period, updated_at = @at WHERE id = @id');
    this.clearItems = db.prepare('DELETE FROM comparison_items WHERE comparison_id = ?');
    this.insertItem = db.prepare(
      'INSERT INTO comparison_items (comparison_id, position, network, account_key, snapshot_id, note) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.deleteRow = db.prepare('DELETE FROM comparisons WHERE id = ?');
    this.comparisonRow = db.prepare('SELECT id, name, period, created_at, updated_at FROM comparisons WHERE id = ?');
    this.comparisonRows = db.prepare('SELECT id, name, period, created_at, updated_at FROM comparisons ORDER BY updated_at DESC, id DESC');
    this.itemRows = db.prepare(
      'SELECT comparison_id, network, account_key, snapshot_id, note FROM comparison_items WHERE comparison_id = ? ORDER BY position',
    );
    this.allItemRows = db.prepare('SELECT comparison_id, network, account_key, snapshot_id, note FROM comparison_items ORDER BY comparison_id, position');
    // The account's newest snapshot is the one its `reports` row follows (newest fetched_at, then id).
    this.pinRows = db.prepare(
      `SELECT i.network, i.account_key, i.snapshot_id, r.latest_snapshot_id AS latest_id, r.fetched_at AS latest_fetched_at,
              coalesce((r.fetched_at, r.latest_snapshot_id) > (s.fetched_at, s.id), 0) AS newer
         FROM comparison_items AS i
         JOIN report_snapshots AS s ON s.id = i.snapshot_id
         LEFT JOIN reports AS r ON r.network = i.network AND r.account_key = i.account_key
        WHERE i.comparison_id = ?
        ORDER BY i.position`,
    );
    this.latestRow = db.prepare('SELECT latest_snapshot_id AS id, fetched_at FROM reports WHERE network = ? AND account_key = ?');
    this.snapshotOwner = db.prepare('SELECT network, account_key FROM report_snapshots WHERE id = ?');
    this.saveTx = db.transaction((id: number | null, comparison: NewComparison, at: number) => {
      let saved: number;
      if (id === null) {
        saved = Number(this.insertComparison.run({ name: comparison.name, period: comparison.period, at }).lastInsertRowid);
      } else {
        if (this.updateComparison.run({ id, name: comparison.name, period: comparison.period, at }).changes === 0) return null;
        this.clearItems.run(id);
        saved = id;
      }
      comparison.items.forEach((item, position) => this.insertItem.run(saved, position, item.network, item.accountKey, item.snapshotId, item.note));
      return saved;
    });
    const readTx = db.transaction((fn: () => unknown) => fn());
    this.read = <T>(fn: () => T) => readTx.deferred(fn) as T;
  }

  /** Creates a comparison (`id` null) or replaces one; null when `id` names none. Items keep their order. */
  save(id: number | null, comparison: NewComparison, at: number): ComparisonRecord | null {
    const saved = this.saveTx(id, comparison, Math.round(at));
    return saved === null ? null : this.get(saved);
  }

  get(id: number): ComparisonRecord | null {
    return this.read(() => {
      const row = this.comparisonRow.get(id);
      return row ? toRecord(row, this.itemRows.all(id)) : null;
    });
  }

  /** Every saved comparison, the latest saved first. */
  list(): ComparisonRecord[] {
    return this.read(() => {
      const items = new Map<number, ItemRow[]>();
      for (const item of this.allItemRows.all()) {
        const list = items.get(item.comparison_id) ?? [];
        list.push(item);
        items.set(item.comparison_id, list);
      }
      return this.comparisonRows.all().map((row) => toRecord(row, items.get(row.id) ?? []));
    });
  }

  delete(id: number): boolean {
    return this.deleteRow.run(id).changes > 0;
  }

  /** Per pinned account whose newest snapshot is newer than the pin: that snapshot. */
  newer(id: number): LatestSnapshot[] {
    return this.pinRows
      .all(id)
      .filter((row) => row.newer === 1 && row.latest_id !== null && row.latest_fetched_at !== null)
      .map((row) => ({ network: row.network, accountKey: row.account_key, snapshotId: row.latest_id!, fetchedAt: row.latest_fetched_at! }));
  }

  /** The account's newest snapshot; null when it has no cached report. */
  latest(network: Network, accountKey: string): LatestSnapshot | null {
    const row = this.latestRow.get(network, accountKey);
    return row ? { network, accountKey, snapshotId: row.id, fetchedAt: row.fetched_at } : null;
  }

  /** Whose snapshot this is; null when there is no such snapshot. */
  ownerOf(snapshotId: number): { network: Network; accountKey: string } | null {
    const row = this.snapshotOwner.get(snapshotId);
    return row ? { network: row.network, accountKey: row.account_key } : null;
  }
}

function toRecord(row: ComparisonRow, items: readonly ItemRow[]): ComparisonRecord {
  return {
    id: row.id,
    name: row.name,
    period: row.period,
    items: items.map((item) => ({ network: item.network, accountKey: item.account_key, snapshotId: item.snapshot_id, note: item.note })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
