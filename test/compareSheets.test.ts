// The comparison sheets, written and read back the way a client's spreadsheet program reads them:
// the XLSX with exceljs, the CSV with papaparse. Every cell must equal the model's value, and
// every missing figure must be an empty cell, never 0.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SnapshotDetail } from '../src/shared/contract';
import { buildCompareModel, type CompareModel } from '../src/renderer/src/features/compare/model/compareModel';
import { ACCOUNT_ROWS, DATE_FMT, HEADER_ROW, NUM_FMT, SOURCE_HEADERS, sheetValue, writeComparisonXlsx } from '../src/renderer/src/features/compare/sheets/xlsx';
import { BOM, CSV_LEAD, csvValue, writeComparisonCsv } from '../src/renderer/src/features/compare/sheets/csv';
import { NOW, realFormsName, sampleSnapshot, snapshotOf } from './fixtures/compareSamples';
import { readyAnswer } from '../src/main/api/schemas/testkit';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function hiddenLikes(id: number): SnapshotDetail {
  for (let i = 0; i < 80; i++) {
    const s = sampleSnapshot('instagram', `hider${i}`, id);
    if ((s.result as Raw).user.avg_likes === null) return s;
  }
  throw new Error('no account hiding likes');
}

/** Four accounts of three networks, one hiding likes, one in the real forms; a title with accents. */
function sample(): CompareModel {
  const answer = readyAnswer('youtube', 'foodchannel');
  ((answer.result.report as Raw).basic as Raw).title = 'Café Zoë — crème brûlée';
  const snaps = [
    sampleSnapshot('instagram', 'natgeo', 11),
    hiddenLikes(12),
    snapshotOf('youtube', 'foodchannel', 13, answer, NOW - 86_400_000),
    sampleSnapshot('tiktok', realFormsName('tiktok'), 14),
  ];
  const notes = ['Strong in Poland, "very" engaged;\nask for rates', '', 'Ça va: déjà vu, naïve, 東京', '=HYPERLINK("http://evil.test","x")'];
  return buildCompareModel(snaps, notes, '30d');
}

const model = sample();
const options = { title: 'Spring campaign — shortlist', createdAt: Date.UTC(2026, 6, 4, 15, 0) };

async function workbook(): Promise<ExcelJS.Workbook> {
  const bytes = await writeComparisonXlsx(model, options);
  expect(bytes).toBeInstanceOf(Uint8Array);
  expect(Buffer.from(bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return wb;
}

/** Rows of a figures sheet by group and label: the sheet's own layout, read back. */
function figureRowsOf(ws: ExcelJS.Worksheet): Map<string, number> {
  const out = new Map<string, number>();
  let group = '';
  for (let r = HEADER_ROW + ACCOUNT_ROWS.length + 1; r <= ws.rowCount; r++) {
    const a = ws.getCell(r, 1);
    if (a.value === null) continue;
    if (a.font?.bold && a.font.size === 12) {
      group = String(a.value);
      continue;
    }
    const key = `${group}|${String(a.value)}`;
    expect(out.has(key), key).toBe(false);
    out.set(key, r);
  }
  return out;
}

function checkHeader(ws: ExcelJS.Worksheet, columns: number[]): void {
  expect(ws.getCell(1, 1).value).toBe(options.title);
  expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW });
  expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(30);
  columns.forEach((c, j) => {
    const col = model.columns[c]!;
    expect(ws.getColumn(j + 2).width, `width of column ${j + 2}`).toBeGreaterThanOrEqual(20);
    const head = ws.getCell(HEADER_ROW, j + 2);
    expect(head.value).toEqual({ text: `${col.title} (${{ instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok' }[col.network as 'instagram']})`, hyperlink: col.profileUrl });
    expect(head.hyperlink).toBe(col.profileUrl);
    const cell = (label: (typeof ACCOUNT_ROWS)[number]) => ws.getCell(HEADER_ROW + 1 + ACCOUNT_ROWS.indexOf(label), j + 2);
    expect(cell('Profile link').hyperlink).toBe(col.profileUrl);
    expect(cell('Data as of (UTC)').value).toEqual(new Date(col.fetchedAt));
    expect(cell('Data as of (UTC)').numFmt).toBe(DATE_FMT);
    expect(cell('Snapshot').value).toBe(col.snapshotId);
    expect(cell('Note').value).toBe(col.note === '' ? null : col.note);
  });
  expect(ws.getCell(HEADER_ROW, columns.length + 2).value).toBeNull();
}

