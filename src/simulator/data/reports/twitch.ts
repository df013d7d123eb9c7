// Twitch: the report of spec 2.2.
import type { Rng } from '../random';
import { ageGender, countryShares, geoData, languageShares, toPercent, weightedShares } from './audience';
import { around, contactEmails, isoTime, markTitle, PERIODS, performance, periodAverage, ratedPeriods, socialNetworks } from './common';
import type { Ctx } from './context';
import { countInWindow, idsWithin, latestPosts, perWeek, postTimes, rankedBy, type Post } from './posts';
import { dailyFollowers, gain, growthPerformance } from './series';

/** Popular Twitch categories with their Twitch ids and (rounded) follower counts. */
const GAMES = [
  { id: '509658', title: 'Just Chatting', followers: 14_000_000 },
  { id: '33214', title: 'Fortnite', followers: 12_000_000 },
  { id: '21779', title: 'League of Legends', followers: 11_000_000 },
  { id: '32982', title: 'Grand Theft Auto V', followers: 9_500_000 },
  { id: '27471', title: 'Minecraft', followers: 8_000_000 },
  { id: '516575', title: 'VALORANT', followers: 7_000_000 },
  { id: '32399', title: 'Counter-Strike', followers: 6_500_000 },
  { id: '511224', title: 'Apex Legends', followers: 5_000_000 },
  { id: '18122', title: 'World of Warcraft', followers: 4_500_000 },
  { id: '29595', title: 'Dota 2', followers: 4_000_000 },
] as const;

interface Stream extends Post {
  hours: number;
}

/** Twitch audience geography: GeoNames ids beside the codes, and region groups that agree with them. */

export function twitchReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const times = postTimes(ctx);
  const streams: Stream[] = latestPosts(ctx, times).map((s) => ({ ...s, hours: s.detail('stream').float(1.5, 7) }));
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const perPeriod = <T>(build: (days: number) => T) => performance(PERIODS, build);
  const count = (days: number, from = 0) => countInWindow(times, now, days, from);
  /** `performance` of a period value and the same for the period before it (`from` days back). */
  const withPrev = (value: (days: number, from: number) => number, round: boolean) => ({
    performance: perPeriod((days) => {
      const r = (v: number) => (round ? Math.round(v) : v);
      return { value: r(value(days, 0)), value_prev: r(value(days, days)) };
    }),
  });
  const averaged = (base: number, round: boolean) => withPrev((days) => periodAverage(rng, base, days), round);

  const liveViewers = Math.max(1, p.followers * rng.float(0.005, 0.04));
  const hoursPerStream = streams.length ? streams.reduce((s, x) => s + x.hours, 0) / streams.length : 0;
  const chatRated = ratedPeriods(rng, liveViewers * rng.float(0.3, 2.5));

  const metrics = {
    subscribers_count: { value: p.followers, performance: perPeriod((days) => ({ value: gain(followers, days) })) },
    following_count: {
      value: p.following,
      performance: rng.bool(0.3) ? null : perPeriod((days) => ({ value: Math.round(p.following * (days / 365) * rng.float(0.02, 0.2)) })),
    },
    views_avg: {
      performance: perPeriod((days) => {
        const value = Math.round(periodAverage(rng, p.avgViews, days));
        return { value, max: Math.round(value * rng.float(2, 6)), min: Math.round(value * rng.float(0.1, 0.5)), value_prev: Math.round(around(rng, value)) };
      }),
    },
    subscribers_growth_prc: { performance: perPeriod(growthPerformance(rng, followers)) },
    // Twitch stopped publishing channel view totals, so many channels have none.
    views_count: { value: rng.bool(0.4) ? null : Math.round(p.avgViews * p.mediaCount * rng.float(0.8, 1.5)) },
    live_viewers_avg: averaged(liveViewers, true),
    videos_per_week: withPrev((days, from) => perWeek(times, now, days, from), true),
    video_views_count: withPrev((days, from) => count(days, from) * periodAverage(rng, p.avgViews, days), false),
    video_views_avg: averaged(p.avgViews, false),
    views_rate: averaged((p.avgViews / p.followers) * 100, false),
    hours_streamed: withPrev((days, from) => count(days, from) * hoursPerStream, false),
    active_days_per_week: withPrev((days, from) => Math.min(7, perWeek(times, now, days, from) * rng.float(0.7, 1)), true),
    chat_messages_per_hour: {
      performance: perPeriod((days) => {
        const rated = chatRated(days);
        return { ...rated, mark_title: markTitle(rated.mark) };
      }),
    },
  };

  const audienceRng = ctx.audienceRng('audience');
  // READY_LOW_CONFIDENCE (3.1): audience geography missing or down to a country or two.
  const audienceGeo = input.lowConfidence
    ? audienceRng.bool(0.5)
      ? null
      : { status: { code: 'NOT_ENOUGH_DATA' }, data: geoData(countryShares(audienceRng, p.audienceCountry, audienceRng.int(1, 2))) }
    : { status: { code: 'OK' }, data: geoData(countryShares(audienceRng, p.audienceCountry, 10)) };

  const byHours = rankedBy(streams, (s) => s.hours);
  const byViews = rankedBy(streams, 'views');
  const features = {
    audience_age_gender: { data: ageGender(audienceRng, p.audienceFemale) },
    audience_geo: audienceGeo,
    stream_viewers: { data: streams.slice(0, 3).map((s) => ({ video_id: s.id, chart: viewerChart(s.detail('viewers'), s, liveViewers) })) },
    audience_languages: { data: languageShares(audienceRng, p.language, 5).map(({ code, prc }) => ({ title: code, prc })) },
    audience_sentiments: sentiments(ctx.rng('sentiments'), streams.length),
    most_media: {
      data: {
        most_hours_streamed: { performance: perPeriod((days) => ({ media_ids: idsWithin(byHours, now, days, 10) })) },
        most_views: { performance: perPeriod((days) => ({ media_ids: idsWithin(byViews, now, days, 10) })) },
      },
    },
    blogger_geo: { data: rng.bool(0.15) ? null : geoData([{ code: p.country, prc: 100 }]) },
    blogger_emails: { status: { code: 'OK' }, data: contactEmails(ctx) },
    blogger_languages: { data: [p.language] },
    games: { data: games(ctx, times, hoursPerStream) },
    social_networks: { data: socialNetworks(ctx, ['youtube', 'instagram', 'twitter', 'tiktok']) },
  };

  return {
    report: {
      basic: { id: p.id, username: p.username, title: p.title, avatar_url: input.cdn.avatar('twitch', p.username), description: p.description },
      metrics,
      features,
    },
  };
}

