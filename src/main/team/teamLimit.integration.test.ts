// A researcher's monthly limit, against a real PostgreSQL and the simulator: the kernel buys
// while this month's spend (on every laptop of theirs, by the team ledger) plus the quote stays
// within it, and refuses the one that would go past it — nothing sent, nothing charged, its claim
// given up — in words that say how far it would go and whose limit it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accountRef } from '@shared/accountInput';
import { openDatabase, type Db } from '../platform/cache/database';
import { AttemptsRepository } from '../domains/reports/attemptsRepository';
import { CreditLedger } from '../kernel/creditLedger';
import { PaidWork } from '../kernel/paidWork';
import { Logger } from '../platform/log';
import { ReportService } from '../domains/reports/reportService';
import { productionHarness, type ProductionHarness } from '../../../test/productionHarness';
import { TeamClaims } from './claims';
import { PostgresTeamGate } from './gate';
import { teamItem } from './records';
import { TeamLedger } from './teamLedger';
import { describeTeam, type Researcher } from '../../../test/teamHarness';

describeTeam('a monthly limit refuses the spend past it (team database + simulator)', { researchers: ['Ada'], simulator: { generationMs: 30 } }, (t) => {
  let ada: Researcher;
  const harnesses: ProductionHarness[] = [];
  const ledgers: TeamLedger[] = [];
  const dbs: Db[] = [];
  const logger = new Logger('error');

  beforeAll(() => {
    ada = t.researchers.Ada;
  });
  afterEach(async () => {
    await Promise.all(ledgers.splice(0).map((l) => l.stop()));
    for (const db of dbs.splice(0)) db.close();
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
  });

  it('buys while within the limit, refuses the report that would go past it, says so, and charges nothing', async () => {
    await t.team.admin.query(`SET ROLE scout_owner; UPDATE scout_team.researchers SET monthly_limits = '{"credits": 3}' WHERE role_name = '${ada.role}'; RESET ROLE;`);
    const pool = ada.pool();

    // Ada's other laptop spent 1 report credit this month.
    const otherFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-team-limit-')), 'other.db');
    const otherDb = openDatabase(otherFile);
    dbs.push(otherDb);
    const otherTeam = new TeamLedger({ pool: () => pool, db: otherDb, logger });
    ledgers.push(otherTeam);
    const otherLedger = new CreditLedger(otherDb, Date.now, { onStep: otherTeam.enqueue });
    otherLedger.settle(otherLedger.begin({ operation: 'report', network: 'instagram', accountKey: 'elsewhere', balance: 'credits', expectedCost: 1, balanceBefore: 50 }), 1, 49);
    await otherTeam.flush();

    // This laptop: the main services' workspace, its ledger mirrored to the team ledger.
    const harness = await productionHarness({}, {}, t.sim);
    harnesses.push(harness);
    const ws = harness.services.active();
    const teamLedger = new TeamLedger({ pool: () => pool, db: ws.db, logger });
    ledgers.push(teamLedger);
    teamLedger.start();
    const ledger = new CreditLedger(ws.db, Date.now, { onStep: teamLedger.enqueue });
    const gate = new PostgresTeamGate(pool, { leaseMs: 5_000, heldPollMs: 20, ledger: teamLedger });
    const paid = new PaidWork({ api: () => ws.api(), ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: gate });
    const reports = new ReportService({ api: () => ws.api(), repo: ws.reportsRepo, attempts: new AttemptsRepository(ws.db), ledger, paid, jobs: ws.jobs, pollDelayMs: () => 20, maxWaitMs: 10_000 });

    const spentBefore = t.sim.state.spent.credits;
    // 1 + 1 = 2, then 3: within the limit of 3.
    await expect(reports.fetch(accountRef('instagram', 'withinone'), 1)).resolves.toMatchObject({ state: 'READY' });
    await expect(reports.fetch(accountRef('instagram', 'withintwo'), 1)).resolves.toMatchObject({ state: 'READY' });
    expect(t.sim.state.spent.credits - spentBefore).toBe(2);

    // 3 + 1 = 4 > 3: refused before sending.
    const over = accountRef('instagram', 'overthelimit');
    await expect(reports.fetch(over, 1)).rejects.toMatchObject({
      code: 'TEAM_LIMIT',
      message: "This would take you to 4 of your 3 report credits this month (your team's limit), so Scout did not buy the Instagram report of overthelimit. Nothing was spent. Ask your admin.",
    });
    expect(t.sim.state.spent.credits - spentBefore).toBe(2);
    // No ledger row for it, here or in the team ledger; its claim given up for a teammate.
    expect(ledger.entries().map((e) => e.accountKey)).toEqual(['withinone', 'withintwo']);
    expect(await teamLedger.allowance('credits')).toEqual({ limit: 3, spent: 3 });
    expect(await new TeamClaims(pool).holderOf(teamItem('report', { network: 'instagram', subject: over.key }))).toBeNull();

    // The admin raises the limit: the same report is bought.
    await t.team.admin.query(`SET ROLE scout_owner; UPDATE scout_team.researchers SET monthly_limits = '{"credits": 4}' WHERE role_name = '${ada.role}'; RESET ROLE;`);
    await expect(reports.fetch(over, 1)).resolves.toMatchObject({ state: 'READY' });
    expect(t.sim.state.spent.credits - spentBefore).toBe(3);
    expect(await teamLedger.allowance('credits')).toEqual({ limit: 4, spent: 4 });
  }, 60_000);
});
