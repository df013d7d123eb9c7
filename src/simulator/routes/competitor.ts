// Competitor analysis (spec 4.13, 3.3): a brand-mention report over a date range, calculated
// for a while (state 0) and then ready (state 10), with its aggregates and hundreds to
// thousands of posts. These answers have no `result` wrapper.
import { apiError, invalidRequest, type SimRequest, type SimResponse, type SimRoute } from '../context';
import { countries, hashString, Rng } from '../data/random';
import { topic } from '../data/discovery/taxonomy';
import { regionOf, type Region } from '../data/reports/geo';
import { accountProfile, universeName } from '../data/profile';
import type { CompetitorAnalysis } from '../state';
import { brandCampaignPosts, demoBrand, metricsAt, type CampaignPost } from '../data/campaigns';

const DAY_MS = 86_400_000;

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
 * 60,000), so tests and demos can ask for a big analysis by name. A brand whose name has
 * `_long_` (`acme_long_posts60000`) has captions as long as real ones get (300 to 2,200
 * characters of story and call to action), for the heaviest exports.
 */
export function postCount(a: Pick<CompetitorAnalysis, 'username' | 'dateFrom' | 'dateTo'>): number {
  const asked = /_posts(\d{1,5})$/.exec(a.username);
  if (asked) return Math.min(60_000, Number(asked[1]));
  return new Rng(`ca-size:${a.username}:${a.dateFrom}:${a.dateTo}`).int(300, 2500);
}

/** What one post adds to the aggregates: its numbers as figures, beside the fields the API sends. */
interface PostFigures {
  kind: 'sponsored' | 'likely sponsored' | 'organic';
  account: string;
  reach: number;
  engagements: number;
  /** Earned media value of the post, dollars. */
  emv: number;
  /** What the post would cost the brand (the account's estimated budget), dollars. */
  price: number;
  hashtags: string[];
}

interface AnalysisPost {
  fields: Record<string, unknown>;
  figures: PostFigures;
}

/**
 * What an analysis's posts add up to, worked out once per analysis (a big one holds 60,000 posts):
 * the aggregates of the report answer are these sums, so the dashboard and the posts agree.
 */
const totalsByAnalysis = new WeakMap<CompetitorAnalysis, ReturnType<typeof sumPosts>>();

function sumPosts(a: CompetitorAnalysis) {
  const empty = () => ({ emv: 0, reach: 0, accounts: new Set<string>(), mentions: 0, price: 0 });
  const all = empty();
  const parts = { sponsored: empty(), 'likely sponsored': empty() };
  let engagements = 0;
  const hashtagCounts = new Map<string, number>();
  const total = allPostCount(a);
  for (let i = 0; i < total; i++) {
    const f = postAt(a, i).figures;
    for (const part of f.kind === 'organic' ? [all] : [all, parts[f.kind]]) {
      part.emv += f.emv;
      part.reach += f.reach;
      part.accounts.add(f.account);
      part.mentions++;
      part.price += f.price;
    }
    engagements += f.engagements;
    for (const tag of f.hashtags) hashtagCounts.set(tag, (hashtagCounts.get(tag) ?? 0) + 1);
  }
  return { all, parts, engagements, hashtagCounts };
}

