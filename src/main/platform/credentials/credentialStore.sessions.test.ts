import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyKeychainError } from './credentialStore';

// What keytar really says in each kind of session, each in a process of its own (libsecret keeps
// its first connection for the life of a process): no bus at all, a keyring daemon whose login
// collection is locked with no display to ask on, and the unlock command the README gives.
const probe = `
const keytar = require(${JSON.stringify(path.resolve('node_modules/keytar'))});
keytar.setPassword('scout-session-probe', 'production', 'x')
  .then(() => keytar.getPassword('scout-session-probe', 'production'))
  .then((v) => console.log('OK ' + v), (e) => console.log('ERR ' + e.message))
  .finally(() => process.exit(0));
setTimeout(() => { console.log('ERR the keychain did not answer within 10 s'); process.exit(0); }, 10000);
`;

function inSession(shell: string | null): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-session-'));
  const script = path.join(home, 'probe.cjs');
  fs.writeFileSync(script, probe);
  fs.mkdirSync(path.join(home, 'run'), { mode: 0o700 });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: path.join(home, '.local/share'), XDG_RUNTIME_DIR: path.join(home, 'run') };
  const run = shell
    ? spawnSync('dbus-run-session', ['--', 'sh', '-c', `${shell}; exec node "${script}"`], { env, encoding: 'utf8', timeout: 20_000 })
    : spawnSync(process.execPath, [script], { env, encoding: 'utf8', timeout: 20_000 });
  fs.rmSync(home, { recursive: true, force: true });
  return run.stdout.trim().split('\n').pop() ?? '';
}

describe('keychain sessions, as keytar meets them', () => {
  it('no D-Bus session at all (a terminal without a desktop): unreachable', () => {
    const out = inSession(null);
    expect(out).toMatch(/^ERR /);
    expect(classifyKeychainError(new Error(out.slice(4)))).toBe('unreachable');
  });

  it('a keyring daemon whose login keyring is locked: locked', () => {
    const out = inSession('gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1');
    expect(out).toMatch(/^ERR /);
    expect(classifyKeychainError(new Error(out.slice(4)))).toBe('locked');
  });

  it("the README's command gives browser mode a working keychain", () => {
    expect(inSession(`printf %s "KEYRING-PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1`)).toBe('OK x');
  });
});
