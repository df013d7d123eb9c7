// Competitor analyses end to end in main, through the contract's dispatcher: created against the
// simulator over loopback (through the ledger's gate), checked until ready, every page of posts
// fetched into a real SQLite file, then filtered, sorted, searched and exported from the cache,
// also with the workspace offline.
import Papa from 'papaparse';
import { exportedBytes } from '../../../../test/exported';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../app/mainServices';
import type { SimulatorHandle } from '../../../simulator/server';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import type { CompetitorPostRow, CompetitorProgress } from '@shared/competitor';

let h: ProductionHarness;
let sim: SimulatorHandle;
let services: MainServices;
const progress: CompetitorProgress[] = [];
const call: ProductionHarness['result'] = (channel, request) => h.result(channel, request);
const ok: ProductionHarness['ok'] = (channel, request) => h.ok(channel, request);

beforeAll(async () => {
  h = await productionHarnessWith({ simOptions: { generationMs: 50, analysisMs: 600, seed: 'competitor-test' } });
  ({ sim, services } = h);
  services.events.subscribe((e) => {
    if (e.name === 'competitor:changed') progress.push(e.payload as CompetitorProgress);
  });
});

afterAll(() => h?.close());

describe('competitor analysis', () => {
  let id = '';
  let all: CompetitorPostRow[] = [];

  it('refuses bad fields by name before anything is sent', async () => {
    const before = sim.state.calls.get('marketanalysis') ?? 0;
    const r = await call('competitor:create', { username: 'bad name!', dateFrom: '2026-02-30', dateTo: '2026-01-01', audienceGeo: ['USA', 'zz'], hashtags: ['two words'], acceptMayCost: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_INPUT');
    expect(Object.keys(r.error.fields ?? {}).sort()).toEqual(['audienceGeo', 'dateFrom', 'hashtags', 'username']);
    const order = await call('competitor:create', { username: 'acme', dateFrom: '2026-03-01', dateTo: '2026-01-01', audienceGeo: [], hashtags: [], acceptMayCost: true });
    expect(!order.ok && order.error.fields?.dateTo).toMatch(/not be before/);
    expect(sim.state.calls.get('marketanalysis') ?? 0).toBe(before);
  });

  it('creates an analysis through the ledger, then checks it until it is ready', async () => {
    const created = await ok('competitor:create', {
      username: '@Acme_posts2300',
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      audienceGeo: ['us', 'GB'],
      hashtags: ['#acme', 'spring'],
      acceptMayCost: true,
    });
    id = created.reportId;
    expect(created.state).toBe(0);
    expect(created.audienceGeo).toEqual(['US', 'GB']);
    expect(created.hashtags).toEqual(['acme', 'spring']);
    expect(created.aggregates).toBeNull();
    const entry = services.active().ledger.open().length;
    expect(entry).toBe(0);
    const spending = await ok('ledger:spending', {});
    expect(JSON.stringify(spending)).toContain('acme_posts2300');

    let view = created;
    const deadline = Date.now() + 10_000;
    while (view.state !== 10 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 150));
      view = await ok('competitor:check', { id });
    }
    expect(view.state).toBe(10);
    expect(view.aggregates?.mentions).toBe(2300);
    expect(view.aggregates?.topHashtags.map((t) => t.title)).toContain('acme');
    expect((await ok('competitor:list', {})).map((a) => a.reportId)).toContain(id);
  });

  it('fetches every page of posts into the cache with progress, and only once', async () => {
    const view = await ok('competitor:fetchPosts', { id });
    expect(view.postsCached).toBe(2300);
    expect(view.postsComplete).toBe(true);
    const mine = progress.filter((p) => p.reportId === id);
    expect(mine.at(-1)).toMatchObject({ phase: 'finished', fetched: 2300, expected: 2300 });
    expect(mine.filter((p) => p.phase === 'posts').map((p) => p.fetched)).toEqual(expect.arrayContaining([500, 1000, 1500, 2000, 2300]));
    const calls = sim.state.calls.get('marketanalysis');
    await ok('competitor:fetchPosts', { id });
    expect(sim.state.calls.get('marketanalysis')).toBe(calls);
    expect(view.facets.paidTypes).toEqual(['likely sponsored', 'organic', 'sponsored']);
    expect(view.facets.accountTypes.length).toBeGreaterThan(0);

    const pages = [];
    for (let offset = 0; offset < 2300; offset += 1000) pages.push(...(await ok('competitor:posts', { id, offset, limit: 1000, sort: { key: 'date', order: 'asc' } })).rows);
    all = pages;
    expect(all).toHaveLength(2300);
    expect(new Set(all.map((p) => p.index)).size).toBe(2300);
    // The string forms were read into numbers.
    expect(all.every((p) => typeof p.er === 'number' && typeof p.estBudget === 'number' && typeof p.verified === 'boolean')).toBe(true);
  });

  it('filters and sorts in SQLite like the same rules applied by hand', async () => {
    const filters = { paidTypes: ['sponsored'], followersMin: 10_000, erMin: 0.5, dateFrom: '2026-02-01', dateTo: '2026-02-28' };
    const expected = all.filter(
      (p) => p.paidType === 'sponsored' && (p.followers ?? -1) >= 10_000 && (p.er ?? -1) >= 0.5 && p.postDate! >= '2026-02-01' && p.postDate! <= '2026-02-28',
    );
    const page = await ok('competitor:posts', { id, filters, sort: { key: 'followers', order: 'desc' }, limit: 1000 });
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows.map((r) => r.index).sort()).toEqual(expected.map((r) => r.index).sort());
    const followers = page.rows.map((r) => r.followers!);
    expect(followers).toEqual([...followers].sort((a, b) => b - a));

    const country = all[0]!.country!;
    const byCountry = await ok('competitor:posts', { id, filters: { countries: [country.toLowerCase()], accountTypes: ['Brand'] }, limit: 1 });
    expect(byCountry.total).toBe(all.filter((p) => p.country === country && p.accountType === 'Brand').length);
  });

  it('searches captions and accounts with the full-text index', async () => {
    const loving = await ok('competitor:posts', { id, filters: { text: 'loving' }, limit: 1000 });
    expect(loving.total).toBe(all.filter((p) => /loving/i.test(p.caption ?? '')).length);
    expect(loving.total).toBeGreaterThan(0);
    const account = all[7]!.account!;
    const byAccount = await ok('competitor:posts', { id, filters: { text: account }, limit: 1000 });
    expect(byAccount.rows.map((r) => r.account)).toContain(account);
    expect(byAccount.total).toBeLessThan(2300);
    expect((await ok('competitor:posts', { id, filters: { text: '!!' } })).total).toBe(0);
  });

  it('reads everything from the cache offline, and exports what the filters show', async () => {
    await services.active().setManualOffline(true);
    try {
      const calls = sim.state.calls.get('marketanalysis');
      expect((await ok('competitor:get', { id }))?.postsCached).toBe(2300);
      expect((await ok('competitor:posts', { id, filters: { paidTypes: ['organic'] } })).total).toBe(all.filter((p) => p.paidType === 'organic').length);
      const check = await call('competitor:check', { id });
      expect(!check.ok && check.error.code).toBe('OFFLINE');

      const csv = await ok('exports:save', { runId: 'posts-csv', format: 'csv', subject: { kind: 'competitor', id, filters: { paidTypes: ['sponsored'] }, sort: { key: 'likes', order: 'desc' } } });
      const text = exportedBytes(services, csv).toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
      const sponsored = all.filter((p) => p.paidType === 'sponsored');
      expect(parsed.data).toHaveLength(sponsored.length);
      expect(new Set(parsed.data.map((r) => r['Paid type']))).toEqual(new Set(['sponsored']));
      const likes = parsed.data.map((r) => Number(r.Likes));
      expect(likes).toEqual([...likes].sort((a, b) => b - a));

      // The workbook carries the agency saved in Settings → Your agency at the time it is made.
      await ok('agency:set', { name: 'Northwind Research', accent: '#7a1f5c' });
      const xlsx = await ok('exports:save', { runId: 'posts-xlsx', format: 'xlsx', subject: { kind: 'competitor', id } });
      expect(xlsx).toMatchObject({ outcome: 'download', rows: 2300, fileName: expect.stringMatching(/^competitor-.+\.xlsx$/) });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(exportedBytes(services, xlsx) as unknown as ArrayBuffer);
      // The title block (2 rows) and the header row, then one row per post.
      expect(wb.getWorksheet('Posts')!.rowCount).toBe(2303);
      const summary = wb.getWorksheet('Summary')!;
      const titleBlock = [1, 2].map((r) => summary.getRow(r).values as unknown[]).flat().map(String).join(' ');
      expect(titleBlock).toContain('Northwind Research');
      const labels = (summary.getColumn(1).values as unknown[]).map(String);
      expect(summary.getCell(labels.indexOf('Posts in this file'), 2).value).toBe(2300);
      // Categories as the analysis names them, never a number standing for one.
      const posts = wb.getWorksheet('Posts')!;
      const category = (posts.getRow(3).values as unknown[]).indexOf('Category');
      const categories = new Set<string>();
      for (let r = 4; r <= posts.rowCount; r++) if (posts.getCell(r, category).value !== null) categories.add(String(posts.getCell(r, category).value));
      expect([...categories].sort()).toEqual([...new Set(all.flatMap((p) => (p.accountCategory === null ? [] : [p.accountCategory.replace(/_+/g, ' ')])))].sort());
      expect(sim.state.calls.get('marketanalysis')).toBe(calls);
    } finally {
      await services.active().setManualOffline(false);
    }
  });

  it('keeps what was fetched when cancelled, and goes on from there', async () => {
    const created = await ok('competitor:create', { username: 'big_posts4000', dateFrom: '2026-01-01', dateTo: '2026-01-31', audienceGeo: [], hashtags: [], acceptMayCost: true });
    let view = created;
    while (view.state !== 10) {
      await new Promise((r) => setTimeout(r, 150));
      view = await ok('competitor:check', { id: created.reportId });
    }
    const stopAfterFirst = services.events.subscribe((e) => {
      const p = e.payload as CompetitorProgress;
      if (e.name === 'competitor:changed' && p.reportId === created.reportId && p.phase === 'posts' && p.fetched >= 500) void call('competitor:cancelPosts', { id: created.reportId });
    });
    const first = await call('competitor:fetchPosts', { id: created.reportId });
    stopAfterFirst();
    expect(!first.ok && first.error.code).toBe('CANCELLED');
    const kept = (await ok('competitor:get', { id: created.reportId }))!;
    expect(kept.postsCached).toBeGreaterThanOrEqual(500);
    expect(kept.postsCached).toBeLessThan(4000);
    expect(kept.postsComplete).toBe(false);
    const done = await ok('competitor:fetchPosts', { id: created.reportId });
    expect(done.postsCached).toBe(4000);
  });
});
