// An edit of an account's notes applied against what its editor showed: only what the researcher
// changed from it reaches the notes as they are now.
import { describe, expect, it } from 'vitest';
import { mergeSeen, notesEdits, type AccountNotesSeen } from './accountNotes';

const seen: AccountNotesSeen = { version: 3, note: 'Base note v1', tags: ['Space'], status: null };

describe('an edit read against what its editor showed', () => {
  it('a note saved with a tag list from before a tag was added keeps the tag', () => {
    const now = { note: 'Base note v1', tags: ['Space', 'Science'], status: 'contacted' };
    expect(mergeSeen(now, seen, notesEdits.note(seen, 'Asked for the media kit.'))).toEqual({ note: 'Asked for the media kit.', tags: ['Space', 'Science'] });
  });

  it('a tag removed goes, one added comes, a teammate’s tag and note since stay', () => {
    const now = { note: 'Bob’s note', tags: ['Space', 'Travel'], status: null };
    expect(mergeSeen(now, seen, notesEdits.removeTag(seen, 'Space'))).toEqual({ note: 'Bob’s note', tags: ['Travel'] });
    expect(mergeSeen(now, seen, notesEdits.addTag(seen, 'beauty'))).toEqual({ note: 'Bob’s note', tags: ['Space', 'Travel', 'beauty'] });
    // A tag added here that a teammate added too (another spelling) is one tag.
    expect(mergeSeen(now, seen, notesEdits.addTag(seen, 'travel')).tags).toEqual(['Space', 'Travel']);
  });

  it('the status only when it was changed', () => {
    const now = { note: 'Base note v1', tags: ['Space'], status: 'signed' };
    expect(mergeSeen(now, seen, notesEdits.status(seen, 'contacted')).status).toBe('contacted');
    expect(mergeSeen(now, seen, notesEdits.status(seen, null))).not.toHaveProperty('status');
    expect(mergeSeen(now, seen, notesEdits.addTag(seen, 'x'))).not.toHaveProperty('status');
  });
});
