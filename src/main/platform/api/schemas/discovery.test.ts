// Discovery answers: Twitch games, creators, saved lists, search. Generator and route output,
// hand-crafted variants, malformed bodies.
import { describe, expect, it } from 'vitest';
import { testCdn } from '../../../../simulator/data/cdn';
import { listItems, runSearch, sandboxSearch, searchGames, validateSearch } from '../../../../simulator/data/discovery';
import { discoveryRoutes } from '../../../../simulator/routes/discovery';
import { parseCreators, parseGames, parseList, parseSearch } from './index';
import { localSim, node, issuesOf } from './testkit';
import { at } from './normalise';


function wrapped<T>(result: T): { result: T } {
  return JSON.parse(JSON.stringify({ result })) as { result: T };
}

function query(body: Record<string, unknown>) {
  const v = validateSearch(body);
  if (!v.ok) throw new Error(v.description);
  return v.value;
}

describe('parseGames (2.11)', () => {
  it('reads the catalogue search', () => {
    const raw = searchGames('league', testCdn);
    const games = parseGames(wrapped(raw));
    expect(games.length).toBe(raw.length);
    expect(games[0]).toEqual({ id: raw[0]!.basic.id, title: raw[0]!.basic.title, avatarUrl: raw[0]!.basic.avatar_url });
    expect(parseGames(wrapped(searchGames('zzzz-no-such-game', testCdn)))).toEqual([]);
  });

  it('a numeric-string id (as Twitch ids appear in reports) and a null avatar are accepted', () => {
    expect(parseGames({ result: [{ basic: { id: '509658', title: 'Just Chatting', avatar_url: null } }] })).toEqual([{ id: 509658, title: 'Just Chatting', avatarUrl: null }]);
  });

  it('malformed: missing title, a word as id, result not a list', () => {
    expect(issuesOf(() => parseGames({ result: [{ basic: { id: 1 } }] }))[0]).toMatch(/^result\.0\.basic\.title: missing/);
    expect(issuesOf(() => parseGames({ result: [{ basic: { id: 'chess', title: 'Chess' } }] }))[0]).toMatch(/^result\.0\.basic\.id: /);
    expect(issuesOf(() => parseGames({ result: {} }))[0]).toBe('result: expected array, received object');
  });
});

describe('parseCreators (2.10)', () => {
  it('reads the simulator’s creators page with its cursor', async () => {
    const { call } = localSim();
    const page = await call(discoveryRoutes['auditor.creators']!, { limit: '5' });
    const r = parseCreators(page.body);
    const raw = node(page.body, 'result').creators as { id: number; accounts: { subscribers_count: number; social_network: string }[] }[];
    expect(r.creators).toHaveLength(5);
    expect(r.nextCursor).toEqual(expect.any(String));
    expect(r.creators.map((c) => c.id)).toEqual(raw.map((c) => c.id));
    const c = r.creators[0]!;
    expect(c.accounts[0]!.followers).toBe(raw[0]!.accounts[0]!.subscribers_count);
    expect(c.accounts[0]!.network).toBe(raw[0]!.accounts[0]!.social_network);
    expect(c.accounts[0]!.reportUnlockedAt).toEqual(expect.any(Number));
    expect(c.country?.code).toMatch(/^[A-Z]{2}$/);
    expect(c.languages.length).toBe(1);
    expect(c.networkStatus).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const next = await call(discoveryRoutes['auditor.creators']!, { limit: '5', cursor: r.nextCursor! });
    const second = parseCreators(next.body);
    expect(second.creators[0]!.id).not.toBe(c.id);
  });

  it('hand-crafted: gender object, language list, lower-case country, string id, last page', () => {
    const r = parseCreators({
      result: {
        creators: [
          {
            id: '42',
            gender: { title: 'Female' },
            language: ['EN', 'es'],
            country: { title: 'Germany', code: 'de' },
            city: null,
            accounts: [{ id: 7, social_network: 'bluesky', report_unlock_date: null, is_report_unlocked: false }],
            future_field: 1,
          },
        ],
        next_cursor: null,
      },
    });
    const c = r.creators[0]!;
    expect(c.id).toBe(42);
    expect(c.gender).toBe('female');
    expect(c.languages).toEqual(['en', 'es']);
    expect(c.country).toEqual({ title: 'Germany', code: 'DE' });
    expect(c.cityId).toBeNull();
    expect(c.accounts[0]).toMatchObject({ id: '7', network: null, socialNetwork: 'bluesky', reportUnlocked: false, reportUnlockedAt: null });
    expect(c.raw.future_field).toBe(1);
    expect(r.nextCursor).toBeNull();
  });

  it('malformed: a non-numeric id, emails not a list, creators missing', () => {
    expect(issuesOf(() => parseCreators({ result: { creators: [{ id: 'abc' }], next_cursor: null } }))[0]).toMatch(/^result\.creators\.0\.id: /);
    expect(issuesOf(() => parseCreators({ result: { creators: [{ id: 1, emails: 'a@b.c' }] } }))).toContain('result.creators.0.emails: expected array, received string');
    expect(issuesOf(() => parseCreators({ result: { next_cursor: null } }))[0]).toMatch(/^result\.creators: missing/);
  });
});

