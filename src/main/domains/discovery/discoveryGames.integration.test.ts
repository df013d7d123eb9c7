// `discovery:games` end to end in main, through the contract's dispatcher, against the simulator
// over loopback: the Twitch games picker's type-ahead. Free (no discovery call is spent), checked
// before anything is sent, and refused in words when offline or without credentials.
import { afterEach, describe, expect, it } from 'vitest';
import type { DiscoveryGame } from '@shared/discovery';
import { validateDiscoveryQuery } from '@shared/discovery';
import { games as catalogue } from '../../../simulator/data/discovery';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('the call succeeded');
}

describe('discovery:games', () => {
  it('finds the games whose title matches, as the catalogue has them, and spends nothing', async () => {
    h = await productionHarness();
    const before = h.sim.state.balances.discoveryRequests;
    const found = await h.call<DiscoveryGame[]>('discovery:games', { search: '  craft ' });
    const expected = catalogue.filter((g) => g.title.toLowerCase().includes('craft'));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.map((g) => ({ id: g.id, title: g.title }))).toEqual(expected.map((g) => ({ id: g.id, title: g.title })));
    for (const g of found) {
      expect(Number.isInteger(g.id) && g.id > 0).toBe(true);
      expect(g.avatarUrl).toMatch(/^https?:\/\//);
    }
    expect(h.sim.state.calls.get('auditor.games')).toBe(1);
    expect(h.sim.state.balances.discoveryRequests).toBe(before);
    // The ids it answers are what the twitch_games filter takes.
    const body = validateDiscoveryQuery({ social_network: 'twitch', twitch_games: { games: found.slice(0, 3).map((g) => g.id) } });
    expect(body.ok).toBe(true);
  });

  it('answers an empty list for a title nothing matches', async () => {
    h = await productionHarness();
    expect(await h.call<DiscoveryGame[]>('discovery:games', { search: 'zzqq no such game' })).toEqual([]);
  });

  it('refuses an empty or overlong search before anything is sent', async () => {
    h = await productionHarness();
    expect((await refusal(h.call('discovery:games', { search: '   ' }))).code).toBe('INVALID_INPUT');
    expect((await refusal(h.call('discovery:games', { search: 'x'.repeat(101) }))).code).toBe('INVALID_INPUT');
    expect((await refusal(h.call('discovery:games', {}))).code).toBe('INVALID_INPUT');
    expect(h.sim.state.calls.get('auditor.games') ?? 0).toBe(0);
  });

  it('says so when the workspace is offline, and sends nothing', async () => {
    h = await productionHarness();
    await h.call('connection:setOffline', { offline: true });
    const error = await refusal(h.call('discovery:games', { search: 'minecraft' }));
    expect(error.code).toBe('OFFLINE');
    expect(error.message).toMatch(/offline/i);
    expect(h.sim.state.calls.get('auditor.games') ?? 0).toBe(0);
  });

  it('says so when the workspace has no credentials, and sends nothing', async () => {
    h = await productionHarness();
    await h.call('credentials:delete', { workspace: 'production' });
    const error = await refusal(h.call('discovery:games', { search: 'minecraft' }));
    expect(error.code).toBe('NO_CREDENTIALS');
    expect(h.sim.state.calls.get('auditor.games') ?? 0).toBe(0);
  });
});
