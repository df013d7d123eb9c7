// One Scout per data folder, with real processes: the lock is an OS lock, so only separate
// processes (and a real SIGKILL) show that it holds and that it does not outlive its holder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderBusyError, HOLDER_FILE } from './dataFolderLock';
import { bundleFixture, runNode, type Child } from '../../../test/childProcess';

let fixture: string;
beforeAll(() => {
  fixture = bundleFixture('test/fixtures/dataFolderChild.ts');
});

const children: Child[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  }
});

function start(dir: string): Child {
  const child = runNode(fixture, ['lock', dir]);
  children.push(child);
  return child;
}

/** Every file in the folder with its size and modification time, to show nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir)) {
    const stat = fs.statSync(path.join(dir, name));
    out[name] = `${stat.size}:${stat.mtimeMs}:${(stat.mode & 0o777).toString(8)}`;
  }
  return out;
}

describe('data folder lock', () => {
  it('refuses a second process in one line naming the first, exits non-zero and changes nothing', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-lock-')), 'data');
    const first = start(dir);
    await first.waitFor(/^locked$/);
    const before = snapshot(dir);

    const second = start(dir);
    const { code } = await second.exited;
    expect(code).toBe(3);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Scout is already running on the data folder ${dir}`);
    expect(lines[0]).toContain('browser mode at http://127.0.0.1:4321');
    expect(lines[0]).toContain(`pid ${first.process.pid}`);
    expect(lines[0]).toMatch(/started \d{4}-\d\d-\d\dT/);
    expect(snapshot(dir)).toEqual(before);
    // The first one still holds it.
    expect(first.process.exitCode).toBeNull();
  }, 30_000);

  it('is released by the OS when its holder is killed with SIGKILL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-lock-'));
    const first = start(dir);
    await first.waitFor(/^locked$/);
    first.process.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The holder's note is left behind by the kill; it does not decide anything.
    expect(fs.existsSync(path.join(dir, HOLDER_FILE))).toBe(true);

    const next = start(dir);
    await next.waitFor(/^locked$/);
    const third = start(dir);
    expect((await third.exited).code).toBe(3);
    expect(third.stderr()).toContain(`pid ${next.process.pid}`);
  }, 30_000);

  it('is refused within one process too, and free again once released', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-lock-'));
    const lock = acquireDataFolderLock(dir, { host: 'electron' });
    expect(() => acquireDataFolderLock(dir, { host: 'browser' })).toThrow(DataFolderBusyError);
    expect(() => acquireDataFolderLock(dir, { host: 'browser' })).toThrow(/already running .*the desktop app, pid \d+/);
    lock.release();
    expect(fs.existsSync(path.join(dir, HOLDER_FILE))).toBe(false);
    acquireDataFolderLock(dir, { host: 'browser' }).release();
  });

  it('creates the data folder 0700 and its files 0600', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-lock-')), 'nested', 'data');
    const lock = acquireDataFolderLock(dir, { host: 'browser' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'scout.lock')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, HOLDER_FILE)).mode & 0o777).toBe(0o600);
    lock.release();
  });
});
