// Quotes that know what the API account already unlocked (issue 13), end to end: two workspace
// folders share one simulator API account; what the first unlocked, the second quotes free (with
// the date) after one auditor.creators call, also offline afterwards, and fetches for nothing.
// Attacked: an unlock older than a year is not free, and an API that cannot answer leaves the
// quote as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../../simulator/server';
import { DAY_MS } from '../../../simulator/clock';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';

const YEAR_MS = 365 * DAY_MS;
const opened: ProductionHarness[] = [];
const sims: SimulatorHandle[] = [];

interface Folder {
  services: ProductionHarness['services'];
  call: ProductionHarness['result'];
  ok: ProductionHarness['ok'];
}

/** A workspace folder of its own (its own SQLite file), production pointed at `sim`. */
async function folder(sim: SimulatorHandle, options: { credentials?: boolean } = {}): Promise<Folder> {
  const h = await productionHarnessWith({
    sim,
    credentials: options.credentials,
    services: { polling: { pollDelayMs: () => 20 }, transport: { retry: { maxAttempts: 1 } } },
  });
  opened.push(h);
  return { services: h.services, call: h.result, ok: h.ok };
}

async function simulator(options: SimulatorOptions = {}) {
  const sim = await startSimulator({ generationMs: 30, seed: 'unlock-test', ...options });
  sims.push(sim);
  return sim;
}

const creatorsCalls = (sim: SimulatorHandle) => sim.state.calls.get('auditor.creators') ?? 0;

afterAll(async () => {
  for (const h of opened) await h.close();
  for (const sim of sims) await sim.close();
});

describe('a second workspace folder on the same API account', () => {
  let sim: SimulatorHandle;
  let first: Folder;
  let second: Folder;
  const unlockedAt: Record<string, number> = {};

  beforeAll(async () => {
    sim = await simulator();
    first = await folder(sim);
    second = await folder(sim);
    // The first folder unlocks three reports, paying for each.
    for (const [network, account, tiktokType] of [
      ['instagram', 'unlock_alpha', undefined],
      ['twitch', 'unlock_beta', undefined],
      ['tiktok', 'unlock_delta', 'advanced_report'],
    ] as const) {
      const quote = await first.ok('reports:quote', { network, account, tiktokType });
      expect(quote).toMatchObject({ cost: 1, reason: 'new' });
      const started = Date.now();
      await first.ok('reports:fetch', { network, account, tiktokType, confirmedCost: 1, workspace: 'production' });
      unlockedAt[account] = started;
    }
  });

  it('quotes the first one’s accounts free, with the date, after one creators call', async () => {
    const calls = creatorsCalls(sim);
    const quotes = await second.ok('reports:quoteMany', {
      items: [
        { network: 'instagram', account: '@Unlock_Alpha' },
        { network: 'twitch', account: 'https://www.twitch.tv/unlock_beta' },
        { network: 'instagram', account: 'never_unlocked_here' },
        { network: 'tiktok', account: 'unlock_delta', tiktokType: 'report' },
        { network: 'tiktok', account: 'unlock_delta' },
      ],
    });
    expect(creatorsCalls(sim)).toBe(calls + 1);
    for (const [i, account] of [[0, 'unlock_alpha'], [1, 'unlock_beta'], [3, 'unlock_delta']] as const) {
      const q = quotes[i]!;
      expect(q).toMatchObject({ cost: 0, reason: 'unlocked-elsewhere' });
      // The API gives the date to the second: within a second or two of the first folder's fetch.
      expect(Math.abs(q.unlockedAt! - unlockedAt[account]!)).toBeLessThan(3000);
      expect(q.freeUntil).toBe(q.unlockedAt! + YEAR_MS);
    }
    expect(quotes[2]).toMatchObject({ cost: 1, reason: 'new' });
    // auditor.creators does not say which TikTok report was unlocked: an advanced one keeps its cost.
    expect(quotes[4]).toMatchObject({ cost: 1 });
    // Asked again, the answer is remembered: no second call.
    await second.ok('reports:quote', { network: 'instagram', account: 'unlock_alpha' });
    expect(creatorsCalls(sim)).toBe(calls + 1);
  });

  it('quotes the same offline, and the fetch agrees: nothing spent', async () => {
    await second.ok('connection:setOffline', { offline: true });
    const offline = await second.ok('reports:quote', { network: 'twitch', account: 'unlock_beta' });
    expect(offline).toMatchObject({ cost: 0, reason: 'unlocked-elsewhere' });
    await second.ok('connection:setOffline', { offline: false });
    const credits = sim.state.balances.credits;
    const spent = sim.state.totalSpent();
    for (const account of ['unlock_alpha', 'unlock_beta'] as const) {
      const network = account === 'unlock_alpha' ? 'instagram' : 'twitch';
      const report = await second.ok('reports:fetch', { network, account, confirmedCost: 0, workspace: 'production' });
      expect(report).not.toBeNull();
      // Cached now: the usual "unlocked" quote, from the same date.
      const after = await second.ok('reports:quote', { network, account });
      expect(after).toMatchObject({ cost: 0, reason: 'unlocked' });
    }
    expect(sim.state.balances.credits).toBe(credits);
    expect(sim.state.totalSpent()).toBe(spent);
    const ledger = second.services.active().ledger;
    expect(ledger.totals().credits).toBe(0);
    expect(ledger.open()).toHaveLength(0);
    // Confirming a credit for it is refused: the cost is 0 now.
    const wrong = await second.call('reports:fetch', { network: 'tiktok', account: 'unlock_delta', tiktokType: 'report', confirmedCost: 1, workspace: 'production' });
    expect(!wrong.ok && wrong.error.code).toBe('COST_CHANGED');
  });
});

