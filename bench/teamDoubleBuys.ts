// team.double_buys (issue 20): ten Scouts of one team — each the main services on a data folder
// of its own, its reports fetched through a kernel that claims in one team database on a real
// PostgreSQL — fetch overlapping sets of 100 new accounts from one simulator whose reports take
// 3 s to generate, all at once. The figure is what the simulator, the referee, charged beyond
// one credit per distinct account: goal 0.
import { accountRef } from '@shared/accountInput';
import { AttemptsRepository } from '../src/main/domains/reports/attemptsRepository';
import { PaidWork } from '../src/main/kernel/paidWork';
import { ReportService } from '../src/main/domains/reports/reportService';
import { PostgresTeamGate } from '../src/main/team/gate';
import { productionHarness, type ProductionHarness } from '../test/productionHarness';
import { startTeam } from '../test/teamStart';
import type { Figures } from './cache';

const SCOUTS = 10;
const ACCOUNTS = 100;
/** Each Scout's own ten accounts (so together they ask for all 100) and this many of the others. */
const SHARED_PICKS = 30;
const GENERATION_MS = 3_000;

/** A small seeded generator: the same overlap every run, so runs compare. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function accountsOf(scout: number): number[] {
  const random = mulberry32(scout + 1);
  const picked = new Set<number>();
  for (let i = 0; i < 10; i++) picked.add(scout * 10 + i);
  while (picked.size < 10 + SHARED_PICKS) picked.add(Math.floor(random() * ACCOUNTS));
  // Shuffled, so two Scouts reach a shared account at different moments as well as the same one.
  return [...picked].sort(() => random() - 0.5);
}

export async function teamDoubleBuysFigures(figures: Figures): Promise<void> {
  const names = Array.from({ length: SCOUTS }, (_, i) => `Researcher ${i + 1}`);
  const started = await startTeam({ researchers: names, simulator: { generationMs: GENERATION_MS } });
  const sim = started.sim!;
  const harnesses: ProductionHarness[] = [];
  try {
    const scouts = [];
    for (let i = 0; i < SCOUTS; i++) {
      const researcher = started.researchers[names[i]!]!;
      const harness = await productionHarness({}, {}, sim);
      harnesses.push(harness);
      const ws = harness.services.active();
      const paid = new PaidWork({ api: () => ws.api(), ledger: ws.ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: new PostgresTeamGate(researcher.pool({ max: 4 }), { leaseMs: 30_000, heldPollMs: 200 }) });
      const reports = new ReportService({ api: () => ws.api(), repo: ws.reportsRepo, attempts: new AttemptsRepository(ws.db), ledger: ws.ledger, paid, jobs: ws.jobs, pollDelayMs: () => 250, maxWaitMs: 120_000 });
      scouts.push({ reports, accounts: accountsOf(i) });
    }
    const distinct = new Set(scouts.flatMap((s) => s.accounts)).size;
    const spentBefore = sim.state.spent.credits;
    const began = performance.now();
    const results = await Promise.allSettled(scouts.flatMap((s) => s.accounts.map((n) => s.reports.fetch(accountRef('instagram', `teambench${n}`), 1))));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length > 0) throw new Error(`${failed.length} of ${results.length} fetches failed, e.g. ${String((failed[0] as PromiseRejectedResult).reason)}`);
    figures['team.double_buys'] = sim.state.spent.credits - spentBefore - distinct;
    figures['team.double_buys_run_s'] = (performance.now() - began) / 1000;
  } finally {
    await Promise.allSettled(harnesses.map((h) => h.close()));
    await started.close();
  }
}
