import { useMemo, useState } from 'react';
import type { CachedReport } from '@shared/reports';
import { buildReportModel, formatChange, formatMetric, metricForPeriod, type Period, type ReportModel } from './reportModel';
import { Chart, type ChartOption } from '../../shared/Chart';

function seriesOption(series: ReportModel['series'][number]): ChartOption {
  return {
    grid: { left: 56, right: 16, top: 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: [{ type: 'line', name: series.label, showSymbol: false, data: series.points.map((p) => [p.time, p.value]) }],
  };
}

function scatterOption(points: { x: number; y: number }[]): ChartOption {
  return {
    grid: { left: 64, right: 16, top: 16, bottom: 40 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', name: 'views', nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', name: 'likes' },
    series: [{ type: 'scatter', symbolSize: 6, data: points.map((p) => [p.x, p.y]) }],
  };
}

function stackedOption(breakdown: ReportModel['breakdowns'][number]): ChartOption {
  const names = [...new Set(breakdown.items.flatMap((i) => (i.parts ?? []).map((p) => p.label)))];
  return {
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: breakdown.items.map((i) => i.label) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
    series: names.map((name) => ({
      type: 'bar',
      stack: 'total',
      name,
      data: breakdown.items.map((i) => i.parts?.find((p) => p.label === name)?.value ?? 0),
    })),
  };
}

/** Every metric of the report for a chosen period, and its audience breakdowns. */
export function ModelSections({ report }: { report: CachedReport }) {
  const model = useMemo(() => buildReportModel(report), [report]);
  const [period, setPeriod] = useState<Period | null>(model.defaultPeriod);
  const chosen = period ?? model.defaultPeriod ?? model.periods[0] ?? '30d';
  return (
    <>
      {(model.stateNote || model.variant) && (
        <div className="callout warning" data-testid="state-note">
          {model.variant && <p>Snapchat {model.variant} report.</p>}
          {model.stateNote && <p>{model.stateNote}</p>}
        </div>
      )}
      {model.periods.length > 0 && (
        <div className="periods" role="radiogroup" aria-label="Period">
          {model.periods.map((p) => (
            <button key={p} type="button" role="radio" aria-checked={p === chosen} onClick={() => setPeriod(p)}>
              {p}
            </button>
          ))}
        </div>
      )}
      <table className="table metrics" aria-label="Metrics" data-testid="metrics">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col">Mark</th>
            <th scope="col" className="num">
              Similar accounts
            </th>
          </tr>
        </thead>
        <tbody>
          {model.metrics.map((m) => {
            const at = metricForPeriod(m, chosen);
            const p = m.byPeriod[chosen];
            const mark = p?.mark ?? m.mark;
            const similar = p?.similar ?? m.similar;
            return (
              <tr key={m.key}>
                <th scope="row">
                  {m.label}
                  {m.periodLabel && <span className="muted"> ({m.periodLabel})</span>}
                </th>
                <td className="num" title={at.value === null ? undefined : String(at.value)}>
                  {formatMetric(at.value, m.unit)}
                  {at.fallback && <span className="muted" title="This period is not in the report; the overall value is shown"> *</span>}
                </td>
                <td className="num">{formatChange(at.change)}</td>
                <td>{mark && <span className={`mark mark-${mark}`}>{mark.replace('_', ' ')}</span>}</td>
                <td className="num" title={similar === null ? undefined : String(similar)}>
                  {formatMetric(similar, m.unit)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(model.series.length > 0 || model.scatter) && (
        <div className="charts">
          {model.series.map((series) => (
            <section key={series.key} className="card" aria-label={series.label}>
              <h2>{series.label}</h2>
              <Chart option={seriesOption(series)} label={`${series.label}: ${series.points.length} points over time`} />
            </section>
          ))}
          {model.scatter && (
            <section className="card" aria-label="Views and likes of posts">
              <h2>Views and likes of posts</h2>
              <Chart option={scatterOption(model.scatter)} label={`Views against likes for ${model.scatter.length} posts`} />
            </section>
          )}
          {model.breakdowns
            .filter((b) => b.kind === 'stacked' && b.items.some((i) => i.parts?.length))
            .map((b) => (
              <section key={`chart-${b.key}`} className="card" aria-label={`${b.label} chart`}>
                <h2>{b.label}</h2>
                <Chart option={stackedOption(b)} label={`${b.label} by bucket`} />
              </section>
            ))}
        </div>
      )}
      {model.breakdowns.length > 0 && (
        <div className="breakdowns">
          {model.breakdowns.map((b) => {
            const max = Math.max(1, ...b.items.map((i) => i.value));
            return (
              <section key={b.key} className="card breakdown" aria-label={b.label}>
                <h2>{b.label}</h2>
                <ul>
                  {b.items.slice(0, 12).map((item) => (
                    <li key={item.label} title={String(item.value)}>
                      <span className="bar-label">{item.label}</span>
                      <span className="bar" style={{ width: `${(100 * item.value) / max}%` }} aria-hidden="true" />
                      <span className="bar-value">{b.share ? `${item.value.toFixed(1)} %` : formatMetric(item.value, 'count')}</span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {model.extras.length > 0 && (
        <dl className="extras">
          {model.extras.map((e) => (
            <div key={e.label}>
              <dt>{e.label}</dt>
              <dd>{e.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
