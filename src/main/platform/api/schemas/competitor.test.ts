// Competitor analysis: create/get answers and posts through the simulator's routes, the
// sample's string forms, and malformed bodies.
import { describe, expect, it } from 'vitest';
import { competitorRoute } from '../../../../simulator/routes/competitor';
import { parseCompetitorPosts, parseCompetitorReport } from './index';
import { localSim, issuesOf } from './testkit';


async function analysis() {
  const local = localSim();
  const create = competitorRoute('instagramCompetitorAnalysis')!;
  const created = await local.call(create.route, {}, { username: 'rival_brand', date_from: '2026-05-01', date_to: '2026-06-30', audience_geo: ['us', 'GB'], hashtags: ['summer'] });
  return { ...local, created };
}

describe('parseCompetitorReport', () => {
  it('create answer: calculating, no aggregates', async () => {
    const { created } = await analysis();
    const r = parseCompetitorReport(created.body);
    expect(r.state).toBe(0);
    expect(r.aggregates).toBeNull();
    expect(r.reportId).toMatch(/^\d+$/);
    expect(r.username).toBe('rival_brand');
    expect(r.dateFrom).toBe('2026-05-01');
    expect(r.dateTo).toBe('2026-06-30');
    expect(r.audienceGeo).toEqual(['US', 'GB']);
    expect(r.avatarUrl).toEqual(expect.any(String));
    expect(r.socialId).toEqual(expect.any(String));
    expect(r.timeUpdated).toBe('2026-07-04');
  });

  it('get answer once ready: state 10 with aggregates', async () => {
    const { created, sim, call } = await analysis();
    const id = parseCompetitorReport(created.body).reportId;
    const get = competitorRoute(`instagramCompetitorAnalysis/${id}`)!;
    expect(parseCompetitorReport((await call(get.route, {}, undefined, get.rest)).body).state).toBe(0);
    sim.clock.advance(1500);
    const ready = await call(get.route, {}, undefined, get.rest);
    const raw = ready.body as Record<string, unknown>;
    const r = parseCompetitorReport(ready.body);
    expect(r.state).toBe(10);
    const a = r.aggregates!;
    expect(a.emv).toBe(raw.emv_value);
    expect(a.mentions).toBe(raw.mentions_value);
    expect(a.sponsoredRatioPrc).toBe(raw.sponsored_ratio_prc);
    expect(a.sponsored).toEqual({ emv: expect.any(Number), reach: expect.any(Number), contributors: expect.any(Number), mentions: expect.any(Number), priceSum: expect.any(Number) });
    expect(a.price).toEqual({ sumFrom: expect.any(Number), sumTo: expect.any(Number) });
    expect(a.topHashtags[0]).toEqual({ title: 'summer', value: expect.any(Number) });
  });

  it('hand-crafted: basic at the top level, state as a string, money strings in aggregates', () => {
    const r = parseCompetitorReport({ basic: { report_id: 77, state: '10', username: 'x' }, emv_value: '$12,500', price: [], time_updated: '2026/07/01' });
    expect(r).toMatchObject({ reportId: '77', state: 10, username: 'x', timeUpdated: '2026-07-01' });
    expect(r.aggregates).toMatchObject({ emv: 12500, price: null, topHashtags: [] });
  });

  it('malformed: unknown state, report_id missing, aggregates unreadable, no report at all', () => {
    expect(issuesOf(() => parseCompetitorReport({ report: { basic: { report_id: '1', state: 5 } } }))[0]).toMatch(/^report\.basic\.state: /);
    expect(issuesOf(() => parseCompetitorReport({ report: { basic: { state: 0 } } }))[0]).toMatch(/^report\.basic\.report_id: missing/);
    expect(issuesOf(() => parseCompetitorReport({ report: { basic: { report_id: '1', state: 10 } }, reach_value: 'lots' }))).toEqual([
      'reach_value: expected a number (or a number string such as "3.21%" or "$1,200"), received "lots"',
    ]);
    expect(issuesOf(() => parseCompetitorReport({ time_updated: '2026/07/01' }))[0]).toMatch(/^report: missing/);
  });
});