/** Viewers every ten minutes of a stream: a ramp up, a noisy plateau and a drop-off at the end. */
function viewerChart(rng: Rng, stream: Stream, average: number) {
  const points = Math.max(2, Math.round((stream.hours * 60) / 10));
  const peak = average * rng.logNormal(1, 0.3);
  return Array.from({ length: points }, (_, i) => {
    const x = i / (points - 1);
    const shape = Math.min(1, 0.15 + x / 0.2) * Math.min(1, (1 - x) / 0.1 + 0.3);
    return { value: Math.max(0, Math.round(peak * shape * rng.logNormal(1, 0.08))), time_iso: isoTime(stream.time + i * 10 * 60_000) };
  });
}

/** Chat sentiment, or null when the channel has too few comments to read. */
function sentiments(rng: Rng, posts: number) {
  if (rng.bool(0.15)) return null;
  const comments = rng.int(200, 50_000);
  const [positive, neutral, negative] = weightedShares(rng, [0.55, 0.35, 0.1]) as [number, number, number];
  const entry = (prc: number) => ({ count: Math.round((comments * prc) / 100), prc });
  return {
    data: {
      sentiments: { POSITIVE: entry(positive), NEUTRAL: entry(neutral), NEGATIVE: entry(negative) },
      score: Math.round(50 + (positive - negative) / 2),
      comments_count: comments,
      posts_count: posts,
    },
  };
}

/** The games streamed, sharing the channel's streams between them. */
function games(ctx: Ctx, times: readonly number[], hoursPerStream: number) {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('games');
  const played = rng.sample(GAMES, rng.int(1, 4));
  const shares = toPercent(rng.shares(played.length, 0.7).sort((a, b) => b - a));
  return played.map((game, i) => {
    const share = shares[i]! / 100;
    const streams = (days: number) => Math.round(countInWindow(times, now, days) * share);
    return {
      basic: { id: game.id, title: game.title, avatar_url: input.cdn.avatar('twitch', `game-${game.id}`) },
      metrics: {
        subscribers_count: game.followers,
        streams_count: { performance: performance(PERIODS, (days) => ({ value: streams(days) })) },
        views_avg: { performance: performance(PERIODS, (days) => ({ value: Math.round(periodAverage(rng, p.avgViews, days)) })) },
        hours_streamed: { performance: performance(PERIODS, (days) => ({ value: streams(days) * hoursPerStream })) },
      },
    };
  });
}
