// Team workspace figures (issue 20), on a real PostgreSQL started for the run like the tests':
// team.claim_overhead_p95_ms — what asking the team database before a paid call adds: the
// teammate's-copy lookup and the claim of a new item (the first INSERT wins), then its release,
// from one researcher's pool over loopback. Later steps add double buys, sync and join figures.
import { startPostgres } from '../test/postgresServer';
import { teamDatabase } from '../test/teamDb';
import { TeamClaims } from '../src/main/team/claims';
import { teamItem } from '../src/main/team/records';
import type { Figures } from './cache';

const CLAIMS = 300;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export async function teamFigures(figures: Figures): Promise<void> {
  const server = await startPostgres();
  try {
    const team = await teamDatabase(server);
    try {
      const researcher = await team.addResearcher('Bench');
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
    } finally {
      await team.close();
    }
  } finally {
    await server.close();
  }
}
