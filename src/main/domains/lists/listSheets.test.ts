// A list's files read back: the CSV with papaparse (screen precision, ISO days, empty for
// missing, no ids), the XLSX with exceljs (branded, print setup, formats, links, no ids).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ListItemView } from '@shared/discoveryData';
import { LIST_LEAD_COLUMNS, LIST_SHEET, listCsv, listSheet } from './listSheets';
import { csvOf, workbookOf } from '../../../../test/sheetFiles';

function item(i: number, patch: Partial<ListItemView> = {}): ListItemView {
  return {
    listId: 5,
    position: i,
    network: 'instagram',
    account: `creator${i}`,
    title: `Creator ${i}`,
    username: `creator${i}`,
    avatarUrl: null,
    followers: 13_166 + i,
    er: 6.46280416875663,
    inLists: [{ listId: 5, name: 'Summer shortlist' }],
    fields: { report_id: 100163 + i, comment: i === 1 ? '=SUM(A1)' : 'Strong in Poland', lists: '2,5', created: 1_764_068_937 + i, audience_geo: 'PL', auth_engagement: 2.3456, aqs: 71 },
    ...patch,
  };
}

const items = [
  item(0),
  item(1, { followers: null, er: null }),
  item(2, { network: 'youtube', account: 'UCBJycsmduvYEL83R_U4JriQ', username: 'UCBJycsmduvYEL83R_U4JriQ', title: 'Cooking With Zoë' }),
];

describe('list CSV', () => {
  it('reads back in the screen precision, days without a time, names for countries, no ids', async () => {
    const parsed = Papa.parse<Record<string, string>>((await csvOf(listCsv(items))).slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).not.toContain('Report id');
    expect(parsed.meta.fields).not.toContain('In lists');
    expect(parsed.meta.fields!.join(' ')).not.toMatch(/_/);
    expect(parsed.data[0]).toMatchObject({
      Account: 'Creator 0',
      Network: 'Instagram',
      Followers: '13166',
      'Engagement rate (%)': '6.46',
      'Authentic engagement (%)': '2.35',
      'Main audience country': 'Poland',
      'First requested': '2025-11-25',
      'Profile link': 'https://www.instagram.com/creator0/',
    });
    expect(parsed.data[1]).toMatchObject({ Followers: '', 'Engagement rate (%)': '', Comment: `'=SUM(A1)` });
    expect(parsed.data[2]!['Profile link']).toBe('https://www.youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ');
    expect(parsed.data.some((r) => Object.values(r).some((v) => v.includes('100163')))).toBe(false);
  });
});

describe('list XLSX', () => {
  it('prints landscape one page wide, branded, numbers in the screen decimals, names linked, no ids', async () => {
    const meta = { title: 'Spring shortlist', createdAt: Date.UTC(2026, 10, 25), brand: { name: 'Northwind', accent: '#0f766e' } };
    const wb = await workbookOf(meta, [listSheet(items, meta)]);
    const ws = wb.getWorksheet(LIST_SHEET)!;
    expect(ws.getCell('A1').value).toBe('Spring shortlist');
    expect(String(ws.getCell('A2').value)).toMatch(/^Prepared by Northwind · 3 items/);
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:3', printTitlesColumn: 'A:A' });
    const head = (ws.getRow(3).values as unknown[]).slice(1);
    expect(head.slice(0, LIST_LEAD_COLUMNS.length)).toEqual([...LIST_LEAD_COLUMNS]);
    expect(head).not.toContain('Report id');
    expect(head).not.toContain('In lists');
    expect(ws.getCell('A3').fill).toMatchObject({ fgColor: { argb: 'FF0F766E' } });
    const at = (h: string) => head.indexOf(h) + 1;
    expect(ws.getCell(4, at('Account')).value).toMatchObject({ text: 'Creator 0', hyperlink: 'https://www.instagram.com/creator0/' });
    expect(ws.getCell(4, at('Engagement rate')).numFmt).toBe('0.00%');
    expect(ws.getCell(4, at('Followers')).numFmt).toBe('#,##0');
    expect(ws.getCell(4, at('First requested')).value).toEqual(new Date(1_764_068_937_000));
    expect(ws.getCell(4, at('First requested')).numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell(4, at('Authentic engagement')).value).toBeCloseTo(0.023456, 10);
    expect(ws.getCell(5, at('Followers')).value).toBeNull();
    expect(ws.getCell(6, at('Username')).value).toBe('UCBJycsmduvYEL83R_U4JriQ');
    const texts: string[] = [];
    ws.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    expect(texts.filter((t) => t.includes('100163') || t === '2,5')).toEqual([]);
  });
});
