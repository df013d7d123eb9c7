// What a failed check of the team database says (the cases a real server in the integration
// test cannot easily produce: a certificate, a server without TLS, a missing database), and the
// settings rules both sides apply.
import { describe, expect, it } from 'vitest';
import { teamSettingsSchema } from '@shared/team';
import { TeamError } from '../kernel/teamErrors';
import { clockWarning, describeFailure } from './teamConnection';

const settings = { host: 'db.agency.example', port: 5432, database: 'team', user: 'anna', ca: null };
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('describeFailure', () => {
  it('a certificate Scout cannot verify: refused, with where to put the CA', () => {
    const said = describeFailure(coded('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'), settings);
    expect(said.state).toBe('refused');
    expect(said.message).toBe(
      'Scout could not verify the team database’s certificate at db.agency.example:5432 (SELF_SIGNED_CERT_IN_CHAIN), so it did not connect. If your team uses its own certificate authority, paste its CA certificate in Settings → Team database.',
    );
  });

  it('a remote server without TLS: refused, never sent in the clear', () => {
    expect(describeFailure(new Error('The server does not support SSL connections'), settings)).toMatchObject({ state: 'refused', message: expect.stringContaining('does not accept encrypted connections') });
  });

  it('no such database: not set up, with the admin command', () => {
    expect(describeFailure(coded('3D000', 'database "team" does not exist'), settings)).toMatchObject({ state: 'not-set-up', message: expect.stringContaining('`npm run team -- init`') });
  });

  it('unreachable says why in words; schema errors keep their own words', () => {
    expect(describeFailure(coded('ENOTFOUND'), settings).message).toContain('(the host name is not known)');
    expect(describeFailure(new TeamError('TEAM_SCHEMA_FROM_FUTURE', 'newer'), settings)).toMatchObject({ state: 'schema-newer', message: 'newer' });
    expect(describeFailure(coded('28P01', 'password authentication failed for user "anna"'), settings).state).toBe('wrong-password');
  });
});

describe('team settings', () => {
  it('takes what an admin hands out and refuses what could not be meant, per field', () => {
    expect(teamSettingsSchema.parse({ host: ' db.agency.example ', port: 5432, database: 'team', user: 'anna_berg', ca: '' })).toEqual({ ...settings, user: 'anna_berg' });
    const refused = teamSettingsSchema.safeParse({ host: 'db agency', port: 0, database: 'te am', user: 'Anna', ca: 'not a pem' });
    expect(refused.success).toBe(false);
    expect(Object.fromEntries(refused.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      host: 'A host name has only letters, digits, dots, dashes (or the colons of an IPv6 address).',
      port: 'A port is from 1 to 65535.',
      database: 'A database name has no spaces or quotes.',
      user: 'A user name is lowercase letters, digits and _ and starts with a letter, as your admin created it.',
      ca: 'Paste the CA certificate in PEM form (-----BEGIN CERTIFICATE----- …).',
    });
  });
});

describe('clockWarning', () => {
  const server = Date.UTC(2026, 11, 7, 12, 0, 0);
  it('says nothing within two minutes, counting the time the question took', () => {
    expect(clockWarning(server, server - 1_000, server + 1_000)).toBeNull();
    expect(clockWarning(server, server + 110_000, server + 112_000)).toBeNull();
    expect(clockWarning('not a time', server, server)).toBeNull();
  });
  it('tells a laptop 10 minutes fast or 3 hours slow, in words, with what to do', () => {
    expect(clockWarning(server, server + 600_000, server + 600_040)).toMatch(/^This computer's clock is 10 minutes ahead of the team database's\. .*set this computer's date and time right/);
    expect(clockWarning(server, server - 3 * 3_600_000, server - 3 * 3_600_000 + 50)).toMatch(/^This computer's clock is 3 hours behind the team database's\./);
  });
});
