import { describe, expect, it } from 'vitest';
import { REDACTED, redactDeep, redactText, secretForms } from './redact';

const TOKEN = 'tok/SECRET+value=42"x';

describe('redactText', () => {
  it('removes a registered secret in every form an upstream may echo it', () => {
    const secrets = secretForms(TOKEN);
    const echoed = `raw ${TOKEN} url ${encodeURIComponent(TOKEN)} json ${JSON.stringify({ t: TOKEN })}`;
    const out = redactText(echoed, secrets);
    expect(out).not.toContain('SECRET');
    expect(out.split(REDACTED).length - 1).toBe(3);
  });

  it('drops header-like lines whole, whatever their spelling', () => {
    const dump = [
      'HTTP/1.1 500 Upstream error',
      'host: api.example',
      'x-auth-id: demo',
      'X-Auth-Token: unregistered-secret-1',
      'Authorization: Basic dXNlcjpwYXNz',
      'cookie: a=1; scout_session_1234=unregistered-secret-2',
      '> proxy-authorization: Bearer unregistered-secret-3',
      `-H 'x-auth-token: unregistered-secret-4'`,
      'accept: */*',
    ].join('\r\n');
    const out = redactText(dump, []);
    expect(out).not.toMatch(/unregistered-secret|dXNlcjpwYXNz|x-auth-id|cookie/i);
    expect(out).toContain('HTTP/1.1 500 Upstream error');
    expect(out).toContain('host: api.example');
    expect(out).toContain('accept: */*');
  });

  it('masks secret-named fields inside a line: JSON, inspected objects, query strings, auth schemes', () => {
    const cases = [
      '{"headers":{"x-auth-id":"demo-account","x-auth-token":"unregistered secret with spaces"}}',
      "{ headers: { 'x-auth-token': 'unregistered-secret' } }",
      'GET /plan?token=unregistered-secret&x=1',
      'sent authorization: Bearer unregistered-secret, then failed',
      '{"apiToken":"unregistered-secret","token":"unregistered-secret"}',
      'cookie="scout_session_1=unregistered-secret; other=unregistered-secret"',
      JSON.stringify({ dump: 'host: api.example\nx-auth-token: unregistered-secret\nAuthorization: Bearer unregistered-secret' }),
    ];
    for (const text of cases) {
      const out = redactText(text, []);
      expect(out, text).not.toMatch(/unregistered|demo-account/);
      expect(out, text).toContain(REDACTED);
    }
    expect(redactText('GET /plan?token=unregistered-secret&x=1', [])).toMatch(/&x=1$/);
  });

  it("leaves Scout's own sentences alone", () => {
    const sentences = [
      'Invalid token: the API rejected the account id or API token (code 4). Check both in Settings → Credentials.',
      'Enter your API token and press Save.',
      'HTTP 403: Forbidden — {"error":{"code":4,"description":"Invalid token"}}',
      'The team database refused your password: check the user name and password in Settings → Team database.',
      'Enter your database password: your admin gave it to you.',
      'Open https://hypeauditor.com/api for the plan.',
    ];
    for (const sentence of sentences) expect(redactText(sentence, secretForms('unrelated-secret'))).toBe(sentence);
  });
});

describe('redactText and team database passwords', () => {
  it('masks a password field and the password of a connection address, whether or not it was registered', () => {
    expect(redactText('connect {"user":"anna","password":"s3cr3t-pw"} failed', [])).toBe('connect {"user":"anna","password":"[redacted]"} failed');
    expect(redactText('pg config password=s3cr3t-pw host=db', [])).toBe('pg config password=[redacted] host=db');
    expect(redactText("{ password: 's3cr3t-pw' }", [])).toBe("{ password: '[redacted]' }");
    expect(redactText('SCOUT_TEAM_ADMIN_URL=postgres://admin:s3cr3t-pw@db.example:5432/team', [])).toBe(
      'SCOUT_TEAM_ADMIN_URL=postgres://admin:[redacted]@db.example:5432/team',
    );
  });
});

describe('redactDeep', () => {
  it('redacts every string of a payload and keeps its shape and other values', () => {
    const payload = { workspace: 'production', stage: 'finished', progress: 1, error: { code: 'API_ERROR', message: `x-auth-token: ${TOKEN}\nsaid no` }, list: [TOKEN, 3, null] };
    const out = redactDeep(payload, (t) => redactText(t, secretForms(TOKEN)));
    expect(JSON.stringify(out)).not.toContain('SECRET');
    expect(out).toEqual({ workspace: 'production', stage: 'finished', progress: 1, error: { code: 'API_ERROR', message: 'said no' }, list: [REDACTED, 3, null] });
    expect(payload.list[0]).toBe(TOKEN);
  });
});
