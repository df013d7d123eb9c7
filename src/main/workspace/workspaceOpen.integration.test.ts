// Opening a workspace without keeping main waiting, on real SQLite files and real worker threads:
// a new database is made, and a schema that is behind is brought up to date (its backup first), in
// a worker while the app keeps answering; the slow read of every page for damage runs beside the open workspace, at once after
// a crash and otherwise once a week, and damage found there closes the workspace and says what to
// restore.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceState } from '@shared/contract';
import { createHarness, readLog, type Harness } from '../../../test/mainHarness';
import { requirePrivateKeyring } from '../../../test/support';
import { openDatabase } from '../platform/cache/database';
import { latestVersion } from '../platform/cache/migrate';
import { migrations } from '../platform/cache/migrations';
import { listBackups } from '../platform/cache/backups';
import { workspaceDbPath } from '../platform/paths';
import { IN_USE_MARKER } from './pageCheck';

beforeAll(requirePrivateKeyring);

let h: Harness;
afterEach(() => h?.close());

/** Scribbles over pages near the end of the file (the rows added last, which opening never reads); its header still says SQLite. */
function damage(file: string): void {
  const pageSize = 4096;
  const fd = fs.openSync(file, 'r+');
  const pages = Math.floor(fs.statSync(file).size / pageSize);
  for (let page = pages - 12; page < pages - 9; page++) fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize + 100);
  fs.closeSync(fd);
}

