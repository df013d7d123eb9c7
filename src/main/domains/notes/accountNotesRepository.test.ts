import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountNotesRepository } from './accountNotesRepository';
import { NOW, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

describe('AccountNotesRepository', () => {
  it('keeps one note and cleaned tags per account; clearing both removes the row', () => {
    const repo = new AccountNotesRepository(t.db);
    const saved = repo.set('instagram', 'NatGeo', { note: '  Pitch in May ', tags: ['#Beauty', 'beauty', ' travel  blogs ', '', 'x'.repeat(41)] }, NOW)!;
    expect(saved).toEqual({ id: saved.id, network: 'instagram', accountKey: 'natgeo', note: 'Pitch in May', tags: ['Beauty', 'travel blogs'], status: null, updatedAt: NOW });
    expect(repo.get('instagram', 'natgeo')).toEqual(saved);
    expect(repo.set('instagram', 'natgeo', { note: '', tags: ['Travel blogs'] }, NOW + 1)).toMatchObject({ id: saved.id, note: '', tags: ['Travel blogs'] });
    expect(() => repo.set('instagram', 'natgeo', { note: 'x'.repeat(2001), tags: [] }, NOW)).toThrow(RangeError);
    expect(repo.set('instagram', 'natgeo', { note: ' ', tags: [] }, NOW + 2)).toBeNull();
    expect(repo.list()).toEqual([]);
    expect(() => t.db.prepare(`INSERT INTO account_notes (network, account_key, tags, updated_at) VALUES ('instagram', 'a', '{}', 1)`).run()).toThrow(/CHECK/);
  });

  it('keeps a status with or without a note; renaming a step keeps its accounts, removing one clears theirs', () => {
    const repo = new AccountNotesRepository(t.db);
    expect(repo.set('youtube', 'UCabc', { note: '', tags: [], status: 'contacted' }, NOW)).toMatchObject({ note: '', tags: [], status: 'contacted' });
    // A save of note and tags alone leaves the status as it was.
    expect(repo.set('youtube', 'UCabc', { note: 'Replied', tags: [] }, NOW + 1)).toMatchObject({ note: 'Replied', status: 'contacted' });
    repo.set('tiktok', 'dancer', { note: '', tags: [], status: 'approved' }, NOW);
    repo.set('twitch', 'streamer', { note: '', tags: ['games'], status: 'approved' }, NOW);
    expect(repo.statusCounts()).toEqual(new Map([['contacted', 1], ['approved', 2]]));

    const renamed = repo.steps().map((s) => (s.id === 'contacted' ? { ...s, label: 'Emailed' } : s));
    expect(repo.setSteps([renamed[3]!, ...renamed.slice(0, 3)])).toEqual({ cleared: 0 });
    expect(repo.steps().map((s) => s.label)).toEqual(['Approved', 'Considering', 'Shortlisted', 'Emailed']);
    expect(repo.get('youtube', 'ucabc')?.status).toBe('contacted');

    // Approved removed: the account with only that status goes, the tagged one keeps its tag.
    expect(repo.setSteps(repo.steps().filter((s) => s.id !== 'approved'))).toEqual({ cleared: 2 });
    expect(repo.get('tiktok', 'dancer')).toBeNull();
    expect(repo.get('twitch', 'streamer')).toMatchObject({ tags: ['games'], status: null });
    expect(() => repo.setSteps([])).toThrow(/at least one step/);
    expect(() => repo.setSteps([{ id: 'a', label: 'Same' }, { id: 'b', label: 'same' }])).toThrow(/Two steps are called/);
    expect(repo.steps().length).toBe(3);
  });
});
