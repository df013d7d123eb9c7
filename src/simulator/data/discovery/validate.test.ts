import { describe, expect, it } from 'vitest';
import { fieldNetworks, type SearchNetwork, searchNetworks, validateSearch } from './index';

function ok(body: unknown) {
  const v = validateSearch(body);
  if (!v.ok) throw new Error(`expected valid, got: ${v.description}`);
  return v.value;
}

function fails(body: unknown, ...fragments: string[]): string {
  const v = validateSearch(body);
  expect(v.ok, `expected invalid: ${JSON.stringify(body)}`).toBe(false);
  const description = v.ok ? '' : v.description;
  expect(description.startsWith('Invalid request: ')).toBe(true);
  for (const f of fragments) expect(description).toContain(f);
  return description;
}

const IG = (extra: Record<string, unknown>) => ({ social_network: 'instagram', ...extra });

/** A valid value for every field, for the availability table. */
const samples: Record<string, unknown> = {
  search: ['travel'],
  search_content: ['recipe'],
  search_description: ['collabs'],
  niche_search: 'vegan baking',
  category: { include: [1, 2], exclude: [3] },
  thematics: { include: [6], exclude: [8] },
  has_content_type: ['video', 'live'],
  account_geo: { country: ['US', 'gb'] },
  account_gender: 'female',
  account_age: { from: 18, to: 35 },
  account_languages: ['en', 'ES'],
  account_type: 'human',
  account_has_contacts: true,
  account_has_launched_advertising: false,
  account_mentions: { include: ['nike'], exclude: ['@adidas'] },
  audience_geo: { countries: [{ id: 'US', prc: 20 }] },
  audience_age: { groups: ['18_24', '25_34'], prc: 40 },
  audience_gender: { gender: 'male', prc: 55.5 },
  subscribers_count: { from: 1000, to: 1_000_000 },
  er: { from: 0.5, to: 12.75 },
  aqs: { from: 40, to: 100 },
  cqs: { from: 10, to: 90 },
  last_media_time: { from: 1_780_000_000 },
  media_count: { from: 10 },
  likes_count: { to: 1e9 },
  alikes_avg: { from: 100, to: 5000 },
  views_avg: { from: 1000 },
  comments_avg: { from: 1 },
  shares_avg: { from: 1 },
  reactions_rate: { marks: ['good', 'excellent'] },
  comments_rate: { marks: ['poor'] },
  growth: { period: '30d', from: 1, to: 20 },
  likes_growth_prc: { period: '90d', from: 0, to: 50 },
  similar: 'someone',
  verified: 1,
  blogger_prices: { post_price: { from: 100, to: 2000 } },
  income: { id: '50k', prc: 30 },
  ethnicity: [{ race: 'asian', prc: 20 }],
  interests: [{ id: 3, prc: 10 }],
  username_exclude: ['a', 'b'],
  twitch_active_days_per_week: { from: 3, to: 7 },
  twitch_games: { period: '7d', games: [1, 2, 3] },
  twitch_hours_streamed: { from: 10 },
  twitch_live_viewers_avg: { from: 50, to: 5000 },
  twitter_likes: { from: 1 },
  twitter_replies: { from: 1 },
  twitter_retweet: { from: 1 },
  twitter_tweet: { from: 1 },
  reels_video_views_avg: { from: 1000 },
  shorts_video_views_avg: { from: 1000 },
  sort: { field: 'er', order: 'asc' },
  page: 2,
};

describe('validateSearch: social_network and the body', () => {
  it('requires a JSON object body', () => {
    fails(null, 'body must be a JSON object');
    fails([], 'body must be a JSON object');
    fails('social_network=instagram', 'body must be a JSON object');
  });

  it('requires social_network', () => {
    expect(validateSearch({})).toEqual({ ok: false, description: 'Invalid request: social_network is required' });
    fails({ page: 1 }, 'social_network is required');
  });

  it('accepts only the five search networks', () => {
    fails({ social_network: 'snapchat' }, 'social_network must be one of instagram, youtube, tiktok, twitter, twitch');
    fails({ social_network: 'Instagram' }, 'social_network must be one of');
    fails({ social_network: 1 }, 'social_network must be one of');
    for (const n of searchNetworks) expect(ok({ social_network: n }).social_network).toBe(n);
  });

  it('rejects unknown top-level fields (including the retired `keywords`)', () => {
    fails(IG({ foo: 1 }), 'unknown field foo');
    fails(IG({ keywords: ['x'] }), 'unknown field keywords');
  });

  it('rejects inherited property names and __proto__ as unknown fields', () => {
    fails(JSON.parse('{"social_network":"instagram","__proto__":{"page":2}}'), 'unknown field __proto__');
    fails(IG({ constructor: 1 }), 'unknown field constructor');
    fails(IG({ toString: 'x' }), 'unknown field toString');
    fails(JSON.parse('{"social_network":"instagram","sort":{"__proto__":{"field":"er"}}}'), 'sort has unknown field __proto__');
  });

  it('rejects unknown nested fields', () => {
    fails(IG({ subscribers_count: { min: 1 } }), 'subscribers_count has unknown field min');
    fails(IG({ sort: { field: 'er', direction: 'asc' } }), 'sort has unknown field direction');
  });

  it('treats null as absent', () => {
    const q = ok(IG({ er: null, subscribers_count: { from: 100, to: null } }));
    expect(q.er).toBeUndefined();
    expect(q.subscribers_count).toEqual({ from: 100 });
  });
});

