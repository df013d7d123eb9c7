import { describe, expect, it } from 'vitest';
import { formatAxis, formatAxisTime, formatDay, formatMonth, formatAxisPercent, formatChange, formatCount, formatExact, formatMetric, formatPoints, formatSignedCount, formatSignedNumber, MINUS, plural } from './format';

describe('the one formatter', () => {
  it('compact from 10,000 in cards and tables, exact below; axes compact from 1,000', () => {
    expect(formatMetric(9_999, 'count')).toBe('9,999');
    expect(formatMetric(13_166, 'count')).toBe('13.2K');
    expect(formatAxis(300_000)).toBe('300K');
    expect(formatAxis(1_200_000)).toBe('1.2M');
    expect(formatAxis(2_500)).toBe('2.5K');
    expect(formatAxisPercent(12)).toBe('12 %');
  });

  it('exact for tooltips and Values tables', () => {
    expect(formatExact(1_204_784)).toBe('1,204,784');
    expect(formatExact(6.891234, 'percent')).toBe('6.89 %');
    expect(formatExact(0.0051234, 'ratio')).toBe('0.005123');
  });

  it('the minus sign everywhere, never a hyphen', () => {
    for (const text of [formatMetric(-1.23, 'percent'), formatMetric(-13_166, 'count'), formatChange(-0.05), formatPoints(-0.2), formatSignedNumber(-42), formatCount(-5), formatAxis(-5_000), formatExact(-3)]) {
      expect(text).toContain(MINUS);
      expect(text).not.toContain('-');
    }
  });

  it('points for a change of a percentage, relative otherwise; plurals', () => {
    expect(formatPoints(0.21)).toBe('+0.21 pp');
    expect(formatChange(0.022)).toBe('+2.2 %');
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(2, 'post')).toBe('2 posts');
    expect(plural(1_204, 'account')).toBe('1,204 accounts');
  });

  it('API calendar days are shown as that day in any time zone; anything else as received', () => {
    expect(formatDay('2026-03-31')).toBe('Mar 31, 2026');
    expect(formatDay('2026-01-01T23:30:00-05:00')).toBe('Jan 1, 2026');
    expect(formatDay('yesterday')).toBe('yesterday');
    expect(formatDay(null)).toBe('—');
  });

  it('a month of the team ledger (UTC) is that month in any time zone; anything else as received', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('Nov')).toBe('Nov');
  });
});

describe('formatSignedCount', () => {
  it('writes an exact change with separators and its sign, never compact', () => {
    expect(formatSignedCount(-4995)).toBe(`${MINUS}4,995`);
    expect(formatSignedCount(1_234_567)).toBe('+1,234,567');
    expect(formatSignedCount(0)).toBe('0');
    expect(formatSignedCount(null)).toBe('—');
  });
});

describe('formatAxisTime', () => {
  it('gives every tick of a time axis its year, at the granularity of the tick', () => {
    expect(formatAxisTime(new Date(2025, 3, 1).getTime())).toBe('Apr 2025');
    expect(formatAxisTime(new Date(2026, 0, 1).getTime())).toBe('Jan 2026');
    expect(formatAxisTime(new Date(2025, 3, 15).getTime())).toBe('Apr 15, 2025');
    expect(formatAxisTime(new Date(2025, 3, 15, 14, 0).getTime())).toMatch(/^Apr 15, 2025,? 2:00\s?PM$/);
    expect(formatAxisTime(Number.NaN)).toBe('');
  });
});
