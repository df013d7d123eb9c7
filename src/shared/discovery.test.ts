// The discovery query model: one test per rule of spec 4.11 (accepted and refused, with the
// message at the field), normalisation, and the request body. That the simulator accepts what
// this accepts is checked in test/discoveryAgreement.test.ts (src/shared may not import it).
import { describe, expect, it } from 'vitest';
import {
  discoveryFieldMessages,
  discoveryFilter,
  discoveryFilters,
  discoveryNetworks,
  discoveryRequestBody,
  filterValue,
  filtersFor,
  switchNetwork,
  validateDiscoveryQuery,
  validatePageRange,
  withFilterValue,
  type DiscoveryBody,
  type DiscoveryNetwork,
} from './discovery';
import { discoverySample } from './discoverySamples';

function accepted(body: unknown): DiscoveryBody {
  const r = validateDiscoveryQuery(body);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.errors)}`);
  return r.body;
}

function errors(body: unknown) {
  const r = validateDiscoveryQuery(body);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.body)}`);
  return r.errors;
}

function refused(body: unknown, field: string, message: RegExp) {
  expect(errors(body)).toContainEqual({ field, message: expect.stringMatching(message) });
}

const ig = (extra: Record<string, unknown>) => ({ social_network: 'instagram', ...extra });
const net = (network: DiscoveryNetwork, extra: Record<string, unknown>) => ({ social_network: network, ...extra });

describe('social_network', () => {
  it('is required and one of the five networks', () => {
    refused({}, 'social_network', /Choose a social network/);
    refused({ social_network: 'snapchat' }, 'social_network', /Instagram, YouTube, TikTok, Twitter or Twitch/);
    refused(null, 'social_network', /Choose a social network/);
    refused([], 'social_network', /Choose a social network/);
    for (const n of discoveryNetworks) expect(accepted({ social_network: n })).toEqual({ social_network: n });
  });

  it('is read without regard to case and spaces', () => {
    expect(accepted({ social_network: ' YouTube ' })).toEqual({ social_network: 'youtube' });
  });
});

