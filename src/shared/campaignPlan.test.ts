import { describe, expect, it } from 'vitest';
import { campaignPlan, creatorPlan, rateText, type PlanReport } from './campaignPlan';
import type { CampaignCreator } from './campaigns';
import type { MetricView, ReportModel } from './reportModel';
import type { Network } from './reports';

/** A report model holding only these metrics: `{ views_avg: { '90d': 10_000 } }`, or a bare headline number. */
function report(network: Network, metrics: Record<string, number | Partial<Record<'7d' | '30d' | '90d' | '180d' | '365d', number | 'no-posts'>>>, fetchedAt = 1_700_000_000_000): PlanReport {
  const views: MetricView[] = Object.entries(metrics).map(([key, figures]) => ({
    key,
    label: { views_avg: 'Average views', avg_likes: 'Average likes', alikes_avg: 'Average likes', avg_comments: 'Average comments', comments_avg: 'Average comments', blogger_reach: 'Estimated reach' }[key] ?? key,
    unit: 'count',
    value: typeof figures === 'number' ? figures : null,
    byPeriod:
      typeof figures === 'number'
        ? {}
        : Object.fromEntries(
            Object.entries(figures).map(([p, v]) => [p, v === 'no-posts' ? { value: null, previous: null, change: null, mark: null, similar: null, noPosts: true } : { value: v, previous: null, change: null, mark: null, similar: null }]),
          ),
    mark: null,
    similar: null,
  }));
  return { model: { network, metrics: views } as unknown as ReportModel, fetchedAt };
}

const creator = (network: Network, accountKey: string, posts: number, fee: number): CampaignCreator => ({
  network,
  accountKey,
  name: `@${accountKey} (${network})`,
  source: 'library',
  sourceName: null,
  posts,
  dueDates: [],
  fee,
});

const rates = { instagram: { perThousandViews: 20, perEngagement: 0.5 }, youtube: { perThousandViews: 10, perEngagement: null } };

