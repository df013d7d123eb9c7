// Compare without an id: the accounts in the tray, each at its newest cached snapshot, saved on
// request. The researcher's status and tags stand under each account's name; the comparison can
// show only the accounts at a status or with a tag, and put them in the steps' order.
import { useMemo, useState } from 'react';
import { COMPARE_MAX, type LatestSnapshot } from '@shared/compare';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { EmptyState, ErrorState, plural } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { pickKey, trayProblem } from './compareSlice';
import { useSnapshots } from './useSnapshots';
import { statusRank, type StatusStep } from '@shared/workflow';
import { hasNotesFilter, NotesFilter, passesNotesFilter, RowNotes, StatusStepsProvider, useNotesIndex, useStatusSteps, type NotesFilterValue } from '../workflow';

const NO_STEPS: readonly StatusStep[] = [];
import { ComparisonBody } from './ComparisonBody';

/** The comparison the tray makes: each picked account at its newest cached snapshot. */
export function TrayComparison() {
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

  // Your status and tags: which of the tray's accounts the comparison shows, and in what order.
  const notesIndex = useNotesIndex();
  const steps = useStatusSteps().data?.steps ?? NO_STEPS;
  const [filter, setFilter] = useState<NotesFilterValue>({});
  const [byStatus, setByStatus] = useState(false);
  const shown = useMemo(() => {
    if (!found) return null;
    const notesOf = (f: (typeof found)[number]) => notesIndex.lookup(f.pick.network, f.pick.accountKey);
    const kept = hasNotesFilter(filter) ? found.filter((f) => passesNotesFilter(notesOf(f), filter)) : found;
    if (!byStatus) return kept;
    // The steps' order, accounts without a status after them, the tray's order within a step.
    const rank = (f: (typeof found)[number]) => statusRank(steps, notesOf(f)?.status) ?? steps.length;
    return kept.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
  }, [found, filter, byStatus, steps, notesIndex]);
  const anyNotes = (found ?? []).some((f) => notesIndex.lookup(f.pick.network, f.pick.accountKey) !== null);
  const { snapshots, error: snapshotError } = useSnapshots(shown && shown.length >= 2 ? shown.map((f) => f.latest.snapshotId) : null);
  const notes = useMemo(() => (shown ?? []).map((f) => draft.notes[pickKey(f.pick)] ?? ''), [shown, draft.notes]);

  const save = async (name: string) => {
    if (!snapshots) return null;
    const saved = await scout.invoke('compare:save', {
      name,
      period: draft.period,
      items: snapshots.map((s, i) => ({ network: s.network as Network, account: shown![i]!.pick.accountKey, snapshotId: s.id, note: notes[i] ?? '' })),
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
      {!problem && !error && found && found.length >= 2 && (anyNotes || hasNotesFilter(filter) || byStatus) && (
        <div className="compare-notes-filter" data-testid="compare-notes-filter">
          <NotesFilter label="Compare" value={filter} onChange={setFilter} tags={notesIndex.tags} />
          <label className="check">
            <input type="checkbox" checked={byStatus} onChange={(e) => setByStatus(e.target.checked)} /> In the order of your status steps
          </label>
          {shown && shown.length < found.length && (
            <span className="muted" role="status" data-testid="compare-filtered">
              {shown.length} of the tray’s {found.length} accounts shown{shown.length < 2 ? ': a comparison needs two' : ''}.
            </span>
          )}
        </div>
      )}
      {!problem && !error && shown && shown.length >= 2 && !snapshots && !snapshotError && <p className="muted">Reading the cached reports…</p>}
      {snapshots && (
        <StatusStepsProvider>
          <ComparisonBody
            snapshots={snapshots}
            notes={notes}
            columnNote={(c) => <RowNotes notes={notesIndex.lookup(c.network, c.accountKey)} />}
            onNote={(i, note) => setDraft({ notes: { ...draft.notes, [pickKey(shown![i]!.pick)]: note } })}
            period={draft.period}
            onPeriod={(period) => setDraft({ period })}
            name={draft.name}
            onName={(name) => setDraft({ name })}
            onSave={save}
            dirty
          />
        </StatusStepsProvider>
      )}
    </>
  );
}
