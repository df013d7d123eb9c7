// Instagram: the flat `result.user` report of api-notes.md, the account media of spec 2.5
// and the ER history of 2.9.
import { markFor, networkTypeIds, type Mark, type Rng } from '../random';
import { AGE_BUCKETS, ageGender, age21PlusPrc, cityShares, countryShares, languageShares, raceShares, stateShares, typeShares, weightedShares } from './audience';
import {
  accountTopics, around, BASE64URL, benchmark, type BenchmarkOptions, caption, commercialEstimates, contactEmails, DAY_MS, FACEBOOK_TYPE_ID, linkedProfiles, markTitle,
  PERIODS, periodDays, performance, randomToken, rankings, scoreMark, startOfDay, topics, unixSeconds,
} from './common';
import type { Ctx } from './context';
import { usesRealForms } from '../realForms';
import { countryInfo } from './geo';
import { ANALYSED_POSTS, countInWindow, extendPost, idsWithin, mean, perWeek, rankedBy, timeline, within, type Post, type PostKey } from './posts';
import { dailyFollowers, FOLLOWER_DAYS, growthPerformance, growthPrc, snapshotTimes, walkTo } from './series';

/** About one account in ten hides like counts; their likes metrics are null (api-notes). */
export function hidesLikes(ctx: Ctx): boolean {
  return ctx.rng('hides-likes').bool(0.1);
}

/** Instagram's `{value, avg, title}` triple: a value, its peer average and the mark's label. */
function scored(rng: Rng, value: number, options?: BenchmarkOptions) {
  const { similar, mark } = benchmark(rng, value, options);
  return { value, avg: similar, title: markTitle(mark) };
}

const incomeBrackets = ['5k', '10k', '25k', '50k', '75k', '100k', '150k', '200k'] as const;
const ethnicityNames = { caucasian: 'White / Caucasian', hispanic: 'Hispanic', african: 'African American', asian: 'Asian', indian: 'Indian', arabian: 'Arabian' } as const;

