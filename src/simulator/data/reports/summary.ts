// The figures of one account's report on one day, gathered for the simulator's PDF export: read
// from the very report body the simulator answers that day (followers, engagement rate,
// audience), and from the same account's posts and follower curve the body was made from (per
// period counts and averages, the latest posts, the growth line). The PDF can therefore never
// say another number than the report of the same day.
import { countryInfo } from './geo';
import { AGE_BUCKETS } from './audience';
import { DAY_MS, PERIODS, periodDays } from './common';
import { makeCtx, type ReportInput } from './context';
import { generateReportBody } from './index';
import { timeline } from './posts';
import { dailyFollowers, growthPrc } from './series';
import type { Network } from '../random';

export interface PeriodRow {
  /** "7 days", "30 days"… */
  label: string;
  days: number;
  posts: number;
  /** Mean engagement rate of the period's posts (percent); null without posts. */
  er: number | null;
  avgLikes: number | null;
  avgComments: number | null;
  avgViews: number | null;
}

export interface ReportSummary {
  network: Network;
  username: string;
  title: string;
  /** Epoch ms of the report's day (UTC midnight). */
  day: number;
  followers: number;
  /** The report's overall engagement rate (percent), where the network's report has one. */
  er: number | null;
  /** The report's overall average likes per post; null where the account hides them. */
  avgLikes: number | null;
  avgViews: number | null;
  postsTotal: number;
  growth30d: number;
  /** Audience (or channel) quality score, 1–100, where the report has one. */
  quality: number | null;
  periods: PeriodRow[];
  /** Followers at the end of each of the last 365 days, oldest first. */
  followerSeries: { time: number; count: number }[];
  countries: { name: string; share: number }[];
  genders: { label: string; share: number }[];
  ages: { label: string; share: number }[];
  latest: { time: number; likes: number; comments: number; views: number; er: number }[];
}

type Json = Record<string, unknown>;

function rec(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function path(value: unknown, steps: string): unknown {
  let node = value;
  for (const step of steps.split('.')) node = rec(node)?.[step];
  return node;
}

/** Country shares in any of the reports' shapes: `[{code|title|name, prc|value}]` or `{countries: [...]}`. */
function countriesOf(data: unknown): { name: string; share: number }[] {
  const list = Array.isArray(data) ? data : rec(data)?.countries;
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => {
      const r = rec(item);
      const code = typeof r?.code === 'string' ? r.code : typeof r?.title === 'string' ? r.title : null;
      const share = num(r?.prc) ?? num(r?.value);
      const name = typeof r?.name === 'string' ? r.name : code ? countryInfo(code).name : null;
      return name && share !== null ? { name, share } : null;
    })
    .filter((x): x is { name: string; share: number } => x !== null);
}

/** Gender and age totals of an age/gender table `{13-17: {male, female[, unknown]}, …}`. */
function ageGenderOf(data: unknown): { genders: { label: string; share: number }[]; ages: { label: string; share: number }[] } {
  const table = rec(data);
  if (!table) return { genders: [], ages: [] };
  const totals = { male: 0, female: 0, unknown: 0 };
  const ages: { label: string; share: number }[] = [];
  for (const bucket of AGE_BUCKETS) {
    const cell = rec(table[bucket]);
    if (!cell) return { genders: [], ages: [] };
    let share = 0;
    for (const g of ['male', 'female', 'unknown'] as const) {
      const v = num(cell[g]) ?? 0;
      totals[g] += v;
      share += v;
    }
    ages.push({ label: bucket, share });
  }
  const genders = [
    { label: 'Female', share: totals.female },
    { label: 'Male', share: totals.male },
    ...(totals.unknown > 0 ? [{ label: 'Unknown', share: totals.unknown }] : []),
  ];
  return { genders, ages };
}

export function reportSummary(input: ReportInput): ReportSummary {
  const body = generateReportBody(input);
  const ctx = makeCtx(input);
  const { profile: p } = ctx;
  const line = timeline(ctx);
  const day = Math.floor(input.now / DAY_MS) * DAY_MS;
  const curve = dailyFollowers(ctx.rng('followers'), p.followers, p.growth30d);
  const user = rec(body.user);
  const metrics = rec(path(body, 'report.metrics'));
  const features = rec(path(body, 'report.features'));

  const followers = num(user?.followers_count) ?? num(path(metrics, 'subscribers_count.value')) ?? p.followers;
  const er = num(path(user, 'er.value')) ?? num(path(metrics, 'er.value'));
  const avgLikes = user ? num(user.avg_likes) : p.avgLikes;
  const avgViews = p.network === 'instagram' ? null : p.avgViews;
  const quality = num(user?.aqs) ?? num(path(features, 'aqs.data.value')) ?? num(path(features, 'cqs.data.value'));

  let countries: { name: string; share: number }[];
  let audience: ReturnType<typeof ageGenderOf>;
  if (user) {
    countries = countriesOf(path(user, 'audience_geography.countries'));
    const demography = Array.isArray(user.demography) ? user.demography : [];
    const share = (g: string) => num(rec(demography.find((d) => rec(d)?.gender === g))?.value);
    const female = share('F');
    const male = share('M');
    audience = { genders: female !== null && male !== null ? [{ label: 'Female', share: female }, { label: 'Male', share: male }] : [], ages: [] };
    const byAge = Array.isArray(user.demography_by_age) ? user.demography_by_age : [];
    audience.ages = AGE_BUCKETS.map((bucket, i) => ({
      label: bucket,
      share: byAge.reduce((s: number, g) => s + (num(rec((rec(g)?.by_age_group as unknown[] | undefined)?.[i])?.value) ?? 0), 0),
    }));
  } else {
    countries = countriesOf(path(features, 'audience_geo.data'));
    audience = ageGenderOf(path(features, 'audience_age_gender.data'));
  }

  const periods = PERIODS.filter((period) => period !== 'all' && !(p.network === 'youtube' && period === '7d')).map((period) => {
    const days = periodDays[period];
    const f = line.stats(days);
    const posted = f.count > 0;
    return {
      label: `${days} days`,
      days,
      posts: f.count,
      er: posted ? f.er : null,
      avgLikes: posted && avgLikes !== null ? f.avgLikes : null,
      avgComments: posted ? f.avgComments : null,
      avgViews: posted && avgViews !== null ? f.avgViews : null,
    };
  });

  return {
    network: p.network,
    username: p.username,
    title: typeof path(body, 'report.basic.title') === 'string' ? (path(body, 'report.basic.title') as string) : typeof user?.full_name === 'string' ? user.full_name : p.title,
    day,
    followers,
    er,
    avgLikes,
    avgViews,
    postsTotal: p.mediaCount,
    growth30d: growthPrc(curve, 30),
    quality,
    periods,
    followerSeries: curve.slice(-365).map((count, i, all) => ({ time: day - (all.length - 1 - i) * DAY_MS, count })),
    countries: countries.slice(0, 10),
    genders: audience.genders,
    ages: audience.ages,
    latest: Array.from({ length: Math.min(10, line.times.length) }, (_, i) => line.at(i)).map((m) => ({
      time: m.time,
      likes: m.likes,
      comments: m.comments,
      views: m.views,
      er: m.er,
    })),
  };
}
