// Campaigns: a client's campaign (its brand, what counts as its post, its window, its creators
// with what each agreed and is paid, the agency's media rates) and its plan, forecast from the
// cache only and frozen when the campaign starts. Every payload is checked here, at the boundary.
import { z } from 'zod';
import { comparePeriods } from '@shared/compare';
import { isCalendarDay } from '@shared/calendarDay';
import { formatDay } from '@shared/format';
import { networks } from '@shared/reports';
import {
  brandNetworks,
  campaignCurrencies,
  campaignSources,
  CAMPAIGN_MAX_CREATORS,
  CAMPAIGN_MAX_FEE,
  CAMPAIGN_MAX_MATCH_TERMS,
  CAMPAIGN_MAX_NAME,
  CAMPAIGN_MAX_POSTS,
  CAMPAIGN_MAX_RATE,
  type Campaign,
  type CampaignCandidates,
  type CampaignSummary,
  type CampaignView,
} from '@shared/campaigns';
import { account, network, noInput, op, seenVersion, withAccountRef, type OperationsOf } from './common';
import type { CampaignsChannel } from './campaigns.channels';

const id = z.object({ id: z.number().int().positive() }).strict();

const day = (what: string) => z.string().trim().refine(isCalendarDay, `${what} is a day written YYYY-MM-DD.`);

/** A list of terms, each trimmed of its sign ('#', '@') and checked; blanks dropped, repeats once. */
const terms = (what: string, sign: RegExp, shape: RegExp, example: string) =>
  z
    .array(z.string().max(200, `A ${what} is at most 200 characters.`))
    .max(CAMPAIGN_MAX_MATCH_TERMS, `A campaign counts at most ${CAMPAIGN_MAX_MATCH_TERMS} ${what}s.`)
    .transform((list) => [...new Set(list.map((t) => t.trim().replace(sign, '').toLowerCase()).filter((t) => t !== ''))])
    .superRefine((list, ctx) => {
      const bad = list.find((t) => !shape.test(t));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `“${bad}” is not a ${what} (for example ${example}).` });
    });

const match = z
  .object({
    hashtags: terms('hashtag', /^#/, /^[\p{L}\p{N}_]+$/u, '#summerglow'),
    mentions: terms('mention', /^@/, /^[\p{L}\p{N}_.]+$/u, '@glowbrand'),
    linkDomains: terms('link domain', /^(https?:\/\/)?(www\.)?/i, /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, 'glow.example.com'),
    paidPartnership: z.boolean(),
  })
  .strict();

const brand = z
  .string()
  .trim()
  .max(200, 'A brand account is at most 200 characters.')
  .refine((s) => !/\s/.test(s), 'A brand account is one name, link or channel id, without spaces.');

const amount = (what: string, max: number) =>
  z
    .number({ error: `${what} is a number.` })
    .finite(`${what} is a number.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} is at most ${max.toLocaleString('en-US')}.`);

const rate = z
  .object({ perThousandViews: amount('A rate per 1,000 views', CAMPAIGN_MAX_RATE).nullable(), perEngagement: amount('A rate per engagement', CAMPAIGN_MAX_RATE).nullable() })
  .strict();

const creator = withAccountRef(
  z
    .object({
      network,
      account,
      name: z.string().trim().min(1).max(400),
      source: z.enum(campaignSources),
      sourceName: z.string().trim().max(200).nullable().default(null),
      posts: z
        .number()
        .int('Agreed posts are a whole number.')
        .min(1, 'A creator agrees at least 1 post.')
        .max(CAMPAIGN_MAX_POSTS, `A creator agrees at most ${CAMPAIGN_MAX_POSTS} posts.`),
      dueDates: z.array(day('A due date')).max(CAMPAIGN_MAX_POSTS).default([]),
      fee: amount('A fee', CAMPAIGN_MAX_FEE),
    })
    .strict(),
);

/**
 * What the parts of a campaign say of each other (its window, each creator's due dates): checked
 * on every save, and again on a save made over a teammate's changes (`seen`).
 */
export function campaignProblems(c: {
  window: { from: string; to: string };
  creators: readonly { network: string; accountKey: string; name: string; posts: number; dueDates: readonly string[] }[];
}): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (c.window.to < c.window.from) out.push({ path: ['window', 'to'], message: `The window ends on ${formatDay(c.window.to)}, before it starts on ${formatDay(c.window.from)}.` });
  const seen = new Set<string>();
  c.creators.forEach((x, i) => {
    const key = `${x.network}:${x.accountKey}`;
    const named = x.name;
    if (seen.has(key)) out.push({ path: ['creators', i], message: `${named} is in the campaign twice.` });
    seen.add(key);
    if (x.dueDates.length > x.posts) out.push({ path: ['creators', i, 'dueDates'], message: `${named} has more due dates (${x.dueDates.length}) than agreed posts (${x.posts}).` });
    const outside = x.dueDates.find((d) => d < c.window.from || d > c.window.to);
    if (outside !== undefined) {
      out.push({ path: ['creators', i, 'dueDates'], message: `${named}’s due date ${formatDay(outside)} is outside the window (${formatDay(c.window.from)} to ${formatDay(c.window.to)}).` });
    }
  });
  return out;
}

