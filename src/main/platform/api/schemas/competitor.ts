// Competitor analysis (4.13, 3.3): the report (create and get answers) and its posts. These
// answers have no `result` wrapper (one is tolerated). Posts carry display strings where the
// spec says numbers ("3.21%", "yes", "$1,200"): they are read back into numbers and booleans.
import { z } from 'zod';
import type { CompetitorAggregatesView, CompetitorPart } from '@shared/competitor';
import { anyId, unwrapArray, unwrapObject } from './common';
import { check, guard, SchemaError } from './errors';
import { boundedText, boundedValue, TEXT_LIMITS, VALUE_LIMITS, clipText } from './textBounds';
import {
  at, firstOf, idAt, isRecord, looseBoolean, looseNumber, normaliseTree, recAt, strAt, stringsAt, UNREADABLE, type Json,
} from './normalise';

/** A value for an issue text; never throws (BigInts and cycles have no JSON). */
function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** Collects unreadable loose values with their paths, so one SchemaError names them all. */
class LooseReader {
  readonly problems: string[] = [];

  constructor(private readonly prefix: string) {}

  private where(path: readonly (string | number)[]): string {
    return [this.prefix, ...path.map(String)].filter((s) => s !== '').join('.') || '(root)';
  }

  number(value: unknown, ...path: readonly (string | number)[]): number | null {
    const v = at(value, ...path);
    const n = looseNumber(v);
    if (n === UNREADABLE) {
      this.problems.push(`${this.where(path)}: expected a number (or a number string such as "3.21%" or "$1,200"), received ${show(v)}`);
      return null;
    }
    return n;
  }

  boolean(value: unknown, ...path: readonly (string | number)[]): boolean | null {
    const v = at(value, ...path);
    const b = looseBoolean(v);
    if (b === UNREADABLE) {
      this.problems.push(`${this.where(path)}: expected a boolean (or yes/no), received ${show(v)}`);
      return null;
    }
    return b;
  }

  /** A text field: strings as they are, numbers as text (null/absent → null). */
  text(value: unknown, ...path: readonly (string | number)[]): string | null {
    const v = at(value, ...path);
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    this.problems.push(`${this.where(path)}: expected string, received ${Array.isArray(v) ? 'array' : typeof v}`);
    return null;
  }

  done(what: string): void {
    if (this.problems.length > 0) throw new SchemaError(what, this.problems);
  }
}

