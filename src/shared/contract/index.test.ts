import { describe, expect, it } from 'vitest';
import { channels, eventNames } from '@shared/channels';
import { operations } from '@shared/contract';

describe('contract', () => {
  it('declares a request schema for every channel, and no other', () => {
    expect(Object.keys(operations).sort()).toEqual([...channels].sort());
  });

  it('lists every name once, in one domain only', () => {
    expect(new Set(channels).size).toBe(channels.length);
    expect(new Set(eventNames).size).toBe(eventNames.length);
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

describe('compare and saving files', () => {
  const item = (account: string, snapshotId = 1, note?: string) => ({ network: 'twitch', account, snapshotId, ...(note === undefined ? {} : { note }) });

  it('reads a comparison: the name trimmed, each account into its reference, a missing note empty', () => {
    const parsed = operations['compare:save'].request.parse({ name: '  Q3 shortlist ', period: '90d', items: [item('@NASA', 3, 'Good fit'), item('https://www.twitch.tv/esa', 4)] });
    expect(parsed).toEqual({
      name: 'Q3 shortlist',
      period: '90d',
      items: [
        { network: 'twitch', account: { network: 'twitch', key: 'nasa', apiName: 'nasa', byUserId: false }, snapshotId: 3, note: 'Good fit' },
        { network: 'twitch', account: { network: 'twitch', key: 'esa', apiName: 'esa', byUserId: false }, snapshotId: 4, note: '' },
      ],
    });
  });

  it('refuses comparisons of fewer than 2 or more than 10 accounts, bad names, periods, snapshot ids and notes', () => {
    const save = operations['compare:save'].request;
    const two = [item('a1'), item('a2')];
    const ok = { name: 'Fine', period: '30d', items: two };
    expect(save.safeParse(ok).success).toBe(true);
    expect(save.safeParse({ ...ok, items: Array.from({ length: 10 }, (_, i) => item(`a${i}`)) }).success).toBe(true);
    for (const bad of [
      { items: [item('a1')] },
      { items: Array.from({ length: 11 }, (_, i) => item(`a${i}`)) },
      { name: ' \n ' },
      { name: 'x'.repeat(121) },
      { period: '1y' },
      { items: [item('a1', 0), item('a2')] },
      { items: [item('a1', 1.5), item('a2')] },
      { items: [item('a1', 1, 'x'.repeat(2001)), item('a2')] },
      { items: [item('not a name!'), item('a2')] },
      { items: [{ ...item('a1'), network: 'myspace' }, item('a2')] },
      { id: -1 },
      { sql: 'drop table comparisons' },
    ]) {
      expect(save.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
    expect(operations['compare:latest'].request.safeParse({ accounts: [] }).success).toBe(false);
    expect(operations['compare:latest'].request.safeParse({ accounts: Array.from({ length: 11 }, (_, i) => ({ network: 'twitch', account: `a${i}` })) }).success).toBe(false);
    expect(operations['compare:latest'].request.parse({ accounts: [{ network: 'twitch', account: '@ESA' }] })).toEqual({
      accounts: [{ network: 'twitch', account: { network: 'twitch', key: 'esa', apiName: 'esa', byUserId: false } }],
    });
    for (const op of ['compare:get', 'compare:delete'] as const) {
      expect(operations[op].request.safeParse({ id: 7 }).success).toBe(true);
      expect(operations[op].request.safeParse({ id: '7' }).success).toBe(false);
    }
  });

  it('takes a print file name without folders, hidden names or invisible characters', () => {
    expect(operations['compare:printPdf'].request.safeParse({ suggestedName: 'Q3 shortlist – café.pdf' }).success).toBe(true);
    for (const suggestedName of ['a/b.pdf', 'a\\b.pdf', '../b.pdf', 'C:b.pdf', '.b.pdf', '', 'a\u0000.pdf', 'x'.repeat(201), 'a\u202Eexe.pdf', 'report\u200B.pdf', 'a?.pdf']) {
      expect(operations['compare:printPdf'].request.safeParse({ suggestedName }).success, suggestedName).toBe(false);
    }
  });
});
