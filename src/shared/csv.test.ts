// The one CSV writer (writeCsv and inertText, re-exported by format.ts).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BOM, inertText, writeCsv } from './csv';

describe('writeCsv', () => {
  it('writes a byte-order mark, CRLF line ends and RFC 4180 quoting that reads back to the cells', () => {
    const lines = [
      ['Name', 'Figure'],
      ['Zoë, "quoted"\nline', 3.25],
      ['', -5],
    ];
    const text = writeCsv(lines);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe('Name,Figure');
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Name', 'Figure'],
      ['Zoë, "quoted"\nline', '3.25'],
      ['', '-5'],
    ]);
  });

  it('makes text a spreadsheet would run as a formula inert, and leaves other text alone', () => {
    for (const risky of ['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx']) expect(inertText(risky)).toBe(`'${risky}`);
    for (const plain of ['natgeo', '1-2', 'a=b', '']) expect(inertText(plain)).toBe(plain);
  });
});
