// Compare: the tray's accounts side by side at their latest cached snapshots (`#/compare`), or a
// saved comparison at the snapshots it was saved with (`#/compare/<id>`). Everything is read
// from the cache, so a saved comparison opens offline; refreshing an account changes a saved
// sheet only when the researcher presses Update.
import { useScout } from '../../store';
import { useShell } from '../../data/useShell';
import { ErrorState } from '../../shared/ui';
import { TrayComparison } from './TrayComparison';
import { SavedComparisonView } from './SavedComparisonView';
import { SavedList } from './SavedList';

export function ComparePage() {
  const subpath = useScout((s) => s.subpath);
  const workspace = useShell((s) => s.workspace?.active);
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
