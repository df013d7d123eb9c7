// Snapchat: the report of spec 2.3, in its two variants. The presence legend is followed to
// the letter: "Opendata only" keys stay in a verified report as null (features as
// `{"data": null}`), "Verified only" keys are absent from an opendata report.
import { networkTypeIds, Rng } from '../random';
import { ageGenderUnknown, countryShares, stateShares } from './audience';
import { accountTopics, benchmark, contactEmails, performance, periodAverage, socialNetworks, topics, unixSeconds, type Period } from './common';
import type { Ctx } from './context';
import { countryInfo } from './geo';
import { countInWindow, extendPost, idsWithin, latestPosts, mean, perWeek, rankedBy, timeline, within, type Post } from './posts';
import { dailyFollowers, gain, growthPerformance } from './series';

export type SnapchatVariant = 'opendata' | 'verified';

/** Which variant an account's report comes in: fixed per name, about half each. */
export function snapchatVariant(name: string): SnapchatVariant {
  return new Rng(`snapchat:${name.trim().toLowerCase()}:variant`).bool(0.5) ? 'verified' : 'opendata';
}

type SnapWindow = Extract<Period, '7d' | '30d' | '90d' | '180d'>;
const OPENDATA_WINDOWS: readonly SnapWindow[] = ['30d', '90d', '180d'];
const VERIFIED_WINDOWS: readonly SnapWindow[] = ['7d', '30d', '90d'];
/** subscribers_count and subscribers_growth_prc keep these windows in both variants. */
const SUBSCRIBER_WINDOWS: readonly SnapWindow[] = ['30d', '90d', '180d'];

type SnapType = 'spotlight' | 'snap';
interface Snap extends Post {
  type: SnapType;
  hashtags: string[];
}

const tags = ['snapchat', 'spotlight', 'funny', 'dayinmylife', 'travel', 'food', 'pets', 'fitness', 'music', 'fyp'];

