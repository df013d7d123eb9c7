// Compare: the tray's accounts side by side at their latest cached snapshots (`#/compare`), or a
// saved comparison at the snapshots it was saved with (`#/compare/<id>`). Everything is read
// from the cache, so a saved comparison opens offline; refreshing an account changes a saved
// sheet only when the researcher presses Update.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { COMPARE_MAX, comparePeriods, type ComparePeriod, type ComparisonView, type LatestSnapshot, type SavedComparison } from '@shared/compare';
import type { SnapshotDetail } from '@shared/contract';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { errorMessage, fieldErrors, scout } from '../../shared/scoutClient';
import { useScoutQuery } from '../../shared/useScoutQuery';
import { Choices } from '../../shared/Choices';
import { EmptyState, ErrorState, FormField, formatAge, formatDate, formatDateTime, plural } from '../../shared/ui';
import { networkLabels, PERIOD_WORDS, fileNameFor } from '../../shared/format';
import { buildCompareModel, type CompareColumn } from './model/compareModel';
import { writeComparisonXlsx } from './sheets/xlsx';
import { writeComparisonCsv } from './sheets/csv';
import { CompareTable } from './CompareTable';
import { CompareCharts } from './CompareCharts';
import { pickKey, trayProblem } from './compareSlice';
import { saveFile } from '../../shared/saveFile';
import { printPdf } from './printPdf';

export function ComparePage() {
  const subpath = useScout((s) => s.subpath);
  const workspace = useScout((s) => s.workspace?.active);
  const savedId = subpath[0] !== undefined && /^\d+$/.test(subpath[0]) ? Number(subpath[0]) : null;
  return (
    <section aria-labelledby="page-title" data-testid="page-compare" className="compare-page">
      {subpath.length > 0 && savedId === null ? (
        <>
          <h1 id="page-title" tabIndex={-1}>
            Compare
          </h1>
          <ErrorState title="This address names no saved comparison.">Open one from the list of saved comparisons below.</ErrorState>
        </>
      ) : savedId !== null ? (
        <SavedComparisonView key={`${workspace}/${savedId}`} id={savedId} />
      ) : (
        <TrayComparison key={workspace} />
      )}
      <SavedList key={`list-${workspace}`} current={savedId} />
    </section>
  );
}

/** Reads snapshots by id from the cache; null until all are there. */
function useSnapshots(ids: number[] | null): { snapshots: SnapshotDetail[] | null; error: string | null } {
  // `key` stands for the ids.
  const key = ids ? ids.join(',') : null;
  const read = useScoutQuery(
    async () => {
      const found = await Promise.all(key!.split(',').map((id) => scout.invoke('reports:snapshot', { id: Number(id) })));
      const missing = found.filter((s) => s === null).length;
      if (missing > 0) throw new Error(`${plural(missing, 'snapshot')} of this comparison ${missing === 1 ? 'is' : 'are'} no longer in the cache.`);
      return found as SnapshotDetail[];
    },
    [key],
    { enabled: key !== null },
  );
  return key === null ? { snapshots: null, error: null } : { snapshots: read.error ? null : (read.data ?? null), error: read.error };
}

