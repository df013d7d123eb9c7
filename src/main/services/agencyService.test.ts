import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT, MAX_LOGO_BYTES } from '@shared/agency';
import { openDatabase } from '../cache/database';
import { tempDatabase, type TempDatabase } from '../cache/repositories/testkit';
import { AgencyService, checkSvg } from './agencyService';
import { BAD_SVGS, GOOD_SVG, solidPng } from '../../../test/fixtures/pictures';

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
