import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountNotesRepository } from './accountNotesRepository';
import { NOW, tempDatabase, type TempDatabase } from './testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

describe('AccountNotesRepository', () => {
  it('keeps one note and cleaned tags per account; clearing both removes the row', () => {
    const repo = new AccountNotesRepository(t.db);
    const saved = repo.set('instagram', 'NatGeo', { note: '  Pitch in May ', tags: ['#Beauty', 'beauty', ' travel  blogs ', '', 'x'.repeat(41)] }, NOW)!;
    expect(saved).toEqual({ id: saved.id, network: 'instagram', accountKey: 'natgeo', note: 'Pitch in May', tags: ['Beauty', 'travel blogs'], updatedAt: NOW });
    expect(repo.get('instagram', 'natgeo')).toEqual(saved);
    expect(repo.set('instagram', 'natgeo', { note: '', tags: ['Travel blogs'] }, NOW + 1)).toMatchObject({ id: saved.id, note: '', tags: ['Travel blogs'] });
    expect(() => repo.set('instagram', 'natgeo', { note: 'x'.repeat(2001), tags: [] }, NOW)).toThrow(RangeError);
    expect(repo.set('instagram', 'natgeo', { note: ' ', tags: [] }, NOW + 2)).toBeNull();
    expect(repo.list()).toEqual([]);
    expect(() => t.db.prepare(`INSERT INTO account_notes (network, account_key, tags, updated_at) VALUES ('instagram', 'a', '{}', 1)`).run()).toThrow(/CHECK/);
  });
});
