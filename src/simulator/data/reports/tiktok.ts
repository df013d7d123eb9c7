// TikTok: the report of spec 2.4 (plus the later features of 2.15) and the brand mentions
// of 2.8.
import { accountProfile } from '../profile';
import { markFor, networkTypeIds, Rng } from '../random';
import { asQuietMonth, quietMonth, usesRealForms } from '../realForms';
import { age21PlusPrc, ageGender, countryShares, geoData, languageShares, raceShares, typeShares } from './audience';
import {
  accountTopics, around, BASE64URL, benchmark, caption, commercialEstimates, DAY_MS, isoDate, isoTime, markTitle, numericToken, PERIODS,
  performance, randomToken, scoreMark, unixSeconds,
} from './common';
import type { Ctx } from './context';
import { brandMentionPosts, brandSlug } from './brandPosts';
import { countInWindow, idsWithin, latestPosts, perWeek, post, postTimes, rankedBy, timeline, within, type Figures, type Post, type PostKey } from './posts';
import { dailyFollowers, gain, growthPerformance } from './series';

/** Spec 3.1: a READY_LOW_CONFIDENCE TikTok report lacks these (low audience activity). */
export const LOW_CONFIDENCE_OMITS = ['audience_age_gender', 'audience_age_21_plus_prc', 'blogger_emv', 'blogger_prices', 'blogger_reach', 'blogger_thematics'] as const;

/**
 * The mini report (`type=report`) is the cheaper one: the spec does not list its fields, so
 * it is taken to be the advanced report without the audience analysis.
 */
export const MINI_REPORT_OMITS = ['audience_age_gender', 'audience_age_21_plus_prc', 'audience_by_type', 'audience_geo', 'audience_languages', 'audience_races'] as const;

/** most_media keys (2.4), each with the post field it orders by; the pairs are old and new names of one list. */
const MOST_MEDIA: Record<string, PostKey> = {
  time_posted_desc: 'time', most_recent_media: 'time',
  er_desc: 'er', most_engaging_media: 'er',
  views_desc: 'views', most_viewed_media: 'views',
  comments_desc: 'comments', most_commented_media: 'comments',
  likes_desc: 'likes', most_liked_media: 'likes',
  shares_desc: 'shares', most_viral_media: 'shares',
};

const LIKES_GROUPS: readonly (readonly [string, number])[] = [['0-1k', 1e3], ['1k-10k', 1e4], ['10k-100k', 1e5], ['100k-1m', 1e6], ['1m+', Infinity]];
const hashtags = ['fyp', 'foryou', 'viral', 'trending', 'duet', 'tutorial', 'challenge', 'dance', 'comedy', 'grwm', 'storytime', 'lifehack'];

