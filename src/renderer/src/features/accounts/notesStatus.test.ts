// The line under an account's notes: "Note saved" holds only while the box shows the note saved;
// once a teammate's change replaces it (Anna's box shows Bob's text) it says Bob changed it.
import { describe, expect, it } from 'vitest';
import type { AccountNotesView } from '@shared/accountNotes';
import { formatDateTime } from '@shared/format';
import { notesStatusLine } from './notesStatus';

const AT = Date.UTC(2026, 10, 3, 14, 5);
const view = (over: Partial<AccountNotesView>): AccountNotesView => ({ network: 'instagram', accountKey: 'natgeo', note: '', tags: [], status: null, updatedAt: AT, ...over });

describe('the line under an account’s notes', () => {
  const saved = { tone: 'ok' as const, text: 'Note saved', about: { field: 'note' as const, value: 'Anna’s text' } };

  it('says "Note saved" while the box shows the note saved', () => {
    expect(notesStatusLine(saved, view({ note: 'Anna’s text' }), null)).toEqual({ tone: 'ok', text: 'Note saved' });
  });

  it('a teammate’s note replaced it: says who changed it, and when, not "Note saved"', () => {
    const bobs = view({ note: 'Bob’s text', team: { version: 7, by: { note: 'Bob Lund' } } });
    expect(notesStatusLine(saved, bobs, null)).toEqual({ tone: '', text: `Bob Lund changed the note after you saved yours (${formatDateTime(AT)}).` });
    // Typing over it again: that is said too.
    expect(notesStatusLine(saved, bobs, 'Anna again').text).toBe(`Bob Lund changed the note after you saved yours (${formatDateTime(AT)}). · note not saved yet`);
  });

  it('a status saved and then changed by a teammate; a tag added (nothing to compare): as said', () => {
    const status = { tone: 'ok' as const, text: 'Status: Contacted', about: { field: 'status' as const, value: 'contacted' } };
    expect(notesStatusLine(status, view({ status: 'contacted' }), null).text).toBe('Status: Contacted');
    expect(notesStatusLine(status, view({ status: 'approved', team: { version: 3, by: { status: 'Bob Lund' } } }), null).text).toBe(`Bob Lund changed the status after you saved yours (${formatDateTime(AT)}).`);
    expect(notesStatusLine({ tone: 'ok', text: 'Tag “beauty” added' }, view({ note: 'x' }), null).text).toBe('Tag “beauty” added');
  });

  it('nothing said yet: when they last changed; an error stays an error', () => {
    expect(notesStatusLine(null, view({}), null)).toEqual({ tone: '', text: `Last changed ${formatDateTime(AT)}` });
    expect(notesStatusLine(null, undefined, null)).toEqual({ tone: '', text: '' });
    expect(notesStatusLine({ tone: 'error', text: 'Not saved: offline' }, view({}), 'typed')).toEqual({ tone: 'error', text: 'Not saved: offline' });
  });
});
