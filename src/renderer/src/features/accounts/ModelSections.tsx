import { useMemo, useState, type ClipboardEvent } from 'react';
import type { CachedReport } from '@shared/reports';
import { PERIOD_WORDS, formatChange, formatExact, formatMetric, formatPoints } from '@shared/format';
import { buildReportModel, metricForPeriod, type MetricView, type Period } from '@shared/reportModel/reportModel';
import { Chart } from '../../shared/Chart';
import { Choices } from '../../shared/Choices';
import { snapchatVariantNotes } from '@shared/labels';
import { SectionNav, type PageSection } from '../../shared/ui';
import { noPostsText } from '@shared/labels';
import { sourceText } from '@shared/reportModel/words';
import { markWords } from '@shared/reportModel/read';
import { breakdownHeight, breakdownOption, breakdownWide, breakdownSummary, periodOption, SCORES_HEIGHT, scatterOption, scoresOption, seriesOption } from './model/chartOptions';



/**
 * A change from the previous period of equal length: in percentage points for a percentage
 * (engagement 6.1 → 6.3 % is +0.2 pp), else relative ('+2.2 % relative').
 */
function changeText(m: MetricView, at: { value: number | null; previous: number | null; change: number | null }): string {
  if (m.unit === 'percent') return at.value !== null && at.previous !== null ? formatPoints(at.value - at.previous) : '—';
  return at.change === null ? '—' : `${formatChange(at.change)} relative`;
}