export function tiktokReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const line = timeline(ctx);
  const times = line.times;
  const posts = latestPosts(ctx);
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const count = (days: number, from = 0) => countInWindow(times, now, days, from);
  const perPeriod = <T>(build: (days: number) => T) => performance(PERIODS, build);
  // Every period figure is what the period's posts add up to (posts.ts: timeline).
  const inPeriod = (days: number, from = 0) => line.stats(days, from);

  /** A rated value with the spread of similar accounts; `titleKey` is spelled as the spec spells it there. */
  const ratedRange = (value: number, titleKey: 'mark_tittle' | 'mark_title', prev: number, typical = value, integer = false) => {
    const { similar, mark } = benchmark(rng, value, { typical, integer });
    const low = similar * rng.float(0.3, 0.7);
    const high = similar * rng.float(1.4, 3);
    return { value, mark, [titleKey]: markTitle(mark), similar, similar_min: integer ? Math.floor(low) : low, similar_max: integer ? Math.ceil(high) : high, value_prev: prev };
  };
  /** Per-period values rated against peers whose level is drawn once (around the overall figure), so the marks tell one story. */
  const rated = (overall: number, value: (f: Figures) => number) => {
    const peers = around(rng, overall > 0 ? overall : 1, 0.45);
    return perPeriod((days) => {
      const v = value(inPeriod(days));
      const similar = around(rng, peers, 0.08);
      return { value: v, similar, mark: markFor(v, similar) };
    });
  };
  /** Totals over a period and the period before it. */
  const summed = (total: (f: Figures) => number) => perPeriod((days) => ({ value: total(inPeriod(days)), value_prev: total(inPeriod(days, days)) }));
  /** A period's per-post average and the range of its posts. */
  const spread = (key: 'likes' | 'comments' | 'shares', round: boolean) =>
    perPeriod((days) => {
      const f = inPeriod(days);
      const average = f.count ? f[key] / f.count : 0;
      return { value: round ? Math.round(average) : average, min: f.min[key], max: f.max[key] };
    });
  const ratio = (top: number, bottom: number) => (bottom > 0 ? top / bottom : 0);

  const mediaPerWeek = perWeek(times, now, 30);
  // Peers of an account that stopped posting still post a few times a week.
  const weekly = { value: mediaPerWeek, ...benchmark(rng, mediaPerWeek, { typical: Math.max(mediaPerWeek, rng.float(1, 5)) }) };
  const erMark = benchmark(rng, p.er).mark;
  const likesViews = p.avgViews > 0 ? p.avgLikes / p.avgViews : 0;
  const commentsLikes = p.avgLikes > 0 ? p.avgComments / p.avgLikes : 0;

  const metrics = {
    media_per_week: {
      ...weekly,
      performance: perPeriod((days) => {
        const value = perWeek(times, now, days);
        const { similar, mark } = benchmark(rng, value, { typical: weekly.similar, sd: 0.1 });
        return { value, mark, mark_tittle: markTitle(mark), similar, period: 'PER_WEEK' };
      }),
    },
    subscribers_count: { value: p.followers, performance: perPeriod((days) => ({ value: gain(followers, days) })) },
    views_avg: { performance: perPeriod((days) => ({ value: Math.round(inPeriod(days).avgViews) })) },
    subscribers_growth_prc: { performance: perPeriod(growthPerformance(rng, followers)) },
    er: { value: p.er, mark_title: markTitle(erMark), performance: rated(p.er, (f) => f.er) },
    alikes_avg: { performance: spread('likes', true) },
    likes_count: { value: p.avgLikes * p.mediaCount, performance: summed((f) => f.likes) },
    media_count: {
      value: p.mediaCount,
      performance: perPeriod((days) => ratedRange(count(days), 'mark_tittle', count(days, days), (weekly.similar * days) / 7, true)),
    },
    likes_views_ratio: {
      value: likesViews,
      performance: perPeriod((days) => {
        const [f, before] = [inPeriod(days), inPeriod(days, days)];
        return ratedRange(ratio(f.likes, f.views), 'mark_tittle', ratio(before.likes, before.views), likesViews);
      }),
    },
    comments_count: { value: p.avgComments * p.mediaCount, performance: summed((f) => f.comments) },
    views_followers_ratio: {
      performance: perPeriod((days) => ratedRange(inPeriod(days).avgViews / p.followers, 'mark_title', inPeriod(days, days).avgViews / p.followers, p.avgViews / p.followers)),
    },
    shares_count: { performance: summed((f) => f.shares) },
    following_count: { value: p.following },
    comments_avg: { value: p.avgComments, performance: spread('comments', false) },
    shares_avg: { value: p.avgShares, performance: spread('shares', false) },
    comments_likes_ratio: { value: commentsLikes, mark_title: markTitle(benchmark(rng, commentsLikes).mark), performance: rated(commentsLikes, (f) => ratio(f.comments, f.likes)) },
    // Deprecated alias of media_per_week (spec 9): the same numbers, in its older shape.
    post_frequency: { performance: perPeriod((days) => ({ value: perWeek(times, now, days), ...benchmark(rng, perWeek(times, now, days), { typical: weekly.similar }) })) },
    subscribers_quality: { value: p.realAudience, ...benchmark(rng, p.realAudience, { sd: 0.2, max: 100 }) },
    audience_reachability: (() => {
      const value = rng.float(25, 85);
      return { value, ...benchmark(rng, value, { sd: 0.2, max: 100 }) };
    })(),
  };

  const audienceRng = ctx.audienceRng('audience');
  const ages = ageGender(audienceRng, p.audienceFemale);
  const rankings = new Map<PostKey, Post[]>();
  const commercial = commercialEstimates(ctx.rng('commercial'), p.avgViews, p.avgLikes + p.avgComments + p.avgShares);
  const features: Record<string, unknown> = {
    audience_age_gender: { data: ages },
    audience_by_type: { data: typeShares(audienceRng, p.realAudience, 'real', ['mass', 'bots', 'infs']) },
    audience_geo: { data: countryShares(audienceRng, p.audienceCountry, 10) },
    audience_languages: { data: languageShares(audienceRng, p.language, 6).map(({ code, prc }) => ({ title: code, prc })) },
    audience_races: { data: raceShares(audienceRng, p.audienceCountry) },
    aqs: { data: aqs(ctx, erMark) },
    blogger_views_likes_chart: { data: posts.slice(0, 50).map((m) => ({ x: m.views, y: m.likes })) },
    media_by_type: { data: { recommended: rng.float(20, 95), commercial: rng.float(0, 20), potentially_commercial: rng.float(0, 15) } },
    likes_distribution: {
      data: perPeriod((days) => ({ value: likesDistribution(line.window(days)), value_prev: likesDistribution(line.window(days, days)) })),
    },
    blogger_geo: { data: { country: p.country } },
    // Brands have no gender (null); a few people are not recognised ("unknown").
    blogger_gender: { data: p.gender === null ? null : rng.bool(0.05) ? 'unknown' : p.gender },
    blogger_languages: { data: [p.language] },
    most_media: {
      data: Object.fromEntries(
        Object.entries(MOST_MEDIA).map(([key, field]) => {
          const ranked = rankings.get(field) ?? rankedBy(posts, field);
          rankings.set(field, ranked); // the old and new name of a list share one ranking
          return [key, { performance: perPeriod((days) => ({ media_ids: idsWithin(ranked, now, days, 12) })) }];
        }),
      ),
    },
    blogger_challenges_performance: { data: challengesPerformance(ctx, posts.slice(0, 10)) },
    audience_age_21_plus_prc: { data: age21PlusPrc(ages) },
    blogger_emv: { data: commercial.emv },
    blogger_prices: { data: commercial.prices },
    blogger_reach: { data: commercial.reach },
    blogger_thematics: { data: accountTopics(ctx, 'thematics') },
  };
  const omitted = new Set<string>([...(input.lowConfidence ? LOW_CONFIDENCE_OMITS : []), ...(input.tiktokType === 'report' ? MINI_REPORT_OMITS : [])]);
  for (const key of omitted) delete features[key];
  if (usesRealForms('tiktok', p.username)) {
    // Real answers (data/realForms.ts): audience_geo as {groups, countries}, and a status beside every feature's data.
    const geo = features.audience_geo as { data: Parameters<typeof geoData>[0] } | undefined;
    if (geo) features.audience_geo = { data: geoData(geo.data) };
    for (const [key, feature] of Object.entries(features)) features[key] = { status: { code: 'OK' }, ...(feature as object) };
    // A month without posts, as the real answer of api-notes gives it (data/realForms.ts).
    if (quietMonth('tiktok', p.username)) asQuietMonth(metrics, features);
  }

  return {
    report: {
      basic: { id: p.id, username: p.username, title: p.title, avatar_url: input.cdn.avatar('tiktok', p.username), description: p.description },
      metrics,
      features,
    },
  };
}

