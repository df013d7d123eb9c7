// A campaign's media plan exported through the contract, as browser mode hands it out, on a real
// workspace file against the simulator: the XLSX read back cell by cell against the plan the page
// shows, the PDF read back by poppler (pdftotext) with every creator's name in its own script,
// every figure's source, the rates and the totals. Made from the cache: the simulator is asked nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignCandidates, CampaignView } from '@shared/campaigns';
import type { CachedReport, CostQuote } from '@shared/reports';
import type { ExportResult } from '@shared/exports';
import { formatMoneyIn } from '@shared/format';
import { PLAN_FIGURES } from '@shared/campaignPlan';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';
import { exportedBytes } from '../../../../test/exported';
import { solidPng } from '../../../../test/fixtures/pictures';
import { CREATOR_HEADERS, FIGURE_HEADERS } from './mediaPlan';

let h: ProductionHarness;
let dir: string;
beforeEach(async () => {
  h = await productionHarness();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-media-plan-'));
});
afterEach(async () => {
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fetchReport(network: string, account: string): Promise<CachedReport> {
  const quote = await h.call<CostQuote>('reports:quote', { network, account });
  return h.call<CachedReport>('reports:fetch', { network, account, confirmedCost: quote.cost });
}

const simLog = () => ({ calls: Object.fromEntries(h.sim.state.calls), spent: { ...h.sim.state.spent } });
/** poppler marks right-to-left runs with embedding controls; the words between them are what counts. */
const pdfText = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e\u200e\u200f]/g, '');

