// Campaigns through the contract, on a real workspace file, against the simulator: the plan is
// read from the cache only (the simulator is asked nothing, charges nothing), "Start campaign"
// keeps the plan as it was when a creator's report is fetched again, and bad campaigns are
// refused with clear words and nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignCandidates, CampaignSummary, CampaignView } from '@shared/campaigns';
import type { CachedReport, CostQuote } from '@shared/reports';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
beforeEach(async () => {
  h = await productionHarness();
});
afterEach(() => h?.close());

async function fetchReport(network: string, account: string): Promise<CachedReport> {
  const quote = await h.call<CostQuote>('reports:quote', { network, account });
  return h.call<CachedReport>('reports:fetch', { network, account, confirmedCost: quote.cost });
}

/** What the simulator was asked and what it charged: equal before and after means no call at all. */
const simLog = () => ({ calls: Object.fromEntries(h.sim.state.calls), spent: { ...h.sim.state.spent }, balances: { ...h.sim.state.balances } });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { code: string; message: string }) => error,
  );

const campaign = (creators: unknown[]) => ({
  name: 'Summer glow',
  client: 'Glow Co',
  currency: 'EUR',
  brands: { instagram: '@glowbrand', tiktok: '', youtube: '' },
  match: { hashtags: ['#SummerGlow', 'glowpartner'], mentions: ['@glowbrand'], linkDomains: ['https://www.glow.example'], paidPartnership: true },
  window: { from: '2026-06-01', to: '2026-06-30' },
  basisPeriod: '90d',
  rates: { instagram: { perThousandViews: 20, perEngagement: 0.5 }, youtube: { perThousandViews: 12, perEngagement: null } },
  creators,
});

