import { describe, expect, it } from 'vitest';
import { channels } from './channels';
import { operations } from './contract';

describe('contract', () => {
  it('declares a request schema for every channel, and no other', () => {
    expect(Object.keys(operations).sort()).toEqual([...channels].sort());
  });

  it('refuses unknown fields, so a typo never silently does nothing', () => {
    expect(operations['workspace:switch'].request.safeParse({ workspace: 'demo', extra: 1 }).success).toBe(false);
    expect(operations['plan:get'].request.safeParse({ sql: 'select 1' }).success).toBe(false);
  });

  it('accepts credentials only for the production workspace, and checks them', () => {
    const set = operations['credentials:set'].request;
    expect(set.safeParse({ workspace: 'production', accountId: '12345', apiToken: 'abcdefgh1234' }).success).toBe(true);
    expect(set.safeParse({ workspace: 'demo', accountId: '12345', apiToken: 'abcdefgh1234' }).success).toBe(false);
    const spaced = set.safeParse({ workspace: 'production', accountId: '12345', apiToken: 'abc def ghij' });
    expect(spaced.success).toBe(false);
    expect(spaced.error?.issues[0]?.message).toMatch(/no spaces/);
    expect(set.safeParse({ workspace: 'production', accountId: '12345', apiToken: 'short' }).success).toBe(false);
  });

  it('trims pasted credentials', () => {
    const parsed = operations['credentials:set'].request.parse({
      workspace: 'production',
      accountId: ' 12345\n',
      apiToken: '  abcdefgh1234 ',
    });
    expect(parsed).toEqual({ workspace: 'production', accountId: '12345', apiToken: 'abcdefgh1234' });
  });

  it('takes only http(s) API addresses', () => {
    const setBaseUrl = operations['workspace:setBaseUrl'].request;
    expect(setBaseUrl.safeParse({ workspace: 'production', baseUrl: 'https://hypeauditor.com' }).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'hypeauditor.com', '']) {
      expect(setBaseUrl.safeParse({ workspace: 'production', baseUrl: bad }).success).toBe(false);
    }
  });
});