describe('the catalogue', () => {
  it('holds every parameter of 4.11 but social_network and page', () => {
    const keys = discoveryFilters.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'search', 'search_content', 'search_description', 'niche_search', 'category', 'thematics', 'has_content_type',
        'account_geo', 'account_gender', 'account_age', 'account_languages', 'account_type', 'account_has_contacts',
        'account_has_launched_advertising', 'account_mentions', 'audience_geo', 'audience_age', 'audience_gender',
        'subscribers_count', 'er', 'aqs', 'cqs', 'last_media_time', 'media_count', 'likes_count', 'alikes_avg', 'views_avg',
        'comments_avg', 'shares_avg', 'reactions_rate', 'comments_rate', 'growth', 'likes_growth_prc', 'similar', 'verified',
        'blogger_prices.post_price', 'income', 'ethnicity', 'interests', 'username_exclude', 'twitch_active_days_per_week',
        'twitch_games', 'twitch_hours_streamed', 'twitch_live_viewers_avg', 'twitter_likes', 'twitter_replies',
        'twitter_retweet', 'twitter_tweet', 'reels_video_views_avg', 'shorts_video_views_avg', 'sort',
      ]),
    );
    expect(keys).toHaveLength(51);
  });

  it('gives every filter a tier for each of its networks, as the table says', () => {
    for (const f of discoveryFilters) expect(Object.keys(f.tier).sort()).toEqual([...f.networks].sort());
    expect(discoveryFilter('subscribers_count')!.tier).toEqual({ instagram: 'Basic', youtube: 'Pro', tiktok: 'Pro', twitch: 'Pro', twitter: 'Pro' });
    expect(discoveryFilter('last_media_time')!.tier).toEqual({ instagram: 'Pro', youtube: 'Basic', tiktok: 'Basic', twitter: 'Basic' });
    expect(discoveryFilter('comments_rate')!.tier).toEqual({ instagram: 'Pro', youtube: 'Basic' });
    expect(discoveryFilter('er')!.tier).toEqual({ instagram: 'Basic', tiktok: 'Basic', twitter: 'Basic' });
    expect(discoveryFilter('growth')!.tier.twitch).toBe('Pro');
  });

  it('labels are unique within a network (they name the inputs)', () => {
    for (const n of discoveryNetworks) {
      const labels = filtersFor(n).map((f) => f.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('filtersFor gives only the filters of that network', () => {
    expect(filtersFor('twitch').map((f) => f.key)).toEqual(
      expect.arrayContaining(['twitch_games', 'audience_gender', 'search', 'growth', 'account_geo', 'username_exclude']),
    );
    expect(filtersFor('twitch').map((f) => f.key)).not.toContain('er');
    expect(filtersFor('twitter').map((f) => f.key)).not.toContain('search');
    expect(filtersFor('youtube').map((f) => f.key)).toEqual(expect.arrayContaining(['thematics', 'cqs', 'has_content_type', 'shorts_video_views_avg']));
    expect(filtersFor('youtube').map((f) => f.key)).not.toContain('category');
  });
});

describe('networks per filter', () => {
  // One sample value per filter (discoverySamples.ts); each is accepted on the filter's networks
  // and refused with a message at the filter on every other network.
  for (const f of discoveryFilters) {
    it(`${f.key}: ${f.networks.join(', ')}`, () => {
      for (const n of discoveryNetworks) {
        const body = withFilterValue({ social_network: n }, f.key, discoverySample(f.key, f.networks.includes(n) ? n : f.networks[0]!));
        if (f.networks.includes(n)) {
          expect(filterValue(accepted(body), f.key), `${f.key} on ${n}`).toBeDefined();
        } else {
          refused(body, f.key, /is not available for .*: remove it, or search/);
        }
      }
    });
  }

  it('an unknown field is refused at its key', () => {
    refused(ig({ followers: { from: 1 } }), 'followers', /not a discovery filter: remove it/);
    refused(ig({ blogger_prices: { story_price: { from: 1 } } }), 'blogger_prices.story_price', /not a discovery filter/);
    refused(ig({ __proto__: 1, ['constructor']: 1 }), 'constructor', /not a discovery filter/);
  });
});

describe('keywords and niche', () => {
  it('keywords are lists of words, trimmed, blanks and repeats dropped', () => {
    expect(accepted(ig({ search: ['  yoga ', '', 'yoga', 'vegan   food'] })).search).toEqual(['yoga', 'vegan food']);
    refused(ig({ search: 'yoga' }), 'search', /as a list/);
    refused(ig({ search_content: [1] }), 'search_content', /as text/);
  });

  it('niche_search cannot be combined with search, search_content or search_description', () => {
    for (const other of ['search', 'search_content', 'search_description']) {
      refused(ig({ niche_search: 'vegan', [other]: ['food'] }), 'niche_search', /cannot be combined with Keywords .*: clear one/);
    }
    // Empty keyword filters are dropped, so they do not clash.
    expect(accepted(ig({ niche_search: ' vegan  cooking ', search: [' '] }))).toEqual({ social_network: 'instagram', niche_search: 'vegan cooking' });
  });
});

describe('ranges', () => {
  it('er takes floats from 0 to 100', () => {
    expect(accepted(ig({ er: { from: 2.5, to: 100 } })).er).toEqual({ from: 2.5, to: 100 });
    expect(accepted(ig({ er: { from: '0.75' } })).er).toEqual({ from: 0.75 });
    refused(ig({ er: { to: 100.5 } }), 'er.to', /from 0 to 100 %/);
    refused(ig({ er: { from: -1 } }), 'er.from', /from 0 to 100 %/);
    refused(ig({ er: { from: 'high' } }), 'er.from', /Enter a number/);
  });

  it('from must not be greater than to', () => {
    refused(ig({ subscribers_count: { from: 5000, to: 100 } }), 'subscribers_count', /no greater than “to”/);
    expect(accepted(ig({ subscribers_count: { from: 100, to: 100 } })).subscribers_count).toEqual({ from: 100, to: 100 });
  });

  it('counts take any number of 0 or more', () => {
    expect(accepted(net('tiktok', { likes_count: { from: 1e6 } })).likes_count).toEqual({ from: 1e6 });
    refused(net('tiktok', { views_avg: { from: -5 } }), 'views_avg.from', /of 0 or more/);
  });

  it('aqs and cqs take whole numbers from 0 to 100', () => {
    expect(accepted(ig({ aqs: { from: 40, to: 90 } })).aqs).toEqual({ from: 40, to: 90 });
    refused(ig({ aqs: { from: 40.5 } }), 'aqs.from', /whole number from 0 to 100/);
    refused(net('youtube', { cqs: { to: 101 } }), 'cqs.to', /whole number from 0 to 100/);
  });

  it('account_age takes whole years from 0 to 120', () => {
    expect(accepted(ig({ account_age: { from: 18, to: 35 } })).account_age).toEqual({ from: 18, to: 35 });
    refused(ig({ account_age: { to: 130 } }), 'account_age.to', /from 0 to 120 years/);
  });

  it('twitch_active_days_per_week runs from 0 to 7', () => {
    expect(accepted(net('twitch', { twitch_active_days_per_week: { from: 3 } })).twitch_active_days_per_week).toEqual({ from: 3 });
    refused(net('twitch', { twitch_active_days_per_week: { to: 8 } }), 'twitch_active_days_per_week.to', /from 0 to 7 days/);
  });

  it('reels and shorts views take a whole "from" only', () => {
    expect(accepted(ig({ reels_video_views_avg: { from: 10000 } })).reels_video_views_avg).toEqual({ from: 10000 });
    refused(ig({ reels_video_views_avg: { from: 1, to: 2 } }), 'reels_video_views_avg', /Remove “to”/);
    refused(net('youtube', { shorts_video_views_avg: { from: 2.5 } }), 'shorts_video_views_avg.from', /whole number/);
  });

  it('last_media_time takes a unix time in seconds', () => {
    expect(accepted(ig({ last_media_time: { from: 1_700_000_000 } })).last_media_time).toEqual({ from: 1_700_000_000 });
    refused(ig({ last_media_time: { from: 1_700_000_000_000 } }), 'last_media_time.from', /seconds .* not milliseconds/);
    refused(ig({ last_media_time: { to: 1 } }), 'last_media_time', /Remove “to”/);
  });

  it('blogger_prices.post_price is nested and a range', () => {
    expect(accepted(ig({ blogger_prices: { post_price: { from: 100, to: 900 } } })).blogger_prices).toEqual({ post_price: { from: 100, to: 900 } });
    refused(ig({ blogger_prices: { post_price: { from: 900, to: 100 } } }), 'blogger_prices.post_price', /no greater than/);
    refused(ig({ blogger_prices: 5 }), 'blogger_prices', /as an object of post_price/);
  });

  it('a range must be an object with only from and to', () => {
    refused(ig({ er: 5 }), 'er', /as a range/);
    refused(ig({ er: { min: 1 } }), 'er', /Remove “min”/);
  });
});

describe('codes', () => {
  it('countries are ISO 3166 codes, sent upper case', () => {
    expect(accepted(net('tiktok', { account_geo: { country: ['de', 'US ', 'de'] } })).account_geo).toEqual({ country: ['DE', 'US'] });
    refused(net('tiktok', { account_geo: { country: ['XX'] } }), 'account_geo.country', /not a country code: use two-letter ISO 3166/);
  });

  it('languages are ISO 639-1 codes, sent lower case', () => {
    expect(accepted(net('twitter', { account_languages: ['EN', 'es'] })).account_languages).toEqual(['en', 'es']);
    refused(net('twitter', { account_languages: ['english'] }), 'account_languages', /ISO 639-1/);
  });

  it('account_geo.city is Instagram only', () => {
    expect(accepted(ig({ account_geo: { city: [5128581, '2643743'] } })).account_geo).toEqual({ city: [2643743, 5128581] });
    refused(net('youtube', { account_geo: { city: [5128581] } }), 'account_geo.city', /Instagram only/);
    refused(ig({ account_geo: { city: [0] } }), 'account_geo.city', /not an id/);
  });
});

describe('audience', () => {
  it('audience_geo takes countries and cities with shares from 0 to 100', () => {
    expect(
      accepted(ig({ audience_geo: { countries: [{ id: 'us', prc: 20 }, { id: 'BR', prc: '5.5' }], cities: [{ id: 5128581, prc: 3 }] } })).audience_geo,
    ).toEqual({ countries: [{ id: 'BR', prc: 5.5 }, { id: 'US', prc: 20 }], cities: [{ id: 5128581, prc: 3 }] });
    refused(ig({ audience_geo: { countries: [{ id: 'US', prc: 120 }] } }), 'audience_geo.countries', /from 0 to 100 %/);
    refused(ig({ audience_geo: { countries: [{ id: 'US' }] } }), 'audience_geo.countries', /Enter the minimum share for US/);
    refused(ig({ audience_geo: { countries: [{ id: 'US', prc: 1 }, { id: 'us', prc: 2 }] } }), 'audience_geo.countries', /US is listed twice/);
    refused(ig({ audience_geo: { countries: [{ id: 'Narnia', prc: 1 }] } }), 'audience_geo.countries', /not a country code/);
  });

  it('audience_geo.cities is Instagram only', () => {
    refused(net('tiktok', { audience_geo: { cities: [{ id: 5128581, prc: 3 }] } }), 'audience_geo.cities', /Instagram only/);
  });

  it('audience_age takes age keys and a share', () => {
    expect(accepted(ig({ audience_age: { groups: ['25_34', '18-24', '65+'], prc: 40 } })).audience_age).toEqual({ groups: ['18_24', '25_34', '65'], prc: 40 });
    refused(ig({ audience_age: { groups: ['20_30'], prc: 40 } }), 'audience_age.groups', /not an age group/);
    refused(ig({ audience_age: { groups: [], prc: 40 } }), 'audience_age.groups', /at least one age group/);
    refused(ig({ audience_age: { groups: ['13_17'] } }), 'audience_age.prc', /minimum share/);
  });

  it('audience_gender takes male or female and a share', () => {
    expect(accepted(net('twitch', { audience_gender: { gender: 'Female', prc: 60 } })).audience_gender).toEqual({ gender: 'female', prc: 60 });
    refused(net('twitch', { audience_gender: { gender: 'other', prc: 60 } }), 'audience_gender.gender', /male or female/);
    refused(net('twitch', { audience_gender: { prc: 60 } }), 'audience_gender.gender', /Choose a gender/);
  });

  it('income takes a level and a share', () => {
    expect(accepted(ig({ income: { id: '50k', prc: 10 } })).income).toEqual({ id: '50k', prc: 10 });
    refused(ig({ income: { id: '60k', prc: 10 } }), 'income.id', /5k, 10k/);
    refused(ig({ income: { id: '50k', prc: -1 } }), 'income.prc', /from 0 to 100/);
  });

  it('ethnicity takes races with whole shares', () => {
    expect(accepted(ig({ ethnicity: [{ race: 'hispanic', prc: 10 }, { race: 'Asian', prc: 5 }] })).ethnicity).toEqual([
      { race: 'asian', prc: 5 },
      { race: 'hispanic', prc: 10 },
    ]);
    refused(ig({ ethnicity: [{ race: 'martian', prc: 10 }] }), 'ethnicity', /not an ethnicity/);
    refused(ig({ ethnicity: [{ race: 'asian', prc: 10.5 }] }), 'ethnicity', /whole number/);
    refused(ig({ ethnicity: [{ race: 'asian', prc: 1 }, { race: 'asian', prc: 2 }] }), 'ethnicity', /listed twice/);
  });

  it('interests take ids with whole shares', () => {
    expect(accepted(ig({ interests: [{ id: '12', prc: 30 }] })).interests).toEqual([{ id: 12, prc: 30 }]);
    refused(ig({ interests: [{ id: -3, prc: 30 }] }), 'interests', /not an interest id/);
    refused(ig({ interests: [{ id: 3, prc: 130 }] }), 'interests', /from 0 to 100/);
  });
});

describe('lists', () => {
  it('category and thematics take positive whole ids; one id is not both included and excluded', () => {
    expect(accepted(ig({ category: { include: [3, '1', 3], exclude: [] } })).category).toEqual({ include: [1, 3] });
    refused(ig({ category: { include: [1.5] } }), 'category.include', /not an id/);
    refused(net('youtube', { thematics: { include: [4], exclude: [4] } }), 'thematics.exclude', /4 is both included and excluded/);
  });

  it('account_mentions takes usernames, without @, lower case', () => {
    expect(accepted(net('tiktok', { account_mentions: { include: ['@Nike', 'adidas'] } })).account_mentions).toEqual({ include: ['adidas', 'nike'] });
    refused(net('tiktok', { account_mentions: { exclude: ['two words'] } }), 'account_mentions.exclude', /has a space/);
  });

  it('username_exclude holds at most 1000 usernames', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `user${i}`);
    expect((accepted(ig({ username_exclude: names(1000) })).username_exclude as string[]).length).toBe(1000);
    refused(ig({ username_exclude: names(1001) }), 'username_exclude', /at most 1000 usernames \(there are 1001\)/);
    // Repeats count once.
    expect((accepted(ig({ username_exclude: [...names(1000), 'USER1', '@user2'] })).username_exclude as string[]).length).toBe(1000);
  });

  it('twitch_games holds at most 3 game ids, with a period defaulting to 30d', () => {
    expect(accepted(net('twitch', { twitch_games: { games: [33214, 21779] } })).twitch_games).toEqual({ period: '30d', games: [21779, 33214] });
    expect(accepted(net('twitch', { twitch_games: { period: '7d', games: [1] } })).twitch_games).toEqual({ period: '7d', games: [1] });
    refused(net('twitch', { twitch_games: { games: [1, 2, 3, 4] } }), 'twitch_games.games', /at most 3 games/);
    refused(net('twitch', { twitch_games: { period: '365d', games: [1] } }), 'twitch_games.period', /7d, 30d, 90d or 180d/);
  });
});

