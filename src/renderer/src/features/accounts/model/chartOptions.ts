// echarts options for the report page, built from the display model. Pure (no DOM), so the
// mapping from a report to what is drawn is unit-tested; ../../../shared/Chart.tsx draws them.
import type { EChartsCoreOption } from 'echarts/core';
import type { Breakdown, ReportModel, SeriesView } from './types';
import type { SnapshotTrend } from './compare';
import { escapeHtml } from '../../../shared/escapeHtml';

/** How many items a bar chart draws; the values table under it has them all. */
export const BAR_LIMIT = 12;

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A breakdown value as its chart and table say it: '34.2 %' or '1,204'. */
export function breakdownValue(b: Pick<Breakdown, 'unit'>, value: number): string {
  return b.unit === 'percent' ? `${number.format(value)} %` : number.format(value);
}

/** What a screen reader hears for a chart: its title and its largest items. */
export function breakdownSummary(b: Breakdown): string {
  const top = [...b.items].sort((x, y) => y.value - x.value).slice(0, 3);
  const more = b.items.length > top.length ? `, and ${b.items.length - top.length} more` : '';
  return `${b.label}: ${top.map((i) => `${i.label} ${breakdownValue(b, i.value)}`).join(', ')}${more}`;
}

export function seriesOption(series: SeriesView): EChartsCoreOption {
  return {
    grid: { left: 56, right: 16, top: 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: [{ type: 'line', name: series.label, showSymbol: false, data: series.points.map((p) => [p.time, p.value]) }],
  };
}

export function scatterOption(points: NonNullable<ReportModel['scatter']>): EChartsCoreOption {
  return {
    grid: { left: 64, right: 16, top: 16, bottom: 40 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', name: 'views', nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', name: 'likes' },
    series: [{ type: 'scatter', symbolSize: 6, data: points.map((p) => [p.x, p.y]) }],
  };
}

/** Age buckets as columns, stacked by gender. */
export function stackedOption(b: Breakdown): EChartsCoreOption {
  const names = [...new Set(b.items.flatMap((i) => (i.parts ?? []).map((p) => p.label)))];
  return {
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? breakdownValue(b, v) : String(v)) },
    legend: { top: 0 },
    xAxis: { type: 'category', data: b.items.map((i) => i.label) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
    series: names.map((name) => ({
      type: 'bar',
      stack: 'total',
      name,
      data: b.items.map((i) => i.parts?.find((p) => p.label === name)?.value ?? 0),
    })),
  };
}

/** Parts of a whole (gender, audience type, sentiment) as a ring. */
export function pieOption(b: Breakdown): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; dataIndex: number }) => {
        const extra = b.items[p.dataIndex]?.extra;
        // The returned string is HTML: the name comes from the API.
        return escapeHtml(`${p.name}: ${breakdownValue(b, p.value)}${extra !== undefined ? ` (${number.format(extra)})` : ''}`);
      },
    },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: b.label,
        radius: ['36%', '64%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: b.items.map((i) => ({ name: i.label, value: i.value })),
      },
    ],
  };
}

/**
 * Ranked items (countries, languages, interests) as horizontal bars, largest on top. A likes
 * distribution keeps its groups' order as columns, with the previous period beside them.
 */
export function barOption(b: Breakdown): EChartsCoreOption {
  const format = (v: unknown) => (typeof v === 'number' ? breakdownValue(b, v) : String(v));
  if (b.key === 'likes_distribution') {
    const previous = b.items.some((i) => i.extra !== undefined);
    return {
      grid: { left: 48, right: 16, top: previous ? 28 : 12, bottom: 40 },
      tooltip: { trigger: 'axis', valueFormatter: format },
      legend: previous ? { top: 0 } : undefined,
      xAxis: { type: 'category', data: b.items.map((i) => i.label), name: 'likes', nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'value', name: 'posts' },
      series: [
        { type: 'bar', name: 'This period', data: b.items.map((i) => i.value) },
        ...(previous ? [{ type: 'bar', name: 'Previous period', data: b.items.map((i) => i.extra ?? 0) }] : []),
      ],
    };
  }
  const items = b.items.slice(0, BAR_LIMIT);
  return {
    grid: { left: 8, right: 56, top: 4, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: format },
    xAxis: { type: 'value', show: false },
    yAxis: { type: 'category', inverse: true, data: items.map((i) => i.label), axisTick: { show: false }, axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ type: 'bar', name: b.label, data: items.map((i) => i.value), barMaxWidth: 16, label: { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) } }],
  };
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
  return 240;
}

/** Scores out of 100 (audience quality, authenticity) as gauges side by side. */
export function scoresOption(scores: ReportModel['scores']): EChartsCoreOption {
  const width = 100 / Math.max(1, scores.length);
  return {
    series: scores.map((s, i) => ({
      type: 'gauge',
      name: s.label,
      min: 0,
      max: 100,
      center: [`${width * i + width / 2}%`, '58%'],
      radius: `${Math.min(80, width * 0.9)}%`,
      startAngle: 200,
      endAngle: -20,
      progress: { show: true, width: 10 },
      axisLine: { lineStyle: { width: 10 } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { show: false },
      pointer: { show: false },
      title: { offsetCenter: [0, '80%'], fontSize: 12, lineHeight: 14, width: 110, overflow: 'break' },
      detail: { offsetCenter: [0, '10%'], fontSize: 18, formatter: (v: number) => number.format(v) },
      data: [{ value: s.value, name: s.label }],
    })),
  };
}

/** One metric per period as columns, similar accounts beside it where the report gives them. */
export function periodOption(chart: ReportModel['periodCharts'][number]): EChartsCoreOption {
  const format = (v: unknown) => (typeof v === 'number' ? (chart.unit === 'percent' ? `${number.format(v)} %` : number.format(v)) : String(v));
  const similar = chart.points.some((p) => p.similar !== null);
  return {
    grid: { left: 56, right: 16, top: similar ? 28 : 12, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: similar ? { top: 0 } : undefined,
    xAxis: { type: 'category', data: chart.points.map((p) => p.period) },
    yAxis: { type: 'value', axisLabel: { formatter: chart.unit === 'percent' ? '{value} %' : '{value}' } },
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
    grid: { left: 64, right: withEr ? 56 : 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'time' },
    yAxis: [
      { type: 'value', name: 'Followers', scale: true, nameTextStyle: { align: 'left' } },
      ...(withEr ? [{ type: 'value', name: 'ER, %', scale: true, position: 'right', splitLine: { show: false } }] : []),
    ],
    series: [
      { ...line, name: 'Followers', yAxisIndex: 0, data: trend.followers },
      ...(withEr ? [{ ...line, name: 'Engagement rate, %', yAxisIndex: 1, data: trend.engagementRate }] : []),
    ],
  };
}
