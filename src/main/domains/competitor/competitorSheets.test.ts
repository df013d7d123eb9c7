// The competitor files read back as a client's spreadsheet program reads them: the CSV with
// papaparse (screen precision, ISO days, countries by name, empty for missing), the XLSX with
// exceljs (branded, print setup, number formats, links with short text, no raw values).
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CompetitorAnalysisView, CompetitorFilters, CompetitorPostRow } from '@shared/competitor';
import { competitorFilterLabels } from '@shared/labels';
import { competitorCsv, competitorSheets, POSTS_SHEET, postColumns, SUMMARY_SHEET } from './competitorSheets';
import { inBatchesOf } from '../../platform/files/sheetStream';
import { csvOf, workbookOf } from '../../../../test/sheetFiles';
import { competitorAnalysis } from '../../../../test/fixtures/deliverables';

function post(i: number, patch: Partial<CompetitorPostRow> = {}): CompetitorPostRow {
  return {
    index: i,
    postDate: `2026-03-${String(10 + (i % 20)).padStart(2, '0')}`,
    account: `creator${i}`,
    accountUrl: `https://www.instagram.com/creator${i}/`,
    caption: `Loving my new look from @acme #ad ${'and more words '.repeat(i % 5)}`,
    postUrl: `https://www.instagram.com/p/C${i}abcdefgh/`,
    paidType: i % 3 === 0 ? 'likely_sponsored' : 'sponsored',
    er: 6.46280416875663 + i,
    performance: 112.345,
    reach: 12_345.6,
    likes: 1465,
    comments: 48,
    videoViews: null,
    accountType: 'Human',
    accountCategory: 'Fashion & Beauty',
    verified: i % 2 === 0,
    followers: 13_166,
    country: 'US',
    estBudget: 58.755,
    ...patch,
  };
}

// The deliverables' analysis, with one hashtag and the three posts these tests build.
const analysis: CompetitorAnalysisView = { ...competitorAnalysis, hashtags: ['acme'], postsCached: 3 };

const rows = [post(0), post(1, { likes: null, er: null, country: null, verified: null, caption: '=cmd|x' }), post(2)];
const brand = { name: 'Northwind Talent', accent: '#fde047' };

describe('competitor CSV', () => {
  it('reads back: the screen precision, ISO days, names for countries and paid types, empty for missing, formulas inert', async () => {
    const text = await csvOf(competitorCsv(inBatchesOf(rows, 2), async () => rows.length));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[0]).toMatchObject({
      Date: '2026-03-10',
      Account: 'creator0',
      'Account link': 'https://www.instagram.com/creator0/',
      Category: 'Fashion & Beauty',
      'Audience country': 'United States',
      'Paid type': 'likely sponsored',
      'Engagement rate (%)': '6.46',
      'Performance (%)': '112',
      Reach: '12346',
      'Estimated budget (USD)': '58.76',
      'Video views': '',
    });
    expect(parsed.data[1]).toMatchObject({ Likes: '', 'Engagement rate (%)': '', 'Audience country': '', Verified: '', Caption: `'=cmd|x` });
    for (const r of parsed.data) {
      for (const [k, v] of Object.entries(r)) if (/^-?\d+\.\d+$/.test(v)) expect((v.split('.')[1] ?? '').length, k).toBeLessThanOrEqual(2);
    }
  });
});

