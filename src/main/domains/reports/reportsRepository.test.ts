import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { networks } from '../../platform/api/types';
import { openDatabase } from '../../platform/cache/database';
import { ReportsRepository } from './reportsRepository';
import { DAY_MS, NOW, notReadyReport, parsedReport, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
let repo: ReportsRepository;
beforeEach(() => {
  t = tempDatabase();
  repo = new ReportsRepository(t.db);
});
afterEach(() => t.dispose());

const count = (table: string) => t.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

describe('ReportsRepository: save and open', () => {
  it.each(networks)('gives back a %s report exactly as saved (series restored)', (network) => {
    const parsed = parsedReport(network, 'kalo.travels12');
    const saved = repo.saveSnapshot(parsed, { fetchedAt: NOW, unlockedAt: NOW, accountKey: 'Kalo.Travels12 ' });
    expect(saved).not.toBeNull();
    const opened = repo.open(network, 'kalo.travels12')!;
    expect(opened.result).toEqual(parsed.result);
    // Same keys in the same order: the raw keeps a placeholder where a series was.
    expect(JSON.stringify(opened.result)).toBe(JSON.stringify(parsed.result));
    expect(opened).toMatchObject({
      network,
      accountKey: 'kalo.travels12',
      summary: parsed.summary,
      state: 'READY',
      quality: 'high',
      fetchedAt: NOW,
      firstFetchedAt: NOW,
      unlockedAt: NOW,
      validUntil: parsed.validUntil,
      tiktokType: parsed.tiktokType,
      snapshotCount: 1,
      snapshotId: saved!.snapshotId,
    });
  });

  it('keeps Instagram follower charts apart from the raw JSON', () => {
    const parsed = parsedReport('instagram', 'nasa');
    const { snapshotId } = repo.saveSnapshot(parsed, { fetchedAt: NOW, accountKey: 'nasa' })!;
    const user = parsed.result.user as Record<string, unknown[]>;
    expect(repo.series(snapshotId)).toEqual(
      expect.arrayContaining([
        { name: 'user.followers_chart', points: user.followers_chart },
        { name: 'user.following_chart', points: user.following_chart },
      ]),
    );
    const raw = t.db.prepare("SELECT raw ->> '$.user.followers_chart' AS chart, length(raw) AS size FROM report_snapshots").get() as { chart: null; size: number };
    expect(raw.chart).toBeNull();
    expect(raw.size).toBeLessThan(JSON.stringify(parsed.result).length / 3);
    // The caller's object is not modified.
    expect(Array.isArray(user.followers_chart)).toBe(true);
  });

  it('does not keep NOT_READY answers', () => {
    expect(repo.saveSnapshot(notReadyReport('tiktok'), { fetchedAt: NOW, accountKey: 'nasa' })).toBeNull();
    expect(count('report_snapshots')).toBe(0);
    expect(count('reports')).toBe(0);
    expect(repo.open('tiktok', 'nasa')).toBeNull();
    expect(repo.has('tiktok', 'nasa')).toBe(false);
  });

  it('accumulates snapshots; the reports row follows the newest, even when an older one arrives late', () => {
    const first = parsedReport('tiktok', 'nasa', { summary: { followers: 100 } });
    const second = parsedReport('tiktok', 'nasa', { summary: { followers: 200, title: 'NASA new' }, tiktokType: 'report' });
    const late = parsedReport('tiktok', 'nasa', { summary: { followers: 50 } });
    const a = repo.saveSnapshot(first, { fetchedAt: NOW, unlockedAt: NOW, accountKey: 'nasa' })!;
    const b = repo.saveSnapshot(second, { fetchedAt: NOW + DAY_MS, accountKey: 'NASA' })!;
    const c = repo.saveSnapshot(late, { fetchedAt: NOW - DAY_MS, accountKey: 'nasa' })!;
    expect(new Set([a.reportId, b.reportId, c.reportId]).size).toBe(1);
    const opened = repo.open('tiktok', 'nasa')!;
    expect(opened.summary.followers).toBe(200);
    expect(opened.summary.title).toBe('NASA new');
    expect(opened.tiktokType).toBe('report');
    expect(opened.snapshotId).toBe(b.snapshotId);
    expect(opened.snapshotCount).toBe(3);
    expect(opened.fetchedAt).toBe(NOW + DAY_MS);
    expect(opened.firstFetchedAt).toBe(NOW - DAY_MS);
    // The unlock time is kept when later fetches do not unlock.
    expect(opened.unlockedAt).toBe(NOW);
    expect(repo.snapshots('tiktok', 'nasa').map((s) => [s.id, s.fetchedAt, s.summary.followers])).toEqual([
      [b.snapshotId, NOW + DAY_MS, 200],
      [a.snapshotId, NOW, 100],
      [c.snapshotId, NOW - DAY_MS, 50],
    ]);
    const old = repo.snapshot(a.snapshotId)!;
    expect(old.result).toEqual(first.result);
    expect(old.summary).toEqual(first.summary);
    expect(old).toMatchObject({ network: 'tiktok', accountKey: 'nasa', fetchedAt: NOW, tiktokType: 'advanced_report' });
    expect(repo.snapshot(9999)).toBeNull();
  });

  it('moves the unlock time forward only', () => {
    const parsed = parsedReport('twitch', 'nasa');
    repo.saveSnapshot(parsed, { fetchedAt: NOW, accountKey: 'nasa' });
    expect(repo.unlockedAt('twitch', 'nasa')).toBeNull();
    repo.saveSnapshot(parsed, { fetchedAt: NOW + 1, unlockedAt: NOW + 1, accountKey: 'nasa' });
    repo.saveSnapshot(parsed, { fetchedAt: NOW + 2, unlockedAt: NOW - 10, accountKey: 'nasa' });
    repo.saveSnapshot(parsed, { fetchedAt: NOW + 3, unlockedAt: null, accountKey: 'nasa' });
    expect(repo.unlockedAt('twitch', 'NASA')).toBe(NOW + 1);
    expect(repo.markUnlocked('twitch', 'nasa', NOW + 400 * DAY_MS)).toBe(true);
    expect(repo.unlockedAt('twitch', 'nasa')).toBe(NOW + 400 * DAY_MS);
    expect(repo.markUnlocked('twitch', 'unknown', NOW)).toBe(false);
    expect(repo.unlockedAt('twitch', 'unknown')).toBeNull();
    expect(repo.has('twitch', ' Nasa')).toBe(true);
    expect(repo.has('youtube', 'nasa')).toBe(false);
  });

  it('keeps READY_LOW_CONFIDENCE answers with their quality', () => {
    repo.saveSnapshot(parsedReport('twitch', 'lowconf1', { state: 'READY_LOW_CONFIDENCE' }), { fetchedAt: NOW, accountKey: 'lowconf1' });
    expect(repo.open('twitch', 'lowconf1')).toMatchObject({ state: 'READY_LOW_CONFIDENCE', quality: 'low' });
  });

  it('writes nothing when a save fails halfway (one transaction)', () => {
    repo.saveSnapshot(parsedReport('instagram', 'before'), { fetchedAt: NOW, accountKey: 'before' });
    const before = { snapshots: count('report_snapshots'), series: count('report_series'), reports: count('reports'), fts: count('report_search') };
    // Fails after the snapshot row is written, on its second series.
    t.db.exec(`CREATE TEMP TRIGGER fail_series BEFORE INSERT ON report_series WHEN NEW.name = 'user.following_chart'
               BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`);
    expect(() => repo.saveSnapshot(parsedReport('instagram', 'nasa'), { fetchedAt: NOW, accountKey: 'nasa' })).toThrow(/disk on fire/);
    t.db.exec('DROP TRIGGER fail_series');
    // Fails at the very end, writing the search row.
    t.db.exec(`CREATE TEMP TRIGGER fail_reports AFTER UPDATE ON reports BEGIN SELECT RAISE(ABORT, 'late failure'); END`);
    expect(() => repo.saveSnapshot(parsedReport('instagram', 'before'), { fetchedAt: NOW + 1, accountKey: 'before' })).toThrow(/late failure/);
    t.db.exec('DROP TRIGGER fail_reports');
    expect({ snapshots: count('report_snapshots'), series: count('report_series'), reports: count('reports'), fts: count('report_search') }).toEqual(before);
    expect(repo.open('instagram', 'nasa')).toBeNull();
    expect(repo.open('instagram', 'before')!.snapshotCount).toBe(1);
    expect(repo.library({ text: 'nasa' }).total).toBe(0);
  });

  it('refuses a result JSON cannot hold, before writing anything', () => {
    const parsed = parsedReport('twitter', 'nasa');
    const bad = { ...parsed, result: { ...parsed.result, big: BigInt(1) } };
    expect(() => repo.saveSnapshot(bad, { fetchedAt: NOW, accountKey: 'nasa' })).toThrow();
    expect(count('report_snapshots')).toBe(0);
  });

  it('round-trips any JSON through jsonb (unicode, escapes, big and tiny numbers, odd keys)', () => {
    let i = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue(), { maxKeys: 8 }), fc.constantFrom('instagram' as const, 'twitter' as const), (extra, network) => {
        const base = parsedReport(network, 'json', { body: network === 'instagram' ? { user: { followers_chart: [{ date: 1, count: 2 }], ...extra } } : { report: extra } });
        const name = `json${i++}`;
        repo.saveSnapshot(base, { fetchedAt: NOW, accountKey: name });
        expect(repo.open(network, name)!.result).toEqual(JSON.parse(JSON.stringify(base.result)));
      }),
      { numRuns: 150 },
    );
  });

  it('survives a reopen of the file', () => {
    const parsed = parsedReport('youtube', 'nasa');
    repo.saveSnapshot(parsed, { fetchedAt: NOW, accountKey: 'nasa' });
    t.db.close();
    const again = openDatabase(t.file);
    try {
      expect(new ReportsRepository(again).open('youtube', 'nasa')!.result).toEqual(parsed.result);
    } finally {
      again.close();
    }
  });
});
