// The researcher's note, tags and status on an account, on its report page. Saved in main (in a
// Team workspace shared with the team, and read again when a teammate's arrive); the tag rules are
// @shared/accountNotes, the status steps @shared/workflow — the same main keeps them by.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Network } from '@shared/reports';
import { cleanTag, MAX_ACCOUNT_NOTE, MAX_TAG_CHARS, MAX_TAGS, notesEdits, seenOf, tagKey, type AccountNotesEdit, type AccountNotesSeen, type AccountNotesView } from '@shared/accountNotes';
import { scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';
import { formatDateTime } from '@shared/format';
import { ChangedMeanwhile } from '../../shared/ui';
import { statusLabel } from '@shared/workflow';
import { useScout } from '../../store';
import { useStatusSteps } from '../workflow';

export function AccountNotes({ network, account }: { network: Network; account: string }) {
  const id = useId();
  const notes = useScoutQuery(() => scout.invoke('notes:get', { network, account }), [network, account], { refreshOn: [teamReceived('account_notes')] });
  // Suggestions while typing a tag: every tag in use in this workspace.
  const inUse = useScoutQuery(() => scout.invoke('notes:tags', {}), [], { refreshOn: [teamReceived('account_notes')] });
  const saved: AccountNotesView | undefined = notes.data;
  // What is typed and not saved yet; null shows what is saved (a teammate's change too).
  const [draft, setDraft] = useState<string | null>(null);
  // What the editor showed when typing began: sent with the note as what it was written over, and
  // compared with what is saved now to say a teammate changed the note meanwhile.
  const [noteSeen, setNoteSeen] = useState<AccountNotesSeen | null>(null);
  const [tagText, setTagText] = useState('');
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const tagInput = useRef<HTMLInputElement>(null);
  const steps = useStatusSteps();
  const navigate = useScout((s) => s.navigate);

  const note = draft ?? saved?.note ?? '';
  const tags = saved?.tags ?? [];

  // Each edit is made from what is shown and says so (`seen`): main applies only what it changes,
  // so an edit sent before the previous one's answer arrived never undoes that one.
  const shown = saved ? seenOf(saved) : null;
  const saving = useScoutMutation((edit: { next: AccountNotesEdit; said: string; savesNote: boolean }) => scout.invoke('notes:set', { network, account, ...edit.next }), {
    onSuccess: (answer, { said, savesNote }) => {
      notes.setData(() => answer);
      if (savesNote) {
        setDraft(null);
        setNoteSeen(null);
      }
      setStatus({ tone: 'ok', text: said });
    },
    onError: (words) => setStatus({ tone: 'error', text: `Not saved: ${words}` }),
    refresh: [inUse],
  });
  const busy = saving.busy;
  const save = (next: AccountNotesEdit, said: string, savesNote = false) => saving.run({ next, said, savesNote });

  const saveNote = () => {
    if (draft === null || shown === null) return;
    const seen = noteSeen ?? shown;
    if (draft === seen.note) {
      // Typed back to what it was: nothing to save.
      setDraft(null);
      setNoteSeen(null);
      return;
    }
    void save(notesEdits.note(seen, draft), 'Note saved', true);
  };
  const typeNote = (text: string) => {
    if (noteSeen === null && shown !== null) setNoteSeen(shown);
    setDraft(text);
    setStatus(null);
  };
  // A teammate changed the note since typing began (the screen was read again meanwhile).
  const overtaken = draft !== null && noteSeen !== null && saved !== undefined && saved.note !== noteSeen.note;
  const theirName = saved?.team?.by.note ?? 'A teammate';
  const useTheirs = () => {
    setDraft(null);
    setNoteSeen(null);
    setStatus(null);
  };

  const addTag = () => {
    const tag = cleanTag(tagText);
    if (tag === null) {
      setStatus({ tone: 'error', text: tagText.trim() === '' ? 'Type a tag first.' : `A tag is at most ${MAX_TAG_CHARS} characters.` });
      return;
    }
    const already = tags.find((t) => tagKey(t) === tagKey(tag));
    if (already) {
      setStatus({ tone: 'error', text: `Already tagged “${already}”.` });
      return;
    }
    if (tags.length >= MAX_TAGS) {
      setStatus({ tone: 'error', text: `An account has at most ${MAX_TAGS} tags.` });
      return;
    }
    setTagText('');
    if (shown) void save(notesEdits.addTag(shown, tag), `Tag “${tag}” added`);
  };

  const removeTag = (tag: string) => {
    // Focus goes to the tag box: the button pressed is gone.
    tagInput.current?.focus();
    if (shown) void save(notesEdits.removeTag(shown, tag), `Tag “${tag}” removed`);
  };

  const step = saved?.status ?? null;
  const setStep = (next: string) => {
    const chosen = next === '' ? null : next;
    const label = statusLabel(steps.data?.steps ?? [], chosen);
    if (shown) void save(notesEdits.status(shown, chosen), label === null ? 'Status cleared' : `Status: ${label}`);
  };

  const onTagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addTag();
    }
  };
  const onNoteKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      saveNote();
    }
  };

  return (
    <section className="account-notes" aria-labelledby={`${id}-title`} data-testid="account-notes">
      <h2 id={`${id}-title`}>Notes, tags and status</h2>
      {notes.error && (
        <p className="feedback error" role="alert">
          {notes.error}
        </p>
      )}
      <div className="status-row">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={step ?? ''} onChange={(e) => setStep(e.target.value)} disabled={saved === undefined || busy || !steps.data} data-testid="account-status">
          <option value="">No status</option>
          {(steps.data?.steps ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
          {/* A teammate's step this workspace does not have: shown as such, kept until changed. */}
          {step !== null && steps.data && !steps.data.steps.some((s) => s.id === step) && <option value={step}>{statusLabel(steps.data.steps, step)}</option>}
        </select>
        <button type="button" className="link" onClick={() => navigate('settings')}>
          Rename the steps in Settings
        </button>
      </div>
      <div className="tag-row">
        <ul className="tag-list" aria-label="Tags" data-testid="account-tags">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button type="button" className="tag-remove" aria-label={`Remove tag ${tag}`} title={`Remove tag ${tag}`} onClick={() => removeTag(tag)} disabled={busy}>
                ×
              </button>
            </li>
          ))}
          {tags.length === 0 && <li className="muted">No tags yet.</li>}
        </ul>
        <input
          ref={tagInput}
          className="tag-input"
          aria-label="Add a tag (Enter adds it)"
          placeholder="Add a tag, Enter"
          list={`${id}-tags`}
          maxLength={MAX_TAG_CHARS + 10}
          value={tagText}
          onChange={(e) => (setTagText(e.target.value), setStatus(null))}
          onKeyDown={onTagKey}
          disabled={saved === undefined}
        />
        <datalist id={`${id}-tags`}>
          {(inUse.data ?? [])
            .filter((t) => !tags.some((mine) => tagKey(mine) === tagKey(t)))
            .map((t) => (
              <option key={t} value={t} />
            ))}
        </datalist>
      </div>
      <label htmlFor={`${id}-note`} className="note-label">
        Note <span className="muted">(saved when you leave the box, or Ctrl+Enter)</span>
      </label>
      <textarea
        id={`${id}-note`}
        rows={3}
        maxLength={MAX_ACCOUNT_NOTE}
        value={note}
        onChange={(e) => typeNote(e.target.value)}
        onBlur={saveNote}
        onKeyDown={onNoteKey}
        disabled={saved === undefined}
        data-testid="account-note"
      />
      {overtaken && (
        <ChangedMeanwhile who={theirName} what="this note" theirs={saved.note === '' ? '(no note)' : saved.note} onUseTheirs={useTheirs} testId="account-note-overtaken" />
      )}
      <p className={`feedback ${status?.tone ?? ''}`} role="status" data-testid="account-notes-status">
        {status?.text ?? (saved?.updatedAt ? `Last changed ${formatDateTime(saved.updatedAt)}` : '')}
        {draft !== null && draft !== (saved?.note ?? '') && status?.tone !== 'error' ? ' · note not saved yet' : ''}
      </p>
    </section>
  );
}
