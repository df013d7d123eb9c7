import { describe, expect, it } from 'vitest';
import type { ConnectionState, PlanInfo, WorkspaceState } from '@shared/contract';
import type { CostQuote } from '@shared/reports';
import { parseAccountList, type AccountInput } from '@shared/accountInput';
import { addPhase, confirmLabel, pastLimits, followersText, parseFollowers, QUOTE_BATCH, quoteAll, shortBalances, spendBlocker, spendTotals, spentText, totalText, unknownBalances } from './addFlow';
import { costText, limitText } from '@shared/labels';
import { formatDate } from '@shared/format';

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

describe('quoting a list', () => {
  const inputs = (text: string): AccountInput[] => parseAccountList(text, 'instagram').flatMap((p) => (p.ok ? [p.value] : []));
  type Call = { channel: string; request: { items?: { network: string; account: string; tiktokType?: string }[]; account?: string } };
  /** A client that answers as main would, and keeps what it was asked. */
  const fakeClient = (answer: (call: Call) => unknown) => {
    const calls: Call[] = [];
    return {
      calls,
      invoke: (async (channel: string, request: Call['request']) => {
        const call = { channel, request };
        calls.push(call);
        const value = answer(call);
        if (value instanceof Error) throw value;
        return value;
      }) as never,
    };
  };
  const invalid = Object.assign(new Error('"bad" cannot be read.'), { code: 'INVALID_INPUT' });

  it('asks main once for the whole list (quoteMany), in the order typed, TikTok with its report type', async () => {
    const unlockedAt = Date.UTC(2026, 2, 3, 12);
    const client = fakeClient(({ channel, request }) => {
      if (channel === 'reports:open') return request.account === 'natgeo' ? {} : null;
      if (channel === 'reports:quoteMany') return request.items!.map((it) => (it.account === 'nasa' ? { ...quote('unlocked-elsewhere', 0), unlockedAt } : quote('new')));
      throw new Error(`unexpected ${channel}`);
    });
    const planned = await quoteAll(client, inputs('natgeo nasa tiktok:dancer'), 'report');
    expect(client.calls.filter((c) => c.channel === 'reports:quoteMany')).toHaveLength(1);
    expect(client.calls.filter((c) => c.channel === 'reports:quote')).toHaveLength(0);
    expect(client.calls.find((c) => c.channel === 'reports:quoteMany')!.request.items).toEqual([
      { network: 'instagram', account: 'natgeo' },
      { network: 'instagram', account: 'nasa' },
      { network: 'tiktok', account: 'dancer', tiktokType: 'report' },
    ]);
    expect(planned.map((p) => [p.input.account, p.quote?.reason, p.cached, p.error])).toEqual([
      ['natgeo', 'new', true, null],
      ['nasa', 'unlocked-elsewhere', false, null],
      ['dancer', 'new', false, null],
    ]);
    expect(costText(planned[1]!.quote!)).toBe(`free: unlocked on ${formatDate(unlockedAt)} by your API account`);
    expect(costText(planned[1]!.quote!)).toMatch(/^free: unlocked on Mar 3, 2026 by your API account$/);
  });

  it('sends at most 500 accounts per call', async () => {
    const client = fakeClient(({ channel, request }) => (channel === 'reports:open' ? null : request.items!.map(() => quote('new'))));
    const many = Array.from({ length: QUOTE_BATCH + 3 }, (_, i) => `acc${i}`).join('\n');
    const planned = await quoteAll(client, inputs(many), 'report');
    expect(client.calls.filter((c) => c.channel === 'reports:quoteMany').map((c) => c.request.items!.length)).toEqual([QUOTE_BATCH, 3]);
    expect(planned).toHaveLength(QUOTE_BATCH + 3);
    expect(planned.every((p) => p.quote?.reason === 'new')).toBe(true);
  });

  it('a batch refused for one entry is quoted one by one, so only that row carries the problem', async () => {
    const client = fakeClient(({ channel, request }) => {
      if (channel === 'reports:open') return null;
      if (channel === 'reports:quoteMany') return invalid;
      return request.account === 'gone' ? invalid : quote('new');
    });
    const planned = await quoteAll(client, inputs('natgeo gone'), 'report');
    expect(planned.map((p) => p.error)).toEqual([null, '"bad" cannot be read.']);
    expect(planned[0]!.quote?.reason).toBe('new');
  });

  it('any other failure is said on every row, with nothing quoted', async () => {
    const client = fakeClient(({ channel }) => (channel === 'reports:open' ? null : Object.assign(new Error('The API cannot be reached.'), { code: 'NETWORK' })));
    const planned = await quoteAll(client, inputs('natgeo nasa'), 'report');
    expect(planned.map((p) => [p.quote, p.error])).toEqual([
      [null, 'The API cannot be reached.'],
      [null, 'The API cannot be reached.'],
    ]);
    expect(client.calls.filter((c) => c.channel === 'reports:quote')).toHaveLength(0);
  });

  it('words the other reasons as before, and an unlock without a date without one', () => {
    expect(costText(quote('new'))).toBe('new: 1 report credit');
    expect(costText(quote('unlocked', 0))).toBe('unlocked within 365 days: free');
    expect(costText({ ...quote('unlocked-elsewhere', 0), unlockedAt: null })).toBe('free: unlocked by your API account');
  });
});

describe('the monthly limit in the plan (Team)', () => {
  const q = (cost: 0 | 1, withLimit = true): CostQuote => ({ cost, balance: 'credits', reason: 'new', freeUntil: null, ...(withLimit ? { limit: { balance: 'credits' as const, limit: 200, spent: 200 } } : {}) });
  it('refuses the selection whose total goes past the limit, and says how far, in the one wording', () => {
    const quotes = [q(1), q(1), q(1), q(1), q(1), q(0)];
    const past = pastLimits(spendTotals(quotes, null), quotes);
    expect(past).toEqual([{ limit: { balance: 'credits', limit: 200, spent: 200 }, cost: 5 }]);
    expect(limitText(past[0]!.limit, past[0]!.cost)).toBe("This would take you to 205 of your 200 report credits this month (your team's limit)");
  });
  it('within the limit, without one (outside a team, or none set), or costing nothing: no refusal', () => {
    const within = [{ ...q(1), limit: { balance: 'credits' as const, limit: 200, spent: 199 } }];
    expect(pastLimits(spendTotals(within, null), within)).toEqual([]);
    const none = [q(1, false), { ...q(1, false), limit: null }];
    expect(pastLimits(spendTotals(none, null), none)).toEqual([]);
    const free = [q(0)];
    expect(pastLimits(spendTotals(free, null), free)).toEqual([]);
  });
});