/** The comparison the tray makes: each picked account at its newest cached snapshot. */
function TrayComparison() {
  const picks = useScout((s) => s.comparePicks);
  const draft = useScout((s) => s.compareDraft);
  const setDraft = useScout((s) => s.setCompareDraft);
  const navigate = useScout((s) => s.navigate);
  const problem = trayProblem(picks.length);
  const asked = picks.map(pickKey).join('|');
  const askable = picks.length >= 2 && picks.length <= COMPARE_MAX;
  // The answer for the picks it was asked for: a change of the tray drops an older answer.
  const answer = useScoutQuery(
    () => scout.invoke('compare:latest', { accounts: useScout.getState().comparePicks.map((p) => ({ network: p.network, account: p.accountKey })) }),
    // `asked` stands for the picks (read from the store when asked).
    [],
    { enabled: askable, refreshWhenChanged: [asked] },
  );
  const error = answer.error;
  const latest: LatestSnapshot[] | null = error ? null : (answer.data ?? null);

  // The tray's order, for the accounts that have a cached report.
  const found = useMemo(() => {
    if (!latest) return null;
    const byKey = new Map(latest.map((l) => [pickKey(l), l]));
    return picks.flatMap((p) => (byKey.has(pickKey(p)) ? [{ pick: p, latest: byKey.get(pickKey(p))! }] : []));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);
  const uncached = latest ? picks.filter((p) => !latest.some((l) => pickKey(l) === pickKey(p))) : [];
  const { snapshots, error: snapshotError } = useSnapshots(found && found.length >= 2 ? found.map((f) => f.latest.snapshotId) : null);
  const notes = useMemo(() => (found ?? []).map((f) => draft.notes[pickKey(f.pick)] ?? ''), [found, draft.notes]);

  const save = async (name: string) => {
    if (!snapshots) return null;
    const saved = await scout.invoke('compare:save', {
      name,
      period: draft.period,
      items: snapshots.map((s, i) => ({ network: s.network as Network, account: found![i]!.pick.accountKey, snapshotId: s.id, note: notes[i] ?? '' })),
    });
    setDraft({ name: '', notes: {} });
    useScout.getState().noteCompareSaved();
    navigate('compare', [String(saved.id)]);
    return saved;
  };

  return (
    <>
      <div className="page-head">
        <h1 id="page-title" tabIndex={-1}>
          Compare
        </h1>
        <span className="muted page-count">{picks.length > 0 ? `${plural(picks.length, 'account')} in the tray` : ''}</span>
      </div>
      {picks.length === 0 ? (
        <EmptyState title="Nothing to compare yet." testId="compare-empty">
          Tick 2 to {COMPARE_MAX} accounts in <em>Accounts</em> and press <em>Add to comparison</em>, or use <em>Add to comparison</em> on a report page. They
          wait in the comparison tray at the bottom of every page. Saved comparisons are listed below.
        </EmptyState>
      ) : problem ? (
        <p className="callout warning" role="status" data-testid="compare-problem">
          {problem} Use the comparison tray at the bottom of the page.
        </p>
      ) : error ? (
        <ErrorState title="The latest snapshots could not be read.">{error}</ErrorState>
      ) : snapshotError ? (
        <ErrorState title="The snapshots could not be read.">{snapshotError}</ErrorState>
      ) : null}
      {uncached.length > 0 && (
        <p className="callout warning" role="status" data-testid="compare-uncached">
          No cached report for {uncached.map((p) => `${p.title ?? p.username} (${networkLabels[p.network]})`).join(', ')} in this workspace: fetch{' '}
          {uncached.length === 1 ? 'it' : 'them'} in Accounts first{found && found.length < 2 ? '; a comparison needs two accounts with reports' : ''}.
        </p>
      )}
      {!problem && !error && found && found.length >= 2 && !snapshots && !snapshotError && <p className="muted">Reading the cached reports…</p>}
      {snapshots && (
        <ComparisonBody
          snapshots={snapshots}
          notes={notes}
          onNote={(i, note) => setDraft({ notes: { ...draft.notes, [pickKey(found![i]!.pick)]: note } })}
          period={draft.period}
          onPeriod={(period) => setDraft({ period })}
          name={draft.name}
          onName={(name) => setDraft({ name })}
          onSave={save}
          dirty
        />
      )}
    </>
  );
}

/** A saved comparison at the snapshots it was saved with; says when newer ones exist. */
function SavedComparisonView({ id }: { id: number }) {
  const navigate = useScout((s) => s.navigate);
  // Read again after a save or an update; what is edited starts from each answer.
  const saved = useScoutQuery(() => scout.invoke('compare:get', { id }), [id]);
  const view: ComparisonView | null | undefined = saved.data;
  const error = saved.error;
  const [edit, setEdit] = useState<{ name: string; period: ComparePeriod; notes: string[] } | null>(null);
  const [editOf, setEditOf] = useState<ComparisonView | null | undefined>(undefined);
  if (view !== undefined && view !== editOf) {
    setEditOf(view);
    setEdit(view ? { name: view.name, period: view.period, notes: view.items.map((i) => i.note) } : null);
  }
  const [updating, setUpdating] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);

  const { snapshots, error: snapshotError } = useSnapshots(view ? view.items.map((i) => i.snapshotId) : null);
  const dirty = !!view && !!edit && (edit.name !== view.name || edit.period !== view.period || edit.notes.some((n, i) => n !== view.items[i]?.note));

  const reread = saved.refresh;
  const saveWith = async (name: string, snapshotIds: number[]) => {
    const result = await scout.invoke('compare:save', {
      id,
      name,
      period: edit!.period,
      items: view!.items.map((item, i) => ({ network: item.network, account: item.accountKey, snapshotId: snapshotIds[i]!, note: edit!.notes[i] ?? '' })),
    });
    useScout.getState().noteCompareSaved();
    void reread();
    return result;
  };

  const update = async () => {
    if (!view) return;
    setUpdating(true);
    setUpdateError(null);
    try {
      const newest = new Map(view.newer.map((n) => [pickKey(n), n.snapshotId]));
      await saveWith(edit!.name.trim() || view.name, view.items.map((item) => newest.get(pickKey(item)) ?? item.snapshotId));
    } catch (e) {
      setUpdateError(errorMessage(e));
    } finally {
      setUpdating(false);
    }
  };

  if (error) {
    return (
      <>
        <h1 id="page-title" tabIndex={-1}>
          Compare
        </h1>
        <ErrorState title="This comparison could not be opened.">{error}</ErrorState>
      </>
    );
  }
  if (view === undefined) return <p className="muted">Opening…</p>;
  if (view === null || !edit) {
    return (
      <>
        <h1 id="page-title" tabIndex={-1}>
          Compare
        </h1>
        <EmptyState
          title="This comparison is not saved in this workspace."
          testId="compare-not-found"
          actions={
            <button type="button" onClick={() => navigate('compare')}>
              Compare the tray
            </button>
          }
        >
          It may have been deleted, or saved in another workspace.
        </EmptyState>
      </>
    );
  }

  const newerByKey = new Map(view.newer.map((n) => [pickKey(n), n]));
  return (
    <>
      <div className="page-head">
        <h1 id="page-title" tabIndex={-1} data-testid="compare-title">
          {view.name}
        </h1>
        <span className="muted page-count">
          Saved comparison · {plural(view.items.length, 'account')} · saved {formatAge(view.updatedAt)}
        </span>
        <button type="button" onClick={() => navigate('compare')}>
          ← Compare the tray
        </button>
      </div>
      {view.newer.length > 0 && (
        <div className="callout info no-print" role="status" data-testid="compare-newer">
          <p>
            <strong>Newer data exists</strong> for {view.newer.map((n) => `${nameIn(view, snapshots, n)} (fetched ${formatDate(n.fetchedAt)})`).join(', ')}. This
            comparison still shows the data it was saved with; Update brings every account to its latest snapshot and saves.
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void update()} disabled={updating || !edit.name.trim()} data-testid="compare-update">
              {updating ? 'Updating…' : 'Update to latest'}
            </button>
          </div>
          {updateError && <p className="feedback error" role="alert">{updateError}</p>}
        </div>
      )}
      {snapshotError && <ErrorState title="The snapshots could not be read.">{snapshotError}</ErrorState>}
      {!snapshots && !snapshotError && <p className="muted">Reading the cached reports…</p>}
      {snapshots && (
        <ComparisonBody
          snapshots={snapshots}
          notes={edit.notes}
          onNote={(i, note) => setEdit({ ...edit, notes: edit.notes.map((n, j) => (j === i ? note : n)) })}
          period={edit.period}
          onPeriod={(period) => setEdit({ ...edit, period })}
          name={edit.name}
          onName={(name) => setEdit({ ...edit, name })}
          onSave={(name) => saveWith(name, view.items.map((i) => i.snapshotId))}
          dirty={dirty}
          columnNote={(c) =>
            newerByKey.has(pickKey(c)) ? (
              <span className="newer-mark" title={`A newer snapshot from ${formatDateTime(newerByKey.get(pickKey(c))!.fetchedAt)} exists`}>
                newer data exists
              </span>
            ) : null
          }
        />
      )}
    </>
  );
}

