import { describe, expect, it } from 'vitest';
import type { ConnectionState, WorkspaceState } from '@shared/contract';
import { readCreatorAccounts, readCreatorIds, readUnlockRange } from '../creators/creatorsForm';
import { fieldLabel, fieldText, otherFieldKeys, readListId, syncBlocker } from './listsModel';

const online: ConnectionState = { workspace: 'production', mode: 'online', manualOffline: false, reason: null, checkedAt: 1 };
const workspace = (hasCredentials = true): WorkspaceState => ({
  active: 'production',
  workspaces: [
    {
      id: 'production',
      label: 'Production',
      baseUrl: 'https://x',
      credentials: { workspace: 'production', hasCredentials, accountIdMasked: 'ab…', editable: true, problem: null, origin: 'https://x', keychainAvailable: true },
      problem: null,
    },
  ],
});

describe('syncBlocker', () => {
  it('lets a free sync go only online and with credentials, saying where to go otherwise', () => {
    expect(syncBlocker({ connection: online, workspace: workspace() })).toBeNull();
    expect(syncBlocker({ connection: { ...online, manualOffline: true, mode: 'offline' }, workspace: workspace() })).toMatch(/working offline.*Go online/);
    expect(syncBlocker({ connection: { ...online, mode: 'unreachable', reason: 'Connection refused.' }, workspace: workspace() })).toMatch(/cannot be reached \(Connection refused\)/);
    expect(syncBlocker({ connection: online, workspace: workspace(false) })).toMatch(/Settings → Production API/);
  });
});

describe('the list id field', () => {
  it('takes a whole number from 1 and says what is wrong with anything else', () => {
    expect(readListId(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(readListId('')).toEqual({ ok: false, message: 'Enter the number of a list.' });
    expect(readListId('0')).toEqual({ ok: false, message: 'A list id is a whole number from 1.' });
    for (const bad of ['-3', '1.5', '12a', '1e3', 'twelve']) expect(readListId(bad)).toEqual({ ok: false, message: 'A list id is a whole number, such as 12.' });
    expect(readListId('99999999999999999999').ok).toBe(false);
  });
});

describe('the creators filters', () => {
  it('read creator ids separated by commas or spaces, digits only, at most 1,000', () => {
    expect(readCreatorIds('')).toEqual({ ok: true, value: undefined });
    expect(readCreatorIds('100012, 100047 100012')).toEqual({ ok: true, value: [100012, 100047] });
    expect(readCreatorIds('12, 4x')).toEqual({ ok: false, message: '"4x" is not a creator id: ids are whole numbers from 1, separated by commas.' });
    expect(readCreatorIds('0').ok).toBe(false);
    expect(readCreatorIds(Array.from({ length: 1000 }, (_, i) => i + 1).join(',')).ok).toBe(true);
    expect(readCreatorIds(Array.from({ length: 1001 }, (_, i) => i + 1).join(','))).toEqual({ ok: false, message: 'At most 1,000 creator ids at a time; this has 1,001.' });
  });

  it('read creator accounts one per line, as "network account", "network:account" or a link, at most 100', () => {
    expect(readCreatorAccounts('\n')).toEqual({ ok: true, value: undefined });
    expect(readCreatorAccounts('instagram natgeo\ntwitch:shroud\nhttps://www.tiktok.com/@dancer\nInstagram @NatGeo')).toEqual({
      ok: true,
      value: [
        { network: 'instagram', account: 'natgeo' },
        { network: 'twitch', account: 'shroud' },
        { network: 'tiktok', account: 'dancer' },
      ],
    });
    const bare = readCreatorAccounts('instagram natgeo\nnatgeo');
    expect(bare.ok).toBe(false);
    expect(!bare.ok && bare.message).toMatch(/^Line 2 \(“natgeo”\): choose a network, or paste a profile link\./);
    expect(readCreatorAccounts('instagram a b').ok).toBe(false);
    expect(readCreatorAccounts(Array.from({ length: 100 }, (_, i) => `instagram acc${i}`).join('\n')).ok).toBe(true);
    expect(readCreatorAccounts(Array.from({ length: 101 }, (_, i) => `instagram acc${i}`).join('\n'))).toEqual({ ok: false, message: 'At most 100 accounts at a time; this has 101.' });
  });

  it('read the unlock dates as calendar days, the first not after the second', () => {
    expect(readUnlockRange('', '')).toEqual({ from: null, to: null, errors: {} });
    expect(readUnlockRange('2026-01-01', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31', errors: {} });
    expect(readUnlockRange('2026-02-30', '').errors).toEqual({ from: 'That is not a calendar date (YYYY-MM-DD).' });
    expect(readUnlockRange('2026-04-01', '2026-03-31').errors).toEqual({ to: 'The end date comes before the start date.' });
  });
});

describe("a list item's other fields", () => {
  it('come in a reader’s order, named in words, without the fields that have their own column', () => {
    const items = [
      { fields: { zeta: 1, aqs: 80, comment: 'Ask for rates', report_id: 1234567, name: 'x', followers: 5 } },
      { fields: { created: 1_700_000_000, audience_geo: 'US' } },
    ];
    expect(otherFieldKeys(items)).toEqual(['report_id', 'comment', 'created', 'audience_geo', 'aqs', 'zeta']);
    expect(otherFieldKeys(items).map(fieldLabel)).toEqual(['Report id', 'Comment', 'First requested', 'Main audience country', 'Audience quality (AQS)', 'Zeta']);
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('show each value by the one formatter: dates, shares, counts; ids as sent; missing as —', () => {
    expect(fieldText('created', 1_700_000_000).text).toMatch(/2023/);
    expect(fieldText('created', 1_700_000_000_000).text).toBe(fieldText('created', 1_700_000_000).text);
    expect(fieldText('auth_engagement', 3.456).text).toBe('3.46 %');
    expect(fieldText('quality_audience', 1_204_784)).toEqual({ text: '1.2M', title: '1,204,784' });
    expect(fieldText('report_id', 1234567).text).toBe('1234567');
    expect(fieldText('comment', null).text).toBe('—');
    expect(fieldText('lists', [1, 6]).text).toBe('1, 6');
    expect(fieldText('extra', { a: 1 })).toEqual({ text: '{"a":1}', title: '{"a":1}' });
  });
});
