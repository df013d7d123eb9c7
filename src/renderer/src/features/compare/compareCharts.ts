// echarts options for Compare, the accounts overlaid: one colour per account, the same in every
// chart and beside its column in the table. Pure (no DOM), so what is drawn is unit-tested.
import type { EChartsCoreOption } from 'echarts/core';
import { formatAxisTime, formatExact, formatMetric, formatNumber, formatPercent, networkLabels, PERIOD_WORDS } from '@shared/format';
import { followersScaleLabels, type FollowersScale } from '@shared/labels';
import { bottomAxis, valueAxis } from '../accounts/model';
import { type CompareColumn, type CompareModel, type CompareSeries } from '@shared/compareModel';

/** Ten colours that read on a light and a dark page, one per account (at most ten). */
export const ACCOUNT_COLOURS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#a0785a'] as const;

export const colourOf = (column: number) => ACCOUNT_COLOURS[column % ACCOUNT_COLOURS.length]!;

/** A legend name: two accounts may share a title across networks, so the network goes with it. */
export const seriesName = (c: CompareColumn) => `${c.title || c.username} (${networkLabels[c.network]})`;

/** Room above the plot for a legend of `n` names that wraps: about four to a line in a wide chart, two in a narrow one. */
const legendTop = (n: number, wide = false) => 12 + 22 * Math.ceil(n / (wide ? 4 : 2));

function legend() {
  return { type: 'plain', top: 0, left: 'center', itemGap: 12 } as const;
}


/** Each point as `scale` draws it: as counted; growth from the series' first point (= 100); a log scale has no place for 0 or less (a gap). */
function scaled(points: CompareSeries['points'], scale: FollowersScale): [number, number | null][] {
  if (scale === 'count') return points.map((p) => [p.time, p.value]);
  if (scale === 'log') return points.map((p) => [p.time, p.value > 0 ? p.value : null]);
  const start = points.find((p) => p.value > 0)?.value;
  return points.map((p) => [p.time, start === undefined ? null : (p.value / start) * 100]);
}

/** Lines over time, one per account that has the series; `scale` for followers (counted, growth from 100, or log). */
export function overTimeOption(model: CompareModel, series: CompareSeries[], axisName: string, scale: FollowersScale = 'count'): EChartsCoreOption {
  const percent = series[0]?.unit === 'percent';
  const unit = series[0]?.unit ?? 'count';
  const name = scale === 'growth' ? `${axisName}, start = 100` : scale === 'log' ? `${axisName} (log scale)` : axisName;
  return {
    grid: { left: 12, right: 20, containLabel: true, top: legendTop(series.length, true) + 24, bottom: 44 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v !== 'number' ? 'missing' : scale === 'growth' ? `${formatNumber(v)} (start = 100)` : formatExact(v, unit)),
    },
    legend: legend(),
    xAxis: bottomAxis('Date', { type: 'time', axisLabel: { hideOverlap: true, formatter: formatAxisTime } }),
    yAxis: valueAxis(name, percent ? 'percent' : 'count', scale === 'log' ? { type: 'log', logBase: 10 } : { scale: true }),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 14, bottom: 2 }],
    series: series.map((s) => ({
      type: 'line',
      name: seriesName(model.columns[s.column]!),
      showSymbol: false,
      color: colourOf(s.column),
      data: scaled(s.points, scale),
    })),
  };
}

/** Engagement rate from 7 days to a year, every account that has it: the overlay every network can draw. */
export function engagementByPeriodOption(model: CompareModel): EChartsCoreOption {
  const lines = model.series.engagementByPeriod;
  const periods = (Object.keys(PERIOD_WORDS) as (keyof typeof PERIOD_WORDS)[]).filter((p) => lines.some((l) => l.points.some((x) => x.period === p)));
  return {
    grid: { left: 12, right: 20, containLabel: true, top: legendTop(lines.length) + 24, bottom: 32 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? formatPercent(v) : 'missing') },
    legend: legend(),
    xAxis: bottomAxis('Period', { type: 'category', data: periods.map((p) => PERIOD_WORDS[p]), axisLabel: { interval: 0 } }),
    yAxis: valueAxis('Engagement rate, %', 'percent'),
    series: lines.map((l) => ({
      type: 'line',
      name: seriesName(model.columns[l.column]!),
      color: colourOf(l.column),
      // A period the report lacks is a gap, not a zero.
      data: periods.map((p) => l.points.find((x) => x.period === p)?.value ?? null),
      connectNulls: false,
    })),
  };
}

