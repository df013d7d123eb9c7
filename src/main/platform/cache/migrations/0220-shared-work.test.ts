import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0220 } from './0220-shared-work';

describe('0220 shared work', () => {
  it('keeps one state row, pending changes in order, one local row per shared thing, and refuses what cannot be read', () => {
    const db = new Database(':memory:');
    migration0220.up(db);
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    db.prepare('INSERT INTO shared_state (id, origin) VALUES (1, ?)').run(uuid(1));
    expect(() => db.prepare('INSERT INTO shared_state (id, origin) VALUES (2, ?)').run(uuid(2))).toThrow(/CHECK/);
    const add = db.prepare('INSERT INTO shared_changes (change_id, seq, origin, doc_kind, doc_id, field, value, base_version, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)');
    add.run(uuid(10), null, uuid(1), 'comparison', uuid(20), 'name', '"A"', 0);
    add.run(uuid(11), 7, uuid(1), 'comparison', uuid(20), 'name', '"B"', 0);
    add.run(uuid(12), null, uuid(1), 'comparison', uuid(20), 'name', null, 7);
    expect(db.prepare('SELECT change_id FROM shared_changes WHERE seq IS NULL ORDER BY id').all()).toEqual([{ change_id: uuid(10) }, { change_id: uuid(12) }]);
    expect(() => add.run(uuid(10), null, uuid(1), 'comparison', uuid(20), 'name', '"again"', 0)).toThrow(/UNIQUE/);
    expect(() => add.run(uuid(13), 7, uuid(1), 'comparison', uuid(20), 'name', '"same seq"', 0)).toThrow(/UNIQUE/);
    expect(() => add.run(uuid(14), null, uuid(1), 'comparison', uuid(20), 'name', '{not json', 0)).toThrow(/CHECK/);
    const doc = db.prepare('INSERT INTO shared_docs (doc_kind, doc_id, local_id) VALUES (?, ?, ?)');
    doc.run('comparison', uuid(20), 3);
    doc.run('discovery_query', uuid(21), 3);
    expect(() => doc.run('comparison', uuid(22), 3)).toThrow(/UNIQUE/);
  });
});
