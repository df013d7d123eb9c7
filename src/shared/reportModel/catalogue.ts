// Labels and units of the metrics the spec names. Metrics not listed here still show, with a
// label made from their key and a unit guessed from it.
import type { Network } from '@shared/reports';
import { humanize } from './read';
import type { MetricUnit } from './types';

export interface MetricSpec {
  label: string;
  unit: MetricUnit;
  /** Meaning of the per-period value when it is not the headline quantity. */
  periodLabel?: string;
  /** Multiplier into the unit (hours → ms). */
  scale?: number;
  deprecated?: boolean;
}

type Entry = [key: string, label: string, unit: MetricUnit, extra?: Partial<MetricSpec>];

const HOUR_MS = 3_600_000;

// In display order: headline metrics first.
const table: Entry[] = [
  ['subscribers_count', 'Followers', 'count', { periodLabel: 'New followers' }],
  ['followers_count', 'Followers', 'count'],
  ['er', 'Engagement rate', 'percent'],
  ['subscribers_growth_prc', 'Follower growth', 'percent'],
  ['subscribers_growth', 'New followers', 'count'],
  ['yearly_growth', 'Yearly growth', 'percent'],
  ['aqs', 'Audience quality score', 'count'],
  ['cqs', 'Channel quality score', 'count'],
  ['subscribers_quality', 'Follower quality', 'percent'],
  ['views_avg', 'Average views', 'count'],
  ['video_views_avg', 'Average video views', 'count'],
  ['videos_v30', 'Average views (first 30 days)', 'count'],
  ['live_viewers_avg', 'Average live viewers', 'count'],
  ['avg_likes', 'Average likes', 'count'],
  ['alikes_avg', 'Average likes', 'count'],
  ['favorite_avg', 'Average likes', 'count'],
  ['avg_comments', 'Average comments', 'count'],
  ['comments_avg', 'Average comments', 'count'],
  ['reply_avg', 'Average replies', 'count'],
  ['retweet_avg', 'Average retweets', 'count'],
  ['shares_avg', 'Average shares', 'count'],
  ['reach', 'Reach', 'count'],
  ['reach_rate', 'Reach rate', 'percent'],
  ['blogger_reach', 'Estimated reach', 'count'],
  ['view_time_avg', 'Average view time', 'duration_ms'],
  ['views_rate', 'Views rate', 'percent'],
  ['comments_rate', 'Comments rate', 'percent'],
  ['reactions_rate', 'Reactions rate', 'percent'],
  ['likes_spread', 'Likes spread', 'percent'],
  ['likes_comments_ratio', 'Likes per comment', 'ratio'],
  ['comments_likes_ratio', 'Comments per like', 'ratio'],
  ['likes_views_ratio', 'Likes per view', 'ratio'],
  ['views_followers_ratio', 'Views per follower', 'ratio'],
  ['audience_authenticity', 'Audience authenticity', 'percent'],
  ['audience_reachability', 'Audience reachability', 'percent'],
  ['audience_age_21_plus_prc', 'Audience aged 21+', 'percent'],
  ['subscribers_conversion_rate', 'Follower conversion rate', 'percent'],
  ['story_completion_rate', 'Story completion rate', 'percent'],
  ['story_skip_rate', 'Story skip rate', 'percent'],
  ['story_exit_rate', 'Story exit rate', 'percent'],
  ['story_rewatch_rate', 'Story rewatch rate', 'percent'],
  ['chat_messages_per_hour', 'Chat messages per hour', 'count'],
  ['media_per_week', 'Posts per week', 'per_week'],
  ['post_frequency', 'Posts per week', 'per_week', { deprecated: true }],
  ['videos_per_week', 'Videos per week', 'per_week'],
  ['active_days_per_week', 'Active days per week', 'per_week'],
  ['hours_streamed', 'Hours streamed', 'duration_ms', { scale: HOUR_MS }],
  ['media_count', 'Posts', 'count', { periodLabel: 'Posts in the period' }],
  ['posts_count', 'Posts', 'count'],
  ['views_count', 'Views', 'count', { periodLabel: 'Views in the period' }],
  ['video_views_count', 'Video views', 'count'],
  ['likes_count', 'Likes', 'count', { periodLabel: 'Likes in the period' }],
  ['dislikes_count', 'Dislikes', 'count', { periodLabel: 'Dislikes in the period' }],
  ['comments_count', 'Comments', 'count', { periodLabel: 'Comments in the period' }],
  ['shares_count', 'Shares', 'count'],
  // Twitter's own field names (history answers) in the researcher's words.
  ['favorite_count', 'Likes', 'count'],
  ['retweet_count', 'Retweets', 'count'],
  ['reply_count', 'Replies', 'count'],
  ['quote_count', 'Quotes', 'count'],
  ['followers', 'Followers', 'count'],
  ['following_count', 'Following', 'count', { periodLabel: 'Newly followed accounts' }],
  ['followings_count', 'Following', 'count'],
  ['blogger_emv', 'Earned media value', 'money'],
  ['brand_safety', 'Brand safety score', 'count'],
  ['media_by_type.recommended', 'Posts in For You', 'percent'],
  ['media_by_type.commercial', 'Commercial posts', 'percent'],
  ['media_by_type.potentially_commercial', 'Possibly commercial posts', 'percent'],
  ['audience_sentiments.score', 'Sentiment score', 'count'],
];

