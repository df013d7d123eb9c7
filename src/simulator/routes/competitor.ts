// Competitor analysis (spec 4.13, 3.3): a brand-mention report over a date range, calculated
// for a while (state 0) and then ready (state 10), with its aggregates and hundreds to
// thousands of posts. These answers have no `result` wrapper.
import { apiError, invalidRequest, type SimRequest, type SimResponse, type SimRoute } from '../context';
import { countries, hashString, Rng } from '../data/random';
import { accountProfile, universeName } from '../data/profile';
import type { CompetitorAnalysis } from '../state';

const dateRe = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function validDate(value: unknown): value is string {
  return typeof value === 'string' && dateRe.test(value) && !Number.isNaN(Date.parse(value.slice(0, 10)));
}

function stateOf(a: CompetitorAnalysis, now: number): 0 | 10 {
  return now >= a.readyAt ? 10 : 0;
}

function slashDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '/');
}

function describe(a: CompetitorAnalysis, req: SimRequest) {
  const p = accountProfile('instagram', a.username);
  return {
    config: {
      username: a.username,
      date_from: `${a.dateFrom.slice(0, 10)}T00:00:00+00:00`,
      date_to: `${a.dateTo.slice(0, 10)}T23:59:59+00:00`,
      audience_geo: a.audienceGeo,
      settings: null,
      mode: 'FULL',
      type: 'ig_mentions',
    },
    basic: {
      type: 'ig_mentions',
      username: a.username,
      date_from: a.dateFrom.slice(0, 10),
      date_to: a.dateTo.slice(0, 10),
      audience_geo: a.audienceGeo,
      report_id: a.id,
      state: stateOf(a, req.sim.clock.now()),
      avatar_url: req.sim.cdn.avatar('instagram', a.username),
      social_id: p.id,
    },
  };
}

const create: SimRoute = {
  methods: ['POST'],
  handle(req) {
    const body = req.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return invalidRequest('Invalid request: send a JSON object');
    const { username, date_from, date_to, audience_geo = [], hashtags = [] } = body;
    if (typeof username !== 'string' || !username.trim()) return invalidRequest('Invalid request: username is required');
    if (!validDate(date_from) || !validDate(date_to)) return invalidRequest('Invalid request: date_from and date_to must be dates (YYYY-MM-DD)');
    if (Date.parse(date_from.slice(0, 10)) > Date.parse(date_to.slice(0, 10))) {
      return invalidRequest('Invalid request: date_from must not be after date_to');
    }
    if (!Array.isArray(audience_geo) || !audience_geo.every((c) => typeof c === 'string' && /^[A-Za-z]{2}$/.test(c))) {
      return invalidRequest('Invalid request: audience_geo must be an array of two-letter country codes');
    }
    if (!Array.isArray(hashtags) || !hashtags.every((h) => typeof h === 'string')) {
      return invalidRequest('Invalid request: hashtags must be an array of strings');
    }
    const now = req.sim.clock.now();
    const id = String(hashString(`${username}|${date_from}|${date_to}|${now}|${req.sim.state.analyses.size}`)).slice(0, 12);
    const analysis: CompetitorAnalysis = {
      id,
      username: username.trim().toLowerCase(),
      dateFrom: date_from,
      dateTo: date_to,
      audienceGeo: audience_geo.map((c: string) => c.toUpperCase()),
      hashtags: hashtags as string[],
      createdAt: now,
      readyAt: now + req.sim.options.analysisMs,
    };
    req.sim.state.analyses.set(id, analysis);
    return { status: 200, body: { report: describe(analysis, req), time_updated: slashDate(now) } };
  },
};

/**
 * 300 to 2,500 posts; a brand named `…_posts<N>` (e.g. `acme_posts5000`) has exactly N (up to
 * 60,000), so tests and demos can ask for a big analysis by name.
 */
export function postCount(a: Pick<CompetitorAnalysis, 'username' | 'dateFrom' | 'dateTo'>): number {
  const asked = /_posts(\d{1,5})$/.exec(a.username);
  if (asked) return Math.min(60_000, Number(asked[1]));
  return new Rng(`ca-size:${a.username}:${a.dateFrom}:${a.dateTo}`).int(300, 2500);
}

function aggregates(a: CompetitorAnalysis) {
  const rng = new Rng(`ca:${a.username}:${a.dateFrom}:${a.dateTo}`);
  const mentions = postCount(a);
  const contributors = Math.round(mentions * rng.float(0.3, 0.8));
  const reach = Math.round(mentions * rng.logNormal(20_000, 0.8));
  const emv = Math.round(reach * rng.float(0.02, 0.09));
  const sponsoredShare = rng.float(0.05, 0.4);
  const part = (share: number) => ({
    emv: Math.round(emv * share),
    reach: Math.round(reach * share),
    contributors: Math.round(contributors * share),
    mentions: Math.round(mentions * share),
    price_sum: Math.round(emv * share * rng.float(0.4, 0.9)),
  });
  return {
    emv_value: emv,
    reach_value: reach,
    contributors_value: contributors,
    mentions_value: mentions,
    sponsored_ratio_prc: sponsoredShare * 100,
    cpe_value: rng.float(0.05, 1.2),
    sponsored: part(sponsoredShare),
    likely_sponsored: part(rng.float(0.02, 0.15)),
    price: { sum_from: Math.round(emv * 0.3), sum_to: Math.round(emv * 0.9) },
    content_top_hashtags: [...a.hashtags, 'ad', 'sponsored', 'giveaway', 'newin', 'ootd']
      .slice(0, 8)
      .map((title, i) => ({ title, value: Math.round(mentions / (i + 2)) })),
  };
}

