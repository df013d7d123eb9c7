// The line under an account's notes: what the last action did ("Note saved"), or when they last
// changed. A "saved" that a teammate's change has since replaced (the box shows their text now) is
// no longer true: the line says who changed it instead.
import type { AccountNotesView } from '@shared/accountNotes';
import { formatDateTime } from '@shared/format';

/** What the last action said; `about`: the field it saved and the value it saved. */
export interface NotesSaid {
  tone: 'ok' | 'error';
  text: string;
  about?: { field: 'note' | 'status'; value: string | null };
}

const fieldWords = { note: 'the note', status: 'the status' } as const;

/** The line to show, given what was said, what is saved now and what is typed and not saved. */
export function notesStatusLine(said: NotesSaid | null, saved: AccountNotesView | undefined, draft: string | null): { tone: '' | 'ok' | 'error'; text: string } {
  const when = saved?.updatedAt ? formatDateTime(saved.updatedAt) : null;
  const unsaved = draft !== null && draft !== (saved?.note ?? '') && said?.tone !== 'error' ? ' · note not saved yet' : '';
  const about = said?.about;
  if (about && saved && saved[about.field] !== about.value) {
    const who = saved.team?.by[about.field] ?? 'A teammate';
    return { tone: '', text: `${who} changed ${fieldWords[about.field]} after you saved yours${when ? ` (${when})` : ''}.${unsaved}` };
  }
  return { tone: said?.tone ?? '', text: `${said?.text ?? (when ? `Last changed ${when}` : '')}${unsaved}` };
}
