import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { requirePrivateKeyring } from '../../../test/support';
import { KeytarCredentialStore } from './credentialStore';

// A real Secret Service (gnome-keyring in a private D-Bus session, see scripts/with-keyring.sh).
beforeAll(requirePrivateKeyring);

const service = () => `scout-workbench-test-${crypto.randomUUID()}`;

describe('KeytarCredentialStore on a real keychain', () => {
  it('saves, reads and deletes one entry per workspace', async () => {
    const store = new KeytarCredentialStore(service());
    expect(await store.get('production')).toBeNull();
    await store.set('production', { accountId: '1001', apiToken: 'tok-production-123456' });
    expect(await store.get('production')).toEqual({ accountId: '1001', apiToken: 'tok-production-123456' });
    await store.delete('production');
    expect(await store.get('production')).toBeNull();
  });

  it('stores the entry under the scout-workbench service, keyed by workspace', async () => {
    const keytar = (await import('keytar')).default;
    const name = service();
    await new KeytarCredentialStore(name).set('production', { accountId: '7', apiToken: 'abcdefgh-77' });
    const entries = await keytar.findCredentials(name);
    expect(entries).toEqual([{ account: 'production', password: JSON.stringify({ accountId: '7', apiToken: 'abcdefgh-77' }) }]);
    await keytar.deletePassword(name, 'production');
  });

  it('registers every token it reads or writes as a secret for the logger', async () => {
    const seen: string[] = [];
    const store = new KeytarCredentialStore(service(), (s) => seen.push(s));
    await store.set('production', { accountId: '1', apiToken: 'registered-token-1' });
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
