// The figures the alert rules read, for many accounts in one statement (issue 39): each account's
// own snapshots, the newest, the one before and those within the rules' span before that, oldest
// first, at most SNAPSHOTS_PER_ACCOUNT, figures exactly as stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFigures } from '@shared/alerts';
import type { Network } from '../../platform/api/types';
import { DAY_MS, NOW, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';
import { AlertsRepository, SNAPSHOTS_PER_ACCOUNT } from './alertsRepository';

let t: TempDatabase;
let repo: AlertsRepository;
beforeEach(() => {
  t = tempDatabase();
  repo = new AlertsRepository(t.db);
});
afterEach(() => t.dispose());

type Row = { network: Network; key: string; at: number; followers: number | null; er: number | null; aq: number | null };

function insert(rows: readonly Row[]): SnapshotFigures[] {
  const st = t.db.prepare(
    `INSERT INTO report_snapshots (network, account_key, fetched_at, state, username, followers, engagement_rate, audience_quality, raw)
     VALUES (?, ?, ?, 'READY', ?, ?, ?, ?, jsonb('{}'))`,
  );
  return t.db.transaction(() =>
    rows.map((r) => ({ id: Number(st.run(r.network, r.key, r.at, r.key, r.followers, r.er, r.aq).lastInsertRowid), at: r.at, followers: r.followers, engagementRate: r.er, audienceQuality: r.aq })),
  )();
}

/** What the rules should read of one account's snapshots, worked out the plain way. */
function expected(all: readonly SnapshotFigures[], spanDays: number): SnapshotFigures[] {
  const sorted = [...all].sort((a, b) => a.at - b.at || a.id - b.id);
  if (sorted.length === 0) return [];
  const from = (sorted.at(-2) ?? sorted.at(-1)!).at - spanDays * DAY_MS;
  return sorted.filter((s) => s.at >= from).slice(-SNAPSHOTS_PER_ACCOUNT);
}

describe('AlertsRepository.figures', () => {
  it("reads each account's window, oldest first, with its figures exact, whatever the other accounts hold", () => {
    const day = (d: number) => NOW - d * DAY_MS;
    const rows: Row[] = [];
    const series = (network: Network, key: string, days: number[], figures: (i: number) => Partial<Row> = () => ({})) =>
      days.forEach((d, i) => rows.push({ network, key, at: day(d), followers: 1000 + i, er: 1.5, aq: 50, ...figures(i) }));
    // Inserted newest first and interleaved: the order read is the snapshots', not the table's.
    series('instagram', 'daily', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30], (i) => ({ er: i === 0 ? 0.1 + 0.2 : 1 / 3, aq: i === 1 ? null : 141.4 / 3 }));
    series('youtube', 'daily', [0, 2, 40]);
    series('tiktok', '12345', [3]);
    series('twitter', 'it\'s "quoted" — ünïcode', [1, 1, 1, 50]);
    series('twitch', 'burst', Array.from({ length: SNAPSHOTS_PER_ACCOUNT + 30 }, (_, i) => i / 1000));
    series('instagram', 'gaps', [0, 30, 31, 38, 39]);
    const kept = insert(rows.reverse());
    const of = (network: Network, key: string) => kept.filter((_, i) => rows[i]!.network === network && rows[i]!.key === key);

    const asked: { network: Network; accountKey: string }[] = [
      { network: 'instagram', accountKey: 'daily' },
      { network: 'youtube', accountKey: 'daily' },
      { network: 'tiktok', accountKey: '12345' },
      { network: 'twitter', accountKey: 'it\'s "quoted" — ünïcode' },
      { network: 'twitch', accountKey: 'burst' },
      { network: 'instagram', accountKey: 'gaps' },
      { network: 'snapchat', accountKey: 'never-fetched' },
      { network: 'instagram', accountKey: 'daily' },
    ];
    const read = repo.figures(asked, 7);
    expect([...read.keys()]).toEqual([...new Set(asked.map((a) => `${a.network}:${a.accountKey}`))]);
    for (const { network, accountKey } of asked) expect(read.get(`${network}:${accountKey}`)).toEqual(expected(of(network, accountKey), 7));

    // Spelled out: 7 days before the snapshot before the newest, and the newest.
    expect(read.get('instagram:daily')!.map((s) => s.at)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0].map(day));
    expect(read.get('instagram:daily')!.at(-1)!.engagementRate).toBe(0.1 + 0.2);
    expect(read.get('instagram:daily')!.at(-2)!.audienceQuality).toBeNull();
    expect(read.get('youtube:daily')!.map((s) => s.at)).toEqual([2, 0].map(day));
    expect(read.get('tiktok:12345')!.map((s) => s.at)).toEqual([day(3)]);
    // Same moment: both kept, in the order they were saved.
    expect(read.get('twitter:it\'s "quoted" — ünïcode')!.map((s) => s.at)).toEqual([1, 1, 1].map(day));
    expect(read.get('twitch:burst')).toHaveLength(SNAPSHOTS_PER_ACCOUNT);
    expect(read.get('twitch:burst')!.at(-1)!.at).toBe(day(0));
    expect(read.get('instagram:gaps')!.map((s) => s.at)).toEqual([31, 30, 0].map(day));
    expect(read.get('snapchat:never-fetched')).toEqual([]);

    // A longer span reads further back; no accounts read nothing.
    expect(read.size).toBe(7);
    expect(repo.figures([{ network: 'instagram', accountKey: 'daily' }], 90).get('instagram:daily')).toEqual(expected(of('instagram', 'daily'), 90));
    expect(repo.figures([], 7).size).toBe(0);
  });
});
