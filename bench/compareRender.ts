// compare.render10_ms: from opening a saved comparison of ten accounts (four networks and more)
// until its table is there and every chart on the page has drawn (data-rendered="true"), in
// headless Chromium against the built app in browser mode (goal ≤ 300 ms).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { CostQuote } from '../src/shared/reports';
import type { LatestSnapshot, SavedComparison } from '../src/shared/compare';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { percentile, type Figures } from './cache';
import { withServices } from './inProcess';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { startBrowserMode, type BrowserModeApp } from '../e2e/browserMode';

const root = path.resolve(__dirname, '..');
const TEN = [
  ['instagram', 'natgeo'],
  ['instagram', 'benchcmp2'],
  ['youtube', 'foodchannel'],
  ['youtube', 'benchcmp4'],
  ['tiktok', 'dancer'],
  ['twitch', 'shroud'],
  ['twitch', 'benchcmp7'],
  ['twitter', 'jack'],
  ['snapchat', 'snapper'],
  ['instagram', 'benchcmp10'],
] as const;
const rounds = 7;
const timeoutMs = 15_000;

/** Fetches the ten reports and saves a comparison of them, through the main services; returns its id. */
async function prepare(dataDir: string, simUrl: string): Promise<number> {
  return withServices(dataDir, simUrl, async (call) => {
    for (const [network, account] of TEN) {
      const quote = await call<CostQuote>('reports:quote', { network, account });
      await call('reports:fetch', { network, account, confirmedCost: quote.cost });
    }
    const latest = await call<LatestSnapshot[]>('compare:latest', { accounts: TEN.map(([network, account]) => ({ network, account })) });
    const saved = await call<SavedComparison>('compare:save', {
      name: 'Benchmark comparison',
      period: '30d',
      items: latest.map((l) => ({ network: l.network, account: l.accountKey, snapshotId: l.snapshotId, note: '' })),
    });
    return saved.id;
  });
}

// Runs in the page (a string: tsx would wrap inner functions in a helper the page lacks).
const measureInPage = `(route, timeoutMs) => new Promise((resolve, reject) => {
  let observer = null;
  let timer = 0;
  const t0 = performance.now();
  const check = () => {
    const table = document.querySelector('[data-testid="compare-table"]');
    const charts = document.querySelectorAll('[data-testid="compare-charts"] [data-testid="chart"]');
    if (!table || charts.length === 0) return;
    for (const chart of charts) if (chart.getAttribute('data-rendered') !== 'true') return;
    const ms = performance.now() - t0;
    observer.disconnect();
    clearTimeout(timer);
    resolve({ ms, charts: charts.length, columns: table.querySelectorAll('thead th[data-name]').length });
  };
  observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
  timer = setTimeout(() => {
    observer.disconnect();
    reject(new Error('the comparison ' + route + ' was not drawn after ' + timeoutMs + ' ms'));
  }, timeoutMs);
  location.hash = route;
})`;

export async function compareRenderFigures(figures: Figures): Promise<void> {
  for (const built of ['out/main/serve.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`compare.render10_ms needs the built app (${built} is missing): run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-compare-'));
  let sim: SimulatorHandle | undefined;
  let app: BrowserModeApp | undefined;
  let browser: Browser | undefined;
  try {
    sim = await startSimulator({ port: 0, generationMs: 0, credits: 100_000 });
    const id = await prepare(dataDir, sim.url);
    app = await startBrowserMode({ dataDir, keychainService: `scout-workbench-bench-${crypto.randomUUID()}`, args: ['--demo-api', sim.url] });
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs, headless: true });
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(app.launchUrl);
    await page.locator('main[aria-busy="false"]').waitFor({ timeout: timeoutMs });
    const times: number[] = [];
    let charts = 0;
    for (let round = 0; round < rounds + 1; round++) {
      await page.evaluate(`location.hash = '#/accounts'`);
      await page.locator('[data-testid="page-accounts"]').waitFor({ timeout: timeoutMs });
      const sample = await page.evaluate<{ ms: number; charts: number; columns: number }>(`(${measureInPage})(${JSON.stringify(`#/compare/${id}`)}, ${timeoutMs})`);
      if (sample.columns !== TEN.length) throw new Error(`the comparison showed ${sample.columns} columns, expected ${TEN.length}`);
      // The first round warms the page up (modules, fonts, the images' cache).
      if (round > 0) times.push(sample.ms);
      charts = sample.charts;
    }
    times.sort((a, b) => a - b);
    figures['compare.render10_ms'] = percentile(times, 50);
    figures['compare.render10_ms.p95'] = percentile(times, 95);
    figures['compare.render10.charts'] = charts;
  } finally {
    await browser?.close().catch(() => undefined);
    await app?.stop();
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
