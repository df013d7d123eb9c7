// A PDF, checked the small way: the `%PDF-` header, and at least one page object (`/Type /Page`),
// looked for in the file and, for PDFs that pack their objects into compressed object streams,
// inside those. The file is read in windows of a few megabytes, never whole, so checking a
// 200 MB download takes no more memory than checking a small one.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ScoutError } from '@shared/errors';

/** How much is looked at in one go. */
const WINDOW = 4 * 1024 * 1024;
/** Longer than any page or object-stream marker: one starting near a window's end is read whole in the next. */
const OVERLAP = 1024;
/** The largest compressed object stream looked into (a report's are a few kilobytes). */
const MAX_OBJECT_STREAM = 16 * 1024 * 1024;

type ReadAt = (position: number, length: number) => Buffer;

const pagePattern = /\/Type\s*\/Page(?![A-Za-z])/g;
const objectStreamPattern = /\/Type\s*\/ObjStm[\s\S]{0,512}?stream\r?\n/g;

/** Each window of the file as latin1 text, with where it starts and how much of it is its own (the rest is overlap). */
function* windows(read: ReadAt, size: number): Generator<{ start: number; own: number; text: string; buffer: Buffer }> {
  for (let start = 0; start < size; start += WINDOW) {
    const buffer = read(start, Math.min(size - start, WINDOW + OVERLAP));
    const own = start + WINDOW >= size ? buffer.length : WINDOW;
    yield { start, own, text: buffer.toString('latin1'), buffer };
  }
}

/** Matches of `pattern` starting in each window's own part: every one counted exactly once. */
function* matchesIn(read: ReadAt, size: number, pattern: RegExp): Generator<{ position: number; length: number }> {
  for (const w of windows(read, size)) {
    for (const match of w.text.matchAll(pattern)) {
      if (match.index < w.own) yield { position: w.start + match.index, length: match[0].length };
    }
  }
}

function countPages(read: ReadAt, size: number): number {
  let pages = 0;
  for (const _ of matchesIn(read, size, pagePattern)) pages++;
  if (pages > 0) return pages;
  for (const { position, length } of matchesIn(read, size, objectStreamPattern)) {
    const from = position + length;
    const data = read(from, Math.min(size - from, MAX_OBJECT_STREAM));
    const end = data.indexOf('endstream', 0, 'latin1');
    if (end < 0) continue;
    try {
      const inner = zlib.inflateSync(data.subarray(0, end), { maxOutputLength: 8 * MAX_OBJECT_STREAM }).toString('latin1');
      pages += [...inner.matchAll(pagePattern)].length;
    } catch {
      // Not deflated, too large, or damaged: it counts no pages.
    }
  }
  return pages;
}

function check(read: ReadAt, size: number): number {
  if (read(0, Math.min(size, 5)).toString('latin1') !== '%PDF-') {
    throw new ScoutError({ code: 'API_MALFORMED_RESPONSE', message: 'The file the API linked to is not a PDF (it does not start with %PDF-). Nothing was archived.' });
  }
  const pages = countPages(read, size);
  if (pages === 0) {
    throw new ScoutError({ code: 'API_MALFORMED_RESPONSE', message: 'The file the API linked to starts like a PDF but has no pages. Nothing was archived.' });
  }
  return pages;
}

/** Checks a PDF held in memory; returns the number of page objects found. */
export function checkPdf(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return check((position, length) => buffer.subarray(position, position + length), buffer.length);
}

/** Checks a PDF on disk, a window at a time; returns the number of page objects found. */
export function checkPdfFile(file: string): number {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    return check((position, length) => {
      const buffer = Buffer.alloc(Math.max(0, length));
      const read = fs.readSync(fd, buffer, 0, buffer.length, position);
      return buffer.subarray(0, read);
    }, size);
  } finally {
    fs.closeSync(fd);
  }
}
