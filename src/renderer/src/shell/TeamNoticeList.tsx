// Edits overtaken by a teammate's, as shown above every page of the Team workspace: what happened,
// in words, with "Restore it" (when an overtaken value can be made current again) and "Dismiss".
import type { TeamNotice } from '@shared/teamSync';

export interface TeamNoticeListProps {
  notices: TeamNotice[];
  /** The notice being restored or dismissed (its buttons wait). */
  busy: string | null;
  /** Why the last Restore / Dismiss did not go through. */
  problem: string | null;
  onRestore: (id: string) => void;
  onDismiss: (id: string) => void;
}

export function TeamNoticeList({ notices, busy, problem, onRestore, onDismiss }: TeamNoticeListProps) {
  if (notices.length === 0 && !problem) return null;
  return (
    <div className="notices" role="region" aria-label="Changes by your teammates" data-testid="team-notices">
      {notices.map((n) => (
        <div key={n.id} className="callout info" data-testid="team-notice">
          <p>{n.message}</p>
          <div className="actions">
            {n.canRestore && (
              <button type="button" className="primary" disabled={busy !== null} aria-busy={busy === n.id} onClick={() => onRestore(n.id)}>
                Restore it
              </button>
            )}
            <button type="button" disabled={busy !== null} onClick={() => onDismiss(n.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
      {problem && (
        <p className="feedback error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
