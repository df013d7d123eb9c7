// Discovery's crawl figure (group `discovery`): discovery.crawl500_s, the seconds to fetch 500
// production pages of one query (the most the API serves) from the simulator through the app's
// own `discovery:run`: each page through the balance gate (planInfo before and after, the ledger
// written before sending), saved into the real cache as it arrives. The simulator enforces no
// rate limit on search (only the TikTok report's 100 a minute); the run goes through the
// transport's queue like every call, and a 429 would be retried as the transport does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSimulator } from '../src/simulator/server';
import type { DiscoveryQuote, DiscoveryResults, DiscoveryRunResult } from '../src/shared/discoveryData';
import type { Figures } from './cache';
import { withServices } from './inProcess';

const body = { social_network: 'youtube' };

export async function discoveryFigures(figures: Figures): Promise<void> {
  const sim = await startSimulator({ port: 0, discovery: 1000 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-discovery-'));
  try {
    await withServices(dataDir, sim.url, async (call) => {
      const quote = await call<DiscoveryQuote>('discovery:quote', { body, sandbox: false, fromPage: 1, toPage: 500 });
      if (quote.calls !== 500) throw new Error(`expected a quote of 500 calls, got ${quote.calls}`);
      const started = performance.now();
      const run = await call<DiscoveryRunResult>('discovery:run', { runId: 'bench', body, sandbox: false, fromPage: 1, toPage: 500, confirmedCalls: 500, workspace: 'demo' });
      figures['discovery.crawl500_s'] = (performance.now() - started) / 1000;
      if (run.outcome !== 'finished' || run.pagesFetched !== 500 || run.callsSpent !== 500) {
        throw new Error(`the crawl ended ${run.outcome} after ${run.pagesFetched} pages (${run.message ?? 'no message'})`);
      }
      if (sim.state.spent.discoveryRequests !== 500) throw new Error(`the simulator charged ${sim.state.spent.discoveryRequests} discovery calls, not 500`);
      // Reading the 10,000 cached rows back (what the results table asks for), offline-capable.
      const read = performance.now();
      const results = await call<DiscoveryResults>('discovery:results', { body, sandbox: false });
      figures['discovery.results10k_ms'] = performance.now() - read;
      if (results.rows.length !== 10_000) throw new Error(`expected 10,000 cached rows, have ${results.rows.length}`);
    });
  } finally {
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
