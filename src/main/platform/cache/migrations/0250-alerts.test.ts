import { describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import { migrations } from '.';
import { migration0250 } from './0250-alerts';

describe('0250 alerts', () => {
  it('keeps rules as JSON on each watchlist, one alert per account, kind and snapshot, and alerts past their watchlist', () => {
    const db = openDatabase(':memory:', { migrations: migrations.filter((m) => m.version <= migration0250.version) });
    const id = Number(db.prepare("INSERT INTO watchlists (name, schedule, created_at) VALUES ('A', 'daily', 1)").run().lastInsertRowid);
    expect(db.prepare('SELECT alert_rules FROM watchlists WHERE id = ?').pluck().get(id)).toBe('{}');
    expect(() => db.prepare("UPDATE watchlists SET alert_rules = '{broken' WHERE id = ?").run(id)).toThrow(/CHECK/);
    const raise = db.prepare("INSERT INTO alerts (watchlist_id, network, account_key, kind, raised_at, after_snapshot_id) VALUES (?, 'instagram', 'a', ?, 1, ?)");
    raise.run(id, 'follower-drop', 7);
    expect(() => raise.run(id, 'follower-drop', 7)).toThrow(/UNIQUE/);
    raise.run(id, 'follower-drop', 8);
    expect(() => raise.run(id, 'mood', 9)).toThrow(/CHECK/);
    db.prepare('DELETE FROM watchlists WHERE id = ?').run(id);
    expect(db.prepare('SELECT count(*) FROM alerts WHERE watchlist_id IS NULL').pluck().get()).toBe(2);
    db.close();
  });
});
