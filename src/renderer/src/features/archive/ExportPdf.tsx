// "Export PDF" on a report page, and "Export again" in the Archive: what it costs first (a PDF
// unlocks the report), then the API's 202s with a countdown and a way to cancel, then the file
// in the archive.
import { useState } from 'react';
import { shell, useShell } from '../../data/useShell';
import type { ArchivedPdf, ArchiveProgress } from '@shared/archive';
import type { CostQuote, Network } from '@shared/reports';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { useProgress } from '../../data/useProgress';
import { asksBuyAnyway, ConfirmSpend, isTeamUnreachable, teamConfirmed, TeamQuoteAsk, TeamQuoteLine, teamQuotePanel, TeamUnreachableConfirm } from '../../shared/ui';
import { costText, spendLabel } from '@shared/labels';
import { SavedInArchive } from './SavedInArchive';

export interface ExportPdfProps {
  network: Network;
  /** The account as the API is asked for it, and its key (progress events name the key). */
  account: string;
  accountKey: string;
  /** Export again: an archived PDF's id; the account is then the archived one's. */
  againId?: number;
  label?: string;
  onDone?: (pdf: ArchivedPdf) => void;
}

const phaseWords: Record<ArchiveProgress['phase'], string> = {
  requesting: 'Asking the API for the PDF…',
  generating: 'The API is making the PDF',
  downloading: 'Downloading it into the archive…',
  finished: 'Finishing…',
};

export function ExportPdf({ network, account, accountKey, againId, label, onDone }: ExportPdfProps) {
  const workspace = useShell((s) => s.workspace?.active);
  const [quote, setQuote] = useState<CostQuote | null>(null);
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ArchivedPdf | null>(null);
  /** Refused as the team database cannot be asked: the cost agreed and main's words, for "Buy anyway". */
  const [teamAsk, setTeamAsk] = useState<{ confirmedCost: CostQuote['cost']; message: string } | null>(null);

  const ask = async () => {
    setError(null);
    setDone(null);
    try {
      setQuote(await scout.invoke('archive:quote', { network, account }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const exporting = useScoutMutation(
    ({ confirmedCost, teamUnreachableConfirmed }: { confirmedCost: CostQuote['cost']; teamUnreachableConfirmed: boolean }) =>
      againId !== undefined
        ? scout.invoke('archive:exportAgain', { id: againId, confirmedCost, ...(workspace ? { workspace } : {}), ...teamConfirmed(teamUnreachableConfirmed) })
        : scout.invoke('archive:export', { network, account, confirmedCost, ...(workspace ? { workspace } : {}), ...teamConfirmed(teamUnreachableConfirmed) }),
    {
      onSuccess: (pdf) => {
        setDone(pdf);
        onDone?.(pdf);
      },
      // A cancel is said in main's words too ("Cancelled…").
      onError: (words, e, { confirmedCost, teamUnreachableConfirmed }) => {
        if (isTeamUnreachable(e) && !teamUnreachableConfirmed) setTeamAsk({ confirmedCost, message: e.message });
        else setError(words);
      },
    },
  );
  const busy = exporting.busy;
  useProgress(
    'archive:changed',
    (p) => {
      if (p.network === network && p.accountKey === accountKey && p.phase !== 'finished') setProgress(p);
    },
    { enabled: busy },
  );

  const run = async (confirmedCost: CostQuote['cost'], teamUnreachableConfirmed = false) => {
    setQuote(null);
    setTeamAsk(null);
    setProgress(null);
    await exporting.run({ confirmedCost, teamUnreachableConfirmed });
    setProgress(null);
    void shell.refreshPlan();
  };

  if (busy) {
    return (
      <div className="export-pdf callout info" role="status" data-testid="export-pdf-progress" data-phase={progress?.phase ?? 'requesting'}>
        <p>
          {phaseWords[progress?.phase ?? 'requesting']}
          {progress?.phase === 'generating' && progress.retryInSec !== null && `: next check in ${progress.retryInSec} s (check ${progress.attempt})`}
        </p>
        <progress aria-label="PDF export" />
        <div className="actions">
          <button type="button" onClick={() => void scout.invoke('archive:cancel', { network, account })}>
            Cancel export
          </button>
        </div>
      </div>
    );
  }
  if (quote) {
    const team = teamQuotePanel(quote, spendLabel(quote, 'export the PDF'));
    return (
      <ConfirmSpend
        className={`callout ${team.warning ? 'warning' : 'info'} export-pdf`}
        label="Confirm PDF export"
        testId="confirm-export-pdf"
        confirmLabel={quote.cost ? team.confirmLabel : 'Export the PDF for free'}
        // Team: the quote said the team database cannot be reached and asked; spending here is "Buy anyway".
        onConfirm={() => void run(quote.cost, asksBuyAnyway(quote))}
        backLabel={team.backLabel}
        // Team: not connected, the send would refuse it.
        confirmDisabled={team.refused}
        onBack={() => setQuote(null)}
        focusBack
      >
        <p>
          PDF export (it unlocks the report): {costText(quote)}
          <TeamQuoteLine note={quote} />.
        </p>
        <TeamQuoteAsk note={quote} thing="PDF" />
      </ConfirmSpend>
    );
  }
  if (teamAsk) {
    return (
      <div className="export-pdf">
        <TeamUnreachableConfirm message={teamAsk.message} onConfirm={() => void run(teamAsk.confirmedCost, true)} onBack={() => setTeamAsk(null)} />
      </div>
    );
  }
  return (
    <div className="export-pdf">
      <button type="button" onClick={() => void ask()} data-testid={againId !== undefined ? 'export-again' : 'export-pdf'}>
        {label ?? 'Export PDF…'}
      </button>
      {error && (
        <p className="feedback error" role="alert">
          {error}
        </p>
      )}
      {done && againId === undefined && <SavedInArchive pdf={done} what="PDF" testId="export-pdf-done" onError={setError} />}
    </div>
  );
}
