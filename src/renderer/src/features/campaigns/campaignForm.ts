// The campaign editor's form as text fields, and what it sends: numbers and lists are read from
// what was typed, and anything that does not read is sent as typed for main to refuse by name
// (a fee of "abc" is NaN, which the contract calls "not a number"). Pure: unit-tested.
import { brandNetworks, campaignCreatorField, campaignFields, type BrandNetwork, type Campaign, type CampaignCandidate, type CampaignCurrency } from '@shared/campaigns';
import { changedByTeammate } from '@shared/teamSeen';
import type { ComparePeriod } from '@shared/compare';
import { networks, type Network } from '@shared/reports';
import type { RequestOf } from '@shared/contract';

export interface CreatorDraft {
  network: Network;
  accountKey: string;
  name: string;
  source: Campaign['creators'][number]['source'];
  sourceName: string | null;
  posts: string;
  /** Days separated by commas or spaces. */
  dueDates: string;
  fee: string;
}

export interface CampaignDraft {
  name: string;
  client: string;
  currency: CampaignCurrency;
  brands: Record<BrandNetwork, string>;
  hashtags: string;
  mentions: string;
  linkDomains: string;
  paidPartnership: boolean;
  from: string;
  to: string;
  basisPeriod: ComparePeriod;
  rates: Record<Network, { perThousandViews: string; perEngagement: string }>;
  creators: CreatorDraft[];
}

const noRates = () => Object.fromEntries(networks.map((n) => [n, { perThousandViews: '', perEngagement: '' }])) as CampaignDraft['rates'];
const amountText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A new campaign: a month from today, figures for 90 days. */
export function blankDraft(today: string): CampaignDraft {
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 30);
  return {
    name: '',
    client: '',
    currency: 'USD',
    brands: { instagram: '', tiktok: '', youtube: '' },
    hashtags: '',
    mentions: '',
    linkDomains: '',
    paidPartnership: true,
    from: today,
    to: end.toISOString().slice(0, 10),
    basisPeriod: '90d',
    rates: noRates(),
    creators: [],
  };
}

export function draftOf(c: Campaign): CampaignDraft {
  const rates = noRates();
  for (const [n, r] of Object.entries(c.rates)) if (r) rates[n as Network] = { perThousandViews: amountText(r.perThousandViews), perEngagement: amountText(r.perEngagement) };
  return {
    name: c.name,
    client: c.client,
    currency: c.currency,
    brands: { ...c.brands },
    hashtags: c.match.hashtags.map((t) => `#${t}`).join(' '),
    mentions: c.match.mentions.map((t) => `@${t}`).join(' '),
    linkDomains: c.match.linkDomains.join(' '),
    paidPartnership: c.match.paidPartnership,
    from: c.window.from,
    to: c.window.to,
    basisPeriod: c.basisPeriod,
    rates,
    creators: c.creators.map((x) => ({ ...x, posts: String(x.posts), dueDates: x.dueDates.join(', '), fee: String(x.fee) })),
  };
}

/** A creator from a picked candidate: one post, no fee yet. */
export function creatorDraft(c: CampaignCandidate): CreatorDraft {
  return { network: c.network, accountKey: c.accountKey, name: c.name, source: c.source, sourceName: c.sourceName, posts: '1', dueDates: '', fee: '0' };
}

const words = (text: string) => text.split(/[\s,;]+/).filter((t) => t !== '');

/** '' is no rate; anything else is read as a number (NaN when it is none, for main to refuse). */
function amount(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  return t === '' ? null : Number(t);
}

export function requestOf(draft: CampaignDraft, id: number | null): RequestOf<'campaigns:save'> {
  const rates: Partial<Record<Network, { perThousandViews: number | null; perEngagement: number | null }>> = {};
  for (const n of networks) {
    const r = { perThousandViews: amount(draft.rates[n].perThousandViews), perEngagement: amount(draft.rates[n].perEngagement) };
    if (r.perThousandViews !== null || r.perEngagement !== null) rates[n] = r;
  }
  return {
    ...(id !== null ? { id } : {}),
    name: draft.name,
    client: draft.client,
    currency: draft.currency,
    brands: Object.fromEntries(brandNetworks.map((n) => [n, draft.brands[n]])) as Record<BrandNetwork, string>,
    match: { hashtags: words(draft.hashtags), mentions: words(draft.mentions), linkDomains: words(draft.linkDomains), paidPartnership: draft.paidPartnership },
    window: { from: draft.from, to: draft.to },
    basisPeriod: draft.basisPeriod,
    rates,
    creators: draft.creators.map((c) => ({
      network: c.network,
      account: c.accountKey,
      name: c.name,
      source: c.source,
      sourceName: c.sourceName,
      posts: Number(c.posts.trim() === '' ? NaN : c.posts),
      dueDates: words(c.dueDates),
      fee: amount(c.fee) ?? NaN,
    })),
  };
}

