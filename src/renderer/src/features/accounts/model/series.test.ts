// The History tab's series from main's HistoryView: labelled from the catalogue, points without a
// value left out of the chart, a metric with no value at all not drawn.
import { describe, expect, it } from 'vitest';
import { historySeries, metricsHistorySeries } from './series';

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
