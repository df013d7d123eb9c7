// An API answer with a 15 MB field (a username, a title, a caption) — the simulator's own answer,
// rewritten on its way by a proxy — is kept whole where answers are kept, and every list and
// table the renderer asks for through the handlers shows it bounded (textBounds.ts): discovery
// results, creators, list items and competitor posts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../../../simulator/server';
import { startSimulator } from '../../../simulator/server';
import { productionHarnessWith, type ProductionHarness } from '../../../../test/productionHarness';
import { rewritingProxy } from '../../../../test/rewritingProxy';
import { TEXT_LIMITS } from '../../platform/api/schemas/textBounds';

const MB15 = 15 * 1024 * 1024;
const huge = (letter: string) => letter.repeat(MB15);
/** The answer's other texts: 1 MB each, so the whole answer stays under the 32 MB Scout reads. */
const long = (letter: string) => letter.repeat(1024 * 1024);
/** What a page of 20 rows weighs when every text in it is bounded: far below one 15 MB field. */
const BOUNDED_PAGE = 512 * 1024;

type Json = Record<string, unknown>;
const payload = (json: unknown): Json => {
  const body = json as Json;
  return (Object.hasOwn(body, 'result') ? body.result : body) as Json;
};

let sim: SimulatorHandle;
let proxy: Awaited<ReturnType<typeof rewritingProxy>>;
let h: ProductionHarness;
/** What the proxy does to the next answer on that path; nothing once it has. */
let rewrite: { path: RegExp; change: (json: unknown) => void } | null = null;
const ok: ProductionHarness['ok'] = (channel, request) => h.ok(channel, request);
/** The longest value of a JSON path across a table's kept answers (`raw` is JSONB). */
const keptLength = (sql: string) => h.services.active().db.prepare(sql).pluck().get() as number;

beforeAll(async () => {
  sim = await startSimulator({ generationMs: 30, seed: 'field-bounds' });
  proxy = await rewritingProxy(
    sim.url,
    (pathname) => rewrite !== null && rewrite.path.test(pathname),
    (json) => {
      const change = rewrite?.change;
      rewrite = null;
      change?.(json);
      return json;
    },
  );
  h = await productionHarnessWith({ sim, baseUrl: proxy.url, services: { apiTimeoutMs: 60_000, polling: { pollDelayMs: () => 20 } } });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await sim?.close();
});

beforeEach(() => {
  rewrite = null;
});

