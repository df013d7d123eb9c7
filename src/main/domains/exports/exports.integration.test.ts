// Exports written by main from the cache, against the simulator over loopback, a real SQLite file
// and browser mode's real HTTP server: each page's file in the page's order, handed out once at
// its own address behind the session, cancelled with nothing left, worded when it cannot be
// written, and written in slices so main keeps answering.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitorAnalysisView } from '@shared/competitor';
import type { LatestSnapshot } from '@shared/compare';
import type { ExportProgress, ExportResult } from '@shared/exports';
import { orderRows } from '@shared/discoveryResultOrder';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import { exportedBytes } from '../../../../test/exported';
import { startLoopbackServer, type LoopbackServer } from '../../host/loopbackHttp';
import { JobRegistry } from '../../kernel/jobs';
import { Logger } from '../../platform/log';
import { ExportService, type ExportPlan } from './exportService';
import { DOWNLOAD_TTL_MS, DownloadShelf } from '../../platform/files/downloadShelf';

let h: ProductionHarness;
let server: LoopbackServer;
let session: string;
let analysis: CompetitorAnalysisView;
const progress: ExportProgress[] = [];
const body = { social_network: 'instagram', subscribers_count: { from: 20_000 } };

beforeAll(async () => {
  // A whole second for an answer (the harness's usual) is short when CI runs this beside other
  // suites: a discovery page that took longer left the query without results (a run's failure is
  // an outcome, not an error), and every export of it had nothing to write.
  h = await productionHarnessWith({
    simOptions: { generationMs: 30, analysisMs: 0 },
    services: {
      apiTimeoutMs: 15_000,
      transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } },
      polling: { pollDelayMs: () => 20, maxWaitMs: 30_000 },
    },
  });
  h.services.events.subscribe((e) => {
    if (e.name === 'exports:changed') progress.push(e.payload as ExportProgress);
  });
  server = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger: new Logger('error'), download: (token) => h.services.downloads.take(token) });
  session = server.createSession();
  for (const [network, account] of [['instagram', 'nasa'], ['youtube', 'mkbhd'], ['twitch', 'some_streamer']] as const) {
    const quote = await h.ok('reports:quote', { network, account });
    await h.ok('reports:fetch', { network, account, confirmedCost: quote.cost });
  }
  const run = await h.ok('discovery:run', { runId: 'exports-page', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production' });
  if (run.outcome !== 'finished') throw new Error(`the discovery page for the exports was not fetched: ${run.outcome} (${run.message ?? 'no message'})`);
  await h.ok('lists:sync', { listId: 3 });
  await h.ok('creators:sync', {});
  analysis = await h.ok('competitor:create', { username: 'acme_posts5000', dateFrom: '2026-01-01', dateTo: '2026-03-31', audienceGeo: [], hashtags: ['acme'], acceptMayCost: true });
  await h.ok('competitor:check', { id: analysis.reportId });
  await h.ok('competitor:fetchPosts', { id: analysis.reportId });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await h?.close();
});

/** Fetches an export's address as the browser does, with the session cookie's bearer twin. */
const fetchDownload = (result: ExportResult) => fetch(`${server.origin}${result.downloadUrl}`, { headers: { authorization: `Bearer ${session}` } });

