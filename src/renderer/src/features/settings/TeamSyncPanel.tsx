// Settings → Team database's sharing, as shown (no IPC here: TeamSyncSection feeds it): the
// sharing line, the team's records that could not be read, and "Receive the team's cache".
import { useId, useState } from 'react';
import type { TeamSyncView } from '@shared/teamSync';
import { teamSyncLines } from './teamSyncModel';

type TeamSync = Extract<TeamSyncView, { team: true }>;

export interface TeamSyncPanelProps {
  view: TeamSync;
  /** "Receive the team's cache" asked and not answered yet. */
  starting: boolean;
  outcome: { text: string; error: boolean } | null;
  onReceive: () => void;
  onCancel: () => void;
  now?: number;
  /** The list of records that could not be read, open (tests render it so). */
  initiallyShown?: boolean;
}

export function TeamSyncPanel({ view, starting, outcome, onReceive, onCancel, now, initiallyShown = false }: TeamSyncPanelProps) {
  const lines = teamSyncLines(view, now);
  const [shown, setShown] = useState(initiallyShown);
  const listId = useId();
  const receiving = view.join !== null || starting;
  return (
    <section className={`callout team-sync ${lines.tone}`} aria-labelledby={`${listId}-title`} data-testid="team-sync">
      <h3 id={`${listId}-title`} className="visually-hidden">
        Sharing with the team
      </h3>
      <p role="status" aria-live="polite" data-testid="team-sync-status">
        <strong>{lines.shared.join('; ')}.</strong> {lines.lastReceived}.
      </p>
      {lines.unreadable && (
        <p data-testid="team-sync-unreadable">
          {lines.unreadable}.{' '}
          <button type="button" className="link" aria-expanded={shown} aria-controls={listId} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </p>
      )}
      {lines.unreadable && shown && (
        <ul id={listId} data-testid="team-sync-unreadable-list">
          {lines.unreadableList.map((item) => (
            <li key={item.key} title={item.title}>
              {item.text}
            </li>
          ))}
          {view.skippedCount > lines.unreadableList.length && <li className="muted">and older ones</li>}
        </ul>
      )}
      {receiving ? (
        <div className="actions" data-testid="team-join-progress">
          <progress
            aria-label="Receiving the team’s cache"
            aria-valuetext={lines.receiving ?? 'Counting the team’s records…'}
            max={Math.max(1, view.join?.total ?? 1)}
            value={view.join && view.join.total > 0 ? view.join.received : undefined}
          />
          <span aria-live="polite">{lines.receiving ?? 'Counting the team’s records…'}</span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={onReceive} data-testid="team-join">
            Receive the team’s cache
          </button>
          <span className="muted">Takes everything your teammates have shared that this laptop does not have yet (useful on a new laptop).</span>
        </div>
      )}
      {outcome && (
        <p className={outcome.error ? 'feedback error' : 'feedback'} role={outcome.error ? 'alert' : 'status'} data-testid="team-join-outcome">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
