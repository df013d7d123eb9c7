// An account's status in a table cell: its step's name from the steps the screen read once
// (StatusStepsProvider), not one query per row.
import { createContext, useContext, type ReactNode } from 'react';
import type { AccountNotesView } from '@shared/accountNotes';
import { statusLabel, type StatusStep } from '@shared/workflow';
import { useStatusSteps } from './useStatusSteps';

const StepsContext = createContext<readonly StatusStep[]>([]);

export function StatusStepsProvider({ children }: { children: ReactNode }) {
  const steps = useStatusSteps();
  return <StepsContext.Provider value={steps.data?.steps ?? []}>{children}</StepsContext.Provider>;
}

/** The step's name, or nothing: an account without a status shows an empty cell, never a dash mistaken for a figure. */
export function StatusName({ status }: { status: string | null | undefined }) {
  const steps = useContext(StepsContext);
  const label = statusLabel(steps, status);
  return label === null ? null : <span className="status-chip">{label}</span>;
}

/** The status filter's choices: every status, no status, each step. */
export function StatusFilterOptions({ steps, current }: { steps: readonly StatusStep[]; current: string | undefined }) {
  return (
    <>
      <option value="">Any status</option>
      <option value="none">No status</option>
      {steps.map((s) => (
        <option key={s.id} value={s.id}>
          Status “{s.label}”
        </option>
      ))}
      {current !== undefined && current !== 'none' && !steps.some((s) => s.id === current) && <option value={current}>{statusLabel(steps, current)}</option>}
    </>
  );
}

/** An account's status and tags under its name, when the researcher gave it any. */
export function RowNotes({ notes, showStatus = true }: { notes: AccountNotesView | null; /** False where a Status column shows it. */ showStatus?: boolean }) {
  const steps = useContext(StepsContext);
  const status = showStatus ? (notes?.status ?? null) : null;
  if (!notes || (status === null && notes.tags.length === 0)) return null;
  // Where the row has no room for every chip, the whole of it on hover.
  const words = [statusLabel(steps, status), ...notes.tags].filter((w) => w !== null).join(' · ');
  return (
    <span className="tag-cell" data-testid="row-notes" title={words}>
      <StatusName status={status} />
      {notes.tags.map((t) => (
        <span key={t} className="tag-chip small">
          {t}
        </span>
      ))}
    </span>
  );
}