describe('marks, growth, choices', () => {
  it('rate marks exclude very_good, which is for aqs only', () => {
    expect(accepted(net('youtube', { reactions_rate: { marks: ['excellent', 'good', 'good'] } })).reactions_rate).toEqual({ marks: ['good', 'excellent'] });
    refused(net('youtube', { comments_rate: { marks: ['very_good'] } }), 'comments_rate.marks', /very_good.*aqs.* only/);
    refused(ig({ comments_rate: { marks: ['great'] } }), 'comments_rate.marks', /not a mark/);
  });

  it('growth takes a period of 7d to 365d and whole percents', () => {
    expect(accepted(net('twitter', { growth: { period: '365d', from: 5 } })).growth).toEqual({ period: '365d', from: 5 });
    refused(net('twitter', { growth: { period: '14d', from: 5 } }), 'growth.period', /7d, 30d, 90d, 180d or 365d/);
    refused(net('twitter', { growth: { from: 5 } }), 'growth.period', /Choose the period/);
    refused(net('twitter', { growth: { period: '30d', from: 5.5 } }), 'growth.from', /whole number/);
  });

  it('likes_growth_prc has no 365d period', () => {
    expect(accepted(net('tiktok', { likes_growth_prc: { period: '180d', to: 50 } })).likes_growth_prc).toEqual({ period: '180d', to: 50 });
    refused(net('tiktok', { likes_growth_prc: { period: '365d', to: 50 } }), 'likes_growth_prc.period', /7d, 30d, 90d or 180d/);
  });

  it('verified is 0 or 1', () => {
    expect(accepted(ig({ verified: 1 })).verified).toBe(1);
    expect(accepted(ig({ verified: false })).verified).toBe(0);
    refused(ig({ verified: 2 }), 'verified', /Choose 1 .* or 0/);
  });

  it('account_gender, account_type and has_content_type take their values', () => {
    expect(accepted(ig({ account_gender: 'Male', account_type: 'brand' }))).toMatchObject({ account_gender: 'male', account_type: 'brand' });
    refused(ig({ account_type: 'bot' }), 'account_type', /brand or human/);
    expect(accepted(net('youtube', { has_content_type: ['live', 'video', 'live'] })).has_content_type).toEqual(['video', 'live']);
    refused(net('youtube', { has_content_type: ['shorts'] }), 'has_content_type', /video or live/);
  });

  it('boolean filters take true or false', () => {
    expect(accepted(ig({ account_has_contacts: true, account_has_launched_advertising: 'false' }))).toMatchObject({ account_has_contacts: true, account_has_launched_advertising: false });
    refused(ig({ account_has_contacts: 'maybe' }), 'account_has_contacts', /yes or no/);
  });

  it('sort takes a field and an order', () => {
    expect(accepted(ig({ sort: { field: 'er', order: 'asc' } })).sort).toEqual({ field: 'er', order: 'asc' });
    expect(accepted(ig({ sort: { order: 'asc' } })).sort).toEqual({ field: 'engagement_avg', order: 'asc' });
    refused(ig({ sort: { field: 'followers' } }), 'sort.field', /engagement_avg, subscribers_count, er or username/);
    refused(ig({ sort: { field: 'er', order: 'up' } }), 'sort.order', /asc or desc/);
  });

  it('similar is a username on Instagram, a channel id on YouTube, an account id on TikTok', () => {
    expect(accepted(ig({ similar: '@NASA' })).similar).toBe('nasa');
    expect(accepted(net('youtube', { similar: 'UCLA_DiR1FfKNvjuUpBHmylQ' })).similar).toBe('UCLA_DiR1FfKNvjuUpBHmylQ');
    expect(accepted(net('tiktok', { similar: 107955 })).similar).toBe('107955');
    refused(net('tiktok', { similar: 2 ** 63 }), 'similar', /as text: this number is too long/);
    expect(accepted(net('tiktok', { similar: '6881290705605477381' })).similar).toBe('6881290705605477381');
    expect(accepted(net('tiktok', { similar: ' 107955 ' })).similar).toBe('107955');
    refused(net('tiktok', { similar: 'khaby.lame' }), 'similar', /TikTok account id \(digits only\)/);
    refused(net('youtube', { similar: 'nasa' }), 'similar', /channel id: UC/);
    refused(ig({ similar: 'na sa' }), 'similar', /Instagram username/);
  });
});

