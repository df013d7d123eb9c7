// One Scout per data folder, with the real browser-mode entry; and a backup restored from Settings.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { appRoot, startBrowserMode } from './browserMode';

function serveOnce(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(appRoot, 'out/main/serve.js'), '--port', '0', '--data-dir', dataDir], {
      cwd: appRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function listing(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return `${name}:${stat.isFile() ? stat.size : 'dir'}:${stat.mtimeMs}`;
    })
    .sort();
}

test('a second browser mode on one data folder is refused, changes nothing, and a killed one leaves no lock', async () => {
  test.setTimeout(60_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-lock-'));
  const keychainService = `scout-workbench-e2e-${crypto.randomUUID()}`;
  // --workspace opens the demo workspace at start, so its database is there to be left alone.
  const first = await startBrowserMode({ dataDir, keychainService, args: ['--workspace', 'demo'] });
  try {
    const origin = new URL(first.launchUrl).origin;
    // The first one's workspaces are open (the others are opened to be listed) and each daily
    // backup written whole before the second one tries: none is still being written.
    const backupsDone = () =>
      ['demo', 'production', 'team'].every((id) => {
        const dir = path.join(dataDir, 'workspaces', id, 'backups');
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        return files.length === 1 && files[0]!.endsWith('-daily.sqlite');
      });
    await expect.poll(backupsDone).toBe(true);
    // …and it has finished starting: its address is in the lock's note and its start is logged
    // (both are written just after the address is printed), so nothing of its own moves later.
    const read = (file: string) => (fs.existsSync(path.join(dataDir, file)) ? fs.readFileSync(path.join(dataDir, file), 'utf8') : '');
    await expect.poll(() => read('scout.lock.json').includes(origin) && read(path.join('logs', 'scout.log')).includes('browser mode on')).toBe(true);
    const before = listing(dataDir);

    const second = await serveOnce(dataDir);
    expect(second.code).toBe(3);
    expect(second.stdout).toBe('');
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Scout is already running on the data folder ${dataDir} (browser mode at ${origin}, pid ${first.child.pid}, started `);
    expect(lines[0]).not.toContain('token');
    expect(listing(dataDir)).toEqual(before);
    expect(first.child.exitCode).toBeNull();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'workspaces', 'demo', 'scout.sqlite')).mode & 0o777).toBe(0o600);

    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    const next = await startBrowserMode({ dataDir, keychainService });
    await next.stop();
  } finally {
    await first.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('browser mode prints its address before its services load: a call sent at once waits for them, and a stop then closes cleanly', async () => {
  test.setTimeout(60_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-early-'));
  const keychainService = `scout-workbench-e2e-${crypto.randomUUID()}`;
  try {
    // --workspace is applied while the services load: the first call already sees it.
    const app = await startBrowserMode({ dataDir, keychainService, args: ['--workspace', 'production'] });
    try {
      const launch = await fetch(app.launchUrl, { redirect: 'manual' });
      const cookie = launch.headers.get('set-cookie')!.split(';')[0]!;
      const origin = new URL(app.launchUrl).origin;
      const answer = await fetch(`${origin}/rpc/workspace%3Aget`, { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body: '{}' });
      expect(await answer.json()).toMatchObject({ ok: true, value: { active: 'production' } });
    } finally {
      await app.stop();
    }
    expect(app.child.exitCode).toBe(0);

    // Stopped the moment the address is out (its services still loading): it waits for them,
    // closes them and leaves no lock, so the next start opens the folder.
    const stoppedEarly = await startBrowserMode({ dataDir, keychainService });
    await stoppedEarly.stop();
    expect(stoppedEarly.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'scout.lock.json'))).toBe(false);
    const next = await startBrowserMode({ dataDir, keychainService });
    await next.stop();
    expect(next.output()).not.toMatch(/could not start|already running/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe('backups', () => {
  test.use({ scoutSimulator: { generationMs: 0 } });

  test('a backup is restored from Settings after asking, and the data since then is gone', async ({ page, scout }) => {
    test.setTimeout(60_000);
    await scout.open(page);
    await expect(page.getByText('No cached accounts yet.')).toBeVisible();
    // The daily backup is taken when the workspace opens: before this account is added.
    await expect.poll(() => fs.readdirSync(path.join(scout.dataDir, 'workspaces', 'demo', 'backups')).length).toBe(1);

    await page.getByRole('button', { name: 'Add accounts' }).click();
    await page.getByLabel('Network for bare names').selectOption('');
    await page.getByLabel(/Usernames, channel ids/).fill('twitch:shroud');
    await page.getByRole('button', { name: 'Check cost of 1 account' }).click();
    await page.getByRole('button', { name: 'Fetch and spend 1 report credit' }).click();
    await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('library-count')).toHaveText('1 account');

    await page.getByRole('link', { name: 'Settings' }).click();
    const demo = page.getByTestId('backups-demo');
    await expect(demo.getByTestId('backup-row')).toHaveCount(1);
    await expect(demo.getByTestId('backup-row')).toContainText('Daily');

    // Asked first; keeping the current database changes nothing.
    await demo.getByRole('button', { name: /Restore the Demo .*backup taken/ }).click();
    await expect(demo.getByTestId('confirm-restore')).toContainText('Everything saved in it since then is replaced by the backup');
    await demo.getByRole('button', { name: 'Keep the current database' }).click();
    await expect(demo.getByTestId('confirm-restore')).toHaveCount(0);

    await demo.getByRole('button', { name: /Restore the Demo .*backup taken/ }).click();
    await demo.getByRole('button', { name: 'Restore this backup' }).click();
    await expect(demo.getByRole('status')).toContainText('Restored the backup taken');
    const folder = fs.readdirSync(path.join(scout.dataDir, 'workspaces', 'demo'));
    expect(folder.some((f) => /^scout\.sqlite\.before-restore-\d+$/.test(f))).toBe(true);

    await page.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByText('No cached accounts yet.')).toBeVisible();
  });
});
