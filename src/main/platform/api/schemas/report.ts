// The report of every network (Instagram `auditor.report`, `auditor.youtube`, `.tiktok`,
// `.twitch`, `.twitter`, `.snapchat`): envelope, state, validity, the network-neutral summary
// and the normalised `result` the cache stores.
import { z } from 'zod';
import { plausibleBalance } from '@shared/balances';
import type { Network, ParsedReport, ReportState, ReportSummary } from '../types';
import { anyId, bool, feature, kind, map, metric, num, obj, path, performance, str, strings, tolerate, UNPARSED_KEY, unwrapObject, withoutParts, type UnparsedPart } from './common';
import { SchemaError } from './errors';
import { boundedText, boundedValue, clipText, TEXT_LIMITS, VALUE_LIMITS } from './textBounds';
import { absentForNoPosts, periodsWithoutPosts, type MetricFigures } from '@shared/periodFigures';
import {
  at, boolAt, firstOf, idAt, isRecord, listAt, normaliseTree, numAt, put, recAt, strAt, upperCountry, validUntilMs, type Json,
} from './normalise';

const labels: Record<Network, string> = {
  instagram: 'Instagram report',
  youtube: 'YouTube report',
  tiktok: 'TikTok report',
  twitch: 'Twitch report',
  twitter: 'Twitter report',
  snapchat: 'Snapchat report',
};

// ---- envelope ----
// Read field by field (envelopeOf): only `report_state` is essential; the others, when they do
// not fit, are kept as received and read as absent.

// ---- shared report parts ----

const countryShare = obj({ code: str, prc: num });
const bloggerGeo = feature(obj({ country: str, countries: z.array(countryShare).nullish() }));
const bloggerLanguages = feature(z.union([z.array(z.string()), z.string()]));
const bloggerEmails = feature(z.array(z.string()));
/** Network type as an id (1 Instagram … 8 Facebook) or, in real answers, a name ("instagram"). */
const networkType = z.union([z.number(), z.string()]).nullish();
/** Linked accounts: `{type, id}` (reference) or `{type, social_id, …}` (real answers). */
const socialNetworks = feature(z.array(obj({ type: networkType, id: anyId, social_id: anyId })));
/**
 * audience_geo data: a list of `{code | title, prc}` (reference for TikTok, YouTube) or an object
 * `{countries: [{id, code, prc}], groups | states}` (Twitch, Snapchat, and real TikTok answers).
 */
const audienceGeo = feature(
  z.union([
    z.array(obj({ code: str, title: str, prc: num })),
    obj({
      countries: z.array(obj({ id: anyId, code: str, title: str, prc: num })).nullish(),
      groups: z.unknown().optional(),
      states: z.array(obj({ id: anyId, title: str, prc: num })).nullish(),
    }),
  ]),
);
const audienceLanguages = feature(z.array(obj({ title: str, prc: num })));
const ageTable = map(obj({ male: num, female: num, unknown: num }));
const audienceAgeGender = feature(ageTable);
const score = feature(obj({ value: num, mark: str }));

const basic = z.looseObject({ id: anyId, username: str, title: str, avatar_url: str, description: str, is_verified: bool });

function metrics(names: readonly string[]) {
  return obj(Object.fromEntries(names.map((name) => [name, metric])));
}

function report<F extends z.core.$ZodLooseShape>(metricsSchema: z.ZodType, features: F) {
  return z.looseObject({
    report: z.looseObject({ basic, metrics: metricsSchema, features: obj(features) }),
  });
}

