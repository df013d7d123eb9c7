// Each normalisation of api-notes "Normalisations a client needs", hand-crafted where the
// simulator does not produce the oddity, plus validUntil readings and allowed nulls.
import { describe, expect, it } from 'vitest';
import { accountProfile } from '../../../../simulator/data/profile';
import { generateReportBody } from '../../../../simulator/data/reports';
import { ageKey, epochMs, looseBoolean, looseNumber, normaliseTree, parseReport, SchemaError, validUntilMs } from './index';
import { input, node, NOW, readyAnswer, YEAR_MS } from './testkit';
import { UNREADABLE } from './normalise';

const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

describe('age keys: three spellings become 13-17 … 65+', () => {
  it('ageKey reads every spelling', () => {
    const search = ['13_17', '18_24', '25_34', '35_44', '45_54', '55_64', '65'];
    const demography = ['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-'];
    expect(search.map(ageKey)).toEqual(AGES);
    expect(demography.map(ageKey)).toEqual(AGES);
    expect(AGES.map(ageKey)).toEqual(AGES);
    expect(ageKey('18-25')).toBeNull();
  });

  it('search spelling (13_17 … 65) as keys of a TikTok audience_age_gender', () => {
    const answer = readyAnswer('tiktok', 'scout_alice');
    const feature = node(answer, 'result.report.features.audience_age_gender');
    const table = feature.data as Record<string, unknown>;
    feature.data = Object.fromEntries(Object.entries(table).map(([k, v]) => [k.replace('-', '_').replace('+', ''), v]));
    // (An integer-like key such as "65" is listed first by JavaScript objects.)
    expect(Object.keys(feature.data as object).sort()).toEqual(['13_17', '18_24', '25_34', '35_44', '45_54', '55_64', '65']);
    const r = parseReport('tiktok', answer, NOW);
    expect(node(r.result, 'report.features.audience_age_gender.data')).toEqual(table);
  });

  it('report spelling (13-17 … 65+) stays as it is', () => {
    const answer = readyAnswer('youtube', 'scout_alice');
    const r = parseReport('youtube', answer, NOW);
    expect(Object.keys(node(r.result, 'report.features.audience_age_gender.data'))).toEqual(AGES);
  });

  it('Instagram demography spelling (age13-17 … age65-) in group values, as generated', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    const raw = node(answer, 'result.user').demography_by_age as { by_age_group: { group: string }[] }[];
    expect(raw[0]!.by_age_group.map((g) => g.group)).toEqual(['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-']);
    const r = parseReport('instagram', answer, NOW);
    const groups = node(r.result, 'user').demography_by_age as { by_age_group: { group: string; value: number }[] }[];
    for (const g of groups) expect(g.by_age_group.map((x) => x.group)).toEqual(AGES);
    const values = (list: { by_age_group: unknown[] }[]) => list.map((g) => g.by_age_group.map((x) => (x as { value: number }).value));
    expect(values(groups)).toEqual(values(raw));
  });

  it('demography spelling as keys, and search spelling as group values', () => {
    const tree = normaliseTree({
      audience_age: { 'age13-17': 1, 'age65-': 2 },
      groups: [{ group: '13_17', value: 3 }, { group: '65', value: 4 }],
    });
    expect(tree).toEqual({ audience_age: { '13-17': 1, '65+': 2 }, groups: [{ group: '13-17', value: 3 }, { group: '65+', value: 4 }] });
  });

  it('a lone "65" key outside an age table is left alone; two spellings of one bucket are both kept', () => {
    expect(normaliseTree({ ids: { '65': 'x', '70': 'y' } })).toEqual({ ids: { '65': 'x', '70': 'y' } });
    expect(normaliseTree({ '13-17': 1, '13_17': 2 })).toEqual({ '13-17': 1, '13_17': 2 });
  });
});

