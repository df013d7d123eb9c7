// Every CSV Scout writes (test/fixtures/deliverables.ts: one of each kind), swept field by field
// for a figure written in units the screen never shows: milliseconds or epoch numbers (bare
// numbers of nine digits or more; the fixtures' counts stay below that), unrounded fractions
// (more decimals than the screen's rounding keeps), or a unit named 'ms'. Each file's own test
// checks its values against the model; this one checks that none was missed.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BOM } from '../src/shared/csv';
import { deliverables } from './fixtures/deliverables';
import { csvOf } from './sheetFiles';

describe('every CSV Scout writes', () => {
  it.each(deliverables().flatMap((d) => (d.csv ? [[d.name, d.csv] as const] : [])))('%s: figures as the screen shows them, no raw units', async (name, csv) => {
    const text = await csvOf(csv);
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [head, ...lines] = parsed.data;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      line.forEach((field, c) => {
        const where = `${name}: ${head![c]} = ${field}`;
        expect(field, where).not.toMatch(/^-?\d{9,}(\.\d+)?$/);
        expect(field, where).not.toMatch(/^ms$/i);
        const decimals = /^-?(\d+)\.(\d+)$/.exec(field);
        if (decimals) expect(decimals[2]!.length, where).toBeLessThanOrEqual(Number(decimals[1]) >= 1 ? 2 : 6);
        // Dates are ISO days or date-times to the second, never a number.
        if (/date|as of|added|unlocked/i.test(head![c]!)) expect(field, where).toMatch(/^$|^\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\dZ)?$/);
      });
    }
  });
});