// Metric names as spec 2.2–2.4 and api-notes list them: each is checked for the
// `{value, performance.{period}.value}` shape; others pass untouched.
const bodies: Record<Exclude<Network, 'instagram'>, z.ZodType> = {
  youtube: report(
    metrics([
      'subscribers_count', 'subscribers_growth_prc', 'media_count', 'views_count', 'views_avg', 'videos_v30', 'likes_count', 'dislikes_count',
      'comments_count', 'video_views_avg', 'comments_rate', 'reactions_rate', 'videos_per_week', 'comments_avg', 'alikes_avg', 'likes_comments_ratio', 'er',
    ]),
    {
      audience_age_gender: audienceAgeGender,
      audience_geo: audienceGeo,
      audience_languages: audienceLanguages,
      blogger_geo: bloggerGeo,
      blogger_languages: bloggerLanguages,
      blogger_emails: bloggerEmails,
      cqs: score,
      social_networks: socialNetworks,
    },
  ),
  tiktok: report(
    metrics([
      'media_per_week', 'subscribers_count', 'views_avg', 'subscribers_growth_prc', 'er', 'alikes_avg', 'likes_count', 'media_count', 'likes_views_ratio',
      'comments_count', 'views_followers_ratio', 'shares_count', 'following_count', 'comments_avg', 'shares_avg', 'comments_likes_ratio', 'post_frequency',
      'subscribers_quality', 'audience_reachability',
    ]),
    {
      audience_age_gender: audienceAgeGender,
      audience_geo: audienceGeo,
      audience_languages: audienceLanguages,
      aqs: score,
      blogger_geo: bloggerGeo,
      blogger_languages: bloggerLanguages,
    },
  ),
  twitch: report(
    metrics([
      'subscribers_count', 'following_count', 'views_avg', 'subscribers_growth_prc', 'views_count', 'live_viewers_avg', 'videos_per_week', 'video_views_count',
      'video_views_avg', 'views_rate', 'hours_streamed', 'active_days_per_week', 'chat_messages_per_hour',
    ]),
    {
      audience_age_gender: audienceAgeGender,
      audience_geo: audienceGeo,
      audience_languages: audienceLanguages,
      blogger_geo: bloggerGeo,
      blogger_emails: bloggerEmails,
      blogger_languages: bloggerLanguages,
      social_networks: socialNetworks,
    },
  ),
  // api-notes: only basic and four features are known; everything else is an unknown metric.
  twitter: report(z.unknown(), {
    blogger_geo: bloggerGeo,
    blogger_languages: bloggerLanguages,
    blogger_emails: bloggerEmails,
    blogger_rankings: feature(z.unknown()),
  }),
  snapchat: report(
    metrics([
      'subscribers_count', 'subscribers_growth_prc', 'subscribers_growth', 'subscribers_conversion_rate', 'views_count', 'views_avg', 'media_count',
      'media_per_week', 'reach', 'reach_rate', 'story_completion_rate', 'story_skip_rate', 'story_exit_rate', 'story_rewatch_rate', 'view_time_avg', 'shares_avg',
    ]),
    {
      blogger_emails: bloggerEmails,
      blogger_geo: bloggerGeo,
      blogger_languages: bloggerLanguages,
      audience_geo: audienceGeo,
      audience_age_gender: audienceAgeGender,
      social_networks: socialNetworks,
    },
  ),
};

// ---- Instagram: the flat `result.user` of api-notes ----

const scored = obj({ value: num, avg: num, title: str });

