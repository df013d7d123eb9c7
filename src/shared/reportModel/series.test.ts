// The History tab's series from main's HistoryView: labelled from the catalogue, points without a
// value left out of the chart, a metric with no value at all not drawn.
import { describe, expect, it } from 'vitest';
import { buildSeries, historySeries, metricsHistorySeries } from './series';

describe('historySeries', () => {
  it('labels each metric as the report does, and draws only points with a value', () => {
    const series = historySeries('twitter', {
      series: [
        { metric: 'er', points: [{ time: 1000, value: null }, { time: 2000, value: 1.5 }] },
        { metric: 'subscribers_count', points: [{ time: 1000, value: null }] },
        { metric: 'reply_count', points: [{ time: 3000, value: 0 }] },
      ],
      note: null,
    });
    // The raw form stamps in unix seconds, the view in epoch ms.
    const fromRaw = metricsHistorySeries('twitter', { er: { history: [{ time: 2, value: 1.5 }] }, reply_count: { history: [{ time: 3, value: 0 }] } });
    expect(series).toEqual(fromRaw);
    expect(series.map((s) => s.key)).toEqual(['history.er', 'history.reply_count']);
    expect(series[1]).toMatchObject({ label: expect.any(String), points: [{ time: 3000, value: 0 }] });
  });

  it('no view, no series', () => {
    expect(historySeries('instagram', null)).toEqual([]);
  });
});

describe('Twitch stream charts', () => {
  const stream = (id: string, iso: string) => ({ video_id: id, chart: [{ time_iso: iso, value: 10 }, { time_iso: iso.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`), value: 12 }] });
  it('name each chart once: two streams on one day are told apart by their start, a stream alone on its day by its day', () => {
    const series = buildSeries('twitch', {}, null, {
      stream_viewers: { data: [stream('a', '2026-11-20T09:00:00Z'), stream('b', '2026-11-20T18:30:00Z'), stream('c', '2026-11-21T10:00:00Z')] },
    });
    expect(series.map((s) => s.label)).toEqual([
      'Viewers of the stream of 2026-11-20, 09:00 UTC',
      'Viewers of the stream of 2026-11-20, 18:30 UTC',
      'Viewers of the stream of 2026-11-21',
    ]);
  });
});
