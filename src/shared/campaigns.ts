// What a campaign is, for main and the renderer alike: its client and brand, what counts as one
// of its posts, its window, the creators with what each agreed and is paid, the agency's media
// rates, and the plan forecast from the cache (campaignPlan.ts). Pure data: no imports but types.
import type { ComparePeriod } from './compare';
import type { Network } from './reports';
import type { TeamStamp } from './teamSeen';

/** The currencies a campaign's fees and rates may be in (ISO 4217). */
export const campaignCurrencies = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'MXN', 'INR'] as const;
export type CampaignCurrency = (typeof campaignCurrencies)[number];

/** Where a creator was added from. */
export const campaignSources = ['library', 'shortlist', 'list'] as const;
export type CampaignSource = (typeof campaignSources)[number];
export const campaignSourceLabels: Readonly<Record<CampaignSource, string>> = { library: 'Library', shortlist: 'Shortlist', list: 'List' };

/** The networks whose brand accounts a campaign names. */
export const brandNetworks = ['instagram', 'tiktok', 'youtube'] as const satisfies readonly Network[];
export type BrandNetwork = (typeof brandNetworks)[number];

export const CAMPAIGN_MAX_CREATORS = 100;
export const CAMPAIGN_MAX_NAME = 120;
export const CAMPAIGN_MAX_MATCH_TERMS = 50;
export const CAMPAIGN_MAX_POSTS = 100;
export const CAMPAIGN_MAX_FEE = 1e9;
export const CAMPAIGN_MAX_RATE = 1e6;

/** What counts as a post of the campaign: any of its terms, or the network's paid-partnership flag. */
export interface CampaignMatch {
  /** Without '#', as written ('summerglow'). */
  hashtags: string[];
  /** Without '@' ('glowbrand'). */
  mentions: string[];
  /** Host names ('glow.example'). */
  linkDomains: string[];
  /** True: a post the network flags as a paid partnership counts. */
  paidPartnership: boolean;
}

/** The agency's media rates on one network, in the campaign's currency: null where none is set. */
export interface MediaRate {
  perThousandViews: number | null;
  perEngagement: number | null;
}

/** One creator of a campaign: an account, where it was added from, what was agreed and the fee. */
export interface CampaignCreator {
  network: Network;
  accountKey: string;
  /** How the researcher knows it ('National Geographic (@natgeo, Instagram)'), kept from where it was added. */
  name: string;
  source: CampaignSource;
  /** The list's name, when added from a list. */
  sourceName: string | null;
  /** Posts (videos on YouTube, streams on Twitch) agreed on the creator's network. */
  posts: number;
  /** When each agreed post is due (`YYYY-MM-DD`), earliest first; may be fewer than the posts. */
  dueDates: string[];
  /** The fee, in the campaign's currency. */
  fee: number;
}

/** What the editor saves (`campaigns:save`). */
export interface CampaignInput {
  name: string;
  client: string;
  currency: CampaignCurrency;
  /** The brand's account on each network; '' where the brand has none. */
  brands: Record<BrandNetwork, string>;
  match: CampaignMatch;
  /** The campaign's window, `YYYY-MM-DD`, both days included. */
  window: { from: string; to: string };
  /** The report period the plan reads its figures for. */
  basisPeriod: ComparePeriod;
  /** The agency's media rates by network (a network absent: no rate set). */
  rates: Partial<Record<Network, MediaRate>>;
  creators: CampaignCreator[];
}

export interface Campaign extends CampaignInput {
  id: number;
  createdAt: number;
  updatedAt: number;
  /** When "Start campaign" froze its plan; null while it is being planned. */
  startedAt: number | null;
  team?: TeamStamp;
}

/** One forecast figure: its value, where it was read (or how it was made), or why it is missing. */
export interface PlanFigure {
  value: number | null;
  /** '3 posts × "Average views" in the Instagram report, 90 days'; null when missing. */
  source: string | null;
  /** Why there is no figure, in words ('The Instagram report has no average views'); null when there is one. */
  missing: string | null;
}

export interface CreatorPlan {
  network: Network;
  accountKey: string;
  name: string;
  posts: number;
  /** 'posts', 'videos', 'streams': what the creator's network counts. */
  postsWord: string;
  fee: number;
  /** When the report the plan read was fetched; null without a cached report. */
  reportFetchedAt: number | null;
  viewsPerPost: PlanFigure;
  views: PlanFigure;
  reachPerPost: PlanFigure;
  reach: PlanFigure;
  engagementsPerPost: PlanFigure;
  engagements: PlanFigure;
  costPerView: PlanFigure;
  costPerEngagement: PlanFigure;
  costPerThousandViews: PlanFigure;
  mediaValue: PlanFigure;
  /** The rates the media value is at, in words, beside it ('€12.00 per 1,000 views + €0.10 per engagement, Instagram rates'); null when none is set. */
  rateText: string | null;
}

/** The campaign's totals: sums over the creators that have each figure; `missing` names those that do not. */
export interface PlanTotals {
  posts: number;
  fee: number;
  views: PlanFigure;
  reach: PlanFigure;
  engagements: PlanFigure;
  costPerView: PlanFigure;
  costPerEngagement: PlanFigure;
  costPerThousandViews: PlanFigure;
  mediaValue: PlanFigure;
}

export interface CampaignPlan {
  /** When it was computed from the cache (the freeze time, for a started campaign). */
  at: number;
  frozen: boolean;
  currency: CampaignCurrency;
  basisPeriod: ComparePeriod;
  creators: CreatorPlan[];
  totals: PlanTotals;
}

