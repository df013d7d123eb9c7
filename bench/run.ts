// `npm run bench [-- --json FILE]`: Scout's speed and memory figures. Figures, not pass/fail:
// these machines are noisy, so compare ratios measured in one run. Later issues add their
// figures here (cache, report page).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Logger } from '../src/main/log';
import { MainServices } from '../src/main/services/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { startLoopbackServer } from '../src/main/host/loopbackHttp';
import { startSimulator } from '../src/simulator/server';

type Figures = Record<string, number>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeEach(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(50, n); i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b);
}

async function transportFigures(figures: Figures): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-'));
  const logger = new Logger('error');
  const started = performance.now();
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger });
  const dispatch = createDispatcher(createHandlers(services), logger);
  await dispatch('plan:refresh', {});
  figures['startup.demo_workspace_ms'] = performance.now() - started;

  const server = await startLoopbackServer({ dispatch, events: services.events, logger });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${server.token}` };
  const direct = await timeEach(2000, () => dispatch('plan:get', {}));
  const overHttp = await timeEach(2000, async () => {
    const r = await fetch(`${server.origin}/rpc/plan:get`, { method: 'POST', headers, body: '{}' });
    await r.json();
  });
  figures['rpc.direct.p50_ms'] = percentile(direct, 50);
  figures['rpc.http.p50_ms'] = percentile(overHttp, 50);
  figures['rpc.http.p95_ms'] = percentile(overHttp, 95);
  figures['rpc.overhead_ratio'] = percentile(overHttp, 50) / percentile(direct, 50);
  await server.close();
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function simulatorFigures(figures: Figures): Promise<void> {
  const sim = await startSimulator();
  const headers = { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token' };
  const url = `${sim.url}/api/method/auditor.planInfo/?v=2`;
  const concurrency = 32;
  const durationMs = 2000;
  let done = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const r = await fetch(url, { headers });
        await r.arrayBuffer();
        done++;
      }
    }),
  );
  figures['simulator.plan_info.rps'] = done / (durationMs / 1000);
  await sim.close();
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'string' } } });
  const figures: Figures = {};
  await transportFigures(figures);
  await simulatorFigures(figures);
  figures['process.rss_mb'] = process.memoryUsage().rss / 1024 / 1024;

  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  process.stdout.write(`Scout benchmarks (${os.cpus().length} cores, Node ${process.version})\n`);
  for (const [name, value] of Object.entries(figures)) {
    process.stdout.write(`${name.padEnd(width)}  ${value >= 100 ? value.toFixed(0) : value.toFixed(3)}\n`);
  }
  if (values.json) {
    fs.writeFileSync(values.json, JSON.stringify(figures, null, 2) + '\n');
    process.stdout.write(`figures written to ${values.json}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
