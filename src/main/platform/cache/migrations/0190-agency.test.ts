import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0070 } from './0070-files';
import { migration0130 } from './0130-pdf-archive';
import { migration0190 } from './0190-agency';

describe('0190 agency', () => {
  it('adds one agency row at most, a logo only with its type, and a kind for archived PDFs (the API’s by default)', () => {
    const db = new Database(':memory:');
    migration0070.up(db);
    migration0130.up(db);
    db.prepare(`INSERT INTO pdfs (network, account_key, file_path, fetched_at, bytes) VALUES ('instagram', 'natgeo', 'a.pdf', 1, 10)`).run();
    migration0190.up(db);
    expect(db.prepare('SELECT kind FROM pdfs').get()).toEqual({ kind: 'api' });
    db.prepare(`INSERT INTO pdfs (network, account_key, file_path, fetched_at, bytes, kind) VALUES ('instagram', 'natgeo', 'b.pdf', 2, 10, 'client')`).run();
    expect(() => db.prepare(`INSERT INTO pdfs (network, account_key, file_path, fetched_at, bytes, kind) VALUES ('instagram', 'x', 'c.pdf', 2, 10, 'other')`).run()).toThrow(/CHECK/);

    db.prepare(`INSERT INTO agency (id, name, accent, updated_at) VALUES (1, 'Acme', '#112233', 5)`).run();
    expect(() => db.prepare(`INSERT INTO agency (id, name, accent, updated_at) VALUES (2, 'Other', '#112233', 5)`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE agency SET logo = x'00' WHERE id = 1`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE agency SET logo_type = 'gif', logo = x'00' WHERE id = 1`).run()).toThrow(/CHECK/);
    db.prepare(`UPDATE agency SET logo_type = 'png', logo = x'89' WHERE id = 1`).run();
    expect(db.prepare('SELECT name, logo_type FROM agency').get()).toEqual({ name: 'Acme', logo_type: 'png' });
  });
});
