// The comparison sheets, written and read back the way a client's spreadsheet program reads them:
// the XLSX with exceljs, the CSV with papaparse. Every cell must equal the model's value (the CSV
// rounded as the screen shows it), every missing figure must say why in words, never 0; the
// workbook is branded and set up for print, and holds no internal id or raw field name.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotDetail } from '../src/shared/contract';
import { buildCompareModel, type CompareModel } from '../src/shared/compareModel';
import { ACCOUNT_ROWS, DATE_FMT, HEADER_ROW, SOURCE_HEADERS, comparisonSheets, numFmtOf, sheetValue } from '../src/main/domains/compare/compareSheets';
import { roundAsShown } from '../src/shared/sheets';
import { NO_AGENCY, type AgencyBrand } from '../src/shared/agency';
import { formatMetric } from '../src/shared/format';
import { CSV_LEAD, comparisonCsv, csvValue } from '../src/main/domains/compare/compareCsv';
import { BOM } from '../src/shared/csv';
import { csvOf, xlsxBytes } from './sheetFiles';
import { NOW, realFormsName, sampleSnapshot, snapshotOf } from './fixtures/compareSamples';
import { readyAnswer } from '../src/main/platform/api/schemas/testkit';

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
const brand: AgencyBrand = { name: 'Northwind Talent & Co', accent: '#c2410c' };
const options = { title: 'Spring campaign — shortlist', createdAt: Date.UTC(2026, 6, 4, 15, 0), brand };

/** The CSV as the export writes it to disk. */
const writeComparisonCsv = (m: CompareModel, b: AgencyBrand) => csvOf(comparisonCsv(m, b));

async function workbook(m: CompareModel = model, o = options): Promise<ExcelJS.Workbook> {
  const bytes = await xlsxBytes(o, comparisonSheets(m, o));
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
  // The subtitle names the agency and stays inside the table: merged across it, wrapped, its row tall enough.
  expect(String(ws.getCell(2, 1).value)).toMatch(/^Prepared by Northwind Talent & Co · /);
  expect(ws.getCell(2, columns.length + 1).isMerged).toBe(true);
  expect(ws.getCell(2, 1).alignment?.wrapText).toBe(true);
  expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW });
  // Print: landscape, one page wide, the title block and header row and the first column on every page.
  expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `1:${HEADER_ROW}`, printTitlesColumn: 'A:A' });
  expect(ws.headerFooter.oddFooter).toContain('Page &P of &N');
  expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(20);
  expect(ws.getColumn(1).width).toBeLessThanOrEqual(34);
  columns.forEach((c, j) => {
    const col = model.columns[c]!;
    expect(ws.getColumn(j + 2).width, `width of column ${j + 2}`).toBeGreaterThanOrEqual(12);
    expect(ws.getColumn(j + 2).width, `width of column ${j + 2}`).toBeLessThanOrEqual(24);
    const head = ws.getCell(HEADER_ROW, j + 2);
    expect(head.value).toBe(`${col.title} (${{ instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok' }[col.network as 'instagram']})`);
    // The accent on the header row, white text on it.
    expect(head.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC2410C' } });
    expect(head.font?.color?.argb).toBe('FFFFFFFF');
    const cell = (label: (typeof ACCOUNT_ROWS)[number]) => ws.getCell(HEADER_ROW + 1 + ACCOUNT_ROWS.indexOf(label), j + 2);
    expect(cell('Profile link').hyperlink).toBe(col.profileUrl);
    expect(String(cell('Profile link').text).length).toBeLessThanOrEqual(22);
    expect(cell('Data as of (UTC)').value).toEqual(new Date(col.fetchedAt));
    expect(cell('Data as of (UTC)').numFmt).toBe(DATE_FMT);
    expect(cell('Note').value).toBe(col.note === '' ? null : col.note);
  });
  expect(ws.getCell(HEADER_ROW, columns.length + 2).value).toBeNull();
  // No snapshot or report id among the account rows.
  for (let r = 1; r <= HEADER_ROW + ACCOUNT_ROWS.length; r++) expect(String(ws.getCell(r, 1).value)).not.toMatch(/snapshot|\bid\b/i);
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
        expect(cell.value, `${row.key} column ${c}: says why, never 0`).toBe(row.absent[c] ?? 'not in report');
        return;
      }
      if (typeof want === 'number') {
        expect(cell.value, `${row.key} column ${c}`).toBe(want);
        expect(cell.numFmt, `${row.key} format`).toBe(numFmtOf(row.unit, row.values[c] as number));
      } else {
        expect(cell.value, `${row.key} column ${c}`).toBe(want);
      }
    });
  }
  return empty;
}