describe('parseList (2.12)', () => {
  it('reads a generated saved list of several networks', () => {
    const raw = listItems(5, 40, 0, testCdn)!;
    const items = parseList(wrapped(raw));
    expect(items).toHaveLength(raw.length);
    const networksSeen = new Set(items.map((i) => i.network));
    expect(networksSeen.has(null)).toBe(false);
    for (const [i, item] of items.entries()) {
      const r = raw[i] as Record<string, unknown>;
      expect(item.reportId).toBe(r.report_id);
      expect(item.username).toBe(r.username);
      expect(item.followers).toBe(r.followers);
      expect(item.createdAt).toBe((r.created as number) * 1000);
      expect(item.listIds).toEqual((r.lists as string).split(',').map(Number));
      expect(item.audienceAge).toMatch(/^(13-17|18-24|25-34|35-44|45-54|55-64|65\+)$/);
      expect(item.audienceGeo).toMatch(/^[A-Z]{2}$/);
      if (item.network === 'instagram') expect(item.aqs).toEqual(expect.any(Number));
    }
  });

  it('hand-crafted: search-style age, lower-case country, lists as a number, TR is twitch', () => {
    const [item] = parseList({
      result: [{ report_id: '9', name: 'X', username: 'x', type: 'TR', followers: 5, comment: null, lists: 3, created: 1_700_000_000, audience_age: '25_34', audience_geo: 'us' }],
    });
    expect(item).toMatchObject({ reportId: 9, network: 'twitch', listIds: [3], audienceAge: '25-34', audienceGeo: 'US', comment: null });
  });

  it('malformed: report_id as a word, type missing, not a list', () => {
    expect(issuesOf(() => parseList({ result: [{ report_id: 'x', username: 'a', type: 'IG' }] }))[0]).toMatch(/^result\.0\.report_id: /);
    expect(issuesOf(() => parseList({ result: [{ report_id: 1, username: 'a' }] }))[0]).toMatch(/^result\.0\.type: missing/);
    expect(issuesOf(() => parseList({ result: null }))[0]).toBe('result: expected array, received null');
  });
});

