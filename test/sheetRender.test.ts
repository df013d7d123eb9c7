// Every workbook a client receives, printed by LibreOffice and read back from the PDF as a person
// reads the paper: every line of a cell's text is drawn inside its own row, and no two words are
// printed over each other. Reading cells back (exceljs) cannot see this: a row one line high
// holding three lines of text reads back fine.
//
// Each workbook is written as its export writes it (test/fixtures/deliverables.ts: names in six
// scripts, long notes and captions) and printed as a client prints it; no word may be printed
// over another on any page. Then a proof of each sheet is printed: the same file with the other
// sheets hidden and the sheet's grid and row numbers printed, which moves no text within its
// cells (print options only: the cells, fonts, widths and heights are the file's). The grid's
// lines show where each row starts and ends, the row numbers which row each band is, and each row
// must hold every character of its text, each word between its row's lines. LibreOffice converts
// all the files in one run, in DejaVu Sans: Carlito, LibreOffice's Calibri, is narrower and left
// out, so a sheet that holds here holds on a client's machine with or without it. pdftotext
// gives each word's box, pdftoppm the grid. Set SHEET_RENDER_OUT to a folder to keep the files
// and a PNG of every printed page, to look at.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWorkbook } from '../src/main/platform/files/sheetStream';
import { deliverables } from './fixtures/deliverables';
import { editZip, pdfPictures, pdfWords, rowLines, shownChars, type Page, type Word } from './pdfLayout';

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
const soffice = hasCommand('soffice');

const DPI = 96;