export function snapchatReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const variant = snapchatVariant(input.name);
  const opendata = variant === 'opendata';
  const windows = opendata ? OPENDATA_WINDOWS : VERIFIED_WINDOWS;
  const rng = ctx.rng('report');
  const line = timeline(ctx);
  const times = line.times;
  // Every window figure is what the window's snaps add up to (posts.ts: timeline); a window
  // without snaps reads 0, as real answers send a period without posts.
  const inWindow = (days: number) => line.stats(days);
  const posted = (days: number) => inWindow(days).count > 0;
  const snaps: Snap[] = latestPosts(ctx).map((s) => {
    const tagRng = s.detail('tags');
    return extendPost(s, { type: (s.detail('type').bool(0.5) ? 'spotlight' : 'snap') as SnapType, hashtags: tagRng.sample(tags, tagRng.int(0, 3)) });
  });
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const perWindow = <T>(build: (days: number) => T) => performance(windows, build);

  /** "Opendata only": the key stays, null in verified. */
  const openOnly = <T>(build: () => T): T | null => (opendata ? build() : null);
  /** "Verified only": the keys are left out of opendata. */
  const verifiedOnly = <T extends object>(build: () => T): T | Record<string, never> => (opendata ? {} : build());
  /** A rate (percent) overall and per window. */
  const rate = (base: number) => ({ value: base, performance: perWindow((days) => ({ value: posted(days) ? periodAverage(rng, base, days) : 0 })) });
  /** A value with its spotlight and story parts: spotlights travel further than stories. */
  const split = (value: number, round: boolean) => {
    const r = (v: number) => (round ? Math.round(v) : v);
    return { value: r(value), value_spotlight: r(value * rng.float(1, 1.6)), value_story: r(value * rng.float(0.5, 1)) };
  };
  const splitRated = (value: number, round: boolean) => {
    const parts = split(value, round);
    return { ...parts, mark: benchmark(rng, parts.value).mark };
  };

  const mediaPerWeek = Math.round(perWeek(times, now, 30));
  // What similar accounts post: the account's own long-run pace, which also benchmarks idle spells.
  const postsPerDay = Math.max(1, countInWindow(times, now, 365)) / 365;
  const viewsAvg = benchmark(rng, p.avgViews, { integer: true });
  const reachFactor = rng.float(1.1, 1.8);
  const viewTime = rng.float(4000, 20000); // ms a viewer spends on a snap

  const metrics = {
    subscribers_count: { value: p.followers, performance: performance(SUBSCRIBER_WINDOWS, (days) => ({ value: gain(followers, days) })) },
    subscribers_growth_prc: { performance: performance(SUBSCRIBER_WINDOWS, growthPerformance(rng, followers)) },
    ...verifiedOnly(() => ({
      subscribers_growth: {
        performance: perWindow((days) => {
          const value = gain(followers, days);
          return { value, value_prev: gain(followers, days, days), ...benchmark(rng, value, { typical: Math.abs(gain(followers, 365)) * (days / 365) }) };
        }),
      },
      subscribers_conversion_rate: { value: Math.round(rng.float(0.5, 8) * 100) / 100 }, // the spec gives this one 2 decimals
    })),
    views_count: openOnly(() => {
      const total = Math.round(p.avgViews * p.mediaCount * rng.float(0.8, 1.4));
      return {
        value: total,
        ...benchmark(rng, total),
        performance: perWindow((days) => {
          const value = inWindow(days).views;
          return { value, ...benchmark(rng, value, { typical: p.avgViews * postsPerDay * days }) };
        }),
      };
    }),
    views_avg: {
      value: p.avgViews,
      similar: viewsAvg.similar,
      mark: viewsAvg.mark,
      ...verifiedOnly(() => {
        const story = Math.round(p.avgViews * rng.float(0.5, 1));
        const spotlight = Math.round(p.avgViews * rng.float(1, 1.8));
        return { value_story: story, mark_story: benchmark(rng, story).mark, value_spotlight: spotlight, mark_spotlight: benchmark(rng, spotlight).mark };
      }),
      performance: perWindow((days) => {
        const views = line.window(days).map((s) => s.views);
        return {
          value: Math.round(inWindow(days).avgViews),
          min: openOnly(() => (views.length ? Math.min(...views) : 0)),
          max: openOnly(() => (views.length ? Math.max(...views) : 0)),
        };
      }),
    },
    media_count: openOnly(() => ({ performance: perWindow((days) => ({ value: inWindow(days).count })) })),
    media_per_week: { value: mediaPerWeek, mark: benchmark(rng, mediaPerWeek, { typical: postsPerDay * 7 }).mark, performance: perWindow((days) => ({ value: Math.round(perWeek(times, now, days)) })) },
    ...verifiedOnly(() => ({
      // Reach follows the window's views.
      reach: { performance: perWindow((days) => splitRated(inWindow(days).avgViews * reachFactor, true)) },
      reach_rate: { performance: perWindow((days) => splitRated(((inWindow(days).avgViews * reachFactor) / p.followers) * 100, false)) },
      story_completion_rate: rate(rng.float(30, 85)),
      story_skip_rate: rate(rng.float(5, 40)),
      story_exit_rate: rate(rng.float(2, 20)),
      story_rewatch_rate: (() => {
        const value = rng.float(1, 12);
        const viewers = value * rng.float(0.4, 0.9);
        return {
          value,
          value_viewers: viewers,
          performance: perWindow((days) => (posted(days) ? { value: periodAverage(rng, value, days), value_viewers: periodAverage(rng, viewers, days) } : { value: 0, value_viewers: 0 })),
        };
      })(),
      view_time_avg: { performance: perWindow((days) => split(posted(days) ? periodAverage(rng, viewTime, days) : 0, true)) },
      shares_avg: { ...split(p.avgShares, true), performance: perWindow((days) => ({ value: Math.round(inWindow(days).avgShares) })) },
    })),
  };

  const home = countryInfo(p.country);
  const city = rng.pick(home.cities);
  const audienceRng = ctx.audienceRng('audience');
  const features = {
    most_media: { data: { media_ids: mostMedia(snaps, now, windows) } },
    blogger_emails: { data: contactEmails(ctx) },
    blogger_geo: { data: { country: p.country, city: city.id, state: city.stateId } },
    blogger_languages: { data: openOnly(() => [p.language]) },
    blogger_hashtags: { data: openOnly(() => ({ performance: perWindow((days) => hashtags(within(snaps, now, days))) })) },
    last_media: { data: lastMedia(ctx, snaps.slice(0, 10)) },
    ...verifiedOnly(() => {
      const geo = countryShares(audienceRng, p.audienceCountry, 8);
      // Thematic ids are the topic ids (taxonomy not shown in the spec), strongest first.
      const thematics = audienceRng.sample(topics.map((_, i) => i + 1), 6);
      const thematicShares = audienceRng.shares(thematics.length, 0.8).sort((a, b) => b - a);
      return {
        blogger_thematics: { data: accountTopics(ctx, 'thematics') },
        audience_geo: { data: { countries: geo, states: stateShares(audienceRng, geo, 5) } },
        audience_age_gender: { data: ageGenderUnknown(audienceRng, p.audienceFemale) },
        audience_thematics: { data: thematics.map((id, i) => ({ id, prc: thematicShares[i]! })) },
      };
    }),
    social_networks: { data: socialNetworks(ctx, ['instagram', 'tiktok', 'youtube']) },
  };

  return {
    report: {
      version: variant,
      basic: {
        id: p.id,
        username: p.username,
        title: p.title,
        avatar_url: input.cdn.avatar('snapchat', p.username),
        description: p.description,
        social_type: networkTypeIds.snapchat,
        external_urls: rng.bool(0.4) ? [`https://linktr.ee/${encodeURIComponent(p.username)}`] : [],
        is_verified: p.verified,
      },
      metrics,
      features,
    },
  };
}

