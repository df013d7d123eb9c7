// Settings → Your agency: the name, accent colour and logo every deliverable is branded with,
// kept in the workspace's database (one row). A logo is checked here, byte by byte, before it
// replaces the one kept: a PNG decoded whole and bounded in pixels (a damaged or huge one made
// every client report fail, or take main for seconds), an SVG as well-formed XML with no script,
// no event handler, no animation and nothing fetched from elsewhere. Bad input is refused with
// words and changes nothing.
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ScoutError } from '@shared/errors';
import { MAX_LOGO_BYTES, MAX_LOGO_RENDITION_BYTES, NO_AGENCY, type AgencyBrand, type AgencyView, type LogoType } from '@shared/agency';
import type { AgencyLogoInput } from '@shared/agencySchema';
import type { Db } from '../../platform/cache/database';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_NS = 'http://www.w3.org/2000/svg';
/** The largest logo in pixels either way (a PNG's header says; larger is not a logo). */
export const MAX_LOGO_SIDE = 4096;
/**
 * The most pixels a logo has. The client report decodes the logo and compresses it again into
 * every PDF, on main: 4 megapixels take a third of a second, 16 over a second, 64 (a 255 KB PNG
 * declaring 8192 × 8192) took 12–19 s. A logo is printed at most 200 points wide: 4 megapixels
 * are sharp at any print resolution.
 */
export const MAX_LOGO_PIXELS = 4 * 1024 * 1024;

const invalid = (message: string) => new ScoutError({ code: 'INVALID_INPUT', message: `${message} The logo kept before is unchanged.` });

/** Channels by PNG colour type, and the bit depths each allows (PNG spec, 11.2.2). */
const COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Each scanline of a PNG's image data: its bytes, for every pass (one when not interlaced). */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): { rows: number; bytes: number }[] {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  return passes
    .map(([x0, y0, dx, dy]) => ({ columns: Math.ceil(Math.max(0, width - x0) / dx), rows: Math.ceil(Math.max(0, height - y0) / dy) }))
    .filter((pass) => pass.columns > 0 && pass.rows > 0)
    .map((pass) => ({ rows: pass.rows, bytes: 1 + Math.ceil((pass.columns * bitsPerPixel) / 8) }));
}

/**
 * A PNG, decoded before it is kept: its signature; every chunk whole, its CRC right, IHDR first
 * (a size within MAX_LOGO_SIDE and MAX_LOGO_PIXELS, a colour type and depth PNG allows), a
 * palette where one is needed, IEND last with nothing after it; and its image data inflated
 * (never beyond the size the header declares) to exactly the scanlines the header declares, each
 * with a filter PNG knows. What passes is what pdf-lib draws into the client report.
 */
export function checkPng(bytes: Buffer, what = 'The logo', limit = MAX_LOGO_BYTES): { width: number; height: number } {
  if (bytes.length > limit) throw invalid(`${what} is larger than ${Math.round(limit / 1024)} KB.`);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw invalid(`${what} is not a PNG picture (its first bytes are not a PNG’s). Save it as PNG (or SVG) and choose it again.`);
  }
  const damaged = (why: string) => invalid(`${what} is a damaged PNG (${why}). Open it in the program that made it, save it again as PNG, and choose it again.`);
  let at = 8;
  let header: { width: number; height: number; depth: number; colourType: number; interlaced: boolean } | null = null;
  let palette = false;
  let ended = false;
  const data: Buffer[] = [];
  let dataDone = false;
  while (at < bytes.length) {
    if (ended) throw damaged('it has bytes after its end');
    if (at + 12 > bytes.length) throw damaged('it is cut short');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw damaged('a part of it is unreadable');
    if (length > bytes.length - at - 12) throw damaged('it is cut short');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) throw damaged(`its ${type} part fails its checksum`);
    at += 12 + length;
    if (header === null) {
      if (type !== 'IHDR') throw damaged('it has no header chunk');
      if (length !== 13) throw damaged('its header is the wrong size');
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const [depth, colourType, compression, filter, interlace] = [body[8]!, body[9]!, body[10]!, body[11]!, body[12]!];
      if (width === 0 || height === 0 || width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE || width * height > MAX_LOGO_PIXELS) {
        throw invalid(
          `${what} is ${width} × ${height} pixels; a logo is at most ${MAX_LOGO_SIDE} pixels either way and ${MAX_LOGO_PIXELS / 1024 / 1024} megapixels in all. Make it smaller (1,000 pixels wide prints sharp) and choose it again.`,
        );
      }
      if (!COLOUR_TYPES[colourType]?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) throw damaged('its header names no kind of PNG');
      header = { width, height, depth, colourType, interlaced: interlace === 1 };
      continue;
    }
    if (type === 'IHDR') throw damaged('it has two headers');
    if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') {
      if (dataDone) throw damaged('its image data is split');
      data.push(body);
    } else if (type === 'IEND') ended = true;
    // An unknown critical chunk (an upper-case first letter) cannot be skipped.
    else if (type[0]! < 'a' && !['tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'bKGD', 'hIST', 'pHYs', 'sPLT', 'tIME', 'iTXt', 'tEXt', 'zTXt'].includes(type)) {
      throw damaged(`it has a part no PNG reader knows (${type})`);
    }
    if (type !== 'IDAT' && data.length > 0) dataDone = true;
  }
  if (header === null) throw damaged('it has no header chunk');
  if (!ended) throw damaged('it is cut short (it has no end)');
  if (header.colourType === 3 && !palette) throw damaged('it has no palette');
  if (data.length === 0) throw damaged('it has no image data');
  const lines = scanlines(header.width, header.height, COLOUR_TYPES[header.colourType]!.channels * header.depth, header.interlaced);
  const expected = lines.reduce((sum, pass) => sum + pass.rows * pass.bytes, 0);
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw damaged(code === 'ERR_BUFFER_TOO_LARGE' ? 'its image data holds more than its size' : 'its image data cannot be unpacked');
  }
  if (pixels.length !== expected) throw damaged('its image data is shorter than its size');
  let line = 0;
  for (const pass of lines) {
    for (let row = 0; row < pass.rows; row++, line += pass.bytes) if (pixels[line]! > 4) throw damaged('its image data is unreadable');
  }
  return { width: header.width, height: header.height };
}

