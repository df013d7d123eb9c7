// Competitor analyses (spec 4.13) as the renderer sees them: the create form's rules (checked in
// the page at each field and again by the contract), an analysis with its aggregates, and the
// post browser's query, which main answers from SQLite so 50,000 posts sort and filter at once.
import { z } from 'zod';
import { CALENDAR_DAY_FORMAT, isCalendarDay } from './calendarDay';
import type { WorkspaceId } from './workspaces';
import { isCountryCode } from './countries';

/** The create form's fields, as the contract takes them; each message names what to fix. */
export const competitorFieldShape = {
  username: z
    .string()
    .trim()
    .transform((s) => s.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter the brand’s Instagram username.')
        .max(30, 'An Instagram username has at most 30 characters.')
        .regex(/^[A-Za-z0-9._]+$/, 'An Instagram username has only letters, digits, dots and underscores.'),
    ),
  dateFrom: z.string().refine(isCalendarDay, 'Enter the first day as a date.'),
  dateTo: z.string().refine(isCalendarDay, 'Enter the last day as a date.'),
  /** Upper-case ISO 3166 two-letter codes; empty means worldwide. */
  audienceGeo: z
    .array(z.string().transform((s) => s.trim().toUpperCase()))
    .max(50, 'At most 50 countries.')
    .refine((codes) => codes.every(isCountryCode), {
      message: 'Use two-letter ISO country codes such as US, GB or DE, or leave it empty for worldwide.',
    }),
  hashtags: z
    .array(z.string().trim().transform((s) => s.replace(/^#/, '')))
    .max(30, 'At most 30 hashtags.')
    .refine((tags) => tags.every((t) => /^[\p{L}\p{N}_]{1,100}$/u.test(t)), { message: 'A hashtag is letters, digits and underscores, without spaces.' }),
};

/** The last day is not before the first (checked once both are dates). */
export function datesInOrder(v: { dateFrom: string; dateTo: string }, ctx: z.RefinementCtx): void {
  if (isCalendarDay(v.dateFrom) && isCalendarDay(v.dateTo) && v.dateFrom > v.dateTo) {
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The last day must not be before the first.' });
  }
}

export const competitorCreateFields = z.object(competitorFieldShape).strict().superRefine(datesInOrder);

export type CompetitorCreateInput = z.input<typeof competitorCreateFields>;

/** Splits what the researcher typed into codes or tags ("us, gb de" → ['us', 'gb', 'de']). */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Field messages for the form, keyed by field; empty when the values can be sent. */
export function competitorFormProblems(input: CompetitorCreateInput): Partial<Record<keyof CompetitorCreateInput, string>> {
  const parsed = competitorCreateFields.safeParse(input);
  if (parsed.success) return {};
  const out: Partial<Record<keyof CompetitorCreateInput, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CompetitorCreateInput | undefined;
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

export interface CompetitorPart {
  emv: number | null;
  reach: number | null;
  contributors: number | null;
  mentions: number | null;
  priceSum: number | null;
}

export interface CompetitorAggregatesView {
  emv: number | null;
  reach: number | null;
  contributors: number | null;
  mentions: number | null;
  sponsoredRatioPrc: number | null;
  cpe: number | null;
  sponsored: CompetitorPart | null;
  likelySponsored: CompetitorPart | null;
  price: { sumFrom: number | null; sumTo: number | null } | null;
  topHashtags: { title: string; value: number | null }[];
}

/** What an analysis is, apart from what its cached posts say (reading those reads every post). */
export type CompetitorAnalysisAbout = Omit<CompetitorAnalysisView, 'postsCached' | 'postsComplete' | 'facets'>;

export interface CompetitorAnalysisView {
  reportId: string;
  username: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  /** Upper-case codes; empty is worldwide. */
  audienceGeo: string[];
  hashtags: string[];
  /** 0 calculating, 10 ready. */
  state: number | null;
  createdAt: number;
  /** When the API was last asked about it. */
  updatedAt: number;
  aggregates: CompetitorAggregatesView | null;
  /** Posts kept in the cache, and whether every page has been fetched. */
  postsCached: number;
  postsComplete: boolean;
  /** The values the post browser's filters offer, from the cached posts. */
  facets: { paidTypes: string[]; accountTypes: string[]; countries: string[] };
}

export const competitorSortKeys = ['date', 'account', 'followers', 'er', 'reach', 'likes', 'comments', 'paidType', 'country', 'budget'] as const;
export type CompetitorSortKey = (typeof competitorSortKeys)[number];

export const competitorFilters = z
  .object({
    text: z.string().max(200).optional(),
    paidTypes: z.array(z.string().max(100)).max(20).optional(),
    accountTypes: z.array(z.string().max(100)).max(20).optional(),
    countries: z.array(z.string().max(10)).max(300).optional(),
    followersMin: z.number().nonnegative().optional(),
    followersMax: z.number().nonnegative().optional(),
    /** Engagement rate of the post, in percent. */
    erMin: z.number().optional(),
    erMax: z.number().optional(),
    /** yyyy-mm-dd, inclusive. */
    dateFrom: z.string().regex(CALENDAR_DAY_FORMAT).optional(),
    dateTo: z.string().regex(CALENDAR_DAY_FORMAT).optional(),
  })
  .strict();
export type CompetitorFilters = z.infer<typeof competitorFilters>;

export interface CompetitorPostRow {
  /** The post's place in the analysis (page × size + index), stable across fetches. */
  index: number;
  postDate: string | null;
  account: string | null;
  accountUrl: string | null;
  caption: string | null;
  postUrl: string | null;
  paidType: string | null;
  er: number | null;
  performance: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  videoViews: number | null;
  accountType: string | null;
  accountCategory: string | null;
  verified: boolean | null;
  followers: number | null;
  country: string | null;
  estBudget: number | null;
}

export interface CompetitorPostsPage {
  /** Posts matching the filters (all of them, not just this page). */
  total: number;
  offset: number;
  rows: CompetitorPostRow[];
}

/** Fetching an analysis's posts: one event per page, the last with phase 'finished'. */
/** An analysis paid for whose answer was lost after the charge: said on the page, never asked for again by Scout. */
export interface LostAnalysis {
  /** The brand's username, lower-cased as the ledger keeps it. */
  username: string;
  paidAt: number;
}

export interface CompetitorProgress {
  /** The workspace the posts are fetched in, as in every progress event. */
  workspace: WorkspaceId;
  reportId: string;
  phase: 'posts' | 'finished';
  fetched: number;
  /** The analysis's mention count, when known: about how many posts there are. */
  expected: number | null;
  error?: { code: string; message: string } | null;
  cancelled?: boolean;
}

