// A campaign's plan: per creator and in total, what the cached reports forecast for the agreed
// posts (views, reach, engagements), what that costs per view, per engagement and per 1,000
// views, and its media value at the agency's own rates. Each figure is read exactly as Compare
// reads it (its rows' metrics, metricCell, the period rule of periodFigures.ts) and says where
// it came from; a figure a report lacks says why, never 0. Pure: main runs it over the cache.
import type { InstagramMediaListView } from './companions';
import type { CampaignCurrency, CampaignCreator, CampaignPlan, CreatorPlan, MediaRate, PlanFigure, PlanTotals } from './campaigns';
import type { ComparePeriod } from './compare';
import type { Network } from './reports';
import type { ReportModel } from './reportModel';
import { metricCell, type Cell } from './compareCells';
import { periodSourceText } from './compareModel';
import { SHARED_ROWS } from './compareRows';
import { formatCount, formatMoneyIn, formatNumber, networkLabels, PERIOD_WORDS } from './format';
import { postsCount, postsWord, readFromText } from './labels';

/** The forecast figures, in the order and words the page, the media plan's sheets and its PDF show them. */
export type PlanFigureKey = 'views' | 'reach' | 'engagements' | 'costPerView' | 'costPerEngagement' | 'costPerThousandViews' | 'mediaValue';
export const PLAN_FIGURES: readonly { key: PlanFigureKey; label: string; kind: 'count' | 'money' }[] = [
  { key: 'views', label: 'Expected views', kind: 'count' },
  { key: 'reach', label: 'Expected reach', kind: 'count' },
  { key: 'engagements', label: 'Expected engagements', kind: 'count' },
  { key: 'costPerView', label: 'Cost per view', kind: 'money' },
  { key: 'costPerEngagement', label: 'Cost per engagement', kind: 'money' },
  { key: 'costPerThousandViews', label: 'Cost per 1,000 views', kind: 'money' },
  { key: 'mediaValue', label: 'Media value', kind: 'money' },
];

/** The per-post figures each creator's forecast multiplies (the media plan lists them too). */
export const PER_POST_FIGURES: readonly { key: 'viewsPerPost' | 'reachPerPost' | 'engagementsPerPost'; label: string }[] = [
  { key: 'viewsPerPost', label: 'Views per post' },
  { key: 'reachPerPost', label: 'Reach per post' },
  { key: 'engagementsPerPost', label: 'Engagements per post' },
];

/** A creator's cached report, as the plan reads it; null when the cache holds none. */
export interface PlanReport {
  model: ReportModel;
  fetchedAt: number;
  /**
   * Instagram only: the lists of the account's cached media (null when none is cached). Its
   * report has no views; the media's average video views stand in for them.
   */
  instagramMedia?: { lists: readonly InstagramMediaListView[]; fetchedAt: number } | null;
}

/** The metrics each forecast reads: Compare's own rows, so both read a report alike. */
function rowMetrics(key: string): readonly string[] {
  return SHARED_ROWS.find((r) => r.key === key)?.metrics ?? [];
}
const VIEWS = rowMetrics('avg_views');
const LIKES = rowMetrics('avg_likes');
const COMMENTS = rowMetrics('avg_comments');
/** Reach per post: the report's own (Snapchat) or its estimate of a post's reach (Instagram, TikTok). */
const REACH = ['reach', 'blogger_reach'] as const;

const figure = (value: number, source: string): PlanFigure => ({ value, source, missing: null });
const missing = (why: string): PlanFigure => ({ value: null, source: null, missing: why });

/** A per-post figure read from the report for the period, or why there is none. */
function perPost(report: PlanReport | null, keys: readonly string[], words: string, network: Network, period: ComparePeriod): PlanFigure {
  if (!report) return missing('No cached report');
  const cell: Cell = metricCell(report.model, keys, period);
  if (typeof cell.value === 'number' && Number.isFinite(cell.value)) {
    const when = periodSourceText(cell.periodSource, period);
    return figure(cell.value, readFromText(cell.label ?? words, networkLabels[network], when === 'As fetched' ? '' : when));
  }
  // A period without posts: the report's own words for it (never 0).
  if (cell.absent) return missing(cell.absent);
  return missing(`The ${networkLabels[network]} report has no ${words.toLowerCase()}`);
}

/** The media's lists by period, shortest first: the plan's period, else the longest shorter one. */
const MEDIA_PERIODS = ['7d', '30d', '90d', '180d'] as const;