/** The networks whose rates the editor asks for: the brand's three, and any network of a creator. */
export function rateNetworks(draft: CampaignDraft): Network[] {
  const used = new Set<Network>([...brandNetworks, ...draft.creators.map((c) => c.network)]);
  return networks.filter((n) => used.has(n));
}

/** Each part of a draft by the team's field name (a creator: `creator:<network>:<account>`), as text to compare. */
export function draftParts(d: CampaignDraft): Record<string, string> {
  const out: Record<string, string> = {
    name: d.name,
    client: d.client,
    currency: d.currency,
    brands: JSON.stringify(d.brands),
    match: JSON.stringify([d.hashtags, d.mentions, d.linkDomains, d.paidPartnership]),
    window: JSON.stringify([d.from, d.to]),
    basisPeriod: d.basisPeriod,
    rates: JSON.stringify(d.rates),
  };
  for (const c of d.creators) out[campaignCreatorField(c)] = JSON.stringify([c.name, c.source, c.sourceName, c.posts, c.dueDates, c.fee]);
  return out;
}

/** `target` with the parts named by `fields` taken from `from` (a creator added, changed or removed as in `from`). */
export function withParts(target: CampaignDraft, from: CampaignDraft, fields: readonly string[]): CampaignDraft {
  const out: CampaignDraft = { ...target };
  const take = new Set(fields);
  if (take.has('name')) out.name = from.name;
  if (take.has('client')) out.client = from.client;
  if (take.has('currency')) out.currency = from.currency;
  if (take.has('brands')) out.brands = from.brands;
  if (take.has('match')) Object.assign(out, { hashtags: from.hashtags, mentions: from.mentions, linkDomains: from.linkDomains, paidPartnership: from.paidPartnership });
  if (take.has('window')) Object.assign(out, { from: from.from, to: from.to });
  if (take.has('basisPeriod')) out.basisPeriod = from.basisPeriod;
  if (take.has('rates')) out.rates = from.rates;
  const fromCreators = new Map(from.creators.map((c) => [campaignCreatorField(c), c]));
  const creators = target.creators.flatMap((c) => {
    const field = campaignCreatorField(c);
    return !take.has(field) ? [c] : fromCreators.has(field) ? [fromCreators.get(field)!] : [];
  });
  const held = new Set(creators.map(campaignCreatorField));
  for (const c of from.creators) if (take.has(campaignCreatorField(c)) && !held.has(campaignCreatorField(c))) creators.push(c);
  out.creators = creators;
  return out;
}

/**
 * A teammate's change arrived while the researcher edits (`opened`: the campaign the edit began
 * from, `latest`: as it is now; `base`: the form as it stood before the researcher typed, with
 * the teammates' changes merged so far): the parts the researcher has not touched become theirs
 * (in the form and in its base, so a part taken from a teammate is not then counted as typed), the
 * touched ones stay as typed; `clashes` are the parts both changed (saving keeps the researcher's).
 */
export function mergeDraft(draft: CampaignDraft, base: CampaignDraft, opened: Campaign, latest: Campaign): { draft: CampaignDraft; base: CampaignDraft; clashes: string[] } {
  const [mine, was] = [draftParts(draft), draftParts(base)];
  const touched = [...new Set([...Object.keys(mine), ...Object.keys(was)])].filter((f) => mine[f] !== was[f]);
  const clashes = changedByTeammate(campaignFields(opened), campaignFields(latest), latest.team).filter((f) => touched.includes(f));
  const theirs = draftOf(latest);
  return { draft: withParts(theirs, draft, touched), base: withParts(theirs, base, touched), clashes };
}
