// The open list's name, renamed in place: the heading of its items (ListItems.tsx). Apart from
// ListsPage.tsx so each file holds one part of the page.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ListSummary } from '@shared/discoveryData';
import { listLabel, LIST_NAME_MAX } from '@shared/lists';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { FormField } from '../../shared/ui';

/**
 * The list's name, and renaming it in place: Rename opens the field with the name selected; Enter
 * keeps it, Escape leaves it as it was, and either way the focus goes back to Rename. An empty
 * name gives the list back its number.
 */
export function ListName({ listId, summary, onRenamed }: { listId: number; summary: ListSummary | null; onRenamed: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const renaming = useScoutMutation((name: string) => scout.invoke('lists:rename', { listId, name }), {
    onSuccess: () => {
      onRenamed();
      close();
    },
    onError: (words, e) => setError(fieldErrors(e).name ?? fieldErrors(e).listId ?? words),
  });
  const busy = renaming.busy;
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const label = listLabel({ listId, name: summary?.name ?? null });

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const close = () => {
    setEditing(false);
    setError(null);
    // Back where the researcher was, once the button is drawn again.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await renaming.run(text);
  };

  if (!editing) {
    return (
      <>
        <h2 id="list-items-title" data-testid="list-name">
          {label}
        </h2>
        <button
          type="button"
          ref={renameButton}
          disabled={summary === null}
          title={summary === null ? 'Sync the list before naming it.' : undefined}
          onClick={() => (setText(summary?.name ?? ''), setEditing(true))}
        >
          {summary?.name ? 'Rename…' : 'Name this list…'}
        </button>
      </>
    );
  }
  return (
    <>
      <h2 id="list-items-title" className="visually-hidden">
        {label}
      </h2>
      <form
        className="list-rename"
        aria-label={`Name ${label}`}
        noValidate
        onSubmit={(e) => void save(e)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          }
        }}
      >
        <FormField
          label="List name"
          error={error}
          help={`Your own name for list ${listId} in this workspace (the API's lists have none); empty to go back to its number.`}
          testId="list-name-field"
          after={
            <>
              <button type="submit" className="primary" disabled={busy}>
                Save name
              </button>
              <button type="button" onClick={close}>
                Cancel
              </button>
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              autoComplete="off"
              maxLength={LIST_NAME_MAX + 20}
              value={text}
              placeholder="e.g. Summer shortlist"
              onChange={(e) => (setText(e.target.value), setError(null))}
            />
          )}
        </FormField>
      </form>
    </>
  );
}