describe('an API answer with 15 MB fields', () => {
  it('discovery: the results page is bounded, the page kept as received', async () => {
    const body = { social_network: 'instagram', subscribers_count: { from: 1000 } };
    const rewritten = proxy.state.rewritten;
    rewrite = { path: /auditor\.search\/?$/, change: (json) => {
      const first = (payload(json).search_results as Json[])[0]!;
      const basic = first.basic as Json;
      Object.assign(basic, { username: huge('u'), title: long('t'), avatar_url: long('a'), category_name: long('c'), country: long('k') });
      first.features = { ...(first.features as Json), social_networks: [{ type: long('n'), social_id: long('i'), username: long('v'), title: long('w') }] };
    } };
    const run = await ok('discovery:run', { runId: 'huge', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production' });
    expect(run).toMatchObject({ outcome: 'finished', pagesFetched: 1, callsSpent: 1 });
    expect(proxy.state.rewritten).toBe(rewritten + 1);

    const results = await ok('discovery:results', { body, sandbox: false });
    expect(results.rows.length).toBeGreaterThan(1);
    const row = results.rows[0]!;
    expect(row.username!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(row.username!.endsWith('…')).toBe(true);
    expect(row.title!.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(row.avatarUrl).toBeNull();
    expect(row.country).toBeNull();
    // Not an account Scout can ask for: a cut name is not the account's.
    expect(row.account).toBeNull();
    const linked = row.linked[0]!;
    expect(linked.username!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(linked.title!.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(linked.type.length).toBeLessThanOrEqual(40);
    expect(linked.socialId).toBeNull();
    expect(JSON.stringify(results).length).toBeLessThan(BOUNDED_PAGE);
    // The page paid for is kept as the API answered it.
    expect(keptLength("SELECT max(length(raw ->> '$.search_results[0].basic.username')) FROM discovery_pages")).toBe(MB15);
  }, 120_000);

  it('creators: the creators page is bounded, the profile kept as received', async () => {
    let id = 0;
    const rewritten = proxy.state.rewritten;
    rewrite = {
      path: /auditor\.creators\/?$/,
      change: (json) => {
        const first = (payload(json).creators as Json[])[0]!;
        id = Number(first.id);
        Object.assign(first, { last_name: huge('l'), first_name: long('f'), bio: long('b'), avatar_url: long('a'), emails: [`${long('e')}@example.com`, 'real@example.com'], phones: [long('9')] });
        first.accounts = [{ id: long('i'), social_network: long('s'), username: long('u'), title: long('t'), avatar_url: long('p'), subscribers_count: 10 }];
      },
    };
    await ok('creators:sync', {});
    expect(proxy.state.rewritten).toBe(rewritten + 1);

    const creators = await ok('creators:list', {});
    const view = creators.find((c) => c.id === id)!;
    expect(view.name!.length).toBeLessThanOrEqual(2 * TEXT_LIMITS.title + 1);
    expect(view.name!.endsWith('…')).toBe(true);
    expect(view.avatarUrl).toBeNull();
    expect(view.emails).toEqual(['real@example.com']);
    expect(view.phones).toEqual([]);
    const account = view.accounts[0]!;
    expect(account.username!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(account.title!.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(account.socialNetwork).toBeNull();
    expect(JSON.stringify(view).length).toBeLessThan(16 * 1024);
    expect(keptLength("SELECT max(length(raw ->> '$.last_name')) FROM creators")).toBe(MB15);
  }, 120_000);

  it('lists: the list items are bounded, the items kept as received', async () => {
    const rewritten = proxy.state.rewritten;
    rewrite = {
      path: /auditor\.list\/?$/,
      change: (json) => {
        const first = (payload(json) as unknown as Json[])[0]!;
        Object.assign(first, { name: huge('n'), username: long('u'), comment: long('c'), avatar_url: long('a'), audience_geo: long('g'), notes: long('o'), extra: { deep: long('d') } });
      },
    };
    await ok('lists:sync', { listId: 4 });
    expect(proxy.state.rewritten).toBe(rewritten + 1);

    const items = await ok('lists:items', { listId: 4 });
    expect(items).toHaveLength(5);
    const item = items[0]!;
    expect(item.title!.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(item.title!.endsWith('…')).toBe(true);
    expect(item.username!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(item.account).toBeNull();
    expect(item.avatarUrl).toBeNull();
    expect((item.fields.comment as string).length).toBeLessThanOrEqual(TEXT_LIMITS.caption);
    expect((item.fields.notes as string).length).toBeLessThanOrEqual(TEXT_LIMITS.caption);
    expect((item.fields.extra as string).length).toBeLessThanOrEqual(TEXT_LIMITS.description);
    expect(JSON.stringify(items).length).toBeLessThan(BOUNDED_PAGE);
    expect(keptLength("SELECT max(length(raw ->> '$.name')) FROM list_items")).toBe(MB15);
  }, 120_000);

  it("competitor posts: the posts page is bounded, the page kept as received", async () => {
    const created = await ok('competitor:create', { username: 'brand_posts5', dateFrom: '2026-01-01', dateTo: '2026-03-31', audienceGeo: [], hashtags: [], acceptMayCost: true });
    const id = created.reportId;
    let view = created;
    for (const deadline = Date.now() + 20_000; view.state !== 10 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      view = await ok('competitor:check', { id });
    }
    expect(view.state).toBe(10);
    const rewritten = proxy.state.rewritten;
    rewrite = {
      path: /instagramCompetitorAnalysis\/posts\/?$/,
      change: (json) => {
        const first = (payload(json) as unknown as Json[])[0]!;
        Object.assign(first, { account: huge('a'), post: `${long('c')} #tag`, post_url: long('p'), account_type: long('t'), account_audience_country: long('k') });
      },
    };
    await ok('competitor:fetchPosts', { id });
    expect(proxy.state.rewritten).toBe(rewritten + 1);

    const page = await ok('competitor:posts', { id, sort: { key: 'account', order: 'desc' }, limit: 100 });
    expect(page.total).toBe(5);
    const post = [...page.rows].sort((a, b) => (b.account?.length ?? 0) - (a.account?.length ?? 0))[0]!;
    expect(post.account!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(post.account!.endsWith('…')).toBe(true);
    expect(post.caption!.length).toBeLessThanOrEqual(TEXT_LIMITS.caption);
    expect(post.postUrl).toBeNull();
    expect(post.accountType!.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(post.country).toBeNull();
    expect(JSON.stringify(page).length).toBeLessThan(BOUNDED_PAGE);
    expect(keptLength("SELECT max(length(posts ->> '$[0].account')) FROM competitor_posts")).toBe(MB15);
  }, 120_000);

  it('competitor analysis: the brand named by the answer is bounded in the list of analyses', async () => {
    const created = await ok('competitor:create', { username: 'otherbrand_posts5', dateFrom: '2026-01-01', dateTo: '2026-03-31', audienceGeo: [], hashtags: [], acceptMayCost: true });
    const rewritten = proxy.state.rewritten;
    rewrite = {
      path: new RegExp(`instagramCompetitorAnalysis/${created.reportId}/?$`),
      change: (json) => {
        const body = payload(json);
        const basic = ((body.report as Json | undefined)?.basic ?? body.basic) as Json;
        basic.username = huge('b');
      },
    };
    await ok('competitor:check', { id: created.reportId });
    expect(proxy.state.rewritten).toBe(rewritten + 1);
    const analyses = await ok('competitor:list', {});
    const analysis = analyses.find((a) => a.reportId === created.reportId)!;
    expect(analysis.username!.length).toBeLessThanOrEqual(TEXT_LIMITS.username);
    expect(JSON.stringify(analyses).length).toBeLessThan(BOUNDED_PAGE);
    expect(keptLength("SELECT max(length(description ->> '$.basic.username')) FROM competitor_reports")).toBe(MB15);
  }, 120_000);
});
