import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../shared/escapeHtml';
import { breakdownOption, periodOption, scoresOption, seriesOption, snapshotTrendOption } from './chartOptions';
import type { Breakdown } from '@shared/reportModel/types';

// API text reaches ECharts as series, category and item names; whatever a formatter returns is
// inserted as HTML. Every formatter in every option must hand hostile text back as text.
const HOSTILE = '<img src=x onerror=alert(1)>';

function breakdown(kind: Breakdown['kind'], key = 'ethnicity'): Breakdown {
  const parts = [{ label: HOSTILE, value: 30 }, { label: 'Other', value: 20 }];
  return {
    key,
    label: HOSTILE,
    kind,
    share: true,
    unit: 'percent',
    items: [
      { label: HOSTILE, value: 50, extra: 3, parts },
      { label: `"${HOSTILE}'&`, value: 50, extra: 4, parts },
    ],
  };
}

/** Every function an option calls to make text, wherever it sits. */
function formatters(option: unknown, path = ''): { path: string; fn: (...args: unknown[]) => unknown }[] {
  if (Array.isArray(option)) return option.flatMap((o, i) => formatters(o, `${path}[${i}]`));
  if (option === null || typeof option !== 'object') return [];
  return Object.entries(option as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'function' ? [{ path: `${path}.${key}`, fn: value as (...args: unknown[]) => unknown }] : formatters(value, `${path}.${key}`),
  );
}

const hostileParams = { name: HOSTILE, seriesName: HOSTILE, value: 12.5, dataIndex: 0, data: { name: HOSTILE, value: 12.5 }, marker: '' };

const options = {
  bar: breakdownOption(breakdown('bar', 'interests')),
  likes: breakdownOption(breakdown('bar', 'likes_distribution')),
  pie: breakdownOption(breakdown('pie')),
  stacked: breakdownOption(breakdown('stacked', 'age_gender')),
  series: seriesOption({ key: 'followers', label: HOSTILE, points: [{ time: 1, value: 2 }] }),
  period: periodOption({ key: 'er', label: HOSTILE, unit: 'percent', points: [{ period: '30d' as never, value: 1, similar: 2 }] }),
  scores: scoresOption([{ key: 'aqs', label: HOSTILE, value: 70, mark: HOSTILE }]),
  snapshots: snapshotTrendOption({ followers: [[1, 2], [3, 4]], engagementRate: [[1, 2], [3, 4]] }),
};

describe('chart formatters with hostile API text', () => {
  it('the escape helper leaves no markup', () => {
    expect(escapeHtml(HOSTILE)).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
    expect(escapeHtml(null)).toBe('');
  });

  it('the pie tooltip shows the name as text', () => {
    const tooltip = (options.pie as { tooltip: { formatter: (p: unknown) => string } }).tooltip;
    const html = tooltip.formatter(hostileParams);
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt;: 12.5 % (3)');
  });

  for (const [name, option] of Object.entries(options)) {
    it(`${name}: no formatter returns markup from API text`, () => {
      // ECharts escapes what a `valueFormatter` returns (tooltipMarkup's encodeHTML), and label
      // formatters draw on the canvas; a tooltip `formatter`'s string goes in as HTML as it is.
      const raw = formatters(option).filter(({ path }) => /tooltip\.formatter$/.test(path));
      if (name === 'pie') expect(raw.length).toBe(1);
      for (const { path, fn } of raw) {
        for (const args of [[hostileParams], [[hostileParams, hostileParams]], [HOSTILE], [12.5]]) {
          let out: unknown;
          try {
            out = fn(...args);
          } catch {
            continue; // a formatter for numbers may not take a name at all; it then cannot echo one
          }
          expect(String(out), `${name}${path}`).not.toMatch(/<img|<[a-z]/i);
        }
      }
    });
  }
});

describe('time axes', () => {
  it('label every tick with its year, over months and over days (the report’s followers, the fetches’ trend)', () => {
    const ticks = [new Date(2025, 3, 1), new Date(2025, 6, 1), new Date(2026, 3, 1), new Date(2026, 3, 15)].map((d) => d.getTime());
    for (const option of [options.series, options.snapshots]) {
      const format = (option as { xAxis: { type: string; axisLabel: { formatter: (v: number) => string } } }).xAxis;
      expect(format.type).toBe('time');
      expect(ticks.map((t) => format.axisLabel.formatter(t))).toEqual(['Apr 2025', 'Jul 2025', 'Apr 2026', 'Apr 15, 2026']);
    }
  });
});
