// A campaign as shared work in a Team workspace (the team's rule: team/sharedFold.ts). Its fields:
// name, client, currency, brands, match, window, basisPeriod, rates; one per creator
// (`creator:<network>:<account>`: what was agreed with them, so two researchers adding or editing
// two creators at once keep both); and `started`, written by "Start campaign": when, the media
// rates and the plan as they were frozen — so every laptop holds the one plan the team froze,
// never one forecast again from its own cache.
//
// A START RACING AN EDIT (decided here, told like every overtaken edit): the start wins. Once the
// team's campaign has `started`, what makes its plan (currency, period, rates, each creator's
// posts and fee, which creators) is the frozen plan's on every laptop, whichever reached the team
// first. An edit of those made without having seen the start (and the start without having seen
// it) does not change the frozen plan: it stays in its field's history, and its author is told
// ("Bob Lund started the campaign “Summer glow” while you were changing …"). Reason: the frozen
// plan is what the client's results are held against; an edit typed while a teammate froze it
// must not re-price it behind their back, nor be lost. Parts that do not make the plan (name,
// client, brands, match, window, due dates) stay editable after the start, by the usual rule.
// Two starts at once: the usual rule (the later is the team's; the earlier's author is told).
//
// Each value read from the team is checked like a request (the contract's own parts) before it is
// written; one that does not read is set aside with why, and the campaign stays as it was.
import { z } from 'zod';
import {
  CAMPAIGN_MAX_CREATORS,
  CAMPAIGN_MAX_FEE,
  CAMPAIGN_MAX_NAME,
  CAMPAIGN_MAX_POSTS,
  campaignCreatorField,
  campaignCreatorOf,
  campaignCurrencies,
  campaignFields,
  campaignOfFields,
  campaignPart,
  campaignSources,
  type CampaignInput,
  type CampaignPlan,
  type SharedCreator,
} from '@shared/campaigns';
import { campaignParts } from '@shared/contract/campaigns';
import { comparePeriods } from '@shared/compare';
import { isCalendarDay } from '@shared/calendarDay';
import { networks, type Network } from '@shared/reports';
import { accountKey as keyOf } from '../../platform/cache/repositories/common';
import { canonical, type Conflict, type DocState, type Fields, type SharedChange } from '../../team/sharedFold';
import type { DocAdapter } from '../../team/sharedLog';
import type { CampaignsRepository } from './campaignsRepository';

/** Words only: no control characters in what every teammate's screen shows. */
const words = (max: number) => z.string().max(max).regex(/^[^\p{Cc}]*$/u, 'control characters');
/** A day exactly as Scout writes it (the local table checks its shape; a padded one would never write). */
const day = z.string().refine(isCalendarDay, 'a day written YYYY-MM-DD');
const named = words(CAMPAIGN_MAX_NAME).refine((s) => s.trim() === s && s.length >= 1, `1 to ${CAMPAIGN_MAX_NAME} characters, trimmed`);
const posts = z.number().int().min(1).max(CAMPAIGN_MAX_POSTS);
const fee = campaignParts.amount('A fee', CAMPAIGN_MAX_FEE);
const window = z
  .object({ from: day, to: day })
  .strict()
  .refine((w) => w.to >= w.from, 'a window that ends before it starts');

const creator = z
  .object({
    name: words(400).min(1),
    source: z.enum(campaignSources),
    sourceName: words(200).nullable(),
    posts,
    dueDates: z.array(day).max(CAMPAIGN_MAX_POSTS),
    fee,
  })
  .strict()
  .refine((c) => c.dueDates.length <= c.posts, 'more due dates than agreed posts')
  .refine((c) => c.dueDates.every((d, i) => i === 0 || c.dueDates[i - 1]! <= d), 'due dates out of order');

const figure = z.object({ value: z.number().nullable(), source: words(2000).nullable(), missing: words(2000).nullable() }).strict();
const creatorPlan = z
  .object({
    network: z.enum(networks),
    accountKey: z.string().min(1).max(400),
    name: words(400).min(1),
    posts,
    postsWord: words(40),
    fee,
    reportFetchedAt: z.number().int().nonnegative().nullable(),
    viewsPerPost: figure,
    views: figure,
    reachPerPost: figure,
    reach: figure,
    engagementsPerPost: figure,
    engagements: figure,
    costPerView: figure,
    costPerEngagement: figure,
    costPerThousandViews: figure,
    mediaValue: figure,
    rateText: words(2000).nullable(),
  })
  .strict();
