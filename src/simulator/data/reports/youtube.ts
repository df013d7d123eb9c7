// YouTube: the report (api-notes: basic/metrics/features with every feature wrapped in
// `{data}`, plus price, metrics history and the first 50 videos), the paged media of spec
// 2.6 and the brand mentions of 2.7.
import { accountProfile } from '../profile';
import { markFor } from '../random';
import { usesRealForms } from '../realForms';
import { ageGender, countryShares, languageShares } from './audience';
import {
  accountTopics, around, benchmark, caption, contactEmails, DAY_MS, isoTime, LONG_PERIODS, markTitle, PERIODS, performance,
  scoreMark, socialNetworks, unixSeconds,
} from './common';
import type { Ctx } from './context';
import { brandMentionPosts, brandSlug } from './brandPosts';
import { perWeek, POST_DETAIL, post, postedAfter, postTimes, timeline, type Figures, type Post } from './posts';
import { dailyFollowers, gain, growthPerformance, snapshotTimes, valueDaysAgo } from './series';

export const PAGE_SIZE = 50;

/** A video as spec 2.6 shows it: in the report's media, on media pages and in brand mentions. */
function youtubeVideo(ctx: Ctx, video: Post) {
  const { profile, input } = ctx;
  const rng = video.detail('video');
  const drawn = caption(rng);
  const title = video.campaign?.caption ?? drawn;
  const restricted = rng.bool(0.03);
  const dislikes = dislikesOf(video);
  // A quarter are Shorts (under a minute); the rest a log-normal around ten minutes.
  const length = rng.bool(0.25) ? rng.int(10, 59) : Math.max(60, Math.round(rng.logNormal(600, 0.7)));
  const cpm = rng.float(2, 18);
  return {
    id: video.id,
    title,
    description: `${title}. ${profile.description}`,
    strict_reason: restricted ? rng.pick(['age_restricted', 'made_for_kids']) : null,
    is_stricted: restricted,
    thumbnail: input.cdn.thumbnail('youtube', video.id),
    time_added: unixSeconds(video.time),
    time_added_iso: isoTime(video.time),
    channel_ids: [profile.id],
    metrics: {
      views_count: { value: video.views },
      likes_count: { value: video.likes },
      dislikes_count: { value: dislikes },
      comments_count: { value: video.comments },
      engagement: { value: video.likes + dislikes + video.comments },
      length_sec: { value: length },
      rating_value: { value: video.likes + dislikes > 0 ? (5 * video.likes) / (video.likes + dislikes) : 0 },
      er: { value: video.er, mark: markFor(video.er, profile.er) },
      views_performance: { value: profile.avgViews > 0 ? video.views / profile.avgViews : 0 },
      cpm: {
        value: cpm,
        value_from: cpm * rng.float(0.6, 0.9),
        value_to: cpm * rng.float(1.1, 1.6),
        performance: performance(PERIODS, () => ({ mark: benchmark(rng, cpm).mark })),
      },
    },
  };
}

/** A video's dislikes: a few percent of its likes, from its own stream so a report's sums and the video agree. */
function dislikesOf(video: Post): number {
  return Math.round(video.likes * (0.01 + 0.05 * video.uniform(POST_DETAIL.dislikes)));
}

function videosPage(ctx: Ctx, times: readonly number[], page: number) {
  const start = (page - 1) * PAGE_SIZE;
  const real = usesRealForms('youtube', ctx.profile.username);
  return times.slice(start, start + PAGE_SIZE).map((t, k) => {
    const video = youtubeVideo(ctx, post(ctx, start + k, t));
    // Real answers (data/realForms.ts): every tenth video of a media list has `time_added: 0`, its date unknown.
    return real && (start + k) % 10 === 9 ? { ...video, time_added: 0, time_added_iso: null } : video;
  });
}

/** Spec 2.6: 50 videos a page, newest first; a page past the last has no media. */
export function youtubeMediaPage(ctx: Ctx, page: number): Record<string, unknown> {
  const times = postTimes(ctx);
  // The API's page defaults to 1; anything below (or not a number) reads as the first page.
  const current = Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
  return { current_page: current, total_pages: Math.ceil(times.length / PAGE_SIZE), media: videosPage(ctx, times, current) };
}