const getReport: SimRoute = {
  methods: ['GET'],
  handle(req) {
    const a = req.sim.state.analyses.get(req.pathRest);
    if (!a) return apiError(404, 8, 'Report not found');
    const state = stateOf(a, req.sim.clock.now());
    // The same `report` object as the create answer, plus the aggregates once ready.
    const base = { report: describe(a, req), time_updated: slashDate(req.sim.clock.now()) };
    return { status: 200, body: state === 10 ? { ...base, ...aggregates(a) } : base };
  },
};

/** Posts, with the sample's string forms for percentages, yes/no and money, as the real API sends. */
function post(a: CompetitorAnalysis, index: number) {
  const rng = new Rng(`ca-post:${a.id}:${index}`);
  const account = universeName('instagram', (hashString(`${a.id}:${index}`) % 20_000) >>> 0);
  const p = accountProfile('instagram', account);
  const from = Date.parse(a.dateFrom.slice(0, 10));
  const to = Date.parse(a.dateTo.slice(0, 10));
  const date = from + rng.next() * Math.max(0, to - from);
  const likes = Math.round(p.avgLikes * rng.logNormal(1, 0.5));
  const comments = Math.round(p.avgComments * rng.logNormal(1, 0.6));
  const sponsored = rng.bool(0.25);
  return {
    post_date: slashDate(date),
    account: p.username,
    account_url: `https://www.instagram.com/${p.username}/`,
    post: `${rng.bool(0.5) ? 'Loving my new look from' : 'Thanks'} @${a.username} ${a.hashtags.map((h) => `#${h}`).join(' ')}`.trim(),
    post_url: `https://www.instagram.com/p/${hashString(`${a.id}/${index}`).toString(36)}/`,
    type_of_payed: sponsored ? 'sponsored' : rng.bool(0.2) ? 'likely sponsored' : 'organic',
    post_er: `${((100 * (likes + comments)) / Math.max(1, p.followers)).toFixed(2)}%`,
    post_performance: `${(rng.logNormal(1, 0.4) * 100).toFixed(1)}%`,
    post_reach: Math.round(p.followers * rng.float(0.05, 0.4)),
    post_likes: likes,
    post_comments: comments,
    post_video_views: rng.bool(0.4) ? Math.round(p.avgViews * rng.logNormal(1, 0.5)) : 0,
    account_type: p.accountType === 'brand' ? 'Brand' : 'Human',
    account_category: `Category ${p.category}`,
    account_is_verified: p.verified ? 'yes' : 'no',
    account_followers: p.followers,
    account_audience_country: rng.weighted(countries),
    account_audience_region: rng.pick(['Europe', 'North America', 'South America', 'Asia', 'Africa', 'Oceania']),
    account_audience_age: rng.pick(['13-17', '18-24', '25-34', '35-44', '45-54']),
    account_audience_gender: rng.bool(p.audienceFemale / 100) ? 'female' : 'male',
    account_aqs: p.aqs,
    account_er: p.er,
    account_quality_audience: Math.round((p.followers * p.realAudience) / 100),
    account_quality_audience_prc: p.realAudience,
    account_reach: Math.round(p.followers * rng.float(0.1, 0.3)),
    total_accounts_posts: rng.int(1, 12),
    account_posts_performance: rng.logNormal(1, 0.3),
    account_avg_likes_per_posts: p.avgLikes,
    account_avg_comments_per_posts: p.avgComments,
    account_est_budget: `$${Math.round(p.followers * rng.float(0.002, 0.02)).toLocaleString('en-US')}`,
  };
}

const posts: SimRoute = {
  methods: ['POST'],
  handle(req): SimResponse {
    const body = req.json as { report_id?: unknown; from?: unknown; size?: unknown } | undefined;
    if (!body || typeof body.report_id !== 'string') return invalidRequest('Invalid request: report_id is required');
    const from = body.from ?? 0;
    const size = body.size ?? 20;
    if (!Number.isInteger(from) || (from as number) < 0) return invalidRequest('Invalid request: from must be a page number from 0');
    if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > 1000) {
      return invalidRequest('Invalid request: size must be from 1 to 1000');
    }
    const a = req.sim.state.analyses.get(body.report_id);
    if (!a) return apiError(404, 8, 'Report not found');
    if (stateOf(a, req.sim.clock.now()) !== 10) return { status: 200, body: [] };
    const total = postCount(a);
    const start = (from as number) * (size as number);
    const out = [];
    for (let i = start; i < Math.min(total, start + (size as number)); i++) out.push(post(a, i));
    return { status: 200, body: out };
  },
};

/** Routes under /api/marketanalysis/, by the path after it. */
export function competitorRoute(path: string): { route: SimRoute; rest: string } | null {
  if (path === 'instagramCompetitorAnalysis' || path === 'instagramCompetitorAnalysis/') return { route: create, rest: '' };
  if (path === 'instagramCompetitorAnalysis/posts' || path === 'instagramCompetitorAnalysis/posts/') return { route: posts, rest: '' };
  const match = /^instagramCompetitorAnalysis\/([^/]+)\/?$/.exec(path);
  return match ? { route: getReport, rest: decodeURIComponent(match[1]!) } : null;
}
