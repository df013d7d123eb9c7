// The Compare page's pure parts: the tray's stored form and its limits, the charts that overlay
// the accounts (one colour per account, gaps for what a report lacks), and file names.
import { describe, expect, it } from 'vitest';
import type { SnapshotDetail } from '../src/shared/contract';
import type { Network } from '../src/shared/reports';
import { buildCompareModel, whereRead } from '../src/shared/compareModel';
import { cleanPicks, trayProblem, TRAY_LIMIT } from '../src/renderer/src/features/compare/tray';
import { ACCOUNT_COLOURS, colourOf, compareCharts, countriesOption, seriesName } from '../src/renderer/src/features/compare/compareCharts';
import { fileNameFor } from '../src/shared/fileNames';
import { chartFacts } from '../src/renderer/src/shared/chartFacts';
import { sampleParsedReport } from './fixtures/sampleReports';

function snapshots(list: [Network, string][]): SnapshotDetail[] {
  const now = Date.UTC(2026, 0, 15);
  return list.map(([network, name], i) => {
    const p = sampleParsedReport(network, name, now);
    return { id: i + 1, network, accountKey: name, fetchedAt: now, state: p.state, summary: p.summary!, result: p.result };
  });
}

describe('the comparison tray', () => {
  it('keeps well-formed picks once each, at most TRAY_LIMIT, from whatever was stored', () => {
    const good = { network: 'instagram', accountKey: 'natgeo', username: 'natgeo', title: 'Nat Geo', avatarUrl: null };
    expect(cleanPicks('nonsense')).toEqual([]);
    expect(cleanPicks([good, good, { network: 'youtube' }, null, 7])).toEqual([good]);
    const many = Array.from({ length: TRAY_LIMIT + 5 }, (_, i) => ({ ...good, accountKey: `a${i}`, username: `a${i}` }));
    expect(cleanPicks(many)).toHaveLength(TRAY_LIMIT);
  });

  it('says why Compare is off below two and above ten accounts', () => {
    expect(trayProblem(0)).toMatch(/at least two/);
    expect(trayProblem(1)).toMatch(/one more/);
    expect(trayProblem(2)).toBeNull();
    expect(trayProblem(10)).toBeNull();
    expect(trayProblem(12)).toBe('Compare takes at most 10 accounts: remove 2.');
  });
});