const instagramBody = z.looseObject({
  user: z.looseObject({
    username: str,
    full_name: str,
    is_private: bool,
    is_verified: bool,
    about: str,
    photo_url: str,
    avatar_url: str,
    posts_count: num,
    followers_count: num,
    followings_count: num,
    avg_likes: num,
    avg_comments: num,
    avg_views: num,
    aqs: num,
    aqs_name: str,
    aqs_description: str,
    blogger_categories: z.array(z.unknown()).nullish(),
    blogger_languages: z.union([z.array(z.string()), z.string()]).nullish(),
    blogger_geo: z.union([z.string(), obj({ country: str })]).nullish(),
    er: z.union([z.number(), obj({ value: num, avg: num, title: str, performance })]).nullish(),
    subscribers_growth_prc: z.union([z.number(), obj({ value: num, performance })]).nullish(),
    likes_spread: scored,
    likes_comments_ratio: scored,
    audience_reachability: scored,
    audience_authenticity: scored,
    comments_rate: scored,
    yearly_growth: scored,
    audience_type: map(num),
    audience_languages: z.array(obj({ code: str, value: num })).nullish(),
    audience_geography: obj({
      countries: z.array(obj({ name: str, code: str, value: num })).nullish(),
      states: z.array(z.unknown()).nullish(),
      cities: z.array(z.unknown()).nullish(),
    }),
    followers_chart: z.array(z.unknown()).nullish(),
    following_chart: z.array(z.unknown()).nullish(),
    demography_by_age: z.array(obj({ gender: str, value: num, by_age_group: z.array(obj({ group: str, value: num })).nullish() })).nullish(),
    demography: z.array(obj({ gender: str, value: num })).nullish(),
    social_networks: z.array(obj({ type: networkType, username: str, social_id: anyId, subscribers_count: num })).nullish(),
    contact_details: obj({ emails: strings, phones: strings }),
    audience_age_21_plus_prc: num,
    post_frequency: num,
  }),
});

// ---- state ----

function stateOf(reported: string | null | undefined, hasBody: boolean, retryTtl: number | null | undefined): ReportState | null {
  const text = reported?.trim().toUpperCase();
  if (text === 'NOT_READY') return 'NOT_READY';
  if (text === 'READY' || text === 'READY_LOW_CONFIDENCE') return text;
  // No state (real Instagram, YouTube and Twitter answers) or one not documented: the body
  // decides. Without a body, a state or a retryTtl still says "come back later".
  if (hasBody) return 'READY';
  if (text !== undefined || (retryTtl !== null && retryTtl !== undefined)) return 'NOT_READY';
  return null;
}

// ---- summary ----

function language(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return null;
  const text = first.trim().toLowerCase();
  return text === '' ? null : text;
}

function country(value: string | null): string | null {
  if (value === null) return null;
  const text = upperCountry(value.trim());
  return text === '' ? null : text;
}

/** The account's country in a geo feature's data: `country`, or the largest of `countries[]`. */
function geoCountry(data: unknown): string | null {
  const direct = strAt(data, 'country');
  if (direct !== null) return country(direct);
  let best: { code: string; prc: number } | null = null;
  for (const entry of listAt(data, 'countries')) {
    const code = strAt(entry, 'code');
    if (code === null) continue;
    const prc = numAt(entry, 'prc') ?? 0;
    if (best === null || prc > best.prc) best = { code, prc };
  }
  return best ? country(best.code) : null;
}

/** A metrics object's figures as the shared rule of periods without posts reads them. */
function figuresOf(metricsObj: Json): MetricFigures[] {
  return Object.keys(metricsObj).map((key) => {
    const performance = recAt(metricsObj, key, 'performance') ?? {};
    return {
      key,
      overall: firstOf(numAt(metricsObj, key), numAt(metricsObj, key, 'value')),
      periods: Object.fromEntries(Object.keys(performance).map((period) => [period, firstOf(numAt(performance, period, 'value'), numAt(performance, period))])),
    };
  });
}

/**
 * A metric's headline number: the bare number, else the 30-day period's value, else `value` for
 * a report without periods. A summary figure is the one the report page shows at its default
 * period, 30 days, so the library and the page never disagree. A 30-day figure of a period
 * without posts is absent (null), never 0, and never silently the overall figure.
 */
function metricValue(metricsObj: Json, name: string, empty: ReadonlySet<string>): number | null {
  const bare = numAt(metricsObj, name);
  if (bare !== null) return bare;
  const month = numAt(metricsObj, name, 'performance', '30d', 'value');
  if (month !== null) return absentForNoPosts(name, '30d', month, empty) ? null : month;
  return numAt(metricsObj, name, 'value');
}

