// The one way a page exports a file: main reads what the page shows from the cache and writes it
// (the desktop app asks where; browser mode then downloads it once from the address main gives).
// The page says what to export; this shows "Excel (XLSX)" and "CSV" (or the forms the page names:
// a media plan's XLSX and PDF), the progress of a large
// export with Cancel, and hands the outcome back in words for the page's status line.
import { useRef, useState, type ReactNode } from 'react';
import type { ExportSubject, RequestOf } from '@shared/contract';
import { EXPORT_FORMAT_LABELS, type ExportFormat, type ExportResult } from '@shared/exports';
import { formatCount } from '@shared/format';
import { scout, ScoutCallError } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { useProgress } from '../../data/useProgress';

let runs = 0;
const newRunId = () => `export-${Date.now().toString(36)}-${(runs++).toString(36)}`;

/** Browser mode: the file main wrote, fetched once from its address under its name. */
function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** What happened, in words for the page's status line. */
export function exportOutcome(result: ExportResult): string {
  if (result.outcome === 'not-saved') return 'Not saved: the save dialog was closed.';
  if (result.outcome === 'download' && result.downloadUrl) {
    download(result.downloadUrl, result.fileName);
    return `${result.fileName} downloaded.`;
  }
  return `Saved to ${result.savedTo}.`;
}

interface Running {
  runId: string;
  format: ExportFormat;
  done: number;
  total: number;
}

export interface ExportActionsProps {
  /** What to export, as the page shows it now; null when there is nothing to export. */
  subject: () => ExportSubject | null;
  /** The outcome in words (null as an export starts), for the page's status line. */
  onStatus: (text: string | null) => void;
  disabled?: boolean;
  /** What the files hold, said beside the buttons ("the selected rows"). */
  scope?: string;
  testIds?: Partial<Record<ExportFormat, string>>;
  /** The forms offered, in order (Excel and CSV unless said). */
  formats?: readonly ExportFormat[];
  /** Another way out of the page beside the two (Compare's PDF). */
  children?: ReactNode;
}

export function ExportActions({ subject, onStatus, disabled = false, scope, testIds = {}, formats = ['xlsx', 'csv'], children }: ExportActionsProps) {
  const [running, setRunning] = useState<Running | null>(null);
  const runId = useRef<string | null>(null);

  useProgress('exports:changed', (p) => {
    if (p.runId !== runId.current || p.phase !== 'writing') return;
    setRunning((r) => (r && r.runId === p.runId ? { ...r, done: p.done, total: p.total } : r));
  });

  // The export's own busy state is `running`, with its rows written so far.
  const saving = useScoutMutation((request: RequestOf<'exports:save'>) => scout.invoke('exports:save', request), {
    onSuccess: (result) => onStatus(exportOutcome(result)),
    onError: (words, e) => onStatus(e instanceof ScoutCallError && e.code === 'CANCELLED' ? 'Export cancelled: nothing was written.' : `Not exported: ${words}`),
  });

  const run = async (format: ExportFormat) => {
    const what = subject();
    if (!what) return;
    const id = newRunId();
    runId.current = id;
    setRunning({ runId: id, format, done: 0, total: 0 });
    onStatus(null);
    await saving.run({ runId: id, format, subject: what });
    runId.current = null;
    setRunning(null);
  };

  const cancel = () => {
    if (running) void scout.invoke('exports:cancel', { runId: running.runId }).catch(() => undefined);
  };

  return (
    <div className="export-actions" role="group" aria-label="Export">
      <span className="muted">Export</span>
      {formats.map((format) => (
        <button key={format} type="button" onClick={() => void run(format)} disabled={disabled || running !== null} data-testid={testIds[format] ?? `export-${format}`}>
          {running?.format === format ? 'Writing…' : EXPORT_FORMAT_LABELS[format]}
        </button>
      ))}
      {children}
      {scope && !running && <span className="muted">{scope}</span>}
      {/* Shown from the start (the CSS lets it appear only once an export takes a moment), so Cancel is always there. */}
      {running && (
        <span className="export-progress" role="status" data-testid="export-progress">
          <progress aria-label="Export" max={Math.max(1, running.total)} value={running.total > 0 ? running.done : undefined} />
          <span className="muted">{running.total > 0 ? `${formatCount(running.done)} of ${formatCount(running.total)} rows` : 'Reading the cache…'}</span>
          <button type="button" onClick={cancel} data-testid="export-cancel">
            Cancel
          </button>
        </span>
      )}
    </div>
  );
}