describe('country codes are upper case', () => {
  it('YouTube: lower-case audience_geo titles and blogger_geo country (as generated)', () => {
    const answer = readyAnswer('youtube', 'scout_alice');
    const rawGeo = node(answer, 'result.report.features.audience_geo').data as { title: string }[];
    expect(rawGeo[0]!.title).toMatch(/^[a-z]{2}$/);
    const r = parseReport('youtube', answer, NOW);
    const geo = node(r.result, 'report.features.audience_geo').data as { title: string; prc: number }[];
    expect(geo.map((g) => g.title)).toEqual(rawGeo.map((g) => g.title.toUpperCase()));
    expect(node(r.result, 'report.features.blogger_geo.data').country).toBe(accountProfile('youtube', 'scout_alice').country);
    expect(r.summary?.country).toBe(accountProfile('youtube', 'scout_alice').country);
    // Language titles are not countries: they stay lower case.
    const langs = node(r.result, 'report.features.audience_languages').data as { title: string }[];
    for (const l of langs) expect(l.title).toMatch(/^[a-z]{2}$/);
  });

  it('hand-crafted lower-case codes in Instagram, Twitch, TikTok and Snapchat shapes', () => {
    const ig = readyAnswer('instagram', 'scout_alice');
    const user = node(ig, 'result.user');
    user.blogger_geo = { country: 'us' };
    (user.audience_geography as { countries: { code: string }[] }).countries[0]!.code = 'gb';
    const igR = parseReport('instagram', ig, NOW);
    expect(igR.summary?.country).toBe('US');
    expect(node(igR.result, 'user.blogger_geo').country).toBe('US');
    expect((node(igR.result, 'user.audience_geography').countries as { code: string }[])[0]!.code).toBe('GB');

    const tw = readyAnswer('twitch', 'scout_alice');
    node(tw, 'result.report.features').blogger_geo = { data: { countries: [{ id: 1, code: 'de', prc: 80 }, { id: 2, code: 'fr', prc: 20 }] } };
    const twR = parseReport('twitch', tw, NOW);
    expect(twR.summary?.country).toBe('DE');

    const tt = readyAnswer('tiktok', 'scout_alice');
    node(tt, 'result.report.features').audience_geo = { data: [{ code: 'br', prc: 50 }] };
    node(tt, 'result.report.features.blogger_geo.data').country = 'mx';
    const ttR = parseReport('tiktok', tt, NOW);
    expect(node(ttR.result, 'report.features.audience_geo').data).toEqual([{ code: 'BR', prc: 50 }]);
    expect(ttR.summary?.country).toBe('MX');
  });

  it('language codes are not countries: Instagram audience_languages[].code stays lower case', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    const raw = node(answer, 'result.user').audience_languages as { code: string }[];
    expect(raw[0]!.code).toMatch(/^[a-z]{2}$/);
    const r = parseReport('instagram', answer, NOW);
    expect(node(r.result, 'user').audience_languages).toEqual(raw);
    expect(normaliseTree({ account_languages: ['en'], audience_geo: { languages: [{ code: 'de' }] } })).toEqual({ account_languages: ['en'], audience_geo: { languages: [{ code: 'de' }] } });
  });

  it('apart from the documented normalisations, an Instagram result equals its input', () => {
    // Instagram: upper-case codes; only the demography groups and _report_quality change.
    const answer = readyAnswer('instagram', 'scout_alice');
    const r = parseReport('instagram', answer, NOW);
    const { report_quality, ...rest } = r.result;
    expect(report_quality).toBe('high');
    const user = structuredClone(node(answer, 'result.user'));
    for (const d of user.demography_by_age as { by_age_group: { group: string }[] }[]) for (const g of d.by_age_group) g.group = ageKey(g.group)!;
    expect(rest).toEqual({ ...answer.result, user });
  });

  it('codes that are not two letters (post codes, status codes, ids) are untouched', () => {
    expect(normaliseTree({ basic: { code: 'CxYz1234abc' }, status: { code: 'ok_partial' }, city: { code: 5128581 } })).toEqual({
      basic: { code: 'CxYz1234abc' },
      status: { code: 'ok_partial' },
      city: { code: 5128581 },
    });
    expect(normaliseTree({ account_geo: { country: ['us', 'de'] }, audience_geo: 'fr', titles: { title: 'us' } })).toEqual({
      account_geo: { country: ['US', 'DE'] },
      audience_geo: 'FR',
      titles: { title: 'us' },
    });
  });
});

