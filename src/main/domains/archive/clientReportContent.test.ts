// What a client report holds, for every network and several accounts, as main makes it from the
// cached report: it has the shape the drawing reads (the schema), and each figure is the report
// page's own (the model, the formatter, the period words).
import { describe, expect, it } from 'vitest';
import { clientReportContentSchema } from '../../../shared/clientReport';
import { networks, type CachedReport, type Network } from '../../../shared/reports';
import type { ParsedReport } from '../../platform/api/types';
import { buildReportModel, metricForPeriod } from '../../../shared/reportModel/reportModel';
import { clientReportContent, thin } from '../../../shared/reportModel/clientReport';
import { sourceText } from '../../../shared/reportModel/words';
import { formatMetric } from '../../../shared/format';
import { noPostsShort } from '../../../shared/labels';
import { sampleParsedReport } from '../../../../test/fixtures/sampleReports';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { drawClientReport } from './clientReportPdf';
import { NO_AGENCY } from '../../../shared/agency';
import { tempDir } from '../../../../test/support';

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
        for (const h of content.headline) expect(text, `${network}: ${h.label}`).toContain(h.value);
        for (const { chart } of content.charts) expect(text.replace(/\s+/g, ' '), `${network}: ${chart.title}`).toContain(chart.title);
        expect(text, network).toContain(`Page ${pages} of ${pages}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes every script a creator writes in as it is (name, agency, note): no "?", no handle, fonts embedded subset', async () => {
    const dir = tempDir('scout-client-draw-');
    try {
      const samples = {
        japanese: '東京カメラ部のひとこと',
        korean: '김민지의 하루',
        chinese: '李子柒的美食日记',
        arabic: 'مطبخ سارة',
        hebrew: 'המטבח של דנה',
        russian: 'Кухня Маши',
        thai: 'ครัวคุณแม่',
        emoji: 'Cooking 🍳🔥',
      };
      const title = `${samples.japanese} ${samples.emoji}`;
      const content = { ...clientReportContent(cached(sampleParsedReport('instagram', 'natgeo', NOW), 'natgeo')), title };
      const note = Object.entries(samples).map(([script, words]) => `${script}: ${words}`).join('\n\n') + '\n\nمطبخ سارة ٢٠٢٦';
      const bytes = await drawClientReport({ brand: { name: 'Agence Éclair 東京 − Kyiv Київ', accent: '#2f5fd0' }, logoPng: null, content, note, reportDate: 'Jan 15, 2026', preparedDate: 'Jan 16, 2026' });
      const file = path.join(dir, 'scripts.pdf');
      fs.writeFileSync(file, bytes);
      // poppler marks right-to-left runs with embedding controls; the words between them are what counts.
      const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e\u200e\u200f]/g, '');
      expect(text).not.toContain('?');
      expect(text).toContain(`Client report: ${samples.japanese}`);
      expect(text).not.toContain('@natgeo - ');
      expect(text).toContain('Agence Éclair 東京 − Kyiv Київ');
      // poppler orders the words of a right-to-left run in a left-to-right line its own way: the
      // words are checked, their order on the page was looked at (pdftoppm).
      for (const [script, words] of Object.entries(samples)) {
        if (script === 'arabic' || script === 'hebrew') for (const word of words.split(' ')) expect(text, script).toContain(word);
        else expect(text, script).toContain(`${script}: ${words}`);
      }
      // A right-to-left paragraph: its words right to left, its Arabic-Indic year left to right.
      expect(text).toMatch(/^٢٠٢٦ سارة مطبخ$|^مطبخ سارة ٢٠٢٦$/m);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/^Title:\s+Client report: 東京カメラ部のひとこと Cooking 🍳🔥$/m);
      // Each script's Noto font is embedded, and subset (the CJK fonts are megabytes whole).
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      for (const name of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansJP', 'NotoSansKR', 'NotoSansSC', 'NotoSansArabic', 'NotoSansHebrew', 'NotoSansThai', 'NotoEmoji']) expect(fonts, name).toContain(name);
      // Embedded with a Unicode map (poppler's "sub" column wants a name prefix pdf-lib does not write).
      for (const row of fonts.split('\n').slice(2).filter(Boolean)) expect(row, row).toMatch(/Identity-H\s+yes\s+(yes|no)\s+yes\s/);
      // Subset: the Japanese, Korean and Chinese fonts alone are 22 MB whole.
      expect(bytes.length).toBeLessThan(300_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('embeds only the fonts a report needs: a Latin report carries no CJK, Arabic or emoji font', async () => {
    const content = clientReportContent(cached(sampleParsedReport('youtube', 'mkbhd', NOW), 'mkbhd'));
    const bytes = await drawClientReport({ brand: NO_AGENCY, logoPng: null, content, note: 'Café visuals − worked best.', reportDate: 'Jan 15, 2026', preparedDate: 'Jan 16, 2026' });
    const dir = tempDir('scout-client-draw-');
    try {
      const file = path.join(dir, 'latin.pdf');
      fs.writeFileSync(file, bytes);
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(fonts).toContain('NotoSans-Regular');
      expect(fonts).not.toMatch(/NotoSans(JP|KR|SC|Arabic|Hebrew|Thai)|NotoEmoji/);
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