/**
 * An Instagram creator's views per post: its report has none, so the average video views of its
 * cached media (reels first: what a campaign buys; then all its posts) over the plan's period, or
 * the longest the media carry within it. Missing, with what to do, when no media are cached.
 */
function instagramViews(report: PlanReport | null, period: ComparePeriod): PlanFigure | null {
  if (!report) return null;
  const media = report.instagramMedia;
  if (!media) return missing('The Instagram report has no average views, and the account’s media are not cached: open its Media tab once (its answer is kept) and the plan reads their average video views');
  const within = MEDIA_PERIODS.filter((p) => Number.parseInt(p) <= Number.parseInt(period));
  for (const group of ['reels', 'all'] as const) {
    for (const p of [...within].reverse()) {
      const list = media.lists.find((l) => l.group === group && l.sort === 'time_posted_desc' && l.period === p);
      if (list?.viewsAvg != null && Number.isFinite(list.viewsAvg)) {
        const of = group === 'reels' ? 'reels' : 'posts';
        return figure(list.viewsAvg, `"Average video views" of the ${of} in the cached Instagram media, ${PERIOD_WORDS[p]}`);
      }
    }
  }
  return missing(`Neither the Instagram report nor the account’s cached media have average views for ${PERIOD_WORDS[period]}`);
}

/** `n` posts of a per-post figure. */
function times(posts: number, network: Network, each: PlanFigure): PlanFigure {
  return each.value === null ? each : figure(posts * each.value, `${postsCount(network, posts)} × ${each.source}`);
}