/**
 * The engagement rate the library shows: the 30-day figure, or the report's overall figure
 * (labelled as such: `basis` 'overall') when the report has no 30-day one or those 30 days hold
 * no posts.
 */
function engagementOf(metricsObj: Json, empty: ReadonlySet<string>): Pick<ReportSummary, 'engagementRate' | 'engagementRateBasis'> {
  const bare = numAt(metricsObj, 'er');
  if (bare !== null) return { engagementRate: bare, engagementRateBasis: 'overall' };
  const month = numAt(metricsObj, 'er', 'performance', '30d', 'value');
  if (month !== null && !absentForNoPosts('er', '30d', month, empty)) return { engagementRate: month, engagementRateBasis: '30d' };
  const overall = numAt(metricsObj, 'er', 'value');
  return overall !== null ? { engagementRate: overall, engagementRateBasis: 'overall' } : { engagementRate: null, engagementRateBasis: null };
}

/** The summary's period figures (engagement, averages, growth), read under the rule of periods without posts. */
export function periodSummary(
  network: Network,
  readable: Json,
): Pick<ReportSummary, 'engagementRate' | 'engagementRateBasis' | 'growthPrc' | 'avgViews' | 'avgLikes' | 'avgComments'> {
  if (network === 'instagram') {
    const u = recAt(readable, 'user') ?? {};
    const empty = periodsWithoutPosts(figuresOf(u));
    return {
      ...engagementOf(u, empty),
      growthPrc: metricValue(u, 'subscribers_growth_prc', empty),
      avgViews: metricValue(u, 'avg_views', empty),
      avgLikes: metricValue(u, 'avg_likes', empty),
      avgComments: metricValue(u, 'avg_comments', empty),
    };
  }
  const m = recAt(readable, 'report', 'metrics') ?? {};
  const empty = periodsWithoutPosts(figuresOf(m));
  return {
    ...engagementOf(m, empty),
    growthPrc: metricValue(m, 'subscribers_growth_prc', empty),
    avgViews: metricValue(m, 'views_avg', empty),
    avgLikes: firstOf(metricValue(m, 'alikes_avg', empty), metricValue(m, 'likes_avg', empty), metricValue(m, 'favorite_avg', empty)),
    avgComments: firstOf(metricValue(m, 'comments_avg', empty), metricValue(m, 'reply_avg', empty)),
  };
}

/** The report's quality as the envelope names it ('high', 'low'): longer is not one. */
const MAX_QUALITY_CHARS = VALUE_LIMITS.code;

/**
 * The summary (the library's columns, every list and page that names an account) with its texts
 * bounded by the one rule of textBounds.ts; the answer itself is kept whole in the snapshot.
 */
function boundedSummary(summary: ReportSummary): ReportSummary {
  return {
    ...summary,
    username: clipText(summary.username, TEXT_LIMITS.username),
    title: boundedText(summary.title, 'title'),
    description: boundedText(summary.description, 'description'),
    accountId: boundedValue(summary.accountId, 'id'),
    avatarUrl: boundedValue(summary.avatarUrl, 'url'),
    country: boundedValue(summary.country, 'country'),
    language: boundedValue(summary.language, 'language'),
  };
}

function instagramSummary(result: Json): ReportSummary {
  const u = recAt(result, 'user') ?? {};
  const geo = at(u, 'blogger_geo');
  return {
    network: 'instagram',
    accountId: firstOf(idAt(u, 'id'), idAt(u, 'user_id'), idAt(u, 'pk')),
    username: strAt(u, 'username') ?? '',
    title: strAt(u, 'full_name'),
    description: strAt(u, 'about'),
    avatarUrl: firstOf(strAt(u, 'photo_url'), strAt(u, 'avatar_url')),
    verified: boolAt(u, 'is_verified'),
    followers: numAt(u, 'followers_count'),
    ...periodSummary('instagram', result),
    audienceQuality: numAt(u, 'aqs'),
    country: typeof geo === 'string' ? country(geo) : geoCountry(geo),
    language: language(at(u, 'blogger_languages')),
  };
}

