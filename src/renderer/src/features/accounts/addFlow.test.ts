import { describe, expect, it } from 'vitest';
import type { ConnectionState, PlanInfo, WorkspaceState } from '@shared/contract';
import type { CostQuote } from '@shared/reports';
import { addPhase, confirmLabel, followersText, parseFollowers, shortBalances, spendBlocker, spendTotals, spentText, totalText, unknownBalances } from './addFlow';

const plan = (credits: number | null, advanced: number | null = 5): PlanInfo => ({
  reports: { plan: 'p', credits, reports: 3, advancedReports: advanced },
  discovery: { plan: null, requests: null },
});
const quote = (reason: CostQuote['reason'], cost: 0 | 1 = 1, balance: CostQuote['balance'] = 'credits'): CostQuote => ({ cost, balance, reason, freeUntil: null });

const online: ConnectionState = { workspace: 'production', mode: 'online', manualOffline: false, reason: null, checkedAt: 1 };
const credentials = { workspace: 'production' as const, hasCredentials: true, accountIdMasked: 'ab…', editable: true, problem: null, origin: 'https://x', keychainAvailable: true };
const workspace = (patch: Partial<typeof credentials> = {}): WorkspaceState => ({
  active: 'production',
  workspaces: [{ id: 'production', label: 'Production', baseUrl: 'https://x', credentials: { ...credentials, ...patch }, problem: null }],
});

describe('the add panel state machine', () => {
  it('goes editing → quoted → running → finished, and a run on screen wins over a plan', () => {
    expect(addPhase({ fetchPlan: null, run: null })).toBe('editing');
    expect(addPhase({ fetchPlan: {}, run: null })).toBe('quoted');
    expect(addPhase({ fetchPlan: null, run: { running: true } })).toBe('running');
    expect(addPhase({ fetchPlan: {}, run: { running: false } })).toBe('finished');
  });
});

describe('spendBlocker', () => {
  const ok = { connection: online, workspace: workspace(), plan: { plan: plan(4) }, planError: null };
  it('offers a spend only online, with a keychain, credentials and a known balance', () => {
    expect(spendBlocker(ok)).toBeNull();
    expect(spendBlocker({ ...ok, connection: { ...online, mode: 'offline', manualOffline: true } })).toMatch(/working offline.*Go online/);
    expect(spendBlocker({ ...ok, connection: { ...online, mode: 'unreachable', reason: 'Connection refused.' } })).toMatch(/cannot be reached \(Connection refused\)/);
    expect(spendBlocker({ ...ok, workspace: workspace({ keychainAvailable: false, hasCredentials: false }) })).toMatch(/No system keychain/);
    expect(spendBlocker({ ...ok, workspace: workspace({ hasCredentials: false }) })).toMatch(/No API credentials.*Settings → Production API/);
    expect(spendBlocker({ ...ok, plan: { plan: null }, planError: 'The API did not answer.' })).toMatch(/balance is not known \(The API did not answer\)/);
    expect(spendBlocker({ ...ok, plan: null })).toMatch(/balance is not known/);
  });
});

describe('spend totals', () => {
  it('counts a paid-not-fetched line as "at most", never as a certain credit', () => {
    const totals = spendTotals([quote('new'), quote('paid-not-fetched'), quote('unlocked', 0)], plan(4));
    expect(totals).toEqual([{ kind: 'credits', atMost: 2, uncertain: 1, left: 4 }]);
    expect(confirmLabel(totals)).toBe('Fetch and spend at most 2 report credits');
    expect(totalText(totals, 3)).toBe('Spends at most 2 report credits (1 for sure; 1 most likely free: paid for earlier, never fetched), leaving at least 2 of 4.');
    expect(confirmLabel(spendTotals([quote('new'), quote('expired')], plan(4)))).toBe('Fetch and spend 2 report credits');
    expect(totalText(spendTotals([quote('new'), quote('expired')], plan(4)), 2)).toBe('Spends 2 report credits, leaving 2 of 4.');
    expect(totalText(spendTotals([quote('unlocked', 0)], plan(4)), 1)).toBe('This costs nothing.');
    expect(totalText([], 0)).toBe('Nothing selected.');
  });

  it('is short only when even the likely-free lines being free would not fit; an unknown balance offers no spend', () => {
    expect(shortBalances(spendTotals([quote('new'), quote('paid-not-fetched')], plan(1)))).toEqual([]);
    expect(shortBalances(spendTotals([quote('new'), quote('new')], plan(1)))).toHaveLength(1);
    const unknown = spendTotals([quote('new', 1, 'advancedReports')], plan(4, null));
    expect(unknownBalances(unknown)).toEqual([{ kind: 'advancedReports', atMost: 1, uncertain: 0, left: null }]);
    expect(totalText(unknown, 1)).toMatch(/balance of advanced-report credits is not known/);
  });

  it('says what a fetch spent', () => {
    expect(spentText({ credits: 1 })).toBe('spent 1 report credit');
    expect(spentText({ credits: 0 })).toBe('nothing spent');
    expect(spentText(undefined)).toBe('nothing spent');
  });
});

describe('follower filters', () => {
  it('read 10k and 1.2m as a researcher means them', () => {
    expect(parseFollowers('10k')).toBe(10_000);
    expect(parseFollowers('1.2m')).toBe(1_200_000);
    expect(parseFollowers('1m')).toBe(1_000_000);
    expect(parseFollowers(' 2.5 M ')).toBe(2_500_000);
    expect(parseFollowers('10,000')).toBe(10_000);
    expect(parseFollowers('500')).toBe(500);
    expect(parseFollowers('')).toBeUndefined();
    expect(parseFollowers('lots')).toBeNull();
    expect(parseFollowers('1.2.3k')).toBeNull();
    expect(parseFollowers('-5')).toBeNull();
  });

  it('shows a stored bound the way it is typed', () => {
    expect(followersText(10_000)).toBe('10k');
    expect(followersText(1_200_000)).toBe('1.2m');
    expect(followersText(1_234_567)).toBe('1234567');
    expect(followersText(750)).toBe('750');
    for (const v of [10_000, 1_200_000, 1_234_567, 750, 2_500_000_000]) expect(parseFollowers(followersText(v))).toBe(v);
  });
});