describe('media plan export', () => {
  it('writes the plan as the agency’s XLSX and PDF: every creator, fee and figure with its source and rates, names in their scripts', async () => {
    await fetchReport('instagram', 'nasa');
    await fetchReport('youtube', 'mkbhd');
    await fetchReport('tiktok', 'dancer_one');
    await h.call('agency:set', { name: 'Northwind Talent 北風', accent: '#c0392b' });
    await h.call('agency:setLogo', { type: 'png', base64: solidPng(160, 48).toString('base64') });
    const candidates = await h.call<CampaignCandidates>('campaigns:candidates');
    const pick = (network: string, key: string, name: string, posts: number, fee: number, dueDates: string[] = []) => {
      expect(candidates.library.some((x) => x.network === network && x.accountKey === key)).toBe(true);
      return { network, account: key, name, source: 'library', sourceName: null, posts, dueDates, fee };
    };
    const saved = await h.call<Campaign>('campaigns:save', {
      name: 'Summer glow 夏',
      client: 'Glow Co',
      currency: 'EUR',
      brands: { instagram: '@glowbrand', tiktok: '', youtube: '' },
      match: { hashtags: ['summerglow'], mentions: ['glowbrand'], linkDomains: [], paidPartnership: true },
      window: { from: '2026-06-01', to: '2026-06-30' },
      basisPeriod: '90d',
      rates: { instagram: { perThousandViews: 20, perEngagement: 0.5 }, tiktok: { perThousandViews: 8, perEngagement: 0.1 } },
      creators: [
        pick('instagram', 'nasa', 'ناسا الفضاء', 3, 1500, ['2026-06-05', '2026-06-20']),
        pick('youtube', 'mkbhd', 'マーケス・ブラウンリー', 1, 4000),
        pick('tiktok', 'dancer_one', 'Танцор 🕺 one', 2, 600),
      ],
    });
    const { plan } = await h.call<CampaignView>('campaigns:get', { id: saved.id });
    const before = simLog();

    // ---- XLSX
    const xlsx = await h.call<ExportResult>('exports:save', { runId: 'plan-xlsx', format: 'xlsx', subject: { kind: 'campaign', id: saved.id } });
    expect(xlsx).toMatchObject({ outcome: 'download', rows: 3 });
    expect(xlsx.fileName).toMatch(/^Media plan.+Summer glow 夏\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exportedBytes(h.services, xlsx) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Creators', 'Figures']);
    const creators = book.getWorksheet('Creators')!;
    expect(String(creators.getCell('A1').value)).toBe('Media plan: Summer glow 夏');
    const subtitle = String(creators.getCell('A2').value);
    for (const words of ['Northwind Talent 北風', 'Client: Glow Co', 'Jun 1, 2026 to Jun 30, 2026', 'Instagram @glowbrand', '#summerglow', '@glowbrand', 'paid-partnership', 'fees and values in EUR']) expect(subtitle).toContain(words);
    expect((creators.getRow(3).values as unknown[]).slice(1)).toEqual([...CREATOR_HEADERS]);
    plan.creators.forEach((c, i) => {
      const row = creators.getRow(4 + i);
      expect(row.getCell(1).value).toBe(c.name);
      expect(row.getCell(3).value).toBe(c.posts);
      expect(row.getCell(5).value).toBe(c.fee);
      expect(row.getCell(5).numFmt).toBe('"€"#,##0.00');
      PLAN_FIGURES.forEach((p, j) => {
        const f = c[p.key];
        // A number where the plan has one (a count rounded as the page shows it), else its reason in words, never 0.
        expect(row.getCell(6 + j).value, `${c.name}: ${p.label}`).toBe(f.value === null ? f.missing : p.kind === 'count' ? Math.round(f.value) : f.value);
      });
      expect(row.getCell(13).value).toBe(c.rateText ?? 'No media rates set');
    });
    expect(creators.getRow(4).getCell(4).value).toBe('2026-06-05, 2026-06-20');
    const total = creators.getRow(4 + plan.creators.length);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(3).value).toBe(6);
    expect(total.getCell(5).value).toBe(6100);
    const figures = book.getWorksheet('Figures')!;
    expect((figures.getRow(3).values as unknown[]).slice(1)).toEqual([...FIGURE_HEADERS]);
    const lines = figures.getSheetValues().slice(4).map((r) => (r as unknown[]).slice(1));
    // Every forecast figure of every creator, with its source or the reason it is missing, and the rates beside the media value.
    for (const c of plan.creators) {
      for (const p of PLAN_FIGURES) {
        const line = lines.find((l) => l[0] === c.name && l[2] === p.label);
        expect(line, `${c.name}: ${p.label}`).toBeDefined();
        const f = c[p.key];
        if (f.value === null) expect(line![3]).toBe(f.missing);
        else expect(line![4]).toBe(f.source);
        if (p.key === 'mediaValue') expect(line![5] ?? null).toBe(c.rateText);
      }
    }

    // ---- PDF
    const pdf = await h.call<ExportResult>('exports:save', { runId: 'plan-pdf', format: 'pdf', subject: { kind: 'campaign', id: saved.id } });
    expect(pdf.outcome).toBe('download');
    expect(pdf.fileName).toMatch(/\.pdf$/);
    const file = path.join(dir, 'plan.pdf');
    fs.writeFileSync(file, exportedBytes(h.services, pdf));
    // Set MEDIA_PLAN_OUT to a folder to keep the PDF, to look at (pdftoppm).
    if (process.env.MEDIA_PLAN_OUT) fs.copyFileSync(file, path.join(process.env.MEDIA_PLAN_OUT, 'media-plan.pdf'));
    const text = pdfText(file);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).not.toContain('?');
    for (const words of ['Northwind Talent 北風', 'Media plan', 'Summer glow 夏', 'Glow Co', 'Jun 1, 2026 to Jun 30, 2026', 'マーケス・ブラウンリー', 'Танцор 🕺 one', 'ناسا', 'الفضاء', 'due 2026-06-05, 2026-06-20']) expect(text, words).toContain(words);
    expect(flat).toContain(`Fees ${formatMoneyIn(6100, 'EUR')} sum of the fees agreed`);
    for (const c of plan.creators) {
      for (const p of PLAN_FIGURES) {
        const f = c[p.key];
        expect(flat, `${c.name}: ${p.label}`).toContain((f.value === null ? f.missing! : f.source!).replace(/\s+/g, ' '));
      }
      if (c.rateText) expect(flat).toContain(`at ${c.rateText}`);
    }
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Title:\s+Media plan: Summer glow 夏$/m);

    // From the cache: nothing asked of the API, nothing spent.
    expect(simLog()).toEqual(before);
    // A media plan has no CSV form: refused in words, nothing written.
    await expect(h.call('exports:save', { runId: 'plan-csv', format: 'csv', subject: { kind: 'campaign', id: saved.id } })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/has no CSV form/) });
  });
});
