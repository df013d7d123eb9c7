// Files written the way an export writes them (streamed to disk by src/main/platform/files), then read
// back the way a client's spreadsheet program reads them: the XLSX with exceljs, the CSV as text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { writeCsvFile, type AnyStreamedCsv } from '../src/main/platform/files/csvStream';
import { writeWorkbook, type AnyStreamedSheet, type WorkbookMeta } from '../src/main/platform/files/sheetStream';

let made = 0;
function tempFile(extension: string): { file: string; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sheet-'));
  return { file: path.join(dir, `file-${made++}.${extension}`), done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The workbook's bytes as written to disk. */
export async function xlsxBytes(meta: WorkbookMeta, sheets: readonly AnyStreamedSheet[]): Promise<Buffer> {
  const { file, done } = tempFile('xlsx');
  try {
    await writeWorkbook(file, meta, sheets);
    return fs.readFileSync(file);
  } finally {
    done();
  }
}

/** The workbook, written and read back. */
export async function workbookOf(meta: WorkbookMeta, sheets: readonly AnyStreamedSheet[]): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await xlsxBytes(meta, sheets)) as unknown as ArrayBuffer);
  return book;
}

/** The CSV's text as written to disk (its byte-order mark first). */
export async function csvOf(csv: AnyStreamedCsv): Promise<string> {
  const { file, done } = tempFile('csv');
  try {
    await writeCsvFile(file, csv);
    return fs.readFileSync(file, 'utf8');
  } finally {
    done();
  }
}
