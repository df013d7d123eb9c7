// Twitch: the report of spec 2.2.
import { markFor, type Rng } from '../random';
import { ageGender, countryShares, geoData, languageShares, toPercent, weightedShares } from './audience';
import { around, contactEmails, DAY_MS, isoTime, markTitle, PERIODS, performance, socialNetworks } from './common';
import type { Ctx } from './context';
import { extendPost, idsWithin, latestPosts, mean, perWeek, POST_DETAIL, rankedBy, timeline, type Post } from './posts';
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

/** How long a stream ran, hours: from its own stream, so every list and sum that shows it agrees. */
function hoursOf(stream: Post): number {
  return 1.5 + 5.5 * stream.uniform(POST_DETAIL.streamHours);
}


/** Distinct UTC days on which these streams started. */
function activeDays(streams: readonly Post[]): number {
  return new Set(streams.map((s) => Math.floor(s.time / DAY_MS))).size;
}

export function twitchReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const line = timeline(ctx);
  const times = line.times;
  const streams: Stream[] = latestPosts(ctx).map((s) => extendPost(s, { hours: hoursOf(s) }));
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const perPeriod = <T>(build: (days: number) => T) => performance(PERIODS, build);
  // Every period figure is what the period's streams add up to (posts.ts: timeline).
  const inPeriod = (days: number, from = 0) => line.stats(days, from);
  /** `performance` of a period value and the same for the period before it (`from` days back). */
  const withPrev = (value: (days: number, from: number) => number, round: boolean) => ({
    performance: perPeriod((days) => {
      const r = (v: number) => (round ? Math.round(v) : v);
      return { value: r(value(days, 0)), value_prev: r(value(days, days)) };
    }),
  });

  const liveViewers = Math.max(1, p.followers * rng.float(0.005, 0.04));
  // Live viewers follow a period's views: a period without streams had none.
  const liveIn = (days: number, from: number) => (p.avgViews > 0 ? liveViewers * (inPeriod(days, from).avgViews / p.avgViews) : 0);
  const hours = new Map<string, number>();
  const hoursIn = (days: number, from: number) => {
    const key = `${days}:${from}`;
    return hours.get(key) ?? hours.set(key, line.window(days, from).reduce((s, x) => s + hoursOf(x), 0)).get(key)!;
  };
  const chatLevel = liveViewers * rng.float(0.3, 2.5);
  const chatPeers = around(rng, chatLevel, 0.45);

  const metrics = {
    subscribers_count: { value: p.followers, performance: perPeriod((days) => ({ value: gain(followers, days) })) },
    following_count: {
      value: p.following,
      performance: rng.bool(0.3) ? null : perPeriod((days) => ({ value: Math.round(p.following * (days / 365) * rng.float(0.02, 0.2)) })),
    },
    views_avg: {
      performance: perPeriod((days) => {
        const views = line.window(days).map((s) => s.views);
        return {
          value: Math.round(inPeriod(days).avgViews),
          max: views.length ? Math.max(...views) : 0,
          min: views.length ? Math.min(...views) : 0,
          value_prev: Math.round(inPeriod(days, days).avgViews),
        };
      }),
    },
    subscribers_growth_prc: { performance: perPeriod(growthPerformance(rng, followers)) },
    // Twitch stopped publishing channel view totals, so many channels have none.
    views_count: { value: rng.bool(0.4) ? null : Math.round(p.avgViews * p.mediaCount * rng.float(0.8, 1.5)) },
    live_viewers_avg: withPrev(liveIn, true),
    videos_per_week: withPrev((days, from) => perWeek(times, now, days, from), true),
    video_views_count: withPrev((days, from) => inPeriod(days, from).views, false),
    video_views_avg: withPrev((days, from) => inPeriod(days, from).avgViews, false),
    views_rate: withPrev((days, from) => (inPeriod(days, from).avgViews / p.followers) * 100, false),
    hours_streamed: withPrev(hoursIn, false),
    active_days_per_week: withPrev((days, from) => Math.min(7, activeDays(line.window(days, from)) / (days / 7)), true),
    chat_messages_per_hour: {
      performance: perPeriod((days) => {
        // Chat follows the period's live audience; a period without streams had no chat.
        const value = liveViewers > 0 ? chatLevel * (liveIn(days, 0) / liveViewers) : 0;
        const similar = around(rng, chatPeers, 0.08);
        const mark = markFor(value, similar);
        return { value, similar, mark, mark_title: markTitle(mark) };
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
    games: { data: games(ctx) },
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

/** The games streamed: each stream is of one game, so a game's counts, views and hours are its streams'. */
function games(ctx: Ctx) {
  const { input } = ctx;
  const rng = ctx.rng('games');
  const line = timeline(ctx);
  const played = rng.sample(GAMES, rng.int(1, 4));
  const shares = toPercent(rng.shares(played.length, 0.7).sort((a, b) => b - a));
  const weights = played.map((game, i) => [game.id, shares[i]!] as const);
  // Each stream's game, drawn once from the stream's own stream of numbers.
  const games = new Map<number, string>();
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const pick = (u: number) => {
    let left = u * total;
    for (const [id, w] of weights) if ((left -= w) < 0) return id;
    return weights.at(-1)![0];
  };
  const gameOf = (stream: Post) => games.get(stream.index) ?? games.set(stream.index, pick(stream.uniform(POST_DETAIL.game))).get(stream.index)!;
  const byPeriod = new Map<number, Map<string, Post[]>>();
  const inPeriod = (days: number) => {
    let split = byPeriod.get(days);
    if (!split) {
      split = new Map(played.map((game) => [game.id, [] as Post[]]));
      for (const s of line.window(days)) split.get(gameOf(s))!.push(s);
      byPeriod.set(days, split);
    }
    return split;
  };
  return played.map((game) => {
    const streams = (days: number) => inPeriod(days).get(game.id)!;
    return {
      basic: { id: game.id, title: game.title, avatar_url: input.cdn.avatar('twitch', `game-${game.id}`) },
      metrics: {
        subscribers_count: game.followers,
        streams_count: { performance: performance(PERIODS, (days) => ({ value: streams(days).length })) },
        views_avg: { performance: performance(PERIODS, (days) => ({ value: Math.round(mean(streams(days).map((s) => s.views))) })) },
        hours_streamed: { performance: performance(PERIODS, (days) => ({ value: streams(days).reduce((s, x) => s + hoursOf(x), 0) })) },
      },
    };
  });
}
