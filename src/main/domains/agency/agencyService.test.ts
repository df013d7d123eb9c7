import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT, MAX_LOGO_BYTES } from '@shared/agency';
import { openDatabase } from '../../platform/cache/database';
import { tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';
import { AgencyService, checkPng, checkSvg } from './agencyService';
import { BAD_SVGS, chunk, GOOD_SVG, hugeGreyPng, ihdr, palettePng, PNG_SIGNATURE, solidPng } from '../../../../test/fixtures/pictures';

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

describe('AgencyService (Settings → Your agency) on a real workspace database', () => {
  let temp: TempDatabase;
  afterEach(() => temp?.dispose());

  it('has no agency until one is saved, then keeps name and accent across a reopen', () => {
    temp = tempDatabase();
    const agency = new AgencyService(temp.db, () => 1000);
    expect(agency.get()).toEqual({ name: '', accent: DEFAULT_ACCENT, logo: null, updatedAt: null });
    agency.setBrand({ name: 'Acme Insights', accent: '#AA3311' });
    temp.db.close();
    const reopened = openDatabase(temp.file);
    try {
      expect(new AgencyService(reopened).get()).toEqual({ name: 'Acme Insights', accent: '#aa3311', logo: null, updatedAt: 1000 });
    } finally {
      reopened.close();
    }
  });

  it('stores a checked PNG and an SVG with its PNG rendition; the client report reads the PNG', () => {
    temp = tempDatabase();
    const agency = new AgencyService(temp.db, () => 2000);
    agency.setBrand({ name: 'Acme', accent: '#aa3311' });
    const png = solidPng(40, 20);
    const view = agency.setLogo({ type: 'png', base64: b64(png) });
    expect(view.logo).toEqual({ type: 'png', dataUrl: `data:image/png;base64,${b64(png)}`, bytes: png.length });
    expect(agency.logoPng()?.equals(png)).toBe(true);
    expect(view.name).toBe('Acme');

    const rendition = solidPng(120, 40, [0x2f, 0x5f, 0xd0]);
    const svgView = agency.setLogo({ type: 'svg', base64: b64(GOOD_SVG), rendition: b64(rendition) });
    expect(svgView.logo?.type).toBe('svg');
    expect(Buffer.from(svgView.logo!.dataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8')).toBe(GOOD_SVG);
    expect(agency.logoPng()?.equals(rendition)).toBe(true);

    expect(agency.removeLogo().logo).toBeNull();
    expect(agency.logoPng()).toBeNull();
    expect(agency.brand()).toEqual({ name: 'Acme', accent: '#aa3311' });
  });

  it('refuses a false PNG, an oversized logo and every unsafe SVG with words, keeping the logo it had', () => {
    temp = tempDatabase();
    const agency = new AgencyService(temp.db);
    const png = solidPng(8, 8);
    agency.setLogo({ type: 'png', base64: b64(png) });
    const kept = agency.get();

    const refusals: [string, () => unknown, RegExp][] = [
      ['a JPEG named PNG', () => agency.setLogo({ type: 'png', base64: b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(40).fill(0)])) }), /not a PNG picture/],
      ['an SVG sent as PNG', () => agency.setLogo({ type: 'png', base64: b64(GOOD_SVG) }), /not a PNG picture/],
      ['a PNG without its header', () => agency.setLogo({ type: 'png', base64: b64(Buffer.concat([png.subarray(0, 8), Buffer.alloc(40)])) }), /damaged PNG/],
      ['a PNG too large', () => agency.setLogo({ type: 'png', base64: b64(Buffer.concat([png, Buffer.alloc(MAX_LOGO_BYTES)])) }), /larger than 512 KB/],
      ['a PNG of 9000 px', () => agency.setLogo({ type: 'png', base64: b64(solidPng(9000, 1)) }), /9000 × 1 pixels/],
      ['an SVG whose rendition is no PNG', () => agency.setLogo({ type: 'svg', base64: b64(GOOD_SVG), rendition: b64(GOOD_SVG) }), /picture drawn from the SVG logo is not a PNG/],
      ['an SVG that is not UTF-8', () => agency.setLogo({ type: 'svg', base64: b64(Buffer.from([0xc3, 0x28])), rendition: b64(png) }), /not text in UTF-8/],
      ...Object.entries(BAD_SVGS).map(([name, svg]): [string, () => unknown, RegExp] => [`an SVG: ${name}`, () => agency.setLogo({ type: 'svg', base64: b64(svg), rendition: b64(png) }), /SVG/]),
    ];
    for (const [what, attempt, words] of refusals) {
      let message = '';
      try {
        attempt();
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, what).toMatch(words);
      expect(message, what).toMatch(/The logo kept before is unchanged\.$/);
      expect(agency.get(), what).toEqual(kept);
    }
  });

  it('names what makes an SVG unsafe', () => {
    const problem = (svg: string) => {
      try {
        checkSvg(Buffer.from(svg));
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problem(GOOD_SVG)).toBe('accepted');
    expect(problem(BAD_SVGS.script!)).toMatch(/<script> element/);
    expect(problem(BAD_SVGS.handler!)).toMatch(/event handler \(onload\)/);
    expect(problem(BAD_SVGS.external!)).toMatch(/links to https:\/\/example.com\/x.png/);
    expect(problem(BAD_SVGS.javascript!)).toMatch(/links to javascript:/);
    expect(problem(BAD_SVGS.styleImport!)).toMatch(/styles refer outside the file/);
    expect(problem(BAD_SVGS.foreign!)).toMatch(/<foreignObject> element/);
    expect(problem(BAD_SVGS.doctype!)).toMatch(/DOCTYPE|well-formed/);
    expect(problem(BAD_SVGS.malformed!)).toMatch(/not a well-formed SVG file/);
    expect(problem(BAD_SVGS.notSvg!)).toMatch(/root is not an <svg> element/);
    expect(problem(BAD_SVGS.noNamespace!)).toMatch(/root is not an <svg> element in the SVG namespace/);
  });
});

describe('a logo is decoded and bounded when it is chosen', () => {
  let temp: TempDatabase;
  afterEach(() => temp?.dispose());

  const refusal = (attempt: () => unknown): string => {
    try {
      attempt();
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };
  /** Whether pdf-lib (what draws the client report) can embed it. */
  const pdfLibEmbeds = async (png: Buffer) => {
    try {
      await (await PDFDocument.create()).embedPng(png);
      return true;
    } catch {
      return false;
    }
  };

  it('refuses a PNG with a valid header and garbage after it, cut short, or whose data lies about its size, with words', async () => {
    const tiny = solidPng(1, 1);
    const garbage = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37 + 11) % 256));
    const cases: [string, Buffer, RegExp][] = [
      ['a real 1×1 PNG with garbage appended', Buffer.concat([tiny, garbage]), /damaged PNG \(it has bytes after its end\)/],
      ['a valid header, then garbage', Buffer.concat([PNG_SIGNATURE, ihdr(64, 64), garbage]), /damaged PNG \((it is cut short|a part of it is unreadable)\)/],
      ['a PNG cut in its image data', solidPng(40, 40).subarray(0, 60), /damaged PNG \(it is cut short\)/],
      ['an IDAT whose checksum is wrong', Buffer.from(tiny).fill(0, 41, 45), /damaged PNG \(its IDAT part fails its checksum\)/],
      ['a 2 × 2 header over the data of 200 × 200 (a bomb)', Buffer.concat([PNG_SIGNATURE, ihdr(2, 2), chunk('IDAT', zlib.deflateSync(Buffer.alloc(200 * 601))), chunk('IEND', Buffer.alloc(0))]), /holds more than its size/],
      ['image data that is not deflated', Buffer.concat([PNG_SIGNATURE, ihdr(2, 2), chunk('IDAT', garbage), chunk('IEND', Buffer.alloc(0))]), /image data cannot be unpacked/],
      ['a palette PNG without its palette', palettePng(4, 4, false), /damaged PNG \(it has no palette\)/],
      ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, ...Array(40).fill(7)]), /not a PNG picture .* Save it as PNG \(or SVG\) and choose it again/],
    ];
    for (const [what, png, words] of cases) {
      const message = refusal(() => checkPng(png));
      expect(message, what).toMatch(words);
      expect(message, what).toMatch(/choose it again\. The logo kept before is unchanged\.$/);
    }
    // The two the issue met: what pdf-lib could not draw (every client report failed with INTERNAL).
    expect(await pdfLibEmbeds(Buffer.concat([PNG_SIGNATURE, ihdr(64, 64), garbage]))).toBe(false);
    // Good ones pass, and pdf-lib draws each.
    for (const png of [tiny, solidPng(120, 40), palettePng(9, 3)]) {
      expect(refusal(() => checkPng(png))).toBe('accepted');
      expect(await pdfLibEmbeds(png)).toBe(true);
    }
  });

  it('refuses a small PNG that declares 8192 × 8192 pixels (or 16 megapixels), before unpacking it', () => {
    const huge = hugeGreyPng(8192, 8192);
    expect(huge.length).toBeLessThan(MAX_LOGO_BYTES);
    const started = performance.now();
    expect(refusal(() => checkPng(huge))).toMatch(/The logo is 8192 × 8192 pixels; a logo is at most 4096 pixels either way and 4 megapixels in all\. Make it smaller .* and choose it again\./);
    expect(performance.now() - started).toBeLessThan(100);
    expect(refusal(() => checkPng(hugeGreyPng(4096, 4096)))).toMatch(/4096 × 4096 pixels/);
    expect(refusal(() => checkPng(hugeGreyPng(4096, 1024)))).toBe('accepted');

    temp = tempDatabase();
    const agency = new AgencyService(temp.db);
    expect(refusal(() => agency.setLogo({ type: 'png', base64: huge.toString('base64') }))).toMatch(/8192 × 8192 pixels/);
    expect(refusal(() => agency.setLogo({ type: 'svg', base64: Buffer.from(GOOD_SVG).toString('base64'), rendition: huge.toString('base64') }))).toMatch(/picture drawn from the SVG logo is 8192 × 8192 pixels/);
    expect(agency.get().logo).toBeNull();
  });

  it('a damaged logo kept before this check is refused with words when a client report asks for it, not drawn into a failure', () => {
    temp = tempDatabase();
    const agency = new AgencyService(temp.db, () => 5000);
    agency.setLogo({ type: 'png', base64: solidPng(4, 4).toString('base64') });
    expect(agency.logoPng()?.equals(solidPng(4, 4))).toBe(true);
    temp.db.prepare('UPDATE agency SET logo = ?, updated_at = 6000 WHERE id = 1').run(Buffer.concat([PNG_SIGNATURE, ihdr(64, 64), Buffer.alloc(100, 1)]));
    expect(refusal(() => agency.logoPng())).toMatch(/^The agency's logo kept in this workspace cannot be drawn\. The logo is a damaged PNG \(.+\)\. Choose a logo again \(or remove it\) in Settings → Your agency; nothing was made\.$/);
  });

  it('refuses an SVG that animates a link, or hides javascript: behind an entity, a CSS escape or a comment', () => {
    const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`;
    const hostile: [string, string, RegExp][] = [
      ['a <set> of href to https', svg('<a href="#x"><set attributeName="href" to="https://example.com/x"/><rect width="1" height="1"/></a>'), /it is animated \(a <set> element\)/],
      ['an <animate> of java&#9;script:', svg('<a href="#x"><animate attributeName="href" values="java&#9;script:alert(1)"/><rect width="1" height="1"/></a>'), /it is animated \(a <animate> element\)/],
      ['an <animateTransform>', svg('<rect width="1" height="1"><animateTransform attributeName="transform" type="rotate" to="90"/></rect>'), /it is animated \(a <animateTransform> element\)/],
      ['a link to java&#9;script:', svg('<a href="java&#9;script:alert(1)"><rect width="1" height="1"/></a>'), /it links to java\tscript:alert\(1\)/],
      ['an xlink:href to java&#x0A;script:', svg('<a xlink:href=" java&#x0A;script:alert(1)"><rect width="1" height="1"/></a>'), /it links to java/],
      ['a data: image', svg('<image href="data:image/svg+xml,&lt;svg/&gt;"/>'), /it links to data:/],
      ['a javascript: hidden in another attribute', svg('<rect width="1" height="1" filter="JaVa&#13;ScRiPt:alert(1)"/>'), /its filter refers outside the file/],
      ['a CSS-escaped @import', svg('<style>@\\69mport "https://example.com/a.css";</style>'), /its styles refer outside the file/],
      ['a CSS-escaped url() in a style attribute', svg('<rect width="1" height="1" style="fill: \\75 rl(https://example.com/p.svg#a)"/>'), /its style refers outside the file/],
      ['an image-set() in a <style> CDATA', svg('<style><![CDATA[rect { background: image-set("https://example.com/x.png" 1x) }]]></style>'), /its styles refer outside the file/],
    ];
    for (const [what, text, words] of hostile) {
      const message = refusal(() => checkSvg(Buffer.from(text)));
      expect(message, what).toMatch(words);
      expect(message, what).toMatch(/Save it again without scripts, animation or links to other files .* and choose it again\. The logo kept before is unchanged\.$/);
    }
    // What a logo does: gradients by #id, styles inside the file, the word "url(" drawn as text.
    expect(refusal(() => checkSvg(Buffer.from(GOOD_SVG)))).toBe('accepted');
    expect(refusal(() => checkSvg(Buffer.from(svg('<style>rect { fill: url(#g) }</style><text>see url(https://acme.example)</text>'))))).toBe('accepted');
  });
});
