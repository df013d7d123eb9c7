// The one confirmation before credits are spent. It shows what the action costs (the caller's
// lines), a spend button that names the amount, and a way back. Escape goes back; with
// `focusBack` focus starts on the way back, so two presses of Enter never spend.
import type { ReactNode } from 'react';

export interface ConfirmSpendProps {
  /** Names the panel for screen readers: 'Confirm refresh'. */
  label: string;
  /** What it costs, in the caller's words. */
  children: ReactNode;
  /** The spend button's text, naming the amount: 'Refresh and spend 1 report credit'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The way back: 'Cancel', or 'Change' where the researcher edits what was quoted. */
  backLabel?: string;
  onBack: () => void;
  /** Why the spend button is off, when it is (shown by the caller's lines): true disables it. */
  confirmDisabled?: boolean;
  busy?: boolean;
  focusBack?: boolean;
  /** Escape takes the way back (the default); false leaves Escape to the panel around it. */
  escapeGoesBack?: boolean;
  className?: string;
  testId?: string;
}

export function ConfirmSpend(props: ConfirmSpendProps) {
  const { busy = false } = props;
  return (
    <div
      className={`confirm-spend ${props.className ?? ''}`}
      role="dialog"
      aria-label={props.label}
      data-testid={props.testId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy || props.escapeGoesBack === false) return;
        // Escape means "not this spend", not "close the panel around it".
        e.stopPropagation();
        props.onBack();
      }}
    >
      {props.children}
      <div className="actions">
        <button type="button" className="primary" onClick={props.onConfirm} disabled={busy || props.confirmDisabled}>
          {props.confirmLabel}
        </button>
        <button type="button" onClick={props.onBack} disabled={busy} autoFocus={props.focusBack}>
          {props.backLabel ?? 'Cancel'}
        </button>
      </div>
    </div>
  );
}