describe('attacks on the unlock-aware quote', () => {
  it('does not quote free a report the API account unlocked 400 days ago', async () => {
    // The simulator starts 400 days in the past: the first folder's unlock happens then.
    const sim = await simulator({ clock: Date.now() - 400 * DAY_MS });
    const first = await folder(sim);
    await first.ok('reports:fetch', { network: 'instagram', account: 'old_gamma', confirmedCost: 1, workspace: 'production' });
    sim.advanceClock(400 * DAY_MS);
    const second = await folder(sim);
    const calls = creatorsCalls(sim);
    const quote = await second.ok('reports:quote', { network: 'instagram', account: 'old_gamma' });
    expect(creatorsCalls(sim)).toBe(calls + 1);
    // auditor.creators did say it was unlocked, 400 days ago.
    const creators = second.services.active().creators.list('old_gamma');
    expect(creators[0]!.accounts[0]!.reportUnlockedAt).toBeLessThan(Date.now() - 399 * DAY_MS);
    expect(quote).toMatchObject({ cost: 1, reason: 'new' });
    const free = await second.call('reports:fetch', { network: 'instagram', account: 'old_gamma', confirmedCost: 0, workspace: 'production' });
    expect(!free.ok && free.error.code).toBe('COST_CHANGED');
    const credits = sim.state.balances.credits;
    await second.ok('reports:fetch', { network: 'instagram', account: 'old_gamma', confirmedCost: 1, workspace: 'production' });
    expect(sim.state.balances.credits).toBe(credits - 1);
    expect(second.services.active().ledger.totals().credits).toBe(1);
  });

  it('books a credit the API charges after all against the fetch, not as spent outside Scout', async () => {
    // The simulator's creator list also names accounts whose reports it would still charge for:
    // the API's word and its charge disagree, as they might in reality.
    const sim = await simulator();
    const scout = await folder(sim);
    await scout.ok('creators:sync', {});
    const listed = await scout.ok('creators:list', {});
    const seed = listed.flatMap((c) => c.accounts).find((a) => a.network === 'instagram' && a.account && a.reportUnlockedAt !== null)!;
    expect(seed).toBeDefined();
    const quote = await scout.ok('reports:quote', { network: 'instagram', account: seed.account! });
    expect(quote).toMatchObject({ cost: 0, reason: 'unlocked-elsewhere' });
    const credits = sim.state.balances.credits;
    await scout.ok('reports:fetch', { network: 'instagram', account: seed.account!, confirmedCost: 0, workspace: 'production' });
    expect(sim.state.balances.credits).toBe(credits - 1);
    const ledger = scout.services.active().ledger;
    expect(ledger.totals().credits).toBe(1);
    const rows = await scout.ok('ledger:spending', {});
    expect(rows.reduce((sum, r) => sum + r.outside, 0)).toBe(0);
  });

  it('falls back to today’s quote when the API cannot answer', async () => {
    const sim = await simulator();
    const first = await folder(sim);
    await first.ok('reports:fetch', { network: 'instagram', account: 'unlock_epsilon', confirmedCost: 1, workspace: 'production' });

    // No credentials: nothing can be asked.
    const noCredentials = await folder(sim, { credentials: false });
    expect(await noCredentials.ok('reports:quote', { network: 'instagram', account: 'unlock_epsilon' })).toMatchObject({ cost: 1, reason: 'new' });

    // Offline by hand: nothing is asked.
    const offline = await folder(sim);
    await offline.ok('connection:setOffline', { offline: true });
    const calls = creatorsCalls(sim);
    expect(await offline.ok('reports:quoteMany', { items: [{ network: 'instagram', account: 'unlock_epsilon' }] })).toMatchObject([{ cost: 1, reason: 'new' }]);
    expect(creatorsCalls(sim)).toBe(calls);
    // Online again, the next quote asks (the offline one was not remembered as an answer).
    await offline.ok('connection:setOffline', { offline: false });
    expect(await offline.ok('reports:quote', { network: 'instagram', account: 'unlock_epsilon' })).toMatchObject({ cost: 0, reason: 'unlocked-elsewhere' });

    // The API failing: every answer is a server error.
    const broken = await simulator({ faultRate: 1, faultTypes: ['500'] });
    const failing = await folder(broken);
    const quote = await failing.ok('reports:quote', { network: 'instagram', account: 'unlock_epsilon' });
    expect(quote).toMatchObject({ cost: 1, reason: 'new' });
  });
});
