// Characters a client's file cannot hold (@shared/fileText), through the real writers: an agency
// name with U+FFFE and cells with a NUL or a lone surrogate in a real XLSX (written by the sheet
// worker, read back by exceljs and, when LibreOffice is installed, opened by it headless), and
// control characters in a real CSV.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { agencyBrandSchema } from '@shared/agencySchema';
import { csvLines } from '@shared/csv';
import { inBatchesOf, writeWorkbook, type StreamedSheet } from './sheetStream';
import { writeCsvFile } from './csvStream';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-filetext-'));
  dirs.push(dir);
  return dir;
}

const hostileName = 'Acme\uFFFE Insights';
const cells = ['nul\u0000here', 'lone \uD800 surrogate', 'bell\u0007 and \uFFFF', 'line\nbreak\ttab', 'emoji 😀 kept'];

function hasSoffice(): boolean {
  return spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).status === 0;
}

describe('text a client file cannot hold', () => {
  it('an agency name with U+FFFE or a control character is refused at input, with words', () => {
    for (const name of [hostileName, 'Acme\u0000', 'Acme\nInsights', 'Acme \uDC00']) {
      const parsed = agencyBrandSchema.safeParse({ name, accent: '#2f5fd0' });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/The agency name holds a character a client's file cannot hold \(U\+[0-9A-F]{4}\); type the name rather than pasting it\./);
    }
    expect(agencyBrandSchema.parse({ name: '  Zoë & Søn 😀  ', accent: '#2f5fd0' }).name).toBe('Zoë & Søn 😀');
  });

  it('an XLSX branded with U+FFFE, its cells holding a NUL and a lone surrogate, is well-formed: exceljs reads it back', async () => {
    const dir = folder();
    const file = path.join(dir, 'hostile.xlsx');
    const sheet: StreamedSheet<string> = {
      name: 'Accounts',
      title: `Accounts of ${hostileName}`,
      subtitle: () => `For \u0001${hostileName}`,
      headers: ['Text\u0008'],
      limits: {},
      rows: inBatchesOf(cells),
      write: (row, text) => (row.getCell(1).value = text),
    };
    await writeWorkbook(file, { title: `Report\uFFFE`, brand: { name: hostileName, accent: '#2f5fd0' }, createdAt: Date.UTC(2026, 0, 5) }, [sheet]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.creator).toBe('Acme\uFFFD Insights');
    const ws = book.getWorksheet('Accounts')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Accounts of Acme\uFFFD Insights');
    expect(ws.getRow(3).getCell(1).value).toBe('Text\uFFFD');
    expect(cells.map((_, i) => ws.getRow(4 + i).getCell(1).value)).toEqual(['nul\uFFFDhere', 'lone \uFFFD surrogate', 'bell\uFFFD and \uFFFD', 'line\nbreak\ttab', 'emoji 😀 kept']);
    expect(ws.headerFooter.oddFooter).toContain('Acme\uFFFD Insights');

    if (hasSoffice()) {
      // LibreOffice opens it and converts it: a workbook that is not well-formed converts to nothing.
      const out = path.join(dir, 'out');
      execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${path.join(dir, 'lo-profile')}`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', out, file], { timeout: 120_000, stdio: 'ignore' });
      const csv = fs.readFileSync(path.join(out, 'hostile.csv'), 'utf8');
      expect(csv).toContain('nul\uFFFDhere');
      expect(csv).toContain('emoji 😀 kept');
    }
  }, 180_000);

  it('a CSV never carries a control character raw: tab and line breaks stay (quoted), the others are U+FFFD', async () => {
    const line = ['a\u0000b', 'esc\u001b[31m', 'del\u007f c1\u0085', 'non\uFFFE', 'lone\uD800', 'multi\r\nline\ttab', 'Zoë 😀', 42];
    const text = csvLines([line]);
    expect(text).not.toMatch(/(?![\t\n\r])\p{Cc}|[\uFFFE\uFFFF]/u);
    expect(Papa.parse<string[]>(text, { newline: '\r\n' }).data[0]).toEqual(['a\uFFFDb', 'esc\uFFFD[31m', 'del\uFFFD c1\uFFFD', 'non\uFFFD', 'lone\uFFFD', 'multi\r\nline\ttab', 'Zoë 😀', '42']);

    // The same through the streamed file writer, the bytes on disk.
    const file = path.join(folder(), 'hostile.csv');
    await writeCsvFile<(string | number)[]>(file, { head: [['Text']], rows: inBatchesOf([line]), count: 1, line: (l) => l });
    const bytes = fs.readFileSync(file);
    expect(bytes.includes(0)).toBe(false);
    expect(bytes.includes(0x1b)).toBe(false);
    expect(bytes.toString('utf8')).toContain('a\uFFFDb');
  });
});
