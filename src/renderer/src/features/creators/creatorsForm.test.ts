import { describe, expect, it } from 'vitest';
import { readCreatorAccounts, readCreatorIds, readUnlockRange } from './creatorsForm';

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
