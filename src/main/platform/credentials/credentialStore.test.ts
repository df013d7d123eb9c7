import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { requirePrivateKeyring } from '../../../../test/support';
import { KeytarCredentialStore, LEGACY_ORIGIN, classifyKeychainError, keychainProblemMessage } from './credentialStore';

// A real Secret Service (gnome-keyring in a private D-Bus session, see scripts/with-keyring.sh).
beforeAll(requirePrivateKeyring);

const service = () => `scout-workbench-test-${crypto.randomUUID()}`;
const origin = 'https://api.example.com';

describe('KeytarCredentialStore on a real keychain', () => {
  it('saves, reads and deletes one entry per workspace, with the origin it is bound to', async () => {
    const store = new KeytarCredentialStore(service());
    expect(await store.get('production')).toBeNull();
    await store.set('production', { accountId: '1001', apiToken: 'tok-production-123456', origin });
    expect(await store.get('production')).toEqual({ accountId: '1001', apiToken: 'tok-production-123456', origin });
    await store.delete('production');
    expect(await store.get('production')).toBeNull();
  });

  it('stores the origin inside the secret, under the scout-workbench service, keyed by workspace', async () => {
    const keytar = (await import('keytar')).default;
    const name = service();
    await new KeytarCredentialStore(name).set('production', { accountId: '7', apiToken: 'abcdefgh-77', origin: 'http://127.0.0.1:4010' });
    const entries = await keytar.findCredentials(name);
    expect(entries).toEqual([
      { account: 'production', password: JSON.stringify({ origin: 'http://127.0.0.1:4010', accountId: '7', apiToken: 'abcdefgh-77' }) },
    ]);
    await keytar.deletePassword(name, 'production');
  });

  it('reads an entry written before origins as bound to the default production API', async () => {
    const keytar = (await import('keytar')).default;
    const name = service();
    await keytar.setPassword(name, 'production', JSON.stringify({ accountId: '42', apiToken: 'legacy-token-42' }));
    expect(LEGACY_ORIGIN).toBe('https://hypeauditor.com');
    expect(await new KeytarCredentialStore(name).get('production')).toEqual({ accountId: '42', apiToken: 'legacy-token-42', origin: LEGACY_ORIGIN });
    await keytar.deletePassword(name, 'production');
  });

  it('refuses an entry whose origin is not an origin', async () => {
    const keytar = (await import('keytar')).default;
    const name = service();
    await keytar.setPassword(name, 'production', JSON.stringify({ accountId: '42', apiToken: 'token-4242', origin: 'https://a.example/path' }));
    await expect(new KeytarCredentialStore(name).get('production')).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
    await keytar.deletePassword(name, 'production');
  });

  it('registers every token it reads or writes as a secret for the logger', async () => {
    const seen: string[] = [];
    const store = new KeytarCredentialStore(service(), (s) => seen.push(s));
    await store.set('production', { accountId: '1', apiToken: 'registered-token-1', origin });
    await new KeytarCredentialStore(undefined, (s) => seen.push(s)).get('production');
    await store.get('production');
    expect(seen.filter((s) => s === 'registered-token-1').length).toBeGreaterThanOrEqual(2);
    await store.delete('production');
  });

  it('reports an entry that is not in its format instead of using it', async () => {
    const keytar = (await import('keytar')).default;
    const name = service();
    await keytar.setPassword(name, 'production', 'plain-text-token');
    await expect(new KeytarCredentialStore(name).get('production')).rejects.toMatchObject({ code: 'NO_CREDENTIALS' });
    await keytar.deletePassword(name, 'production');
  });
});

describe('keychain problems in plain words', () => {
  // What libsecret, D-Bus and the dynamic loader actually say in each case.
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'unreachable'],
    ['Could not connect: No such file or directory', 'unreachable'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'unreachable'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['the keychain did not answer within 15 s (is it locked?)', 'locked'],
    ['libsecret-1.so.0: cannot open shared object file: No such file or directory', 'missing'],
  ] as const)('%s → %s', (raw, kind) => {
    expect(classifyKeychainError(new Error(raw))).toBe(kind);
  });

  it('says what to do, without the raw D-Bus text or advice to install what is installed', () => {
    const browser = keychainProblemMessage('unreachable', 'browser');
    expect(browser).toMatch(/cannot reach a system keychain/);
    expect(browser).toMatch(/dbus-run-session -- sh -c .*gnome-keyring-daemon --unlock.*npm run serve/);
    expect(browser).not.toMatch(/apt install|D-Bus without X11/);
    expect(keychainProblemMessage('unreachable', 'electron')).toMatch(/desktop session/);
    expect(keychainProblemMessage('locked')).toMatch(/locked\. Unlock it/);
    expect(keychainProblemMessage('missing')).toMatch(/apt install libsecret-1-0/);
  });
});