describe('exports in browser mode', () => {
  it('writes a discovery query in the table order, hands it out once under its name, then deletes it', async () => {
    const results = await h.ok('discovery:results', { body, sandbox: false });
    const sort = { key: 'followers' as const, order: 'asc' as const };
    const result = await h.ok('exports:save', { runId: 'discovery-csv', format: 'csv', subject: { kind: 'discovery', title: 'Big accounts: US/UK', body, sandbox: false, page: null, sort, rows: [] } });
    expect(result).toMatchObject({ outcome: 'download', fileName: 'Big accounts US UK.csv', rows: results.rows.length, savedTo: null });
    expect(result.downloadUrl).toMatch(/^\/exports\/[A-Za-z0-9_-]{43}$/);
    const file = path.join(h.services.options.dataDir, 'exports', result.downloadUrl!.slice('/exports/'.length));
    expect(fs.statSync(file).size).toBe(result.bytes);

    // Only with the session.
    expect((await fetch(`${server.origin}${result.downloadUrl}`)).status).toBe(401);
    const answer = await fetchDownload(result);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Big accounts US UK.csv"; filename*=UTF-8''Big%20accounts%20US%20UK.csv`);
    const text = await answer.text();
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => r.Username)).toEqual(orderRows(results.rows, sort).map((r) => r.username ?? ''));
    // Handed out once: the address answers nothing more, and the file is gone.
    expect((await fetchDownload(result)).status).toBe(404);
    await expect.poll(() => fs.existsSync(file)).toBe(false);

    // The ticked rows only, in the table's order; a name made safe from any title.
    const ticked = [results.rows[3]!.key, results.rows[0]!.key];
    const some = await h.ok('exports:save', { runId: 'discovery-xlsx', format: 'xlsx', subject: { kind: 'discovery', title: 'a\u202Eexe', body, sandbox: false, page: 1, sort: null, rows: ticked } });
    expect(some).toMatchObject({ fileName: 'aexe.xlsx', rows: 2 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await fetchDownload(some)).arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Results')!;
    expect([4, 5].map((r) => (sheet.getCell(r, 2).value as string | null) ?? '')).toEqual([results.rows[0]!.username, results.rows[3]!.username]);
  });

  it('orders a discovery file and a list file by the research status, as their tables do', async () => {
    const results = await h.ok('discovery:results', { body, sandbox: false });
    const [a, b] = [results.rows[4]!, results.rows[1]!];
    await h.ok('notes:set', { network: a.network, account: a.account!, note: '', tags: [], status: 'approved' });
    await h.ok('notes:set', { network: b.network, account: b.account!, note: '', tags: [], status: 'considering' });
    const sorted = await h.ok('exports:save', { runId: 'discovery-status', format: 'csv', subject: { kind: 'discovery', title: 'By status', body, sandbox: false, page: null, sort: { key: 'status', order: 'asc' }, rows: [] } });
    const names = Papa.parse<Record<string, string>>(exportedBytes(h.services, sorted).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data.map((r) => r.Username);
    // Considering before Approved (the steps' order), then the rest in the API's order.
    expect(names.slice(0, 2)).toEqual([b.username, a.username]);
    expect(names.slice(2)).toEqual(results.rows.filter((r) => r !== a && r !== b).map((r) => r.username ?? ''));

    const items = await h.ok('lists:items', { listId: 3 });
    const item = items.find((i) => i.network && i.account && i.position > 0)!;
    await h.ok('notes:set', { network: item.network!, account: item.account!, note: '', tags: [], status: 'contacted' });
    const list = await h.ok('exports:save', { runId: 'list-status', format: 'csv', subject: { kind: 'list', listId: 3, sort: { key: 'status', order: 'asc' }, rows: [] } });
    const first = Papa.parse<Record<string, string>>(exportedBytes(h.services, list).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data[0]!;
    expect(Object.values(first)).toContain(item.username ?? item.account);

    // The pages' status and tag filters, applied by main as the pages apply them (no list of row keys, whatever the list's size).
    const contacted = await h.ok('exports:save', { runId: 'list-contacted', format: 'csv', subject: { kind: 'list', listId: 3, sort: null, status: 'contacted', rows: [] } });
    expect(contacted.rows).toBe(1);
    exportedBytes(h.services, contacted);
    const without = await h.ok('exports:save', { runId: 'list-none', format: 'csv', subject: { kind: 'list', listId: 3, sort: null, status: 'none', rows: [] } });
    expect(without.rows).toBe(items.length - 1);
    exportedBytes(h.services, without);
    await h.ok('notes:set', { network: a.network, account: a.account!, note: '', tags: ['Spring'], status: 'approved' });
    const tagged = await h.ok('exports:save', { runId: 'discovery-tag', format: 'csv', subject: { kind: 'discovery', title: 'Spring', body, sandbox: false, page: null, sort: null, tag: 'spring', rows: [] } });
    expect(Papa.parse<Record<string, string>>(exportedBytes(h.services, tagged).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data.map((r) => r.Username)).toEqual([a.username]);
  });

  it('writes a list, the creators and a comparison from the cache as their pages show them', async () => {
    const items = await h.ok('lists:items', { listId: 3 });
    const list = await h.ok('exports:save', { runId: 'list', format: 'csv', subject: { kind: 'list', listId: 3, sort: { key: 'followers', order: 'desc' }, rows: [] } });
    expect(list).toMatchObject({ fileName: 'List 3.csv', rows: items.length });
    const followers = Papa.parse<Record<string, string>>(exportedBytes(h.services, list).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data.map((r) => r.Followers);
    const numbers = followers.filter((f) => f !== '').map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const creators = await h.ok('creators:list', {});
    const sheet = await h.ok('exports:save', { runId: 'creators', format: 'xlsx', subject: { kind: 'creators' } });
    expect(sheet).toMatchObject({ fileName: 'Creators.xlsx', rows: creators.length });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exportedBytes(h.services, sheet) as unknown as ArrayBuffer);
    expect(book.getWorksheet('Creators')!.rowCount).toBe(3 + creators.length);

    const latest = await h.ok('compare:latest', { accounts: [{ network: 'instagram', account: 'nasa' }, { network: 'youtube', account: 'mkbhd' }, { network: 'twitch', account: 'some_streamer' }] });
    const items3 = latest.map((l: LatestSnapshot, i) => ({ snapshotId: l.snapshotId, note: i === 0 ? 'Strong in the US' : '' }));
    const compare = await h.ok('exports:save', { runId: 'compare', format: 'xlsx', subject: { kind: 'compare', title: 'Space & tech', period: '30d', items: items3 } });
    expect(compare).toMatchObject({ outcome: 'download', fileName: 'Space & tech.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exportedBytes(h.services, compare) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toContain('Sources');
    expect(wb.getWorksheet('Summary')!.getCell(8, 2).value).toBe('Strong in the US');
    // A comparison's CSV names the agency saved in Settings.
    await h.ok('agency:set', { name: 'Northwind Research', accent: '#7a1f5c' });
    const csv = await h.ok('exports:save', { runId: 'compare-csv', format: 'csv', subject: { kind: 'compare', title: 'Space & tech', period: '30d', items: items3 } });
    expect(exportedBytes(h.services, csv).toString('utf8')).toContain('Prepared by Northwind Research');
  });

  it('refuses what is not in the cache with words, and leaves the print to the page', async () => {
    await expect(h.call('exports:save', { runId: 'gone', format: 'csv', subject: { kind: 'list', listId: 77, sort: null, rows: [] } })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'That list is not in this workspace: sync it first.' });
    await expect(h.call('exports:save', { runId: 'none', format: 'csv', subject: { kind: 'creators', text: 'no creator is called this' } })).rejects.toMatchObject({ message: expect.stringMatching(/nothing to export: no creator matches/) });
    await expect(h.call('exports:save', { runId: '../x', format: 'csv', subject: { kind: 'creators' } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await h.ok('compare:printPdf', { suggestedName: 'sheet.pdf' })).toEqual({ openedByHost: false, savedTo: null });
  });

  it('says how far a large export has got, and a cancel leaves nothing behind', async () => {
    const runId = 'posts-cancelled';
    const running = h.call('exports:save', { runId, format: 'xlsx', subject: { kind: 'competitor', id: analysis.reportId } });
    await expect.poll(() => progress.some((p) => p.runId === runId && p.phase === 'writing' && p.done > 0), { timeout: 15_000 }).toBe(true);
    // The rows of every sheet: the posts and the Summary's figures.
    expect(progress.find((p) => p.runId === runId && p.done > 0)).toMatchObject({ workspace: 'production', total: expect.any(Number) });
    expect(progress.find((p) => p.runId === runId && p.done > 0)!.total).toBeGreaterThan(5000);
    expect(await h.ok('exports:cancel', { runId })).toEqual({ cancelled: true });
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED', message: expect.stringMatching(/was not written/) });
    expect(progress.filter((p) => p.runId === runId).at(-1)).toMatchObject({ phase: 'finished', error: { code: 'CANCELLED' } });
    expect(fs.readdirSync(path.join(h.services.options.dataDir, 'exports'))).toEqual([]);
    expect(await h.ok('exports:cancel', { runId })).toEqual({ cancelled: false });
  });

  it('writes 5,000 posts in slices: timers keep running while it writes', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    try {
      const result = await h.ok('exports:save', { runId: 'posts', format: 'xlsx', subject: { kind: 'competitor', id: analysis.reportId, sort: { key: 'likes', order: 'desc' } } });
      expect(result.rows).toBe(5000);
      exportedBytes(h.services, result);
    } finally {
      clearInterval(ticking);
    }
    // A workbook written in one block would let no timer run until it was done.
    expect(turns).toBeGreaterThan(20);
  });
});

describe('what an export does with a failure', () => {
  it('a full disk mid-file: said as one, the partial file removed, nothing on the shelf', async () => {
    const dir = fs.mkdtempSync(path.join(h.services.options.dataDir, 'full-'));
    const events: unknown[] = [];
    const jobs = new JobRegistry('demo', (name, payload) => events.push({ name, payload }));
    const service = new ExportService({ jobs, brand: () => ({ name: '', accent: '' }) });
    const rows = Array.from({ length: 2000 }, (_, i) => i);
    const plan: ExportPlan = {
      name: 'Full disk',
      title: 'Full disk',
      describe: 'a test',
      rows: rows.length,
      xlsx: () => [],
      csv: () => ({
        head: [['n']],
        rows: async function* () {
          yield* [rows.slice(0, 1000)];
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
        line: (n: number) => [n],
      }),
    };
    const target = path.join(dir, 'full.csv');
    await expect(service.save('full', 'csv', plan, { kind: 'dialog', choose: async () => target })).rejects.toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/disk is full/) });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ name: 'exports:changed', payload: { runId: 'full', phase: 'finished', error: { code: 'DISK_FULL' } } });
  });

  it('a download not fetched within half an hour is deleted', () => {
    let now = 1_000_000;
    const shelf = new DownloadShelf(fs.mkdtempSync(path.join(h.services.options.dataDir, 'shelf-')), () => now);
    const { file, token } = shelf.place('a.csv', 'text/csv');
    fs.writeFileSync(file, 'a');
    now += DOWNLOAD_TTL_MS + 1;
    shelf.sweep();
    expect(fs.existsSync(file)).toBe(false);
    expect(shelf.take(token)).toBeNull();
  });
});
