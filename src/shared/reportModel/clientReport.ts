// What a client report of one account holds, read from the report model the report page shows:
// the same figures, formatted by the same formatter, with the same words for their periods. Main
// draws it (src/main/domains/archive/clientReportPdf.ts); nothing here formats a figure its own way.
import type { CachedReport } from '@shared/reports';
import { CLIENT_REPORT_BARS, CLIENT_REPORT_POINTS, type ClientReportContent } from '@shared/clientReport';
import { PERIOD_WORDS, formatDate, formatMetric, networkLabels } from '@shared/format';
import { buildReportModel, metricForPeriod, type ReportModel } from './reportModel';
import { sourceText } from './words';
import { noPostsShort } from '@shared/labels';

/** The report's content as the client report shows it. */
export function clientReportContent(report: CachedReport, model: ReportModel = buildReportModel(report)): ClientReportContent {
  const period = model.defaultPeriod ?? model.periods[0] ?? '30d';
  const headline = model.cards.flatMap((key) => {
    const m = model.metrics.find((x) => x.key === key);
    if (!m) return [];
    const at = metricForPeriod(m, period);
    // A period without posts has no figure: said in words, never a dash or 0 (src/shared/periodFigures.ts).
    const value = at.source === 'no-posts' ? noPostsShort(report.network) : formatMetric(at.value, m.unit);
    return [{ label: m.label, value, period: sourceText(at.source, period) }];
  });
  const charts: ClientReportContent['charts'] = [];
  for (const series of model.series) {
    if (series.points.length < 2) continue;
    const values = series.points.map((p) => p.value);
    const unit = series.unit ?? 'count';
    charts.push({
      section: 'growth',
      chart: {
        kind: 'line',
        title: series.label,
        points: thin(series.points, CLIENT_REPORT_POINTS),
        from: formatDate(series.points[0]!.time),
        to: formatDate(series.points.at(-1)!.time),
        low: formatMetric(Math.min(...values), unit),
        high: formatMetric(Math.max(...values), unit),
      },
    });
  }
  for (const chart of model.periodCharts) {
    if (chart.points.length === 0) continue;
    charts.push({
      section: 'growth',
      chart: { kind: 'bars', title: `${chart.label} by period`, items: chart.points.map((p) => ({ label: PERIOD_WORDS[p.period], value: p.value, text: formatMetric(p.value, chart.unit) })) },
    });
  }
  if (model.scores.length > 0) {
    charts.push({
      section: 'audience',
      chart: { kind: 'bars', title: 'Audience quality (0 to 100)', items: model.scores.map((s) => ({ label: s.label, value: s.value, text: formatMetric(s.value, 'count') })) },
    });
  }
  for (const b of model.breakdowns) {
    const items = b.items.slice(0, CLIENT_REPORT_BARS);
    if (items.length === 0) continue;
    const unit = b.unit === 'percent' ? 'percent' : 'count';
    charts.push({ section: 'audience', chart: { kind: 'bars', title: b.label, items: items.map((i) => ({ label: i.label, value: i.value, text: formatMetric(i.value, unit) })) } });
  }
  if (model.scatter) {
    const xs = model.scatter.map((p) => p.x);
    const ys = model.scatter.map((p) => p.y);
    charts.push({
      section: 'content',
      chart: {
        kind: 'dots',
        title: 'Views and likes of posts',
        xLabel: 'views of a post',
        yLabel: 'likes of a post',
        points: model.scatter.slice(0, CLIENT_REPORT_POINTS),
        xHigh: formatMetric(Math.max(...xs), 'count'),
        yHigh: formatMetric(Math.max(...ys), 'count'),
      },
    });
  }
  return {
    fetchedAt: report.fetchedAt,
    title: clip(model.title, 200),
    handle: clip(model.handle, 200),
    network: networkLabels[model.network],
    headline: headline.slice(0, 16),
    charts: charts.slice(0, 40),
    facts: model.extras.slice(0, 40).map((e) => ({ label: clip(e.label, 200), value: clip(e.value, 400) })),
  };
}

/** Text cut to `max` characters with an ellipsis (a long description, say). */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** At most `max` points of a line, evenly taken, the first and the last always kept (paper shows no more). */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}
