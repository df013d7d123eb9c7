// One valid value per discovery filter and network: for tests (catalogue against validator,
// validator against the simulator) and for end-to-end checks that fill every filter.
import type { DiscoveryNetwork } from './discovery';

const samples: Record<string, unknown> = {
  search: ['yoga'],
  search_content: ['recipe'],
  search_description: ['travel'],
  niche_search: 'vegan cooking',
  category: { include: [1, 4], exclude: [6] },
  thematics: { include: [10] },
  has_content_type: ['video'],
  account_geo: { country: ['US', 'GB'] },
  account_gender: 'female',
  account_age: { from: 18, to: 40 },
  account_languages: ['en'],
  account_type: 'human',
  account_has_contacts: true,
  account_has_launched_advertising: false,
  account_mentions: { include: ['nike'], exclude: ['adidas'] },
  verified: 1,
  'blogger_prices.post_price': { from: 100, to: 5000 },
  username_exclude: ['someone', 'another'],
  audience_geo: { countries: [{ id: 'US', prc: 20 }] },
  audience_age: { groups: ['18_24', '25_34'], prc: 40 },
  audience_gender: { gender: 'female', prc: 50 },
  income: { id: '50k', prc: 10 },
  ethnicity: [{ race: 'asian', prc: 10 }],
  interests: [{ id: 12, prc: 20 }],
  subscribers_count: { from: 10_000, to: 1_000_000 },
  er: { from: 1.5, to: 20 },
  aqs: { from: 40 },
  cqs: { from: 40, to: 100 },
  last_media_time: { from: 1_700_000_000 },
  media_count: { from: 10 },
  likes_count: { from: 1000 },
  alikes_avg: { from: 100 },
  views_avg: { from: 1000, to: 1e7 },
  comments_avg: { from: 10 },
  shares_avg: { from: 5 },
  reels_video_views_avg: { from: 1000 },
  shorts_video_views_avg: { from: 1000 },
  reactions_rate: { marks: ['good', 'excellent'] },
  comments_rate: { marks: ['average'] },
  growth: { period: '30d', from: 1, to: 50 },
  likes_growth_prc: { period: '90d', from: 5 },
  twitch_games: { period: '30d', games: [21779] },
  twitch_active_days_per_week: { from: 3, to: 7 },
  twitch_hours_streamed: { from: 10 },
  twitch_live_viewers_avg: { from: 50 },
  twitter_likes: { from: 10 },
  twitter_replies: { from: 1 },
  twitter_retweet: { from: 1 },
  twitter_tweet: { from: 100 },
  sort: { field: 'subscribers_count', order: 'desc' },
};

/** A value the filter accepts on that network (the network must be one of the filter's). */
export function discoverySample(key: string, network: DiscoveryNetwork): unknown {
  if (key === 'similar') return network === 'instagram' ? 'nasa' : network === 'youtube' ? 'UCLA_DiR1FfKNvjuUpBHmylQ' : '6881290705605477381';
  if (key === 'account_geo' && network === 'instagram') return { country: ['US'], city: [5128581] };
  if (key === 'audience_geo' && network === 'instagram') return { countries: [{ id: 'US', prc: 20 }], cities: [{ id: 5128581, prc: 3 }] };
  if (!Object.hasOwn(samples, key)) throw new Error(`no sample for ${key}`);
  return samples[key];
}