describe('mark_tittle and _report_quality', () => {
  it('mark_tittle (as TikTok sends it) is also present as mark_title', () => {
    const answer = readyAnswer('tiktok', 'scout_alice');
    const raw = node(answer, 'result.report.metrics.media_per_week.performance.30d');
    expect(raw.mark_tittle).toEqual(expect.any(String));
    expect(raw.mark_title).toBeUndefined();
    const r = parseReport('tiktok', answer, NOW);
    const out = node(r.result, 'report.metrics.media_per_week.performance.30d');
    expect(out.mark_tittle).toBe(raw.mark_tittle);
    expect(out.mark_title).toBe(raw.mark_tittle);
  });

  it('an object with both spellings keeps each value', () => {
    expect(normaliseTree({ mark_tittle: 'Good', mark_title: 'Average' })).toEqual({ mark_tittle: 'Good', mark_title: 'Average' });
  });

  it('_report_quality is also report_quality (and quality reads either)', () => {
    const ig = parseReport('instagram', readyAnswer('instagram', 'scout_alice'), NOW);
    expect(ig.result._report_quality).toBe('high');
    expect(ig.result.report_quality).toBe('high');
    expect(ig.quality).toBe('high');
    const yt = readyAnswer('youtube', 'scout_alice');
    delete yt.result.report_quality;
    yt.result._report_quality = 'partial';
    expect(parseReport('youtube', yt, NOW).quality).toBe('partial');
    const none = readyAnswer('twitch', 'scout_alice');
    delete none.result.report_quality;
    expect(parseReport('twitch', none, NOW).quality).toBeNull();
  });
});

describe('performance periods: only `all` also gets `365d`', () => {
  it('a metric with only `all` gains an equal `365d`; `all` is kept', () => {
    const answer = readyAnswer('tiktok', 'scout_alice');
    const er = node(answer, 'result.report.metrics.er');
    const perf = er.performance as Record<string, unknown>;
    er.performance = { all: perf.all };
    const r = parseReport('tiktok', answer, NOW);
    const out = node(r.result, 'report.metrics.er.performance');
    expect(out.all).toEqual(perf.all);
    expect(out['365d']).toEqual(perf.all);
    expect(out['365d']).not.toBe(out.all); // a copy, not a shared object
  });

  it('`365d` beside `all` is not overwritten; only `365d` gets no `all`', () => {
    expect(normaliseTree({ performance: { '365d': { value: 1 }, all: { value: 2 } } })).toEqual({ performance: { '365d': { value: 1 }, all: { value: 2 } } });
    expect(normaliseTree({ performance: { '30d': { value: 1 }, '365d': { value: 2 } } })).toEqual({ performance: { '30d': { value: 1 }, '365d': { value: 2 } } });
  });

  it('period-keyed tables not named performance (TikTok likes_distribution.data) too; other `all` keys not', () => {
    expect(normaliseTree({ data: { '30d': { value: 1 }, all: { value: 9 } } })).toEqual({ data: { '30d': { value: 1 }, all: { value: 9 }, '365d': { value: 9 } } });
    // Instagram media_ids groups and Snapchat media types use `all` in another sense.
    expect(normaliseTree({ media_ids: { all: [1], posts: [2] } })).toEqual({ media_ids: { all: [1], posts: [2] } });
  });

  it('an Instagram er.performance with only all: summary still finds the headline value', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    const er = node(answer, 'result.user.er');
    er.performance = { all: { value: 2.5 } };
    const r = parseReport('instagram', answer, NOW);
    expect(node(r.result, 'user.er.performance')['365d']).toEqual({ value: 2.5 });
  });
});

