// Settings → Your agency: the name, accent colour and logo every deliverable is branded with,
// kept in the workspace's database (one row). A logo is checked here, byte by byte, before it
// replaces the one kept: a PNG by its signature and header, an SVG as well-formed XML with no
// script, no event handler and nothing fetched from elsewhere. Bad input is refused with words
// and changes nothing.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ScoutError } from '@shared/errors';
import { MAX_LOGO_BYTES, MAX_LOGO_RENDITION_BYTES, NO_AGENCY, type AgencyBrand, type AgencyView, type LogoType } from '@shared/agency';
import type { AgencyLogoInput } from '@shared/agencySchema';
import type { Db } from '../cache/database';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_NS = 'http://www.w3.org/2000/svg';
/** The largest logo in pixels either way (a PNG's header says; larger is not a logo). */
const MAX_LOGO_SIDE = 8192;

const invalid = (message: string) => new ScoutError({ code: 'INVALID_INPUT', message: `${message} The logo kept before is unchanged.` });

/** A PNG: its eight-byte signature, then an IHDR chunk with a sane width and height. */
export function checkPng(bytes: Buffer, what = 'The logo', limit = MAX_LOGO_BYTES): { width: number; height: number } {
  if (bytes.length > limit) throw invalid(`${what} is larger than ${Math.round(limit / 1024)} KB.`);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw invalid(`${what} is not a PNG picture (its first bytes are not a PNG’s).`);
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw invalid(`${what} is a damaged PNG (it has no header chunk).`);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0 || width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    throw invalid(`${what} is ${width} × ${height} pixels; a logo is at most ${MAX_LOGO_SIDE} pixels either way.`);
  }
  return { width, height };
}

const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);

/**
 * An SVG logo: UTF-8, well-formed XML (saxes, strict), an `<svg>` root in the SVG namespace, no
 * DOCTYPE or processing instruction, no script or foreign content, no `on…` handler, and links only
 * inside the file (`#id`): nothing runs and nothing is fetched when it is drawn.
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
  parser.on('opentag', (tag) => {
    root ??= tag;
    const local = tag.local.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(local)) problems.push(`it holds a <${tag.local}> element`);
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local.toLowerCase();
      const value = attribute.value.trim();
      if (name.startsWith('on')) problems.push(`it has an event handler (${attribute.name})`);
      if ((name === 'href' || name === 'src') && value !== '' && !value.startsWith('#')) problems.push(`it links to ${value.slice(0, 60)}`);
      if (/@import|url\(\s*['"]?\s*(?!#)/i.test(value) || /javascript:/i.test(value)) problems.push(`its ${attribute.name} refers outside the file`);
    }
  });
  parser.on('text', (content) => {
    if (/@import|url\(\s*['"]?\s*(?!#)|javascript:/i.test(content)) problems.push('its styles refer outside the file');
  });
  parser.on('cdata', (content) => {
    if (/@import|url\(\s*['"]?\s*(?!#)|javascript:/i.test(content)) problems.push('its styles refer outside the file');
  });
  parser.write(text).close();
  const top = root as SaxesTagNS | null;
  if (!top || top.local !== 'svg' || top.uri !== SVG_NS) throw invalid('The logo is not an SVG file (its root is not an <svg> element in the SVG namespace).');
  if (problems.length > 0) throw invalid(`The SVG logo cannot be used: ${[...new Set(problems)].slice(0, 3).join('; ')}.`);
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

  /** The logo as a PNG, for a PDF drawn in main (an SVG's rendition); null when there is none. */
  logoPng(): Buffer | null {
    const row = this.row();
    if (!row?.logo_type) return null;
    return row.logo_type === 'png' ? row.logo : row.logo_png;
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
