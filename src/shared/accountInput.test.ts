import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountText, channelIdProblem, parseAccountLine, parseAccountList, parseAccountRef, splitAccountBatch } from './accountInput';
import { networks } from './reports';

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
    expect(lines[5]).toMatchObject({ ok: false, reason: 'line 5: "bad!name" is not a valid Instagram name' });
  });

  it('refuses a whole line when any entry on it is not valid, naming the line', () => {
    // "bad name!" is a typo, not an order for "bad".
    const lines = parseAccountList('natgeo\nbad name!\ntwitch:shroud', 'instagram');
    expect(lines.filter((l) => l.ok).map((l) => l.ok && l.value.account)).toEqual(['natgeo', 'shroud']);
    expect(lines[1]).toEqual({ ok: false, source: 'bad name!', reason: 'line 2 is not fetched: "name!" is not a valid Instagram name' });
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
          if (line.ok) expect(line.value.account).toMatch(/^@?[A-Za-z0-9._-]+$/);
        }
      }),
    );
  });
});

describe('one reading of an account: the cache key and the name sent to the API', () => {
  const ref = (text: string, network: Parameters<typeof parseAccountRef>[1]) => {
    const r = parseAccountRef(text, network);
    if (!r.ok) throw new Error(`${text}: ${r.reason}`);
    return r.value;
  };

  it('reads every spelling of one username as one account', () => {
    const nasa = { network: 'twitch', key: 'nasa', apiName: 'nasa', byUserId: false };
    for (const text of ['nasa', 'NASA', '@NASA', ' NASA ', '\tnasa\n', 'twitch:NASA', 'https://www.twitch.tv/NASA', 'twitch.tv/@nasa/videos']) {
      expect(ref(text, 'twitch')).toEqual(nasa);
    }
  });

  it('keeps a YouTube channel id in its letter case for the API, keyed in lower case', () => {
    const id = 'UCpVm7bg6pXKo1Pr6k5kxG9A';
    const expected = { network: 'youtube', key: id.toLowerCase(), apiName: id, byUserId: false };
    expect(ref(id, 'youtube')).toEqual(expected);
    expect(ref(`https://www.youtube.com/channel/${id}`, 'youtube')).toEqual(expected);
    // The library hands back the key: read as a name, the service then finds the cased id in its cache.
    expect(ref(id.toLowerCase(), 'youtube')).toEqual({ ...expected, apiName: id.toLowerCase() });
  });

  it('tells a TikTok user id from a TikTok username made of digits', () => {
    expect(ref('6812345678901234567', 'tiktok')).toEqual({ network: 'tiktok', key: '6812345678901234567', apiName: '6812345678901234567', byUserId: true });
    const username = parseAccountLine('https://www.tiktok.com/@1234567', null);
    expect(username).toMatchObject({ ok: true, value: { key: '@1234567', apiName: '1234567', byUserId: false, account: '@1234567' } });
    expect(ref('@1234567', 'tiktok')).toEqual({ network: 'tiktok', key: '@1234567', apiName: '1234567', byUserId: false });
  });

  it('refuses an account of another network than the request is about, and a bare name with no network', () => {
    expect(parseAccountRef('instagram:natgeo', 'twitch')).toEqual({ ok: false, reason: '"natgeo" is an account on instagram, and this asks about twitch.' });
    expect(parseAccountRef('https://x.com/NASA', 'twitch')).toMatchObject({ ok: false, reason: /on twitter, and this asks about twitch/ });
    expect(parseAccountRef('natgeo', null)).toMatchObject({ ok: false, reason: /Choose a network/ });
    expect(ref('https://x.com/NASA', null)).toMatchObject({ network: 'twitter', key: 'nasa' });
    expect(parseAccountRef('  ', 'twitch')).toEqual({ ok: false, reason: 'Enter an account name or id.' });
    expect(parseAccountRef('https://www.twitch.tv/%E0%A4%A', 'twitch')).toMatchObject({ ok: false, reason: /not readable/ });
  });

  it('what Add accounts reads, and its text, read back to the same account (what the renderer sends main)', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9._-]{1,30}$/);
    const spelling = fc.oneof(
      name,
      name.map((n) => `@${n}`),
      fc.stringMatching(/^[0-9]{6,20}$/),
      fc.stringMatching(/^UC[A-Za-z0-9_-]{22}$/),
    );
    fc.assert(
      fc.property(fc.constantFrom(...networks), spelling, (network, text) => {
        const line = parseAccountLine(text, network);
        if (!line.ok) return;
        const { network: read, key, apiName, byUserId } = line.value;
        expect(parseAccountRef(line.value.account, read)).toEqual({ ok: true, value: { network: read, key, apiName, byUserId } });
        expect(parseAccountRef(accountText(line.value), read)).toEqual({ ok: true, value: { network: read, key, apiName, byUserId } });
      }),
    );
  });
});