export function youtubeReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const line = timeline(ctx);
  const times = line.times;
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const perPeriod = <T>(build: (days: number) => T) => performance(LONG_PERIODS, build);
  // Every period figure is what the period's videos add up to (posts.ts: timeline).
  const inPeriod = (days: number, from = 0) => line.stats(days, from);
  const dislikes = new Map<number, number>();
  const dislikesIn = (days: number) => dislikes.get(days) ?? dislikes.set(days, line.window(days).reduce((s, v) => s + dislikesOf(v), 0)).get(days)!;
  const summed = (total: (f: Figures) => number) => perPeriod((days) => ({ value: total(inPeriod(days)) }));
  const ratio = (top: number, bottom: number, scale = 1) => (bottom > 0 ? (top / bottom) * scale : 0);
  /** Per-period values rated against peers whose level is drawn once (around the overall figure). */
  const rated = (overall: number, value: (days: number) => number) => {
    const peers = around(rng, overall > 0 ? overall : 1, 0.45);
    return perPeriod((days) => {
      const v = value(days);
      const similar = around(rng, peers, 0.08);
      return { value: v, similar, mark: markFor(v, similar) };
    });
  };
  const avgDislikes = p.avgLikes * 0.03;
  // Views a video gets in its first 30 days: most of its views.
  const v30Share = rng.float(0.6, 0.95);
  const videosV30 = Math.round(p.avgViews * v30Share);
  const audienceRng = ctx.audienceRng('audience');
  const lower = (code: string) => code.toLowerCase(); // YouTube reports use lower-case country codes
  const cpm = rng.float(8, 35);
  const price = (p.avgViews / 1000) * cpm;

  const result: Record<string, unknown> = {
    report: {
      basic: { id: p.id, username: p.username, title: p.title, avatar_url: input.cdn.avatar('youtube', p.id), description: p.description },
      metrics: {
        subscribers_count: { value: p.followers, performance: perPeriod((days) => ({ value: gain(followers, days) })) },
        subscribers_growth_prc: { value: p.growth30d, performance: perPeriod(growthPerformance(rng, followers)) },
        media_count: { value: p.mediaCount, performance: perPeriod((days) => ({ value: line.stats(days).count })) },
        views_count: { value: Math.round(p.avgViews * p.mediaCount * rng.float(0.8, 1.6)), performance: summed((f) => f.views) },
        views_avg: {
          value: p.avgViews,
          performance: perPeriod((days) => ({ value: Math.round(inPeriod(days).avgViews), value_prev: Math.round(inPeriod(days, days).avgViews) })),
        },
        videos_v30: { value: videosV30, performance: perPeriod((days) => ({ value: Math.round(inPeriod(days).avgViews * v30Share) })) },
        likes_count: { value: p.avgLikes * p.mediaCount, performance: summed((f) => f.likes) },
        dislikes_count: { value: Math.round(avgDislikes * p.mediaCount), performance: perPeriod((days) => ({ value: dislikesIn(days) })) },
        comments_count: { value: p.avgComments * p.mediaCount, performance: summed((f) => f.comments) },
        video_views_avg: { performance: perPeriod((days) => ({ value: inPeriod(days).avgViews })) },
        comments_rate: { performance: rated(ratio(p.avgComments, p.avgViews, 100), (days) => ratio(inPeriod(days).comments, inPeriod(days).views, 100)) },
        reactions_rate: {
          performance: rated(ratio(p.avgLikes + avgDislikes, p.avgViews, 100), (days) => ratio(inPeriod(days).likes + dislikesIn(days), inPeriod(days).views, 100)),
        },
        videos_per_week: {
          value: perWeek(times, now, 30),
          performance: perPeriod((days) => ({ value: perWeek(times, now, days), value_prev: perWeek(times, now, days, days) })),
        },
        comments_avg: { performance: perPeriod((days) => ({ value: inPeriod(days).avgComments })) },
        alikes_avg: { performance: perPeriod((days) => ({ value: inPeriod(days).avgLikes })) },
        likes_comments_ratio: { performance: rated(ratio(p.avgLikes, p.avgComments), (days) => ratio(inPeriod(days).likes, inPeriod(days).comments)) },
        er: { value: p.er, performance: rated(p.er, (days) => inPeriod(days).er) },
      },
      features: {
        audience_age_gender: { data: ageGender(audienceRng, p.audienceFemale) },
        audience_geo: { data: countryShares(audienceRng, p.audienceCountry, 10).map(({ code, prc }) => ({ title: lower(code), prc })) },
        audience_languages: { data: languageShares(audienceRng, p.language, 6).map(({ code, prc }) => ({ title: code, prc })) },
        blogger_geo: { data: { country: lower(p.country) } },
        blogger_languages: { data: [p.language] },
        blogger_emails: { data: contactEmails(ctx) },
        blogger_thematics: { data: accountTopics(ctx, 'thematics') },
        cqs: { data: { value: p.aqs, mark: scoreMark(p.aqs), display_mark: markTitle(scoreMark(p.aqs)) } },
        social_networks: { data: socialNetworks(ctx, ['instagram', 'tiktok', 'twitter']) },
      },
    },
    video_integration_price: { data: { price, price_from: price * rng.float(0.7, 0.9), price_to: price * rng.float(1.1, 1.5) } },
    metrics_history: metricsHistory(ctx, times, followers, videosV30),
    media: videosPage(ctx, times, 1),
  };
  if (usesRealForms('youtube', p.username)) {
    // Real answers: the price under `report`, brand mentions (none here) at the top, and the
    // report's own state inside it (data/realForms.ts).
    const report = result.report as Record<string, unknown>;
    report.video_integration_price = result.video_integration_price;
    delete result.video_integration_price;
    report._report_state = input.lowConfidence ? 'READY_LOW_CONFIDENCE' : 'READY';
    result.features = [];
  }
  return result;
}