/** A campaign and its plan: as frozen once started, else forecast now from the cache. */
export interface CampaignView {
  campaign: Campaign;
  plan: CampaignPlan;
}

/** A campaign in the list. */
export interface CampaignSummary {
  id: number;
  name: string;
  client: string;
  window: { from: string; to: string };
  creators: number;
  startedAt: number | null;
  updatedAt: number;
}

/** An account a creator can be added from: the library, the shortlist or a list. */
export interface CampaignCandidate {
  network: Network;
  accountKey: string;
  name: string;
  source: CampaignSource;
  sourceName: string | null;
  /** True when the cache holds a report of it (the plan reads one). */
  cached: boolean;
}

export interface CampaignCandidates {
  library: CampaignCandidate[];
  shortlist: CampaignCandidate[];
  lists: { id: number; name: string; accounts: CampaignCandidate[] }[];
}

/** The figures that make the plan: a started campaign keeps them as they were. */
export function planInputs(c: Pick<CampaignInput, 'currency' | 'basisPeriod' | 'rates' | 'creators'>): string {
  const rates = Object.entries(c.rates)
    .filter(([, r]) => r && (r.perThousandViews !== null || r.perEngagement !== null))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({
    currency: c.currency,
    basisPeriod: c.basisPeriod,
    rates,
    creators: c.creators.map((x) => [x.network, x.accountKey, x.posts, x.fee]),
  });
}

// ---- A campaign as shared work (a Team workspace) -------------------------------------------
// Its fields, by the team's names: one per part the editor edits (name, client, currency,
// brands, match, window, basisPeriod, rates) and one per creator (`creator:<network>:<account>`,
// what was agreed with them), so two researchers adding or editing two creators at once keep
// both. The frozen plan is one more field (`started`), written by "Start campaign".

/** A creator of a campaign as its shared field's value (the account is in the field's name). */
export type SharedCreator = Omit<CampaignCreator, 'network' | 'accountKey'>;

/** A creator's field: `creator:instagram:natgeo`. */
export const campaignCreatorField = (c: { network: Network; accountKey: string }): string => `creator:${c.network}:${c.accountKey}`;

/** The fields a campaign's editor edits, by the team's names (`team.by` names who last changed each). */
export function campaignFields(c: CampaignInput): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: c.name,
    client: c.client,
    currency: c.currency,
    brands: c.brands,
    match: c.match,
    window: c.window,
    basisPeriod: c.basisPeriod,
    rates: c.rates,
  };
  for (const x of c.creators) {
    const creator: SharedCreator = { name: x.name, source: x.source, sourceName: x.sourceName, posts: x.posts, dueDates: x.dueDates, fee: x.fee };
    out[campaignCreatorField(x)] = creator;
  }
  return out;
}

/**
 * What a campaign's editor showed when the researcher began (sent with `campaigns:save` and
 * `campaigns:start`): its `team.version` and its fields by the team's names.
 */
export interface CampaignSeen {
  version: number;
  fields: Record<string, unknown>;
}

/** What an editor showing `campaign` sends as seen. */
export function campaignSeen(campaign: Campaign): CampaignSeen {
  return { version: campaign.team?.version ?? 0, fields: campaignFields(campaign) };
}

/** The account a creator's field names; null when `field` is not one. */
export function campaignCreatorOf(field: string): { network: Network; accountKey: string } | null {
  const m = /^creator:([a-z]+):(.+)$/s.exec(field);
  return m ? { network: m[1] as Network, accountKey: m[2]! } : null;
}

/**
 * A campaign from its fields (read and checked already), its creators in `order` (fields by the
 * team's names) and then those `order` does not hold, by field name: every laptop alike.
 */
export function campaignOfFields(fields: Record<string, unknown>, order: readonly string[] = []): CampaignInput {
  const creatorFields = Object.keys(fields)
    .filter((f) => campaignCreatorOf(f) !== null && fields[f] !== null && fields[f] !== undefined)
    .sort((a, b) => {
      const [i, j] = [order.indexOf(a), order.indexOf(b)];
      if (i !== j) return i === -1 ? 1 : j === -1 ? -1 : i - j;
      return a < b ? -1 : a > b ? 1 : 0;
    });
  return {
    name: fields.name as string,
    client: fields.client as string,
    currency: fields.currency as CampaignCurrency,
    brands: fields.brands as CampaignInput['brands'],
    match: fields.match as CampaignMatch,
    window: fields.window as CampaignInput['window'],
    basisPeriod: fields.basisPeriod as ComparePeriod,
    rates: fields.rates as CampaignInput['rates'],
    creators: creatorFields.map((f) => ({ ...campaignCreatorOf(f)!, ...(fields[f] as SharedCreator) })),
  };
}

/** A campaign's parts in words, by the team's field names (notices, and an editor's "changed meanwhile"). */
export const campaignPartWords: Readonly<Record<string, string>> = {
  name: 'the name',
  client: 'the client',
  currency: 'the currency',
  brands: 'the brand’s accounts',
  match: 'what counts as a campaign post',
  window: 'the window',
  basisPeriod: 'the period the plan reads',
  rates: 'the media rates',
  started: 'the start and its frozen plan',
};

/** A part of a campaign in words: a creator's field by the creator's name (`creatorName`). */
export function campaignPart(field: string, creatorName: (ref: { network: Network; accountKey: string }) => string): string {
  const ref = campaignCreatorOf(field);
  return ref ? `what was agreed with ${creatorName(ref)}` : (campaignPartWords[field] ?? 'a part');
}
