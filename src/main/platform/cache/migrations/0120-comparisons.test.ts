import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0020 } from './0020-reports';
import { migration0120 } from './0120-comparisons';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0020.up(d);
  migration0120.up(d);
  return d;
}

const snapshot = (d: Database.Database, network: string, accountKey: string) =>
  Number(
    d
      .prepare(`INSERT INTO report_snapshots (network, account_key, fetched_at, state, username, raw) VALUES (?, ?, 1000, 'READY', ?, jsonb('{}'))`)
      .run(network, accountKey, accountKey).lastInsertRowid,
  );

const comparison = (d: Database.Database, name = 'Beauty Q3', period = '30d') =>
  Number(d.prepare('INSERT INTO comparisons (name, period, created_at, updated_at) VALUES (?, ?, 1, 1)').run(name, period).lastInsertRowid);

const item = (d: Database.Database, values: { comparison: number; position: number; network: string; account: string; snapshot: number; note?: string }) =>
  d
    .prepare('INSERT INTO comparison_items (comparison_id, position, network, account_key, snapshot_id, note) VALUES (?, ?, ?, ?, ?, ?)')
    .run(values.comparison, values.position, values.network, values.account, values.snapshot, values.note ?? '');

describe('0120 comparisons', () => {
  it('pins each account to a snapshot of that same account, and keeps pinned snapshots', () => {
    const d = db();
    const nasa = snapshot(d, 'instagram', 'nasa');
    const mkbhd = snapshot(d, 'youtube', 'mkbhd');
    const id = comparison(d);
    item(d, { comparison: id, position: 0, network: 'instagram', account: 'nasa', snapshot: nasa, note: 'shortlisted' });
    item(d, { comparison: id, position: 1, network: 'youtube', account: 'mkbhd', snapshot: mkbhd });
    expect(d.prepare('SELECT account_key, note FROM comparison_items ORDER BY position').all()).toEqual([
      { account_key: 'nasa', note: 'shortlisted' },
      { account_key: 'mkbhd', note: '' },
    ]);
    // A snapshot of another account, or none at all, is refused by the database itself.
    const other = comparison(d, 'Other');
    expect(() => item(d, { comparison: other, position: 0, network: 'instagram', account: 'nasa', snapshot: mkbhd })).toThrow(/FOREIGN KEY/);
    expect(() => item(d, { comparison: other, position: 0, network: 'instagram', account: 'nasa', snapshot: 999 })).toThrow(/FOREIGN KEY/);
    // A pinned snapshot cannot be deleted from under a saved comparison.
    expect(() => d.prepare('DELETE FROM report_snapshots WHERE id = ?').run(nasa)).toThrow(/FOREIGN KEY/);
    // Deleting the comparison takes its items, and then frees the snapshots.
    d.prepare('DELETE FROM comparisons WHERE id = ?').run(id);
    expect(d.prepare('SELECT count(*) FROM comparison_items').pluck().get()).toBe(0);
    expect(d.prepare('DELETE FROM report_snapshots WHERE id = ?').run(nasa).changes).toBe(1);
  });

  it('refuses one account twice, two items in one place, and names, periods and notes out of bounds', () => {
    const d = db();
    const nasa = snapshot(d, 'instagram', 'nasa');
    const id = comparison(d);
    item(d, { comparison: id, position: 0, network: 'instagram', account: 'nasa', snapshot: nasa });
    expect(() => item(d, { comparison: id, position: 1, network: 'instagram', account: 'nasa', snapshot: nasa })).toThrow(/UNIQUE/);
    const esa = snapshot(d, 'instagram', 'esa');
    expect(() => item(d, { comparison: id, position: 0, network: 'instagram', account: 'esa', snapshot: esa })).toThrow(/UNIQUE/);
    expect(() => item(d, { comparison: id, position: 1, network: 'instagram', account: 'esa', snapshot: esa, note: 'x'.repeat(2001) })).toThrow(/CHECK/);
    expect(() => comparison(d, '')).toThrow(/CHECK/);
    expect(() => comparison(d, 'x'.repeat(121))).toThrow(/CHECK/);
    expect(() => comparison(d, 'Fine', '14d')).toThrow(/CHECK/);
    expect(() => d.prepare(`UPDATE comparisons SET created_at = 'today'`).run()).toThrow(/cannot store TEXT/);
  });
});