const plan = z
  .object({
    at: z.number().int().nonnegative(),
    frozen: z.literal(true),
    currency: z.enum(campaignCurrencies),
    basisPeriod: z.enum(comparePeriods),
    creators: z
      .array(creatorPlan)
      .min(1)
      .max(CAMPAIGN_MAX_CREATORS)
      .refine((list) => new Set(list.map((c) => `${c.network}:${c.accountKey}`)).size === list.length, 'a creator planned twice'),
    totals: z
      .object({
        posts: z.number().int().nonnegative(),
        fee: z.number().nonnegative(),
        views: figure,
        reach: figure,
        engagements: figure,
        costPerView: figure,
        costPerEngagement: figure,
        costPerThousandViews: figure,
        mediaValue: figure,
      })
      .strict(),
  })
  .strict();
/** The `started` field: when, the media rates and the plan as they were frozen. */
const started = z
  .object({ at: z.number().int().nonnegative(), rates: campaignParts.rates, plan })
  .strict()
  .refine((s) => s.plan.at === s.at, 'a plan frozen at another time than its start');
type Started = { at: number; rates: CampaignInput['rates']; plan: CampaignPlan };

const CREATOR_FIELD = new RegExp(`^creator:(${networks.join('|')}):(.{1,180})$`);
/** The fields that make the plan: a started campaign's are the frozen plan's. */
const planField = (field: string) => field === 'currency' || field === 'basisPeriod' || field === 'rates' || CREATOR_FIELD.test(field);
const REQUIRED = ['name', 'client', 'currency', 'brands', 'match', 'window', 'basisPeriod', 'rates'] as const;

function issue(what: string, result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : `a ${what} Scout cannot read (${result.error.issues[0]?.message ?? 'shape'})`;
}

/** A value read as the contract reads a request, and equal to what it reads as (already as Scout writes it). */
function readsAsItself(what: string, schema: z.ZodType, value: unknown): string | null {
  const read = schema.safeParse(value);
  if (!read.success) return issue(what, read);
  return canonical(read.data) === canonical(value) ? null : `a ${what} not as Scout writes it`;
}

/** The rates that are set, in a stable order: two rate tables that say the same compare equal. */
const setRates = (rates: unknown) =>
  canonical(Object.entries((rates ?? {}) as CampaignInput['rates']).filter(([, r]) => r && (r.perThousandViews !== null || r.perEngagement !== null)));

/** What the frozen plan holds for a field that makes it, to compare a change of it with. */
function frozenDiffers(s: Started, field: string, value: unknown): boolean {
  if (field === 'currency') return value !== s.plan.currency;
  if (field === 'basisPeriod') return value !== s.plan.basisPeriod;
  if (field === 'rates') return setRates(value) !== setRates(s.rates);
  const ref = campaignCreatorOf(field)!;
  const frozen = s.plan.creators.find((c) => c.network === ref.network && c.accountKey === ref.accountKey);
  if (value === null) return frozen !== undefined;
  const v = value as SharedCreator;
  return frozen === undefined || frozen.posts !== v.posts || frozen.fee !== v.fee;
}

/** An account as a notice names it ('National Geographic (@natgeo, Instagram)'). */
export type CreatorNamer = (network: Network, accountKey: string) => string;