/** AQS with the optional explanations of its parts (er always; the others for most accounts). */
function aqs(ctx: Ctx, erMark: string) {
  const rng = ctx.rng('aqs');
  const part = (key: string, mark: string, subject: string) => ({ mark, description: { title: { key: `${key}_${mark}`, text: `${subject} is ${markTitle(mark).toLowerCase()}` } } });
  const description: Record<string, unknown> = { er: part('er', erMark, 'Engagement rate') };
  if (rng.bool(0.85)) description.comments_likes_ratio = part('comments_likes_ratio', rng.pick(['poor', 'fair', 'average', 'good', 'excellent']), 'Comments to likes ratio');
  if (rng.bool(0.85)) description.account_growth = part('account_growth', markFor(ctx.profile.growth30d, 1.5), 'Account growth');
  return { value: ctx.profile.aqs, mark: scoreMark(ctx.profile.aqs), description };
}

/** How many of a period's posts fall in each likes bracket. */
function likesDistribution(sample: readonly Post[]): Record<string, number> {
  const counts = LIKES_GROUPS.map(() => 0);
  for (const m of sample) counts[LIKES_GROUPS.findIndex(([, limit]) => m.likes < limit)]!++;
  return Object.fromEntries(LIKES_GROUPS.map(([key], i) => [key, counts[i]!]));
}

