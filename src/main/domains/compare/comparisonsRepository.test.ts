import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/cache/database';
import { ComparisonsRepository } from './comparisonsRepository';
import { ReportsRepository } from '../reports/reportsRepository';
import { DAY_MS, NOW, parsedReport, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
let reports: ReportsRepository;
let repo: ComparisonsRepository;
beforeEach(() => {
  t = tempDatabase();
  reports = new ReportsRepository(t.db);
  repo = new ComparisonsRepository(t.db);
});
afterEach(() => t.dispose());

const fetch = (network: 'instagram' | 'youtube' | 'tiktok', name: string, at = NOW) => reports.saveSnapshot(parsedReport(network, name, { now: at }), { fetchedAt: at, accountKey: name })!.snapshotId;

describe('ComparisonsRepository', () => {
  it('saves, lists (latest saved first), reads back and deletes comparisons, items in their order', () => {
    const nasa = fetch('instagram', 'nasa');
    const mkbhd = fetch('youtube', 'mkbhd');
    const tt = fetch('tiktok', 'khaby.lame');
    const first = repo.save(null, { name: 'Space', period: '30d', items: [
      { network: 'youtube', accountKey: 'mkbhd', snapshotId: mkbhd, note: '' },
      { network: 'instagram', accountKey: 'nasa', snapshotId: nasa, note: 'Client’s favourite — café' },
    ] }, NOW)!;
    const second = repo.save(null, { name: 'Fun', period: '90d', items: [
      { network: 'tiktok', accountKey: 'khaby.lame', snapshotId: tt, note: '' },
      { network: 'instagram', accountKey: 'nasa', snapshotId: nasa, note: '' },
    ] }, NOW + 1000)!;
    expect(first).toEqual({
      id: first.id,
      name: 'Space',
      period: '30d',
      createdAt: NOW,
      updatedAt: NOW,
      items: [
        { network: 'youtube', accountKey: 'mkbhd', snapshotId: mkbhd, note: '' },
        { network: 'instagram', accountKey: 'nasa', snapshotId: nasa, note: 'Client’s favourite — café' },
      ],
    });
    expect(repo.list().map((c) => c.name)).toEqual(['Fun', 'Space']);
    expect(repo.list()[1]).toEqual(first);
    // Replacing keeps the creation time, moves it to the top and replaces the items whole.
    const replaced = repo.save(first.id, { name: 'Space 2', period: '7d', items: [
      { network: 'instagram', accountKey: 'nasa', snapshotId: nasa, note: 'n' },
      { network: 'tiktok', accountKey: 'khaby.lame', snapshotId: tt, note: '' },
    ] }, NOW + 2000)!;
    expect(replaced).toMatchObject({ id: first.id, name: 'Space 2', period: '7d', createdAt: NOW, updatedAt: NOW + 2000 });
    expect(replaced.items.map((i) => i.accountKey)).toEqual(['nasa', 'khaby.lame']);
    expect(repo.list().map((c) => c.id)).toEqual([first.id, second.id]);
    expect(repo.save(9999, { name: 'Gone', period: '7d', items: [] }, NOW)).toBeNull();
    expect(repo.delete(second.id)).toBe(true);
    expect(repo.delete(second.id)).toBe(false);
    expect(repo.get(second.id)).toBeNull();
    expect(t.db.prepare('SELECT count(*) FROM comparison_items WHERE comparison_id = ?').pluck().get(second.id)).toBe(0);
  });

  it('a save refused half-way (a snapshot of another account) writes nothing', () => {
    const nasa = fetch('instagram', 'nasa');
    const mkbhd = fetch('youtube', 'mkbhd');
    const saved = repo.save(null, { name: 'Space', period: '30d', items: [
      { network: 'instagram', accountKey: 'nasa', snapshotId: nasa, note: '' },
      { network: 'youtube', accountKey: 'mkbhd', snapshotId: mkbhd, note: '' },
    ] }, NOW)!;
    const bad = { name: 'Renamed', period: '30d' as const, items: [
      { network: 'instagram' as const, accountKey: 'nasa', snapshotId: nasa, note: 'new note' },
      { network: 'youtube' as const, accountKey: 'mkbhd', snapshotId: nasa, note: '' },
    ] };
    expect(() => repo.save(saved.id, bad, NOW + 1)).toThrow(/FOREIGN KEY/);
    expect(() => repo.save(null, bad, NOW + 1)).toThrow(/FOREIGN KEY/);
    expect(repo.list()).toEqual([saved]);
  });

  it('keeps its pinned snapshots after a refresh, says which accounts have newer ones, and survives a reopen', () => {
    const old = fetch('instagram', 'nasa', NOW - 10 * DAY_MS);
    const mkbhd = fetch('youtube', 'mkbhd', NOW - 10 * DAY_MS);
    const saved = repo.save(null, { name: 'Space', period: '30d', items: [
      { network: 'instagram', accountKey: 'nasa', snapshotId: old, note: '' },
      { network: 'youtube', accountKey: 'mkbhd', snapshotId: mkbhd, note: '' },
    ] }, NOW - 10 * DAY_MS)!;
    expect(repo.newer(saved.id)).toEqual([]);
    const fresh = fetch('instagram', 'nasa', NOW);
    // A snapshot arriving late (older than the pin) is not "newer".
    fetch('youtube', 'mkbhd', NOW - 20 * DAY_MS);
    expect(repo.newer(saved.id)).toEqual([{ network: 'instagram', accountKey: 'nasa', snapshotId: fresh, fetchedAt: NOW }]);
    expect(repo.latest('instagram', 'nasa')).toEqual({ network: 'instagram', accountKey: 'nasa', snapshotId: fresh, fetchedAt: NOW });
    expect(repo.latest('instagram', 'never_fetched')).toBeNull();
    expect(repo.ownerOf(fresh)).toEqual({ network: 'instagram', accountKey: 'nasa' });
    expect(repo.ownerOf(123456)).toBeNull();
    // The pin still reads the snapshot it was made from.
    expect(repo.get(saved.id)!.items[0]!.snapshotId).toBe(old);
    expect(reports.snapshot(old)!.fetchedAt).toBe(NOW - 10 * DAY_MS);
    t.db.close();
    const db = openDatabase(t.file);
    try {
      const reopened = new ComparisonsRepository(db);
      expect(reopened.get(saved.id)).toEqual(saved);
      expect(reopened.newer(saved.id).map((n) => n.snapshotId)).toEqual([fresh]);
    } finally {
      db.close();
    }
  });
});