describe('parseSearch (api-notes discovery response)', () => {
  it('Instagram search page: metrics, aqs mark, social networks', () => {
    const page = runSearch(query({ social_network: 'instagram', page: 2 }), testCdn);
    const r = parseSearch(wrapped({ ...page, queries_left: 77 }));
    expect(r.currentPage).toBe(2);
    expect(r.totalPages).toBe(page.total_pages);
    expect(r.queriesLeft).toBe(77);
    expect(r.results).toHaveLength(20);
    const raw = page.search_results[0] as { basic: { username: string }; metrics: { subscribers_count: { value: number }; er: { value: number }; real_subscribers_count: { value: number } } };
    const first = r.results[0]!;
    expect(first.username).toBe(raw.basic.username);
    expect(first.followers).toBe(raw.metrics.subscribers_count.value);
    expect(first.engagementRate).toBe(raw.metrics.er.value);
    expect(first.realFollowers).toBe(raw.metrics.real_subscribers_count.value);
    expect(first.qualityMark).toEqual(expect.any(String));
    expect(first.socialNetworks[0]).toEqual({ type: 1, id: expect.any(String) });
    expect(first.id).toBeNull();
  });

  it('YouTube sandbox page: channel id, cqs mark, shorts views', () => {
    const page = sandboxSearch(query({ social_network: 'youtube' }), testCdn);
    const r = parseSearch(wrapped({ ...page, queries_left: 5 }));
    const first = r.results[0]!;
    expect(first.id).toMatch(/^UC/);
    expect(first.qualityMark).toEqual(expect.any(String));
    expect(first.shortsViewsAvg).toEqual(expect.any(Number));
  });

  it('an empty page past the last, and bare-number metrics', () => {
    expect(parseSearch({ result: { search_results: [], current_page: 600, total_pages: 500, queries_left: null } })).toEqual({ results: [], currentPage: 600, totalPages: 500, queriesLeft: null, unparsed: [] });
    const r = parseSearch({ result: { search_results: [{ basic: { username: 'a' }, metrics: { er: 2.5, subscribers_count: 100 } }], current_page: 1, total_pages: 1 } });
    expect(r.results[0]).toMatchObject({ engagementRate: 2.5, followers: 100 });
  });

  it('tolerant: a word as er or current_page as text is kept and listed; only a missing result list is malformed', () => {
    const page = runSearch(query({ social_network: 'tiktok' }), testCdn);
    const answer = wrapped({ ...page, queries_left: 1 });
    const clean = parseSearch(wrapped({ ...page, queries_left: 1 }));
    node(answer, 'result.search_results.4.metrics.er').value = 'high';
    const r = parseSearch(answer);
    expect(r.unparsed).toEqual([{ path: 'search_results.4.metrics.er', reason: 'value: expected number, received string' }]);
    expect(r.results[4]!.engagementRate).toBeNull();
    expect(r.results[4]!.followers).toBe(clean.results[4]!.followers);
    expect(at(r.results[4]!.raw, 'metrics', 'er', 'value')).toBe('high');
    expect(r.results.map((x) => x.username)).toEqual(clean.results.map((x) => x.username));
    expect(parseSearch({ result: { search_results: [], current_page: '1' } }).unparsed).toEqual([{ path: 'current_page', reason: 'expected number, received string' }]);
    expect(issuesOf(() => parseSearch({ result: { current_page: 1 } }))[0]).toMatch(/^result\.search_results: missing/);
    // A result without any identity is left out, and said so.
    const anonymous = parseSearch({ result: { search_results: [{ basic: { title: 'x' } }, { basic: { username: 'b' } }] } });
    expect(anonymous.results.map((x) => x.username)).toEqual(['b']);
    expect(anonymous.unparsed).toEqual([{ path: 'search_results.0', reason: 'no username and no basic.id: the account cannot be identified' }]);
  });

  it('real answers: social_networks by name with social_id, Facebook as type 8', () => {
    const r = parseSearch({
      result: {
        search_results: [
          {
            basic: { username: 'a' },
            features: {
              social_networks: [
                { type: 'instagram', social_id: '123', title: 'A', username: 'a', subscribers_count: 10, er: 1.5, state: 'READY' },
                { type: 'facebook', social_id: 'fb.a' },
                { type: 3, id: '77' },
              ],
            },
          },
        ],
      },
    });
    expect(r.unparsed).toEqual([]);
    expect(r.results[0]!.socialNetworks).toEqual([{ type: 1, id: '123' }, { type: 8, id: 'fb.a' }, { type: 3, id: '77' }]);
  });
});