const catalogue = new Map<string, MetricSpec & { order: number }>(
  table.map(([key, label, unit, extra], order) => [key, { label, unit, order, ...extra }]),
);

/** Networks that call followers subscribers. */
const subscriberNetworks: ReadonlySet<Network> = new Set(['youtube', 'snapchat']);

function networkLabel(key: string, network: Network, label: string): string {
  if (network === 'youtube') {
    if (key === 'media_count') return 'Videos';
    if (key === 'subscribers_growth_prc') return 'Subscriber growth';
  }
  if (subscriberNetworks.has(network)) {
    if (key === 'subscribers_count') return 'Subscribers';
    if (key === 'subscribers_growth') return 'New subscribers';
    if (key === 'subscribers_growth_prc') return 'Subscriber growth';
    if (key === 'subscribers_conversion_rate') return 'Subscriber conversion rate';
  }
  if (network === 'twitter' && key === 'media_count') return 'Tweets';
  if (network === 'twitch' && key === 'videos_per_week') return 'Streams per week';
  return label;
}

/** A unit guessed from an unknown key. */
export function guessUnit(key: string): MetricUnit {
  const k = key.toLowerCase();
  if (/ratio/.test(k)) return 'ratio';
  if (/(^|_)(prc|pct|percent|rate|share)($|_)/.test(k)) return 'percent';
  if (/per_week|frequency/.test(k)) return 'per_week';
  if (/price|emv|cpm|cpe|cost|budget|revenue/.test(k)) return 'money';
  return 'count';
}

/** The order of unknown metrics: after every known one. */
export const UNKNOWN_ORDER = table.length;

export function metricSpec(key: string, network: Network): MetricSpec & { order: number; known: boolean } {
  const spec = catalogue.get(key);
  if (spec) {
    const label = networkLabel(key, network, spec.label);
    let periodLabel = spec.periodLabel;
    if (key === 'subscribers_count' && subscriberNetworks.has(network)) periodLabel = 'New subscribers';
    if (key === 'media_count' && network === 'youtube') periodLabel = 'Videos in the period';
    if (key === 'media_count' && network === 'twitter') periodLabel = 'Tweets in the period';
    return { ...spec, label, periodLabel, known: true };
  }
  return { label: humanize(key), unit: guessUnit(key), order: UNKNOWN_ORDER, known: false };
}

/**
 * The headline cards of each network, best first: metrics its report carries, in the
 * researcher's order. A card is shown only when the report has a value for it, so a network
 * never shows a row of dashes; `.in_period` is a total's per-period figure (metrics.ts).
 */
export const CARD_KEYS: Record<Network, readonly string[]> = {
  instagram: ['followers_count', 'er', 'subscribers_growth_prc', 'avg_likes', 'avg_comments', 'aqs', 'audience_authenticity', 'media_per_week'],
  youtube: ['subscribers_count', 'er', 'subscribers_growth_prc', 'views_avg', 'alikes_avg', 'comments_avg', 'cqs', 'videos_per_week'],
  tiktok: ['subscribers_count', 'er', 'subscribers_growth_prc', 'views_avg', 'alikes_avg', 'comments_avg', 'aqs', 'shares_avg'],
  twitch: ['subscribers_count', 'subscribers_growth_prc', 'live_viewers_avg', 'views_avg', 'chat_messages_per_hour', 'hours_streamed', 'videos_per_week', 'views_rate'],
  twitter: ['subscribers_count', 'er', 'subscribers_growth_prc', 'favorite_avg', 'reply_avg', 'retweet_avg', 'media_per_week'],
  snapchat: ['subscribers_count', 'subscribers_growth_prc', 'subscribers_growth', 'views_avg', 'reach', 'reach_rate', 'view_time_avg', 'story_completion_rate'],
};

/** How many cards a report page shows. */
export const CARD_LIMIT = 6;
