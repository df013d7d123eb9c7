// Compare with an id: a saved comparison at the snapshots it was saved with; Update brings it to the newest.
import { useState } from 'react';
import { comparisonFields, comparisonNoteField, comparisonSeen, seenComparisonFields, type ComparePeriod, type ComparisonSeen, type ComparisonView } from '@shared/compare';
import { changedByTeammate } from '@shared/teamSeen';
import type { SnapshotDetail } from '@shared/contract';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { ChangedMeanwhile, EmptyState, ErrorState, formatAge, formatDate, formatDateTime, plural } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { pickKey } from './compareSlice';
import { useSnapshots } from './useSnapshots';
import { ComparisonBody } from './ComparisonBody';
import { teamReceived } from '../../data/scoutQuery';

/** A saved comparison at the snapshots it was saved with; says when newer ones exist. */
export function SavedComparisonView({ id }: { id: number }) {
  const navigate = useScout((s) => s.navigate);
  // Read again after a save or an update; what is edited starts from each answer.
  const saved = useScoutQuery(() => scout.invoke('compare:get', { id }), [id], { keepPrevious: true, refreshOn: [teamReceived('comparison')] });
  const view: ComparisonView | null | undefined = saved.data;
  const error = saved.error;
  const [edit, setEdit] = useState<Draft | null>(null);
  // What the editor showed when this edit began: sent with the save as what it was made on, and
  // compared with the comparison now to say a teammate changed it meanwhile.
  const [seen, setSeen] = useState<ComparisonSeen | null>(null);
  const [editOf, setEditOf] = useState<ComparisonView | null | undefined>(undefined);
  const typed = !!edit && !!seen && !!view && differs(edit, seen, view);
  if (view !== undefined && view !== editOf) {
    setEditOf(view);
    // An edit under way stays as typed (a teammate's change that arrives is said below).
    if (!typed) {
      setEdit(view ? draftOf(view) : null);
      setSeen(view ? comparisonSeen(view) : null);
    }
  }
  const [updating, setUpdating] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);

  const { snapshots, error: snapshotError } = useSnapshots(view ? view.items.map((i) => i.snapshotId) : null);
  const dirty = !!view && !!edit && (edit.name !== view.name || edit.period !== view.period || edit.notes.some((n, i) => n !== view.items[i]?.note));
  // Fields a teammate changed since this edit began, while it is under way.
  const changedMeanwhile = typed && seen && view ? changedByTeammate(seenComparisonFields(seen), comparisonFields(view), view.team) : [];
  const useTheirs = () => {
    if (!view || !edit) return;
    const theirs = draftOf(view);
    setEdit({
      name: changedMeanwhile.includes('name') ? theirs.name : edit.name,
      period: changedMeanwhile.includes('period') ? theirs.period : edit.period,
      notes: edit.notes.map((n, i) => (changedMeanwhile.includes(comparisonNoteField(view.items[i]!)) ? theirs.notes[i]! : n)),
    });
    setSeen(comparisonSeen(view));
  };

  const reread = saved.refresh;
  const saveWith = async (name: string, snapshotIds: number[]) => {
    const result = await scout.invoke('compare:save', {
      id,
      name,
      period: edit!.period,
      items: view!.items.map((item, i) => ({ network: item.network, account: item.accountKey, snapshotId: snapshotIds[i]!, note: edit!.notes[i] ?? '' })),
      seen: seen ?? comparisonSeen(view!),
    });
    // Saved: what the editor shows is what was saved (a teammate's fields kept in it), the next edit's base.
    setEdit(draftOf(result));
    setSeen(comparisonSeen(result));
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
      {changedMeanwhile.length > 0 && (
        <ChangedMeanwhile
          who={view.team?.by[changedMeanwhile[0]!] ?? 'A teammate'}
          what={changedMeanwhile.map((f) => fieldName(view, f)).join(' and ')}
          theirs={changedMeanwhile.map((f) => `${fieldName(view, f)}: ${comparisonFields(view)[f] || '(none)'}`).join(' · ')}
          onUseTheirs={useTheirs}
          testId="compare-changed-meanwhile"
        />
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

type Draft = { name: string; period: ComparePeriod; notes: string[] };

const draftOf = (c: Pick<ComparisonView, 'name' | 'period' | 'items'>): Draft => ({ name: c.name, period: c.period, notes: c.items.map((i) => i.note) });

/** Whether the draft differs from what the editor showed when it began (an edit under way). */
function differs(edit: Draft, seen: ComparisonSeen, view: ComparisonView): boolean {
  return edit.name !== seen.name || edit.period !== seen.period || edit.notes.some((n, i) => n !== (seen.notes[`${view.items[i]?.network}:${view.items[i]?.accountKey}`] ?? ''));
}

/** A field of the comparison as a sentence names it. */
function fieldName(view: ComparisonView, field: string): string {
  if (field === 'name') return 'the name';
  if (field === 'period') return 'the period';
  const item = view.items.find((i) => comparisonNoteField(i) === field);
  return `the note on ${item?.accountKey ?? 'an account'}`;
}

function nameIn(view: ComparisonView, snapshots: SnapshotDetail[] | null, n: { network: Network; accountKey: string }): string {
  const i = view.items.findIndex((item) => pickKey(item) === pickKey(n));
  const s = i >= 0 ? snapshots?.[i] : undefined;
  return `${s?.summary.title ?? s?.summary.username ?? n.accountKey} (${networkLabels[n.network]})`;
}
