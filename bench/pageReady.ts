// Report page figures: from navigating to a cached report's route until its h1 is there and
// every chart on it has drawn (the Chart component's data-rendered="true"), in headless
// Chromium against the built app in browser mode (goal: p95 ≤ 150 ms with every chart drawn, fifteen on an Instagram page).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Network } from '../src/main/platform/api/types';
import type { CostQuote } from '../src/shared/reports';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { percentile, type Figures } from './cache';
import { withServices } from './inProcess';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { startBrowserMode, type BrowserModeApp } from '../e2e/browserMode';

const root = path.resolve(__dirname, '..');
const pageNetworks: Network[] = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'];
const accountsPerNetwork = 3;
const rounds = 5;
const warmUps = 2;
const timeoutMs = 10_000;

interface Target {
  network: Network;
  account: string;
  route: string;
}

/** Fetches every target's report through the main services, so the data folder holds them cached. */
async function fillCache(dataDir: string, simUrl: string, targets: Target[]): Promise<void> {
  await withServices(dataDir, simUrl, (call) =>
    Promise.all(
      targets.map(async ({ network, account }) => {
        const quote = await call<CostQuote>('reports:quote', { network, account });
        await call('reports:fetch', { network, account, confirmedCost: quote.cost });
      }),
    ),
  );
}

// Runs in the page. A string rather than a function: tsx (esbuild keepNames) would wrap inner
// functions in a `__name` helper the page does not have, and this project has no DOM types.
// A MutationObserver sees the h1 and each data-rendered flip as they happen, not a frame later.
const measureInPage = `(route, report, minCharts, timeoutMs) => new Promise((resolve, reject) => {
  let observer = null;
  let timer = 0;
  const t0 = performance.now();
  const check = () => {
    const view = document.querySelector('[data-testid="report-view"][data-report="' + report + '"]');
    if (!view || !view.querySelector('#page-title')) return;
    const charts = view.querySelectorAll('[data-testid="chart"]');
    if (charts.length < minCharts) return;
    for (const chart of charts) if (chart.getAttribute('data-rendered') !== 'true') return;
    const ms = performance.now() - t0;
    observer.disconnect();
    clearTimeout(timer);
    resolve({ ms, charts: charts.length });
  };
  observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
  timer = setTimeout(() => {
    observer.disconnect();
    const view = document.querySelector('[data-testid="report-view"][data-report="' + report + '"]');
    const charts = view ? Array.from(view.querySelectorAll('[data-testid="chart"]')) : [];
    const state = !view
      ? 'no [data-testid="report-view"]'
      : charts.length < minCharts
        ? 'the report view has ' + charts.length + ' [data-testid="chart"], expected ' + minCharts
        : charts.length + ' charts, data-rendered: ' + charts.map((c) => c.getAttribute('data-rendered')).join(',');
    reject(new Error('report page ' + route + ' not ready after ' + timeoutMs + ' ms (' + state + ')'));
  }, timeoutMs);
  location.hash = route;
  check();
})`;

async function showLibrary(page: Page): Promise<void> {
  await page.evaluate(`location.hash = '#/accounts'`);
  await page.locator('[data-testid="page-accounts"] [data-testid="library-count"]').filter({ hasText: /\d/ }).waitFor({ timeout: timeoutMs });
}

/**
 * Navigates to `target` (from the library, or straight from the report on screen); resolves once
 * its report view and at least `minCharts` charts, all drawn, are there.
 */
async function measure(page: Page, target: Target, minCharts: number, from: 'library' | 'report'): Promise<{ ms: number; charts: number }> {
  if (from === 'library') await showLibrary(page);
  const report = `${target.network}/${target.account.toLowerCase()}`;
  return page.evaluate<{ ms: number; charts: number }>(`(${measureInPage})(${JSON.stringify(target.route)}, ${JSON.stringify(report)}, ${minCharts}, ${timeoutMs})`);
}

export async function pageReadyFigures(figures: Figures): Promise<void> {
  for (const built of ['out/main/serve.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(path.join(root, built))) {
      throw new Error(`The report page benchmark needs the built app (${built} is missing): run \`npm run build\` first.`);
    }
  }
  const targets: Target[] = pageNetworks.flatMap((network) =>
    Array.from({ length: accountsPerNetwork }, (_, i) => {
      const account = `benchpage${i + 1}`;
      return { network, account, route: `#/accounts/${network}/${encodeURIComponent(account.toLowerCase())}` };
    }),
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-page-'));
  let sim: SimulatorHandle | undefined;
  let app: BrowserModeApp | undefined;
  let browser: Browser | undefined;
  try {
    sim = await startSimulator({ port: 0, generationMs: 0, credits: 100_000 });
    await fillCache(dataDir, sim.url, targets);
    const served = await startBrowserMode({ dataDir, keychainService: `scout-workbench-bench-${crypto.randomUUID()}`, args: ['--demo-api', sim.url] });
    app = served;
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs, headless: true });
    const page = await browser.newPage();
    await page.goto(served.launchUrl);
    await page.locator('main[aria-busy="false"]').waitFor({ timeout: timeoutMs });

    // Warm-up, and how many charts each page has: the report view mounts its charts in the same
    // render as its h1, so a page that has its h1 and no chart has none (the simulator's Twitter
    // reports, for one). The timed rounds then wait for that many, and at least one page must have some.
    for (let i = 0; i < warmUps; i++) await measure(page, targets[i % targets.length]!, 0, 'library');
    const expected = new Map<string, number>();
    for (const target of targets) expected.set(target.route, (await measure(page, target, 0, 'library')).charts);
    if (![...expected.values()].some((n) => n > 0)) {
      throw new Error('No report page showed a [data-testid="chart"]: the report page benchmark measures chart rendering.');
    }
    const all: number[] = [];
    const fromReport: number[] = [];
    const perNetwork = new Map<Network, number[]>();
    let charts = 0;
    for (let round = 0; round < rounds; round++) {
      process.stderr.write(`\r  report page ready: round ${round + 1}/${rounds}`);
      for (const [i, target] of targets.entries()) {
        // Every other page straight from the previous report: a route change that keeps the page mounted.
        const from = i % 2 === 1 ? 'report' : 'library';
        const sample = await measure(page, target, expected.get(target.route)!, from);
        all.push(sample.ms);
        if (from === 'report') fromReport.push(sample.ms);
        charts += sample.charts;
        perNetwork.set(target.network, [...(perNetwork.get(target.network) ?? []), sample.ms]);
      }
    }
    process.stderr.write('\n');
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    figures['report.page_ready_ms.p50'] = percentile(sorted(all), 50);
    figures['report.page_ready_ms.p95'] = percentile(sorted(all), 95);
    figures['report.page_ready_ms.max'] = Math.max(...all);
    figures['report.page_ready_ms.from_report.p95'] = percentile(sorted(fromReport), 95);
    for (const [network, samples] of perNetwork) figures[`report.page_ready_ms.${network}.p95`] = percentile(sorted(samples), 95);
    figures['report.page_ready.charts_per_page'] = charts / all.length;
    figures['report.page_ready.pages_without_charts'] = [...expected.values()].filter((n) => n === 0).length;
  } finally {
    await browser?.close().catch(() => undefined);
    await app?.stop();
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
