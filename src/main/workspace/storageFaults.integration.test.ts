// Storage faults through the contract, against the simulator and real SQLite files: a full disk
// after a paid call, backups listed and restored, an emptied database reported.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupInfo, WorkspaceState } from '@shared/contract';
import type { CachedReport, CostQuote, ReportProgress, SpendingRow } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../test/productionHarness';
import { createHarness, type Harness } from '../../../test/mainHarness';
import { requirePrivateKeyring } from '../../../test/support';
import { workspaceDbPath } from '../platform/paths';

let p: ProductionHarness | undefined;
let h: Harness | undefined;
afterEach(async () => {
  await p?.close();
  await h?.close();
  p = h = undefined;
});

describe('a full disk', () => {
  it('after a paid call says so, that the spend is recorded, and the next fetch is free', async () => {
    p = await productionHarness({ credits: 10 });
    const ws = p.services.active();
    // SQLite's own limit on the file's size: the save after the paid call meets a real SQLITE_FULL.
    const unsubscribe = p.services.events.subscribe((e) => {
      if (e.name === 'reports:changed' && (e.payload as ReportProgress).phase === 'saving') {
        // Compacted first: free pages a migration left (a table rebuilt) would give the save room.
        ws.db.exec('VACUUM');
        ws.db.pragma(`max_page_count = ${ws.db.pragma('page_count', { simple: true }) as number}`);
      }
    });
    await expect(p.call('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 })).rejects.toMatchObject({
      code: 'DISK_FULL',
      message: expect.stringMatching(/^The disk is full.*Twitch report of streamer.*recorded in the spending ledger.*fetching it again is free/),
    });
    unsubscribe();
    expect(p.sim.state.balances.credits).toBe(9);
    expect(await p.call('reports:open', { network: 'twitch', account: 'streamer' })).toBeNull();
    // The ledger recorded the credit the API took, against the account.
    const spending = await p.call<SpendingRow[]>('ledger:spending', {});
    expect(spending.filter((row) => row.accountKey === 'streamer').reduce((sum, row) => sum + row.spent, 0)).toBe(1);

    // Space again: the next fetch costs the API nothing and the report is saved.
    ws.db.pragma('max_page_count = 1073741823');
    const quote = await p.call<CostQuote>('reports:quote', { network: 'twitch', account: 'streamer' });
    const report = await p.call<CachedReport>('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: quote.cost });
    expect(report).toMatchObject({ accountKey: 'streamer', state: 'READY' });
    expect(p.sim.state.balances.credits).toBe(9);
  });
});

describe('backups from Settings', () => {
  beforeAll(requirePrivateKeyring);

  const backupsOf = (hh: Harness) => hh.call<BackupInfo[]>('workspace:backups', { workspace: 'demo' });

  it('lists the daily backup taken at open and restores it, keeping the replaced file aside', async () => {
    h = await createHarness({ simulator: { generationMs: 0 } });
    const harness = h;
    await harness.call('workspace:get');
    await vi.waitFor(async () => expect(await backupsOf(harness)).toHaveLength(1));
    const [backup] = await backupsOf(harness);
    expect(backup).toMatchObject({ reason: 'daily', id: expect.stringMatching(/^\d{13}-daily\.sqlite$/) });
    expect(backup!.size).toBeGreaterThan(0);

    await harness.call('reports:fetch', { network: 'twitch', account: 'streamer', confirmedCost: 1 });
    expect(await harness.call('reports:open', { network: 'twitch', account: 'streamer' })).not.toBeNull();

    const state = await harness.call<WorkspaceState>('workspace:restoreBackup', { workspace: 'demo', backupId: backup!.id });
    expect(state.workspaces.find((w) => w.id === 'demo')?.problem).toBeNull();
    expect(await harness.call('reports:open', { network: 'twitch', account: 'streamer' })).toBeNull();
    const folder = path.dirname(workspaceDbPath(harness.dataDir, 'demo'));
    expect(fs.readdirSync(folder).some((f) => /^scout\.sqlite\.before-restore-\d+$/.test(f))).toBe(true);

    await expect(harness.call('workspace:restoreBackup', { workspace: 'demo', backupId: '../../settings.json' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(harness.call('workspace:restoreBackup', { workspace: 'demo', backupId: '1000000000000-daily.sqlite' })).rejects.toMatchObject({
      code: 'BACKUP_NOT_FOUND',
    });
  });

  it('reports an emptied database as the workspace problem, naming the backup, until it is restored', async () => {
    h = await createHarness({ simulator: { generationMs: 0 } });
    const harness = h;
    await harness.call('workspace:get');
    await vi.waitFor(async () => expect(await backupsOf(harness)).toHaveLength(1));
    const [backup] = await backupsOf(harness);
    await harness.services.close();
    const file = workspaceDbPath(harness.dataDir, 'demo');
    fs.truncateSync(file, 0);
    await harness.restart();

    const state = await harness.call<WorkspaceState>('workspace:get');
    const demo = state.workspaces.find((w) => w.id === 'demo')!;
    expect(demo.problem).toMatch(/database is empty, though it held data before/);
    expect(demo.problem).toContain(backup!.id);
    expect(fs.statSync(file).size).toBe(0);

    const restored = await harness.call<WorkspaceState>('workspace:restoreBackup', { workspace: 'demo', backupId: backup!.id });
    expect(restored.workspaces.find((w) => w.id === 'demo')?.problem).toBeNull();
  });
});