describe('invisible characters', () => {
  // Bidi embeddings/overrides/isolates, zero-width characters, the byte-order mark, C0 and C1 controls.
  const invisible = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200b', '\u200c', '\u200d', '\ufeff', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];

  it.each(invisible.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('refuses %s anywhere in a name or link', (code, c) => {
    for (const text of [`na${c}sa`, `${c}nasa`, `nasa${c}`, `https://www.twitch.tv/na${c}sa`, `https://www.twitch.tv/na${encodeURIComponent(c)}sa`, `twitch:${c}nasa`]) {
      const line = parseAccountLine(text, 'twitch');
      expect(line.ok, JSON.stringify(text)).toBe(false);
      if (line.ok) continue;
      expect(line.reason).toContain(code);
      expect(line.reason).toMatch(/invisible character/);
      // The message and the text it quotes are shown as they read: no invisible character in them.
      expect(line.source + line.reason).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(parseAccountRef(text, 'twitch')).toMatchObject({ ok: false, reason: expect.stringContaining(code) });
    }
  });

  it('names the common ones in words', () => {
    expect(parseAccountRef('nasa\u202e', 'twitch')).toEqual({
      ok: false,
      reason: 'The text contains an invisible character (U+202E, right-to-left override); type the name rather than pasting it.',
    });
    expect(parseAccountRef('na\u200bsa', 'twitch')).toMatchObject({ ok: false, reason: /U\+200B, zero-width space/ });
  });

  it('refuses a pasted line holding one, rather than splitting the name around it', () => {
    // JavaScript counts the byte-order mark as a space: split there, "nat\ufeffgeo" would become two accounts.
    expect(parseAccountList('nat\ufeffgeo', 'instagram')).toEqual([
      { ok: false, source: 'nat<U+FEFF>geo', reason: 'line 1 is not fetched: it contains an invisible character (U+FEFF, byte-order mark); type the name rather than pasting it' },
    ]);
    const lines = parseAccountList('natgeo\nnasa\u202e, cats\ndogs\tbirds', 'instagram');
    expect(lines.map((l) => (l.ok ? l.value.account : `error:${l.reason.slice(0, 6)}`))).toEqual(['natgeo', 'error:line 2', 'dogs', 'birds']);
  });

  it('is found whatever else the text holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...invisible), fc.string({ maxLength: 40 }), (before, c, after) => {
        const text = `${before}${c}${after}`;
        expect(parseAccountRef(text, 'instagram').ok).toBe(false);
        for (const line of parseAccountList(text, 'instagram')) expect(line.ok).toBe(false);
      }),
    );
  });
});

