// bench/team.ts's join figures, in a process that has done nothing else (its heap is the app's,
// not the bench's with two other laptops and their pools): a new laptop takes the team cache of
// `expected` reports from the team database named in BENCH_TEAM_CONNECTION (the researcher's
// connection, as JSON, from the parent; never on the command line). Prints its figures as one
// JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runDbTask } from '../src/main/platform/cache/dbTasks';
import { workerScript } from '../src/main/platform/util/workerScript';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { TeamCodecs } from '../src/main/team/codecs';
import { createTeamPool, type TeamConnection } from '../src/main/team/pool';
import { TeamSync, type JoinProgress } from '../src/main/team/sync';
import type { Figures } from './cache';
import { mainStretches } from './responsiveness';

async function join(expected: number): Promise<Figures> {
  const connection = JSON.parse(process.env.BENCH_TEAM_CONNECTION ?? 'null') as TeamConnection | null;
  if (!connection) throw new Error('bench/teamJoinChild.ts: BENCH_TEAM_CONNECTION is not set');
  const figures: Figures = {};
  // The app runs its database worker from its build; from source it is bundled once, on main: done before measuring.
  workerScript('dbWorker');
  // So is the demo's simulator, which the demo workspace's picture cache starts (to know its
  // address) with the first teammate's report: from source tsx compiles it then (~85 ms on main);
  // the app loads its built chunk in ~15 ms.
  await import('../src/simulator/server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-team-join-'));
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger: new Logger('error') });
  const pool = createTeamPool(connection, { max: 4 });
  try {
    const ws = services.active();
    // Checkpoints off main, as the Team workspace's engine does (workspace/teamSession.ts).
    const checkpoint = () => runDbTask({ kind: 'checkpoint', file: ws.db.name });
    const sync = new TeamSync({ pool: () => pool, db: ws.db, codecs: new TeamCodecs().register(ws.reports.teamCodec()), pollMs: 60_000, listeningPollMs: 60_000, checkpoint });
    let last: JoinProgress = { received: 0, total: 0 };
    // How long main's event loop was held at most while the join applied the records (goal ≤ 50 ms).
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const stretches = mainStretches();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const done = await sync.join((p) => {
      if (p.received < last.received) throw new Error('bench: join progress went back');
      last = p;
      process.stderr.write(`\r  joining: ${p.received}/${p.total}`);
    });
    figures['team.join10k_s'] = (performance.now() - started) / 1000;
    delay.disable();
    figures['team.join10k.max_block_ms'] = delay.max / 1e6;
    // Of main's stretches away from its event loop, how long it ran itself (PostgreSQL and the
    // checkpoint worker share these cores): the longest run in any stretch, and in the longest one.
    const { ranInMaxMs, maxRanMs } = stretches.stop();
    if (maxRanMs !== null) figures['team.join10k.max_block_ran_ms'] = maxRanMs;
    if (ranInMaxMs !== null) figures['team.join10k.longest_block_ran_ms'] = ranInMaxMs;
    // This process's CPU time for it (PostgreSQL's is not counted): on a busy machine, what the join itself costs.
    const used = process.cpuUsage(cpu);
    figures['team.join10k_cpu_s'] = (used.user + used.system) / 1e6;
    process.stderr.write('\n');
    if (done.received !== done.total || done.total < expected) throw new Error(`bench: join took ${done.received} of ${done.total}`);
    const held = ws.db.prepare('SELECT count(*) FROM reports').pluck().get() as number;
    if (held < expected) throw new Error(`bench: the new laptop holds ${held} reports, not ${expected}`);
    await sync.stop();
  } finally {
    await pool.end().catch(() => undefined);
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

join(Number(process.argv[2]))
  .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  });
