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

describe('an account in a request is read once, into one reference', () => {
  const nasa = { network: 'twitch', key: 'nasa', apiName: 'nasa', byUserId: false };

  it('hands the handler the same reference for every spelling of one account', () => {
    for (const account of ['nasa', '@NASA', ' NASA ', 'twitch:Nasa', 'https://www.twitch.tv/NASA']) {
      expect(operations['reports:quote'].request.parse({ network: 'twitch', account })).toEqual({ network: 'twitch', account: nasa });
      expect(operations['reports:fetch'].request.parse({ network: 'twitch', account, confirmedCost: 0 })).toEqual({ network: 'twitch', account: nasa, confirmedCost: 0 });
      expect(operations['reports:cancel'].request.parse({ network: 'twitch', account })).toEqual({ network: 'twitch', account: nasa });
    }
    expect(operations['history:get'].request.parse({ network: 'instagram', account: 'https://www.instagram.com/NatGeo/' })).toEqual({
      network: 'instagram',
      account: { network: 'instagram', key: 'natgeo', apiName: 'natgeo', byUserId: false },
    });
    expect(operations['reports:open'].request.parse({ network: 'tiktok', account: '6812345678901234567' }).account).toMatchObject({ byUserId: true });
  });

  it('refuses an invisible character, naming it, and a request whose account is of another network', () => {
    const bidi = operations['reports:fetch'].request.safeParse({ network: 'twitch', account: 'nasa\u202e', confirmedCost: 0 });
    expect(bidi.success).toBe(false);
    expect(bidi.error?.issues).toEqual([expect.objectContaining({ path: ['account'], message: expect.stringMatching(/invisible character \(U\+202E, right-to-left override\)/) })]);
    const zeroWidth = operations['reports:quote'].request.safeParse({ network: 'instagram', account: 'nat\u200bgeo' });
    expect(zeroWidth.error?.issues[0]?.message).toMatch(/U\+200B/);
    const other = operations['media:get'].request.safeParse({ network: 'instagram', account: 'youtube:natgeo' });
    expect(other.error?.issues[0]?.message).toBe('"natgeo" is an account on youtube, and this asks about instagram.');
    expect(operations['reports:open'].request.safeParse({ network: 'twitch', account: '' }).error?.issues[0]?.message).toBe('Enter an account name or id.');
    expect(operations['reports:open'].request.safeParse({ network: 'twitch', account: 'x'.repeat(3000) }).success).toBe(false);
  });

  it('reads the spending filter’s account for its network, or from a link', () => {
    const spending = operations['ledger:spending'].request;
    expect(spending.parse({ network: 'twitch', account: '@NASA' })).toEqual({ network: 'twitch', account: nasa });
    expect(spending.parse({ account: 'https://www.twitch.tv/NASA' })).toEqual({ network: 'twitch', account: nasa });
    expect(spending.parse({ from: 1 })).toEqual({ from: 1 });
    expect(spending.safeParse({ account: 'nasa' }).error?.issues[0]?.message).toMatch(/Choose a network/);
  });
});