export function campaignAdapter(repo: CampaignsRepository, nameOf: CreatorNamer, now: () => number = Date.now): DocAdapter {
  const fieldsOf = (id: number): Fields | null => {
    const c = repo.get(id);
    if (!c) return null;
    const out: Fields = campaignFields(c);
    const frozen = c.startedAt !== null ? repo.frozenPlan(id) : null;
    if (c.startedAt !== null && frozen) out.started = { at: c.startedAt, rates: c.rates, plan: frozen };
    return out;
  };
  const title = (fields: Fields) => (typeof fields.name === 'string' ? `the campaign “${fields.name}”` : 'a campaign');
  const creatorName = (field: string, fields: Fields): string => {
    const value = fields[field] as SharedCreator | undefined;
    const ref = campaignCreatorOf(field)!;
    return value?.name ?? nameOf(ref.network, ref.accountKey);
  };
  const describe = (field: string): string => campaignPart(field, (ref) => nameOf(ref.network, ref.accountKey));
  return {
    kind: 'campaign',
    locals: () => new Map(repo.list().map((c) => [c.id, fieldsOf(c.id)!])),
    local: fieldsOf,
    problem(field, value) {
      if (field === 'name') return issue('campaign name', named.safeParse(value));
      if (field === 'client') return issue('client', named.safeParse(value));
      if (field === 'currency') return issue('currency', z.enum(campaignCurrencies).safeParse(value));
      if (field === 'brands') return readsAsItself('set of brand accounts', campaignParts.brands, value);
      if (field === 'match') return readsAsItself('description of a campaign post', campaignParts.match, value);
      if (field === 'window') return issue('window', window.safeParse(value));
      if (field === 'basisPeriod') return issue('period', z.enum(comparePeriods).safeParse(value));
      if (field === 'rates') return readsAsItself('table of media rates', campaignParts.rates, value);
      if (field === 'started') return issue('frozen plan', started.safeParse(value));
      const f = CREATOR_FIELD.exec(field);
      if (f) {
        if (keyOf(f[2]!) !== f[2]) return 'a creator’s account not as Scout writes one';
        return issue('creator', creator.safeParse(value));
      }
      return `a field of a campaign this Scout does not know (${field.slice(0, 60)})`;
    },
    write(localId, fields) {
      if (REQUIRED.some((f) => fields[f] === undefined)) return { waiting: 'Not all of it has arrived from the team yet.' };
      const order = localId === null ? [] : (repo.get(localId)?.creators.map(campaignCreatorField) ?? []);
      const input = campaignOfFields(fields, order);
      const frozen = started.safeParse(fields.started);
      const start: Started | null = frozen.success ? (frozen.data as Started) : null;
      if (start) {
        // Started: what makes the plan is the frozen plan's (the rule at the top of this file).
        input.currency = start.plan.currency;
        input.basisPeriod = start.plan.basisPeriod;
        input.rates = start.rates;
        input.creators = start.plan.creators.map((p) => {
          const agreed = fields[campaignCreatorField(p)] as SharedCreator | undefined;
          return {
            network: p.network,
            accountKey: p.accountKey,
            name: agreed?.name ?? p.name,
            source: agreed?.source ?? 'library',
            sourceName: agreed?.sourceName ?? null,
            posts: p.posts,
            dueDates: (agreed?.dueDates ?? []).slice(0, p.posts),
            fee: p.fee,
          };
        });
      }
      const startedAs = start ? { at: start.at, plan: start.plan } : null;
      const saved = (localId === null ? null : repo.writeShared(localId, input, startedAs, now())) ?? repo.writeShared(null, input, startedAs, now())!;
      return { localId: saved.id };
    },
    remove: (id) => void repo.delete(id),
    describe,
    title,
    fieldOf(field, fields) {
      if (campaignCreatorOf(field)) return `${campaignPart(field, () => creatorName(field, fields))} in ${title(fields)}`;
      return `${describe(field)} of ${title(fields)}`;
    },
    overruled(state: DocState): Conflict[] {
      const start = state.fields.get('started');
      const read = start && start.seq !== null ? started.safeParse(start.value) : null;
      if (!start || !read?.success) return [];
      const out: Conflict[] = [];
      for (const [field, c] of state.fields) {
        if (!planField(field) || c.seq === null || c.origin === start.origin) continue;
        // Neither had seen the other: the edit was made on a version before the start, or the start before the edit.
        const unseen = c.seq < start.seq! ? c.seq > start.baseVersion : c.baseVersion < start.seq!;
        if (unseen && frozenDiffers(read.data as Started, field, c.value)) out.push({ kind: 'overtaken', overtaken: c, by: start });
      }
      return out;
    },
    overruledWords(mine: SharedChange, theirs: SharedChange, fields: Fields): string {
      const who = theirs.authorName ?? 'A teammate';
      const what = campaignPart(mine.field, () => creatorName(mine.field, { ...fields, [mine.field]: mine.value ?? fields[mine.field] }));
      return `${who} started ${title(fields)} while you were changing ${what}: its plan stays as they froze it, and your change is kept in its history.`;
    },
  };
}