/** media_ids.{spotlights,snaps,all}.{views_desc,time_posted_desc}.performance.{window}.media_ids */
function mostMedia(snaps: readonly Snap[], now: number, windows: readonly SnapWindow[]) {
  const groups = { spotlights: snaps.filter((s) => s.type === 'spotlight'), snaps: snaps.filter((s) => s.type === 'snap'), all: snaps };
  const lists = (group: readonly Snap[], key: 'views' | 'time') => {
    const ranked = rankedBy(group, key);
    return { performance: performance(windows, (days) => ({ media_ids: idsWithin(ranked, now, days, 10) })) };
  };
  return Object.fromEntries(Object.entries(groups).map(([name, group]) => [name, { views_desc: lists(group, 'views'), time_posted_desc: lists(group, 'time') }]));
}

/** Hashtags used in a window, with how many snaps used each and their average engagement. */
function hashtags(snaps: readonly Snap[]) {
  const byTag = new Map<string, Snap[]>();
  for (const snap of snaps) for (const tag of snap.hashtags) byTag.set(tag, [...(byTag.get(tag) ?? []), snap]);
  return [...byTag.entries()]
    .map(([text, used]) => ({ text, media_count: used.length, er_avg: mean(used.map((s) => s.er)) }))
    // Ties by code unit, not localeCompare: the order must not depend on the machine's locale or ICU.
    .sort((a, b) => b.media_count - a.media_count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
}

function lastMedia(ctx: Ctx, snaps: readonly Snap[]) {
  const { input, profile } = ctx;
  return Object.fromEntries(
    snaps.map((snap) => [
      snap.id,
      {
        basic: {
          id: snap.id,
          url: `https://www.snapchat.com/@${encodeURIComponent(profile.username)}/${snap.type}/${snap.id}`,
          media_url: input.cdn.thumbnail('snapchat', snap.id),
          time_posted: unixSeconds(snap.time),
          type: snap.type,
        },
        metrics: { views_count: snap.views, shares_count: snap.shares, likes_count: snap.likes, comments_count: snap.comments },
        features: { hashtags: snap.hashtags },
      },
    ]),
  );
}