describe('validUntil: duration, unix seconds, ms, ISO', () => {
  it.each([
    ['a duration in seconds (Instagram)', 3600, NOW + 3_600_000],
    ['a zero duration', 0, NOW],
    ['just below 1e9 is still a duration', 999_999_999, NOW + 999_999_999_000],
    ['unix seconds (YouTube)', 1_815_000_000, 1_815_000_000_000],
    ['1e9 exactly is unix seconds', 1_000_000_000, 1_000_000_000_000],
    ['epoch ms', 1_815_000_000_123, 1_815_000_000_123],
    ['ISO with offset', '2027-07-04T12:30:00+00:00', Date.UTC(2027, 6, 4, 12, 30)],
    ['ISO Z', '2027-07-04T12:30:00Z', Date.UTC(2027, 6, 4, 12, 30)],
    ['a numeric string (duration)', '3600', NOW + 3_600_000],
    ['a numeric string (unix seconds)', '1815000000', 1_815_000_000_000],
    ['unreadable text', 'soon', null],
    ['null', null, null],
    ['absent', undefined, null],
  ] as const)('%s', (_, value, expected) => {
    expect(validUntilMs(value, NOW)).toBe(expected);
    const answer = readyAnswer('twitch', 'scout_alice');
    if (value === undefined) delete answer.result.validUntil;
    else answer.result.validUntil = value;
    expect(parseReport('twitch', answer, NOW).validUntil).toBe(expected);
  });

  it('the Instagram duration counts from the `now` given', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    answer.result.validUntil = 60;
    expect(parseReport('instagram', answer, 1_000_000).validUntil).toBe(1_060_000);
  });

  it('a boolean validUntil is no date: kept as received and listed, the report still read', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    answer.result.validUntil = true;
    const r = parseReport('instagram', answer, NOW);
    expect(r.validUntil).toBeNull();
    expect(r.result.validUntil).toBe(true);
    expect(r.result._scoutUnparsed).toEqual([{ path: 'validUntil', reason: 'expected number or string, received boolean' }]);
    expect(r.summary?.username).toBe('scout_alice');
  });

  it('a far-future validUntil is "no known end", never a date in year 3797', () => {
    for (const network of ['instagram', 'youtube', 'tiktok'] as const) {
      const answer = readyAnswer(network, 'scout_alice');
      answer.result.validUntil = 57657398400;
      expect(parseReport(network, answer, NOW).validUntil).toBeNull();
      answer.result.validUntil = '57657398400';
      expect(parseReport(network, answer, NOW).validUntil).toBeNull();
    }
    expect(validUntilMs(57657398400, NOW)).toBeNull();
    expect(validUntilMs(57657398400000, NOW)).toBeNull();
    // A real end a year ahead is still a date.
    expect(validUntilMs(Math.floor((NOW + YEAR_MS) / 1000), NOW)).toBe(Math.floor((NOW + YEAR_MS) / 1000) * 1000);
  });

  it('time 0 is an unknown date, not 1 January 1970', () => {
    expect(epochMs(0)).toBeNull();
    expect(epochMs('0')).toBeNull();
    expect(epochMs(1)).toBe(1000);
  });
});