function aggregates(a: CompetitorAnalysis) {
  let totals = totalsByAnalysis.get(a);
  if (!totals) {
    totals = sumPosts(a);
    totalsByAnalysis.set(a, totals);
  }
  const { all, parts, engagements, hashtagCounts } = totals;
  const part = (p: typeof all) => ({
    emv: Math.round(p.emv),
    reach: p.reach,
    contributors: p.accounts.size,
    mentions: p.mentions,
    price_sum: Math.round(p.price),
  });
  return {
    emv_value: Math.round(all.emv),
    reach_value: all.reach,
    contributors_value: all.accounts.size,
    mentions_value: all.mentions,
    sponsored_ratio_prc: all.mentions > 0 ? (parts.sponsored.mentions / all.mentions) * 100 : 0,
    // What the brand pays per engagement, if it paid every post's estimated budget.
    cpe_value: engagements > 0 ? all.price / engagements : 0,
    sponsored: part(parts.sponsored),
    likely_sponsored: part(parts['likely sponsored']),
    // The estimated budgets are a guess: the range runs from 70 % to 130 % of their sum.
    price: { sum_from: Math.round(all.price * 0.7), sum_to: Math.round(all.price * 1.3) },
    // Most used first; ties in the order of first use (the analysis's own tags, then the common ones).
    content_top_hashtags: [...hashtagCounts.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 8)
      .map(([title, value]) => ({ title, value })),
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

/** Hashtags a post may add to the analysis's own, by kind: a paid post says so. */
const extraTags = { sponsored: ['ad', 'sponsored'], 'likely sponsored': ['gifted', 'collab'], organic: ['newin', 'ootd', 'giveaway'] } as const;

/** Region names as the competitor answers spell them. */
const regionNames: Record<Region, string> = {
  north_america: 'North America',
  latin_america: 'Latin America',
  europe: 'Europe',
  asia: 'Asia',
  middle_east: 'Middle East',
  africa: 'Africa',
  oceania: 'Oceania',
};

/** The region of a country as the answers spell it; "Other" for a code the simulator cannot place. */
function regionName(country: string): string {
  const region = regionOf(country);
  return region ? regionNames[region] : 'Other';
}

/**
 * The main audience country of a post's account: its own audience's, when the analysis asks for
 * no countries or for that one; otherwise one of the analysis's countries (the analysis only
 * counts accounts whose audience is there).
 */
function audienceCountry(a: CompetitorAnalysis, own: string, rng: Rng): string {
  if (a.audienceGeo.length === 0 || a.audienceGeo.includes(own)) return own;
  const weight = (code: string) => countries.find(([c]) => c === code)?.[1] ?? 1;
  return rng.weighted(a.audienceGeo.map((code) => [code, weight(code)] as const));
}

/** Posts, with the sample's string forms for percentages, yes/no and money, as the real API sends. */
const captionSentences = [
  'Spent the whole weekend testing this and honestly it has changed my morning routine.',
  'Swipe to see the before and after, the difference is wild.',
  'I get asked about this every single day so here is the full breakdown.',
  'Not sponsored by the weather, which was perfect for this shoot.',
  'Tell me in the comments what you want to see next and I will make it happen.',
  'Link in bio for the full review, the discount code and the little details I could not fit here.',
  'Three things I loved, one thing I did not, and why I would still buy it again.',
  'Shot on location with the best crew, thank you all for the patience and the laughs.',
];

/** A caption as long as real ones get: paragraphs of sentences (its hashtags stay the post's own, which the aggregates count). */
function longCaption(rng: Rng): string {
  const target = rng.int(300, 2200);
  let text = '';
  while (text.length < target) text += rng.bool(0.2) ? `\n\n${rng.pick(captionSentences)}` : ` ${rng.pick(captionSentences)}`;
  return text;
}

/** The fields of a post that describe its account. */
function accountFields(p: ReturnType<typeof accountProfile>, country: string, rng: Rng) {
  return {
    account_type: p.accountType === 'brand' ? 'Brand' : 'Human',
    account_category: topic(p.category).name,
    account_is_verified: p.verified ? 'yes' : 'no',
    account_followers: p.followers,
    account_audience_country: country,
    account_audience_region: regionName(country),
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
  };
}

function post(a: CompetitorAnalysis, index: number): AnalysisPost {
  const rng = new Rng(`ca-post:${a.id}:${index}`);
  const account = universeName('instagram', (hashString(`${a.id}:${index}`) % 20_000) >>> 0);
  const p = accountProfile('instagram', account);
  const from = Date.parse(a.dateFrom.slice(0, 10));
  const to = Date.parse(a.dateTo.slice(0, 10));
  const date = from + rng.next() * Math.max(0, to - from);
  const likes = Math.round(p.avgLikes * rng.logNormal(1, 0.5));
  const comments = Math.round(p.avgComments * rng.logNormal(1, 0.6));
  const kind = rng.bool(0.25) ? 'sponsored' : rng.bool(0.2) ? 'likely sponsored' : 'organic';
  const views = rng.bool(0.4) ? Math.round(p.avgViews * rng.logNormal(1, 0.5)) : 0;
  const reach = Math.round(p.followers * rng.float(0.05, 0.4));
  const budget = Math.round(p.followers * rng.float(0.002, 0.02));
  // A demo brand's campaign hashtags are on its campaign posts only (data/campaigns.ts); its other mentions tag the brand.
  const campaignTags = new Set(demoBrand(a.username)?.hashtags ?? []);
  const hashtags = [...a.hashtags.filter((h) => !campaignTags.has(h.replace(/^#/, '').toLowerCase())), ...rng.sample(extraTags[kind], rng.int(0, 2))];
  const country = audienceCountry(a, p.audienceCountry, rng);
  const fields = {
    post_date: slashDate(date),
    account: p.username,
    account_url: `https://www.instagram.com/${p.username}/`,
    post: `${rng.bool(0.5) ? 'Loving my new look from' : 'Thanks'} @${a.username} ${hashtags.map((h) => `#${h}`).join(' ')}${a.username.includes('_long_') ? longCaption(rng) : ''}`.trim(),
    post_url: `https://www.instagram.com/p/${hashString(`${a.id}/${index}`).toString(36)}/`,
    type_of_payed: kind,
    post_er: `${((100 * (likes + comments)) / Math.max(1, p.followers)).toFixed(2)}%`,
    post_performance: `${(rng.logNormal(1, 0.4) * 100).toFixed(1)}%`,
    post_reach: reach,
    post_likes: likes,
    post_comments: comments,
    post_video_views: views,
    ...accountFields(p, country, rng),
    account_est_budget: `$${budget.toLocaleString('en-US')}`,
  };
  // Earned media value: what the post's likes, comments and views would cost as ads.
  const emv = likes * EMV_PER_LIKE + comments * EMV_PER_COMMENT + views * EMV_PER_VIEW;
  return { fields, figures: { kind, account: p.username, reach, engagements: likes + comments, emv, price: budget, hashtags } };
}

/**
 * The campaign posts of a demo brand (data/campaigns.ts) the analysis finds: published in its
 * window and by the day it was made, with its hashtags; worked out once per analysis.
 */
const campaignByAnalysis = new WeakMap<CompetitorAnalysis, CampaignPost[]>();

function campaignPostsOf(a: CompetitorAnalysis): CampaignPost[] {
  let found = campaignByAnalysis.get(a);
  if (!found) {
    const from = Date.parse(a.dateFrom.slice(0, 10));
    const to = Date.parse(a.dateTo.slice(0, 10)) + DAY_MS;
    found = brandCampaignPosts(a.username, from, to, asOf(a), a.hashtags);
    campaignByAnalysis.set(a, found);
  }
  return found;
}

/** The moment an analysis's figures are as of: the start of the simulated day it was made, as reports and media. */
function asOf(a: CompetitorAnalysis): number {
  return Math.floor(a.createdAt / DAY_MS) * DAY_MS;
}

/** Every post of an analysis: its generated mentions, then the campaign posts it found. */
function allPostCount(a: CompetitorAnalysis): number {
  return postCount(a) + campaignPostsOf(a).length;
}

function postAt(a: CompetitorAnalysis, index: number): AnalysisPost {
  const generated = postCount(a);
  return index < generated ? post(a, index) : campaignAnalysisPost(a, campaignPostsOf(a)[index - generated]!);
}

/** A campaign post as the analysis shows it: the media's caption, date and code, its metrics on the analysis's day. */
function campaignAnalysisPost(a: CompetitorAnalysis, made: CampaignPost): AnalysisPost {
  const day = asOf(a);
  const p = accountProfile('instagram', made.account, day);
  const m = metricsAt(made, day);
  const rng = new Rng(`${made.key}:analysis`);
  const kind = made.disclosed ? 'sponsored' : 'organic';
  const budget = Math.round(p.followers * rng.float(0.002, 0.02));
  const country = audienceCountry(a, p.audienceCountry, rng);
  const hashtags = [...made.caption.matchAll(/#(\w+)/g)].map((x) => x[1]!);
  const fields = {
    post_date: slashDate(made.time),
    account: p.username,
    account_url: `https://www.instagram.com/${p.username}/`,
    post: made.caption,
    post_url: `https://www.instagram.com/p/${made.code}/`,
    type_of_payed: kind,
    post_er: `${((100 * (m.likes + m.comments)) / Math.max(1, p.followers)).toFixed(2)}%`,
    post_performance: `${((100 * m.views) / Math.max(1, p.avgViews)).toFixed(1)}%`,
    post_reach: m.reach,
    post_likes: m.likes,
    post_comments: m.comments,
    post_video_views: m.views,
    ...accountFields(p, country, rng),
    account_est_budget: `$${budget.toLocaleString('en-US')}`,
  };
  const emv = m.likes * EMV_PER_LIKE + m.comments * EMV_PER_COMMENT + m.views * EMV_PER_VIEW;
  return { fields, figures: { kind, account: p.username, reach: m.reach, engagements: m.likes + m.comments, emv, price: budget, hashtags } };
}

/** Dollars of earned media value per like, comment and video view. */
const EMV_PER_LIKE = 0.08;
const EMV_PER_COMMENT = 0.5;
const EMV_PER_VIEW = 0.02;

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
    const total = allPostCount(a);
    const start = (from as number) * (size as number);
    const out = [];
    for (let i = start; i < Math.min(total, start + (size as number)); i++) out.push(postAt(a, i).fields);
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