describe('creatorPlan', () => {
  it('forecasts views, reach, engagements, costs and media value from the figures of the period, each saying where it came from', () => {
    const plan = creatorPlan(
      creator('instagram', 'glow', 3, 1500),
      report('instagram', { views_avg: { '90d': 10_000 }, blogger_reach: 8000, avg_likes: { '90d': 900 }, avg_comments: { '90d': 100 } }),
      '90d',
      rates,
      'EUR',
    );
    expect(plan.viewsPerPost).toEqual({ value: 10_000, source: '"Average views" in the Instagram report, 90 days', missing: null });
    expect(plan.views).toEqual({ value: 30_000, source: '3 posts × "Average views" in the Instagram report, 90 days', missing: null });
    // A metric without periods is read as the report gives it: no period said.
    expect(plan.reach).toMatchObject({ value: 24_000, source: '3 posts × "Estimated reach" in the Instagram report' });
    expect(plan.engagementsPerPost).toMatchObject({ value: 1000, source: '"Average likes" in the Instagram report, 90 days + "Average comments" in the Instagram report, 90 days' });
    expect(plan.engagements.value).toBe(3000);
    expect(plan.costPerView).toMatchObject({ value: 0.05, source: 'fee ÷ expected views' });
    expect(plan.costPerEngagement.value).toBe(0.5);
    expect(plan.costPerThousandViews).toMatchObject({ value: 50, source: 'fee ÷ expected views × 1,000' });
    // 30 × €20 + 3,000 × €0.50
    expect(plan.mediaValue).toMatchObject({ value: 2100, source: 'views ÷ 1,000 × the view rate + engagements × the engagement rate' });
    expect(plan.rateText).toBe('€20.00 per 1,000 views + €0.50 per engagement, Instagram rates');
    expect(plan).toMatchObject({ posts: 3, postsWord: 'posts', fee: 1500, reportFetchedAt: 1_700_000_000_000 });
  });

  it('falls back to 365 days as the report page does, and says so', () => {
    const plan = creatorPlan(creator('youtube', 'chan', 2, 800), report('youtube', { views_avg: { '365d': 40_000 } }), '30d', rates, 'USD');
    expect(plan.viewsPerPost.source).toBe('"Average views" in the YouTube report, 365 days (no 30 days figure)');
    expect(plan.views.source).toBe('2 videos × "Average views" in the YouTube report, 365 days (no 30 days figure)');
    expect(plan.postsWord).toBe('videos');
    // Only the view rate is set for YouTube: the media value needs no engagements.
    expect(plan.mediaValue.value).toBe(800);
    expect(plan.rateText).toBe('$10.00 per 1,000 views, YouTube rates');
  });

  it('never makes 0 of a missing figure: each missing one says why, and what is made from it too', () => {
    const hidden = creatorPlan(creator('instagram', 'hidden', 2, 500), report('instagram', { views_avg: { '90d': 5000 } }), '90d', rates, 'EUR');
    expect(hidden.engagementsPerPost).toEqual({ value: null, source: null, missing: 'The Instagram report has no average likes' });
    expect(hidden.engagements.value).toBeNull();
    expect(hidden.costPerEngagement).toEqual({ value: null, source: null, missing: 'No expected engagements: the Instagram report has no average likes' });
    expect(hidden.reach.missing).toBe('The Instagram report has no reach');
    // The Instagram rates need engagements, which the report lacks.
    expect(hidden.mediaValue.missing).toBe('No expected engagements: the Instagram report has no average likes');
    expect(hidden.views.value).toBe(10_000);

    const quiet = creatorPlan(creator('tiktok', 'quiet', 1, 300), report('tiktok', { views_avg: { '30d': 'no-posts', '365d': 9000 } }), '30d', rates, 'EUR');
    expect(quiet.viewsPerPost).toEqual({ value: null, source: null, missing: 'No posts in the last 30 days' });
    expect(quiet.costPerView.missing).toBe('No expected views: no posts in the last 30 days');
    expect(quiet.mediaValue.missing).toBe('No media rates set for TikTok');
    expect(quiet.rateText).toBeNull();

    const uncached = creatorPlan(creator('instagram', 'new', 1, 100), null, '90d', rates, 'EUR');
    expect(uncached.reportFetchedAt).toBeNull();
    for (const f of [uncached.viewsPerPost, uncached.views, uncached.reach, uncached.engagements, uncached.costPerView, uncached.mediaValue]) {
      expect(f.value).toBeNull();
      expect(f.missing).toMatch(/no cached report of @new \(instagram\)/i);
    }
  });

  it("reads an Instagram creator's views from its cached media, which its report lacks: reels first, within the period", () => {
    const list = (group: string, period: string, viewsAvg: number | null) => ({ group, sort: 'time_posted_desc', period, postIds: ['1'], likesAvg: 1, commentsAvg: 1, viewsAvg });
    const withMedia = (lists: ReturnType<typeof list>[]): PlanReport => ({
      ...report('instagram', { avg_likes: { '90d': 900 }, avg_comments: { '90d': 100 } }),
      instagramMedia: { lists, fetchedAt: 1_700_000_000_000 },
    });
    const lists = [list('all', '90d', 5_000), list('reels', '30d', 12_000), list('reels', '90d', 9_000), list('reels', '180d', 7_000), list('posts', '90d', 50)];
    const plan = creatorPlan(creator('instagram', 'glow', 2, 1000), withMedia(lists), '90d', rates, 'EUR');
    expect(plan.viewsPerPost).toEqual({ value: 9_000, source: '"Average video views" of the reels in the cached Instagram media, 90 days', missing: null });
    expect(plan.views).toMatchObject({ value: 18_000 });
    expect(plan.costPerView.value).toBeCloseTo(1000 / 18_000);
    // 365 days: the longest the media carry within it; reels without views: all posts.
    expect(creatorPlan(creator('instagram', 'glow', 1, 1000), withMedia(lists), '365d', rates, 'EUR').viewsPerPost.source).toBe(
      '"Average video views" of the reels in the cached Instagram media, 180 days',
    );
    expect(creatorPlan(creator('instagram', 'glow', 1, 1000), withMedia([list('reels', '90d', null), list('all', '90d', 5_000)]), '90d', rates, 'EUR').viewsPerPost).toMatchObject({
      value: 5_000,
      source: '"Average video views" of the posts in the cached Instagram media, 90 days',
    });
    // A shorter period than any the media carry reads none of the longer ones.
    expect(creatorPlan(creator('instagram', 'glow', 1, 1000), withMedia([list('reels', '30d', 12_000)]), '7d', rates, 'EUR').viewsPerPost).toMatchObject({
      value: null,
      missing: 'Neither the Instagram report nor the account’s cached media have average views for 7 days',
    });
    // No media cached: missing, never 0, with what to do.
    const none = creatorPlan(creator('instagram', 'glow', 1, 1000), { ...withMedia([]), instagramMedia: null }, '90d', rates, 'EUR');
    expect(none.viewsPerPost.value).toBeNull();
    expect(none.viewsPerPost.missing).toMatch(/the account’s media are not cached: open its Media tab once/);
    // Another network never reads media for views.
    expect(creatorPlan(creator('tiktok', 'glow', 1, 1000), report('tiktok', {}), '90d', rates, 'EUR').viewsPerPost.missing).toBe('The TikTok report has no average views');
  });

  it('has no cost per view when the forecast views are 0, rather than dividing by 0', () => {
    const plan = creatorPlan(creator('instagram', 'zero', 2, 500), report('instagram', { views_avg: 0 }), '90d', {}, 'EUR');
    expect(plan.views.value).toBe(0);
    expect(plan.costPerView).toEqual({ value: null, source: null, missing: 'The forecast expected views are 0' });
  });
});

