// echarts options for the report page, built from the display model. Pure (no DOM), so the
// mapping from a report to what is drawn is unit-tested; ../../../shared/Chart.tsx draws them.
import type { EChartsCoreOption } from 'echarts/core';
import type { Breakdown, ReportModel, SeriesView } from '@shared/reportModel/types';
import type { SnapshotTrend } from '@shared/reportModel/compare';
import { escapeHtml } from '../../../shared/escapeHtml';
import { PERIOD_WORDS, formatAxis, formatAxisPercent, formatAxisTime, formatExact, formatMetric, formatPercent, type MetricUnit } from '@shared/format';

/** How many items a bar chart draws; the values table under it has them all. */
export const BAR_LIMIT = 12;

// Every cartesian chart: labels inside the box (containLabel), ticks that would touch are
// dropped (hideOverlap), numbers compact (300K, 1.2M) and every shown axis named with its unit.
const GRID = { left: 12, right: 20, containLabel: true } as const;
const NAME_STYLE = { fontSize: 11 } as const;

/** A value axis: compact ticks, its name (with the unit) above it. Compare's overlays use it too. */
export function valueAxis(name: string, unit: MetricUnit | 'percent' = 'count', extra: Record<string, unknown> = {}) {
  return {
    type: 'value',
    name,
    nameLocation: 'end',
    nameGap: 10,
    nameTextStyle: { ...NAME_STYLE, align: 'left' },
    axisLabel: { hideOverlap: true, formatter: unit === 'percent' ? formatAxisPercent : formatAxis },
    ...extra,
  };
}

/** A category or time axis along the bottom, its name under its labels. */
export function bottomAxis(name: string, extra: Record<string, unknown>) {
  return { name, nameLocation: 'middle', nameGap: 28, nameTextStyle: NAME_STYLE, ...extra };
}

/** A value axis's name: 'Engagement rate, %'. */
function unitName(label: string, unit: MetricUnit | 'percent'): string {
  if (unit === 'percent') return `${label}, %`;
  if (unit === 'duration_ms') return `${label}, time`;
  if (unit === 'money') return `${label}, $`;
  if (unit === 'per_week') return `${label}, per week`;
  return label;
}

/** A breakdown value as its chart and table say it: '34.2 %' or '1,204'. */
export function breakdownValue(b: Pick<Breakdown, 'unit'>, value: number): string {
  return b.unit === 'percent' ? formatPercent(value) : formatMetric(value, 'count');
}

/** What a screen reader hears for a chart: its title and its largest items. */
export function breakdownSummary(b: Breakdown): string {
  const top = [...b.items].sort((x, y) => y.value - x.value).slice(0, 3);
  const more = b.items.length > top.length ? `, and ${b.items.length - top.length} more` : '';
  return `${b.label}: ${top.map((i) => `${i.label} ${breakdownValue(b, i.value)}`).join(', ')}${more}`;
}

export function seriesOption(series: SeriesView): EChartsCoreOption {
  const unit = series.unit ?? 'count';
  return {
    grid: { ...GRID, top: 32, bottom: 44 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? formatExact(v, unit) : String(v)) },
    xAxis: bottomAxis('Date', { type: 'time', axisLabel: { hideOverlap: true, formatter: formatAxisTime } }),
    yAxis: valueAxis(unitName(series.axisName ?? series.label, unit), unit, { scale: true }),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 14, bottom: 2 }],
    series: [{ type: 'line', name: series.label, showSymbol: false, data: series.points.map((p) => [p.time, p.value]) }],
  };
}

export function scatterOption(points: NonNullable<ReportModel['scatter']>): EChartsCoreOption {
  return {
    grid: { ...GRID, top: 32, bottom: 28 },
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => (Array.isArray(v) ? `${formatExact(v[0] as number)} views, ${formatExact(v[1] as number)} likes` : String(v)) },
    xAxis: bottomAxis('Views of a post', { type: 'value', axisLabel: { hideOverlap: true, formatter: formatAxis } }),
    yAxis: valueAxis('Likes of a post'),
    series: [{ type: 'scatter', name: 'Posts', symbolSize: 6, data: points.map((p) => [p.x, p.y]) }],
  };
}

