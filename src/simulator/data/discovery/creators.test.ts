import { describe, expect, it } from 'vitest';
import { validateCreatorsQuery } from './index';

const q = (params: Record<string, string>) => validateCreatorsQuery(new URLSearchParams(params));

function ok(params: Record<string, string>) {
  const v = q(params);
  if (!v.ok) throw new Error(v.description);
  return v.value;
}

function fails(params: Record<string, string>, fragment: string) {
  const v = q(params);
  expect(v.ok).toBe(false);
  if (!v.ok) {
    expect(v.description.startsWith('Invalid request: ')).toBe(true);
    expect(v.description).toContain(fragment);
  }
}

describe('validateCreatorsQuery (spec 4.10)', () => {
  it('needs no parameter; limit defaults to 100; unknown parameters are ignored', () => {
    expect(ok({})).toEqual({ limit: 100 });
    expect(ok({ v: '2' })).toEqual({ limit: 100 });
  });

  it('limit is an integer from 1 to 100', () => {
    expect(ok({ limit: '1' }).limit).toBe(1);
    expect(ok({ limit: '100' }).limit).toBe(100);
    fails({ limit: '0' }, 'limit must be between 1 and 100');
    fails({ limit: '101' }, 'limit must be between 1 and 100');
    fails({ limit: '10.5' }, 'limit must be an integer');
    fails({ limit: 'ten' }, 'limit must be an integer');
    fails({ limit: '' }, 'limit must be an integer');
  });

  it('dates are ISO date-times with an offset', () => {
    const v = ok({ report_unlocked_from: '2026-01-31T10:00:00+02:00', report_unlocked_to: '2026-02-01T00:00:00-05:30' });
    expect(v.unlockedFrom?.toISOString()).toBe('2026-01-31T08:00:00.000Z');
    expect(v.unlockedTo?.toISOString()).toBe('2026-02-01T05:30:00.000Z');
    expect(ok({ report_unlocked_from: '2026-01-31T10:00:00Z' }).unlockedFrom?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    fails({ report_unlocked_from: '2026-01-31' }, 'report_unlocked_from must be an ISO date-time with offset');
    fails({ report_unlocked_from: '2026-01-31T10:00:00' }, 'report_unlocked_from must be an ISO date-time with offset');
    fails({ report_unlocked_to: '2026-02-30T10:00:00+00:00' }, 'report_unlocked_to must be an ISO date-time');
    fails({ report_unlocked_to: '2026-01-31T25:00:00+00:00' }, 'report_unlocked_to must be an ISO date-time');
    fails({ report_unlocked_to: '31/01/2026' }, 'report_unlocked_to must be an ISO date-time');
  });

  it('reads an unencoded + (decoded as a space) as the offset sign', () => {
    const v = validateCreatorsQuery(new URLSearchParams('report_unlocked_from=2026-01-31T10:00:00+02:00'));
    expect(v.ok && v.value.unlockedFrom?.toISOString()).toBe('2026-01-31T08:00:00.000Z');
  });

  it('from must not be after to', () => {
    fails({ report_unlocked_from: '2026-02-01T00:00:00+00:00', report_unlocked_to: '2026-01-01T00:00:00+00:00' }, 'report_unlocked_from must not be after report_unlocked_to');
  });

  it('cursor is passed through; empty is refused', () => {
    expect(ok({ cursor: 'abc123==' }).cursor).toBe('abc123==');
    fails({ cursor: '' }, 'cursor must not be empty');
  });

  it('creator_ids: comma-separated numeric ids, no spaces, at most 1000', () => {
    expect(ok({ creator_ids: '1,22,333' }).creatorIds).toEqual([1, 22, 333]);
    fails({ creator_ids: '1, 2' }, 'creator_ids must be numeric ids separated by commas, without spaces');
    fails({ creator_ids: '1,a' }, 'creator_ids must be numeric ids');
    fails({ creator_ids: '1,,2' }, 'creator_ids must be numeric ids');
    fails({ creator_ids: '1,2,' }, 'creator_ids must be numeric ids');
    fails({ creator_ids: '' }, 'creator_ids must be numeric ids');
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(ok({ creator_ids: thousand.join(',') }).creatorIds).toHaveLength(1000);
    fails({ creator_ids: [...thousand, 1001].join(',') }, 'creator_ids must hold at most 1000 ids');
  });

  it('creator_accounts: inline JSON {"creators":[...]} without spaces or line breaks', () => {
    const value = JSON.stringify({ creators: [{ social_type: 'instagram', social_id: 'nasa' }, { social_type: 3, social_id: 6789 }] });
    expect(ok({ creator_accounts: value }).creatorAccounts).toEqual([
      { social_type: 'instagram', social_id: 'nasa' },
      { social_type: '3', social_id: '6789' },
    ]);
    fails({ creator_accounts: JSON.stringify({ creators: [{ social_type: 'instagram', social_id: 'nasa' }] }, null, 1) }, 'creator_accounts must be written inline, without spaces or line breaks');
    fails({ creator_accounts: '{"creators": []}' }, 'without spaces');
    fails({ creator_accounts: '{"creators":[' }, 'creator_accounts must be a JSON object');
    fails({ creator_accounts: '[]' }, 'creator_accounts must be a JSON object');
    fails({ creator_accounts: '{"accounts":[]}' }, 'creator_accounts');
  });

  it('creator_accounts: at most 100 items, each with social_type and social_id', () => {
    const item = { social_type: 'tiktok', social_id: '1' };
    expect(ok({ creator_accounts: JSON.stringify({ creators: Array(100).fill(item) }) }).creatorAccounts).toHaveLength(100);
    fails({ creator_accounts: JSON.stringify({ creators: Array(101).fill(item) }) }, 'creator_accounts.creators must hold at most 100 items');
    fails({ creator_accounts: JSON.stringify({ creators: [{ social_type: 'tiktok' }] }) }, 'creator_accounts.creators[0].social_id is required');
    fails({ creator_accounts: JSON.stringify({ creators: [{ social_id: '1' }] }) }, 'creator_accounts.creators[0].social_type is required');
    fails({ creator_accounts: JSON.stringify({ creators: [{ social_type: '', social_id: '1' }] }) }, 'creator_accounts.creators[0].social_type');
    fails({ creator_accounts: JSON.stringify({ creators: [] }) }, 'creator_accounts.creators must hold at least 1 item');
  });
});
