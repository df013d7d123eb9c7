import { describe, expect, it, vi } from 'vitest';
import { accountProfile, universeName } from '../profile';
import { deriveAccount, REFERENCE_NOW, searchNetworks, universe, UNIVERSE_SIZE } from './index';

describe('universe', () => {
  it('is generated lazily, without Math.random, in well under a few seconds', () => {
    const random = vi.spyOn(Math, 'random');
    const started = performance.now();
    const u = universe('twitter');
    const ms = performance.now() - started;
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(u.accounts).toHaveLength(UNIVERSE_SIZE);
    // Typically 300–600 ms on a loaded two-core box; the bound only catches gross regressions.
    expect(ms).toBeLessThan(5000);
    expect(universe('twitter')).toBe(u); // cached
  });

  it('holds at least 20,000 distinct accounts per network', () => {
    expect(UNIVERSE_SIZE).toBeGreaterThanOrEqual(20_000);
    for (const net of searchNetworks) {
      const u = universe(net);
      expect(new Set(u.accounts.map((a) => a.username)).size).toBe(UNIVERSE_SIZE);
      expect(u.byUsername.size).toBe(UNIVERSE_SIZE);
    }
  });

  it('uses accountProfile for every account: same followers, er, id as a report would show', () => {
    for (const net of searchNetworks) {
      universe(net).accounts.forEach((a, i) => {
        expect(a.index).toBe(i);
        expect(a.username).toBe(universeName(net, i));
        const p = accountProfile(net, a.username);
        if (a.profile.followers !== p.followers || a.profile.er !== p.er || a.profile.id !== p.id) {
          throw new Error(`${net}:${a.username} differs from its profile`);
        }
      });
    }
  });

  it('derives the same record for a name on its own as in the universe', () => {
    for (const net of searchNetworks) {
      for (const i of [0, 1, 777, 19_999]) {
        const inUniverse = universe(net).accounts[i]!;
        const alone = deriveAccount(net, inUniverse.username, i);
        expect({ ...alone, audience: alone.audience }).toEqual({ ...inUniverse, audience: inUniverse.audience });
        // And again, with the audience derived before anything else.
        expect(deriveAccount(net, inUniverse.username, i).audience).toEqual(inUniverse.audience);
      }
    }
  });

  it('has coherent derived attributes', () => {
    for (const net of searchNetworks) {
      for (const a of universe(net).accounts.slice(0, 2000)) {
        const ages = Object.values(a.audience.ages).reduce((s, v) => s + v, 0);
        expect(Math.abs(ages - 100)).toBeLessThan(1e-9);
        expect(a.audience.countries[0]!.code).toBe(a.profile.audienceCountry);
        expect(a.audience.countries.reduce((s, c) => s + c.prc, 0)).toBeLessThanOrEqual(100 + 1e-9);
        expect(a.lastMediaTime).toBeLessThanOrEqual(REFERENCE_NOW);
        expect(a.thematics[0]).toBe(a.profile.category);
        expect(a.audienceFemale + a.audienceMale).toBeCloseTo(100, 9);
        if (net === 'instagram') {
          const eth = Object.values(a.audience.ethnicity).reduce((s, v) => s + v, 0);
          expect(Math.abs(eth - 100)).toBeLessThan(1e-9);
          const income = Object.values(a.audience.incomeAtLeast);
          for (let k = 1; k < income.length; k++) expect(income[k]!).toBeLessThanOrEqual(income[k - 1]!);
        }
        if (net === 'twitch') {
          const g = a.twitchGames;
          expect(g['30d'].length).toBeGreaterThan(0);
          expect(g['30d']).toEqual(expect.arrayContaining(g['7d']));
          expect(g['90d']).toEqual(expect.arrayContaining(g['30d']));
          expect(g['180d']).toEqual(expect.arrayContaining(g['90d']));
        }
        if (net === 'youtube') expect(a.cqs).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
