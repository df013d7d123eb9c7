// The PDF export's drawing: text the standard fonts can encode, the same bytes for the same
// report, and a readable file for every network and for names no font has glyphs for.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { networks } from './data/random';
import { reportSummary } from './data/reports/summary';
import { input } from './data/reports/testkit';
import { renderReportPdf, winAnsi } from './pdf';

const dir = mkdtempSync(join(tmpdir(), 'sim-pdf-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(bytes: Uint8Array, name: string): { text: string; pages: number } {
  const file = join(dir, `${name.replace(/[^a-z0-9]/gi, '_')}.pdf`);
  writeFileSync(file, bytes);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]),
  };
}

describe('winAnsi', () => {
  it('keeps what Helvetica encodes, drops accents it cannot draw, and marks the rest', () => {
    expect(winAnsi('Café Müller – “quoted” €5')).toBe('Café Müller – “quoted” €5');
    expect(winAnsi('Łódź Dvořák')).toBe('?ódz Dvorák');
    expect(winAnsi('猫 🐈 tab\there')).toBe('? ? tab here');
  });
});

describe('renderReportPdf', () => {
  it('gives the same bytes for the same report (no clock, no random ids)', async () => {
    const summary = reportSummary(input('instagram', 'natgeo'));
    expect(Buffer.from(await renderReportPdf(summary)).equals(Buffer.from(await renderReportPdf(reportSummary(input('instagram', 'natgeo')))))).toBe(true);
  });

  it.each(networks)('%s: three pages with the headline figures, the periods and a page number on each', async (network) => {
    const summary = reportSummary(input(network, `pdf_${network}`));
    const { text, pages } = read(await renderReportPdf(summary), network);
    expect(pages).toBe(3);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Followers ${summary.followers.toLocaleString('en-US')}`);
    for (const period of summary.periods) expect(flat).toContain(`Last ${period.label} ${period.posts.toLocaleString('en-US')}`);
    for (let page = 1; page <= 3; page++) expect(flat).toContain(`page ${page} of 3`);
  });

  it('draws a report whose texts hold markup and characters outside the standard fonts', async () => {
    for (const name of ['xss_pdf', 'Ünïcødé_名前_🎉']) {
      const { text, pages } = read(await renderReportPdf(reportSummary(input('instagram', name))), name);
      expect(pages).toBe(3);
      expect(text).toContain('Headline figures');
    }
  });
});
