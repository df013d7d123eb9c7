// What a companion tab says above its content: loading, the last error, and for a cached answer
// its age with a Refresh button beside it.
import { useState, type ReactNode } from 'react';
import type { CompanionDocument, ViewNote } from '@shared/companions';
import { formatAge, formatDateTime } from '@shared/format';
import { TeamUnreachableConfirm } from '../../../shared/ui';

/** What DocumentStatus reads of useDocument. */

export interface DocumentState {
  loading: boolean;
  busy: boolean;
  error: string | null;
  doc: CompanionDocument<ViewNote> | null;
  refresh: () => Promise<void>;
  /** The last error's code, the answer it belongs to, and the extra fields of the ask that failed (to ask again, confirmed). */
  code?: string | null;
  seq?: number;
  asked?: Record<string, unknown>;
  ask?(more: { teamUnreachableConfirmed: true }): Promise<void>;
}

/** Loading, the last error, and for a cached answer its age with a Refresh button beside it. */
export function DocumentStatus({ state, what, hint, note, showError = true }: { state: DocumentState; what: string; hint: string; note?: ReactNode; showError?: boolean }) {
  const { loading, error, doc, busy } = state;
  // "Not now" for the answer that asked it; a later refusal asks again.
  const [notNow, setNotNow] = useState<number | null>(null);
  if (loading) return <p className="muted" aria-live="polite">Loading…</p>;
  const teamAsk = showError && error && state.code === 'TEAM_UNREACHABLE' && state.ask && notNow !== (state.seq ?? 0);
  return (
    <>
      {teamAsk && (
        <TeamUnreachableConfirm
          message={error}
          onConfirm={() => void state.ask!({ ...(state.asked ?? {}), teamUnreachableConfirmed: true })}
          onBack={() => setNotNow(state.seq ?? 0)}
          busy={busy}
        />
      )}
      {showError && error && !teamAsk && (
        <p className="feedback error" role="alert">
          {error}
          {doc && ' The cached answer is still shown.'}
        </p>
      )}
      {doc && (
        <div className="toolbar" data-testid="companion-status">
          <span className="muted" data-testid="fetched-at" data-fetched-at={doc.fetchedAt} title={formatDateTime(doc.fetchedAt)}>
            Fetched {formatAge(doc.fetchedAt)}.
          </span>
          <button type="button" className="icon-button" aria-label={`Refresh ${what}`} title={hint} disabled={busy} onClick={() => void state.refresh()}>
            Refresh
          </button>
          {note}
          <span className="muted" aria-live="polite">
            {busy ? 'Refreshing…' : ''}
          </span>
        </div>
      )}
      {doc?.view.note && (
        <p className="callout warning" role="status" data-testid="view-note">
          {doc.view.note}
        </p>
      )}
    </>
  );
}

export const free = <span className="muted">Refresh: free.</span>;