describe('opening a workspace', () => {
  it('brings a schema that is behind up to date in a worker, its backup first, while the app keeps answering', async () => {
    h = await createHarness();
    const file = workspaceDbPath(h.dataDir, 'production');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Production as the previous Scout left it: one version behind, with the researcher's data.
    const older = openDatabase(file, { migrations: migrations.filter((m) => m.version < latestVersion(migrations)) });
    older.prepare('INSERT INTO workspace_meta (key, value, updated_at) VALUES (?, ?, ?)').run('kept', JSON.stringify('before the upgrade'), 1);
    older.close();

    const order: string[] = [];
    const switched = h.call<WorkspaceState>('workspace:switch', { workspace: 'production' }).then(() => order.push('switched'));
    // The app's own calls are not held up by the workspace's upgrade.
    await h.call('app:info').then(() => order.push('app:info'));
    await switched;
    expect(order).toEqual(['app:info', 'switched']);
    expect(readLog(h)).toMatch(/workspace production: bringing its database from version \d+ up to date in a worker/);
    const ws = h.services.workspaces.get('production');
    expect(ws.db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    expect(ws.meta.get<string>('kept')?.value).toBe('before the upgrade');
    expect(listBackups(file).map((b) => b.reason)).toContain('migration');
  });

  it("makes a new workspace's database in a worker, and a call that names that workspace meanwhile waits for it", async () => {
    h = await createHarness();
    const production = workspaceDbPath(h.dataDir, 'production');
    expect(fs.existsSync(production)).toBe(false);
    h.services.workspaces.get('demo');
    // Every workspace is prepared as the page opens; Settings may name Production meanwhile.
    const state = h.services.workspaces.state('demo');
    const credentials = await h.call<{ workspace: string }>('credentials:get', { workspace: 'production' });
    expect(credentials.workspace).toBe('production');
    await state;
    expect(readLog(h)).toMatch(/workspace production: making its database in a worker/);
    const ws = h.services.workspaces.get('production');
    expect(ws.db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    // Made just now, though by the worker: nothing to check yet, its week starts now.
    expect(ws.pagesChecked).toBeNull();
    expect(ws.meta.get<number>('pages_checked_at')?.value).toBeGreaterThan(Date.now() - 60_000);
  });

  it('opens each workspace in a turn of its own, so a call or a timer waits behind one opening at most', async () => {
    h = await createHarness();
    const production = workspaceDbPath(h.dataDir, 'production');
    expect(fs.existsSync(production)).toBe(false);
    const seen = await new Promise<{ productionOpenAtTimer: boolean; state: Promise<WorkspaceState> }>((resolve) => {
      // Started from a timer, as a schedule's work is; a timer due meanwhile must not wait for
      // Production's opening (its new database's schema) behind the demo workspace's.
      setTimeout(() => {
        const state = h.services.workspaces.state('demo');
        setTimeout(() => resolve({ productionOpenAtTimer: fs.existsSync(production), state }), 0);
        const start = performance.now();
        while (performance.now() - start < 3); // the timer is due before the work goes on
      }, 0);
    });
    expect(seen.productionOpenAtTimer).toBe(false);
    const state = await seen.state;
    expect(state.workspaces.map((w) => w.id)).toContain('production');
    expect(fs.existsSync(production)).toBe(true);
  });

  it('warms up while the page opens: every workspace opened, one that cannot open said when asked, a restart waits for it', async () => {
    h = await createHarness();
    const production = workspaceDbPath(h.dataDir, 'production');
    fs.mkdirSync(path.dirname(production), { recursive: true });
    fs.writeFileSync(production, 'not a database '.repeat(400));
    // Never throws: what fails is said by the call that asks.
    await expect(h.services.warmUp()).resolves.toBeUndefined();
    expect(fs.existsSync(workspaceDbPath(h.dataDir, 'team'))).toBe(true);
    const state = await h.call<WorkspaceState>('workspace:get');
    expect(state.workspaces.find((w) => w.id === 'production')?.problem).toMatch(/production/i);
    expect(state.workspaces.find((w) => w.id === 'demo')?.problem).toBeNull();

    // Closing while it warms up waits for it: nothing is opened after the close.
    fs.rmSync(production);
    await h.restart();
    const order: string[] = [];
    const warming = h.services.warmUp().then(() => order.push('warmed'));
    await h.services.close().then(() => order.push('closed'));
    await warming;
    expect(order).toEqual(['warmed', 'closed']);
    expect(fs.existsSync(production)).toBe(true);
  });

  it('reads every page beside an open workspace after a crash, and damage closes it and names the backup to restore', async () => {
    h = await createHarness();
    const demo = h.services.workspaces.get('demo');
    demo.db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = demo.db.prepare('INSERT INTO filler (body) VALUES (?)');
    for (let i = 0; i < 600; i++) insert.run(`row ${i} `.repeat(40));
    // Made just now: nothing to check, its week starts now.
    expect(demo.pagesChecked).toBeNull();
    expect(demo.meta.get<number>('pages_checked_at')?.value).toBeGreaterThan(Date.now() - 60_000);
    await demo.dailyBackups!.check();
    const file = workspaceDbPath(h.dataDir, 'demo');
    const marker = path.join(path.dirname(file), IN_USE_MARKER);
    expect(fs.existsSync(marker)).toBe(true);

    // Closed cleanly and opened again: no check for a week.
    await h.restart();
    expect(fs.existsSync(marker)).toBe(false);
    expect(h.services.workspaces.get('demo').pagesChecked).toBeNull();

    // Killed while open (its marker left behind), and the file damaged meanwhile.
    await h.restart();
    h.services.workspaces.get('demo').db.pragma('wal_checkpoint(TRUNCATE)');
    await h.services.close();
    fs.writeFileSync(marker, '');
    damage(file);
    h = await createHarness({ dataDir: h.dataDir });
    const events: string[] = [];
    h.services.events.subscribe((e) => events.push(e.name));
    // It opens at once: the check runs beside it.
    const opened = h.services.workspaces.get('demo');
    expect(opened.pagesChecked).not.toBeNull();
    await opened.pagesChecked;
    await expect.poll(() => events.includes('workspace:changed'), { timeout: 10_000 }).toBe(true);
    expect(() => h.services.workspaces.get('demo')).toThrow(expect.objectContaining({ code: 'DATABASE_UNREADABLE', message: expect.stringMatching(/is damaged\. Restore the backup taken .* in Settings → Backups/) }));
    const state = await h.call<WorkspaceState>('workspace:get');
    expect(state.workspaces.find((w) => w.id === 'demo')?.problem).toMatch(/is damaged/);
    // The other workspaces stay usable.
    expect(state.workspaces.find((w) => w.id === 'production')?.problem).toBeNull();
    await h.call('workspace:switch', { workspace: 'production' });
  });
});
