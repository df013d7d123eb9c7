// An analysis's aggregates: the headline figures, sponsored versus likely sponsored side by side,
// the price range, and the top hashtags as a chart. Missing figures are shown as —, never 0.
import type { CompetitorAnalysisView, CompetitorPart } from '@shared/competitor';
import { Chart, type ChartOption } from '../../shared/Chart';
import { formatExact, formatMetric } from '../../shared/ui';

function Figure({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="competitor-figure">
      <dt>{label}</dt>
      {/* Reachable by Tab: the focus tip says the exact figure the title holds. */}
      <dd title={title} tabIndex={title ? 0 : undefined}>
        {value}
      </dd>
    </div>
  );
}

const partRows: { key: keyof CompetitorPart; label: string; unit: 'count' | 'money' }[] = [
  { key: 'mentions', label: 'Mentions', unit: 'count' },
  { key: 'contributors', label: 'Contributors', unit: 'count' },
  { key: 'reach', label: 'Reach', unit: 'count' },
  { key: 'emv', label: 'EMV', unit: 'money' },
  { key: 'priceSum', label: 'Price sum', unit: 'money' },
];

export function CompetitorDashboard({ analysis }: { analysis: CompetitorAnalysisView }) {
  const a = analysis.aggregates;
  if (!a) return <p className="muted">The figures appear once the analysis is ready.</p>;
  const tags = a.topHashtags.filter((t) => t.value !== null);
  const option: ChartOption = {
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', inverse: true, data: tags.map((t) => `#${t.title}`) },
    series: [{ type: 'bar', name: 'Mentions', data: tags.map((t) => t.value) }],
  };
  return (
    <section aria-labelledby="competitor-figures" className="competitor-dashboard" data-testid="competitor-dashboard">
      <h2 id="competitor-figures">Figures</h2>
      <dl className="competitor-figures">
        <Figure label="EMV" value={formatMetric(a.emv, 'money')} title={formatExact(a.emv)} />
        <Figure label="Reach" value={formatMetric(a.reach, 'count')} title={formatExact(a.reach)} />
        <Figure label="Contributors" value={formatMetric(a.contributors, 'count')} title={formatExact(a.contributors)} />
        <Figure label="Mentions" value={formatMetric(a.mentions, 'count')} title={formatExact(a.mentions)} />
        <Figure label="Sponsored ratio" value={formatMetric(a.sponsoredRatioPrc, 'percent')} title={formatExact(a.sponsoredRatioPrc, 'percent')} />
        <Figure label="Cost per engagement" value={formatMetric(a.cpe, 'money')} title={formatExact(a.cpe)} />
        <Figure
          label="Price range"
          value={a.price ? `${formatMetric(a.price.sumFrom, 'money')} – ${formatMetric(a.price.sumTo, 'money')}` : '—'}
        />
      </dl>
      <table className="competitor-parts">
        <caption>Sponsored versus likely sponsored</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="numeric">
              Sponsored
            </th>
            <th scope="col" className="numeric">
              Likely sponsored
            </th>
          </tr>
        </thead>
        <tbody>
          {partRows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="numeric">{formatMetric(a.sponsored?.[row.key], row.unit)}</td>
              <td className="numeric">{formatMetric(a.likelySponsored?.[row.key], row.unit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Top hashtags</h3>
      {tags.length ? <Chart option={option} label="Top hashtags by mentions" height={Math.max(160, tags.length * 28)} /> : <p className="muted">No hashtags in this analysis.</p>}
    </section>
  );
}