describe('the comparison charts', () => {
  const model = buildCompareModel(
    snapshots([
      ['instagram', 'natgeo'],
      ['youtube', 'foodchannel'],
      ['twitch', 'shroud'],
      ['tiktok', 'dancer'],
    ]),
    [],
    '30d',
  );

  it('gives each account one colour in every chart, and names it with its network', () => {
    const charts = compareCharts(model);
    expect(charts.map((c) => c.key)).toEqual(expect.arrayContaining(['followers', 'age', 'gender', 'countries']));
    for (const chart of charts) {
      const series = (chart.option as { series: { name: string; color: string }[] }).series;
      expect(series.length, chart.key).toBe(chart.columns.length);
      series.forEach((s, k) => {
        expect(s.color).toBe(colourOf(chart.columns[k]!));
        expect(s.name).toBe(seriesName(model.columns[chart.columns[k]!]!));
      });
      // Named axes with compact ticks, every category labelled, a whole legend.
      const facts = chartFacts(chart.option);
      expect(facts.legend).toEqual({ type: 'plain', orient: 'horizontal' });
      for (const axis of facts.axes) expect(axis.name, chart.key).not.toBe('');
      for (const axis of facts.axes.filter((a) => a.type === 'category')) expect(axis.allCategories).toBe(true);
      for (const axis of facts.axes.filter((a) => a.type === 'value')) expect(axis.sample).toMatch(/^1\.2M( %)?$/);
    }
    expect(new Set(ACCOUNT_COLOURS).size).toBe(10);
  });

  it('dates the over-time charts with years on every tick', () => {
    const followers = compareCharts(model).find((c) => c.key === 'followers')!;
    const axis = (followers.option as { xAxis: { type: string; axisLabel: { formatter: (v: number) => string } } }).xAxis;
    expect(axis.type).toBe('time');
    expect([new Date(2025, 3, 1), new Date(2025, 9, 1), new Date(2026, 3, 1)].map((d) => axis.axisLabel.formatter(d.getTime()))).toEqual(['Apr 2025', 'Oct 2025', 'Apr 2026']);
  });

  it('draws followers as counted, as growth from 100 or on a log scale (so one account far larger flattens none)', () => {
    const lines = (scale?: 'count' | 'growth' | 'log') => {
      const option = compareCharts(model, scale).find((c) => c.key === 'followers')!.option as { series: { data: [number, number | null][] }[]; yAxis: { type: string; name: string } };
      return { values: option.series.map((s) => s.data.map(([, v]) => v)), axis: option.yAxis };
    };
    const counted = lines();
    expect(counted.axis).toMatchObject({ type: 'value', name: 'Followers' });
    // Growth: each account starts at 100 and moves as its own followers do.
    const growth = lines('growth');
    expect(growth.axis.name).toBe('Followers, start = 100');
    growth.values.forEach((v, i) => {
      const first = counted.values[i]!.find((x) => x !== null && x > 0)!;
      expect(v[0]).toBe(100);
      v.forEach((x, k) => expect(x).toBeCloseTo((counted.values[i]![k]! / first) * 100, 6));
    });
    // Log: the same figures on a log axis (nothing at or below 0 can be drawn there).
    const log = lines('log');
    expect(log.axis).toMatchObject({ type: 'log', name: 'Followers (log scale)' });
    expect(log.values).toEqual(counted.values.map((v) => v.map((x) => (x !== null && x > 0 ? x : null))));
    expect(compareCharts(model, 'growth').find((c) => c.key === 'followers')!.summary).toMatch(/^Followers over time \(growth \(start = 100\)\) of /);
    // The other over-time chart is not rescaled.
    expect((compareCharts(model, 'log').find((c) => c.key === 'engagement')?.option as { yAxis: { type: string } } | undefined)?.yAxis.type ?? 'value').toBe('value');
  });

  it('draws a country an account does not list as no bar, never as 0', () => {
    const option = countriesOption(model) as { series: { data: (number | null)[] }[] };
    const { countries, byColumn } = model.topCountries;
    expect(countries.length).toBeGreaterThan(0);
    const drawn = byColumn.filter((c) => c.shares.some((v) => v !== null));
    drawn.forEach((c, k) => expect(option.series[k]!.data).toEqual(c.shares));
    expect(option.series.flatMap((s) => s.data).some((v) => v === null)).toBe(true);
  });
});

describe('where a figure was read, as a cell’s hover and the Sources sheet say it', () => {
  const model = buildCompareModel(snapshots([['instagram', 'natgeo'], ['youtube', 'foodchannel']]), ['', ''], '30d');
  it('names the figure as the account’s report does, its network and its period, never an API field', () => {
    const followers = model.rows.find((r) => r.key === 'followers')!;
    expect(whereRead(model, followers, 1)).toBe('"Subscribers" in the YouTube report');
    const er = model.rows.find((r) => r.key === 'er')!;
    expect(whereRead(model, er, 0)).toMatch(/^"Engagement rate" in the Instagram report, (30 days|365 days \(no 30 days figure\)|Report's headline figure \(no 30 days figure\))$/);
    for (const row of model.rows) {
      model.columns.forEach((_, c) => {
        if (row.values[c] !== null) expect(whereRead(model, row, c), row.key).not.toMatch(/[a-z]+_[a-z]+|\.(value|performance)|\d+d\b/);
      });
    }
  });
});

describe('file names of exported sheets', () => {
  it('keeps the name and drops what a file name cannot hold', () => {
    expect(fileNameFor('Spring shortlist', 'xlsx')).toBe('Spring shortlist.xlsx');
    expect(fileNameFor('../a/b:c\u0000d', 'csv')).toBe('a b c d.csv');
    expect(fileNameFor('   ', 'pdf', 'Comparison')).toBe('Comparison.pdf');
  });
});
