// Alerts (migration 0250): watchlists' rules, the alerts raised with their evidence, and mutes;
// and the figures of each account's recent snapshots that the rules read.
import type { AlertKind, SnapshotFigures } from '@shared/alerts';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';

export interface AlertRecord {
  id: number;
  watchlistId: number | null;
  watchlistName: string | null;
  network: Network;
  accountKey: string;
  title: string | null;
  username: string | null;
  accountId: string | null;
  kind: AlertKind;
  raisedAt: number;
  beforeAt: number | null;
  afterAt: number | null;
  beforeValue: number | null;
  afterValue: number | null;
  threshold: number | null;
  days: number | null;
  detail: string | null;
  readAt: number | null;
}

export interface NewAlert {
  watchlistId: number | null;
  network: Network;
  accountKey: string;
  kind: AlertKind;
  beforeSnapshotId: number | null;
  afterSnapshotId: number;
  beforeAt: number | null;
  afterAt: number | null;
  beforeValue: number | null;
  afterValue: number | null;
  threshold: number | null;
  days: number | null;
  detail: string | null;
}

type AlertRow = {
  id: number;
  watchlist_id: number | null;
  watchlist_name: string | null;
  network: Network;
  account_key: string;
  title: string | null;
  username: string | null;
  account_id: string | null;
  kind: AlertKind;
  raised_at: number;
  before_at: number | null;
  after_at: number | null;
  before_value: number | null;
  after_value: number | null;
  threshold: number | null;
  days: number | null;
  detail: string | null;
  read_at: number | null;
};

const toRecord = (r: AlertRow): AlertRecord => ({
  id: r.id,
  watchlistId: r.watchlist_id,
  watchlistName: r.watchlist_name,
  network: r.network,
  accountKey: r.account_key,
  title: r.title,
  username: r.username,
  accountId: r.account_id,
  kind: r.kind,
  raisedAt: r.raised_at,
  beforeAt: r.before_at,
  afterAt: r.after_at,
  beforeValue: r.before_value,
  afterValue: r.after_value,
  threshold: r.threshold,
  days: r.days,
  detail: r.detail,
  readAt: r.read_at,
});

/** Snapshots read per account: more than any rule's window of 90 days holds at a refresh a day. */
export const SNAPSHOTS_PER_ACCOUNT = 100;

