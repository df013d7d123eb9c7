// The shortlist's files read back: the CSV with papaparse (screen precision, empty for a figure
// nobody gave, the status by its step's name, no ids), the XLSX with exceljs (branded, formats,
// links), and saved to disk as a client opens it.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ShortlistItem } from '@shared/discoveryData';
import { DEFAULT_STATUS_STEPS } from '@shared/workflow';
import { SHORTLIST_HEADERS, SHORTLIST_SHEET, shortlistCsv, shortlistSheet } from './shortlistSheets';
import { csvOf, workbookOf } from '../../../../test/sheetFiles';

const renamed = DEFAULT_STATUS_STEPS.map((s) => (s.id === 'contacted' ? { ...s, label: 'Emailed' } : s));

const items: ShortlistItem[] = [
  { id: 31, network: 'instagram', account: 'kalo.travels', title: 'Kalo Travels', avatarUrl: null, followers: 11_245, er: 2.2817, country: 'ZA', addedAt: Date.UTC(2026, 10, 20), note: 'Asked for rates; =HYPERLINK("x")', status: 'contacted', tags: ['Travel', 'Spring'] },
  { id: 32, network: 'youtube', account: 'UCBJycsmduvYEL83R_U4JriQ', title: 'Cooking With Zoë', avatarUrl: null, followers: null, er: null, country: null, addedAt: Date.UTC(2026, 10, 21), note: '', status: null, tags: [] },
];

describe('shortlist CSV', () => {
  it('reads back in the screen precision, the status by name, empty for what nobody gave, formulas inert, no ids', async () => {
    const parsed = Papa.parse<Record<string, string>>((await csvOf(shortlistCsv(items, renamed))).slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      {
        Account: 'Kalo Travels (@kalo.travels)',
        Network: 'Instagram',
        Followers: '11245',
        'Engagement rate (%)': '2.28',
        Country: 'South Africa',
        Status: 'Emailed',
        Tags: 'Travel, Spring',
        Note: 'Asked for rates; =HYPERLINK("x")',
        Added: '2026-11-20',
      },
      { Account: 'Cooking With Zoë (Channel UCBJycsmduvYEL83R_U4JriQ)', Network: 'YouTube', Followers: '', 'Engagement rate (%)': '', Country: '', Status: '', Tags: '', Note: '', Added: '2026-11-21' },
    ]);
    expect(JSON.stringify(parsed.data)).not.toMatch(/contacted|"31"|"32"/);
  });
});

describe('shortlist XLSX', () => {
  it('is branded, links each account to its profile, keeps the rate a percentage and leaves absent figures empty', async () => {
    const meta = { title: 'Shortlist', createdAt: Date.UTC(2026, 10, 28), brand: { name: 'Northwind', accent: '#0f766e' } };
    const ws = (await workbookOf(meta, [shortlistSheet(items, renamed, meta)])).getWorksheet(SHORTLIST_SHEET)!;
    expect(String(ws.getCell('A2').value)).toMatch(/^Prepared by Northwind · 2 accounts, newest added first/);
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual([...SHORTLIST_HEADERS]);
    expect(ws.getCell('A4').value).toMatchObject({ text: 'Kalo Travels (@kalo.travels)', hyperlink: 'https://www.instagram.com/kalo.travels/' });
    expect(ws.getCell('D4').value).toBeCloseTo(0.022817, 12);
    expect(ws.getCell('D4').numFmt).toBe('0.00%');
    expect([ws.getCell('E4').value, ws.getCell('F4').value, ws.getCell('G4').value]).toEqual(['South Africa', 'Emailed', 'Travel, Spring']);
    expect(ws.getCell('A5').value).toMatchObject({ hyperlink: 'https://www.youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ' });
    expect([ws.getCell('C5').value, ws.getCell('D5').value, ws.getCell('F5').value]).toEqual([null, null, null]);
  });
});