function networkSummary(network: Network, result: Json, prefix: string): ReportSummary {
  const r = recAt(result, 'report') ?? {};
  const b = recAt(r, 'basic') ?? {};
  const m = recAt(r, 'metrics') ?? {};
  const f = recAt(r, 'features') ?? {};
  const accountId = idAt(b, 'id');
  const username = firstOf(strAt(b, 'username'), accountId);
  if (username === null) {
    throw new SchemaError(labels[network], [`${[prefix, 'report.basic.username'].filter(Boolean).join('.')}: missing (and no basic.id either)`]);
  }
  return {
    network,
    accountId,
    username,
    title: strAt(b, 'title'),
    description: strAt(b, 'description'),
    avatarUrl: firstOf(strAt(b, 'avatar_url'), strAt(b, 'photo_url')),
    verified: boolAt(b, 'is_verified'),
    // subscribers_count.performance holds new subscribers, not the total: only `value` counts.
    followers: firstOf(numAt(m, 'subscribers_count'), numAt(m, 'subscribers_count', 'value')),
    ...periodSummary(network, result),
    audienceQuality: firstOf(numAt(f, 'aqs', 'data', 'value'), numAt(f, 'cqs', 'data', 'value')),
    country: geoCountry(at(f, 'blogger_geo', 'data')),
    language: language(at(f, 'blogger_languages', 'data')),
  };
}

// ---- parseReport ----

/** The result object normalised (normalise.ts), with `report_quality` beside `_report_quality`. */
function normaliseResult(result: Json): Json {
  const out = normaliseTree(result) as Json;
  if (Object.hasOwn(out, '_report_quality') && !Object.hasOwn(out, 'report_quality')) put(out, 'report_quality', out._report_quality);
  return out;
}

interface Envelope {
  reportState: string | null;
  quality: string | null;
  validUntil: unknown;
  restTokens: number | null;
  retryTtl: number | null;
  highDemand: boolean;
  type: string | null;
}

/**
 * The envelope, read tolerantly: `report_state` (or YouTube's `report._report_state`) must be a
 * string when present, else the state cannot be read and the answer is malformed. Every other
 * field that does not fit is listed in `unparsed` and read as absent.
 */
function envelopeOf(result: Json, what: string, prefix: string, unparsed: UnparsedPart[]): Envelope {
  const stateAt = (...steps: string[]): string | null => {
    const value = at(result, ...steps);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw new SchemaError(what, [`${path(prefix, ...steps)}: the report's state cannot be read (expected string, received ${kind(value)})`]);
    return value;
  };
  const reportState = stateAt('report_state') ?? (isRecord(result.report) ? stateAt('report', '_report_state') : null);
  const loose = (key: string, read: (value: unknown) => unknown, expected: string): unknown => {
    if (!Object.hasOwn(result, key) || result[key] === null) return null;
    const value = read(result[key]);
    if (value === undefined) unparsed.push({ path: key, reason: `expected ${expected}, received ${kind(result[key])}` });
    return value ?? null;
  };
  const quality = firstOf(
    loose('report_quality', (v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined), 'string or number'),
    loose('_report_quality', (v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined), 'string or number'),
  ) as string | null;
  const validUntil = loose('validUntil', (v) => (typeof v === 'number' || typeof v === 'string' ? v : undefined), 'number or string');
  const restTokens = loose('restTokens', (v) => (typeof v === 'number' ? balanceOf(v, unparsed) : undefined), 'number') as number | null;
  const retryTtl = loose('retryTtl', (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined), 'number') as number | null;
  const highDemand = loose('highDemand', (v) => (typeof v === 'boolean' ? v : v === 1 || v === 0 ? v === 1 : undefined), 'boolean') === true;
  const type = loose('type', (v) => (typeof v === 'string' ? v : undefined), 'string') as string | null;
  if (quality !== null && quality.length > MAX_QUALITY_CHARS) unparsed.push({ path: 'report_quality', reason: `longer than ${MAX_QUALITY_CHARS} characters; read as absent` });
  return { reportState, quality: quality !== null && quality.length > MAX_QUALITY_CHARS ? null : quality, validUntil, restTokens, retryTtl, highDemand, type };
}