describe('the comparison workbook', () => {
  it('Summary: title, linked names, frozen header and first column, widths, every shared figure, empty for missing', async () => {
    const wb = await workbook();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Instagram', 'YouTube', 'TikTok', 'Sources']);
    expect(wb.creator).toBe('Northwind Talent & Co');
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
    // The format shows what the screen shows: 6.89 % → '0.00%', 20.7 % → '0.0%'.
    const erText = formatMetric(er.values[0] as number, 'percent').replace(' %', '');
    expect(ws.getCell(at.get('Engagement|Engagement rate')!, 2).numFmt).toBe(erText.includes('.') ? `0.${'0'.repeat(erText.split('.')[1]!.length)}%` : '0%');
    expect(ws.getCell(at.get('Engagement|Average likes')!, 3).value).toBe('not in report');
    // Money with its cents, as on screen ($58.76, never $59).
    const price = model.rows.find((r) => r.key === 'post_price')!;
    const priced = price.values.findIndex((v) => typeof v === 'number');
    expect(priced).toBeGreaterThanOrEqual(0);
    expect(ws.getCell(at.get('Prices|Estimated post price')!, priced + 2).numFmt).toBe('"$"#,##0.00');
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

  it('Sources: one line per figure an account has, with its period, where it was read in words, and the data date', async () => {
    const wb = await workbook();
    const ws = wb.getWorksheet('Sources')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, printTitlesRow: `1:${HEADER_ROW}` });
    expect(SOURCE_HEADERS.map((_, j) => ws.getCell(HEADER_ROW, j + 1).value)).toEqual([...SOURCE_HEADERS]);
    expect(SOURCE_HEADERS).not.toContain('Snapshot');
    const lines: ExcelJS.CellValue[][] = [];
    for (let r = HEADER_ROW + 1; r <= ws.rowCount; r++) lines.push(SOURCE_HEADERS.map((_, j) => ws.getCell(r, j + 1).value));
    const expected = model.rows.flatMap((row) => model.columns.flatMap((col, c) => (row.values[c] === null ? [] : [{ row, col, c }])));
    expect(lines.length).toBe(expected.length);
    expected.forEach(({ row, col, c }, k) => {
      const line = lines[k]!;
      expect(line[0]).toBe(row.label);
      expect(line[1]).toBe(row.group);
      expect(line[2]).toBe(col.title);
      expect(line[4]).toEqual(sheetValue(row.unit, row.values[c]!));
      // Read from: the name the account's own report gives the figure, and the report's network.
      expect(line[6]).toMatch(new RegExp(`^"${(row.labels[c] ?? row.label).replace(/[()[\]*+?.^$|\\]/g, '\\$&')}" in the ${line[3]} report`));
      expect(line[7]).toEqual(new Date(col.fetchedAt));
      expect(line[8]).toBe(row.source);
    });
    const er = lines.find((l) => l[0] === 'Engagement rate' && l[2] === model.columns[0]!.title)!;
    expect(er[5]).toBe('30 days');
    expect(er[6]).toBe('"Engagement rate" in the Instagram report, 30 days');
    expect(lines.find((l) => l[0] === 'Followers / subscribers' && l[3] === 'YouTube')?.[6]).toBe('"Subscribers" in the YouTube report');
    expect(lines.find((l) => l[0] === 'Followers / subscribers' && l[3] === 'YouTube')?.[5]).toBe('As fetched');
    expect(lines.some((l) => l[2] === 'Café Zoë — crème brûlée')).toBe(true);
  });

  it('holds no internal key, raw field name or snapshot id anywhere', async () => {
    const wb = await workbook();
    const texts: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => texts.push(cell.text))));
    // A field name of the API: snake_case words (subscribers_count, blogger_prices, est_post_price).
    const keys = texts.filter((t) => /\b[a-z]+_[a-z_]+\b/.test(t) && !/^https?:/.test(t) && !/@/.test(t));
    expect(keys).toEqual([]);
    expect(texts.filter((t) => /snapshot|report fact|breakdown/i.test(t))).toEqual([]);
  });

  it('says why a figure is absent: the model\'s own reason ("no posts") where it gives one', async () => {
    const rows = model.rows.map((r) => (r.key === 'avg_likes' ? { ...r, absent: r.values.map((v) => (v === null ? 'no posts' : null)) } : r));
    const wb = await workbook({ ...model, rows });
    const ws = wb.getWorksheet('Summary')!;
    const at = figureRowsOf(ws);
    expect(ws.getCell(at.get('Engagement|Average likes')!, 3).value).toBe('no posts');
    expect(ws.getCell(at.get('Engagement|Average likes')!, 3).font?.italic).toBe(true);
    expect(await writeComparisonCsv({ ...model, rows }, NO_AGENCY)).toContain('no posts');
  });
});

