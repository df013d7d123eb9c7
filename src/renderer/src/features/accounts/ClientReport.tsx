// "Client report…" on a report page: Scout's own PDF of the account for a client, made from the
// cached report (offline, free: no API call), branded with Settings → Your agency, with the
// researcher's note, and kept in the Archive beside the API's PDFs.
import { useId, useRef, useState } from 'react';
import type { ArchivedPdf } from '@shared/archive';
import type { AccountRef } from '@shared/accountInput';
import type { CachedReport } from '@shared/reports';
import { MAX_CLIENT_NOTE } from '@shared/clientReport';
import { scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { SavedInArchive } from '../archive';

export function ClientReport({ report, accountRef, account }: { report: CachedReport; accountRef: AccountRef; account: string }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  // What went wrong showing the PDF once made (SavedInArchive); making it says its own.
  const [shownError, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ArchivedPdf | null>(null);
  const ids = { panel: useId(), note: useId(), help: useId() };
  const opener = useRef<HTMLButtonElement>(null);

  // Main makes it from the cached report this page shows (named by when it was fetched).
  const making = useScoutMutation(() => scout.invoke('archive:clientReport', { network: accountRef.network, account, note, fetchedAt: report.fetchedAt }), {
    onSuccess: (pdf) => {
      setDone(pdf);
      setOpen(false);
      opener.current?.focus();
    },
  });
  const busy = making.busy;
  const error = making.error ?? shownError;
  const make = () => {
    setError(null);
    setDone(null);
    return making.run();
  };

  return (
    <div className="client-report">
      <button ref={opener} type="button" aria-expanded={open} aria-controls={ids.panel} onClick={() => setOpen(!open)} data-testid="client-report">
        Client report…
      </button>
      {open && (
        <div id={ids.panel} className="callout info client-report-panel" role="group" aria-label="Client report" data-testid="client-report-panel">
          <p>A PDF for your client, from this report as cached (no API call, no credit), branded with Settings → Your agency. Kept in the Archive.</p>
          <label htmlFor={ids.note}>Your note for the client</label>
          <textarea
            id={ids.note}
            value={note}
            maxLength={MAX_CLIENT_NOTE}
            rows={5}
            aria-describedby={ids.help}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setOpen(false);
                opener.current?.focus();
              }
            }}
            autoFocus
            data-testid="client-report-note"
          />
          <p id={ids.help} className="field-help muted">
            Optional; up to {MAX_CLIENT_NOTE.toLocaleString('en-US')} characters. A blank line starts a new paragraph.
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void make()} disabled={busy} data-testid="client-report-make">
              {busy ? 'Making the client report…' : 'Make the client report'}
            </button>
            <button type="button" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="feedback error" role="alert" data-testid="client-report-error">
          {error}
        </p>
      )}
      {done && <SavedInArchive pdf={done} what="Client report" testId="client-report-done" onError={setError} />}
    </div>
  );
}
