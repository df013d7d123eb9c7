import { describe, expect, it } from 'vitest';
import { testCdn } from '../cdn';
import { HOSTILE_TEXT } from './hostile';
import { generateInstagramMedia, generateReportBody } from './index';

const input = (network: 'instagram' | 'snapchat', name: string) => ({ network, name, now: Date.UTC(2026, 0, 15), cdn: testCdn, lowConfidence: false });

describe('xss* accounts carry HTML as text where the renderer shows API strings', () => {
  it('instagram: largest ethnicity, largest interest and every caption; the same every time', () => {
    const body = generateReportBody(input('instagram', 'xss_demo')) as { user: Record<string, unknown> };
    const json = JSON.stringify(body);
    expect(json).toContain(`"name":${JSON.stringify(HOSTILE_TEXT)}`);
    expect(json).toContain(`[${JSON.stringify(HOSTILE_TEXT)},`);
    expect(generateReportBody(input('instagram', 'xss_demo'))).toEqual(body);
    const media = generateInstagramMedia(input('instagram', 'xss_demo')) as { media: Record<string, { basic: { caption: string } }> };
    const captions = Object.values(media.media).map((m) => m.basic.caption);
    expect(captions.length).toBeGreaterThan(0);
    expect(new Set(captions)).toEqual(new Set([HOSTILE_TEXT]));
  });

  it('snapchat: the first hashtag of each period', () => {
    expect(JSON.stringify(generateReportBody(input('snapchat', 'xss_demo')))).toContain(`"text":${JSON.stringify(HOSTILE_TEXT)}`);
  });

  it('other names are untouched', () => {
    expect(JSON.stringify(generateReportBody(input('instagram', 'natgeo')))).not.toContain(HOSTILE_TEXT);
  });
});