function nameIn(view: ComparisonView, snapshots: SnapshotDetail[] | null, n: { network: Network; accountKey: string }): string {
  const i = view.items.findIndex((item) => pickKey(item) === pickKey(n));
  const s = i >= 0 ? snapshots?.[i] : undefined;
  return `${s?.summary.title ?? s?.summary.username ?? n.accountKey} (${networkLabels[n.network]})`;
}

interface BodyProps {
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
function ComparisonBody({ snapshots, notes, onNote, period, onPeriod, name, onName, onSave, dirty, columnNote }: BodyProps) {
  // Notes do not change a figure: the table and charts are built without them, the sheets with them.
  const model = useMemo(() => buildCompareModel(snapshots, [], period), [snapshots, period]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [openedAt] = useState(() => Date.now());
  const title = name.trim() || 'Comparison';

  const save = async () => {
    setStatus(null);
    if (!name.trim()) {
      setNameError('Give the comparison a name.');
      nameRef.current?.focus();
      return;
    }
    setBusy('save');
    try {
      await onSave(name.trim());
      setNameError(null);
      setStatus('Saved.');
    } catch (e) {
      const fields = fieldErrors(e);
      setNameError(fields.name ?? null);
      setStatus(fields.name ? null : `Not saved: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  const exportAs = async (kind: 'xlsx' | 'csv' | 'pdf') => {
    setBusy(kind);
    setStatus(null);
    try {
      const full = buildCompareModel(snapshots, notes, period);
      if (kind === 'xlsx') {
        const bytes = await writeComparisonXlsx(full, { title, createdAt: Date.now() });
        setStatus(await saveFile(bytes, fileNameFor(title, 'xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
      } else if (kind === 'csv') {
        setStatus(await saveFile(new TextEncoder().encode(writeComparisonCsv(full)), fileNameFor(title, 'csv'), 'text/csv'));
      } else {
        setStatus(await printPdf(fileNameFor(title, 'pdf')));
      }
    } catch (e) {
      setStatus(`Not exported: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
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
        <div className="export-actions" role="group" aria-label="Export">
          <span className="muted">Export</span>
          <button type="button" onClick={() => void exportAs('xlsx')} disabled={busy !== null} data-testid="export-xlsx">
            {busy === 'xlsx' ? 'Writing…' : 'Excel (XLSX)'}
          </button>
          <button type="button" onClick={() => void exportAs('csv')} disabled={busy !== null} data-testid="export-csv">
            CSV
          </button>
          <button type="button" onClick={() => void exportAs('pdf')} disabled={busy !== null} data-testid="export-pdf">
            PDF
          </button>
        </div>
      </div>
      <p className="muted compare-status" role="status" aria-live="polite" data-testid="compare-status">
        {status}
      </p>
      <h2 className="print-only">
        {title} · printed {formatDate(openedAt)}
      </h2>
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
        report does not have the figure (missing, not ranked). Hover a figure for its exact value.
      </p>
      <CompareTable model={model} notes={notes} onNote={onNote} columnNote={columnNote} />
      <CompareCharts model={model} />
    </>
  );
}

/** The saved comparisons of this workspace, newest first: open one, or delete it after a question. */
function SavedList({ current }: { current: number | null }) {
  const navigate = useScout((s) => s.navigate);
  const saves = useScout((s) => s.compareSaves);
  // Read again after a save, an update or a delete.
  const listed = useScoutQuery(() => scout.invoke('compare:list', {}), [], { keepPrevious: true, refreshWhenChanged: [saves] });
  const list = listed.data ?? null;
  const error = listed.error;
  const [asking, setAsking] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (item: SavedComparison) => {
    setDeleteError(null);
    try {
      await scout.invoke('compare:delete', { id: item.id });
      listed.setData((l) => l?.filter((x) => x.id !== item.id));
      useScout.getState().noteCompareSaved();
      setAsking(null);
      headingRef.current?.focus();
      if (current === item.id) navigate('compare');
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return (
    <section className="card saved-comparisons no-print" aria-labelledby="saved-comparisons-title" data-testid="saved-comparisons">
      <h2 id="saved-comparisons-title" ref={headingRef} tabIndex={-1}>
        Saved comparisons
      </h2>
      {error && <ErrorState title="The saved comparisons could not be read.">{error}</ErrorState>}
      {list && list.length === 0 && <p className="muted">None yet. Name a comparison and press Save to keep it in this workspace.</p>}
      {list && list.length > 0 && (
        <ul className="saved-list">
          {list.map((item) => (
            <li key={item.id} data-testid={`saved-comparison-${item.id}`} aria-current={item.id === current ? 'page' : undefined}>
              <a
                href={`#/compare/${item.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate('compare', [String(item.id)]);
                }}
              >
                {item.name}
              </a>
              <span className="muted">
                {' '}
                · {plural(item.items.length, 'account')} · {PERIOD_WORDS[item.period]} · saved {formatDate(item.updatedAt)}
              </span>
              {asking === item.id ? (
                <span
                  className="delete-confirm"
                  role="group"
                  aria-label={`Delete ${item.name}?`}
                  onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setAsking(null))}
                >
                  {' '}
                  Delete “{item.name}”? The accounts’ reports stay cached.{' '}
                  <button type="button" className="danger" onClick={() => void remove(item)}>
                    Delete
                  </button>{' '}
                  <button type="button" autoFocus onClick={() => setAsking(null)}>
                    Keep it
                  </button>
                  {deleteError && <span className="feedback error" role="alert"> {deleteError}</span>}
                </span>
              ) : (
                <>
                  {' '}
                  <button type="button" className="link" aria-label={`Delete ${item.name}…`} onClick={() => (setAsking(item.id), setDeleteError(null))}>
                    Delete…
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
