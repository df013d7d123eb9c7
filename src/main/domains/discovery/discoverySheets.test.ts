import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { discoveryRow as row } from '@shared/discoveryRow.fixture';
import { discoveryCsv, discoverySheet, EXPORT_COLUMNS, RESULTS_SHEET, XLSX_COLUMNS } from './discoverySheets';
import { csvOf, workbookOf } from '../../../../test/sheetFiles';

describe('discovery export', () => {
  const rows = [
    row(0, { er: 6.46280416875663 }),
    row(1, { title: '=HYPERLINK("x")', followers: null, er: null, verified: null, linked: [], avgViews: null, realFollowers: null, quality: null }),
    row(25, { title: 'Zoë, "quoted"\nline', er: 20.7345, country: 'Germany' }),
  ];
  const brand = { name: 'Northwind Talent', accent: '#1e293b' };

  it('writes a CSV that reads back to the values as the screen rounds them, empty where the API sent nothing, formulas made inert', async () => {
    const text = await csvOf(discoveryCsv(rows));
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    // No internal ids or positions: no account id, no result page.
    expect(parsed.meta.fields!.join(' ')).not.toMatch(/\bid\b|page|position/i);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[0]).toMatchObject({ Network: 'Instagram', Username: 'user0', Followers: '1000', 'Engagement rate (%)': '6.46', 'Average views': '500', 'Real followers': '800', 'Quality (AQS/CQS)': 'very good', Country: 'United States', Verified: 'yes' });
    expect(parsed.data[0]!['Other networks']).toBe('YouTube: https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv');
    expect(parsed.data[1]).toMatchObject({ Title: `'=HYPERLINK("x")`, Followers: '', 'Engagement rate (%)': '', 'Average views': '', 'Real followers': '', 'Quality (AQS/CQS)': '', Verified: '', 'Other networks': '' });
    expect(parsed.data[2]).toMatchObject({ Title: 'Zoë, "quoted"\nline', 'Engagement rate (%)': '20.7', Country: 'Germany' });
    // No more decimals than the screen shows anywhere.
    for (const r of parsed.data) expect((r['Engagement rate (%)']!.split('.')[1] ?? '').length).toBeLessThanOrEqual(2);
  });

  it('writes an XLSX that prints landscape one page wide, branded, numbers as numbers in the screen decimals, links with short text', async () => {
    const meta = { title: 'Spring search', createdAt: Date.UTC(2026, 10, 25), brand };
    const book = await workbookOf(meta, [discoverySheet(rows, meta)]);
    const sheet = book.getWorksheet(RESULTS_SHEET)!;
    expect(sheet.getCell('A1').value).toBe('Spring search');
    expect(String(sheet.getCell('A2').value)).toMatch(/^Prepared by Northwind Talent · Discovery: 3 accounts/);
    expect(sheet.getCell('A2').isMerged).toBe(true);
    const head = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(head).toEqual(XLSX_COLUMNS.map((c) => c.header));
    expect(sheet.getCell('A3').fill).toMatchObject({ fgColor: { argb: 'FF1E293B' } });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:3', printTitlesColumn: 'A:A' });
    const at = (name: string) => head.indexOf(name) + 1;
    expect(sheet.getCell(4, at('Account')).value).toMatchObject({ text: 'User 0', hyperlink: 'https://www.instagram.com/user0/' });
    expect(sheet.getCell(4, at('Followers')).value).toBe(1000);
    expect(sheet.getCell(4, at('Followers')).numFmt).toBe('#,##0');
    expect(sheet.getCell(4, at('Engagement rate')).value).toBeCloseTo(0.0646280416875663, 12);
    expect(sheet.getCell(4, at('Engagement rate')).numFmt).toBe('0.00%');
    expect(sheet.getCell(6, at('Engagement rate')).numFmt).toBe('0.0%');
    expect(sheet.getCell(4, at('Other networks')).value).toMatchObject({ text: 'YouTube: youtube.com/channel/UCabcdefg…', hyperlink: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv' });
    expect(sheet.getCell(5, at('Followers')).value).toBeNull();
    expect(sheet.getCell(4, at('Average views')).value).toBe(500);
    expect(sheet.getCell(4, at('Real followers')).numFmt).toBe('#,##0');
    expect(sheet.getCell(4, at('Quality (AQS/CQS)')).value).toBe('very good');
    expect(sheet.getCell(5, at('Quality (AQS/CQS)')).value).toBeNull();
    // Text, not a formula (an XLSX cell's type says so): no apostrophe needed.
    expect(sheet.getCell(5, at('Account')).value).toMatchObject({ text: '=HYPERLINK("x")' });
    expect(sheet.getCell(5, at('Account')).formula).toBeUndefined();
    expect(sheet.rowCount).toBe(6);
    // Columns fit their content, within a page.
    for (let c = 1; c <= head.length; c++) expect(sheet.getColumn(c).width).toBeLessThanOrEqual(46);
    expect(sheet.getColumn(at('Account')).width).toBeGreaterThanOrEqual('User 25'.length);
  });

  it('leaves out a column no row has, as the screen does', async () => {
    const bare = rows.map((r) => ({ ...r, country: null, verified: null, avgViews: null, realFollowers: null, quality: null }));
    const meta = { title: 'T', createdAt: 0, brand };
    const book = await workbookOf(meta, [discoverySheet(bare, meta)]);
    const head = (book.getWorksheet(RESULTS_SHEET)!.getRow(3).values as unknown[]).slice(1);
    expect(head).not.toContain('Country');
    expect(head).not.toContain('Verified');
    expect(head).not.toContain('Average views');
    expect(head).not.toContain('Quality (AQS/CQS)');
  });
});
