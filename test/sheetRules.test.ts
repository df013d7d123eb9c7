// The rules every sheet is finished by: numbers rounded as the screen shows them (checked against
// the screen's own formatter), dates without milliseconds, number formats, links, accent text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMetric, MINUS } from '../src/shared/format';
import { accentArgb, excelFormat, isoDateTime, linkValue, roundAsShown, shortLink, textOnAccent } from '../src/shared/sheets';
import { inBatchesOf, type StreamedSheet } from '../src/main/platform/files/sheetStream';
import { workbookOf } from './sheetFiles';
import { NO_AGENCY } from '../src/shared/agency';

const decimals = (text: string) => text.split('.')[1]?.length ?? 0;

describe('roundAsShown: a file holds the decimals the screen shows', () => {
  it('agrees with the screen for percentages, ratios and counts below the compact range', () => {
    const value = fc.oneof(fc.double({ min: -999.4, max: 999.4, noNaN: true }), fc.integer({ min: -999, max: 999 }).map((n) => n / 100));
    fc.assert(
      fc.property(value, fc.constantFrom('percent' as const, 'ratio' as const), (v, unit) => {
        const screen = formatMetric(v, unit).replace(' %', '').replace(MINUS, '-');
        const file = roundAsShown(v, unit);
        expect(String(file)).toBe(screen === '-0' ? '0' : screen);
      }),
      { numRuns: 2000, seed: 19 },
    );
  });

  it('removes floating noise and keeps cents', () => {
    expect(roundAsShown(6.46280416875663, 'percent')).toBe(6.46);
    expect(roundAsShown(20.7345, 'percent')).toBe(20.7);
    expect(roundAsShown(0.0051234, 'percent')).toBe(0.0051);
    expect(roundAsShown(1465.3, 'count')).toBe(1465);
    expect(roundAsShown(13166, 'count')).toBe(13166);
    expect(roundAsShown(58.755, 'money')).toBe(58.76);
    expect(roundAsShown(1234.5, 'money')).toBe(1234.5);
    // The screen's rounding exactly (toFixed: 4.55 is 4.5499… in binary, and reads 4.5 there too).
    expect(roundAsShown(4.56, 'per_week')).toBe(4.6);
    expect(roundAsShown(4.55, 'per_week')).toBe(Number(formatMetric(4.55, 'per_week').replace(' / week', '')));
    expect(roundAsShown(-0.0001234, 'count')).toBe(-0.00012);
    expect(Object.is(roundAsShown(-0.001, 'per_week'), -0)).toBe(false);
    expect(roundAsShown(0.1 + 0.2, 'ratio')).toBe(0.3);
  });

  it('never writes more decimals than the screen, over any value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom('percent' as const, 'ratio' as const, 'count' as const, 'money' as const, 'per_week' as const), (v, unit) => {
        const text = String(roundAsShown(v, unit));
        expect(text).not.toMatch(/e/);
        expect(decimals(text)).toBeLessThanOrEqual(unit === 'money' ? 2 : unit === 'per_week' ? 1 : 6);
        if (Math.abs(v) >= 1) expect(decimals(text)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});

describe('isoDateTime', () => {
  it('is UTC to the second, without milliseconds', () => {
    expect(isoDateTime(Date.UTC(2026, 10, 25, 11, 8, 57, 478))).toBe('2026-11-25T11:08:57Z');
    expect(isoDateTime(Date.UTC(2026, 0, 1))).toBe('2026-01-01T00:00:00Z');
  });
});

describe('excelFormat: the decimals the screen shows, in Excel', () => {
  it('writes each unit as the screen does', () => {
    expect(excelFormat('percent', 6.4628)).toBe('0.00%');
    expect(excelFormat('percent', 20.73)).toBe('0.0%');
    expect(excelFormat('percent', 16)).toBe('0%');
    expect(excelFormat('count', 1465.3)).toBe('#,##0');
    expect(excelFormat('count', 4.24)).toBe('#,##0.00');
    expect(excelFormat('money', 58.76)).toBe('"$"#,##0.00');
    expect(excelFormat('money', 1200)).toBe('"$"#,##0.00');
    expect(excelFormat('per_week', 11.2)).toBe('0.0" / week"');
    expect(excelFormat('per_week', 2)).toBe('0" / week"');
    expect(excelFormat('duration_ms', 5_000)).toBe('[h]:mm:ss');
  });
});

describe('links and colours', () => {
  it('gives a link short text and keeps the whole address', () => {
    expect(shortLink('https://www.instagram.com/natgeo/')).toBe('instagram.com/natgeo');
    expect(shortLink('https://www.youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ?x=1', 24)).toBe('youtube.com/channel/UCB…');
    expect(linkValue('https://x.com/a')).toEqual({ text: 'x.com/a', hyperlink: 'https://x.com/a', tooltip: 'https://x.com/a' });
    expect(linkValue('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(linkValue(null)).toBeNull();
  });

  it('puts white text on a dark accent and black on a light one; a bad accent falls back to the default', () => {
    expect(accentArgb({ name: '', accent: '#c2410c' })).toBe('FFC2410C');
    expect(textOnAccent({ name: '', accent: '#1e293b' })).toBe('FFFFFFFF');
    expect(textOnAccent({ name: '', accent: '#fde047' })).toBe('FF000000');
    expect(accentArgb({ name: '', accent: 'red' })).toBe(accentArgb(NO_AGENCY));
  });
});

describe('the layout every sheet is finished with', () => {
  /** A two-column table streamed to disk as an export writes it, read back. */
  async function table(rows: (string | number | Date)[][], headers: string[], limits = {}) {
    const meta = { title: 'Title', brand: { name: 'Smith & Co', accent: '#000000' }, createdAt: 0 };
    const sheet: StreamedSheet<(string | number | Date)[]> = {
      name: 'T',
      title: 'A & B',
      subtitle: () => 'Prepared by Someone · a subtitle as long as a subtitle gets when it names the period and everything else',
      headers,
      limits,
      rows: inBatchesOf(rows),
      write: (row, values) => values.forEach((v, j) => (row.getCell(j + 1).value = v)),
      repeatFirstColumn: true,
    };
    return (await workbookOf(meta, [sheet])).getWorksheet('T')!;
  }

  it('fit columns to content, wrap what is longer, grow rows, merge the title block, and set print setup', async () => {
    const t = await table([['short', 'a long sentence that goes on and on well past any sensible column width, so it must wrap']], ['Name', 'What it is'], { min: 8, max: 30 });
    expect(t.getColumn(1).width).toBe(8);
    expect(t.getColumn(2).width).toBe(30);
    expect(t.getCell(4, 2).alignment?.wrapText).toBe(true);
    expect(t.getRow(4).height).toBeGreaterThanOrEqual(3 * 14);
    expect(t.getCell(2, 2).isMerged).toBe(true);
    expect(t.getRow(2).height).toBeGreaterThan(15);
    expect(t.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:3', printTitlesColumn: 'A:A' });
    expect(t.headerFooter.oddFooter).toBe('&LSmith && Co&CA && B&RPage &P of &N');
  });

  it('starts text after a column of numbers or dates one step in, so the two never touch', async () => {
    const t = await table([[12.5, 'Germany', new Date(0), 'a note']], ['Figure', 'Country', 'Day', 'Note']);
    expect(t.getCell(4, 2).alignment).toMatchObject({ horizontal: 'left', indent: 1 });
    expect(t.getCell(4, 4).alignment?.indent).toBe(1);
    expect(t.getCell(4, 1).alignment?.indent).toBeUndefined();
    expect(t.getCell(4, 3).alignment?.indent).toBeUndefined();
  });
});
