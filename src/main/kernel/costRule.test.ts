import { describe, expect, it } from 'vitest';
import { ACCESS_MS, reportCost } from './costRule';

const now = Date.UTC(2026, 10, 21);

describe('the cost rule', () => {
  it('charges a new account one credit of the right balance', () => {
    expect(reportCost({ network: 'instagram', accountKey: 'a', unlock: null, now })).toMatchObject({ cost: 1, balance: 'credits', reason: 'new' });
    expect(reportCost({ network: 'tiktok', accountKey: 'a', tiktokType: 'report', unlock: null, now }).balance).toBe('miniReports');
    expect(reportCost({ network: 'tiktok', accountKey: 'a', unlock: null, now }).balance).toBe('advancedReports');
  });

  it('is free within 365 days of the unlock, and charges again after', () => {
    const unlock = { unlockedAt: now - ACCESS_MS + 1000, tiktokType: null };
    expect(reportCost({ network: 'twitch', accountKey: 'a', unlock, now })).toMatchObject({ cost: 0, reason: 'unlocked', freeUntil: now + 1000 });
    expect(reportCost({ network: 'twitch', accountKey: 'a', unlock, now: now + 1000 })).toMatchObject({ cost: 1, reason: 'expired' });
  });

  it('never charges the free test account', () => {
    expect(reportCost({ network: 'snapchat', accountKey: 'nasa', unlock: null, now })).toMatchObject({ cost: 0, reason: 'free-test-account' });
  });

  it('charges a TikTok advanced report over an unlocked mini one, not the other way round', () => {
    const mini = { unlockedAt: now - 1000, tiktokType: 'report' as const };
    const adv = { unlockedAt: now - 1000, tiktokType: 'advanced_report' as const };
    expect(reportCost({ network: 'tiktok', accountKey: 'a', tiktokType: 'advanced_report', unlock: mini, now })).toMatchObject({ cost: 1, reason: 'upgrade' });
    expect(reportCost({ network: 'tiktok', accountKey: 'a', tiktokType: 'report', unlock: adv, now })).toMatchObject({ cost: 0 });
  });
});
