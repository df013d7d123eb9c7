// The Archive: every report PDF kept in this workspace's archive folder, listed from the
// database, so it works offline and outlives the API's 28-day links. Search, a network filter and
// a sort; open, show in folder, export again (quoted), delete (asked first). A PDF whose file has
// gone from the folder is shown as missing.
import { useId, useState } from 'react';
import { useShell } from '../../data/useShell';
import type { ArchivedPdf, ArchiveSort } from '@shared/archive';
import type { Network } from '@shared/reports';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { DataTable, EmptyState, ErrorState, NetworkSelect, OfflineState, StatusBadge, formatBytes, formatDate, formatDateTime, type Column } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { archiveKindLabels } from '@shared/labels';
import { ExportPdf } from './ExportPdf';
import { openArchivedPdf, revealArchivedPdf } from './openPdf';
import { teamReceived } from '../../data/scoutQuery';

const sortLabels: Record<ArchiveSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  account: 'Account A→Z',
  size: 'Largest first',
};

export function ArchivePage() {
  const offline = useShell((s) => s.connection?.mode === 'offline');
  const [text, setText] = useState('');
  const [network, setNetwork] = useState<Network | ''>('');
  const [sort, setSort] = useState<ArchiveSort>('newest');
  const [feedback, setFeedback] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ArchivedPdf | null>(null);
  const confirmId = useId();

  // The workspace's PDFs for this search, filter and order; the last list stays while the next is read.
  const listing = useScoutQuery(() => scout.invoke('archive:list', { ...(text.trim() ? { text: text.trim() } : {}), ...(network ? { network } : {}), sort }), [text, network, sort], {
    keepPrevious: true,
    refreshOn: [teamReceived('pdf')],
  });
  const reload = () => void listing.refresh();

  const act = async (what: () => Promise<void>) => {
    setFeedback(null);
    try {
      await what();
    } catch (e) {
      setFeedback({ kind: 'error', text: errorMessage(e) });
      reload();
    }
  };

  const open = (pdf: ArchivedPdf) => void act(() => openArchivedPdf(pdf.id));
  const reveal = (pdf: ArchivedPdf) =>
    void act(async () => {
      const where = await revealArchivedPdf(pdf.id);
      if (where) setFeedback({ kind: 'ok', text: `${pdf.fileName} is at ${where}` });
    });
  const remove = async (pdf: ArchivedPdf) => {
    setPendingDelete(null);
    await act(async () => {
      const { deleted } = await scout.invoke('archive:delete', { id: pdf.id });
      setFeedback({ kind: 'ok', text: deleted ? `Deleted the PDF of ${pdf.title ?? pdf.apiName}.` : 'That PDF was already gone.' });
      reload();
    });
  };

  const columns: Column<ArchivedPdf>[] = [
    {
      key: 'account',
      label: 'Account',
      sortable: true,
      sortValue: (p) => (p.title ?? p.apiName).toLowerCase(),
      cell: (p) => (
        <span>
          <strong>{p.title ?? p.apiName}</strong>
          {p.title && p.title !== p.apiName ? <span className="muted"> {p.apiName}</span> : null}
        </span>
      ),
    },
    { key: 'kind', label: 'Kind', sortable: true, sortValue: (p) => archiveKindLabels[p.kind], cell: (p) => archiveKindLabels[p.kind] },
    { key: 'network', label: 'Network', sortable: true, sortValue: (p) => p.network, cell: (p) => networkLabels[p.network] },
    { key: 'reportDate', label: 'Report data of', sortable: true, numeric: true, sortValue: (p) => p.reportDate ?? p.exportedAt, cell: (p) => (p.reportDate ? formatDate(p.reportDate) : '—') },
    { key: 'exportedAt', label: 'Exported', sortable: true, numeric: true, sortValue: (p) => p.exportedAt, cell: (p) => formatDateTime(p.exportedAt) },
    { key: 'bytes', label: 'Size', sortable: true, numeric: true, sortValue: (p) => p.bytes, cell: (p) => formatBytes(p.bytes) },
    {
      key: 'link',
      label: 'API link',
      cell: (p) =>
        p.linkExpiresAt === null ? '—' : p.linkExpiresAt > Date.now() ? `until ${formatDate(p.linkExpiresAt)}` : <span className="muted">expired (the file is kept)</span>,
      title: (p) => p.sourceUrl ?? undefined,
    },
    {
      key: 'state',
      label: 'PDF file',
      cell: (p) =>
        p.missing ? (
          <StatusBadge tone="error" testId="pdf-missing" title="The file is no longer in the archive folder">
            Missing
          </StatusBadge>
        ) : (
          <StatusBadge tone="ok" testId="pdf-kept" title="Scout keeps a copy of the PDF in its archive folder: it opens offline, and after the API's link has expired.">
            Kept on this computer
          </StatusBadge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (p) => (
        <div className="row-actions">
          <button type="button" onClick={() => open(p)} disabled={p.missing} data-testid="open-pdf">
            Open
          </button>
          <button type="button" onClick={() => reveal(p)} disabled={p.missing}>
            Show in folder
          </button>
          {/* A client report is made again from its account's report page, not exported from the API. */}
          {p.kind === 'api' && <ExportPdf network={p.network} account={p.apiName} accountKey={p.accountKey} againId={p.id} label="Export again…" onDone={reload} />}
          <button type="button" onClick={() => setPendingDelete(p)} data-testid="delete-pdf">
            Delete…
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="page-title" data-testid="page-archive">
      <h1 id="page-title" tabIndex={-1}>
        Archive
      </h1>
      <p className="muted">
        Report PDFs exported in this workspace, kept in its archive folder: the API&apos;s links die after 28 days, these files do not. Export a PDF from a
        report&apos;s page, or make a client report there (Scout makes it from the cache, offline).
      </p>
      {offline && <OfflineState>The archive stays available; exporting again waits until Scout is online.</OfflineState>}
      <div className="filters archive-filters">
        <label>
          Search{' '}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Account or file name" data-testid="archive-search" />
        </label>
        <label>
          Network{' '}
          <NetworkSelect value={network} onChange={setNetwork} testId="archive-network" />
        </label>
        <label>
          Order{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as ArchiveSort)}>
            {(Object.keys(sortLabels) as ArchiveSort[]).map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div aria-live="polite">
        {feedback && (
          <p className={`feedback ${feedback.kind}`} role={feedback.kind === 'error' ? 'alert' : 'status'} data-testid="archive-feedback">
            {feedback.text}
          </p>
        )}
      </div>
      {pendingDelete && (
        <div className="callout" role="alertdialog" aria-labelledby={confirmId} data-testid="confirm-delete-pdf">
          <p id={confirmId}>
            Delete the PDF of <strong>{pendingDelete.title ?? pendingDelete.apiName}</strong> exported {formatDateTime(pendingDelete.exportedAt)}? Its file is
            removed from the archive folder; exporting it again later may need the API.
          </p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => void remove(pendingDelete)}>
              Delete the PDF
            </button>
            <button type="button" onClick={() => setPendingDelete(null)} autoFocus>
              Keep it
            </button>
          </div>
        </div>
      )}
      {listing.error !== null ? (
        <ErrorState title="The archive could not be read.">{listing.error}</ErrorState>
      ) : listing.data === undefined ? (
        <p className="muted">Opening the archive…</p>
      ) : listing.data.length === 0 ? (
        <EmptyState title={text || network ? 'No PDF matches.' : 'No PDFs yet.'} testId="archive-empty">
          {text || network ? 'Change the search or the network.' : 'Open a report and press Export PDF: the file is kept here.'}
        </EmptyState>
      ) : (
        <DataTable<ArchivedPdf>
          label="Archived PDFs"
          columns={columns}
          rows={listing.data}
          rowKey={(p) => String(p.id)}
          onOpen={(p) => !p.missing && open(p)}
          rowProps={(p) => ({ 'data-testid': 'archive-row', 'data-missing': p.missing ? 'true' : undefined })}
        />
      )}
    </section>
  );
}
