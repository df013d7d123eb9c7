// discovery.scroll10k_max_frame_ms (group `discovery-ui`): a saved query's 10,000 cached results
// (500 pages of 20) scrolled end to end in the Discovery page's virtualised table, in headless
// Chromium against the built app in browser mode. Frames are the gaps between
// requestAnimationFrame callbacks while the table scrolls a fixed distance each frame; the goal is
// no frame over 50 ms. The 500 pages are the simulator's real answers, put in the cache through
// the repository (as a crawl would leave them) rather than crawled through the ledger.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { DiscoveryRepository } from '../src/main/domains/discovery/discoveryRepository';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { discoveryRequestBody, validateDiscoveryQuery, type DiscoveryBody } from '../src/shared/discovery';
import type { SavedDiscoveryQuery } from '../src/shared/discoveryData';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { percentile, type Figures } from './cache';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { startBrowserMode, type BrowserModeApp } from '../e2e/browserMode';

const root = path.resolve(__dirname, '..');
const PAGES = 500;
const ROWS = PAGES * 20;
const QUERY_NAME = 'Benchmark: 10,000 Instagram accounts';
/** Pixels scrolled per frame: about 27 rows, so every frame shows rows not drawn before. */
const STEP_PX = 1200;
const timeoutMs = 30_000;

/** Asks the simulator for every page of the query (its real answers) and keeps them in the workspace's cache; saves the query. */
async function seed(dataDir: string, sim: SimulatorHandle): Promise<void> {
  const valid = validateDiscoveryQuery({ social_network: 'instagram' });
  if (!valid.ok) throw new Error(`the benchmark's query is refused: ${JSON.stringify(valid.errors)}`);
  const body: DiscoveryBody = valid.body;
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger, demoApiUrl: sim.url });
  try {
    const dispatch = createDispatcher(createHandlers(services), logger);
    const saved = await dispatch('discovery:saveQuery', { name: QUERY_NAME, body });
    if (!saved.ok) throw new Error(`discovery:saveQuery failed: ${saved.error.code}: ${saved.error.message}`);
    const repo = new DiscoveryRepository(services.active().db);
    const at = Date.now();
    for (let page = 1; page <= PAGES; page++) {
      const query = discoveryRequestBody((saved.value as SavedDiscoveryQuery).body, page);
      const response = await fetch(`${sim.url}/api/method/auditor.search/?v=2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-id': 'demo', 'x-auth-token': 'demo-token' },
        body: JSON.stringify(query),
      });
      const answer = (await response.json()) as { result?: Record<string, unknown> };
      if (!response.ok || !answer.result) throw new Error(`the simulator answered page ${page} with ${response.status}`);
      repo.savePage(query, answer.result, at);
    }
  } finally {
    await services.close();
  }
}

// Runs in the page (a string: tsx would wrap inner functions in a helper the page lacks). Scrolls
// the results by STEP px a frame to the end, then back to the top, timing every frame.
const scrollInPage = `(step, rows, timeoutMs) => new Promise((resolve, reject) => {
  const el = document.querySelector('[data-testid="results-scroll"]');
  if (!el) return reject(new Error('no results table on the page'));
  const deltas = [];
  let last = performance.now();
  let direction = 1;
  let sawLast = false;
  const t0 = last;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    if (now - t0 > timeoutMs) return reject(new Error('the scroll did not finish in ' + timeoutMs + ' ms'));
    if (direction === 1) {
      if (el.querySelector('tr[aria-rowindex="' + (rows + 1) + '"]')) sawLast = true;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 && sawLast) direction = -1;
      el.scrollTop = el.scrollTop + step;
    } else {
      if (el.scrollTop <= 0) return resolve({ deltas: deltas.slice(1), sawLast, height: el.scrollHeight, rowsInDocument: el.querySelectorAll('tr[data-index]').length });
      el.scrollTop = Math.max(0, el.scrollTop - step);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

export async function discoveryScrollFigures(figures: Figures): Promise<void> {
  for (const built of ['out/main/serve.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`discovery.scroll10k needs the built app (${built} is missing): run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-discovery-'));
  let sim: SimulatorHandle | undefined;
  let app: BrowserModeApp | undefined;
  let browser: Browser | undefined;
  try {
    sim = await startSimulator({ port: 0, generationMs: 0, discovery: PAGES + 100 });
    await seed(dataDir, sim);
    app = await startBrowserMode({ dataDir, keychainService: `scout-workbench-bench-${crypto.randomUUID()}`, args: ['--demo-api', sim.url] });
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs, headless: true });
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(app.launchUrl);
    await page.locator('main[aria-busy="false"]').waitFor({ timeout: timeoutMs });
    await page.evaluate(`location.hash = '#/discovery'`);
    await page.getByTestId('saved-query').filter({ hasText: QUERY_NAME }).getByRole('button', { name: QUERY_NAME }).click();
    await page.getByTestId('mode-production').check();
    await page.getByTestId('results-count').filter({ hasText: `${ROWS.toLocaleString('en-US')} accounts` }).waitFor({ timeout: timeoutMs });
    await page.getByTestId('results-scroll').scrollIntoViewIfNeeded();

    const runs: number[][] = [];
    // The first pass warms the page up (JIT, layout caches); two timed passes follow.
    for (let pass = 0; pass < 3; pass++) {
      const result = await page.evaluate<{ deltas: number[]; sawLast: boolean; rowsInDocument: number }>(`(${scrollInPage})(${STEP_PX}, ${ROWS}, ${timeoutMs})`);
      if (!result.sawLast) throw new Error('the scroll never showed the last of the 10,000 rows');
      if (result.rowsInDocument > 200) throw new Error(`${result.rowsInDocument} rows in the document: the table is not virtualised`);
      if (pass > 0) runs.push(result.deltas);
    }
    const all = runs.flat().sort((a, b) => a - b);
    figures['discovery.scroll10k_max_frame_ms'] = all[all.length - 1]!;
    figures['discovery.scroll10k_frame_ms.p95'] = percentile(all, 95);
    figures['discovery.scroll10k_frame_ms.p50'] = percentile(all, 50);
    figures['discovery.scroll10k_frames'] = all.length / runs.length;
  } finally {
    await browser?.close().catch(() => undefined);
    await app?.stop();
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
