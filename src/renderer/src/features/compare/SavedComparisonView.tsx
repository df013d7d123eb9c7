// Compare with an id: a saved comparison at the snapshots it was saved with; Update brings it to the newest.
import { useState } from 'react';
import type { ComparePeriod, ComparisonView } from '@shared/compare';
import type { SnapshotDetail } from '@shared/contract';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { errorMessage, scout } from '../../shared/scoutClient';
import { useScoutQuery } from '../../shared/useScoutQuery';
import { EmptyState, ErrorState, formatAge, formatDate, formatDateTime, plural } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { pickKey } from './compareSlice';
import { useSnapshots } from './useSnapshots';
import { ComparisonBody } from './ComparisonBody';
import { teamReceived } from '../../shared/scoutQuery';

/** A saved comparison at the snapshots it was saved with; says when newer ones exist. */
export function SavedComparisonView({ id }: { id: number }) {
  const navigate = useScout((s) => s.navigate);
  // Read again after a save or an update; what is edited starts from each answer.
  const saved = useScoutQuery(() => scout.invoke('compare:get', { id }), [id], { keepPrevious: true, refreshOn: [teamReceived('comparison')] });
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
