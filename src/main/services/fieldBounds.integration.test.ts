// An API answer with a 15 MB field (a username, a title, a caption) — the simulator's own answer,
// rewritten on its way by a proxy — is kept whole where answers are kept, and every list and
// table the renderer asks for through the handlers shows it bounded (textBounds.ts): discovery
// results, creators, list items and competitor posts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../../simulator/server';
import { startSimulator } from '../../simulator/server';
import { productionHarnessWith, type ProductionHarness } from '../../../test/productionHarness';
import { rewritingProxy } from '../../../test/rewritingProxy';
import { TEXT_LIMITS } from '../api/schemas/textBounds';

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
    rewrite = { path: /auditor\.search\/?$/, change: (json) => {
      const first = (payload(json).search_results as Json[])[0]!;
      const basic = first.basic as Json;
      Object.assign(basic, { username: huge('u'), title: long('t'), avatar_url: long('a'), category_name: long('c'), country: long('k') });
      first.features = { ...(first.features as Json), social_networks: [{ type: long('n'), social_id: long('i'), username: long('v'), title: long('w') }] };
    } };
    const run = await ok('discovery:run', { runId: 'huge', body, sandbox: false, fromPage: 1, toPage: 1, confirmedCalls: 1, workspace: 'production' });
    expect(run).toMatchObject({ outcome: 'finished', pagesFetched: 1, callsSpent: 1 });
    expect(proxy.state.rewritten).toBe(1);

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
});
