// The PDF archive against the simulator over loopback, with a real SQLite file and a real folder:
// a PDF is quoted, paid for once through the ledger, polled while the API makes it, downloaded
// into workspaces/<id>/archive/ (0700 / 0600), checked, parsed by an independent reader (pdf-lib),
// listed, served, reported missing when its file goes, and deleted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchivedPdf, ArchiveProgress } from '@shared/archive';
import type { CostQuote } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';
import { ArchiveService } from './archiveService';
import { checkPdf, checkPdfFile } from './pdfCheck';
import { PdfsRepository } from './pdfsRepository';

let h: ProductionHarness;
afterEach(() => h?.close());

const archiveDir = () => path.join(h.services.options.dataDir, 'workspaces', 'production', 'archive');
const mode = (file: string) => fs.statSync(file).mode & 0o777;

function progressOf(accountKey: string): ArchiveProgress[] {
  const seen: ArchiveProgress[] = [];
  h.services.events.subscribe((e) => {
    if (e.name === 'archive:changed' && (e.payload as ArchiveProgress).accountKey === accountKey) seen.push(e.payload as ArchiveProgress);
  });
  return seen;
}

describe('PDF archive', () => {
  it('exports a PDF once paid, polls the 202s, archives a valid PDF privately, and the report is free to refresh after', async () => {
    h = await productionHarness({ generationMs: 30, pdfMs: 150 });
    const ws = h.services.active();
    const progress = progressOf('streamer_one');

    const quote = await h.call<CostQuote>('archive:quote', { network: 'twitch', account: 'streamer_one' });
    expect(quote).toMatchObject({ cost: 1, balance: 'credits', reason: 'new' });
    // Confirmed at another cost, or in another workspace: nothing is sent.
    await expect(h.call('archive:export', { network: 'twitch', account: 'streamer_one', confirmedCost: 0 })).rejects.toMatchObject({ code: 'COST_CHANGED' });
    await expect(h.call('archive:export', { network: 'twitch', account: 'streamer_one', confirmedCost: 1, workspace: 'demo' })).rejects.toMatchObject({ code: 'WORKSPACE_CHANGED' });
    expect(h.sim.state.spent.credits).toBe(0);
    expect(ws.ledger.entries()).toEqual([]);

    const pdf = await h.call<ArchivedPdf>('archive:export', { network: 'twitch', account: 'streamer_one', confirmedCost: 1, workspace: 'production' });
    // It waited through the API's 202s, then downloaded.
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['requesting', 'generating', 'downloading', 'finished']));
    expect(progress.find((p) => p.phase === 'generating')!.retryInSec).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({ phase: 'finished', pdfId: pdf.id, error: null, workspace: 'production' });

    // Booked exactly once, as the API charged it.
    expect(h.sim.state.spent.credits).toBe(1);
    const entries = ws.ledger.entries().filter((e) => e.operation === 'pdf');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ network: 'twitch', accountKey: 'streamer_one', status: 'settled', actualCost: 1, balance: 'credits' });
    expect(ws.ledger.totals()).toEqual(h.sim.state.spent);

    // The PDF unlocked the report: fetching it is free now, and fetching it spends nothing.
    expect(await h.call<CostQuote>('reports:quote', { network: 'twitch', account: 'streamer_one' })).toMatchObject({ cost: 0, reason: 'unlocked' });
    await h.call('reports:fetch', { network: 'twitch', account: 'streamer_one', confirmedCost: 0 });
    expect(h.sim.state.spent.credits).toBe(1);
    // A second export is quoted free and books nothing.
    expect(await h.call<CostQuote>('archive:quote', { network: 'twitch', account: 'streamer_one' })).toMatchObject({ cost: 0 });

    // The file: in the archive folder beside the database, private, a PDF that a real reader parses.
    expect(pdf).toMatchObject({ network: 'twitch', accountKey: 'streamer_one', apiName: 'streamer_one', missing: false });
    expect(pdf.sourceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/pdf\/twitch\/streamer_one\.pdf\?exp=\d+$/);
    expect(pdf.linkExpiresAt! - pdf.exportedAt).toBeGreaterThan(27 * 86_400_000);
    expect(pdf.linkExpiresAt! - pdf.exportedAt).toBeLessThanOrEqual(28 * 86_400_000 + 1000);
    const file = path.join(archiveDir(), pdf.fileName);
    expect(path.dirname(archiveDir())).toBe(path.dirname(path.join(h.services.options.dataDir, 'workspaces', 'production', 'scout.sqlite')));
    if (process.platform !== 'win32') {
      expect(mode(archiveDir())).toBe(0o700);
      expect(mode(file)).toBe(0o600);
    }
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBe(pdf.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(fs.readdirSync(archiveDir()).filter((f) => f.endsWith('.part'))).toEqual([]);

    // Export again: free now, a second file, listed newest first; search and filter.
    const again = await h.call<ArchivedPdf>('archive:exportAgain', { id: pdf.id, confirmedCost: 0 });
    expect(again.id).not.toBe(pdf.id);
    expect(h.sim.state.spent.credits).toBe(1);
    await h.call('archive:export', { network: 'instagram', account: 'nasa', confirmedCost: 0 });
    const all = await h.call<ArchivedPdf[]>('archive:list', {});
    expect(all.map((p) => p.accountKey)).toEqual(['nasa', 'streamer_one', 'streamer_one']);
    expect((await h.call<ArchivedPdf[]>('archive:list', { network: 'twitch', sort: 'oldest' })).map((p) => p.id)).toEqual([pdf.id, again.id]);
    expect((await h.call<ArchivedPdf[]>('archive:list', { text: 'STREAMER' })).map((p) => p.id).sort()).toEqual([pdf.id, again.id].sort());
    expect(await h.call<ArchivedPdf[]>('archive:list', { text: 'nobody here' })).toEqual([]);

    // Browser mode: open answers the address it is served at, reveal the path.
    expect(await h.call('archive:open', { id: pdf.id })).toEqual({ openedByHost: false, url: `/archive/${pdf.id}.pdf` });
    expect(await h.call('archive:reveal', { id: pdf.id })).toEqual({ openedByHost: false, path: file });
    expect(ws.archive.filePath(pdf.id)).toBe(file);

    // A file that went missing is said so, and cannot be opened; the row stays until deleted.
    fs.rmSync(file);
    expect((await h.call<ArchivedPdf[]>('archive:list', {})).find((p) => p.id === pdf.id)).toMatchObject({ missing: true });
    await expect(h.call('archive:open', { id: pdf.id })).rejects.toMatchObject({ code: 'ARCHIVE_FILE_MISSING' });
    expect(ws.archive.filePath(pdf.id)).toBeNull();

    // Delete removes the row and the file.
    const againFile = path.join(archiveDir(), again.fileName);
    expect(await h.call('archive:delete', { id: again.id })).toEqual({ deleted: true });
    expect(fs.existsSync(againFile)).toBe(false);
    expect(await h.call('archive:delete', { id: again.id })).toEqual({ deleted: false });
    await expect(h.call('archive:open', { id: again.id })).rejects.toMatchObject({ code: 'ARCHIVE_NOT_FOUND' });
    expect(await h.call('archive:delete', { id: pdf.id })).toEqual({ deleted: true });
    expect((await h.call<ArchivedPdf[]>('archive:list', {})).map((p) => p.accountKey)).toEqual(['nasa']);
  });

  it('works offline from the database and the folder; an export offline sends nothing', async () => {
    h = await productionHarness({ pdfMs: 20 });
    const pdf = await h.call<ArchivedPdf>('archive:export', { network: 'youtube', account: 'UCBR8-60-B28hp2BmDPdntcQ', confirmedCost: 1 });
    expect(pdf.apiName).toBe('UCBR8-60-B28hp2BmDPdntcQ');
    await h.call('connection:setOffline', { offline: true });
    await h.sim.close();
    expect(await h.call<ArchivedPdf[]>('archive:list', { text: 'ucbr8' })).toHaveLength(1);
    expect(await h.call('archive:open', { id: pdf.id })).toMatchObject({ url: `/archive/${pdf.id}.pdf` });
    await expect(h.call('archive:exportAgain', { id: pdf.id, confirmedCost: 0 })).rejects.toMatchObject({ code: 'OFFLINE' });
  });

  it('cancels while the API is still making the PDF; exporting again is free', async () => {
    h = await productionHarness({ pdfMs: 60_000 }, { pollDelayMs: () => 50 });
    const progress = progressOf('slow_one');
    const running = h.call('archive:export', { network: 'snapchat', account: 'slow_one', confirmedCost: 1 });
    await expect.poll(() => progress.some((p) => p.phase === 'generating')).toBe(true);
    expect(await h.call('archive:cancel', { network: 'snapchat', account: 'slow_one' })).toEqual({ cancelled: true });
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(progress.at(-1)).toMatchObject({ phase: 'finished', error: { code: 'CANCELLED' } });
    expect(h.sim.state.spent.credits).toBe(1);
    expect(await h.call<CostQuote>('archive:quote', { network: 'snapchat', account: 'slow_one' })).toMatchObject({ cost: 0 });
    expect(await h.call('archive:list', {})).toEqual([]);
  });
});