/** Categories (age groups, genders, countries) as columns, one bar per account; a missing share is no bar. */
function groupedBars(model: CompareModel, axisName: string, categories: string[], rows: { column: number; values: (number | null)[] }[], wide = false): EChartsCoreOption {
  const shown = rows.filter((r) => r.values.some((v) => v !== null));
  // Many long names (countries) side by side would run into each other: they lean instead.
  const lean = categories.length > 8;
  return {
    grid: { left: 12, right: 20, containLabel: true, top: legendTop(shown.length, wide) + 24, bottom: lean ? 44 : 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => (typeof v === 'number' ? formatMetric(v, 'percent') : 'missing') },
    legend: legend(),
    xAxis: bottomAxis(axisName, { type: 'category', data: categories, nameGap: lean ? 64 : 28, axisLabel: { interval: 0, hideOverlap: false, rotate: lean ? 30 : 0 } }),
    yAxis: valueAxis('Share of audience, %', 'percent'),
    series: shown.map((r) => ({ type: 'bar', name: seriesName(model.columns[r.column]!), color: colourOf(r.column), data: r.values, barMaxWidth: 14 })),
  };
}

export function ageOption(model: CompareModel): EChartsCoreOption {
  const { ages, byColumn } = model.ageGender;
  return groupedBars(model, 'Age', ages, byColumn.map((c) => ({ column: c.column, values: c.ages })));
}

export function genderOption(model: CompareModel): EChartsCoreOption {
  const { genders, byColumn } = model.ageGender;
  return groupedBars(model, 'Gender', genders, byColumn.map((c) => ({ column: c.column, values: c.genders })));
}

export function countriesOption(model: CompareModel): EChartsCoreOption {
  const { countries, byColumn } = model.topCountries;
  return groupedBars(model, 'Country', countries, byColumn.map((c) => ({ column: c.column, values: c.shares })), true);
}

/** The charts this comparison can draw: each one some account has data for; the followers chart drawn to `followersScale`. */
export function compareCharts(model: CompareModel, followersScale: FollowersScale = 'count'): { key: string; title: string; option: EChartsCoreOption; summary: string; wide: boolean; columns: number[] }[] {
  const names = (columns: number[]) => columns.map((i) => seriesName(model.columns[i]!)).join(', ');
  const charts: ReturnType<typeof compareCharts> = [];
  const { followers, engagement, engagementByPeriod } = model.series;
  if (followers.length > 0) {
    charts.push({
      key: 'followers',
      title: 'Followers over time',
      option: overTimeOption(model, followers, 'Followers', followersScale),
      summary: `Followers over time${followersScale === 'count' ? '' : ` (${followersScaleLabels[followersScale].toLowerCase()})`} of ${names(followers.map((s) => s.column))}`,
      wide: true,
      columns: followers.map((s) => s.column),
    });
  }
  if (engagement.length > 0) {
    charts.push({
      key: 'engagement',
      title: 'Engagement rate over time',
      option: overTimeOption(model, engagement, 'Engagement rate, %'),
      summary: `Engagement rate over time of ${names(engagement.map((s) => s.column))}`,
      wide: true,
      columns: engagement.map((s) => s.column),
    });
  }
  if (engagementByPeriod.length > 0) {
    charts.push({
      key: 'engagement-periods',
      title: 'Engagement rate by period',
      option: engagementByPeriodOption(model),
      summary: `Engagement rate by period: ${engagementByPeriod
        .map((l) => `${seriesName(model.columns[l.column]!)} ${l.points.map((p) => `${PERIOD_WORDS[p.period]} ${formatPercent(p.value)}`).join(', ')}`)
        .join('; ')}`,
      wide: false,
      columns: engagementByPeriod.map((l) => l.column),
    });
  }
  const withAges = model.ageGender.byColumn.filter((c) => c.ages.some((v) => v !== null)).map((c) => c.column);
  if (withAges.length > 0) {
    charts.push({ key: 'age', title: 'Audience age', option: ageOption(model), summary: `Audience by age group of ${names(withAges)}`, wide: false, columns: withAges });
  }
  const withGenders = model.ageGender.byColumn.filter((c) => c.genders.some((v) => v !== null)).map((c) => c.column);
  if (withGenders.length > 0) {
    charts.push({ key: 'gender', title: 'Audience gender', option: genderOption(model), summary: `Audience by gender of ${names(withGenders)}`, wide: false, columns: withGenders });
  }
  const withCountries = model.topCountries.byColumn.filter((c) => c.shares.some((v) => v !== null)).map((c) => c.column);
  if (withCountries.length > 0) {
    charts.push({
      key: 'countries',
      title: 'Top audience countries',
      option: countriesOption(model),
      summary: `Top audience countries (${model.topCountries.countries.join(', ')}) of ${names(withCountries)}`,
      wide: true,
      columns: withCountries,
    });
  }
  return charts;
}