/** Age buckets as columns, stacked by gender; every bucket labelled (interval 0). */
export function stackedOption(b: Breakdown): EChartsCoreOption {
  const names = [...new Set(b.items.flatMap((i) => (i.parts ?? []).map((p) => p.label)))];
  return {
    grid: { ...GRID, top: 56, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? breakdownValue(b, v) : String(v)) },
    legend: { type: 'plain', top: 0, left: 'center' },
    xAxis: bottomAxis('Age', { type: 'category', data: b.items.map((i) => i.label), axisLabel: { interval: 0 } }),
    yAxis: valueAxis(b.unit === 'percent' ? 'Share of audience, %' : 'Count', b.unit),
    series: names.map((name) => ({
      type: 'bar',
      stack: 'total',
      name,
      data: b.items.map((i) => i.parts?.find((p) => p.label === name)?.value ?? 0),
    })),
  };
}

/** The ring's box at the top of a pie chart, px; the legend goes under it, wrapped, never cut. */
const PIE_BOX = 170;
/** One legend entry a row under the ring: a long name with its share fits the narrowest card. */
const pieLegendRows = (b: Breakdown) => b.items.length;

/** Parts of a whole (gender, audience type, sentiment) as a ring, its whole legend under it. */
export function pieOption(b: Breakdown): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; dataIndex: number }) => {
        const extra = b.items[p.dataIndex]?.extra;
        // The returned string is HTML: the name comes from the API.
        return escapeHtml(`${p.name}: ${breakdownValue(b, p.value)}${extra !== undefined ? ` (${formatExact(extra)})` : ''}`);
      },
    },
    legend: {
      type: 'plain',
      orient: 'vertical',
      top: PIE_BOX,
      left: 'center',
      itemGap: 6,
      formatter: (name: string) => {
        const item = b.items.find((i) => i.label === name);
        return item ? `${name} ${breakdownValue(b, item.value)}` : name;
      },
    },
    series: [
      {
        type: 'pie',
        name: b.label,
        radius: [PIE_BOX * 0.25, PIE_BOX * 0.45],
        center: ['50%', PIE_BOX / 2],
        avoidLabelOverlap: true,
        label: { show: false },
        data: b.items.map((i) => ({ name: i.label, value: i.value })),
      },
    ],
  };
}

/**
 * Ranked items (countries, languages, interests) as horizontal bars, largest on top, each bar
 * labelled with its value (the value axis is not drawn). A likes distribution keeps its groups'
 * order as columns, with the previous period beside them.
 */
export function barOption(b: Breakdown): EChartsCoreOption {
  const format = (v: unknown) => (typeof v === 'number' ? breakdownValue(b, v) : String(v));
  if (b.key === 'likes_distribution') {
    const previous = b.items.some((i) => i.extra !== undefined);
    return {
      grid: { ...GRID, top: previous ? 56 : 32, bottom: 28 },
      tooltip: { trigger: 'axis', valueFormatter: format },
      legend: previous ? { type: 'plain', top: 0, left: 'center' } : undefined,
      xAxis: bottomAxis('Likes of a post', { type: 'category', data: b.items.map((i) => i.label), axisLabel: { interval: 0, hideOverlap: true } }),
      yAxis: valueAxis('Posts'),
      series: [
        { type: 'bar', name: 'This period', data: b.items.map((i) => i.value) },
        ...(previous ? [{ type: 'bar', name: 'Previous period', data: b.items.map((i) => i.extra ?? 0) }] : []),
      ],
    };
  }
  const items = b.items.slice(0, BAR_LIMIT);
  return {
    grid: { left: 8, right: 64, top: 4, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: format },
    xAxis: { type: 'value', show: false, name: b.unit === 'percent' ? '%' : 'Count' },
    yAxis: { type: 'category', inverse: true, data: items.map((i) => i.label), axisTick: { show: false }, axisLabel: { width: 140, overflow: 'truncate', interval: 0 } },
    series: [{ type: 'bar', name: b.label, data: items.map((i) => i.value), barMaxWidth: 16, label: { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) } }],
  };
}

/** Charts whose categories all need room side by side: their card spans two columns. */
export function breakdownWide(b: Breakdown): boolean {
  return b.kind === 'stacked' || b.key === 'likes_distribution';
}

