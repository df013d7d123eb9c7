import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAccountLine, parseAccountList } from './accountInput';

const ok = (text: string, network: Parameters<typeof parseAccountLine>[1] = null) => {
  const r = parseAccountLine(text, network);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return { network: r.value.network, account: r.value.account, byUserId: r.value.byUserId };
};

describe('profile links of the six networks', () => {
  it.each([
    ['https://www.instagram.com/natgeo/', 'instagram', 'natgeo'],
    ['instagram.com/natgeo?igsh=abc', 'instagram', 'natgeo'],
    ['https://www.youtube.com/channel/UCpVm7bg6pXKo1Pr6k5kxG9A', 'youtube', 'UCpVm7bg6pXKo1Pr6k5kxG9A'],
    ['https://youtube.com/@MrBeast/videos', 'youtube', 'MrBeast'],
    ['https://www.tiktok.com/@khaby.lame?lang=en', 'tiktok', 'khaby.lame'],
    ['https://www.twitch.tv/shroud', 'twitch', 'shroud'],
    ['https://x.com/NASA', 'twitter', 'NASA'],
    ['https://twitter.com/@nasa/status/1', 'twitter', 'nasa'],
    ['https://www.snapchat.com/add/kyliejenner', 'snapchat', 'kyliejenner'],
  ])('%s → %s %s', (link, network, account) => {
    expect(ok(link)).toEqual({ network, account, byUserId: false });
  });

  it.each([
    ['https://www.instagram.com/p/Cxyz123/', /not a profile/],
    ['https://www.tiktok.com/tag/dance', /profile/],
    ['https://www.youtube.com/watch?v=abc', /channel/],
    ['https://example.com/natgeo', /not one of the six networks/],
  ])('refuses %s', (link, reason) => {
    const r = parseAccountLine(link, null);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });
});

describe('names and ids', () => {
  it('needs a network for a bare name, and takes one as a prefix', () => {
    expect(parseAccountLine('natgeo', null)).toMatchObject({ ok: false, reason: /choose a network/ });
    expect(ok('natgeo', 'instagram')).toEqual({ network: 'instagram', account: 'natgeo', byUserId: false });
    expect(ok('@natgeo', 'instagram').account).toBe('natgeo');
    expect(ok('twitch:shroud', 'instagram')).toEqual({ network: 'twitch', account: 'shroud', byUserId: false });
  });

  it('recognises a YouTube channel id and a TikTok user id', () => {
    expect(ok('UCpVm7bg6pXKo1Pr6k5kxG9A').network).toBe('youtube');
    expect(ok('6812345678901234567', 'tiktok')).toEqual({ network: 'tiktok', account: '6812345678901234567', byUserId: true });
  });

  it('refuses names with characters no network allows', () => {
    expect(parseAccountLine('na tgeo!', 'instagram').ok).toBe(false);
    expect(parseAccountLine('<script>', 'twitter').ok).toBe(false);
  });
});

describe('bulk paste', () => {
  it('splits on lines, commas and spaces, keeps errors, drops duplicates', () => {
    const lines = parseAccountList('natgeo, nasa\nhttps://www.twitch.tv/shroud\n\nnatgeo  cats;dogs\r\nbad!name', 'instagram');
    expect(lines.map((l) => (l.ok ? `${l.value.network}:${l.value.account}` : `error:${l.source}`))).toEqual([
      'instagram:natgeo',
      'instagram:nasa',
      'twitch:shroud',
      'instagram:cats',
      'instagram:dogs',
      'error:bad!name',
    ]);
    expect(lines[5]).toMatchObject({ ok: false, reason: 'line 5: "bad!name" is not a valid instagram name' });
  });

  it('refuses a whole line when any entry on it is not valid, naming the line', () => {
    // "bad name!" is a typo, not an order for "bad".
    const lines = parseAccountList('natgeo\nbad name!\ntwitch:shroud', 'instagram');
    expect(lines.filter((l) => l.ok).map((l) => l.ok && l.value.account)).toEqual(['natgeo', 'shroud']);
    expect(lines[1]).toEqual({ ok: false, source: 'bad name!', reason: 'line 2 is not fetched: "name!" is not a valid instagram name' });
    // A refused line does not count as seen: the same name on a good line is still taken.
    expect(parseAccountList('bad, name!\nbad', 'instagram').map((l) => (l.ok ? l.value.account : l.source))).toEqual(['bad, name!', 'bad']);
    // Links and prefixed names mix on one line when all are valid.
    expect(parseAccountList('https://x.com/NASA, youtube:foodchannel tiktok:dancer', null).every((l) => l.ok)).toBe(true);
    expect(parseAccountList('https://x.com/NASA https://example.com/a', null)).toEqual([
      { ok: false, source: 'https://x.com/NASA https://example.com/a', reason: 'line 1 is not fetched: example.com is not one of the six networks' },
    ]);
  });

  it('never throws, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const line of parseAccountList(text, 'tiktok')) {
          if (line.ok) expect(line.value.account).toMatch(/^[A-Za-z0-9._-]+$/);
        }
      }),
    );
  });
});