describe('PDF links are untrusted', () => {
  it('downloads plain http only from the simulator the workspace talks to: any other http link is refused, nothing archived', async () => {
    h = await productionHarness({ pdfMs: 20 });
    const ws = h.services.active();
    const dir = path.join(h.services.options.dataDir, 'elsewhere');
    // The same workspace's parts, but its API is not taken for a simulator on this computer.
    const strict = new ArchiveService({ reports: ws.reports, repo: new PdfsRepository(ws.db), paid: ws.paid, jobs: ws.jobs, dir, loopbackOrigin: async () => null, pollDelayMs: () => 20 });
    await expect(strict.export({ network: 'twitter', key: 'plain_link', apiName: 'plain_link', byUserId: false }, 1)).rejects.toThrow(/not https \(http:\)/);
    expect(fs.existsSync(dir)).toBe(false);
    expect(strict.list()).toEqual([]);
  });
});

describe('checkPdf', () => {
  it('wants the %PDF- header and at least one page, also inside compressed object streams', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    // pdf-lib packs objects into compressed object streams by default: the pages are only in there.
    const packed = await doc.save({ useObjectStreams: true });
    expect(Buffer.from(packed).toString('latin1')).not.toMatch(/\/Type\s*\/Page(?![A-Za-z])/);
    expect(checkPdf(packed)).toBe(2);
    expect(checkPdf(await doc.save({ useObjectStreams: false }))).toBe(2);
    expect(() => checkPdf(Buffer.from('<html>Access denied</html>'))).toThrow(/not a PDF/);
    expect(() => checkPdf(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Pages /Count 0 /Kids [] >> endobj\n%%EOF'))).toThrow(/no pages/);
  });

  it('reads a file on disk a window at a time and counts a page marker across a window edge exactly once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-pdfcheck-'));
    try {
      const window = 4 * 1024 * 1024;
      // Markers: one straddling the first window's edge, one inside the overlap the next window re-reads, one far on.
      const marker = '/Type /Page\n';
      const bytes = Buffer.alloc(3 * window, 0x20);
      bytes.write('%PDF-1.7\n', 0, 'latin1');
      for (const at of [window - 5, window + 100, 2 * window + 12345]) bytes.write(marker, at, 'latin1');
      const file = path.join(dir, 'big.pdf');
      fs.writeFileSync(file, bytes);
      expect(checkPdfFile(file)).toBe(3);
      expect(checkPdf(bytes)).toBe(3);
      // Packed into object streams, on disk.
      const doc = await PDFDocument.create();
      for (let i = 0; i < 3; i++) doc.addPage();
      fs.writeFileSync(file, await doc.save({ useObjectStreams: true }));
      expect(checkPdfFile(file)).toBe(3);
      fs.writeFileSync(file, '<html>Access denied</html>');
      expect(() => checkPdfFile(file)).toThrow(/not a PDF/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PDF downloads are capped', () => {
  it('stops an endless PDF with no length at the cap: nothing archived, no partial file left, exporting again is free', async () => {
    h = await productionHarness({ pdfMs: 20 });
    const ws = h.services.active();
    const dir = archiveDir();
    const cap = 3 * 1024 * 1024;
    const capped = new ArchiveService({ reports: ws.reports, repo: new PdfsRepository(ws.db), paid: ws.paid, jobs: ws.jobs, dir, loopbackOrigin: async () => h.sim.url, pollDelayMs: () => 20, maxPdfBytes: cap });
    const ref = { network: 'instagram' as const, key: 'brand_endless_pdf', apiName: 'brand_endless_pdf', byUserId: false };
    await expect(capped.export(ref, 1)).rejects.toMatchObject({ code: 'API_MALFORMED_RESPONSE', message: expect.stringMatching(/larger than 3 MB; Scout stopped downloading it and kept nothing/) });
    // The download stopped at the cap: the link sent no more than the cap and what the sockets held.
    const sent = h.sim.state.endlessPdfBytes;
    expect(sent).toBeGreaterThan(cap);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.sim.state.endlessPdfBytes).toBe(sent);
    expect(sent).toBeLessThan(cap + 16 * 1024 * 1024);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(capped.list()).toEqual([]);
    // Paid once; the report stays unlocked, so a second try costs nothing.
    expect(h.sim.state.spent.credits).toBe(1);
    expect(capped.quote(ref)).toMatchObject({ cost: 0 });
  });
});
