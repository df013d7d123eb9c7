// Scout's own history of the accounts compared: their followers and engagement rate at every
// fetch it kept (snapshots: a watchlist adds one a day for free), one line per account, beside
// the API's own history charted above.
import { useMemo } from 'react';
import type { CompareModel, CompareSeries } from '@shared/compareModel';
import type { Network } from '@shared/reports';
import { snapshotTrend } from '@shared/reportModel/compare';
import { Chart } from '../../shared/Chart';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { overTimeOption, seriesName } from './compareCharts';

export function CompareSnapshots({ model }: { model: CompareModel }) {
  // Read again when the accounts change, not when the period or a note does.
  const key = JSON.stringify(model.columns.map((c) => [c.network, c.accountKey]));
  const read = useScoutQuery(() => Promise.all((JSON.parse(key) as [Network, string][]).map(([network, account]) => scout.invoke('reports:snapshots', { network, account }))), [key], {
    keepPrevious: true,
    refreshOn: [{ event: 'reports:changed', when: (p) => p.phase === 'finished' }],
  });
  const charts = useMemo(() => {
    if (!read.data) return null;
    const followers: CompareSeries[] = [];
    const engagement: CompareSeries[] = [];
    read.data.forEach((snapshots, column) => {
      const trend = snapshotTrend(snapshots);
      const name = seriesName(model.columns[column]!);
      if (trend.followers.length >= 2) followers.push({ column, name, label: 'Followers', unit: 'count', points: trend.followers.map(([time, value]) => ({ time, value })) });
      if (trend.engagementRate.length >= 2) {
        engagement.push({ column, name, label: 'Engagement rate', unit: 'percent', points: trend.engagementRate.map(([time, value]) => ({ time, value })) });
      }
    });
    return [
      { key: 'snapshot-followers', title: 'Followers at each fetch', series: followers, axis: 'Followers' },
      { key: 'snapshot-engagement', title: 'Engagement rate at each fetch', series: engagement, axis: 'Engagement rate, %' },
    ].filter((c) => c.series.length > 0);
  }, [read.data, model]);

  if (read.error) return <p className="feedback error">Scout&apos;s snapshots of these accounts could not be read: {read.error}</p>;
  if (charts === null) return null;
  return (
    <section className="compare-snapshots" aria-labelledby="compare-snapshots-title" data-testid="compare-snapshots">
      <h2 id="compare-snapshots-title">Over time, from Scout&apos;s snapshots</h2>
      {charts.length === 0 ? (
        <p className="muted">
          Each of these accounts has been fetched once. Every refresh keeps a snapshot (a watchlist refreshes for free while access lasts), and their figures are drawn
          over time here.
        </p>
      ) : (
        <div className="charts">
          {charts.map((chart) => {
            const drawn = new Set(chart.series.map((s) => s.column));
            const without = model.columns.filter((_, i) => !drawn.has(i));
            return (
              <section key={chart.key} className="card chart-wide" aria-label={chart.title} data-chart={chart.key}>
                <h3>{chart.title}</h3>
                <Chart
                  option={overTimeOption(model, chart.series, chart.axis)}
                  label={`${chart.title}: ${chart.series.map((s) => `${s.name}, ${s.points.length} snapshots`).join('; ')}`}
                  height={300 + 22 * Math.ceil(chart.series.length / 4)}
                />
                {without.length > 0 && <p className="muted chart-missing">Fetched once only: {without.map(seriesName).join(', ')}.</p>}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
