// Issue 39, item 1: the demo keeps its word across restarts. The demo workspace's own simulator
// keeps its state in the demo's folder, so after a restart a refresh the quote calls free spends
// nothing, and the balance agrees with the ledger (nothing "moved outside Scout").
// Integration: real main services, a real SQLite file, a real keychain, the demo's own simulator
// over loopback, restarted with the services.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlanState } from '@shared/contract';
import type { CostQuote, ReportProgress } from '@shared/reports';
import { createHarness, readLog, type Harness } from '../../../test/mainHarness';
import { requirePrivateKeyring } from '../../../test/support';
import { workspaceDbPath } from '../platform/paths';
import { demoSimulatorStateFile } from './apiAccess';

beforeAll(requirePrivateKeyring);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const credits = async (h: Harness) => (await h.call<PlanState>('plan:refresh')).plan?.reports.credits;

/** No ledger entry saw a balance move that Scout did not book. */
function nothingOutside(h: Harness): void {
  const entries = h.services.active().ledger.entries();
  expect(entries.filter((e) => e.outside !== 0 || /outside Scout/.test(e.note ?? ''))).toEqual([]);
}

describe('the demo restarted mid-day', () => {
  it('quotes a fetched report free, and refreshing it spends nothing', async () => {
    h = await createHarness({ simulator: { generationMs: 20, credits: 1000 } });
    const account = { network: 'twitch', account: 'dayone' };
    expect(await h.call<CostQuote>('reports:quote', account)).toMatchObject({ cost: 1, reason: 'new' });
    await h.call('reports:fetch', { ...account, confirmedCost: 1 });
    expect(await credits(h)).toBe(999);

    await h.restart();
    expect(await h.call<CostQuote>('reports:quote', account)).toMatchObject({ cost: 0, reason: 'unlocked' });
    expect(await credits(h)).toBe(999);
    await h.call('reports:fetch', { ...account, confirmedCost: 0 });
    expect(await credits(h)).toBe(999);
    expect(h.services.active().ledger.totals().credits).toBe(1);
    nothingOutside(h);

    // The state lives beside the demo's database, the researcher's alone.
    const file = demoSimulatorStateFile(h.dataDir);
    expect(path.dirname(file)).toBe(path.dirname(workspaceDbPath(h.dataDir, 'demo')));
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readLog(h)).toMatch(/simulator: resumed .*simulator-state\.json \(1 unlocks, 999 credits\)/);
  });

  it('a report generating when Scout closed is fetched after the restart without a second charge', async () => {
    h = await createHarness({ simulator: { generationMs: 1500, credits: 1000 } });
    const account = { network: 'twitch', account: 'halfway' };
    const generating = new Promise<void>((resolve) => {
      const off = h!.services.events.subscribe((e) => {
        if (e.name === 'reports:changed' && (e.payload as ReportProgress).phase === 'generating') {
          off();
          resolve();
        }
      });
    });
    const pending = h.call('reports:fetch', { ...account, confirmedCost: 1 }).catch((error: unknown) => error);
    await generating;
    await h.restart();
    await pending;

    // Paid for, not cached: the quote may say it costs, but the simulator remembers the unlock.
    const quote = await h.call<CostQuote>('reports:quote', account);
    await h.call('reports:fetch', { ...account, confirmedCost: quote.cost });
    expect(await credits(h)).toBe(999);
    expect(h.services.active().ledger.totals().credits).toBe(1);
    nothingOutside(h);
    expect(await h.call<CostQuote>('reports:quote', account)).toMatchObject({ cost: 0, reason: 'unlocked' });
  });

  it('starts afresh, and says so in the log, when the state file is damaged', async () => {
    h = await createHarness({ simulator: { generationMs: 20, credits: 500 } });
    await credits(h);
    await h.services.close();
    const file = demoSimulatorStateFile(h.dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"format":"scout-simulator-state","vers');
    h = await createHarness({ dataDir: h.dataDir, simulator: { generationMs: 20, credits: 500 } });
    expect(await credits(h)).toBe(500);
    expect(readLog(h)).toMatch(/simulator: state file .* set aside \(not JSON\), moved to .*unreadable-\d+; starting afresh/);
    expect(fs.readdirSync(path.dirname(file)).some((f) => f.startsWith('simulator-state.json.unreadable-'))).toBe(true);
  });
});
