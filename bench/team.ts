// Team workspace figures (issue 20), on a real PostgreSQL started for the run like the tests':
// team.claim_overhead_p95_ms — what asking the team database before a paid call adds: the
// teammate's-copy lookup and the claim of a new item (the first INSERT wins), then its release,
// from one researcher's pool over loopback.
// team.sync_visible_p95_ms — a report saved on one laptop (its snapshot, then its outbox), until
// it is in a teammate's local cache: push, announcement (LISTEN/NOTIFY), pull and apply. Goal ≤ 1000.
// team.join10k_s — a new laptop taking a team cache of 10,000 reports (join). Goal ≤ 30. With it,
// team.join10k_cpu_s: the CPU time Scout's process spent on it, which a busy machine does not inflate,
// and team.join10k.max_block_ms: the longest main's event loop was held while it ran (goal ≤ 50); the join is
// measured in a process that has done nothing else (bench/teamJoinChild.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { networks, type Network } from '../src/main/platform/api/types';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { universeName } from '../src/simulator/data/profile';
import { sampleParsedReport } from '../test/fixtures/sampleReports';
import type { Researcher, TeamDatabase } from '../test/teamDb';
import { startTeam } from '../test/teamStart';
import { TeamClaims } from '../src/main/team/claims';
import { TeamCodecs } from '../src/main/team/codecs';
import { teamItem } from '../src/main/team/records';
import { runDbTask } from '../src/main/platform/cache/dbTasks';
import { TeamSync } from '../src/main/team/sync';
import { reportTeamItem } from '../src/main/domains/reports/reportRecords';
import type { Figures } from './cache';
import { runChildWith } from './child';

const CLAIMS = 300;
const VISIBLE = Number(process.env.VISIBLE ?? 100);
const JOIN = Number(process.env.JOIN ?? 10_000);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export async function teamFigures(figures: Figures): Promise<void> {
  const started = await startTeam({ researchers: ['Bench'] });
  try {
    await claimFigures(figures, started.researchers.Bench!);
    await syncFigures(figures, started.team!);
  } finally {
    await started.close();
  }
}

async function claimFigures(figures: Figures, researcher: Researcher): Promise<void> {
  const claims = new TeamClaims(researcher.pool({ max: 4 }));
  // Warm the pool and the plans: the first statements of a connection are not what a claim costs.
  for (let i = 0; i < 20; i++) {
    const warm = await claims.claim(teamItem('report', { network: 'instagram', subject: `warm${i}` }), 365);
    if (warm.kind === 'won') await claims.release(warm.claim);
  }
  const took: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const item = teamItem('report', { network: 'instagram', subject: `bench${i}` });
    const started = performance.now();
    const outcome = await claims.claim(item, 365);
    took.push(performance.now() - started);
    if (outcome.kind !== 'won') throw new Error(`claim ${i} was not won (${outcome.kind})`);
    await claims.release(outcome.claim);
  }
  figures['team.claim_overhead_p95_ms'] = p95(took);
}

/** A laptop: the main services on a data folder of their own, and a sync engine as `researcher`. */
function laptop(researcher: Researcher, dirs: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-team-'));
  dirs.push(dataDir);
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger: new Logger('error') });
  const ws = services.active();
  const pool = researcher.pool({ max: 4 });
  // Checkpoints off main, as the Team workspace's engine does (workspace/teamSession.ts).
  const checkpoint = () => runDbTask({ kind: 'checkpoint', file: ws.db.name });
  const sync = new TeamSync({ pool: () => pool, db: ws.db, codecs: new TeamCodecs().register(ws.reports.teamCodec()), pollMs: 60_000, listeningPollMs: 60_000, checkpoint });
  return { ws, sync, services };
}

const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
};

async function syncFigures(figures: Figures, team: TeamDatabase): Promise<void> {
  const dirs: string[] = [];
  const ada = await team.addResearcher('Ada');
  const bob = await team.addResearcher('Bob');
  const a = laptop(ada, dirs);
  const b = laptop(bob, dirs);
  try {
    a.sync.start();
    b.sync.start();
    await until(() => a.sync.status().live && b.sync.status().live, 'both laptops to listen');
    const visible: number[] = [];
    for (let i = 0; i < VISIBLE + 5; i++) {
      const network: Network = networks[i % networks.length]!;
      const account = `visible${i}`;
      const fetchedAt = Date.now();
      const report = sampleParsedReport(network, account, fetchedAt);
      const started = performance.now();
      // What ReportService does once a report is answered: the snapshot, then the outbox.
      a.ws.reportsRepo.saveSnapshot(report, { fetchedAt, unlockedAt: fetchedAt, accountKey: account });
      a.sync.share({ item: reportTeamItem(network, account, report.tiktokType), fetchedAt: new Date(fetchedAt), body: { json: { result: report.result } } });
      await until(() => b.ws.reportsRepo.has(network, account), `visible${i} on the other laptop`);
      // The first few warm the connections and plans.
      if (i >= 5) visible.push(performance.now() - started);
    }
    figures['team.sync_visible_p95_ms'] = p95(visible);
    await a.sync.stop();
    await b.sync.stop();

    // 10,000 reports in the team database, pushed as Ada in multi-row statements.
    const pool = ada.pool({ max: 4 });
    const now = Date.now();
    const batch = 100;
    for (let start = 0; start < JOIN; start += batch) {
      const params: unknown[] = [];
      const rows: string[] = [];
      for (let i = start; i < Math.min(JOIN, start + batch); i++) {
        const network = networks[i % networks.length]!;
        const account = universeName(network === 'snapchat' ? 'twitter' : network, i);
        const fetchedAt = now - (i % 300) * 86_400_000 - 60_000;
        const report = sampleParsedReport(network, account, fetchedAt);
        const item = reportTeamItem(network, account, report.tiktokType);
        const n = params.length;
        rows.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb)`);
        params.push(item.kind, item.key, new Date(fetchedAt), JSON.stringify({ result: report.result }));
      }
      await pool.query(`INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`, params);
      process.stderr.write(`\r  filling the team database: ${Math.min(JOIN, start + batch)}/${JOIN}`);
    }
    process.stderr.write('\n');

    // A new laptop joins, measured in a process that has done nothing else.
    const cyd = await team.addResearcher('Cyd');
    Object.assign(figures, await runChildWith({ BENCH_TEAM_CONNECTION: JSON.stringify(cyd.connection) }, 'teamJoinChild.ts', String(JOIN)));
  } finally {
    await Promise.all([a.sync.stop(), b.sync.stop()]);
    await a.services.close();
    await b.services.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
