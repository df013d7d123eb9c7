// The one "the team database cannot be reached … buy anyway?" of a Team workspace, wherever a
// paid action was refused with TEAM_UNREACHABLE (a report, Add accounts, a PDF export, a discovery
// run, a competitor analysis, posts / history / mentions, a list sync). Focus starts on "Not now":
// buying without the team is a choice, never a second Enter. Escape is "Not now".
import type { ReactNode } from 'react';
import { ConfirmSpend } from './ConfirmSpend';

export interface TeamUnreachableConfirmProps {
  /** Main's words: why the team cannot be asked, and what buying here means. */
  message: string;
  onConfirm: () => void;
  onBack: () => void;
  busy?: boolean;
  /** What would be bought, when the message does not say (Add accounts: which accounts). */
  children?: ReactNode;
}

export function TeamUnreachableConfirm({ message, onConfirm, onBack, busy = false, children }: TeamUnreachableConfirmProps) {
  return (
    <ConfirmSpend
      className="callout warning"
      label="The team database cannot be reached"
      confirmLabel="Buy anyway"
      backLabel="Not now"
      onConfirm={onConfirm}
      onBack={onBack}
      busy={busy}
      focusBack
      testId="team-unreachable"
    >
      <p>{message}</p>
      {children}
    </ConfirmSpend>
  );
}

/** A refusal the researcher may override with "Buy anyway": the team database could not be asked. */
export function isTeamUnreachable(error: unknown): error is Error & { code: 'TEAM_UNREACHABLE' } {
  return error instanceof Error && (error as { code?: unknown }).code === 'TEAM_UNREACHABLE';
}

/** The request's part that says "Buy anyway" was chosen (nothing when it was not). */
export function teamConfirmed(confirmed: boolean): { teamUnreachableConfirmed?: true } {
  return confirmed ? { teamUnreachableConfirmed: true } : {};
}
