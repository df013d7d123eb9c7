// One comparison on the page: its name and Save, the exports, the period, the table and the charts.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { comparePeriods, type ComparePeriod, type SavedComparison } from '@shared/compare';
import type { SnapshotDetail } from '@shared/contract';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { Choices } from '../../shared/Choices';
import { ExportActions, FormField } from '../../shared/ui';
import { PERIOD_WORDS } from '@shared/format';
import { fileNameFor } from '@shared/fileNames';
import { buildCompareModel, type CompareColumn } from '@shared/compareModel';
import { CompareTable } from './CompareTable';
import { CompareCharts } from './CompareCharts';
import { CompareSnapshots } from './CompareSnapshots';
import { printPdf } from './printPdf';
import { ComparePrint } from './ComparePrint';
import { loadPaperCharts } from '../../shared/chartSvg';

export interface BodyProps {
  snapshots: SnapshotDetail[];
  notes: string[];
  onNote(index: number, note: string): void;
  period: ComparePeriod;
  onPeriod(period: ComparePeriod): void;
  name: string;
  onName(name: string): void;
  onSave(name: string): Promise<SavedComparison | null>;
  /** Whether there is something to save. */
  dirty: boolean;
  columnNote?: (column: CompareColumn, index: number) => ReactNode;
}

/** The period, the name and Save, the exports, the table and the charts of one comparison. */
export function ComparisonBody({ snapshots, notes, onNote, period, onPeriod, name, onName, onSave, dirty, columnNote }: BodyProps) {
  // Notes do not change a figure: the table and charts are built without them, the sheets with them.
  const model = useMemo(() => buildCompareModel(snapshots, [], period), [snapshots, period]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [openedAt] = useState(() => Date.now());
  const title = name.trim() || 'Comparison';
  // The agency the paper layout is branded with (Settings → Your agency).
  const agency = useScoutQuery(() => scout.invoke('agency:get', {}), []);
  // The paper layout's charts are drawn once a print is asked for: by PDF, or the browser's own Print.
  const [paper, setPaper] = useState<number | null>(null);
  const preparePaper = async () => {
    await loadPaperCharts();
    flushSync(() => setPaper(Date.now()));
    await Promise.all([...document.querySelectorAll<HTMLImageElement>('.compare-print img')].map((img) => img.decode().catch(() => undefined)));
  };
  useEffect(() => {
    // The paper charts' renderer, ready before the browser's own Print asks (beforeprint cannot wait).
    void loadPaperCharts();
    const before = () => flushSync(() => setPaper(Date.now()));
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, []);

  const save = async () => {
    setStatus(null);
    if (!name.trim()) {
      setNameError('Give the comparison a name.');
      nameRef.current?.focus();
      return;
    }
    await saving.run(name.trim());
  };
  // The page saves (a new comparison, or over the one opened); main answers for the fields.
  const saving = useScoutMutation((named: string) => onSave(named), {
    onSuccess: () => {
      setNameError(null);
      setStatus('Saved.');
    },
    onError: (words, e) => {
      const fields = fieldErrors(e);
      setNameError(fields.name ?? null);
      setStatus(fields.name ? null : `Not saved: ${words}`);
    },
  });

  const printing = useScoutMutation(
    async () => {
      await preparePaper();
      return printPdf(fileNameFor(title, 'pdf', 'Comparison'));
    },
    { onSuccess: (said) => setStatus(said), onError: (words) => setStatus(`Not exported: ${words}`) },
  );
  const busy = saving.busy ? 'save' : printing.busy ? 'pdf' : null;
  const printAsPdf = async () => {
    setStatus(null);
    await printing.run();
  };

  return (
    <>
      <div className="compare-controls no-print">
        <FormField
          label="Name"
          error={nameError}
          testId="compare-name-field"
          after={
            <button type="button" className="primary" onClick={() => void save()} disabled={busy !== null || !dirty} data-testid="compare-save">
              {busy === 'save' ? 'Saving…' : 'Save'}
            </button>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              value={name}
              maxLength={120}
              placeholder="e.g. Spring campaign shortlist"
              onChange={(e) => (onName(e.target.value), setNameError(null))}
              onKeyDown={(e) => e.key === 'Enter' && void save()}
            />
          )}
        </FormField>
        {/* The sheets carry the notes; main writes them from the snapshots this comparison is pinned to. */}
        <ExportActions
          subject={() => ({ kind: 'compare', title, period, items: snapshots.map((snapshot, i) => ({ snapshotId: snapshot.id, note: notes[i] ?? '' })) })}
          onStatus={setStatus}
          disabled={busy !== null}
        >
          <button type="button" onClick={() => void printAsPdf()} disabled={busy !== null} data-testid="export-pdf">
            PDF
          </button>
        </ExportActions>
      </div>
      <p className="muted compare-status" role="status" aria-live="polite" data-testid="compare-status">
        {status}
      </p>
      <Choices
        kind="radios"
        label="Period"
        className="periods"
        options={comparePeriods.map((p) => ({ value: p, label: PERIOD_WORDS[p] }))}
        value={period}
        onChange={onPeriod}
      />
      <p className="muted compare-legend" data-testid="compare-legend">
        Figures for the last {PERIOD_WORDS[period]} where the report gives them by period. ▲ marks the best and ▼ the worst figure of a row; — means the
        report does not have the figure, and “No posts in …” that the account posted nothing in the period (neither is ranked). Hover a figure for its exact value,
        or tick Show exact figures.
      </p>
      <CompareTable model={model} notes={notes} onNote={onNote} columnNote={columnNote} />
      <CompareCharts model={model} />
      <CompareSnapshots model={model} />
      <ComparePrint model={model} notes={notes} title={title} printedAt={paper ?? openedAt} agency={agency.data ?? null} withCharts={paper !== null} />
    </>
  );
}
