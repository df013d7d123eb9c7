import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../../../test/support';
import { openDatabase } from '../database';
import { migrations } from '.';
import { migration0280 } from './0280-brand-mention-alerts';

describe('0280 brand mention alerts', () => {
  it('keeps every alert with its id, read state and watchlist, and takes the new kind', () => {
    const before = migrations.filter((m) => m.version < migration0280.version);
    const file = path.join(tempDir(), 'workspace.sqlite');
    const db = openDatabase(file, { migrations: before });
    db.prepare("INSERT INTO watchlists (id, name, schedule, created_at) VALUES (3, 'Autumn', 'manual', 1)").run();
    db.prepare(
      "INSERT INTO alerts (id, watchlist_id, network, account_key, kind, raised_at, before_snapshot_id, after_snapshot_id, before_at, after_at, before_value, after_value, threshold, days, detail, read_at) VALUES (7, 3, 'instagram', 'falling.drop', 'follower-drop', 100, 1, 2, 10, 20, 1000, 900, 5, 7, NULL, 150)",
    ).run();
    expect(() => db.prepare("INSERT INTO alerts (network, account_key, kind, raised_at, after_snapshot_id) VALUES ('youtube', 'x', 'new-mention', 1, 1)").run()).toThrow(/CHECK/);
    const rows = db.prepare('SELECT * FROM alerts').all();
    db.close();

    const migrated = openDatabase(file, { migrations });
    expect(migrated.prepare('SELECT * FROM alerts').all()).toEqual(rows);
    migrated.prepare("INSERT INTO alerts (network, account_key, kind, raised_at, after_snapshot_id, detail, after_value) VALUES ('youtube', 'x', 'new-mention', 1, 4, 'Nike', 1)").run();
    // Raised once per fetch; the watchlist's deletion still leaves its alerts.
    expect(() => migrated.prepare("INSERT INTO alerts (network, account_key, kind, raised_at, after_snapshot_id) VALUES ('youtube', 'x', 'new-mention', 2, 4)").run()).toThrow(/UNIQUE/);
    migrated.prepare('DELETE FROM watchlists WHERE id = 3').run();
    expect(migrated.prepare('SELECT watchlist_id FROM alerts WHERE id = 7').get()).toEqual({ watchlist_id: null });
    expect(migrated.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'alerts' AND name LIKE 'alerts_%' ORDER BY name").all()).toEqual([{ name: 'alerts_by_time' }, { name: 'alerts_unread' }]);
    migrated.close();
  });
});