describe('campaignPlan totals', () => {
  it('sums what each creator has, names those without, and prices the total on the fees of those it covers', () => {
    const reports: Record<string, PlanReport | null> = {
      a: report('instagram', { views_avg: { '90d': 10_000 }, avg_likes: { '90d': 900 }, avg_comments: { '90d': 100 } }),
      b: report('youtube', { views_avg: { '90d': 20_000 }, alikes_avg: { '90d': 1500 }, comments_avg: { '90d': 500 } }),
      c: null,
    };
    const plan = campaignPlan(
      { currency: 'EUR', basisPeriod: '90d', rates, creators: [creator('instagram', 'a', 2, 1000), creator('youtube', 'b', 1, 3000), creator('instagram', 'c', 4, 600)] },
      (c) => reports[c.accountKey]!,
      42,
    );
    expect(plan).toMatchObject({ at: 42, frozen: false, currency: 'EUR', basisPeriod: '90d' });
    expect(plan.totals.posts).toBe(7);
    expect(plan.totals.fee).toBe(4600);
    expect(plan.totals.views).toEqual({ value: 40_000, source: 'sum over 2 of 3 creators; without @c (instagram) (no expected views)', missing: null });
    expect(plan.totals.engagements.value).toBe(2000 + 2000);
    // (1,000 + 3,000) ÷ 40,000: the fee of @c, with no forecast, is not spread over the others' views.
    expect(plan.totals.costPerView).toEqual({ value: 0.1, source: 'fees of the creators with a forecast ÷ expected views', missing: null });
    expect(plan.totals.costPerThousandViews.value).toBe(100);
    // a: 20 × 20 + 2,000 × 0.5 = 1,400; b: 20 × 10 = 200.
    expect(plan.totals.mediaValue.value).toBe(1600);
    expect(plan.totals.reach).toEqual({ value: null, source: null, missing: 'No creator has expected reach' });
  });

  it('says a campaign without creators has no totals yet', () => {
    const plan = campaignPlan({ currency: 'USD', basisPeriod: '30d', rates: {}, creators: [] }, () => null, 1);
    expect(plan.totals).toMatchObject({ posts: 0, fee: 0, views: { value: null, missing: 'No creators yet' } });
  });
});

describe('rateText', () => {
  it('says the rates in the campaign’s currency, or that none is set', () => {
    expect(rateText({ perThousandViews: null, perEngagement: 0.12 }, 'tiktok', 'JPY')).toBe('¥0.12 per engagement, TikTok rates');
    expect(rateText(undefined, 'instagram', 'GBP')).toBeNull();
    expect(rateText({ perThousandViews: null, perEngagement: null }, 'instagram', 'GBP')).toBeNull();
  });
});