describe('nulls where the API allows them', () => {
  /** A name whose Instagram account hides likes (about one in ten). */
  function hiderName(): string {
    for (let i = 0; i < 500; i++) {
      const name = `hider${i}`;
      if ((generateReportBody(input('instagram', name)).user as { avg_likes: unknown }).avg_likes === null) return name;
    }
    throw new Error('no account hiding likes found');
  }

  it('Instagram hidden likes: avg_likes, likes_spread, likes_comments_ratio null', () => {
    const name = hiderName();
    const answer = readyAnswer('instagram', name);
    const user = node(answer, 'result.user');
    expect(user.avg_likes).toBeNull();
    expect(user.likes_spread).toBeNull();
    const r = parseReport('instagram', answer, NOW);
    expect(r.summary?.avgLikes).toBeNull();
    expect(r.summary?.followers).toBe(accountProfile('instagram', name).followers);
    expect(node(r.result, 'user').likes_spread).toBeNull();
    // Unpriced accounts get empty objects; PHP may send them as [].
    user.blogger_emv = [];
    user.blogger_prices = {};
    user.blogger_geo = [];
    const again = parseReport('instagram', answer, NOW);
    expect(node(again.result, 'user').blogger_emv).toEqual([]);
    expect(again.summary?.country).toBeNull();
  });

  it('null summary fields where values are null or absent', () => {
    const answer = readyAnswer('tiktok', 'scout_alice');
    const m = node(answer, 'result.report.metrics');
    m.er = null;
    m.subscribers_count = { value: null };
    delete m.views_avg;
    node(answer, 'result.report.features').blogger_geo = { data: null };
    node(answer, 'result.report.features').aqs = null;
    const s = parseReport('tiktok', answer, NOW).summary!;
    expect([s.engagementRate, s.followers, s.avgViews, s.country, s.audienceQuality]).toEqual([null, null, null, null, null]);
  });

  it('Twitch: views_count null, following_count.performance null, audience_sentiments null', () => {
    const answer = readyAnswer('twitch', 'scout_alice');
    const m = node(answer, 'result.report.metrics');
    m.views_count = { value: null };
    m.following_count = { value: 12, performance: null };
    node(answer, 'result.report.features').audience_sentiments = null;
    const r = parseReport('twitch', answer, NOW);
    expect(node(r.result, 'report.metrics.following_count').performance).toBeNull();
    expect(node(r.result, 'report.features').audience_sentiments).toBeNull();
  });

  it('Snapchat: an opendata-only feature as plain null (not {data: null}) is kept as null', () => {
    const answer = readyAnswer('snapchat', 'scout_alice');
    node(answer, 'result.report.features').blogger_languages = null;
    node(answer, 'result.report.metrics').views_count = null;
    const r = parseReport('snapchat', answer, NOW);
    expect(node(r.result, 'report.features').blogger_languages).toBeNull();
    expect(node(r.result, 'report.metrics').views_count).toBeNull();
    expect(r.summary?.language).toBeNull();
  });

  it('the bare-number forms of er and metrics are read', () => {
    const answer = readyAnswer('instagram', 'scout_alice');
    node(answer, 'result.user').er = 3.5;
    expect(parseReport('instagram', answer, NOW).summary?.engagementRate).toBe(3.5);
    const tt = readyAnswer('tiktok', 'scout_alice');
    node(tt, 'result.report.metrics').er = 4.25;
    expect(parseReport('tiktok', tt, NOW).summary?.engagementRate).toBe(4.25);
  });
});

describe('the tree walk', () => {
  it('never changes its input', () => {
    const tree = { performance: { all: { mark_tittle: 'x' } }, audience_geo: { data: [{ title: 'us' }] }, '13_17': 1, '18_24': 2 };
    const before = JSON.parse(JSON.stringify(tree)) as unknown;
    normaliseTree(tree);
    expect(tree).toEqual(before);
  });

  it('keeps a `__proto__` key as data without touching prototypes', () => {
    const tree = JSON.parse('{"a":{"__proto__":{"polluted":true}}}') as unknown;
    const out = normaliseTree(tree) as { a: Record<string, unknown> };
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
    expect(Object.hasOwn(out.a, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses absurd nesting with a SchemaError, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => parseReport('instagram', { result: { user: deep } }, NOW)).toThrow(SchemaError);
  });
});

describe('loose scalars (competitor posts)', () => {
  it.each([
    ['3.21%', 3.21],
    ['$1,200', 1200],
    ['1200', 1200],
    [1200, 1200],
    ['1,234,567.5', 1234567.5],
    ['3,5', 3.5],
    ['1 200 €', 1200],
    ['-2.5%', -2.5],
    ['', null],
    ['n/a', null],
    [null, null],
  ] as const)('looseNumber(%j) = %j', (value, expected) => {
    expect(looseNumber(value)).toBe(expected);
  });

  it('unreadable numbers and booleans are marked, not guessed', () => {
    expect(looseNumber('high')).toBe(UNREADABLE);
    expect(looseNumber(true)).toBe(UNREADABLE);
    expect(looseBoolean('maybe')).toBe(UNREADABLE);
    expect([looseBoolean('yes'), looseBoolean('No'), looseBoolean(true), looseBoolean(0), looseBoolean('true'), looseBoolean('')]).toEqual([true, false, true, false, true, null]);
  });
});