/** A challenge (hashtag) has one id on TikTok, whoever uses it. */
function challenge(title: string) {
  return { id: numericToken(new Rng(`tiktok:challenge:${title}`), 8), title };
}

/** Post basics as 2.4 (challenges) and 2.8 (brand mentions) show them. */
function postBasic(ctx: Ctx, item: Post, mentions: readonly string[] = []) {
  const rng = item.detail('basic');
  const made = item.campaign;
  // A campaign post (data/campaigns.ts) has its own caption and hashtags, and is commercial when it is disclosed.
  const tags = made ? [...made.caption.matchAll(/#(\w+)/g)].map((m) => m[1]!) : rng.sample(hashtags, rng.int(0, 4));
  // A post that tags a brand is commercial; a few others are too.
  const commercial = made ? made.disclosed : mentions.length > 0 || rng.bool(0.08);
  return {
    id: item.id,
    text: made ? made.caption : [caption(rng), ...mentions.map((m) => `@${m}`), ...tags.map((t) => `#${t}`)].join(' '),
    challenges: tags.map(challenge),
    is_commercial: commercial,
    is_potentially_commercial: made ? made.disclosed : commercial || rng.bool(0.1),
    comment_setting: rng.weighted<number | null>([[null, 6], [0, 3], [1, 1]]),
    thumbnail: ctx.input.cdn.thumbnail('tiktok', item.id),
    thumbnail_gif: ctx.input.cdn.thumbnail('tiktok', `${item.id}-gif`),
    create_time: isoDate(item.time),
    time_posted: isoTime(item.time),
    exact_create_time: unixSeconds(item.time),
    is_recommended: rng.bool(0.6),
  };
}

/** Post metrics of 2.8, each `{value}`. */
function postMetrics(ctx: Ctx, item: Post, challenges: number) {
  const rng = item.detail('metrics');
  const engagements = item.likes + item.comments + item.shares;
  return {
    views_count: { value: item.views },
    likes_count: { value: item.likes },
    comments_count: { value: item.comments },
    shares_count: { value: item.shares },
    length_sec: { value: rng.int(7, 180) },
    virality: { value: item.views / ctx.profile.followers },
    er: { value: item.views > 0 ? (engagements / item.views) * 100 : 0 },
    challenges_count: { value: challenges },
  };
}

/** The deprecated challenges feature, over the latest posts only (its data is no longer updated). */
function challengesPerformance(ctx: Ctx, posts: readonly Post[]) {
  const basics = posts.map((item) => postBasic(ctx, item));
  const byTitle = new Map(basics.flatMap((b) => b.challenges).map((c) => [c.title, c]));
  return {
    posts: Object.fromEntries(basics.map((basic) => [basic.id, { basic }])),
    challenges: [...byTitle.values()],
    has_launched_advertising: ctx.profile.hasLaunchedAdvertising,
    challenges_stats: {
      performance: performance(PERIODS, (days) => {
        const recent = basics.filter((b) => b.exact_create_time * 1000 > ctx.now - days * DAY_MS);
        return {
          commercial_count: recent.filter((b) => b.is_commercial).length,
          post_ids: recent.map((b) => b.id),
          basic_stats: { challenge: new Set(recent.flatMap((b) => b.challenges.map((c) => c.title))).size },
        };
      }),
    },
  };
}

/** Creator tier by audience size: 1 nano … 5 mega. */
function tier(followers: number): number {
  return followers < 1e4 ? 1 : followers < 1e5 ? 2 : followers < 1e6 ? 3 : followers < 1e7 ? 4 : 5;
}

/** Spec 2.8 (the server sends it without a `result` wrapper). */
export function tiktokBrandMentions(ctx: Ctx): Record<string, unknown> {
  const { now, input, profile } = ctx;
  const rng = ctx.rng('brand-mention-metrics');
  const times = postTimes(ctx);
  const mentioned = brandMentionPosts(ctx, times).map(({ brand, indices }) => ({
    brand,
    channel: brandSlug(brand),
    posts: indices.map((i) => post(ctx, i, times[i]!)),
  }));

  const performanceByPeriod = performance(PERIODS, (days) => {
    const entries = mentioned
      .map(({ channel, posts }) => [channel, within(posts, now, days)] as const)
      .filter(([, posts]) => posts.length > 0)
      .map(([channel, posts]) => {
        const er = posts.reduce((s, m) => s + (m.views > 0 ? ((m.likes + m.comments + m.shares) / m.views) * 100 : 0), 0) / posts.length;
        const views = posts.reduce((s, m) => s + m.views, 0);
        return [
          channel,
          {
            posts_ids: posts.map((m) => m.id),
            mentioned_posts_er: er,
            mentioned_posts_er_mark: benchmark(rng, er).mark,
            mentioned_posts_views: views,
            mentioned_posts_views_mark: markFor(views / posts.length, profile.avgViews),
            mentioned_posts_count: posts.length,
            last_mentioned_post: unixSeconds(Math.max(...posts.map((m) => m.time))),
          },
        ] as const;
      });
    // The API sends an empty list, not an empty object, when a period has no mentions.
    return { data: entries.length ? Object.fromEntries(entries) : [] };
  });

  const users = Object.fromEntries(
    mentioned.map(({ brand, channel }) => {
      const account = accountProfile('tiktok', channel, ctx.now);
      return [
        channel,
        {
          id: account.id,
          uid: `MS4wLjABAAAA${randomToken(new Rng(`tiktok:${channel}:uid`), BASE64URL, 52)}`,
          username: account.username,
          social_type: networkTypeIds.tiktok,
          title: brand,
          avatar_url: input.cdn.avatar('tiktok', channel),
          description: account.description,
          is_public: true,
          is_verified: account.verified,
          is_deleted: false,
          followers_count: account.followers,
          tier: tier(account.followers),
          is_brand: 1,
        },
      ];
    }),
  );

  // A post can mention several brands; it is listed once, tagging all of them.
  const channelsByPost = new Map<string, { item: Post; channels: string[] }>();
  for (const { channel, posts } of mentioned) {
    for (const item of posts) {
      const entry = channelsByPost.get(item.id) ?? { item, channels: [] };
      entry.channels.push(channel);
      channelsByPost.set(item.id, entry);
    }
  }
  const posts = Object.fromEntries(
    [...channelsByPost.values()].map(({ item, channels }) => {
      const basic = postBasic(ctx, item, channels);
      return [item.id, { basic, metrics: postMetrics(ctx, item, basic.challenges.length) }];
    }),
  );
  return { mentions: { performance: performanceByPeriod }, users, posts };
}
