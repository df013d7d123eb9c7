// A printed sheet read back from its PDF, as a person looks at it: the words where they are drawn
// (poppler's pdftotext -bbox) and the row lines of a copy printed with its grid (pdftoppm's
// picture of the page), for the render test (sheetRender.test.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** A word drawn on a page, its box in points from the page's top left. */
export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface Page {
  width: number;
  height: number;
  words: Word[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) => s.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(Number(e[1] === 'x' ? `0${e.slice(1)}` : e.slice(1))) : (ENTITIES[e] ?? `&${e};`)));

/** Every page's words, in the order pdftotext reads them. */
export function pdfWords(file: string): Page[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const pages: Page[] = [];
  for (const page of html.split('<page ').slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
    const words = [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g)].map((m) => ({
      text: unescape(m[5]!),
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    }));
    pages.push({ width: Number(size[1]), height: Number(size[2]), words });
  }
  return pages;
}

/** A page drawn in grey levels (0 black … 255 white), a pixel per `1 / scale` points. */
interface Picture {
  width: number;
  height: number;
  scale: number;
  pixels: Buffer;
}

/** The pages of a PDF drawn in grey at `dpi` (pdftoppm; binary PGM, parsed here). */
export function pdfPictures(file: string, dir: string, dpi: number): Picture[] {
  const prefix = path.join(dir, `${path.basename(file, '.pdf')}-grey`);
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), file, prefix]);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(path.basename(prefix)) && f.endsWith('.pgm'))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)![1]) - Number(/-(\d+)\.pgm$/.exec(b)![1]));
  return files.map((f) => {
    const bytes = fs.readFileSync(path.join(dir, f));
    // 'P5', width, height, maxval, each after white space, then one byte per pixel.
    const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'))!;
    return { width: Number(head[1]), height: Number(head[2]), scale: dpi / 72, pixels: bytes.subarray(head[0].length) };
  });
}

/**
 * Where the grid's horizontal lines are, in points from the page's top: the pixel rows whose
 * longest dark run spans most of the table (as the table's top line does), a line drawn over
 * two pixel rows taken once, at its middle. Text, even underlined, never runs across the table.
 */
export function rowLines(picture: Picture): number[] {
  const { width, height, pixels, scale } = picture;
  const longest: number[] = [];
  for (let y = 0; y < height; y++) {
    let run = 0;
    let best = 0;
    for (let x = 0; x < width; x++) {
      run = pixels[y * width + x]! < 200 ? run + 1 : 0;
      if (run > best) best = run;
    }
    longest.push(best);
  }
  const table = Math.max(...longest);
  const lines: number[] = [];
  for (let y = 0; y < height; y++) {
    if (longest[y]! < table * 0.8) continue;
    let end = y;
    while (end + 1 < height && longest[end + 1]! >= table * 0.8) end++;
    if (end - y > 3) throw new Error(`a dark band ${end - y + 1} pixels tall across the table at ${Math.round(y / scale)} pt: a row filled with a dark colour hides the grid's lines`);
    lines.push((y + end + 1) / 2 / scale);
    y = end;
  }
  return lines;
}

/** The characters a text shows, to compare what a cell holds with what is drawn: no spaces, marks or direction controls. */
export function shownChars(text: string): string[] {
  return [
    ...text
      .normalize('NFKC')
      .replace(/[\s\p{M}\p{Cf}]/gu, '')
      .replace(/\p{Extended_Pictographic}/gu, ''),
  ];
}

/**
 * A copy of a zip (an .xlsx is a zip of XML files) with some entries' text changed by `edit`
 * (its text back unchanged for the others), every entry deflated again.
 */
export function editZip(bytes: Buffer, edit: (name: string, text: string) => string): Buffer {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('not a zip: bad central directory');
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const stored = bytes.subarray(start, start + size);
    const text = (method === 8 ? zlib.inflateRawSync(stored) : stored).toString('utf8');
    const data = Buffer.from(edit(name.toString('utf8'), text), 'utf8');
    const packed = zlib.deflateRawSync(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(0x21, 12);
    head.writeUInt32LE(zlib.crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    head.copy(entry, 8, 6, 30);
    entry.writeUInt32LE(offset, 42);
    locals.push(head, name, packed);
    centrals.push(entry, name);
    offset += head.length + name.length + packed.length;
    at += 46 + skip;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(count, 8);
  tail.writeUInt16LE(count, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}