/** The value as the table shows it, with its exact form on hover and in the clipboard. */
function valueCell(m: MetricView, value: number | null) {
  return { text: formatMetric(value, m.unit), title: value === null ? undefined : formatExact(value, m.unit) };
}

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
  // Links to the parts of a long report, in the page's order; each part this report has.
  const growth = model.series.length > 0 || model.periodCharts.length > 0;
  const sections: PageSection[] = [
    { id: 'report-overview', label: 'Overview' },
    ...(growth ? [{ id: 'report-growth', label: 'Growth' }] : []),
    ...(model.scatter || model.extras.length > 0 ? [{ id: 'report-content', label: 'Content' }] : []),
    ...(options.scores || model.breakdowns.length > 0 ? [{ id: 'report-audience', label: 'Audience' }] : []),
  ];
  // The API's name of the variant ('opendata') is no researcher's word: the dictionary says what it means.
  const variantNote = model.variant && Object.hasOwn(snapchatVariantNotes, model.variant) ? snapchatVariantNotes[model.variant] : null;
  return (
    <>
      <SectionNav label="Parts of this report" sections={sections} />
      <div id="report-overview" className="report-section-anchor" />
      {(model.stateNote || variantNote) && (
        <div className="callout warning" data-testid="state-note">
          {variantNote && <p>{variantNote}</p>}
          {model.stateNote && <p>{model.stateNote}</p>}
        </div>
      )}
      {model.periods.length > 0 && (
        <Choices kind="radios" label="Period" className="periods" options={model.periods.map((p) => ({ value: p, label: PERIOD_WORDS[p] }))} value={chosen} onChange={setPeriod} />
      )}
      {model.cards.length > 0 && (
        <dl className="figures report-cards" data-testid="report-figures">
          {model.cards.map((key) => {
            const m = model.metrics.find((x) => x.key === key)!;
            const at = metricForPeriod(m, chosen);
            const cell = at.source === 'no-posts' ? { text: noPostsText(model.network, m.byPeriod[chosen]?.noPosts ? chosen : null), title: undefined } : valueCell(m, at.value);
            return (
              <div
                key={key}
                data-metric={key}
                data-raw={at.value ?? undefined}
                title={cell.title}
                // Reachable by Tab: the focus tip says the exact figure the title holds.
                tabIndex={cell.title ? 0 : undefined}
                onCopy={(e) => at.value !== null && (e.clipboardData.setData('text/plain', String(at.value)), e.preventDefault())}
              >
                <dt>{m.label}</dt>
                <dd className={at.source === 'no-posts' ? 'no-posts' : undefined}>{cell.text}</dd>
                <dd className="card-source" data-source={at.source}>
                  {sourceText(at.source, chosen)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <table className="table metrics" aria-label="Metrics" aria-describedby="metrics-legend" data-testid="metrics" onCopy={copyRawValue}>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Change from the previous {PERIOD_WORDS[chosen]}
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
            const noPosts = at.source === 'no-posts';
            // A period without posts is not marked: the API's `poor` for it marks no figure.
            const mark = noPosts ? null : (p?.mark ?? m.mark);
            const similar = p?.similar ?? m.similar;
            const cell = noPosts ? { text: noPostsText(model.network, p?.noPosts ? chosen : null), title: undefined } : valueCell(m, at.value);
            return (
              <tr key={m.key} data-metric={m.key} data-source={at.source}>
                <th scope="row">{m.label}</th>
                <td className={noPosts ? 'num muted no-posts' : 'num'} title={cell.title} tabIndex={cell.title ? 0 : undefined} data-raw={at.value ?? undefined}>
                  {cell.text}
                  {at.source !== 'period' && !noPosts && <span className={`value-source source-${at.source}`}>{at.source === '365d' ? '365 days' : 'not by period'}</span>}
                </td>
                <td className="num">{changeText(m, at)}</td>
                <td>{mark && <span className={`mark mark-${mark}`}>{markWords(mark)}</span>}</td>
                <td className="num" title={similar === null ? undefined : formatExact(similar, m.unit)} tabIndex={similar === null ? undefined : 0} data-raw={similar ?? undefined}>
                  {formatMetric(similar, m.unit)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted metrics-legend" id="metrics-legend" data-testid="metrics-legend">
        Values are for the last {PERIOD_WORDS[chosen]} unless marked: <span className="value-source source-overall">not by period</span> the report gives one
        figure, the same for every period; <span className="value-source source-365d">365 days</span> the report has no {PERIOD_WORDS[chosen]} figure, so the
        365-day one is shown. “No posts in the last {PERIOD_WORDS[chosen]}”: the report gives that period and it holds no posts, so it has no figure (the API
        sends 0 for it). Changes compare with the previous {PERIOD_WORDS[chosen]}: “pp” are percentage points, “relative” a relative change. Hover a value,
        or reach it with Tab, for its exact figure.
      </p>
      {(model.series.length > 0 || model.scatter || options.scores || model.periodCharts.length > 0) && (
        <div className="charts report-section-anchor" id={growth ? 'report-growth' : undefined}>
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
            <section className="card report-section-anchor" id="report-content" aria-label="Views and likes of posts">
              <h2>Views and likes of posts</h2>
              <Chart option={options.scatter} label={`Views against likes for ${model.scatter.length} posts`} />
            </section>
          )}
          {options.scores && (
            <section className="card report-scores report-section-anchor" id="report-audience" aria-label="Audience quality and authenticity">
              <h2>Quality and authenticity, scores out of 100</h2>
              <Chart option={options.scores} height={SCORES_HEIGHT} label={model.scores.map((sc) => `${sc.label} ${Math.round(sc.value)} of 100`).join(', ')} />
            </section>
          )}
        </div>
      )}
      {model.breakdowns.length > 0 && (
        <div className="breakdowns report-section-anchor" id={options.scores ? undefined : 'report-audience'}>
          {model.breakdowns.map((b, i) => (
            <section key={b.key} className={`card breakdown${breakdownWide(b) ? ' breakdown-wide' : ''}`} aria-label={b.label} data-kind={b.kind}>
              <h2>{b.label}</h2>
              <Chart option={options.breakdowns[i]!} label={breakdownSummary(b)} height={breakdownHeight(b)} />
              <details>
                <summary>Values of {b.label}</summary>
                <table className="table compact">
                  <tbody>
                    {b.items.map((item) => (
                      <tr key={item.label}>
                        <th scope="row">{item.label}</th>
                        <td className="num">{formatExact(item.value, b.unit)}</td>
                        {b.items.some((x) => x.extra !== undefined) && <td className="num muted">{item.extra === undefined ? '' : formatExact(item.extra)}</td>}
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
        <dl className="extras report-section-anchor" id={model.scatter ? undefined : 'report-content'}>
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
