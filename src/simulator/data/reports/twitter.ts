// Twitter: the report (api-notes: only basic and four features are known; the metrics are
// a plausible few) and the metrics history of spec 2.9.
import { benchmark, contactEmails, DAY_MS, isoTime, performance, rankings, around, type Period } from './common';
import type { Ctx } from './context';
import { figures, perWeek, timeline, type Figures } from './posts';
import { dailyFollowers, gain, growthPerformance, snapshotTimes, valueDaysAgo, walkTo } from './series';

/** The report's windows; the deprecated `all` belongs to Twitch and TikTok, not here. */
const TWITTER_PERIODS: readonly Period[] = ['7d', '30d', '90d', '180d', '365d'];

export function twitterReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const line = timeline(ctx);
  const times = line.times;
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const perPeriod = <T>(build: (days: number) => T) => performance(TWITTER_PERIODS, build);
  // Every period figure is what the period's tweets add up to (posts.ts: timeline).
  const averaged = (of: (f: Figures) => number) => perPeriod((days) => ({ value: of(line.stats(days)) }));
  const mediaPerWeek = perWeek(times, now, 30);

  return {
    report: {
      basic: {
        id: p.id,
        username: p.username,
        title: p.title,
        avatar_url: input.cdn.avatar('twitter', p.username),
        description: p.description,
        is_verified: p.verified,
      },
      metrics: {
        subscribers_count: { value: p.followers, performance: perPeriod((days) => ({ value: gain(followers, days) })) },
        subscribers_growth_prc: { performance: perPeriod(growthPerformance(rng, followers)) },
        following_count: { value: p.following },
        media_count: { value: p.mediaCount, performance: perPeriod((days) => ({ value: line.stats(days).count })) },
        media_per_week: { value: mediaPerWeek, ...benchmark(rng, mediaPerWeek, { typical: Math.max(mediaPerWeek, rng.float(2, 20)) }) },
        er: {
          value: p.er,
          ...benchmark(rng, p.er),
          performance: perPeriod((days) => ({ value: line.stats(days).er, value_prev: line.stats(days, days).er })),
        },
        favorite_avg: { value: p.avgLikes, performance: averaged((f) => f.avgLikes) },
        retweet_avg: { value: p.avgShares, performance: averaged((f) => f.avgShares) },
        reply_avg: { value: p.avgComments, performance: averaged((f) => f.avgComments) },
      },
      features: {
        blogger_geo: { data: { country: p.country } },
        blogger_languages: { data: [p.language] },
        blogger_emails: { data: contactEmails(ctx) },
        blogger_rankings: { data: rankings(rng, p.followers, p.country) },
      },
    },
  };
}

/**
 * Spec 2.9: weekly snapshots since the account entered the database. Counts are per week
 * (tweets, and the likes, retweets and replies they drew); the last follower and following
 * values are the report's.
 */
export function twitterHistory(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now } = ctx;
  const rng = ctx.rng('history');
  const snapshots = snapshotTimes(now, rng.int(60, 700), 7);
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const following = walkTo(ctx.rng('following-history'), p.following, snapshots.length, 4);
  // Each snapshot's week: the tweets of the 7 days up to it, and what they drew.
  const line = timeline(ctx);
  const weeks = snapshots.map((t) => figures(line.between(t - 7 * DAY_MS, t)));
  const isoTimes = snapshots.map(isoTime); // shared by the seven series
  const history = (value: (i: number, t: number) => number) => ({ history: snapshots.map((t, i) => ({ value: value(i, t), time_iso: isoTimes[i]! })) });
  const weekly = (of: (f: Figures) => number) => history((i) => of(weeks[i]!));
  return {
    metrics_history: {
      er: history((i) => (i === snapshots.length - 1 ? p.er : around(rng, p.er, 0.15))),
      retweet_count: weekly((f) => f.shares),
      reply_count: weekly((f) => f.comments),
      favorite_count: weekly((f) => f.likes),
      media_per_week: weekly((f) => f.count),
      subscribers_count: history((_, t) => valueDaysAgo(followers, Math.floor((now - t) / DAY_MS))),
      following_count: history((i) => following[i]!),
    },
  };
}