function checkFigures(ws: ExcelJS.Worksheet, rows: CompareModel['rows'], columns: number[]): number {
  const at = figureRowsOf(ws);
  expect(at.size).toBe(rows.length);
  let empty = 0;
  for (const row of rows) {
    const r = at.get(`${row.group}|${row.label}`);
    expect(r, row.key).toBeDefined();
    columns.forEach((c, j) => {
      const cell = ws.getCell(r!, j + 2);
      const want = sheetValue(row.unit, row.values[c] ?? null);
      if (want === null) {
        empty++;
        expect(cell.value, `${row.key} column ${c}: empty, not 0`).toBeNull();
        return;
      }
      if (typeof want === 'number') {
        expect(cell.value, `${row.key} column ${c}`).toBe(want);
        expect(cell.numFmt, `${row.key} format`).toBe(NUM_FMT[row.unit]);
      } else {
        expect(cell.value, `${row.key} column ${c}`).toBe(want);
      }
    });
  }
  return empty;
}

describe('writeComparisonXlsx', () => {
  it('Summary: title, linked names, frozen header and first column, widths, every shared figure, empty for missing', async () => {
    const wb = await workbook();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Instagram', 'YouTube', 'TikTok', 'Sources']);
    expect(wb.creator).toBe('Scout Workbench');
    const ws = wb.getWorksheet('Summary')!;
    const all = model.columns.map((_, i) => i);
    checkHeader(ws, all);
    expect(String(ws.getCell(2, 1).value)).toMatch(/period: 30 days/);
    const empty = checkFigures(ws, model.rows.filter((r) => !r.expandable), all);
    expect(empty).toBeGreaterThan(0);
    // Percent as a fraction with a percent format; hidden likes empty; money in dollars.
    const at = figureRowsOf(ws);
    const er = model.rows.find((r) => r.key === 'er')!;
    expect(ws.getCell(at.get('Engagement|Engagement rate')!, 2).value).toBeCloseTo((er.values[0] as number) / 100, 12);
    expect(ws.getCell(at.get('Engagement|Engagement rate')!, 2).numFmt).toBe('0.00%');
    expect(ws.getCell(at.get('Engagement|Average likes')!, 3).value).toBeNull();
    expect(ws.getCell(at.get('Prices|Estimated post price')!, 4).numFmt).toBe('"$"#,##0');
    // Best in bold green.
    const best = er.best[0]!;
    expect(ws.getCell(at.get('Engagement|Engagement rate')!, best + 2).font?.bold).toBe(true);
  });

  it('one sheet per network group, with only that network\'s accounts', async () => {
    const wb = await workbook();
    for (const group of model.groups.filter((g) => g.expandable)) {
      const ws = wb.getWorksheet(group.name)!;
      expect(ws, group.name).toBeDefined();
      const columns = model.columns.flatMap((c, i) => (c.network === group.network ? [i] : []));
      checkHeader(ws, columns);
      checkFigures(ws, model.rows.filter((r) => r.group === group.name), columns);
    }
    const twitch = model.rows.filter((r) => r.group === 'Twitch');
    expect(twitch).toEqual([]);
  });

  it('Sources: one line per figure an account has, with its period, where it was read, data date and snapshot', async () => {
    const wb = await workbook();
    const ws = wb.getWorksheet('Sources')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(SOURCE_HEADERS.map((_, j) => ws.getCell(HEADER_ROW, j + 1).value)).toEqual([...SOURCE_HEADERS]);
    const lines: ExcelJS.CellValue[][] = [];
    for (let r = HEADER_ROW + 1; r <= ws.rowCount; r++) lines.push(SOURCE_HEADERS.map((_, j) => ws.getCell(r, j + 1).value));
    const expected = model.rows.flatMap((row) => model.columns.flatMap((col, c) => (row.values[c] === null ? [] : [{ row, col, c }])));
    expect(lines.length).toBe(expected.length);
    expected.forEach(({ row, col, c }, k) => {
      const line = lines[k]!;
      expect(line[1]).toBe(row.group);
      expect(line[2]).toBe(col.title);
      expect(line[4]).toEqual(sheetValue(row.unit, row.values[c]!));
      expect(line[6]).toBe(row.cellSources[c]);
      expect(line[7]).toEqual(new Date(col.fetchedAt));
      expect(line[8]).toBe(col.snapshotId);
      expect(line[9]).toBe(row.source);
    });
    const er = lines.find((l) => l[0] === 'Engagement rate' && l[2] === model.columns[0]!.title)!;
    expect(er[5]).toBe('30 days');
    expect(lines.find((l) => l[0] === 'Followers / subscribers: Subscribers')?.[5]).toBe('As fetched');
    expect(lines.some((l) => l[2] === 'Café Zoë — crème brûlée')).toBe(true);
  });
});

