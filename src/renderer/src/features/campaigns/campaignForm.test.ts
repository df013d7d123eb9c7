import { describe, expect, it } from 'vitest';
import type { Campaign } from '@shared/campaigns';
import { campaignInput } from '@shared/contract/campaigns';
import { blankDraft, creatorDraft, draftOf, mergeDraft, rateNetworks, requestOf } from './campaignForm';

const campaign: Campaign = {
  id: 4,
  name: 'Summer glow',
  client: 'Glow Co',
  currency: 'EUR',
  brands: { instagram: 'glowbrand', tiktok: '', youtube: '' },
  match: { hashtags: ['summerglow'], mentions: ['glowbrand'], linkDomains: ['glow.example'], paidPartnership: false },
  window: { from: '2026-06-01', to: '2026-06-30' },
  basisPeriod: '30d',
  rates: { instagram: { perThousandViews: 20, perEngagement: null } },
  creators: [{ network: 'twitch', accountKey: 'shroud', name: '@shroud (Twitch)', source: 'list', sourceName: 'Gamers', posts: 2, dueDates: ['2026-06-10'], fee: 900 }],
  createdAt: 1,
  updatedAt: 2,
  startedAt: null,
};

describe('the campaign form', () => {
  it('sends back what it was given, in the contract’s shape', () => {
    const request = requestOf(draftOf(campaign), campaign.id);
    const parsed = campaignInput.parse(request);
    const { id: _id, createdAt: _c, updatedAt: _u, startedAt: _s, ...input } = campaign;
    expect(parsed).toEqual({ id: 4, ...input });
  });

  it('reads lists typed with spaces or commas, and leaves a rate out when both its fields are empty', () => {
    const draft = { ...blankDraft('2026-01-31'), hashtags: '#a, #b  c', linkDomains: 'https://shop.example.com' };
    draft.rates.tiktok = { perThousandViews: '', perEngagement: '0.25' };
    const request = requestOf(draft, null);
    expect(request).not.toHaveProperty('id');
    expect(request.match.hashtags).toEqual(['#a', '#b', 'c']);
    expect(request.rates).toEqual({ tiktok: { perThousandViews: null, perEngagement: 0.25 } });
    expect(draft.to).toBe('2026-03-02');
    expect(campaignInput.parse({ ...request, name: 'x', client: 'y' }).match).toMatchObject({ hashtags: ['a', 'b', 'c'], linkDomains: ['shop.example.com'] });
  });

  it('sends a fee or post count that is no number as one, for main to refuse by name', () => {
    const draft = { ...blankDraft('2026-01-01'), name: 'x', client: 'y' };
    draft.creators = [{ ...creatorDraft({ network: 'instagram', accountKey: 'nasa', name: '@nasa', source: 'library', sourceName: null, cached: true }), fee: 'abc', posts: '' }];
    const parsed = campaignInput.safeParse(requestOf(draft, null));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['A fee is a number.']));
  });

  it('asks for the rates of the brand’s networks and of every creator’s', () => {
    expect(rateNetworks(draftOf(campaign))).toEqual(['instagram', 'youtube', 'tiktok', 'twitch']);
  });

  it('takes a teammate’s change where the researcher has not typed, keeps what they typed, and names the parts both changed', () => {
    const second = { network: 'instagram' as const, accountKey: 'nasa', name: 'NASA (@nasa, Instagram)', source: 'library' as const, sourceName: null, posts: 1, dueDates: [], fee: 100 };
    const opened: Campaign = { ...campaign, creators: [...campaign.creators, second], team: { version: 3, by: {} } };
    const added = { ...second, accountKey: 'esa', name: '@esa (Instagram)' };
    const latest: Campaign = {
      ...opened,
      client: 'Glow Co (Anna)',
      window: { from: '2026-06-01', to: '2026-07-31' },
      creators: [{ ...campaign.creators[0]!, fee: 1000 }, second, added],
      team: { version: 7, by: { client: 'Anna Berg', window: 'Anna Berg', 'creator:twitch:shroud': 'Anna Berg', 'creator:instagram:esa': 'Anna Berg' } },
    };
    const typed = draftOf(opened);
    typed.name = 'Summer glow (Bob)';
    typed.to = '2026-07-15';
    typed.creators = [{ ...typed.creators[0]!, fee: '950' }];
    const { draft, base, clashes } = mergeDraft(typed, draftOf(opened), opened, latest);
    expect(draft.name).toBe('Summer glow (Bob)');
    expect(draft.client).toBe('Glow Co (Anna)');
    expect(draft.to).toBe('2026-07-15');
    // The fee typed stays; the creator removed here stays removed; the one the teammate added is added.
    expect(draft.creators.map((c) => `${c.accountKey}:${c.fee}`)).toEqual(['shroud:950', 'esa:100']);
    expect(clashes.sort()).toEqual(['creator:twitch:shroud', 'window']);
    // Read again with what the merge left (the form redrawn): the client taken from the teammate is
    // not typed, so it is no clash; what was typed still clashes.
    expect(mergeDraft(draft, base, opened, latest).clashes.sort()).toEqual(['creator:twitch:shroud', 'window']);
    expect(base.client).toBe('Glow Co (Anna)');
    // Nothing typed: the form is the campaign as it is now, and nothing clashes.
    expect(mergeDraft(draftOf(opened), draftOf(opened), opened, latest)).toEqual({ draft: draftOf(latest), base: draftOf(latest), clashes: [] });
  });
});
