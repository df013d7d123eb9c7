// `npm run bench [-- --json [FILE]] [-- --only page]`: Scout's speed and memory figures. Figures, not pass/fail:
// these machines are noisy, so compare ratios measured in one run. Later issues add their
// figures here (cache, report page).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { cacheFigures, type Figures } from './cache';
import { pageReadyFigures } from './pageReady';
import { fetchBatchFigures } from './fetchBatch';
import { alertsEvalFigures, trackFigures } from './track';
import { compareFigures } from './compare';
import { competitorFigures } from './competitor';
import { discoveryFigures } from './discovery';
import { discoveryScrollFigures } from './discoveryScroll';
import { teamFigures } from './team';
import { teamDoubleBuysFigures } from './teamDoubleBuys';
import { exportFigures } from './exports';


const root = path.resolve(__dirname, '..');

async function startupFigures(figures: Figures): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-'));
  const logger = new Logger('error');
  const started = performance.now();
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger });
  const dispatch = createDispatcher(createHandlers(services), logger);
  await dispatch('plan:refresh', {});
  figures['startup.demo_workspace_ms'] = performance.now() - started;
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Starts `npm run simulator` as its own process, so the load below does not share its event loop. */
async function simulatorProcess(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [
    path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(root, 'tsconfig.node.json'),
    path.join(root, 'src/simulator/cli.ts'), '--port', '0', '--generation-ms', '0', '--credits', '100000000',
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Requests per second one simulator answers to 32 concurrent keep-alive loopback clients. */
async function throughput(url: (i: number) => string, durationMs = 3000): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const headers = { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token' };
  const get = (target: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(target, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`simulator answered ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  let done = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < end) {
        await get(url(done));
        done++;
      }
    }),
  );
  agent.destroy();
  return done / (durationMs / 1000);
}

async function simulatorFigures(figures: Figures): Promise<void> {
  const sim = await simulatorProcess();
  const api = `${sim.url}/api/method`;
  // Warm the report cache: the figure is for answering ready reports.
  await throughput((i) => `${api}/auditor.twitch/?v=2&channel=bench${i % 200}`, 500);
  await throughput((i) => `${api}/auditor.report/?v=2&username=bench${i % 200}`, 500);
  figures['simulator.plan_info.rps'] = await throughput(() => `${api}/auditor.planInfo/?v=2`);
  // Ready reports of 200 Twitch channels, round robin (TikTok would hit its 100-a-minute limit).
  figures['simulator.report.rps'] = await throughput((i) => `${api}/auditor.twitch/?v=2&channel=bench${i % 200}`);
  figures['simulator.instagram_report.rps'] = await throughput((i) => `${api}/auditor.report/?v=2&username=bench${i % 200}`);
  sim.stop();
}

async function main(): Promise<void> {
  // `--json` alone (as the issues write it: `npm run bench -- --json`) prints the figures as JSON on
  // stdout, with the table on stderr; `--json FILE` writes them to FILE.
  const argv = process.argv.slice(2).map((arg, i, all) => (arg === '--json' && (i === all.length - 1 || all[i + 1]!.startsWith('--')) ? '--json=-' : arg));
  const { values } = parseArgs({ args: argv, options: { json: { type: 'string' }, reports: { type: 'string' }, large: { type: 'string' }, only: { type: 'string', multiple: true } } });
  // `--only page` (repeatable: startup, cache, simulator, page, fetch, compare, competitor, discovery, discovery-ui, team, export, track) measures just those groups: one
  // group's figure can be followed while working on it without the whole run.
  const groups = ['startup', 'cache', 'simulator', 'page', 'fetch', 'compare', 'competitor', 'discovery', 'discovery-ui', 'team', 'export', 'track'];
  const only = values.only ?? groups;
  const unknown = only.filter((g) => !groups.includes(g));
  if (unknown.length > 0) throw new Error(`--only takes ${groups.join(', ')}; not ${unknown.join(', ')}`);
  const figures: Figures = {};
  if (only.some((g) => needsBuild.includes(g))) buildIfStale();
  const measures: Record<string, () => Promise<void>> = {
    startup: () => startupFigures(figures),
    cache: () => cacheFigures(figures, Number(values.reports ?? 10_000), Number(values.large ?? 100_000)),
    simulator: () => simulatorFigures(figures),
    page: () => pageReadyFigures(figures),
    fetch: () => fetchBatchFigures(figures),
    compare: () => compareFigures(figures),
    competitor: () => competitorFigures(figures),
    discovery: () => discoveryFigures(figures),
    'discovery-ui': () => discoveryScrollFigures(figures),
    team: async () => {
      await teamFigures(figures);
      await teamDoubleBuysFigures(figures);
    },
    export: () => exportFigures(figures),
    track: async () => {
      await trackFigures(figures);
      await alertsEvalFigures(figures);
    },
  };
  // A group that fails is said and counted; the others' figures are still measured and written.
  const failed: string[] = [];
  for (const group of groups) {
    if (!only.includes(group)) continue;
    try {
      await measures[group]!();
    } catch (error) {
      failed.push(group);
      process.stderr.write(`bench group ${group} failed: ${(error as Error).stack ?? String(error)}\n`);
    }
  }
  figures['process.rss_mb'] = process.memoryUsage().rss / 1024 / 1024;

  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const table = values.json === '-' ? process.stderr : process.stdout;
  table.write(`Scout benchmarks (${os.cpus().length} cores, Node ${process.version})\n`);
  for (const [name, value] of Object.entries(figures)) {
    table.write(`${name.padEnd(width)}  ${value >= 100 ? value.toFixed(0) : value.toFixed(3)}\n`);
  }
  if (values.json === '-') {
    process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
  } else if (values.json) {
    fs.writeFileSync(values.json, JSON.stringify(figures, null, 2) + '\n');
    process.stdout.write(`figures written to ${values.json}\n`);
  }
  if (failed.length > 0) {
    process.stderr.write(`bench: ${failed.length} group(s) failed (${failed.join(', ')}); the other figures are above.\n`);
    process.exitCode = 1;
  }
}

/** Groups that measure the built app (browser mode serving out/). */
const needsBuild = ['cache', 'page', 'compare', 'discovery-ui'];

/** The newest modification time of a file under `dir` (ms). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds out/ (as `npm run build`) when it is missing or older than the sources: figures of the app as it is. */
function buildIfStale(): void {
  const built = path.join(root, 'out/main/serve.js');
  const renderer = path.join(root, 'out/renderer/index.html');
  const stale = !fs.existsSync(built) || !fs.existsSync(renderer) || fs.statSync(built).mtimeMs < newestUnder(path.join(root, 'src'));
  if (!stale) return;
  process.stderr.write('bench: building the app (out/ is missing or older than src/)…\n');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bench: the build failed, so the figures of the built app cannot be measured (see above).');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
