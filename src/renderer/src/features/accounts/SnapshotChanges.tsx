import { useMemo, useState } from 'react';
import type { CachedReport } from '@shared/reports';
import { Chart } from '../../shared/Chart';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { formatCount, formatDateTime, formatMetric, formatPercent, formatPoints, formatSignedNumber } from '@shared/format';
import { compareSnapshots, hasTrend, snapshotTimeline, snapshotTrend, snapshotTrendLabel, type ShareChange } from '@shared/reportModel/compare';
import { snapshotTrendOption } from './model/chartOptions';

/** How many share moves, and how many list entries and exits, are listed. */
const SHARE_LIMIT = 10;
/** Fetches listed in the timeline, newest first. */
const TIMELINE_LIMIT = 60;

function shareText(s: ShareChange): string {
  switch (s.kind) {
    case 'moved':
      return `${formatPercent(s.before)} → ${formatPercent(s.after)} (${formatPoints(s.after - s.before)})`;
    case 'entered':
      return `new in the top list (${formatPercent(s.after)})`;
    case 'left':
      return `no longer in the top list (was ${formatPercent(s.before)})`;
  }
}

/** What changed since an earlier fetch of this account. */
export function SnapshotChanges({ report }: { report: CachedReport }) {
  const [chosen, setChosen] = useState<number | null>(null);
  // Every fetch of this account, read again when the report on the page is a newer one.
  const list = useScoutQuery(() => scout.invoke('reports:snapshots', { network: report.network, account: report.accountKey }), [report.network, report.accountKey], {
    keepPrevious: true,
    refreshWhenChanged: [report.fetchedAt],
  });
  const snapshots = list.data ?? null;

  const earlier = snapshots?.filter((s) => s.fetchedAt < report.fetchedAt) ?? [];
  const target = chosen ?? earlier[0]?.id ?? null;
  // The list holds every fetch, this one too: its summaries are all the chart needs.
  const trend = useMemo(() => snapshotTrend(snapshots ?? []), [snapshots]);
  const trendOption = useMemo(() => snapshotTrendOption(trend), [trend]);
  const timeline = useMemo(() => snapshotTimeline(snapshots ?? []), [snapshots]);

  const olderRead = useScoutQuery(() => scout.invoke('reports:snapshot', { id: target! }), [target], { enabled: target !== null, keepPrevious: true });
  const older = olderRead.data ?? null;
  const error = list.error ?? olderRead.error;

  // Two full report models: built when the pair changes, not on every render of the page.
  const compared = useMemo(
    () =>
      older
        ? compareSnapshots({ network: report.network, accountKey: older.accountKey, summary: older.summary, result: older.result, fetchedAt: older.fetchedAt }, report)
        : null,
    [older, report],
  );
  // The earlier fetch being compared is the chosen one, or nothing is shown while it loads.
  const comparison = older?.id === target ? compared : null;

  if (error) return <p className="feedback error">{error}</p>;
  if (earlier.length === 0 || !comparison) return null;
  // Only changes that show once rounded as they are written below (not "0 pp").
  const moved = comparison.figures.filter((f) => f.delta !== null && (f.unit === 'percent' ? Math.abs(f.delta) >= 0.005 : Math.round(f.delta) !== 0));
  const shareMoves = comparison.shares.filter((c) => c.kind === 'moved').slice(0, SHARE_LIMIT);
  const listChanges = comparison.shares.filter((c) => c.kind !== 'moved').slice(0, SHARE_LIMIT);
  return (
    <section className="card changes" aria-label="Changes since an earlier fetch" data-testid="snapshot-changes">
      <h2>
        Changes since{' '}
        <select aria-label="Compare with the fetch of" value={target ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
          {earlier.map((s) => (
            <option key={s.id} value={s.id}>
              {formatDateTime(s.fetchedAt)}
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
              {f.label}: {f.unit === 'percent' ? formatPoints(f.delta) : formatSignedNumber(f.delta)} ({formatMetric(f.before, f.unit)} → {formatMetric(f.after, f.unit)})
            </li>
          ))}
          {[...shareMoves, ...listChanges].map((s) => (
            <li key={`${s.breakdown}:${s.item}`} data-kind={s.kind}>
              {s.breakdown}, {s.item}: {shareText(s)}
            </li>
          ))}
        </ul>
      )}
      {hasTrend(trend) && (
        <figure className="snapshot-trend" data-testid="snapshot-trend" style={{ margin: '0.75rem 0 0' }}>
          <figcaption>
            <h3 style={{ fontSize: '1rem', margin: '0 0 0.25rem' }}>Followers{trend.engagementRate.length >= 2 ? ' and engagement rate' : ''} across snapshots</h3>
          </figcaption>
          <Chart option={trendOption} label={snapshotTrendLabel(trend, (n) => formatMetric(n, 'count'))} height={240} />
        </figure>
      )}
      {timeline.length > 0 && (
        <details className="snapshot-timeline" data-testid="snapshot-timeline">
          <summary>What changed at each fetch ({timeline.length === 1 ? '1 fetch' : `${formatCount(timeline.length)} fetches`} with a change)</summary>
          <ol>
            {timeline.slice(0, TIMELINE_LIMIT).map((entry) => (
              <li key={entry.to}>
                <span className="muted">
                  {formatDateTime(entry.from)} → {formatDateTime(entry.to)}:
                </span>{' '}
                {entry.changes
                  .map((c) => `${c.label} ${c.unit === 'percent' ? formatPoints(c.after - c.before) : formatSignedNumber(c.after - c.before)} (${formatMetric(c.before, c.unit)} → ${formatMetric(c.after, c.unit)})`)
                  .join('; ')}
              </li>
            ))}
          </ol>
          {timeline.length > TIMELINE_LIMIT && <p className="muted">The {TIMELINE_LIMIT} latest are listed.</p>}
        </details>
      )}
    </section>
  );
}
