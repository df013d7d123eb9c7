import { useMemo, useState } from 'react';
import type { CachedReport } from '@shared/reports';
import { buildReportModel, formatChange, formatMetric, metricForPeriod, type Period } from './reportModel';

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
