import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Logger } from '../log';
import { MainServices } from '../../app/mainServices';
import { KeytarCredentialStore } from './credentialStore';

// Vitest runs each file in its own process: point this one at a bus that does not exist before
// libsecret first connects, as on a machine without a Secret Service.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/scout-no-bus';
delete process.env.DISPLAY;

describe('KeytarCredentialStore without a Secret Service', () => {
  it('says in plain words that no keychain is reachable and what to do, and never falls back to a file', async () => {
    const store = new KeytarCredentialStore(`scout-workbench-test-absent`, undefined, { host: 'browser' });
    const error = await store
      .set('production', { accountId: '1', apiToken: 'abcdefgh', origin: 'https://hypeauditor.com' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    const { message, detail } = error as { message: string; detail: string };
    expect(message).toMatch(/^Scout cannot reach a system keychain/);
    expect(message).toMatch(/gnome-keyring-daemon --unlock/);
    // The raw libsecret text is kept for the log, not shown as the message; no package advice.
    expect(message).not.toMatch(/D-Bus|Could not connect|apt install/);
    expect(detail).toMatch(/\S/);
    await expect(store.get('production')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
  });
});

describe('a workspace whose keychain is unreachable', () => {
  it('shows the problem on every ask but logs it once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-nokeychain-'));
    const logger = new Logger('debug');
    const lines: string[] = [];
    logger.addSink((line) => lines.push(line));
    const services = new MainServices({
      dataDir,
      host: 'browser',
      version: '0.0.0',
      logger,
      credentialStore: new KeytarCredentialStore('scout-workbench-test-absent', undefined, { host: 'browser' }),
    });
    try {
      const ws = services.workspaces.get('production');
      for (let i = 0; i < 3; i++) expect((await ws.credentialStatus()).problem).toMatch(/^Scout cannot reach a system keychain/);
      expect(lines.filter((l) => l.includes('cannot reach a system keychain'))).toHaveLength(1);
    } finally {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
