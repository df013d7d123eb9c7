// The saved comparisons of this workspace, below every Compare page.
import { useRef, useState } from 'react';
import type { SavedComparison } from '@shared/compare';
import { useScout } from '../../store';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { ErrorState, formatDate, plural } from '../../shared/ui';
import { PERIOD_WORDS } from '@shared/format';
import { teamReceived } from '../../data/scoutQuery';

/** The saved comparisons of this workspace, newest first: open one, or delete it after a question. */
export function SavedList({ current }: { current: number | null }) {
  const navigate = useScout((s) => s.navigate);
  const saves = useScout((s) => s.compareSaves);
  // Read again after a save, an update or a delete.
  const listed = useScoutQuery(() => scout.invoke('compare:list', {}), [], { keepPrevious: true, refreshWhenChanged: [saves], refreshOn: [teamReceived('comparison')] });
  const list = listed.data ?? null;
  const error = listed.error;
  const [asking, setAsking] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (item: SavedComparison) => {
    setDeleteError(null);
    try {
      await scout.invoke('compare:delete', { id: item.id });
      listed.setData((l) => l?.filter((x) => x.id !== item.id));
      useScout.getState().noteCompareSaved();
      setAsking(null);
      headingRef.current?.focus();
      if (current === item.id) navigate('compare');
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return (
    <section className="card saved-comparisons no-print" aria-labelledby="saved-comparisons-title" data-testid="saved-comparisons">
      <h2 id="saved-comparisons-title" ref={headingRef} tabIndex={-1}>
        Saved comparisons
      </h2>
      {error && <ErrorState title="The saved comparisons could not be read.">{error}</ErrorState>}
      {list && list.length === 0 && <p className="muted">None yet. Name a comparison and press Save to keep it in this workspace.</p>}
      {list && list.length > 0 && (
        <ul className="saved-list">
          {list.map((item) => (
            <li key={item.id} data-testid={`saved-comparison-${item.id}`} aria-current={item.id === current ? 'page' : undefined}>
              <a
                href={`#/compare/${item.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate('compare', [String(item.id)]);
                }}
              >
                {item.name}
              </a>
              <span className="muted">
                {' '}
                · {plural(item.items.length, 'account')} · {PERIOD_WORDS[item.period]} · saved {formatDate(item.updatedAt)}
              </span>
              {asking === item.id ? (
                <span
                  className="delete-confirm"
                  role="group"
                  aria-label={`Delete ${item.name}?`}
                  onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setAsking(null))}
                >
                  {' '}
                  Delete “{item.name}”? The accounts’ reports stay cached.{' '}
                  <button type="button" className="danger" onClick={() => void remove(item)}>
                    Delete
                  </button>{' '}
                  <button type="button" autoFocus onClick={() => setAsking(null)}>
                    Keep it
                  </button>
                  {deleteError && <span className="feedback error" role="alert"> {deleteError}</span>}
                </span>
              ) : (
                <>
                  {' '}
                  <button type="button" className="link" aria-label={`Delete ${item.name}…`} onClick={() => (setAsking(item.id), setDeleteError(null))}>
                    Delete…
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