describe('validateSearch: which networks each field is for (table of 4.11)', () => {
  it('has a sample for every field of the table', () => {
    expect(Object.keys(samples).sort()).toEqual(
      Object.keys(fieldNetworks)
        .filter((k) => k !== 'social_network')
        .sort(),
    );
  });

  for (const [field, networks] of Object.entries(fieldNetworks)) {
    if (field === 'social_network') continue;
    it(`${field}: accepted for ${networks.join('/')}, refused elsewhere`, () => {
      for (const n of searchNetworks) {
        const body = { social_network: n, [field]: samples[field] };
        if (networks.includes(n)) ok(body);
        else fails(body, `${field} is not available for ${n}`);
      }
    });
  }

  it('account_geo.city is Instagram only (country is for all)', () => {
    ok(IG({ account_geo: { city: [5128581] } }));
    for (const n of ['youtube', 'tiktok', 'twitter', 'twitch'] as const) {
      ok({ social_network: n, account_geo: { country: ['US'] } });
      fails({ social_network: n, account_geo: { city: [5128581] } }, 'account_geo.city is available for instagram only');
    }
  });

  it('audience_geo.cities is Instagram only', () => {
    ok(IG({ audience_geo: { cities: [{ id: 2643743, prc: 5 }] } }));
    for (const n of ['youtube', 'tiktok'] as const) {
      fails({ social_network: n, audience_geo: { cities: [{ id: 2643743, prc: 5 }] } }, 'audience_geo.cities is available for instagram only');
    }
  });

  it('accepts a body using every field a network allows', () => {
    for (const n of searchNetworks) {
      const body: Record<string, unknown> = { social_network: n };
      for (const [field, networks] of Object.entries(fieldNetworks)) {
        if (field !== 'social_network' && networks.includes(n)) body[field] = samples[field];
      }
      delete body.niche_search; // incompatible with search and friends, tested below
      const q = ok(body);
      expect(q.social_network).toBe(n);
    }
  });
});

