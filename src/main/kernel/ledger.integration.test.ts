// The credit ledger against a hostile API: a few hundred mixed calls, four at a time, with a
// fifth of all requests hit by a fault (500, 502, 429, reset, timeout, malformed, slow).
// Afterwards the simulator's own count of credits charged must equal the ledger's, balance by
// balance, and nothing may have been charged twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../app/mainServices';
import type { SimulatorHandle } from '../../simulator/server';
import { Rng } from '../../simulator/data/random';
import type { Network } from '../platform/api/types';
import { productionHarnessWith, type ProductionHarness } from '../../../test/productionHarness';
import { accountRef } from '@shared/accountInput';
import type { ReportRef } from '../domains/reports/reportServiceDeps';

let h: ProductionHarness;
let sim: SimulatorHandle;
let services: MainServices;

beforeAll(async () => {
  h = await productionHarnessWith({
    simOptions: { generationMs: 40, faultRate: 0.2, slowMs: 700, seed: 'ledger-test' },
    services: {
      apiTimeoutMs: 400,
      transport: { retry: { initialDelayMs: 5, maxDelayMs: 40, maxAttempts: 5 }, circuit: { consecutiveFailures: 10_000 } },
      polling: { pollDelayMs: () => 30, maxWaitMs: 30_000 },
    },
  });
  ({ sim, services } = h);
});

afterAll(() => h?.close());

const pool: ReportRef[] = [];
const nets: Network[] = ['instagram', 'youtube', 'twitter', 'twitch', 'snapchat', 'tiktok'];
for (let i = 0; i < 48; i++) {
  const network = nets[i % nets.length]!;
  const prefix = i % 11 === 0 ? 'novideos_' : i % 13 === 0 ? 'noviews_' : i % 17 === 0 ? 'lowconf_' : '';
  pool.push({ ...accountRef(network, i === 5 ? 'nasa' : `${prefix}acct${i}`), tiktokType: network === 'tiktok' ? (i % 2 ? 'report' : 'advanced_report') : undefined });
}

describe('credit ledger under faults', () => {
  it('matches what the API charged after hundreds of mixed calls with 20% faults', async () => {
    const rng = new Rng('ledger-mix');
    const outcomes = { ok: 0, failed: 0 };
    const ws = services.active();
    let calls = 0;
    const worker = async () => {
      while (calls < 240) {
        calls++;
        const roll = rng.next();
        try {
          if (roll < 0.15) {
            await services.plans.refresh(ws, services.isActive);
          } else {
            const ref = rng.pick(pool);
            const quote = ws.reports.quote(ref);
            await ws.reports.fetch(ref, quote.cost);
          }
          outcomes.ok++;
        } catch {
          outcomes.failed++;
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    // Settle what is still open the way Scout does before its next paid call.
    sim.state.highDemand = false;
    for (let i = 0; i < 5 && ws.ledger.open().length > 0; i++) await ws.paid.settleOpenEntries().catch(() => {});

    expect(ws.ledger.open()).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(100);
    expect(outcomes.failed).toBeGreaterThan(0); // the faults did bite
    const ledger = ws.ledger.totals();
    expect(ledger).toEqual(sim.state.spent);
    // Never twice: no account was paid for more than once on one balance.
    const perAccount = new Map<string, number>();
    for (const e of ws.ledger.entries()) {
      const k = `${e.network}:${e.accountKey}:${e.balance}`;
      perAccount.set(k, (perAccount.get(k) ?? 0) + (e.actualCost ?? 0));
    }
    for (const [, spent] of perAccount) expect(spent).toBeLessThanOrEqual(1);
    console.log(`ledger test: ${calls} calls, ${outcomes.ok} ok, ${outcomes.failed} failed; spent ${JSON.stringify(ledger)}`);
  }, 180_000);
});
