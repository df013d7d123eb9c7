// Compare without an id: the accounts in the tray, each at its newest cached snapshot, saved on request.
import { useMemo } from 'react';
import { COMPARE_MAX, type LatestSnapshot } from '@shared/compare';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { scout } from '../../shared/scoutClient';
import { useScoutQuery } from '../../shared/useScoutQuery';
import { EmptyState, ErrorState, plural } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { pickKey, trayProblem } from './compareSlice';
import { useSnapshots } from './useSnapshots';
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