describe('validateSearch: types', () => {
  it('keyword filters are arrays of non-empty strings', () => {
    fails(IG({ search: 'travel' }), 'search must be an array');
    fails(IG({ search: [1] }), 'search[0] must be a string');
    fails(IG({ search_content: ['  '] }), 'search_content[0] must not be empty');
    fails(IG({ search_description: [{}] }), 'search_description[0] must be a string');
    fails(IG({ niche_search: ['a'] }), 'niche_search must be a string');
  });

  it('range objects take numeric from/to', () => {
    fails(IG({ subscribers_count: { from: '1000' } }), 'subscribers_count.from must be a number');
    fails(IG({ subscribers_count: 1000 }), 'subscribers_count must be an object');
    fails(IG({ subscribers_count: { from: -1 } }), 'subscribers_count.from must be at least 0');
    fails({ social_network: 'youtube', views_avg: { to: true } }, 'views_avg.to must be a number');
    fails({ social_network: 'twitter', twitter_likes: { from: [] } }, 'twitter_likes.from must be a number');
  });

  it('from must not exceed to', () => {
    fails(IG({ subscribers_count: { from: 10, to: 5 } }), 'subscribers_count.from must not be greater than to');
    fails(IG({ growth: { period: '7d', from: 10, to: 5 } }), 'growth.from must not be greater than to');
    ok(IG({ subscribers_count: { from: 5, to: 5 } }));
  });

  it('integer ranges refuse fractions (aqs, cqs, account_age, growth, likes_growth_prc, unix times)', () => {
    fails(IG({ aqs: { from: 1.5 } }), 'aqs.from must be an integer');
    fails({ social_network: 'youtube', cqs: { to: 50.2 } }, 'cqs.to must be an integer');
    fails(IG({ account_age: { from: 18.5 } }), 'account_age.from must be an integer');
    fails(IG({ growth: { period: '30d', from: 0.5 } }), 'growth.from must be an integer');
    fails({ social_network: 'tiktok', likes_growth_prc: { period: '30d', to: 2.5 } }, 'likes_growth_prc.to must be an integer');
    fails(IG({ last_media_time: { from: 1.5 } }), 'last_media_time.from must be an integer');
    fails(IG({ reels_video_views_avg: { from: 10.5 } }), 'reels_video_views_avg.from must be an integer');
  });

  it('aqs and cqs are scores 0–100', () => {
    fails(IG({ aqs: { to: 101 } }), 'aqs.to must be between 0 and 100');
    fails({ social_network: 'youtube', cqs: { from: -1 } }, 'cqs.from must be between 0 and 100');
  });

  it('reels/shorts views and last_media_time take from only', () => {
    fails(IG({ reels_video_views_avg: { from: 1, to: 10 } }), 'reels_video_views_avg has unknown field to');
    fails({ social_network: 'youtube', shorts_video_views_avg: { from: 1, to: 10 } }, 'shorts_video_views_avg has unknown field to');
    fails(IG({ last_media_time: { from: 1, to: 10 } }), 'last_media_time has unknown field to');
    fails(IG({ last_media_time: {} }), 'last_media_time.from is required');
  });

  it('booleans are booleans', () => {
    fails(IG({ account_has_contacts: 'yes' }), 'account_has_contacts must be a boolean');
    fails(IG({ account_has_launched_advertising: 1 }), 'account_has_launched_advertising must be a boolean');
  });

  it('verified is 0 or 1', () => {
    fails(IG({ verified: 2 }), 'verified must be one of 0, 1');
    fails(IG({ verified: true }), 'verified must be one of 0, 1');
    expect(ok(IG({ verified: 0 })).verified).toBe(0);
  });

  it('account_gender is male or female; account_type brand or human', () => {
    fails(IG({ account_gender: 'other' }), 'account_gender must be one of male, female');
    fails(IG({ account_type: 'person' }), 'account_type must be one of brand, human');
  });

  it('has_content_type holds video or live', () => {
    fails({ social_network: 'youtube', has_content_type: ['shorts'] }, 'has_content_type[0] must be one of video, live');
    fails({ social_network: 'youtube', has_content_type: 'video' }, 'has_content_type must be an array');
  });

  it('growth.period is 7d/30d/90d/180d/365d and required', () => {
    fails(IG({ growth: { period: '14d', from: 1 } }), 'growth.period must be one of 7d, 30d, 90d, 180d, 365d');
    fails(IG({ growth: { from: 1 } }), 'growth.period is required');
    ok(IG({ growth: { period: '365d', from: 1 } }));
  });

  it('growth from/to are 0–100', () => {
    fails(IG({ growth: { period: '30d', to: 101 } }), 'growth.to must be between 0 and 100');
    fails(IG({ growth: { period: '30d', from: -5 } }), 'growth.from must be between 0 and 100');
  });

  it('likes_growth_prc.period is 7d/30d/90d/180d (no 365d)', () => {
    fails({ social_network: 'tiktok', likes_growth_prc: { period: '365d', from: 1 } }, 'likes_growth_prc.period must be one of 7d, 30d, 90d, 180d');
    ok({ social_network: 'tiktok', likes_growth_prc: { period: '180d', from: 1 } });
  });

  it('twitch_games.period is 7d/30d/90d/180d, default 30d', () => {
    fails({ social_network: 'twitch', twitch_games: { period: '365d', games: [1] } }, 'twitch_games.period must be one of 7d, 30d, 90d, 180d');
    expect(ok({ social_network: 'twitch', twitch_games: { games: [1] } }).twitch_games).toEqual({ period: '30d', games: [1] });
  });

  it('twitch_games.games holds 1 to 3 integer ids', () => {
    fails({ social_network: 'twitch', twitch_games: { games: [1, 2, 3, 4] } }, 'twitch_games.games must hold at most 3 game ids');
    fails({ social_network: 'twitch', twitch_games: { games: [] } }, 'twitch_games.games must hold at least 1 item');
    fails({ social_network: 'twitch', twitch_games: {} }, 'twitch_games.games is required');
    fails({ social_network: 'twitch', twitch_games: { games: ['Fortnite'] } }, 'twitch_games.games[0] must be an integer');
  });

  it('audience age keys are the search spellings 13_17 … 65', () => {
    ok(IG({ audience_age: { groups: ['13_17', '18_24', '25_34', '35_44', '45_54', '55_64', '65'], prc: 10 } }));
    fails(IG({ audience_age: { groups: ['13-17'], prc: 10 } }), 'audience_age.groups[0] must be one of 13_17, 18_24');
    fails(IG({ audience_age: { groups: ['65+'], prc: 10 } }), 'audience_age.groups[0] must be one of');
    fails(IG({ audience_age: { groups: [], prc: 10 } }), 'audience_age.groups must hold at least 1 item');
    fails(IG({ audience_age: { groups: ['18_24'] } }), 'audience_age.prc is required');
  });

  it('mark keys: poor/fair/average/good/excellent; very_good is for aqs only', () => {
    ok({ social_network: 'youtube', reactions_rate: { marks: ['poor', 'fair', 'average', 'good', 'excellent'] } });
    fails({ social_network: 'youtube', reactions_rate: { marks: ['very_good'] } }, 'reactions_rate.marks[0] must be one of poor, fair, average, good, excellent');
    fails(IG({ comments_rate: { marks: ['great'] } }), 'comments_rate.marks[0] must be one of');
    fails(IG({ comments_rate: { marks: 'good' } }), 'comments_rate.marks must be an array');
  });

  it('income ids are 5k … 200k', () => {
    for (const id of ['5k', '10k', '25k', '50k', '75k', '100k', '150k', '200k']) ok(IG({ income: { id, prc: 10 } }));
    fails(IG({ income: { id: '300k', prc: 10 } }), 'income.id must be one of 5k, 10k, 25k, 50k, 75k, 100k, 150k, 200k');
    fails(IG({ income: { id: '50k' } }), 'income.prc is required');
  });

  it('ethnicity races are african/arabian/asian/caucasian/hispanic/indian with integer prc 0–100', () => {
    for (const race of ['african', 'arabian', 'asian', 'caucasian', 'hispanic', 'indian']) ok(IG({ ethnicity: [{ race, prc: 10 }] }));
    fails(IG({ ethnicity: [{ race: 'martian', prc: 10 }] }), 'ethnicity[0].race must be one of african, arabian, asian, caucasian, hispanic, indian');
    fails(IG({ ethnicity: [{ race: 'asian', prc: 10.5 }] }), 'ethnicity[0].prc must be an integer');
    fails(IG({ ethnicity: [{ race: 'asian', prc: 101 }] }), 'ethnicity[0].prc must be between 0 and 100');
    fails(IG({ ethnicity: { race: 'asian', prc: 10 } }), 'ethnicity must be an array');
  });

  it('interests take integer ids and integer prc 0–100', () => {
    fails(IG({ interests: [{ id: 'music', prc: 10 }] }), 'interests[0].id must be an integer');
    fails(IG({ interests: [{ id: 7, prc: -1 }] }), 'interests[0].prc must be between 0 and 100');
  });

  it('prc is 0–100 in audience filters', () => {
    fails(IG({ audience_geo: { countries: [{ id: 'US', prc: 100.5 }] } }), 'audience_geo.countries[0].prc must be between 0 and 100');
    fails(IG({ audience_gender: { gender: 'male', prc: -0.1 } }), 'audience_gender.prc must be between 0 and 100');
    fails(IG({ audience_gender: { gender: 'any', prc: 10 } }), 'audience_gender.gender must be one of male, female');
    fails(IG({ audience_age: { groups: ['65'], prc: 200 } }), 'audience_age.prc must be between 0 and 100');
    ok(IG({ audience_geo: { countries: [{ id: 'us', prc: 0 }] }, audience_gender: { gender: 'female', prc: 100 } }));
  });

  it('er is 0–100 and may be fractional', () => {
    fails(IG({ er: { from: 101 } }), 'er.from must be between 0 and 100');
    fails(IG({ er: { to: -0.01 } }), 'er.to must be between 0 and 100');
    expect(ok(IG({ er: { from: 2.345 } })).er).toEqual({ from: 2.345 });
  });

  it('country and language codes are two letters, normalised', () => {
    const q = ok(IG({ account_geo: { country: ['us'] }, account_languages: ['EN'], audience_geo: { countries: [{ id: 'gb', prc: 1 }] } }));
    expect(q.account_geo?.country).toEqual(['US']);
    expect(q.account_languages).toEqual(['en']);
    expect(q.audience_geo?.countries?.[0]?.id).toBe('GB');
    fails(IG({ account_geo: { country: ['USA'] } }), 'account_geo.country[0] must be a two-letter ISO 3166 country code');
    fails(IG({ account_languages: ['eng'] }), 'account_languages[0] must be a two-letter language code');
    fails(IG({ audience_geo: { countries: [{ id: 'U1', prc: 1 }] } }), 'audience_geo.countries[0].id must be a two-letter');
  });

  it('category / thematics / city ids are positive integers', () => {
    fails(IG({ category: { include: ['beauty'] } }), 'category.include[0] must be an integer');
    fails(IG({ category: { exclude: [0] } }), 'category.exclude[0] must be a positive integer id');
    fails({ social_network: 'youtube', thematics: { include: [1.5] } }, 'thematics.include[0] must be an integer');
    fails(IG({ account_geo: { city: ['London'] } }), 'account_geo.city[0] must be an integer');
  });

  it('similar is a non-empty string (or a numeric account id)', () => {
    fails(IG({ similar: '' }), 'similar must');
    fails(IG({ similar: {} }), 'similar must be a username or an account id');
    expect(ok({ social_network: 'tiktok', similar: 6789012345678901 }).similar).toBe('6789012345678901');
  });
});