describe('normalisation', () => {
  it('two spellings of one query give the same body', () => {
    const a = accepted({
      social_network: 'Instagram',
      er: { from: '1.5', to: null },
      account_geo: { country: ['us', 'DE'] },
      search: ['yoga ', 'yoga'],
      audience_age: { groups: ['25-34', '18_24'], prc: 30 },
      comments_rate: { marks: ['good', 'fair'] },
      page: 3,
    });
    const b = accepted({
      comments_rate: { marks: ['fair', 'good'] },
      audience_age: { prc: '30', groups: ['18_24', '25_34'] },
      search: ['yoga'],
      account_geo: { country: ['de', 'us'], city: [] },
      er: { from: 1.5 },
      social_network: 'instagram',
      username_exclude: [],
      category: {},
    });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('drops null and empty filters, and page', () => {
    expect(
      accepted(ig({ er: null, search: [], niche_search: '  ', category: { include: [] }, growth: { period: '30d' }, page: 4, twitch_games: undefined })),
    ).toEqual({ social_network: 'instagram' });
  });

  it('is idempotent: a normalised body validates to itself', () => {
    for (const n of discoveryNetworks) {
      let body: DiscoveryBody = { social_network: n };
      for (const f of filtersFor(n)) body = withFilterValue(body, f.key, discoverySample(f.key, n));
      if (body.niche_search !== undefined) for (const k of ['search', 'search_content', 'search_description']) delete body[k];
      const once = accepted(body);
      expect(accepted(once)).toEqual(once);
      expect(JSON.parse(JSON.stringify(once))).toEqual(once);
    }
  });

  it('reports every error at once, each at its field', () => {
    const errs = errors(ig({ er: { from: 200 }, aqs: { to: 1.5 }, verified: 3, cqs: { from: 1 } }));
    expect(Object.keys(discoveryFieldMessages(errs)).sort()).toEqual(['aqs.to', 'cqs', 'er.from', 'verified']);
  });
});

describe('request body and page range', () => {
  it('is the normalised body plus the page, without touching the body', () => {
    const body = accepted(ig({ er: { from: 1 } }));
    expect(discoveryRequestBody(body, 7)).toEqual({ social_network: 'instagram', er: { from: 1 }, page: 7 });
    expect(body).not.toHaveProperty('page');
    expect(JSON.stringify(discoveryRequestBody(body, 1))).toBe('{"social_network":"instagram","er":{"from":1},"page":1}');
  });

  it('pages run from 1 to 500, the first not after the last', () => {
    expect(validatePageRange(1, 500)).toBeNull();
    expect(validatePageRange(3, 3)).toBeNull();
    expect(validatePageRange(0, 2)).toEqual({ field: 'page', message: expect.stringMatching(/start at 1/) });
    expect(validatePageRange(1, 501)).toEqual({ field: 'page', message: expect.stringMatching(/up to 500/) });
    expect(validatePageRange(5, 2)).toEqual({ field: 'page', message: expect.stringMatching(/first page no later than the last/) });
    expect(validatePageRange(1.5, 2)).toEqual({ field: 'page', message: expect.stringMatching(/whole page numbers/) });
  });
});

describe('switching network', () => {
  it('keeps the filters the new network has and names the ones dropped', () => {
    const body = accepted(ig({ er: { from: 1 }, account_geo: { country: ['US'], city: [5128581] }, category: { include: [1] }, subscribers_count: { from: 10 } }));
    const { body: yt, dropped } = switchNetwork(body, 'youtube');
    expect(yt).toEqual({ social_network: 'youtube', account_geo: { country: ['US'] }, subscribers_count: { from: 10 } });
    expect(dropped.map((f) => f.key).sort()).toEqual(['account_geo.city', 'category', 'er']);
    expect(accepted(yt)).toEqual(yt);
  });

  it('reads and writes nested filters', () => {
    const body = withFilterValue({ social_network: 'tiktok' }, 'blogger_prices.post_price', { from: 5 });
    expect(body).toEqual({ social_network: 'tiktok', blogger_prices: { post_price: { from: 5 } } });
    expect(filterValue(body, 'blogger_prices.post_price')).toEqual({ from: 5 });
    expect(withFilterValue(body, 'blogger_prices.post_price', undefined)).toEqual({ social_network: 'tiktok' });
  });
});