/** `yyyy/mm/dd` (or `yyyy-mm-dd…`) as `yyyy-mm-dd`; other text unchanged. */
function isoDay(text: string | null): string | null {
  if (text === null) return null;
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(text.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : text;
}

// ---- report ----

// The figures of an analysis are what the page shows, field for field: one definition, in the
// contract's types.
export type { CompetitorPart } from '@shared/competitor';
export type CompetitorAggregates = CompetitorAggregatesView;

export interface CompetitorReport {
  reportId: string;
  /** 0 calculating, 10 ready. */
  state: 0 | 10;
  username: string | null;
  /** As sent (`basic` gives yyyy-mm-dd, `config` a date-time). */
  dateFrom: string | null;
  dateTo: string | null;
  /** Upper-case ISO codes; empty means worldwide. */
  audienceGeo: string[];
  avatarUrl: string | null;
  socialId: string | null;
  /** `time_updated` (yyyy/mm/dd) as yyyy-mm-dd. */
  timeUpdated: string | null;
  /** Null until the report is ready (the get answer carries them then). */
  aggregates: CompetitorAggregates | null;
  raw: Json;
}

const AGGREGATE_KEYS = ['emv_value', 'reach_value', 'contributors_value', 'mentions_value', 'sponsored_ratio_prc', 'cpe_value', 'sponsored', 'likely_sponsored', 'price', 'content_top_hashtags'];

const reportShape = z.looseObject({
  config: z
    .looseObject({
      username: z.string().nullish(),
      date_from: z.string().nullish(),
      date_to: z.string().nullish(),
      audience_geo: z.array(z.string()).nullish(),
    })
    .nullish(),
  basic: z.looseObject({
    report_id: z.union([z.string(), z.number()]),
    state: z.union([z.literal(0), z.literal(10), z.literal('0'), z.literal('10')]),
    username: z.string().nullish(),
    date_from: z.string().nullish(),
    date_to: z.string().nullish(),
    audience_geo: z.array(z.string()).nullish(),
    avatar_url: z.string().nullish(),
    social_id: anyId,
  }),
});

const part = z.union([z.looseObject({}), z.array(z.never())]).nullish();

const reportBody = z.looseObject({
  report: reportShape,
  time_updated: z.string().nullish(),
  sponsored: part,
  likely_sponsored: part,
  price: part,
  content_top_hashtags: z.array(z.looseObject({ title: z.union([z.string(), z.number()]) })).nullish(),
});

export function parseCompetitorReport(json: unknown): CompetitorReport {
  const what = 'Competitor analysis report';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const raw = normaliseTree(value) as Json;
    // Some answers may put `basic`/`config` at the top instead of under `report`.
    const body = isRecord(raw.report) || !isRecord(raw.basic) ? raw : { ...raw, report: { config: raw.config, basic: raw.basic } };
    check(reportBody, body, what, prefix);

    const basic = recAt(body, 'report', 'basic') ?? {};
    const config = recAt(body, 'report', 'config') ?? {};
    const read = new LooseReader(prefix);
    const hasAggregates = AGGREGATE_KEYS.some((k) => raw[k] !== undefined && raw[k] !== null);
    const partOf = (key: string): CompetitorPart | null =>
      isRecord(raw[key])
        ? {
            emv: read.number(raw, key, 'emv'),
            reach: read.number(raw, key, 'reach'),
            contributors: read.number(raw, key, 'contributors'),
            mentions: read.number(raw, key, 'mentions'),
            priceSum: read.number(raw, key, 'price_sum'),
          }
        : null;
    const aggregates: CompetitorAggregates | null = hasAggregates
      ? {
          emv: read.number(raw, 'emv_value'),
          reach: read.number(raw, 'reach_value'),
          contributors: read.number(raw, 'contributors_value'),
          mentions: read.number(raw, 'mentions_value'),
          sponsoredRatioPrc: read.number(raw, 'sponsored_ratio_prc'),
          cpe: read.number(raw, 'cpe_value'),
          sponsored: partOf('sponsored'),
          likelySponsored: partOf('likely_sponsored'),
          price: isRecord(raw.price) ? { sumFrom: read.number(raw, 'price', 'sum_from'), sumTo: read.number(raw, 'price', 'sum_to') } : null,
          topHashtags: (Array.isArray(raw.content_top_hashtags) ? raw.content_top_hashtags : []).map((tag, i) => ({
            title: clipText(String(at(tag, 'title') ?? ''), TEXT_LIMITS.title),
            value: read.number(raw, 'content_top_hashtags', i, 'value'),
          })),
        }
      : null;
    read.done(what);

    const geo = basic.audience_geo !== undefined && basic.audience_geo !== null ? stringsAt(basic, 'audience_geo') : stringsAt(config, 'audience_geo');
    return {
      reportId: idAt(basic, 'report_id') ?? '',
      state: Number(basic.state) === 10 ? 10 : 0,
      username: boundedText(firstOf(strAt(basic, 'username'), strAt(config, 'username')), 'username'),
      dateFrom: boundedValue(firstOf(strAt(basic, 'date_from'), strAt(config, 'date_from')), 'code'),
      dateTo: boundedValue(firstOf(strAt(basic, 'date_to'), strAt(config, 'date_to')), 'code'),
      audienceGeo: geo.filter((code) => code.length <= VALUE_LIMITS.country),
      avatarUrl: boundedValue(strAt(basic, 'avatar_url'), 'url'),
      socialId: boundedValue(idAt(basic, 'social_id'), 'id'),
      timeUpdated: boundedValue(isoDay(strAt(raw, 'time_updated')), 'code'),
      aggregates,
      raw,
    };
  });
}

// ---- posts ----