/** Elements that run, embed other content or animate (an animation can set a link after the check). */
const FORBIDDEN_ELEMENTS = new Set([
  'script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener',
  'set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'discard',
]);

/**
 * A value as a browser reads it when it is a link: entities are decoded by the parser already;
 * URL parsing drops tabs and line breaks and every control character and space leading it, so
 * `java&#9;script:` is `javascript:`. Lower-cased.
 */
function asLink(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, '').toLowerCase();
}

/** CSS text as a browser reads it: its escapes (`\75 rl(`, `\@import`) decoded, comments dropped, lower-cased. */
function asCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\([^\n])/g, '$1')
    .toLowerCase();
}

/** Whether CSS text fetches from elsewhere: an @import, a url() not to `#id`, an image-set or src(). */
function cssReachesOut(text: string): boolean {
  const css = asCss(text);
  return /@import|image-set\(|\bsrc\(|expression\(|javascript:|vbscript:/.test(css) || /url\(\s*(?!['"]?\s*#)/.test(css);
}

/**
 * An SVG logo: UTF-8, well-formed XML (saxes, strict), an `<svg>` root in the SVG namespace, no
 * DOCTYPE or processing instruction, no script, foreign content or animation (`<set>`,
 * `<animate…>`: it could change a link once drawn), no `on…` handler, links only inside the file
 * (`#id`), and no value that reads as `javascript:` once its entities and the spaces a URL drops
 * are taken out: nothing runs, changes or is fetched when it is drawn (in Settings, the
 * comparison PDF, and the picture the page draws of it for the client report).
 */
export function checkSvg(bytes: Buffer): void {
  if (bytes.length > MAX_LOGO_BYTES) throw invalid(`The logo is larger than ${Math.round(MAX_LOGO_BYTES / 1024)} KB.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('The logo is not an SVG file (it is not text in UTF-8).');
  }
  const problems: string[] = [];
  let root: SaxesTagNS | null = null;
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('error', (error) => {
    throw invalid(`The logo is not a well-formed SVG file (${error.message.replace(/^undefined:/, 'at ')}).`);
  });
  parser.on('doctype', () => problems.push('it declares a DOCTYPE'));
  parser.on('processinginstruction', (pi) => {
    problems.push(`it holds a processing instruction (${pi.target})`);
  });
  let inStyle = 0;
  parser.on('opentag', (tag) => {
    root ??= tag;
    const local = tag.local.toLowerCase();
    if (local === 'style') inStyle++;
    if (FORBIDDEN_ELEMENTS.has(local)) problems.push(local === 'set' || local.startsWith('animate') || local === 'discard' ? `it is animated (a <${tag.local}> element)` : `it holds a <${tag.local}> element`);
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local.toLowerCase();
      const link = asLink(attribute.value);
      if (name.startsWith('on')) problems.push(`it has an event handler (${attribute.name})`);
      if ((name === 'href' || name === 'src') && link !== '' && !link.startsWith('#')) problems.push(`it links to ${attribute.value.trim().slice(0, 60)}`);
      else if (/javascript:|vbscript:/.test(link) || cssReachesOut(attribute.value)) problems.push(`its ${attribute.name} refers outside the file`);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local.toLowerCase() === 'style') inStyle--;
  });
  const styles = (content: string) => {
    // Text outside <style> is drawn, not read as CSS: only a script's words matter there, and <script> is refused.
    if (inStyle > 0 && cssReachesOut(content)) problems.push('its styles refer outside the file');
  };
  parser.on('text', styles);
  parser.on('cdata', styles);
  parser.write(text).close();
  const top = root as SaxesTagNS | null;
  if (!top || top.local !== 'svg' || top.uri !== SVG_NS) throw invalid('The logo is not an SVG file (its root is not an <svg> element in the SVG namespace).');
  if (problems.length > 0) {
    throw invalid(`The SVG logo cannot be used: ${[...new Set(problems)].slice(0, 3).join('; ')}. Save it again without scripts, animation or links to other files (most editors have a "plain SVG" export) and choose it again.`);
  }
}

type Row = { name: string; accent: string; logo_type: LogoType | null; logo: Buffer | null; logo_png: Buffer | null; updated_at: number };

export class AgencyService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private row(): Row | null {
    return (this.db.prepare('SELECT name, accent, logo_type, logo, logo_png, updated_at FROM agency WHERE id = 1').get() as Row | undefined) ?? null;
  }

  get(): AgencyView {
    const row = this.row();
    if (!row) return { ...NO_AGENCY, logo: null, updatedAt: null };
    const mime = row.logo_type === 'svg' ? 'image/svg+xml' : 'image/png';
    return {
      name: row.name,
      accent: row.accent,
      logo: row.logo_type && row.logo ? { type: row.logo_type, dataUrl: `data:${mime};base64,${row.logo.toString('base64')}`, bytes: row.logo.length } : null,
      updatedAt: row.updated_at,
    };
  }

  /** The brand a deliverable reads (NO_AGENCY until one is saved). */
  brand(): AgencyBrand {
    const row = this.row();
    return row ? { name: row.name, accent: row.accent } : NO_AGENCY;
  }

  /** The last logo found drawable, by when it was saved: a client report after another checks nothing again. */
  private checkedLogo: { updatedAt: number; png: Buffer } | null = null;

  /**
   * The logo as a PNG, for a PDF drawn in main (an SVG's rendition); null when there is none. One
   * kept before logos were decoded when chosen is decoded here first: a damaged or huge one is
   * refused with words (choose it again), not drawn into a failure or a minute of main's time.
   */
  logoPng(): Buffer | null {
    const row = this.row();
    if (!row?.logo_type) return null;
    const png = row.logo_type === 'png' ? row.logo : row.logo_png;
    if (!png) return null;
    if (this.checkedLogo?.updatedAt === row.updated_at && this.checkedLogo.png.equals(png)) return png;
    try {
      checkPng(png, row.logo_type === 'png' ? 'The logo' : 'The picture drawn from the SVG logo', row.logo_type === 'png' ? MAX_LOGO_BYTES : MAX_LOGO_RENDITION_BYTES);
    } catch (error) {
      // Its first sentence says what is wrong; what to do is said here.
      const why = (error as Error).message.split(/(?<=[.)]) (?=[A-Z])/)[0];
      throw new ScoutError({ code: 'INVALID_INPUT', message: `The agency's logo kept in this workspace cannot be drawn. ${why} Choose a logo again (or remove it) in Settings → Your agency; nothing was made.` }, { cause: error });
    }
    this.checkedLogo = { updatedAt: row.updated_at, png };
    return png;
  }

  /** `brand` arrives parsed by the contract (agencyBrandSchema: trimmed, bounded, a colour). */
  setBrand(brand: AgencyBrand): AgencyView {
    this.db
      .prepare(
        `INSERT INTO agency (id, name, accent, updated_at) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, accent = excluded.accent, updated_at = excluded.updated_at`,
      )
      .run(brand.name, brand.accent.toLowerCase(), this.now());
    return this.get();
  }

  /** Checks every byte first; only a logo that passes replaces the one kept. */
  setLogo(input: AgencyLogoInput): AgencyView {
    const bytes = Buffer.from(input.base64, 'base64');
    let png: Buffer | null = null;
    if (input.type === 'png') {
      checkPng(bytes);
    } else {
      checkSvg(bytes);
      png = Buffer.from(input.rendition, 'base64');
      checkPng(png, 'The picture drawn from the SVG logo', MAX_LOGO_RENDITION_BYTES);
    }
    const brand = this.brand();
    this.db
      .prepare(
        `INSERT INTO agency (id, name, accent, logo_type, logo, logo_png, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET logo_type = excluded.logo_type, logo = excluded.logo, logo_png = excluded.logo_png, updated_at = excluded.updated_at`,
      )
      .run(brand.name, brand.accent, input.type, bytes, png, this.now());
    return this.get();
  }

  removeLogo(): AgencyView {
    this.db.prepare('UPDATE agency SET logo_type = NULL, logo = NULL, logo_png = NULL, updated_at = ? WHERE id = 1').run(this.now());
    return this.get();
  }
}