describe('parseCompetitorPosts', () => {
  it('simulator posts: percent, yes/no and money strings become numbers and booleans', async () => {
    const { created, sim, call } = await analysis();
    const id = parseCompetitorReport(created.body).reportId;
    sim.clock.advance(1500);
    const postsRoute = competitorRoute('instagramCompetitorAnalysis/posts')!;
    const answer = await call(postsRoute.route, {}, { report_id: id, from: 0, size: 25 });
    const raw = answer.body as Record<string, unknown>[];
    const posts = parseCompetitorPosts(answer.body);
    expect(posts).toHaveLength(25);
    for (const [i, p] of posts.entries()) {
      const r = raw[i]!;
      expect(p.er).toBeCloseTo(Number.parseFloat(r.post_er as string), 10);
      expect(p.performance).toBeCloseTo(Number.parseFloat(r.post_performance as string), 10);
      expect(p.accountVerified).toBe(r.account_is_verified === 'yes');
      expect(p.estBudget).toBe(Number((r.account_est_budget as string).replace(/[$,]/g, '')));
      expect(p.likes).toBe(r.post_likes);
      expect(p.accountFollowers).toBe(r.account_followers);
      expect(p.postDate).toBe((r.post_date as string).replace(/\//g, '-'));
      expect(p.audienceCountry).toMatch(/^[A-Z]{2}$/);
      expect(p.raw).toEqual(r);
    }
    // Not ready yet, or past the end: an empty list.
    expect(parseCompetitorPosts((await call(postsRoute.route, {}, { report_id: id, from: 1000, size: 10 })).body)).toEqual([]);
  });

  it('every documented form: "3.21%", yes/no/true/false, "$1,200"/"1200"/1200', () => {
    const base = { post_date: '2026/06/01', account: 'a', post_likes: '1,500', account_audience_age: '25_34', account_audience_country: 'fr' };
    const posts = parseCompetitorPosts([
      { ...base, post_er: '3.21%', account_is_verified: 'yes', account_est_budget: '$1,200' },
      { ...base, post_er: 3.21, account_is_verified: 'no', account_est_budget: '1200' },
      { ...base, post_er: '3.21', account_is_verified: true, account_est_budget: 1200 },
      { ...base, post_er: null, account_is_verified: false, account_est_budget: '' },
    ]);
    expect(posts.map((p) => p.er)).toEqual([3.21, 3.21, 3.21, null]);
    expect(posts.map((p) => p.accountVerified)).toEqual([true, false, true, false]);
    expect(posts.map((p) => p.estBudget)).toEqual([1200, 1200, 1200, null]);
    expect(posts[0]).toMatchObject({ likes: 1500, audienceAge: '25-34', audienceCountry: 'FR', postDate: '2026-06-01' });
  });

  it('a result wrapper is tolerated', () => {
    expect(parseCompetitorPosts({ result: [{ post_er: '1%' }] })[0]!.er).toBe(1);
  });

  it('malformed: unreadable values name post index and field; not a list', () => {
    const issues = issuesOf(() => parseCompetitorPosts([{ post_er: '1%' }, { post_er: '1%' }, { post_er: 'high', account_is_verified: 'maybe', account: ['x'] }, 'text']));
    expect(issues).toEqual([
      '2.account: expected string, received array',
      '2.post_er: expected a number (or a number string such as "3.21%" or "$1,200"), received "high"',
      '2.account_is_verified: expected a boolean (or yes/no), received "maybe"',
      '3: expected object, received string',
    ]);
    expect(issuesOf(() => parseCompetitorPosts({ posts: [] }))[0]).toBe('(root): expected array, received object');
  });
});
