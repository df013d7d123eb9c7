import { describe, expect, it } from 'vitest';
import { testCdn } from '../cdn';
import { games, searchGames } from './index';

describe('Twitch games catalogue', () => {
  it('holds a few hundred distinct titles with distinct integer ids', () => {
    expect(games.length).toBeGreaterThanOrEqual(200);
    expect(new Set(games.map((g) => g.title.toLowerCase())).size).toBe(games.length);
    expect(new Set(games.map((g) => g.id)).size).toBe(games.length);
    for (const g of games) expect(Number.isInteger(g.id)).toBe(true);
  });

  it('finds games by a case-insensitive fragment of the title (spec 2.11 shape)', () => {
    const found = searchGames('LEGEND', testCdn);
    const titles = found.map((g) => g.basic.title);
    expect(titles).toContain('League of Legends');
    expect(titles).toContain('Apex Legends');
    for (const t of titles) expect(t.toLowerCase()).toContain('legend');
    const first = found[0]!;
    expect(Object.keys(first)).toEqual(['basic']);
    expect(Object.keys(first.basic).sort()).toEqual(['avatar_url', 'id', 'title']);
    expect(typeof first.basic.id).toBe('number');
    expect(first.basic.avatar_url).toBe(testCdn.avatar('twitch', `game-${first.basic.id}`));
  });

  it('returns every game that matches and none that does not', () => {
    const fragment = 'craft';
    const expected = games.filter((g) => g.title.toLowerCase().includes(fragment)).map((g) => g.id);
    expect(searchGames(fragment, testCdn).map((g) => g.basic.id)).toEqual(expected);
    expect(searchGames('no such game at all', testCdn)).toEqual([]);
  });

  it('trims the fragment; an empty fragment matches everything', () => {
    expect(searchGames('  fortnite ', testCdn).map((g) => g.basic.title)).toEqual(['Fortnite', 'Fortnite Creative']);
    expect(searchGames('', testCdn)).toHaveLength(games.length);
  });

  it('keeps ids stable (they are what twitch_games filters refer to)', () => {
    const again = searchGames('Minecraft', testCdn).map((g) => g.basic.id);
    expect(again).toEqual(searchGames('minecraft', testCdn).map((g) => g.basic.id));
  });
});
