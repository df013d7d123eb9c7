import { useMemo, useState, type ClipboardEvent } from 'react';
import type { CachedReport } from '@shared/reports';
import { buildReportModel, formatChange, formatMetric, metricForPeriod, type Period } from './reportModel';
import { Chart } from '../../shared/Chart';
import { Choices } from '../../shared/Choices';
import { breakdownHeight, breakdownOption, breakdownSummary, breakdownValue, periodOption, scatterOption, scoresOption, seriesOption } from './model/chartOptions';

/** Copying a value that is all in one cell copies its raw number, not the rounded one shown. */
function copyRawValue(event: ClipboardEvent<HTMLTableElement>) {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const cell = (n: Node | null) => (n instanceof Element ? n : n?.parentElement)?.closest('td[data-raw]');
  const start = cell(selection.anchorNode);
  if (!start || start !== cell(selection.focusNode)) return;
  event.clipboardData.setData('text/plain', start.getAttribute('data-raw')!);
  event.preventDefault();
}

/** Parts of the answer Scout could not read: shown as the API sent them, never dropped. */
export function KeptParts({ kept }: { kept: { path: string; reason: string; json: string }[] }) {
  return (
    <section className="card kept-parts" aria-label="Parts kept as received" data-testid="kept-parts">
      <h2>Kept as received</h2>
      <p className="muted">Scout could not read these parts; each is kept as the API sent it.</p>
      <table className="table compact">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Why</th>
            <th scope="col">As received</th>
          </tr>
        </thead>
        <tbody>
          {kept.map((k) => (
            <tr key={k.path}>
              <th scope="row">
                <code>{k.path}</code>
              </th>
              <td>{k.reason}</td>
              <td>
                <pre className="raw-json">{k.json}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every metric of the report for a chosen period, and its audience breakdowns. */
export function ModelSections({ report }: { report: CachedReport }) {
  const model = useMemo(() => buildReportModel(report), [report]);
  // Built once per report: a new option object would make every chart draw again on a period switch.
  const options = useMemo(
    () => ({
      series: model.series.map(seriesOption),
      scatter: model.scatter && scatterOption(model.scatter),
      periods: model.periodCharts.map(periodOption),
      scores: model.scores.length > 0 ? scoresOption(model.scores) : null,
      breakdowns: model.breakdowns.map(breakdownOption),
    }),
    [model],
  );
  const [period, setPeriod] = useState<Period | null>(model.defaultPeriod);
  // A refreshed or upgraded report may not carry the period chosen on the one before.
  const chosen = (period && model.periods.includes(period) ? period : null) ?? model.defaultPeriod ?? model.periods[0] ?? '30d';
  return (
    <>
      {(model.stateNote || model.variant) && (
        <div className="callout warning" data-testid="state-note">
          {model.variant && <p>Snapchat {model.variant} report.</p>}
          {model.stateNote && <p>{model.stateNote}</p>}
        </div>
      )}
      {model.periods.length > 0 && (
        <Choices kind="radios" label="Period" className="periods" options={model.periods.map((p) => ({ value: p, label: p }))} value={chosen} onChange={setPeriod} />
      )}
      <table className="table metrics" aria-label="Metrics" data-testid="metrics" onCopy={copyRawValue}>
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
                <td className="num" title={at.value === null ? undefined : String(at.value)} data-raw={at.value ?? undefined}>
                  {formatMetric(at.value, m.unit)}
                  {at.fallback && <span className="muted" title="This period is not in the report; the overall value is shown"> *</span>}
                </td>
                <td className="num">{formatChange(at.change)}</td>
                <td>{mark && <span className={`mark mark-${mark}`}>{mark.replace('_', ' ')}</span>}</td>
                <td className="num" title={similar === null ? undefined : String(similar)} data-raw={similar ?? undefined}>
                  {formatMetric(similar, m.unit)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(model.series.length > 0 || model.scatter || options.scores || model.periodCharts.length > 0) && (
        <div className="charts">
          {model.series.map((series, i) => (
            <section key={series.key} className="card" aria-label={series.label}>
              <h2>{series.label}</h2>
              <Chart option={options.series[i]!} label={`${series.label}: ${series.points.length} points over time`} />
            </section>
          ))}
          {model.periodCharts.map((chart, i) => (
            <section key={`period-${chart.key}`} className="card" aria-label={`${chart.label} by period`}>
              <h2>{chart.label} by period</h2>
              <Chart
                option={options.periods[i]!}
                height={220}
                label={`${chart.label} by period: ${chart.points.map((p) => `${p.period} ${formatMetric(p.value, chart.unit)}`).join(', ')}`}
              />
            </section>
          ))}
          {model.scatter && options.scatter && (
            <section className="card" aria-label="Views and likes of posts">
              <h2>Views and likes of posts</h2>
              <Chart option={options.scatter} label={`Views against likes for ${model.scatter.length} posts`} />
            </section>
          )}
          {options.scores && (
            <section className="card" aria-label="Audience quality and authenticity">
              <h2>Quality and authenticity</h2>
              <Chart option={options.scores} height={200} label={model.scores.map((sc) => `${sc.label} ${Math.round(sc.value)} of 100`).join(', ')} />
            </section>
          )}
        </div>
      )}
      {model.breakdowns.length > 0 && (
        <div className="breakdowns">
          {model.breakdowns.map((b, i) => (
            <section key={b.key} className="card breakdown" aria-label={b.label} data-kind={b.kind}>
              <h2>{b.label}</h2>
              <Chart option={options.breakdowns[i]!} label={breakdownSummary(b)} height={breakdownHeight(b)} />
              <details>
                <summary>Values</summary>
                <table className="table compact">
                  <tbody>
                    {b.items.map((item) => (
                      <tr key={item.label}>
                        <th scope="row">{item.label}</th>
                        <td className="num" title={String(item.value)}>
                          {breakdownValue(b, item.value)}
                        </td>
                        {b.items.some((x) => x.extra !== undefined) && <td className="num muted">{item.extra === undefined ? '' : formatMetric(item.extra, 'count')}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </section>
          ))}
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
      {model.kept.length > 0 && <KeptParts kept={model.kept} />}
    </>
  );
}
