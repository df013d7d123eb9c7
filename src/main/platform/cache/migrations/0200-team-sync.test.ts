import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0200 } from './0200-team-sync';

describe('0200 team sync', () => {
  it('keeps outbox rows with exactly one body, a refusal only with its reason, one sync row from cursor 0, and skipped records by sequence number', () => {
    const db = new Database(':memory:');
    migration0200.up(db);
    expect(db.prepare('SELECT cursor, last_pulled_at FROM team_sync').all()).toEqual([{ cursor: 0, last_pulled_at: null }]);
    expect(() => db.prepare('INSERT INTO team_sync (id, cursor) VALUES (2, 0)').run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE team_sync SET cursor = -1').run()).toThrow(/CHECK/);

    const add = db.prepare('INSERT INTO team_outbox (kind, item_key, fetched_at, body_json, body_bytes, body_file, queued_at) VALUES (?, ?, 1, ?, ?, ?, 1)');
    add.run('report', '["instagram","nasa",""]', '{"result":{}}', null, null);
    add.run('pdf', '["instagram","nasa",""]', null, Buffer.from('%PDF'), null);
    add.run('pdf', '["instagram","esa",""]', null, null, '/archive/esa.pdf');
    expect(() => add.run('report', 'k', null, null, null)).toThrow(/CHECK/);
    expect(() => add.run('report', 'k', '{}', Buffer.from('x'), null)).toThrow(/CHECK/);
    expect(() => add.run('', 'k', '{}', null, null)).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE team_outbox SET refused_at = 5 WHERE id = 1').run()).toThrow(/CHECK/);
    db.prepare("UPDATE team_outbox SET refused_at = 5, last_error = 'too large' WHERE id = 1").run();
    expect(db.prepare('SELECT id FROM team_outbox WHERE refused_at IS NULL ORDER BY id').pluck().all()).toEqual([2, 3]);

    db.prepare("INSERT INTO team_skipped (seq, kind, reason, skipped_at) VALUES (7, 'future_kind', 'unknown kind', 1)").run();
    expect(() => db.prepare("INSERT INTO team_skipped (seq, kind, reason, skipped_at) VALUES (7, 'report', 'again', 1)").run()).toThrow(/UNIQUE/);
  });
});
