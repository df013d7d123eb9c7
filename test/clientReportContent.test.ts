// What a client report holds, for every network and several accounts, as main makes it from the
// cached report: it has the shape the drawing reads (the schema), and each figure is the report
// page's own (the model, the formatter, the period words).
import { describe, expect, it } from 'vitest';
import { clientReportContentSchema } from '../src/shared/clientReport';
import { networks, type CachedReport, type Network } from '../src/shared/reports';
import type { ParsedReport } from '../src/main/platform/api/types';
import { buildReportModel, metricForPeriod } from '../src/shared/reportModel/reportModel';
import { clientReportContent, thin } from '../src/shared/reportModel/clientReport';
import { sourceText } from '../src/shared/reportModel/words';
import { formatMetric } from '../src/shared/format';
import { noPostsShort } from '../src/shared/labels';
import { sampleParsedReport } from './fixtures/sampleReports';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { drawClientReport } from '../src/main/domains/archive/clientReportPdf';
import { NO_AGENCY } from '../src/shared/agency';
import { tempDir } from './support';

const NOW = Date.UTC(2026, 0, 15, 12);

function cached(p: ParsedReport, accountKey: string): CachedReport {
  return { network: p.network, accountKey, summary: p.summary!, state: p.state, quality: p.quality, fetchedAt: NOW, unlockedAt: NOW, validUntil: p.validUntil, tiktokType: p.tiktokType, snapshotCount: 1, result: p.result };
}

describe('client report content', () => {
  const names = ['natgeo', 'khaby.lame', 'mkbhd', 'a', 'streamer_one', 'x'.repeat(60)];
  for (const network of networks as readonly Network[]) {
    it(`${network}: has the shape the drawing reads and carries the page's figures`, () => {
      for (const name of names) {
        const report = cached(sampleParsedReport(network, name, NOW), name);
        const content = clientReportContent(report);
        const parsed = clientReportContentSchema.safeParse(content);
        expect(parsed.success, `${network}:${name} ${parsed.error?.message ?? ''}`).toBe(true);
        const model = buildReportModel(report);
        const period = model.defaultPeriod ?? model.periods[0] ?? '30d';
        expect(content.headline.map((h) => h.label)).toEqual(model.cards.map((k) => model.metrics.find((m) => m.key === k)!.label));
        content.headline.forEach((h, i) => {
          const m = model.metrics.find((x) => x.key === model.cards[i])!;
          const at = metricForPeriod(m, period);
          // A period without posts says so in words (a dash or 0 would read as a figure).
          if (at.source === 'no-posts') expect(h.value).toBe(noPostsShort(network));
          else expect(h.value).toBe(formatMetric(at.value, m.unit));
          expect(h.value).not.toBe('—');
          expect(h.period).toBe(sourceText(at.source, period));
        });
        expect(content.fetchedAt).toBe(NOW);
      }
    });
  }

  it('a month without posts reads "No posts" on its headline cards (the demo’s quiet TikTok account)', () => {
    const report = cached(sampleParsedReport('tiktok', 'khaby.lame', NOW), 'khaby.lame');
    const er = clientReportContent(report).headline.find((h) => h.label === 'Engagement rate')!;
    expect(er).toMatchObject({ value: 'No posts', period: 'last 30 days' });
  });

  it('draws every network’s report into a PDF poppler reads, with every headline figure and chart title, even without an agency', async () => {
    const dir = tempDir('scout-client-draw-');
    try {
      for (const network of networks as readonly Network[]) {
        const content = clientReportContent(cached(sampleParsedReport(network, 'natgeo', NOW), 'natgeo'));
        const bytes = await drawClientReport({ brand: NO_AGENCY, logoPng: null, content, note: '', reportDate: 'Jan 15, 2026', preparedDate: 'Jan 16, 2026' });
        const file = path.join(dir, `${network}.pdf`);
        fs.writeFileSync(file, bytes);
        const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
        const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
        expect(pages, network).toBeGreaterThan(1);
        expect(text, network).toContain('Prepared Jan 16, 2026\n');
        expect(text, network).not.toContain('Researcher’s note');
        for (const h of content.headline) expect(text, `${network}: ${h.label}`).toContain(`${h.value.replace(/\u2212/g, '-')}`);
        for (const { chart } of content.charts) expect(text.replace(/\s+/g, ' '), `${network}: ${chart.title}`).toContain(chart.title.replace(/\u2212/g, '-'));
        expect(text, network).toContain(`Page ${pages} of ${pages}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a name the standard fonts lack by its handle, and other text with a stand-in, never failing', async () => {
    const dir = tempDir('scout-client-draw-');
    try {
      const content = { ...clientReportContent(cached(sampleParsedReport('instagram', 'natgeo', NOW), 'natgeo')), title: 'Нэшнл Джиографик' };
      const bytes = await drawClientReport({ brand: { name: 'Agence Éclair 東京', accent: '#2f5fd0' }, logoPng: null, content, note: 'Привет − a note in two scripts.', reportDate: 'Jan 15, 2026', preparedDate: 'Jan 16, 2026' });
      const file = path.join(dir, 'scripts.pdf');
      fs.writeFileSync(file, bytes);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
      expect(text).toContain('Client report: @natgeo');
      expect(text).not.toContain('????? ??????????');
      expect(text).toContain('Agence Éclair ??');
      expect(text).toContain('?????? - a note in two scripts.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('thins a long line evenly, keeping its ends', () => {
    const points = Array.from({ length: 5000 }, (_, i) => i);
    const thinned = thin(points, 1000);
    expect(thinned).toHaveLength(1000);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(4999);
    expect(thinned.every((p, i) => i === 0 || p > thinned[i - 1]!)).toBe(true);
    expect(thin([1, 2, 3], 1000)).toEqual([1, 2, 3]);
  });
});