/** The option for any breakdown, by its kind. */
export function breakdownOption(b: Breakdown): EChartsCoreOption {
  if (b.kind === 'stacked') return stackedOption(b);
  if (b.kind === 'pie') return pieOption(b);
  return barOption(b);
}

/** A chart's height: bar lists grow with their items, so labels never crowd. */
export function breakdownHeight(b: Breakdown): number {
  if (b.kind === 'bar' && b.key !== 'likes_distribution') return 24 + 22 * Math.min(BAR_LIMIT, b.items.length);
  if (b.kind === 'pie') return PIE_BOX + 8 + 20 * pieLegendRows(b);
  return 260;
}

/** The height of the scores chart: room for the arc, the value inside it and a two-line name under it. */
export const SCORES_HEIGHT = 230;

/**
 * Scores out of 100 (audience quality, authenticity) as gauges side by side in a chart as wide
 * as the page (the scores card spans every column): each gauge has its own slot, its value in
 * the open middle of the arc, its name under it.
 */
export function scoresOption(scores: ReportModel['scores']): EChartsCoreOption {
  const width = 100 / Math.max(1, scores.length);
  return {
    series: scores.map((s, i) => ({
      type: 'gauge',
      name: s.label,
      min: 0,
      max: 100,
      center: [`${width * i + width / 2}%`, '46%'],
      radius: '74%',
      startAngle: 210,
      endAngle: -30,
      progress: { show: true, width: 12 },
      axisLine: { lineStyle: { width: 12 } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { show: false },
      pointer: { show: false },
      title: { offsetCenter: [0, '78%'], fontSize: 13, lineHeight: 16, width: 150, overflow: 'break' },
      detail: { offsetCenter: [0, '0%'], fontSize: 26, fontWeight: 600, valueAnimation: false, formatter: (v: number) => `${Math.round(v)}` },
      data: [{ value: s.value, name: `${s.label}\nof 100` }],
    })),
  };
}

/** One metric per period as columns, similar accounts beside it where the report gives them. */
export function periodOption(chart: ReportModel['periodCharts'][number]): EChartsCoreOption {
  const format = (v: unknown) => (typeof v === 'number' ? formatMetric(v, chart.unit) : String(v));
  const similar = chart.points.some((p) => p.similar !== null);
  return {
    grid: { ...GRID, top: similar ? 56 : 32, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: similar ? { type: 'plain', top: 0, left: 'center' } : undefined,
    xAxis: bottomAxis('Period', { type: 'category', data: chart.points.map((p) => PERIOD_WORDS[p.period]), axisLabel: { interval: 0 } }),
    yAxis: valueAxis(unitName(chart.label, chart.unit), chart.unit),
    series: [
      { type: 'bar', name: 'This account', data: chart.points.map((p) => p.value) },
      ...(similar ? [{ type: 'bar', name: 'Similar accounts', data: chart.points.map((p) => p.similar) }] : []),
    ],
  };
}

/**
 * The echarts option: followers on the left axis, the engagement rate (when the fetches have
 * one) on the right, one point per fetch.
 */
export function snapshotTrendOption(trend: SnapshotTrend): EChartsCoreOption {
  const withEr = trend.engagementRate.length >= 2;
  const line = { type: 'line', showSymbol: true, symbolSize: 7 };
  return {
    grid: { ...GRID, top: 56, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { type: 'plain', top: 0, left: 'center' },
    xAxis: bottomAxis('Date of the fetch', { type: 'time', axisLabel: { hideOverlap: true, formatter: formatAxisTime } }),
    yAxis: [
      valueAxis('Followers', 'count', { scale: true }),
      ...(withEr ? [valueAxis('Engagement rate, %', 'percent', { scale: true, position: 'right', splitLine: { show: false }, nameTextStyle: { ...NAME_STYLE, align: 'right' } })] : []),
    ],
    series: [
      { ...line, name: 'Followers', yAxisIndex: 0, data: trend.followers },
      ...(withEr ? [{ ...line, name: 'Engagement rate, %', yAxisIndex: 1, data: trend.engagementRate }] : []),
    ],
  };
}