export function instagramReport(ctx: Ctx): Record<string, unknown> {
  const { profile: p, now, input } = ctx;
  const rng = ctx.rng('report');
  const hidden = hidesLikes(ctx);
  const followers = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const following = walkTo(ctx.rng('following'), p.following, FOLLOWER_DAYS, 1.5);
  const firstDay = startOfDay(now) - (FOLLOWER_DAYS - 1) * DAY_MS;
  const chartDate = (i: number) => unixSeconds(firstDay + i * DAY_MS);
  const posts = timeline(ctx);
  const times = posts.times;

  // EMV, reach and prices need 12 posts with likes in the last 30 days (api-notes).
  const priced = !hidden && countInWindow(times, now, 30) >= 12;
  const emptyMap = usesRealForms('instagram', p.username) ? [] : {};
  const reach = p.followers * rng.float(0.08, 0.3);
  const commercial = commercialEstimates(ctx.rng('commercial'), reach, p.avgLikes + p.avgComments);

  const audienceRng = ctx.audienceRng('audience');
  const ages = ageGender(audienceRng, p.audienceFemale);
  const geo = countryShares(audienceRng, p.audienceCountry, 10);
  const genderTotal = (g: 'male' | 'female') => AGE_BUCKETS.reduce((s, b) => s + ages[b][g], 0);
  const races = raceShares(audienceRng, p.audienceCountry);
  const home = countryInfo(p.country);
  const mediaPerWeek = perWeek(times, now, 30);
  const growth = growthPerformance(rng, followers);
  const ranks = rankings(rng, p.followers, p.country);
  const categories = accountTopics(ctx, 'categories');
  // Household income falls off towards the top brackets.
  const income = weightedShares(audienceRng, [0.2, 0.22, 0.2, 0.14, 0.09, 0.07, 0.05, 0.03]);

  return {
    user: {
      username: p.username,
      full_name: p.title,
      is_private: false,
      is_verified: p.verified,
      about: p.description,
      photo_url: input.cdn.avatar('instagram', p.username),
      posts_count: p.mediaCount,
      followers_count: p.followers,
      followings_count: p.following,
      avg_likes: hidden ? null : p.avgLikes,
      avg_comments: p.avgComments,
      aqs: p.aqs,
      aqs_name: markTitle(scoreMark(p.aqs)),
      aqs_description: `${markTitle(scoreMark(p.aqs))} audience quality: ${Math.round(p.realAudience)}% of followers look like real people.`,
      blogger_categories: categories,
      blogger_languages: [p.language],
      blogger_geo: { country: p.country },
      // Without enough posts these are empty maps, which real answers send as `[]` (data/realForms.ts).
      blogger_emv: priced ? commercial.emv : emptyMap,
      blogger_reach: priced ? commercial.reach : emptyMap,
      blogger_prices: priced ? commercial.prices : emptyMap,
      brand_safety: brandSafety(ctx.rng('brand-safety')),
      blogger_rankings: { ...ranks, category: { rank: Math.max(1, Math.round(ranks.worldwide.rank * rng.float(0.005, 0.08))), delta: Math.round(rng.normal(0, 50)), title: categories[0] } },
      likes_spread: hidden ? null : scored(rng, rng.float(20, 80)),
      likes_comments_ratio: hidden ? null : scored(rng, p.avgComments > 0 ? p.avgLikes / p.avgComments : p.avgLikes),
      audience_reachability: scored(rng, rng.float(30, 90), { sd: 0.2, max: 100 }),
      audience_authenticity: scored(rng, p.realAudience, { sd: 0.2, max: 100 }),
      audience_type: typeShares(audienceRng, p.realAudience, 'real', ['susp', 'infs', 'mass']),
      audience_ethnicity: Object.entries(races).map(([race, value]) => ({ name: ethnicityNames[race as keyof typeof ethnicityNames], value })),
      followers_chart: followers.map((count, i) => ({ date: chartDate(i), count })),
      following_chart: following.map((count, i) => ({ date: chartDate(i), count })),
      er: { ...scored(rng, p.er), performance: erPerformance(ctx) },
      subscribers_growth_prc: {
        value: p.growth30d,
        performance: performance(PERIODS, (days) => {
          const { value, similar, mark } = growth(days);
          return { value, mark, mark_title: markTitle(mark), similar };
        }),
      },
      comments_rate: scored(rng, (p.avgComments / p.followers) * 100),
      audience_languages: languageShares(audienceRng, p.language, 6).map(({ code, prc }) => ({ code, value: prc })),
      audience_age_21_plus_prc: age21PlusPrc(ages),
      social_networks: linkedAccounts(ctx),
      audience_income: Object.fromEntries(incomeBrackets.map((k, i) => [k, income[i]!])),
      media_per_week: { value: mediaPerWeek, mark: benchmark(rng, mediaPerWeek, { typical: Math.max(mediaPerWeek, rng.float(2, 7)) }).mark },
      audience_geography: {
        countries: geo.map(({ code, prc }) => ({ name: countryInfo(code).name, code, value: prc })),
        states: stateShares(audienceRng, geo, 5).map(({ id, title, prc }) => ({ name: title, value: prc, id })),
        cities: cityShares(audienceRng, geo, 8),
      },
      audience_interests: interests(ctx.rng('interests')),
      est_reach: { from: Math.round(reach * 0.8), to: Math.round(reach * 1.25) },
      yearly_growth: scored(rng, growthPrc(followers, 365)),
      post_frequency: mediaPerWeek,
      location: rng.bool(0.7) ? `${rng.pick(home.cities).name}, ${home.name}` : null,
      demography_by_age: (['male', 'female'] as const).map((gender) => ({
        gender,
        value: genderTotal(gender),
        by_age_group: AGE_BUCKETS.map((b) => ({ group: `age${b.replace('+', '-')}`, value: ages[b][gender] })),
      })),
      demography: [
        { gender: 'M', value: genderTotal('male') },
        { gender: 'F', value: genderTotal('female') },
      ],
      est_post_price: { min: commercial.prices.post_price_from, max: commercial.prices.post_price_to },
      contact_details: { emails: contactEmails(ctx), phones: p.hasContacts && rng.bool(0.3) ? [`+1${rng.int(2000000000, 9899999999)}`] : [] },
    },
  };
}