/**
 * `restTokens` as a balance: a whole number from 0 to MAX_PLAUSIBLE_BALANCE. A negative value
 * (real answers send -1) says the balance was not reported; a fraction or an implausibly large
 * number is no balance either, and is listed as kept as received.
 */
export function balanceOf(value: number, unparsed: UnparsedPart[] = []): number | null {
  const balance = plausibleBalance(value);
  if (balance !== null) return balance;
  if (!(value < 0)) unparsed.push({ path: 'restTokens', reason: `${value} is not a plausible balance; read as not reported` });
  return null;
}

/** The account's identity in a ready body, or a SchemaError: without it the answer cannot be kept. */
function identityOf(network: Network, readable: Json, prefix: string): void {
  const what = labels[network];
  const bodyKey = network === 'instagram' ? 'user' : 'report';
  if (!isRecord(readable[bodyKey])) throw new SchemaError(what, [`${path(prefix, bodyKey)}: missing or unreadable, so the account's identity cannot be read`]);
  if (network === 'instagram') {
    if (strAt(readable, 'user', 'username') === null) throw new SchemaError(what, [`${path(prefix, 'user.username')}: missing or not a string, so the account's identity cannot be read`]);
    return;
  }
  if (!isRecord(at(readable, 'report', 'basic'))) throw new SchemaError(what, [`${path(prefix, 'report.basic')}: missing or unreadable, so the account's identity cannot be read`]);
  if (firstOf(strAt(readable, 'report', 'basic', 'username'), idAt(readable, 'report', 'basic', 'id')) === null) {
    throw new SchemaError(what, [`${path(prefix, 'report.basic.username')}: missing (and no basic.id either), so the account's identity cannot be read`]);
  }
}

export function parseReportBody(network: Network, json: unknown, now: number): ParsedReport {
  const what = labels[network];
  const { value, prefix } = unwrapObject(json, what);
  const result = normaliseResult(value);
  const unparsed: UnparsedPart[] = [];
  const env = envelopeOf(result, what, prefix, unparsed);

  const bodyKey = network === 'instagram' ? 'user' : 'report';
  // NOT_READY answers carry `report: false` in real answers: no body.
  const hasBody = isRecord(result[bodyKey]);
  const state = stateOf(env.reportState, hasBody, env.retryTtl);
  if (state === null) {
    throw new SchemaError(what, [`${path(prefix, bodyKey)}: missing (and no report_state or retryTtl says the report is not ready)`]);
  }

  let summary: ReportSummary | null = null;
  if (state !== 'NOT_READY') {
    // Parts that do not fit are kept in `result` as received; figures are read only from the rest.
    const misfits = tolerate(network === 'instagram' ? instagramBody : bodies[network], result);
    unparsed.push(...misfits.map((m) => m.part));
    const readable = withoutParts(result, misfits.map((m) => m.path));
    identityOf(network, readable, prefix);
    summary = boundedSummary(network === 'instagram' ? instagramSummary(readable) : networkSummary(network, readable, prefix));
  }
  if (unparsed.length > 0) put(result, UNPARSED_KEY, unparsed);

  return {
    network,
    state,
    quality: env.quality,
    validUntil: validUntilMs(env.validUntil, now),
    restTokens: env.restTokens,
    retryTtlSec: state === 'NOT_READY' ? env.retryTtl : null,
    highDemand: env.highDemand,
    tiktokType: network === 'tiktok' && (env.type === 'report' || env.type === 'advanced_report') ? env.type : null,
    summary,
    result,
  };
}