/**
 * What a campaign's editor showed when the researcher began (`campaignSeen` of the campaign: its
 * `team.version` and its fields by the team's names). Only what differs from it is applied to the
 * campaign as it is now, and a Team workspace shares the edit as made on that version.
 */
const seen = z
  .object({
    version: seenVersion,
    fields: z.record(z.string().max(200), z.unknown()).refine((f) => Object.keys(f).length <= CAMPAIGN_MAX_CREATORS + 20, 'Too many fields.'),
  })
  .strict()
  .optional();

export const campaignInput = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, 'Give the campaign a name.').max(CAMPAIGN_MAX_NAME, `A campaign’s name is at most ${CAMPAIGN_MAX_NAME} characters.`),
    client: z.string().trim().min(1, 'Name the client.').max(CAMPAIGN_MAX_NAME, `A client’s name is at most ${CAMPAIGN_MAX_NAME} characters.`),
    currency: z.enum(campaignCurrencies, { error: `The currency is one of ${campaignCurrencies.join(', ')}.` }),
    brands: z.object(Object.fromEntries(brandNetworks.map((n) => [n, brand])) as Record<(typeof brandNetworks)[number], typeof brand>).strict(),
    match,
    window: z.object({ from: day('The window’s first day'), to: day('The window’s last day') }).strict(),
    basisPeriod: z.enum(comparePeriods),
    rates: z.partialRecord(z.enum(networks), rate),
    creators: z.array(creator).max(CAMPAIGN_MAX_CREATORS, `A campaign holds at most ${CAMPAIGN_MAX_CREATORS} creators.`),
    seen,
  })
  .strict()
  .superRefine((c, ctx) => {
    for (const p of campaignProblems({ window: c.window, creators: c.creators.map((x) => ({ ...x, network: x.account.network, accountKey: x.account.key })) })) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
  })
  .transform((c) => ({
    ...c,
    creators: c.creators.map(({ account: ref, ...x }) => ({ ...x, network: ref.network, accountKey: ref.key, dueDates: [...x.dueDates].sort() })),
  }));

export const campaignsOperations = {
  /** Every campaign, the latest edited first. */
  'campaigns:list': op<CampaignSummary[]>()(noInput),
  /** A campaign and its plan: frozen as it was when started, else forecast now from the cache (never a paid call). */
  'campaigns:get': op<CampaignView | null>()(id),
  /** Creates a campaign, or replaces the one with `id` (with `seen`: only what its editor changed). A started campaign's plan inputs (creators, posts, fees, rates, currency, period) stay as they were. */
  'campaigns:save': op<Campaign>()(campaignInput),
  'campaigns:delete': op<{ deleted: boolean }>()(id),
  /** "Start campaign": the plan as it is now is kept, and later changes to the cache do not change it. `seen`: the version the page showed (a Team workspace shares the start as made on it). */
  'campaigns:start': op<CampaignView>()(z.object({ id: z.number().int().positive(), seen: z.object({ version: seenVersion }).strict().optional() }).strict()),
  /** The accounts a creator can be added from: the library, the shortlist and each list. */
  'campaigns:candidates': op<CampaignCandidates>()(noInput),
} satisfies OperationsOf<CampaignsChannel>;

/** The parts of a campaign as the contract reads them, for a teammate's shared campaign (read as hostile, like a request). */
export const campaignParts = {
  match,
  brands: z.object(Object.fromEntries(brandNetworks.map((n) => [n, brand])) as Record<(typeof brandNetworks)[number], typeof brand>).strict(),
  rates: z.partialRecord(z.enum(networks), rate),
  amount,
};