describe('a YouTube channel id that is not quite one', () => {
  const ID = 'UCpVm7bg6pXKo1Pr6k5kxG9A';
  const reason = (text: string, network: Parameters<typeof parseAccountLine>[1] = 'instagram') => {
    const r = parseAccountLine(text, network);
    return r.ok ? `read as ${r.value.network}:${r.value.account}` : r.reason;
  };

  it('says what is wrong with it, in words, whatever network is chosen for bare names — never “not a valid Instagram name”', () => {
    expect(reason(ID.slice(0, -1))).toBe(`“${ID.slice(0, -1)}” looks like a YouTube channel id but has 21 characters after UC, not 22 (1 missing): copy the whole id from the channel’s address`);
    expect(reason(`${ID}x`, 'youtube')).toBe(`“${ID}x” looks like a YouTube channel id but has 23 characters after UC, not 22 (1 too many): copy the whole id from the channel’s address`);
    expect(reason(`${ID.slice(0, 10)}!${ID.slice(11)}`, null)).toBe(`“${ID.slice(0, 10)}!${ID.slice(11)}” looks like a YouTube channel id but holds “!”, which no channel id does (only letters, digits, - and _): copy the whole id from the channel’s address`);
    expect(reason(`youtube:${ID.slice(0, -2)}`)).toMatch(/has 20 characters after UC, not 22 \(2 missing\)/);
  });

  it('in a channel link: the link’s id, and what is wrong with it — not “should point at a channel”', () => {
    expect(reason(`https://www.youtube.com/channel/${ID.slice(0, -1)}`)).toBe(`the channel id in that link, “${ID.slice(0, -1)}”, has 21 characters after UC, not 22 (1 missing): copy the whole address again`);
    expect(reason('https://www.youtube.com/channel/pVm7bg6pXKo1Pr6k5kxG9A')).toMatch(/“pVm7bg6pXKo1Pr6k5kxG9A”, does not start with UC/);
    expect(reason('https://www.youtube.com/channel/')).toBe('that YouTube link has no channel id after /channel/');
  });

  it('a name that only starts with UC, one with its network named, or an @handle is still a name; a whole id is a channel', () => {
    expect(reason('UCLA_Bruins_Official')).toBe('read as instagram:UCLA_Bruins_Official');
    expect(reason(`instagram:${ID.slice(0, -1)}`)).toBe(`read as instagram:${ID.slice(0, -1)}`);
    expect(reason(`@${ID.slice(0, -1)}`, 'youtube')).toBe(`read as youtube:${ID.slice(0, -1)}`);
    expect(reason(ID)).toBe(`read as youtube:${ID}`);
    expect(channelIdProblem(ID)).toBeNull();
    // What main reads for a request naming the network: the same words for YouTube, a name elsewhere.
    expect(parseAccountRef(ID.slice(0, -1), 'youtube')).toEqual({ ok: false, reason: expect.stringMatching(/^“UC.*” looks like a YouTube channel id but has 21 characters/) });
    expect(parseAccountRef(ID.slice(0, -1), 'instagram').ok).toBe(true);
  });
});

describe('a batch split to add what can be', () => {
  it('adds the lines that read, keeps the others as typed, and says what is wrong with each entry by itself', () => {
    const short = 'UCpVm7bg6pXKo1Pr6k5kxG9';
    const text = ['UCBJycsmduvYEL83R_U4JriQ', `  ${short}  `, 'natgeo, nasa', 'good_one bad!name', 'natgeo'].join('\n');
    const batch = splitAccountBatch(text, 'instagram');
    expect(batch.accounts.map((a) => `${a.network}:${a.account}`)).toEqual(['youtube:UCBJycsmduvYEL83R_U4JriQ', 'instagram:natgeo', 'instagram:nasa']);
    // The lines that do not read, as typed (trimmed), to fix in the box.
    expect(batch.kept).toEqual([short, 'good_one bad!name']);
    expect(batch.problems).toEqual([
      `“${short}” looks like a YouTube channel id but has 21 characters after UC, not 22 (1 missing): copy the whole id from the channel’s address.`,
      '"bad!name" is not a valid Instagram name.',
    ]);
  });

  it('a bare name with no network chosen, and a hidden character: said by the entry', () => {
    expect(splitAccountBatch('natgeo', null).problems).toEqual(['“natgeo”: choose a network, or paste a profile link.']);
    const hidden = splitAccountBatch('nat\u200bgeo', 'instagram');
    expect(hidden.accounts).toEqual([]);
    expect(hidden.problems).toHaveLength(1);
    expect(hidden.problems[0]).toMatch(/^“nat.*geo”: /);
    expect(hidden.problems[0]).not.toMatch(/line 1/);
  });
});