describe('competitor XLSX', () => {
  async function book(filters: CompetitorFilters = {}): Promise<ExcelJS.Workbook> {
    const meta = { title: 'Competitor analysis: @acme', brand, createdAt: Date.UTC(2026, 10, 25) };
    return workbookOf(meta, competitorSheets(analysis, inBatchesOf(rows, 2), async () => rows.length, { ...meta, filters }));
  }

  /** The Summary's lines: label → value, as the sheet shows them. */
  async function summary(filters: CompetitorFilters = {}): Promise<Map<string, ExcelJS.CellValue>> {
    const ws = (await book(filters)).getWorksheet(SUMMARY_SHEET)!;
    const out = new Map<string, ExcelJS.CellValue>();
    for (let r = 4; r <= ws.rowCount; r++) out.set(String(ws.getCell(r, 1).value), ws.getCell(r, 2).value);
    return out;
  }

  it('Summary: names the post browser\'s filters that chose the posts, in the page\'s words, after how many there are', async () => {
    const lines = await summary({ text: ' new look ', paidTypes: ['likely_sponsored'], countries: ['US', 'JP'], followersMin: 10_000, erMin: 2.5, erMax: 10, dateFrom: '2026-03-01', dateTo: '2026-03-31' });
    const labels = [...lines.keys()];
    expect(labels.slice(labels.indexOf('Posts in this file'))).toEqual([
      'Posts in this file',
      `Filter: ${competitorFilterLabels.text}`,
      `Filter: ${competitorFilterLabels.paidTypes}`,
      `Filter: ${competitorFilterLabels.countries}`,
      `Filter: ${competitorFilterLabels.followers}`,
      `Filter: ${competitorFilterLabels.er}`,
      `Filter: ${competitorFilterLabels.posted}`,
    ]);
    expect(lines.get('Filter: Search captions and accounts')).toBe('“new look”');
    expect(lines.get('Filter: Paid type')).toBe('likely sponsored');
    expect(lines.get('Filter: Audience country')).toBe('United States, Japan');
    expect(lines.get('Filter: Followers')).toBe('from 10,000');
    expect(lines.get('Filter: Engagement %')).toBe('2.5 % to 10 %');
    expect(lines.get('Filter: Posted')).toBe('2026-03-01 to 2026-03-31');
    // No filter: the file says so, rather than leave the reader to guess.
    const none = await summary();
    expect(none.get('Filters')).toBe('none: every post of the analysis in the cache');
    expect([...none.keys()].some((l) => l.startsWith('Filter:'))).toBe(false);
    expect((await summary({ followersMax: 50_000, dateTo: '2026-02-01', accountTypes: ['Human'] })).get('Filter: Followers')).toBe('up to 50,000');
  });

  it('Summary: the agency and the analysis in the title block, aggregates as numbers in the screen decimals, words for missing', async () => {
    const ws = (await book()).getWorksheet(SUMMARY_SHEET)!;
    expect(ws.getCell('A1').value).toBe('Competitor analysis: @acme');
    expect(String(ws.getCell('A2').value)).toMatch(/^Prepared by Northwind Talent · 2026-01-01 to 2026-03-31 · audience: United States, United Kingdom/);
    // Black text on a light accent.
    expect(ws.getCell('A3').fill).toMatchObject({ fgColor: { argb: 'FFFDE047' } });
    expect(ws.getCell('A3').font?.color?.argb).toBe('FF000000');
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, printTitlesRow: '1:3' });
    const byLabel = new Map<string, ExcelJS.Cell>();
    for (let r = 4; r <= ws.rowCount; r++) byLabel.set(String(ws.getCell(r, 1).value), ws.getCell(r, 2));
    expect(byLabel.get('Sponsored share of posts')!.value).toBeCloseTo(0.1372345, 10);
    expect(byLabel.get('Sponsored share of posts')!.numFmt).toBe('0.0%');
    expect(byLabel.get('Cost per engagement (CPE)')!.numFmt).toBe('"$"#,##0.00');
    expect(byLabel.get('Price range, to')!.value).toBe('not in the analysis');
    expect(byLabel.get('Posts in this file')!.value).toBe(3);
  });

  it('Posts: print setup, dates as dates, links with short text, formats per figure, no cut column', async () => {
    const ws = (await book()).getWorksheet(POSTS_SHEET)!;
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:3' });
    expect(ws.getCell(2, postColumns.length).isMerged).toBe(true);
    const head = (ws.getRow(3).values as unknown[]).slice(1);
    expect(head).toEqual(postColumns.map((c) => c.header));
    const at = (h: string) => head.indexOf(h) + 1;
    expect(ws.getCell(4, at('Date')).value).toEqual(new Date(Date.UTC(2026, 2, 10)));
    expect(ws.getCell(4, at('Date')).numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell(4, at('Account')).value).toMatchObject({ text: '@creator0', hyperlink: 'https://www.instagram.com/creator0/' });
    expect(ws.getCell(4, at('Post')).value).toMatchObject({ text: 'Open post', hyperlink: 'https://www.instagram.com/p/C0abcdefgh/' });
    expect(ws.getCell(4, at('Engagement rate')).numFmt).toBe('0.00%');
    expect(ws.getCell(4, at('Estimated budget')).numFmt).toBe('"$"#,##0.00');
    expect(ws.getCell(4, at('Estimated budget')).value).toBe(58.755);
    expect(ws.getCell(4, at('Audience country')).value).toBe('United States');
    expect(ws.getCell(5, at('Likes')).value).toBeNull();
    expect(ws.getCell(5, at('Caption')).value).toBe('=cmd|x');
    expect(ws.getCell(5, at('Caption')).type).toBe(ExcelJS.ValueType.String);
    // Every column within its ceiling; the caption wraps instead of running off the page.
    for (let c = 1; c <= head.length; c++) expect(ws.getColumn(c).width).toBeLessThanOrEqual(40);
    // Long captions wrap in their column, and their rows grow to hold them.
    expect(ws.getCell(6, at('Caption')).alignment?.wrapText).toBe(true);
    expect(ws.getRow(6).height).toBeGreaterThan(20);
  });
});