export interface CompetitorPost {
  /** yyyy-mm-dd (sent as yyyy/mm/dd). */
  postDate: string | null;
  account: string | null;
  accountUrl: string | null;
  /** `post`: the caption. */
  caption: string | null;
  postUrl: string | null;
  /** `type_of_payed`: organic, sponsored, … */
  paidType: string | null;
  /** Percent ("3.21%" → 3.21). */
  er: number | null;
  /** Percent. */
  performance: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  videoViews: number | null;
  accountType: string | null;
  accountCategory: string | null;
  accountVerified: boolean | null;
  accountFollowers: number | null;
  /** Upper case. */
  audienceCountry: string | null;
  audienceRegion: string | null;
  /** `13-17` … `65+`. */
  audienceAge: string | null;
  audienceGender: string | null;
  accountAqs: number | null;
  accountEr: number | null;
  qualityAudience: number | null;
  qualityAudiencePrc: number | null;
  accountReach: number | null;
  totalAccountPosts: number | null;
  accountPostsPerformance: number | null;
  avgLikes: number | null;
  avgComments: number | null;
  /** `account_est_budget` ("$1,200" → 1200). */
  estBudget: number | null;
  raw: Json;
}

/**
 * A page of an analysis's posts, every text bounded (textBounds.ts) where the page is read: an
 * API page and a teammate's alike. A caption may really run to 2,200 characters; the page is
 * kept whole as received.
 */
export function parseCompetitorPosts(json: unknown): CompetitorPost[] {
  const what = 'Competitor analysis posts';
  return guard(what, () => {
    const { value, prefix } = unwrapArray(json, what);
    const raw = normaliseTree(value) as unknown[];
    const read = new LooseReader(prefix);
    const posts = raw.map((p, i): CompetitorPost | null => {
      if (!isRecord(p)) {
        read.problems.push(`${[prefix, i].filter((s) => s !== '').join('.')}: expected object, received ${p === null ? 'null' : Array.isArray(p) ? 'array' : typeof p}`);
        return null;
      }
      return {
        postDate: boundedValue(isoDay(read.text(raw, i, 'post_date')), 'code'),
        account: boundedText(read.text(raw, i, 'account'), 'username'),
        accountUrl: boundedValue(read.text(raw, i, 'account_url'), 'url'),
        caption: boundedText(read.text(raw, i, 'post'), 'caption'),
        postUrl: boundedValue(read.text(raw, i, 'post_url'), 'url'),
        paidType: boundedText(read.text(raw, i, 'type_of_payed'), 'title'),
        er: read.number(raw, i, 'post_er'),
        performance: read.number(raw, i, 'post_performance'),
        reach: read.number(raw, i, 'post_reach'),
        likes: read.number(raw, i, 'post_likes'),
        comments: read.number(raw, i, 'post_comments'),
        videoViews: read.number(raw, i, 'post_video_views'),
        accountType: boundedText(read.text(raw, i, 'account_type'), 'title'),
        accountCategory: boundedText(read.text(raw, i, 'account_category'), 'title'),
        accountVerified: read.boolean(raw, i, 'account_is_verified'),
        accountFollowers: read.number(raw, i, 'account_followers'),
        audienceCountry: boundedValue(read.text(raw, i, 'account_audience_country'), 'country'),
        audienceRegion: boundedText(read.text(raw, i, 'account_audience_region'), 'title'),
        audienceAge: boundedValue(read.text(raw, i, 'account_audience_age'), 'code'),
        audienceGender: boundedValue(read.text(raw, i, 'account_audience_gender'), 'code'),
        accountAqs: read.number(raw, i, 'account_aqs'),
        accountEr: read.number(raw, i, 'account_er'),
        qualityAudience: read.number(raw, i, 'account_quality_audience'),
        qualityAudiencePrc: read.number(raw, i, 'account_quality_audience_prc'),
        accountReach: read.number(raw, i, 'account_reach'),
        totalAccountPosts: read.number(raw, i, 'total_accounts_posts'),
        accountPostsPerformance: read.number(raw, i, 'account_posts_performance'),
        avgLikes: read.number(raw, i, 'account_avg_likes_per_posts'),
        avgComments: read.number(raw, i, 'account_avg_comments_per_posts'),
        estBudget: read.number(raw, i, 'account_est_budget'),
        raw: p,
      };
    });
    read.done(what);
    return posts.filter((p): p is CompetitorPost => p !== null);
  });
}
