// The accounts overlaid: followers and engagement over time, engagement by period, audience age,
// gender and top countries. Accounts whose reports lack a chart's data are named under it. The
// followers chart is drawn as counted, as growth from 100 or on a log scale, as last chosen.
import { useMemo } from 'react';
import { Chart } from '../../shared/Chart';
import { Choices } from '../../shared/Choices';
import { followersScaleLabels, type FollowersScale } from '@shared/labels';
import { useScout } from '../../store';
import type { CompareModel } from '@shared/compareModel';
import { compareCharts, seriesName } from './compareCharts';

const scaleOptions = (Object.keys(followersScaleLabels) as FollowersScale[]).map((value) => ({ value, label: followersScaleLabels[value] }));

export function CompareCharts({ model }: { model: CompareModel }) {
  const scale = useScout((s) => s.compareFollowersScale);
  const setScale = useScout((s) => s.setCompareFollowersScale);
  const charts = useMemo(() => compareCharts(model, scale), [model, scale]);
  if (charts.length === 0) {
    return <p className="muted">None of these reports has a history or an audience breakdown to chart.</p>;
  }
  return (
    <div className="charts compare-charts" data-testid="compare-charts">
      {charts.map((chart) => {
        const drawn = new Set(chart.columns);
        const without = model.columns.filter((_, i) => !drawn.has(i));
        return (
          <section key={chart.key} className={`card${chart.wide ? ' chart-wide' : ''}`} aria-label={chart.title} data-chart={chart.key}>
            <h2>{chart.title}</h2>
            {/* One account a thousand times larger flattens the rest: growth from 100, or a log scale, shows them all (arrow keys move the choice). */}
            {chart.key === 'followers' && <Choices kind="radios" label="Draw followers as" className="periods chart-scale" options={scaleOptions} value={scale} onChange={setScale} />}
            <Chart option={chart.option} label={chart.summary} height={chart.wide ? 320 : 280 + 22 * Math.ceil(chart.columns.length / 2)} />
            {without.length > 0 && (
              <p className="muted chart-missing">Not in these reports: {without.map(seriesName).join(', ')}.</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