/** Weekly snapshots since the channel entered the database, the last one today's values. */
function metricsHistory(ctx: Ctx, times: readonly number[], followers: readonly number[], videosV30: number) {
  const { profile: p, now } = ctx;
  const rng = ctx.rng('history');
  const snapshots = snapshotTimes(now, rng.int(180, 728), 7);
  const isoTimes = snapshots.map(isoTime); // shared by the four series
  const series = (value: (t: number, last: boolean) => number) => ({
    history: snapshots.map((t, i) => ({ time: unixSeconds(t), value: value(t, i === snapshots.length - 1), time_iso: isoTimes[i]! })),
  });
  const daysAgo = (t: number) => Math.floor((now - t) / DAY_MS);
  return {
    subscribers_count: series((t) => valueDaysAgo(followers, daysAgo(t))),
    er: series((_, last) => (last ? p.er : around(rng, p.er, 0.15))),
    media_count: series((t, last) => (last ? p.mediaCount : p.mediaCount - postedAfter(times, t))),
    videos_v30: series((_, last) => (last ? videosV30 : Math.round(around(rng, videosV30, 0.25)))),
  };
}

/** Spec 2.7. Content type ids of mention videos: 1 mention, 2 integration, 3 dedicated video (taxonomy not shown). */
export function youtubeBrandMentions(ctx: Ctx): Record<string, unknown> {
  const { now } = ctx;
  const rng = ctx.rng('brand-mention-metrics');
  const times = postTimes(ctx);
  const mentions = brandMentionPosts(ctx, times).map(({ brand, indices }) => {
    const posts = indices.map((i) => post(ctx, i, times[i]!));
    const cpm = rng.float(3, 20);
    const brandChannel = accountProfile('youtube', brandSlug(brand));
    return {
      basic: { id: brandChannel.id, unique_id: brandChannel.username, title: brand },
      metrics: {
        views_total: { value: posts.reduce((s, v) => s + v.views, 0) },
        links_count: { value: posts.reduce((s) => s + rng.int(1, 3), 0) },
        cpm: {
          performance: performance(LONG_PERIODS, () => {
            const value = around(rng, cpm, 0.15);
            return { value, from: value * rng.float(0.6, 0.9), to: value * rng.float(1.1, 1.6), mark: benchmark(rng, value).mark };
          }),
        },
        videos_count: { performance: { '90d': { value: posts.filter((v) => v.time > now - 90 * DAY_MS).length } } },
      },
      features: { videos: { data: posts.map((v) => ({ ...youtubeVideo(ctx, v), type: rng.int(1, 3) })) } },
    };
  });
  return { mentions };
}