export class AlertsRepository {
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      rules: db.prepare<[number], string>('SELECT alert_rules FROM watchlists WHERE id = ?').pluck(),
      setRules: db.prepare<[string, number]>('UPDATE watchlists SET alert_rules = ? WHERE id = ?'),
      insert: db.prepare<NewAlert & { raisedAt: number }>(
        `INSERT INTO alerts (watchlist_id, network, account_key, kind, raised_at, before_snapshot_id, after_snapshot_id, before_at, after_at, before_value, after_value, threshold, days, detail)
         SELECT @watchlistId, @network, @accountKey, @kind, @raisedAt, @beforeSnapshotId, @afterSnapshotId, @beforeAt, @afterAt, @beforeValue, @afterValue, @threshold, @days, @detail
          WHERE NOT EXISTS (SELECT 1 FROM alert_mutes WHERE network = @network AND account_key = @accountKey AND kind = @kind)
         ON CONFLICT DO NOTHING`,
      ),
      list: db.prepare<{ unreadOnly: number; limit: number }, AlertRow>(
        `SELECT a.*, w.name AS watchlist_name, r.title, r.username, r.account_id
           FROM alerts AS a LEFT JOIN watchlists AS w ON w.id = a.watchlist_id LEFT JOIN reports AS r ON r.network = a.network AND r.account_key = a.account_key
          WHERE (@unreadOnly = 0 OR a.read_at IS NULL) ORDER BY a.raised_at DESC, a.id DESC LIMIT @limit`,
      ),
      unread: db.prepare<[], number>('SELECT count(*) FROM alerts WHERE read_at IS NULL').pluck(),
      readAll: db.prepare<[number]>('UPDATE alerts SET read_at = ? WHERE read_at IS NULL'),
      readOne: db.prepare<[number, number]>('UPDATE alerts SET read_at = ? WHERE id = ? AND read_at IS NULL'),
      mute: db.prepare<[string, string, string, number]>('INSERT INTO alert_mutes (network, account_key, kind, muted_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
      unmute: db.prepare<[string, string, string]>('DELETE FROM alert_mutes WHERE network = ? AND account_key = ? AND kind = ?'),
      mutes: db.prepare<[], { network: Network; account_key: string; kind: AlertKind; muted_at: number }>('SELECT * FROM alert_mutes ORDER BY muted_at DESC'),
      alertOf: db.prepare<[number], { network: Network; account_key: string; kind: AlertKind }>('SELECT network, account_key, kind FROM alerts WHERE id = ?'),
      // For each account of a JSON array of [network, accountKey] (its index: `i`), from `span` ms
      // before the snapshot before the newest (the newest when there is one only): every snapshot a
      // rule can compare the newest with, and the one before it, with theirs. One statement for all
      // the accounts (issue 39): run once per account, the statements cost more than their rows.
      figures: db
        .prepare<{ accounts: string; span: number }, [number, number, number, number | null, number | null, number | null]>(
          `WITH accounts AS (SELECT key AS i, value ->> 0 AS network, value ->> 1 AS account_key FROM json_each(@accounts)),
           wanted AS MATERIALIZED (
             SELECT a.i, a.network, a.account_key, coalesce(
                 (SELECT fetched_at FROM report_snapshots INDEXED BY report_snapshots_figures
                   WHERE network = a.network AND account_key = a.account_key ORDER BY fetched_at DESC, id DESC LIMIT 1 OFFSET 1),
                 (SELECT max(fetched_at) FROM report_snapshots INDEXED BY report_snapshots_figures
                   WHERE network = a.network AND account_key = a.account_key)) - @span AS since
               FROM accounts AS a)
           SELECT c.i, s.id, s.fetched_at, s.followers, s.engagement_rate, s.audience_quality
             FROM wanted AS c JOIN report_snapshots AS s INDEXED BY report_snapshots_figures
               ON s.network = c.network AND s.account_key = c.account_key AND s.fetched_at >= c.since`,
        )
        .raw(true),
      latestSnapshot: db.prepare<[string, string], { id: number; fetched_at: number }>(
        'SELECT id, fetched_at FROM report_snapshots WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1',
      ),
    };
  }

  /** The watchlist's rules as stored (JSON text); null when there is no such watchlist. */
  rulesText(watchlistId: number): string | null {
    return this.s.rules.get(watchlistId) ?? null;
  }

  setRules(watchlistId: number, rules: object): boolean {
    return this.s.setRules.run(JSON.stringify(rules), watchlistId).changes > 0;
  }

  /** Records alerts (each once; none of a kind muted for its account), in one transaction; the ids of those new. */
  raise(alerts: readonly NewAlert[], at: number): number[] {
    return this.db.transaction(() => {
      const ids: number[] = [];
      for (const alert of alerts) {
        const result = this.s.insert.run({ ...alert, raisedAt: Math.round(at) });
        if (result.changes > 0) ids.push(Number(result.lastInsertRowid));
      }
      return ids;
    })();
  }

  list(options: { unreadOnly?: boolean; limit?: number } = {}): AlertRecord[] {
    return this.s.list.all({ unreadOnly: options.unreadOnly ? 1 : 0, limit: Math.max(1, Math.min(1000, options.limit ?? 200)) }).map(toRecord);
  }

  unreadCount(): number {
    return this.s.unread.get() ?? 0;
  }

  /** Marks the alerts read (all unread ones when no ids are given); how many changed. */
  markRead(ids: readonly number[] | null, at: number): number {
    if (ids === null) return this.s.readAll.run(Math.round(at)).changes;
    return this.db.transaction(() => ids.reduce((n, id) => n + this.s.readOne.run(Math.round(at), id).changes, 0))();
  }

  /** The account and kind of an alert, to mute them. */
  alertOf(id: number): { network: Network; accountKey: string; kind: AlertKind } | null {
    const row = this.s.alertOf.get(id);
    return row ? { network: row.network, accountKey: row.account_key, kind: row.kind } : null;
  }

  mute(network: Network, accountKey: string, kind: AlertKind, at: number): void {
    this.s.mute.run(network, accountKey, kind, Math.round(at));
  }

  unmute(network: Network, accountKey: string, kind: AlertKind): boolean {
    return this.s.unmute.run(network, accountKey, kind).changes > 0;
  }

  mutes(): { network: Network; accountKey: string; kind: AlertKind; mutedAt: number }[] {
    return this.s.mutes.all().map((m) => ({ network: m.network, accountKey: m.account_key, kind: m.kind, mutedAt: m.muted_at }));
  }

  latestSnapshot(network: Network, accountKey: string): { id: number; at: number } | null {
    const row = this.s.latestSnapshot.get(network, accountKey);
    return row ? { id: row.id, at: row.fetched_at } : null;
  }

  /**
   * The figures of the snapshots the rules read for each account (the newest, the one before, and
   * those within `spanDays` before that; SNAPSHOTS_PER_ACCOUNT at most), oldest first, by
   * `network:accountKey`, from the covering index of migration 0250.
   */
  figures(accounts: readonly { network: Network; accountKey: string }[], spanDays: number): Map<string, SnapshotFigures[]> {
    const span = Math.max(0, Math.ceil(spanDays)) * 86_400_000;
    const keys: string[] = [];
    const wanted: [Network, string][] = [];
    const lists: SnapshotFigures[][] = [];
    const out = new Map<string, SnapshotFigures[]>();
    for (const { network, accountKey } of accounts) {
      const key = `${network}:${accountKey}`;
      if (out.has(key)) continue;
      const list: SnapshotFigures[] = [];
      out.set(key, list);
      keys.push(key);
      wanted.push([network, accountKey]);
      lists.push(list);
    }
    if (wanted.length === 0) return out;
    for (const [i, id, at, followers, engagementRate, audienceQuality] of this.s.figures.all({ accounts: JSON.stringify(wanted), span })) {
      lists[i]!.push({ id, at, followers, engagementRate, audienceQuality });
    }
    for (let i = 0; i < lists.length; i++) {
      // Oldest first, and the newest SNAPSHOTS_PER_ACCOUNT of them (the index gives them in order: sorting is a check).
      const list = lists[i]!.sort((a, b) => a.at - b.at || a.id - b.id);
      if (list.length > SNAPSHOTS_PER_ACCOUNT) out.set(keys[i]!, list.slice(-SNAPSHOTS_PER_ACCOUNT));
    }
    return out;
  }
}
