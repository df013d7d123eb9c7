import { useEffect, useState } from 'react';
import type { SnapshotDetail, SnapshotView } from '@shared/contract';
import type { CachedReport } from '@shared/reports';
import { errorMessage, scout } from '../../shared/scoutClient';
import { formatCount } from '../../shared/format';
import { compareSnapshots } from './model/compare';

const signed = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** What changed since an earlier fetch of this account. */
export function SnapshotChanges({ report }: { report: CachedReport }) {
  const [snapshots, setSnapshots] = useState<SnapshotView[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [older, setOlder] = useState<SnapshotDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    scout.invoke('reports:snapshots', { network: report.network, account: report.accountKey }).then(
      (list) => live && setSnapshots(list),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [report.network, report.accountKey, report.fetchedAt]);

  const earlier = snapshots?.filter((s) => s.fetchedAt < report.fetchedAt) ?? [];
  const target = chosen ?? earlier[0]?.id ?? null;

  useEffect(() => {
    if (target === null) return;
    let live = true;
    scout.invoke('reports:snapshot', { id: target }).then(
      (s) => live && setOlder(s),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [target]);

  if (error) return <p className="feedback error">{error}</p>;
  if (earlier.length === 0 || !older) return null;
  const comparison = compareSnapshots({ network: report.network, accountKey: older.accountKey, summary: older.summary, result: older.result, fetchedAt: older.fetchedAt }, report);
  const moved = comparison.figures.filter((f) => f.delta !== null && f.delta !== 0);
  return (
    <section className="card changes" aria-label="Changes since an earlier fetch" data-testid="snapshot-changes">
      <h2>
        Changes since{' '}
        <select aria-label="Compare with the fetch of" value={target ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
          {earlier.map((s) => (
            <option key={s.id} value={s.id}>
              {new Date(s.fetchedAt).toLocaleString()}
            </option>
          ))}
        </select>
      </h2>
      {moved.length === 0 && comparison.shares.length === 0 ? (
        <p className="muted">No change in the headline figures or audience shares.</p>
      ) : (
        <ul>
          {moved.map((f) => (
            <li key={f.label}>
              {f.label}: {f.unit === 'percent' ? `${signed.format(f.delta!)} pp` : signed.format(Math.round(f.delta!))} (
              {f.unit === 'percent' ? `${f.before!.toFixed(2)} → ${f.after!.toFixed(2)} %` : `${formatCount(f.before)} → ${formatCount(f.after)}`})
            </li>
          ))}
          {comparison.shares.slice(0, 10).map((s) => (
            <li key={`${s.breakdown}:${s.item}`}>
              {s.breakdown}, {s.item}: {s.before.toFixed(1)} → {s.after.toFixed(1)} %
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