describe('validateSearch: paging, limits, sort, combinations', () => {
  it('page defaults to 1', () => {
    expect(ok(IG({})).page).toBe(1);
  });

  it('page is an integer from 1 to 500 (10,000 rows / 20 per page)', () => {
    expect(validateSearch(IG({ page: 501 }))).toEqual({ ok: false, description: 'Invalid request: page must be between 1 and 500' });
    fails(IG({ page: 0 }), 'page must be between 1 and 500');
    fails(IG({ page: 2.5 }), 'page must be an integer');
    fails(IG({ page: '2' }), 'page must be an integer');
    expect(ok(IG({ page: 500 })).page).toBe(500);
  });

  it('page is accepted for Twitch and Twitter too (paging is general)', () => {
    expect(ok({ social_network: 'twitch', page: 3 }).page).toBe(3);
    expect(ok({ social_network: 'twitter', page: 3 }).page).toBe(3);
  });

  it('username_exclude holds at most 1000 usernames', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `user${i}`);
    expect(ok(IG({ username_exclude: names })).username_exclude).toHaveLength(1000);
    fails(IG({ username_exclude: [...names, 'one.more'] }), 'username_exclude must hold at most 1000 usernames');
    fails(IG({ username_exclude: 'user1' }), 'username_exclude must be an array');
  });

  it('normalises usernames (case, leading @)', () => {
    expect(ok(IG({ username_exclude: ['@NASA'] })).username_exclude).toEqual(['nasa']);
  });

  it('niche_search is incompatible with search, search_content and search_description', () => {
    fails(IG({ niche_search: 'vegan', search: ['x'] }), 'niche_search cannot be combined with search');
    fails(IG({ niche_search: 'vegan', search_content: ['x'] }), 'niche_search cannot be combined with search_content');
    fails({ social_network: 'tiktok', niche_search: 'vegan', search_description: ['x'] }, 'niche_search cannot be combined with search_description');
    ok(IG({ niche_search: 'vegan', search: [] }));
  });

  it('sort.field is subscribers_count, er or username; default engagement_avg', () => {
    expect(ok(IG({})).sort).toEqual({ field: 'engagement_avg', order: 'desc' });
    expect(ok(IG({ sort: { field: 'username' } })).sort).toEqual({ field: 'username', order: 'asc' });
    expect(ok(IG({ sort: { field: 'subscribers_count', order: 'asc' } })).sort).toEqual({ field: 'subscribers_count', order: 'asc' });
    expect(ok(IG({ sort: { order: 'asc' } })).sort).toEqual({ field: 'engagement_avg', order: 'asc' });
    fails(IG({ sort: { field: 'followers' } }), 'sort.field must be one of engagement_avg, subscribers_count, er, username');
  });

  it('sort.order is asc or desc', () => {
    fails(IG({ sort: { field: 'er', order: 'up' } }), 'sort.order must be one of asc, desc');
  });

  it('sort is for IG, YT and TT only (table), default order elsewhere', () => {
    const networks: readonly SearchNetwork[] = ['twitch', 'twitter'];
    for (const n of networks) {
      fails({ social_network: n, sort: { field: 'er' } }, `sort is not available for ${n}`);
      expect(ok({ social_network: n }).sort).toEqual({ field: 'engagement_avg', order: 'desc' });
    }
  });

  it('reports the network check before type checks', () => {
    fails({ social_network: 'youtube', aqs: 'garbage' }, 'aqs is not available for youtube');
  });
});