/**
 * ER per period: the mean ER of the posts published in it, the range of their ERs, and the
 * mean of the period before. A period without posts reads 0 throughout, as real answers send it.
 */
function erPerformance(ctx: Ctx) {
  const posts = timeline(ctx);
  return performance(PERIODS, (days) => {
    const now = posts.stats(days);
    return { value: now.er, value_prev: posts.stats(days, days).er, min: now.minEr, max: now.maxEr };
  });
}

const safetyRisks = ['alcohol', 'profanity', 'toxicity', 'controversial_topics', 'sensitive_topics', 'crime'] as const;

/** Detected brand-safety risks, and a score that falls with each. */
function brandSafety(rng: Rng) {
  const items = rng.sample(safetyRisks, rng.weighted([[0, 6], [1, 3], [2, 1], [3, 0.5]])).map((type) => ({ type, title: markTitle(type), count: rng.int(1, 12) }));
  const score = Math.max(0, Math.round(100 - items.reduce((s, i) => s + 6 + i.count * 1.5, 0)));
  return { score, mark: scoreMark(score), items };
}

/** `[topic, share of the audience interested]`, strongest first. */
function interests(rng: Rng): [string, number][] {
  return rng
    .sample(topics, 7)
    .map((t): [string, number] => [t, rng.float(0.03, 0.55)])
    .sort((a, b) => b[1] - a[1]);
}

/** Instagram's richer `social_networks` entries: the linked account's own profile numbers. */
function linkedAccounts(ctx: Ctx) {
  const linked: Record<string, unknown>[] = linkedProfiles(ctx, ['youtube', 'tiktok', 'twitter', 'twitch']).map((other) => ({
    type: networkTypeIds[other.network],
    title: other.title,
    social_id: other.id,
    username: other.username,
    avatar_url: ctx.input.cdn.avatar(other.network, other.username),
    subscribers_count: other.followers,
    er: other.er,
    state: 'READY',
  }));
  // Real answers (data/realForms.ts) also link a Facebook page, network type 8.
  if (linked.length > 0 && usesRealForms('instagram', ctx.profile.username)) {
    linked.push({ type: FACEBOOK_TYPE_ID, title: ctx.profile.title, social_id: `fb.${ctx.profile.username}`, username: ctx.profile.username, avatar_url: null, subscribers_count: null, er: null, state: 'READY' });
  }
  return linked;
}

// ---- Account media (spec 2.5) ----

type IgType = 'post' | 'reel' | 'igtv' | 'carousel';
interface IgPost extends Post {
  type: IgType;
  isDeleted: boolean;
  videoViews: number;
}

const MEDIA_PERIODS = ['7d', '30d', '90d', '180d'] as const;
const MEDIA_GROUPS: Record<'all' | 'posts' | 'igtv' | 'reels', readonly IgType[]> = {
  all: ['post', 'carousel', 'reel', 'igtv'],
  posts: ['post', 'carousel'],
  igtv: ['igtv'],
  reels: ['reel'],
};
const SORT_KEYS: Record<string, PostKey> = { time_posted_desc: 'time', er_desc: 'er', likes_desc: 'likes', comments_desc: 'comments', views_desc: 'views' };

/** Instagram media marks have no `average` but a `very_good` (spec 1): markFor's scale shifted up one. */
const mediaMark: Record<Mark, string> = { poor: 'poor', fair: 'fair', average: 'good', good: 'very_good', excellent: 'excellent' };

/**
 * A media answer lists every post of the last 30 days (so its 30-day figures and the report's
 * are over the same posts), and older ones of the 180 days up to ANALYSED_POSTS in all: a
 * prolific account's 90- and 180-day lists stop there, their metrics then over the listed.
 */
function mediaPosts(ctx: Ctx): readonly Post[] {
  const line = timeline(ctx);
  const recent = line.window(30);
  return recent.length >= ANALYSED_POSTS ? recent : line.window(Math.max(...MEDIA_PERIODS.map((p) => periodDays[p]))).slice(0, ANALYSED_POSTS);
}