/** Fee ÷ a figure (× `scale`); missing when the figure is, or is 0 (nothing to divide by). */
function costPer(fee: number, of: PlanFigure, scale: number, what: string): PlanFigure {
  if (of.value === null) return missing(`No ${what}: ${lowerFirst(of.missing ?? 'no figure')}`);
  if (of.value <= 0) return missing(`The forecast ${what} are 0`);
  return figure((fee / of.value) * scale, scale === 1 ? `fee ÷ ${what}` : `fee ÷ ${what} × ${formatNumber(scale)}`);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** The media rates of a network in words, in the campaign's currency; null when none is set. */
export function rateText(rate: MediaRate | undefined, network: Network, currency: CampaignCurrency): string | null {
  const parts = [
    rate?.perThousandViews != null ? `${formatMoneyIn(rate.perThousandViews, currency)} per 1,000 views` : null,
    rate?.perEngagement != null ? `${formatMoneyIn(rate.perEngagement, currency)} per engagement` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `${parts.join(' + ')}, ${networkLabels[network]} rates`;
}

/** Views ÷ 1,000 × the view rate + engagements × the engagement rate, of the rates that are set. */
function mediaValue(rate: MediaRate | undefined, network: Network, views: PlanFigure, engagements: PlanFigure): PlanFigure {
  const byViews = rate?.perThousandViews ?? null;
  const byEngagements = rate?.perEngagement ?? null;
  if (byViews === null && byEngagements === null) return missing(`No media rates set for ${networkLabels[network]}`);
  if (byViews !== null && views.value === null) return missing(`No expected views: ${lowerFirst(views.missing ?? 'no figure')}`);
  if (byEngagements !== null && engagements.value === null) return missing(`No expected engagements: ${lowerFirst(engagements.missing ?? 'no figure')}`);
  const parts: string[] = [];
  let value = 0;
  if (byViews !== null) {
    value += (views.value! / 1000) * byViews;
    parts.push('views ÷ 1,000 × the view rate');
  }
  if (byEngagements !== null) {
    value += engagements.value! * byEngagements;
    parts.push('engagements × the engagement rate');
  }
  return figure(value, parts.join(' + '));
}

/** The forecast of one creator from its cached report (null: none cached). */
export function creatorPlan(creator: CampaignCreator, report: PlanReport | null, period: ComparePeriod, rates: Partial<Record<Network, MediaRate>>, currency: CampaignCurrency): CreatorPlan {
  const { network, posts, fee } = creator;
  const noReport = report ? null : `No cached report of ${creator.name}: the plan reads only the cache (fetch it on Accounts)`;
  const read = (keys: readonly string[], words: string) => (noReport ? missing(noReport) : perPost(report, keys, words, network, period));
  const fromReport = read(VIEWS, 'Average views');
  const viewsPerPost = network === 'instagram' && fromReport.value === null ? (instagramViews(report, period) ?? fromReport) : fromReport;
  const reachPerPost = read(REACH, 'Reach');
  const likes = read(LIKES, 'Average likes');
  const comments = read(COMMENTS, 'Average comments');
  const engagementsPerPost =
    likes.value === null ? likes : comments.value === null ? comments : figure(likes.value + comments.value, `${likes.source} + ${comments.source}`);
  const views = times(posts, network, viewsPerPost);
  const reach = times(posts, network, reachPerPost);
  const engagements = times(posts, network, engagementsPerPost);
  const rate = rates[network];
  return {
    network,
    accountKey: creator.accountKey,
    name: creator.name,
    posts,
    postsWord: postsWord(network),
    fee,
    reportFetchedAt: report?.fetchedAt ?? null,
    viewsPerPost,
    views,
    reachPerPost,
    reach,
    engagementsPerPost,
    engagements,
    costPerView: costPer(fee, views, 1, 'expected views'),
    costPerEngagement: costPer(fee, engagements, 1, 'expected engagements'),
    costPerThousandViews: costPer(fee, views, 1000, 'expected views'),
    mediaValue: mediaValue(rate, network, views, engagements),
    rateText: rateText(rate, network, currency),
  };
}

/** The sum of a figure over the creators that have it; says which do not. */
function total(creators: readonly CreatorPlan[], pick: (c: CreatorPlan) => PlanFigure, words: string): PlanFigure & { feeOf: number } {
  const have = creators.filter((c) => pick(c).value !== null);
  const lacking = creators.filter((c) => pick(c).value === null);
  if (have.length === 0) return { ...missing(creators.length === 0 ? 'No creators yet' : `No creator has ${words}`), feeOf: 0 };
  const value = have.reduce((s, c) => s + pick(c).value!, 0);
  const feeOf = have.reduce((s, c) => s + c.fee, 0);
  const source =
    lacking.length === 0
      ? `sum over all ${formatCount(creators.length)} creators`
      : `sum over ${formatCount(have.length)} of ${formatCount(creators.length)} creators; without ${lacking.map((c) => c.name).join(', ')} (no ${words})`;
  return { value, source, missing: null, feeOf };
}

/** Fee of the creators a total covers ÷ that total (× `scale`). */
function totalCost(of: PlanFigure & { feeOf: number }, scale: number, what: string): PlanFigure {
  if (of.value === null) return missing(`No ${what}`);
  if (of.value <= 0) return missing(`The forecast ${what} are 0`);
  const covered = of.source?.startsWith('sum over all') ? 'total fee' : 'fees of the creators with a forecast';
  return figure((of.feeOf / of.value) * scale, `${covered} ÷ ${what}${scale === 1 ? '' : ` × ${formatNumber(scale)}`}`);
}

export function planTotals(creators: readonly CreatorPlan[]): PlanTotals {
  const views = total(creators, (c) => c.views, 'expected views');
  const engagements = total(creators, (c) => c.engagements, 'expected engagements');
  const strip = ({ feeOf: _, ...f }: PlanFigure & { feeOf: number }): PlanFigure => f;
  return {
    posts: creators.reduce((s, c) => s + c.posts, 0),
    fee: creators.reduce((s, c) => s + c.fee, 0),
    views: strip(views),
    reach: strip(total(creators, (c) => c.reach, 'expected reach')),
    engagements: strip(engagements),
    costPerView: totalCost(views, 1, 'expected views'),
    costPerEngagement: totalCost(engagements, 1, 'expected engagements'),
    costPerThousandViews: totalCost(views, 1000, 'expected views'),
    mediaValue: strip(total(creators, (c) => c.mediaValue, 'media value')),
  };
}

/** The whole plan of a campaign, from each creator's cached report (`reportOf`, null when none). */
export function campaignPlan(
  campaign: { currency: CampaignCurrency; basisPeriod: ComparePeriod; rates: Partial<Record<Network, MediaRate>>; creators: readonly CampaignCreator[] },
  reportOf: (c: CampaignCreator) => PlanReport | null,
  at: number,
): CampaignPlan {
  const creators = campaign.creators.map((c) => creatorPlan(c, reportOf(c), campaign.basisPeriod, campaign.rates, campaign.currency));
  return { at, frozen: false, currency: campaign.currency, basisPeriod: campaign.basisPeriod, creators, totals: planTotals(creators) };
}

/** What the plan reads, in words: 'Figures for 90 days, from each creator's cached report'. */
export function planBasisText(period: ComparePeriod): string {
  return `Per post, each creator’s cached report for ${PERIOD_WORDS[period]} (365 days, or the report’s headline figure, where it lacks ${PERIOD_WORDS[period]})`;
}