describe('writeComparisonCsv', () => {
  const csv = writeComparisonCsv(model);

  it('UTF-8 with a BOM, CRLF lines, accents intact through the bytes', () => {
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith(BOM)).toBe(true);
    const decoded = new TextDecoder('utf-8').decode(bytes);
    expect(decoded).toContain('Café Zoë — crème brûlée');
    expect(decoded).toContain('Ça va: déjà vu, naïve, 東京');
    expect(csv.split('\r\n').length).toBeGreaterThan(model.rows.length);
  });

  it('read back with papaparse: every cell equals the model, empty for missing, quoting survives', () => {
    const parsed = Papa.parse<string[]>(new TextDecoder('utf-8').decode(Buffer.from(csv, 'utf8')).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [head, network, username, link, date, snapshot, note, ...figures] = parsed.data;
    const n = CSV_LEAD.length;
    expect(head!.slice(0, n)).toEqual([...CSV_LEAD]);
    expect(head!.slice(n)).toEqual(model.columns.map((c) => `${c.title} (${{ instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok' }[c.network as 'instagram']})`));
    expect(network!.slice(n)).toEqual(['Instagram', 'Instagram', 'YouTube', 'TikTok']);
    expect(username!.slice(n)).toEqual(model.columns.map((c) => c.username));
    expect(username![n]).toBe('natgeo');
    expect(link!.slice(n)).toEqual(model.columns.map((c) => c.profileUrl ?? ''));
    expect(date!.slice(n).map((d) => Date.parse(d))).toEqual(model.columns.map((c) => c.fetchedAt));
    expect(snapshot!.slice(n).map(Number)).toEqual([11, 12, 13, 14]);
    expect(note!.slice(n)).toEqual(['Strong in Poland, "very" engaged;\nask for rates', '', 'Ça va: déjà vu, naïve, 東京', `'=HYPERLINK("http://evil.test","x")`]);
    expect(figures.length).toBe(model.rows.length);
    let empty = 0;
    model.rows.forEach((row, k) => {
      const line = figures[k]!;
      expect(line[0]).toBe(row.label);
      expect(line[1]).toBe(row.group);
      expect(line.length).toBe(n + model.columns.length);
      row.values.forEach((v, c) => {
        const cell = line[n + c]!;
        if (v === null) {
          empty++;
          expect(cell, `${row.key} ${c}`).toBe('');
        } else if (typeof v === 'number') {
          expect(Number(cell), `${row.key} ${c}`).toBe(v);
        } else {
          expect(cell).toBe(csvValue(v));
        }
      });
    });
    expect(empty).toBeGreaterThan(0);
    const likes = figures[model.rows.findIndex((r) => r.key === 'avg_likes')]!;
    expect(likes[n + 1]).toBe('');
    expect(likes[2]).toBe('count');
    expect(figures[model.rows.findIndex((r) => r.key === 'er')]![2]).toBe('%');
    expect(figures[model.rows.findIndex((r) => r.key === 'er')]![3]).toBe('30 days');
  });
});