function igPosts(ctx: Ctx): IgPost[] {
  return mediaPosts(ctx).map((post) => {
    // Campaign posts (data/campaigns.ts) are reels, and stay up.
    const type = post.campaign ? 'reel' : post.detail('type').weighted<IgType>([['reel', 45], ['post', 30], ['carousel', 22], ['igtv', 3]]);
    const isVideo = type === 'reel' || type === 'igtv';
    // Views are counted on videos only.
    return extendPost(post, { type, isDeleted: !post.campaign && post.detail('deleted').bool(0.02), videoViews: isVideo ? post.views : 0, views: isVideo ? post.views : 0 });
  });
}

/** The metrics of 2.5 over the posts of one window. */
function windowMetrics(batch: readonly IgPost[], hidden: boolean, rng: Rng) {
  const videos = batch.filter((p) => p.type === 'reel' || p.type === 'igtv');
  const er = mean(batch.map((p) => p.er));
  const deleted = batch.filter((p) => p.isDeleted).length;
  const deletedSimilar = rng.int(0, 3);
  return {
    likes_avg: { value: hidden ? null : Math.round(mean(batch.map((p) => p.likes))) },
    comments_avg: { value: Math.round(mean(batch.map((p) => p.comments))) },
    video_views_avg: { value: videos.length ? mean(videos.map((p) => p.videoViews)) : null },
    er_avg: { value: er, ...benchmark(rng, er) },
    // Fewer deletions is better, so the benchmark is the numerator here.
    deleted_media: { value: deleted, similar: deletedSimilar, mark: markFor(deletedSimilar + 1, deleted + 1) },
  };
}

export function instagramMedia(ctx: Ctx): Record<string, unknown> {
  const { now, input, profile } = ctx;
  const hidden = hidesLikes(ctx);
  const posts = igPosts(ctx);
  const rng = ctx.rng('media-benchmarks');

  const media_ids = Object.fromEntries(
    Object.entries(MEDIA_GROUPS).map(([group, types]) => {
      const inGroup = posts.filter((p) => types.includes(p.type));
      // A window's metrics do not depend on the sort order: build them once per period.
      const metrics = performance(MEDIA_PERIODS, (days) => windowMetrics(within(inGroup, now, days), hidden, rng));
      const sorts = Object.entries(SORT_KEYS).map(([sortKey, key]) => {
        const ranked = rankedBy(inGroup, key);
        const lists = performance(MEDIA_PERIODS, (days, period) => ({
          metrics: structuredClone(metrics[period]),
          // Hidden likes are not tracked, so there is nothing to order by them.
          media_ids: key === 'likes' && hidden ? [] : idsWithin(ranked, now, days),
        }));
        return [sortKey, { performance: lists }];
      });
      return [group, Object.fromEntries(sorts)];
    }),
  );

  const media = Object.fromEntries(
    posts.map((post) => {
      const rng = post.detail('basic');
      return [
        post.id,
        {
          basic: {
            id: post.id,
            code: post.campaign?.code ?? randomToken(rng, BASE64URL, 11),
            caption: post.campaign?.caption ?? caption(rng),
            preview_url: input.cdn.thumbnail('instagram', `${post.id}-preview`),
            time_posted: unixSeconds(post.time),
            type: post.type,
            is_deleted: post.isDeleted,
            social_type: 'ig',
            thumbnail: input.cdn.thumbnail('instagram', post.id),
          },
          metrics: {
            likes_count: hidden ? null : post.likes,
            comments_count: post.comments,
            video_views_count: post.videoViews,
            er: post.er,
            er_mark: mediaMark[markFor(post.er, profile.er)],
          },
        },
      ];
    }),
  );
  return { media_ids, media };
}

// ---- ER history (spec 2.9) ----

export function instagramHistory(ctx: Ctx): Record<string, unknown> {
  const rng = ctx.rng('history');
  const times = snapshotTimes(ctx.now, rng.int(60, 720), 7);
  // The latest point is the report's ER; earlier weeks wander around it.
  const history = times.map((t, i) => ({ value: i === times.length - 1 ? ctx.profile.er : around(rng, ctx.profile.er, 0.15), timestamp: unixSeconds(t) }));
  return { metrics_history: { er: { history } } };
}