/** Fontconfig as the machine has it, less Carlito. */
const FONTS_WITHOUT_CARLITO = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="family"><string>Carlito</string></patelt></pattern></rejectfont></selectfont>
</fontconfig>
`;

interface Printed {
  /** The workbook as written, read back: what each row holds. */
  book: ExcelJS.Workbook;
  /** The file's pages as a client prints them. */
  pages: Page[];
  /** Each sheet's proof: its pages, and where the grid's row lines are on each. */
  proofs: { pages: Page[]; lines: number[][] }[];
}

const printed = new Map<string, Printed>();
let dir = '';

/**
 * The proof of sheet `k` (from 0): the same file with every other sheet hidden, and each sheet
 * told to print its grid lines and row numbers.
 */
function proofCopy(file: string, k: number, out: string): void {
  const copy = editZip(fs.readFileSync(file), (name, xml) => {
    if (name === 'xl/workbook.xml') {
      let i = 0;
      const shown = xml.replace(/<sheet [^>]*\/>/g, (sheet) => (i++ === k ? sheet : sheet.replace(/ state="\w+"/, '').replace('<sheet ', '<sheet state="hidden" ')));
      return shown.includes('<bookViews>') ? shown.replace(/activeTab="\d+"/, `activeTab="${k}"`) : shown.replace('<sheets>', `<bookViews><workbookView activeTab="${k}"/></bookViews><sheets>`);
    }
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) return xml;
    const told = xml.includes('<printOptions') ? xml.replace('<printOptions', '<printOptions gridLines="1" headings="1"') : xml.replace('<pageMargins', '<printOptions gridLines="1" headings="1"/><pageMargins');
    if (told === xml) throw new Error(`${name}: no place for the print options`);
    return told;
  });
  fs.writeFileSync(out, copy);
}

/** What a row's text cells hold, as characters (figures and dates are drawn in their number format, so they are not compared). */
function rowText(ws: ExcelJS.Worksheet, r: number): string[] {
  const out: string[] = [];
  ws.getRow(r).eachCell((cell) => {
    if (cell.isMerged && cell.master.address !== cell.address) return;
    const v = cell.value;
    if (typeof v === 'string') out.push(...shownChars(v));
    else if (v && typeof v === 'object' && 'text' in v) out.push(...shownChars(String(v.text)));
    else if (v && typeof v === 'object' && 'formula' in v && typeof v.result === 'string') out.push(...shownChars(v.result));
    else if (v && typeof v === 'object' && 'richText' in v) out.push(...shownChars(v.richText.map((t) => t.text).join('')));
  });
  return out;
}

/** The characters of `wanted` not among `have` (each used once). */
function missing(wanted: string[], have: string[]): string[] {
  const left = new Map<string, number>();
  for (const c of have) left.set(c, (left.get(c) ?? 0) + 1);
  return wanted.filter((c) => {
    const n = left.get(c) ?? 0;
    if (n === 0) return true;
    left.set(c, n - 1);
    return false;
  });
}

const middle = (w: Word) => (w.yMin + w.yMax) / 2;
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

describe('every workbook, printed by LibreOffice', () => {
  if (!soffice) {
    it.skip('is skipped: LibreOffice (soffice) is not installed here; npm run bootstrap installs libreoffice-calc', () => undefined);
    return;
  }
  const made = deliverables();

  beforeAll(async () => {
    dir = process.env.SHEET_RENDER_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'scout-render-'));
    const pdfs = path.join(dir, 'pdf');
    fs.rmSync(pdfs, { recursive: true, force: true });
    fs.mkdirSync(pdfs, { recursive: true });
    const files: string[] = [];
    for (const d of made) {
      const file = path.join(dir, `${d.name}.xlsx`);
      fs.rmSync(file, { force: true });
      await writeWorkbook(file, d.meta, d.sheets);
      files.push(file);
      d.sheets.forEach((_, k) => {
        const proof = path.join(dir, `${d.name}-proof-${k + 1}.xlsx`);
        proofCopy(file, k, proof);
        files.push(proof);
      });
    }
    const fonts = path.join(dir, 'fonts.conf');
    fs.writeFileSync(fonts, FONTS_WITHOUT_CARLITO);
    // One run for every file (LibreOffice takes seconds to start), with a profile of its own.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-soffice-'));
    try {
      execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', pdfs, ...files], {
        env: { ...process.env, FONTCONFIG_FILE: fonts },
        stdio: 'pipe',
        timeout: 240_000,
      });
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
    for (const d of made) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path.join(dir, `${d.name}.xlsx`));
      const proofs = d.sheets.map((_, k) => {
        const pdf = path.join(pdfs, `${d.name}-proof-${k + 1}.pdf`);
        return { pages: pdfWords(pdf), lines: pdfPictures(pdf, pdfs, DPI).map(rowLines) };
      });
      const pdf = path.join(pdfs, `${d.name}.pdf`);
      printed.set(d.name, { book, pages: pdfWords(pdf), proofs });
      if (process.env.SHEET_RENDER_OUT) execFileSync('pdftoppm', ['-png', '-r', '80', pdf, path.join(pdfs, d.name)]);
    }
  }, 300_000);

  afterAll(() => {
    if (!process.env.SHEET_RENDER_OUT && dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(made.map((d) => d.name))('%s: no word printed over another, on any page', (name) => {
    const { pages } = printed.get(name)!;
    expect(pages.length).toBeGreaterThan(0);
    pages.forEach((page, n) => {
      const sorted = [...page.words].sort((a, b) => a.yMin - b.yMin);
      for (let i = 0; i < sorted.length; i++) {
        const a = sorted[i]!;
        for (let j = i + 1; j < sorted.length && sorted[j]!.yMin < a.yMax; j++) {
          const b = sorted[j]!;
          // Lines of one cell may touch by their boxes (a font's box is taller than its letters), never by a third of them.
          const tall = overlap(a.yMin, a.yMax, b.yMin, b.yMax) > Math.min(a.yMax - a.yMin, b.yMax - b.yMin) / 3;
          expect(tall && overlap(a.xMin, a.xMax, b.xMin, b.xMax) > 0.5, `${name}, page ${n + 1}: "${a.text}" and "${b.text}" are printed over each other`).toBe(false);
        }
      }
    });
  });

  it.each(made.map((d) => d.name))('%s: every row holds its own text, between its lines', (name) => {
    const p = printed.get(name)!;
    p.book.worksheets.forEach((ws, s) => {
      const where = `${name} › ${ws.name}`;
      const seen = new Set<number>();
      p.proofs[s]!.pages.forEach(({ words }, n) => {
        const lines = p.proofs[s]!.lines[n]!;
        expect(lines.length, `${where}, page ${n + 1}: the grid's lines`).toBeGreaterThan(1);
        const bandOf = (w: Word) => lines.findIndex((top, i) => i + 1 < lines.length && middle(w) >= top && middle(w) < lines[i + 1]!);
        // The row numbers, printed left of the grid: which row each band is.
        const left = Math.min(...words.map((w) => w.xMin));
        const numbers = words.filter((w) => /^\d+$/.test(w.text) && w.xMin < left + 12 && bandOf(w) >= 0);
        const rowOfBand = new Map(numbers.map((w) => [bandOf(w), Number(w.text)]));
        const inGrid = words.filter((w) => !numbers.includes(w) && bandOf(w) >= 0);
        for (const w of inGrid) {
          const band = bandOf(w);
          const row = rowOfBand.get(band);
          if (row === undefined) continue; // the column letters' band
          // The word's letters (its middle half: a font's box is taller than its letters) between its row's lines.
          const h = w.yMax - w.yMin;
          expect(w.yMin + h / 4, `${where}: "${w.text}" crosses the top of row ${row}`).toBeGreaterThanOrEqual(lines[band]! - 0.5);
          expect(w.yMax - h / 4, `${where}: "${w.text}" crosses the bottom of row ${row}`).toBeLessThanOrEqual(lines[band + 1]! + 0.5);
        }
        for (const [band, row] of rowOfBand) {
          seen.add(row);
          const drawn = inGrid.filter((w) => bandOf(w) === band).flatMap((w) => shownChars(w.text));
          expect(missing(rowText(ws, row), drawn).join(''), `${where}: row ${row}'s text is not all drawn in row ${row}`).toBe('');
        }
      });
      expect([...seen].sort((a, b) => a - b), `${where}: every row printed`).toEqual(Array.from({ length: ws.rowCount }, (_, i) => i + 1));
    });
  });
});
