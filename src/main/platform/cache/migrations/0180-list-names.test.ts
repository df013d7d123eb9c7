import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0050 } from './0050-creators-and-lists';
import { migration0180 } from './0180-list-names';

describe('0180 list-names', () => {
  it('gives a list a name of its own, kept trimmed, non-empty, short and unique whatever its case', () => {
    const db = new Database(':memory:');
    migration0050.up(db);
    db.prepare('INSERT INTO lists (id, fetched_at) VALUES (5, 1), (6, 1)').run();
    migration0180.up(db);
    expect(db.prepare('SELECT id, name FROM lists ORDER BY id').all()).toEqual([
      { id: 5, name: null },
      { id: 6, name: null },
    ]);
    db.prepare(`UPDATE lists SET name = 'Summer shortlist' WHERE id = 5`).run();
    expect(db.prepare('SELECT name FROM lists WHERE id = 5').get()).toEqual({ name: 'Summer shortlist' });
    // Two unnamed lists are fine; two lists of one name (in any case) are not.
    expect(() => db.prepare(`UPDATE lists SET name = 'SUMMER SHORTLIST' WHERE id = 6`).run()).toThrow(/UNIQUE/);
    for (const bad of ['', ' padded ', 'x'.repeat(81)]) {
      expect(() => db.prepare('UPDATE lists SET name = ? WHERE id = 6').run(bad)).toThrow(/CHECK/);
    }
    db.prepare('UPDATE lists SET name = NULL WHERE id = 5').run();
    expect(db.prepare('SELECT count(*) AS n FROM lists WHERE name IS NULL').get()).toEqual({ n: 2 });
  });
});
