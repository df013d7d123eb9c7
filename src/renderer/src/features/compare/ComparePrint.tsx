// The comparison laid out for paper (Compare → PDF): the only part of the page that prints. A
// header with the agency (Settings → Your agency), the title, the date and the accounts; the
// table with every group open; the researcher's notes; the charts drawn to the page's width.
// No screen words (no buttons, no hover hints); page numbers come from the @page rule.
import { useMemo } from 'react';
import type { AgencyView } from '@shared/agency';
import { DASH, PERIOD_WORDS, formatDate, networkLabels } from '@shared/format';
import { paperCharts, svgDataUrl } from '../../shared/chartSvg';
import type { CompareModel } from '@shared/compareModel';
import { compareCharts, seriesName } from './compareCharts';
import { compareCell } from './CompareTable';
import { useScout } from '../../store';

/** A4 landscape, 10 mm margins: about 1,040 CSS pixels across; two charts a row, a wide one across. */
const PAPER = { wide: { width: 1000, height: 280 }, half: { width: 500, height: 240 } };

export interface ComparePrintProps {
  model: CompareModel;
  notes: string[];
  title: string;
  printedAt: number;
  agency: AgencyView | null;
  /** Draw the charts (costly): once the researcher asks to print. */
  withCharts: boolean;
}

export function ComparePrint({ model, notes, title, printedAt, agency, withCharts }: ComparePrintProps) {
  const groups = model.groups.map((g) => ({ name: g.name, rows: model.rows.filter((r) => r.group === g.name) })).filter((g) => g.rows.length > 0);
  const nameOf = (i: number) => model.columns[i]!.title || model.columns[i]!.username;
  const noted = notes.map((note, i) => ({ note: note.trim(), i })).filter((n) => n.note !== '');
  return (
    <div className="compare-print print-only" data-testid="compare-print" data-agency={agency ? 'read' : 'reading'} style={agency ? { ['--accent' as string]: agency.accent } : undefined}>
      <header className="print-head">
        <div className="print-brand">
          {agency?.logo && <img className="print-logo" src={agency.logo.dataUrl} alt={agency.name ? `${agency.name} logo` : 'Logo'} />}
          {agency?.name && <span className="print-agency">{agency.name}</span>}
        </div>
        <h1>{title}</h1>
        <p className="print-meta">
          Comparison of {model.columns.length} accounts · figures for the last {PERIOD_WORDS[model.period]} · {formatDate(printedAt)}
        </p>
        <ol className="print-accounts">
          {model.columns.map((c, i) => (
            <li key={`${c.network}:${c.accountKey}`}>
              <strong>{nameOf(i)}</strong> @{c.username} · {networkLabels[c.network]} · data as of {formatDate(c.fetchedAt)}
            </li>
          ))}
        </ol>
      </header>

      <table className="print-table" data-testid="print-table">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {model.columns.map((c, i) => (
              <th key={`${c.network}:${c.accountKey}`} scope="col">
                {nameOf(i)}
                <span className="print-sub">{networkLabels[c.network]}</span>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.name} data-group={group.name}>
            <tr className="print-group">
              <th scope="colgroup" colSpan={model.columns.length + 1}>
                {group.name}
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, i) => {
                  const mark = row.best.includes(i) ? '▲ ' : row.worst.includes(i) ? '▼ ' : '';
                  return (
                    <td key={i} className={row.unit === 'text' ? 'text' : 'num'}>
                      {value === null ? DASH : `${mark}${compareCell(row, value)}`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <p className="print-legend">▲ best and ▼ worst figure of a row; — the report does not have the figure (missing, not ranked).</p>

      {noted.length > 0 && (
        <section className="print-notes" data-testid="print-notes">
          <h2>Notes</h2>
          <dl>
            {noted.map(({ note, i }) => (
              <div key={i}>
                <dt>{seriesName(model.columns[i]!)}</dt>
                <dd>{note}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {withCharts && <PrintCharts model={model} />}
    </div>
  );
}

function PrintCharts({ model }: { model: CompareModel }) {
  // Drawn once per model: an SVG string each, shown as a picture that fits its cell.
  // Loaded when the comparison opened (ComparisonBody), and awaited before a PDF is printed.
  const paper = paperCharts();
  // On paper as on screen: the followers chart as it was chosen to be drawn.
  const scale = useScout((s) => s.compareFollowersScale);
  const charts = useMemo(
    () =>
      paper === null
        ? []
        : compareCharts(model, scale).map((chart) => {
            const size = chart.wide ? PAPER.wide : { ...PAPER.half, height: PAPER.half.height + 22 * Math.ceil(chart.columns.length / 2) };
            const drawn = new Set(chart.columns);
            return { ...chart, src: svgDataUrl(paper.chartSvg(chart.option, size.width, size.height)), without: model.columns.filter((_, i) => !drawn.has(i)) };
          }),
    [model, paper, scale],
  );
  if (charts.length === 0) return null;
  return (
    <section className="print-charts" data-testid="print-charts">
      {charts.map((chart) => (
        <figure key={chart.key} className={chart.wide ? 'print-chart wide' : 'print-chart'} data-chart={chart.key}>
          <figcaption>{chart.title}</figcaption>
          <img src={chart.src} alt={chart.summary} />
          {chart.without.length > 0 && <p className="print-sub">Not in these reports: {chart.without.map(seriesName).join(', ')}.</p>}
        </figure>
      ))}
    </section>
  );
}