describe('the comparison CSV', () => {
  let csv = '';
  beforeAll(async () => {
    csv = await writeComparisonCsv(model, NO_AGENCY);
  });

  it('UTF-8 with a BOM, CRLF lines, accents intact through the bytes', () => {
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith(BOM)).toBe(true);
    const decoded = new TextDecoder('utf-8').decode(bytes);
    expect(decoded).toContain('Café Zoë — crème brûlée');
    expect(decoded).toContain('Ça va: déjà vu, naïve, 東京');
    expect(csv.split('\r\n').length).toBeGreaterThan(model.rows.length);
  });

  it('names the agency when there is one', async () => {
    const branded = Papa.parse<string[]>((await writeComparisonCsv(model, brand)).slice(1), { skipEmptyLines: true }).data;
    expect(branded.find((l) => l[0]!.startsWith('Prepared by'))?.[0]).toBe('Prepared by Northwind Talent & Co');
    expect(csv).not.toContain('Prepared by');
  });

  it('read back with papaparse: every cell equals the model as the screen rounds it, words for missing, quoting survives', () => {
    const parsed = Papa.parse<string[]>(new TextDecoder('utf-8').decode(Buffer.from(csv, 'utf8')).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [head, network, username, link, date, note, ...figures] = parsed.data;
    const n = CSV_LEAD.length;
    expect(head!.slice(0, n)).toEqual([...CSV_LEAD]);
    expect(head!.slice(n)).toEqual(model.columns.map((c) => `${c.title} (${{ instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok' }[c.network as 'instagram']})`));
    expect(network!.slice(n)).toEqual(['Instagram', 'Instagram', 'YouTube', 'TikTok']);
    expect(username!.slice(n)).toEqual(model.columns.map((c) => c.username));
    expect(username![n]).toBe('natgeo');
    expect(link!.slice(n)).toEqual(model.columns.map((c) => c.profileUrl ?? ''));
    // ISO date-times in UTC, to the second: no milliseconds.
    for (const d of date!.slice(n)) expect(d).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(date!.slice(n).map((d) => Date.parse(d))).toEqual(model.columns.map((c) => Math.floor(c.fetchedAt / 1000) * 1000));
    expect(parsed.data.some((l) => /snapshot/i.test(l[0]!))).toBe(false);
    expect(note!.slice(n)).toEqual(['Strong in Poland, "very" engaged;\nask for rates', '', 'Ça va: déjà vu, naïve, 東京', `'=HYPERLINK("http://evil.test","x")`]);
    expect(figures.length).toBe(model.rows.length);
    let missing = 0;
    let rounded = 0;
    model.rows.forEach((row, k) => {
      const line = figures[k]!;
      expect(line[0]).toBe(row.label);
      expect(line[1]).toBe(row.group);
      expect(line.length).toBe(n + model.columns.length);
      row.values.forEach((v, c) => {
        const cell = line[n + c]!;
        if (v === null) {
          missing++;
          expect(cell, `${row.key} ${c}`).toBe(row.absent[c] ?? 'not in report');
        } else if (typeof v === 'number' && row.unit !== 'text') {
          expect(Number(cell), `${row.key} ${c}`).toBe(roundAsShown(v, row.unit));
          if (String(v) !== cell) rounded++;
          // No more decimals than the screen shows (its text, where it is not compacted).
          const screen = formatMetric(v, row.unit);
          if (/^[^KMB]*$/.test(screen) && row.unit !== 'duration_ms' && row.unit !== 'money') {
            expect((cell.split('.')[1] ?? '').length, `${row.key} ${c}: ${cell} vs ${screen}`).toBeLessThanOrEqual((screen.match(/\.(\d+)/)?.[1] ?? '').length);
          }
        } else {
          expect(cell).toBe(csvValue(row, v, c));
        }
      });
    });
    expect(missing).toBeGreaterThan(0);
    // The sample has figures with floating noise: the CSV rounds them.
    expect(rounded).toBeGreaterThan(0);
    const likes = figures[model.rows.findIndex((r) => r.key === 'avg_likes')]!;
    expect(likes[n + 1]).toBe('not in report');
    expect(likes[2]).toBe('count');
    expect(figures[model.rows.findIndex((r) => r.key === 'er')]![2]).toBe('%');
    expect(figures[model.rows.findIndex((r) => r.key === 'er')]![3]).toBe('30 days');
  });
});
