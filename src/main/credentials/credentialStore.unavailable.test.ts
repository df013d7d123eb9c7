import { describe, expect, it } from 'vitest';
import { KeytarCredentialStore } from './credentialStore';

// Vitest runs each file in its own process: point this one at a bus that does not exist before
// libsecret first connects, as on a machine without a Secret Service.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/scout-no-bus';
delete process.env.DISPLAY;

describe('KeytarCredentialStore without a Secret Service', () => {
  it('fails with a message naming what to install, and never falls back to a file', async () => {
    const store = new KeytarCredentialStore(`scout-workbench-test-absent`);
    const error = await store.set('production', { accountId: '1', apiToken: 'abcdefgh' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    expect((error as Error).message).toMatch(/gnome-keyring/);
    expect((error as Error).message).toMatch(/will not store them in a file/);
    await expect(store.get('production')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
  });
});