describe('campaigns', () => {
  it('plans from the cache only, freezes the plan when it starts, and keeps it when a report is fetched again', async () => {
    await fetchReport('instagram', 'nasa');
    await fetchReport('youtube', 'mkbhd');
    await fetchReport('tiktok', 'dancer_one');
    const before = simLog();

    const candidates = await h.call<CampaignCandidates>('campaigns:candidates');
    expect(candidates.library.map((c) => `${c.network}:${c.accountKey}`).sort()).toEqual(['instagram:nasa', 'tiktok:dancer_one', 'youtube:mkbhd']);
    expect(candidates.library.every((c) => c.cached && c.source === 'library')).toBe(true);
    const pick = (network: string, key: string, posts: number, fee: number, dueDates: string[] = []) => {
      const c = candidates.library.find((x) => x.network === network && x.accountKey === key)!;
      return { network, account: key, name: c.name, source: 'library', sourceName: null, posts, dueDates, fee };
    };

    const saved = await h.call<Campaign>(
      'campaigns:save',
      campaign([pick('instagram', 'nasa', 3, 1500, ['2026-06-20', '2026-06-05']), pick('youtube', 'mkbhd', 1, 4000), pick('tiktok', 'dancer_one', 2, 600)]),
    );
    // Terms are read without their signs and links down to their host; due dates in order.
    expect(saved.match).toEqual({ hashtags: ['summerglow', 'glowpartner'], mentions: ['glowbrand'], linkDomains: ['glow.example'], paidPartnership: true });
    expect(saved.creators[0]).toMatchObject({ network: 'instagram', accountKey: 'nasa', posts: 3, fee: 1500, dueDates: ['2026-06-05', '2026-06-20'] });
    expect(saved.startedAt).toBeNull();
    expect(await h.call<CampaignSummary[]>('campaigns:list')).toEqual([
      { id: saved.id, name: 'Summer glow', client: 'Glow Co', window: { from: '2026-06-01', to: '2026-06-30' }, creators: 3, startedAt: null, updatedAt: saved.updatedAt },
    ]);

    const view = await h.call<CampaignView>('campaigns:get', { id: saved.id });
    expect(view.plan.frozen).toBe(false);
    const [nasa, mkbhd, dancer] = view.plan.creators;
    // Every figure names the report figure and period it came from, or says in words why it is missing.
    expect(dancer!.views).toEqual({ value: 2 * dancer!.viewsPerPost.value!, source: '2 posts × "Average views" in the TikTok report, 90 days', missing: null });
    expect(dancer!.viewsPerPost.value).toBeGreaterThan(0);
    expect(dancer!.reach.source).toBe('2 posts × "Estimated reach" in the TikTok report');
    expect(dancer!.costPerView).toEqual({ value: 600 / dancer!.views.value!, source: 'fee ÷ expected views', missing: null });
    // The demo's Instagram reports carry no views (as the API's), and its YouTube channel posted nothing in 90 days.
    // An Instagram report has no views (as the API's); with none of its media cached, the plan says what to do.
    expect(nasa!.views).toMatchObject({ value: null, source: null, missing: expect.stringMatching(/^The Instagram report has no average views, and the account’s media are not cached: open its Media tab once/) });
    expect(nasa!.costPerView.missing).toMatch(/^No expected views: the Instagram report has no average views, and the account’s media are not cached/);
    expect(nasa!.engagements.source).toBe('3 posts × "Average likes" in the Instagram report + "Average comments" in the Instagram report');
    expect(mkbhd!.views.missing).toBe('No videos in the last 90 days');
    for (const c of view.plan.creators) {
      for (const f of [c.views, c.reach, c.engagements, c.costPerView, c.costPerEngagement, c.costPerThousandViews, c.mediaValue]) {
        expect(f.value === null ? f.missing : f.source).toEqual(expect.any(String));
        if (f.value === null) expect(f.source).toBeNull();
      }
    }
    expect(dancer!.mediaValue.missing).toBe('No media rates set for TikTok');
    expect(view.plan.totals.posts).toBe(6);
    expect(view.plan.totals.fee).toBe(6100);

    // Planning asked the simulator nothing and charged nothing.
    expect(simLog()).toEqual(before);

    // Its Media tab opened once: the plan reads the average video views of its cached reels.
    const media = await h.call<{ view: { lists: { group: string; sort: string; period: string; viewsAvg: number | null }[] } }>('media:get', { network: 'instagram', account: 'nasa' });
    const reels90 = media.view.lists.find((l) => l.group === 'reels' && l.sort === 'time_posted_desc' && l.period === '90d')!;
    expect(reels90.viewsAvg).toBeGreaterThan(0);
    const withMedia = simLog();
    const viewed = (await h.call<CampaignView>('campaigns:get', { id: saved.id })).plan.creators[0]!;
    expect(viewed.viewsPerPost).toEqual({ value: reels90.viewsAvg, source: '"Average video views" of the reels in the cached Instagram media, 90 days', missing: null });
    expect(viewed.views.value).toBe(3 * reels90.viewsAvg!);
    expect(viewed.costPerView).toMatchObject({ value: 1500 / viewed.views.value!, source: 'fee ÷ expected views' });
    expect(simLog()).toEqual(withMedia);
    const planned = (await h.call<CampaignView>('campaigns:get', { id: saved.id })).plan;

    const started = await h.call<CampaignView>('campaigns:start', { id: saved.id });
    expect(started.campaign.startedAt).toEqual(expect.any(Number));
    expect(started.plan).toEqual({ ...planned, at: started.campaign.startedAt, frozen: true });
    expect(simLog()).toEqual(withMedia);

    // A newer report of a creator: a planned campaign would read it; the started one keeps its plan.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await fetchReport('instagram', 'nasa');
    expect(refreshed.snapshotCount).toBe(2);
    const after = await h.call<CampaignView>('campaigns:get', { id: saved.id });
    expect(after.plan).toEqual(started.plan);
    expect(after.plan.creators[0]!.reportFetchedAt).toBe(view.plan.creators[0]!.reportFetchedAt);
    expect(after.plan.creators[0]!.reportFetchedAt).not.toBe(refreshed.fetchedAt);
    // The same campaign not yet started reads the newer report.
    const autumn = await h.call<Campaign>('campaigns:save', { ...campaign(saved.creators.map(({ accountKey, ...c }) => ({ ...c, account: accountKey }))), name: 'Autumn glow' });
    expect((await h.call<CampaignView>('campaigns:get', { id: autumn.id })).plan.creators[0]!.reportFetchedAt).toBe(refreshed.fetchedAt);

    // Its name may change; what makes the plan may not, and starting twice is refused.
    const renamed = await h.call<Campaign>('campaigns:save', { ...campaign(saved.creators.map(({ accountKey, ...c }) => ({ ...c, account: accountKey }))), id: saved.id, name: 'Summer glow 2026' });
    expect(renamed).toMatchObject({ name: 'Summer glow 2026', startedAt: started.campaign.startedAt });
    const refee = await failure(
      h.call('campaigns:save', { ...campaign([pick('instagram', 'nasa', 3, 9999, ['2026-06-20', '2026-06-05']), pick('youtube', 'mkbhd', 1, 4000), pick('tiktok', 'dancer_one', 2, 600)]), id: saved.id }),
    );
    expect(refee).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/started on .* its plan is frozen: its creators, agreed posts, fees/) });
    expect(await failure(h.call('campaigns:start', { id: saved.id }))).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/already started on/) });
    expect((await h.call<CampaignView>('campaigns:get', { id: saved.id })).plan).toEqual(started.plan);
  });

  it('refuses a bad campaign in words and saves nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...campaign([]), window: { from: '2026-06-30', to: '2026-06-01' } }, /window ends on Jun 1, 2026, before it starts on Jun 30, 2026/],
      [{ ...campaign([]), window: { from: '2026-02-30', to: '2026-03-01' } }, /first day is a day written YYYY-MM-DD/],
      [{ ...campaign([]), name: '  ' }, /Give the campaign a name/],
      [{ ...campaign([]), currency: 'XYZ' }, /currency is one of USD, EUR/],
      [{ ...campaign([]), match: { hashtags: ['summer glow'], mentions: [], linkDomains: [], paidPartnership: false } }, /“summer glow” is not a hashtag/],
      [{ ...campaign([]), match: { hashtags: [], mentions: [], linkDomains: ['not a domain'], paidPartnership: false } }, /is not a link domain/],
      [{ ...campaign([]), rates: { instagram: { perThousandViews: -1, perEngagement: null } } }, /rate per 1,000 views cannot be negative/],
      [
        campaign([
          { network: 'instagram', account: 'nasa', name: '@nasa (Instagram)', source: 'library', sourceName: null, posts: 1, dueDates: [], fee: 100 },
          { network: 'instagram', account: '@NASA', name: '@nasa (Instagram)', source: 'shortlist', sourceName: null, posts: 1, dueDates: [], fee: 100 },
        ]),
        /@nasa \(Instagram\) is in the campaign twice/,
      ],
      [campaign([{ network: 'instagram', account: 'nasa', name: '@nasa', source: 'library', sourceName: null, posts: 1, dueDates: ['2026-07-02'], fee: 100 }]), /due date Jul 2, 2026 is outside the window/],
      [campaign([{ network: 'instagram', account: 'nasa', name: '@nasa', source: 'library', sourceName: null, posts: 0, dueDates: [], fee: 100 }]), /agrees at least 1 post/],
      [campaign([{ network: 'instagram', account: 'nasa', name: '@nasa', source: 'library', sourceName: null, posts: 1, dueDates: [], fee: -5 }]), /fee cannot be negative/],
    ];
    for (const [payload, words] of cases) {
      expect(await failure(h.call('campaigns:save', payload))).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(words) });
    }
    expect(await h.call('campaigns:list')).toEqual([]);
    expect(await failure(h.call('campaigns:save', { ...campaign([]), id: 77 }))).toMatchObject({ message: expect.stringMatching(/no longer saved/) });
    const empty = await h.call<Campaign>('campaigns:save', campaign([]));
    expect(await failure(h.call('campaigns:start', { id: empty.id }))).toMatchObject({ message: 'Add at least one creator to “Summer glow” before starting it.' });
    expect(await h.call('campaigns:delete', { id: empty.id })).toEqual({ deleted: true });
    expect(await h.call('campaigns:get', { id: empty.id })).toBeNull();
  });

  it('offers each synced list under its name, with its accounts', async () => {
    await h.call('lists:sync', { listId: 4 });
    await h.call('lists:rename', { listId: 4, name: 'Beauty picks' });
    const { lists } = await h.call<CampaignCandidates>('campaigns:candidates');
    expect(lists.map((l) => [l.id, l.name, l.accounts.length])).toEqual([[4, 'Beauty picks', 5]]);
    expect(lists[0]!.accounts.every((a) => a.source === 'list' && a.sourceName === 'Beauty picks' && a.cached === false && a.name.length > 0)).toBe(true);
  });

  it('offers the shortlist with whether each account has a cached report, and plans an uncached one in words', async () => {
    await fetchReport('instagram', 'nasa');
    await h.call('shortlist:add', {
      items: [
        { network: 'instagram', account: 'nasa', title: 'NASA', avatarUrl: null, followers: 1000 },
        { network: 'tiktok', account: 'never_fetched', title: null, avatarUrl: null, followers: 10 },
      ],
    });
    const { shortlist } = await h.call<CampaignCandidates>('campaigns:candidates');
    expect(shortlist.map((c) => [c.accountKey, c.cached, c.source])).toEqual(
      expect.arrayContaining([
        ['nasa', true, 'shortlist'],
        ['never_fetched', false, 'shortlist'],
      ]),
    );
    const uncached = shortlist.find((c) => c.accountKey === 'never_fetched')!;
    const saved = await h.call<Campaign>('campaigns:save', campaign([{ network: 'tiktok', account: 'never_fetched', name: uncached.name, source: 'shortlist', sourceName: null, posts: 1, dueDates: [], fee: 50 }]));
    const before = simLog();
    const { plan } = await h.call<CampaignView>('campaigns:get', { id: saved.id });
    expect(plan.creators[0]!.views).toEqual({ value: null, source: null, missing: `No cached report of ${uncached.name}: the plan reads only the cache (fetch it on Accounts)` });
    expect(plan.totals.views.missing).toBe('No creator has expected views');
    expect(simLog()).toEqual(before);
  });
});
