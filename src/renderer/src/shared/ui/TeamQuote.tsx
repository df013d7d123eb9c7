// What a quote's panel says of the team database (a Team workspace's TeamQuoteNote), wherever a
// purchase is quoted: a report, Add accounts, a PDF export, a history, a discovery run, a
// competitor analysis, a list's sync. One rule for all of them: the team database cannot be
// reached → the cost line says so, the panel asks once, its spend button reads "Buy anyway: …"
// and the way back "Not now", focus on it (buying without the team is a choice, never a second
// Enter); not connected at all → the cost line says so, the spend button stays off (the send
// would refuse it) and the panel says where to connect.
import { buyAnywayLabel, teamNotConnectedAsk, teamNotConnectedQuote, teamUnreachableAsk, teamUnreachableQuote } from '@shared/labels';
import type { TeamQuoteNote } from '@shared/reports';
import type { ConfirmSpendProps } from './ConfirmSpend';

/** After a quote's cost: " — the team database cannot be reached: …" (nothing when the team answered). */
export function TeamQuoteLine({ note }: { note: TeamQuoteNote }) {
  if (note.teamNotConnected) return <span data-testid="quote-team-not-connected"> — {teamNotConnectedQuote}</span>;
  if (note.teamUnreachable) return <span data-testid="quote-team-unreachable"> — {teamUnreachableQuote}</span>;
  return null;
}

/** The panel's question (or where to connect), once; `thing` is what one of the `count` bought is ('page', 'list'). */
export function TeamQuoteAsk({ note, count = 1, thing }: { note: TeamQuoteNote; count?: number; thing?: string }) {
  if (note.teamNotConnected) {
    return (
      <p className="field-error" role="alert" data-testid="quote-team-ask">
        {teamNotConnectedAsk}
      </p>
    );
  }
  if (note.teamUnreachable) return <p data-testid="quote-team-ask">{teamUnreachableAsk(count, thing)}</p>;
  return null;
}

/** Whether the quote asks "buy anyway?" (its confirmation then sends `teamUnreachableConfirmed`). */
export function asksBuyAnyway(note: TeamQuoteNote | null | undefined): boolean {
  return note?.teamUnreachable === true && note.teamNotConnected !== true;
}

/**
 * A ConfirmSpend's words for a quote with a team note: the spend button as "Buy anyway: …" and the
 * way back as "Not now" (with focus on it), a warning's colour, and no spend without a connection.
 * `spend` and `back` are what they read when the team answered.
 */
export function teamQuotePanel(note: TeamQuoteNote, spend: string, back?: string): Pick<ConfirmSpendProps, 'confirmLabel' | 'backLabel' | 'focusBack'> & { warning: boolean; refused: boolean } {
  if (note.teamNotConnected) return { confirmLabel: spend, ...(back !== undefined ? { backLabel: back } : {}), warning: true, refused: true };
  if (note.teamUnreachable) return { confirmLabel: buyAnywayLabel(spend), backLabel: 'Not now', focusBack: true, warning: true, refused: false };
  return { confirmLabel: spend, ...(back !== undefined ? { backLabel: back } : {}), warning: false, refused: false };
}
