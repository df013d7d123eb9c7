// The tolerant reader (DESIGN "Values parsed once, read tolerantly"): a paid answer is never
// thrown away. Property: take a simulator answer of any network, replace any one part by any
// JSON, and the report still parses (identity and state kept), is still saved in a real SQLite
// file and opens with the part as received, and every summary figure that does not come from
// that part is unchanged. Beside it, one test per real form of api-notes.md.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportsRepository } from '../../../domains/reports/reportsRepository';
import { tempDatabase, type TempDatabase } from '../../cache/repositories/testkit';
import { usesRealForms } from '../../../../simulator/data/realForms';
import { networks, type Network, type ReportSummary } from '../types';
import { parseReport, parseSearch, parseYoutubeMediaPage } from './index';
import { clone, NOW, readyAnswer } from './testkit';
import { isRecord } from './normalise';

/** Accounts of every network: some in the reference's forms, some in the real ones. */
const NAMES = ['scout_alice', 'alice', 'bob', 'x', 'never_unlocked', 'scout_bob'];

type Field = keyof ReportSummary;

/** Which parts (paths from `result`) each summary figure is read from: report.ts's summaries. */
const SOURCES: Record<'instagram' | 'other', Partial<Record<Field, string[]>>> = {
  instagram: {
    accountId: ['user.id', 'user.user_id', 'user.pk'],
    title: ['user.full_name'],
    description: ['user.about'],
    avatarUrl: ['user.photo_url', 'user.avatar_url'],
    verified: ['user.is_verified'],
    followers: ['user.followers_count'],
    engagementRate: ['user.er'],
    engagementRateBasis: ['user.er'],
    growthPrc: ['user.subscribers_growth_prc'],
    avgViews: ['user.avg_views'],
    avgLikes: ['user.avg_likes'],
    avgComments: ['user.avg_comments'],
    audienceQuality: ['user.aqs'],
    country: ['user.blogger_geo'],
    language: ['user.blogger_languages'],
  },
  other: {
    accountId: ['report.basic.id'],
    username: ['report.basic.id'],
    title: ['report.basic.title'],
    description: ['report.basic.description'],
    avatarUrl: ['report.basic.avatar_url', 'report.basic.photo_url'],
    verified: ['report.basic.is_verified'],
    followers: ['report.metrics.subscribers_count'],
    engagementRate: ['report.metrics.er'],
    engagementRateBasis: ['report.metrics.er'],
    growthPrc: ['report.metrics.subscribers_growth_prc'],
    avgViews: ['report.metrics.views_avg'],
    avgLikes: ['report.metrics.alikes_avg', 'report.metrics.likes_avg', 'report.metrics.favorite_avg'],
    avgComments: ['report.metrics.comments_avg', 'report.metrics.reply_avg'],
    audienceQuality: ['report.features.aqs', 'report.features.cqs'],
    country: ['report.features.blogger_geo'],
    language: ['report.features.blogger_languages'],
  },
};

/** The identity parts: replacing them may make an answer unreadable, by design. */
const IDENTITY = new Set(['user.username', 'report.basic.username', 'report.basic.id', 'report.basic', 'report', 'user']);
const ENVELOPE = new Set(['report_state', 'report_quality', '_report_quality', 'validUntil', 'restTokens', 'type', 'highDemand', 'retryTtl']);

/** Every replaceable part of an answer's `result`: each feature, metric, basic field and top-level part. */
function partsOf(result: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (ENVELOPE.has(key)) continue;
    if ((key === 'report' || key === 'user') && isRecord(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (['basic', 'metrics', 'features'].includes(k) && isRecord(v)) for (const inner of Object.keys(v)) out.push(`${key}.${k}.${inner}`);
        else out.push(`${key}.${k}`);
      }
    } else out.push(key);
  }
  return out.filter((p) => !IDENTITY.has(p));
}

function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let node = root;
  for (const step of steps.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[steps.at(-1)!] = value;
}

function getAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, step) => (isRecord(node) ? node[step] : undefined), root);
}

const cases = networks.flatMap((network) => NAMES.map((name) => ({ network, name, answer: readyAnswer(network, name) })));
const caseArb = fc.constantFrom(...cases).chain((c) => fc.record({ c: fc.constant(c), part: fc.constantFrom(...partsOf(c.answer.result)), value: fc.jsonValue({ maxDepth: 4 }) }));

describe('property: any one part replaced by any JSON, the report is still read, saved and shown', () => {
  let t: TempDatabase;
  let repo: ReportsRepository;
  let run = 0;
  beforeAll(() => {
    t = tempDatabase('scout-tolerance-');
    repo = new ReportsRepository(t.db);
  });
  afterAll(() => t.dispose());

  it('identity, state and every figure not read from that part are unchanged; the part is kept as received', () => {
    const clean = new Map(cases.map((c) => [`${c.network}:${c.name}`, parseReport(c.network, c.answer, NOW)]));
    fc.assert(
      fc.property(caseArb, ({ c, part, value }) => {
        const answer = clone(c.answer);
        // Through JSON text, as an answer arrives (no -0).
        setAt(answer.result, part, JSON.parse(JSON.stringify(value)) as unknown);
        const before = clean.get(`${c.network}:${c.name}`)!;
        const r = parseReport(c.network, answer, NOW);
        expect(r.state).toBe(before.state);
        expect(r.summary?.username).toBe(before.summary?.username);
        const sources = SOURCES[c.network === 'instagram' ? 'instagram' : 'other'];
        for (const field of Object.keys(before.summary!) as Field[]) {
          if (sources[field]?.includes(part)) continue;
          expect(r.summary![field], `${c.network}/${c.name}: ${part} replaced; ${field}`).toEqual(before.summary![field]);
        }
        // Saved and opened from a real SQLite file, the part as received in it.
        const key = `tolerance${run++}`;
        expect(repo.saveSnapshot(r, { fetchedAt: NOW, accountKey: key })).not.toBeNull();
        const opened = repo.open(c.network, key)!;
        expect(opened.summary.username).toBe(before.summary?.username);
        expect(getAt(opened.result, part)).toEqual(getAt(r.result, part));
        // What was not read is listed, and only what was replaced.
        const listed = ((r.result._scoutUnparsed ?? []) as { path: string }[]).map((p) => p.path);
        for (const p of listed) expect(p === part || p.startsWith(`${part}.`), `${p} listed when ${part} was replaced`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('real answers of api-notes "Real answers that differ from api-reference.md"', () => {
  const readyFor = (network: Network) => readyAnswer(network, 'scout_alice');

  it('TikTok audience_geo.data as {groups, countries}, features with status beside data', () => {
    const answer = readyFor('tiktok');
    const features = answer.result.report as { features: Record<string, unknown> };
    features.features.audience_geo = { status: { code: 'OK' }, data: { groups: { europe: 40 }, countries: [{ id: 6252001, code: 'us', prc: 55 }] } };
    features.features.aqs = { status: { code: 'OK' }, ...(features.features.aqs as object) };
    const r = parseReport('tiktok', answer, NOW);
    expect(r.result._scoutUnparsed).toBeUndefined();
    expect(getAt(r.result, 'report.features.audience_geo.data.countries')).toEqual([{ id: 6252001, code: 'US', prc: 55 }]);
    expect(r.summary?.audienceQuality).toBe(parseReport('tiktok', readyFor('tiktok'), NOW).summary?.audienceQuality);
  });

  it('linked accounts with social_id, network type 8 (Facebook) and types by name', () => {
    const answer = readyFor('youtube');
    (answer.result.report as { features: Record<string, unknown> }).features.social_networks = {
      data: [{ type: 1, social_id: '123' }, { type: 8, social_id: 'fb.page' }, { type: 'instagram', social_id: '9' }],
    };
    const ig = readyFor('instagram');
    (ig.result.user as Record<string, unknown>).social_networks = [{ type: 8, social_id: 'fb.page', title: 'Page', username: 'page', subscribers_count: null, er: null, state: 'READY' }];
    expect(parseReport('youtube', answer, NOW).result._scoutUnparsed).toBeUndefined();
    expect(parseReport('instagram', ig, NOW).result._scoutUnparsed).toBeUndefined();
  });

  it('validUntil 57657398400 is no known end, never an unlock date in year 3797', () => {
    for (const network of networks) {
      const answer = readyFor(network);
      answer.result.validUntil = 57657398400;
      expect(parseReport(network, answer, NOW).validUntil).toBeNull();
    }
  });

  it('restTokens -1, negative, fractional or implausibly large is "balance not reported"', () => {
    for (const tokens of [-1, -5, 2.5, 1e12]) {
      const answer = readyFor('instagram');
      answer.result.restTokens = tokens;
      expect(parseReport('instagram', answer, NOW).restTokens, String(tokens)).toBeNull();
    }
    const fine = readyFor('instagram');
    fine.result.restTokens = 0;
    expect(parseReport('instagram', fine, NOW).restTokens).toBe(0);
  });

  it('YouTube: video_integration_price under report, a top-level features ([] or brand mentions), report._report_state', () => {
    for (const features of [[], { mentions: [{ basic: { title: 'Brand' } }] }]) {
      const answer = readyFor('youtube');
      const report = answer.result.report as Record<string, unknown>;
      report.video_integration_price = answer.result.video_integration_price;
      delete answer.result.video_integration_price;
      delete answer.result.report_state;
      report._report_state = 'READY_LOW_CONFIDENCE';
      answer.result.features = features;
      const r = parseReport('youtube', answer, NOW);
      expect(r.state).toBe('READY_LOW_CONFIDENCE');
      expect(r.result._scoutUnparsed).toBeUndefined();
      expect(getAt(r.result, 'report.video_integration_price')).toEqual(report.video_integration_price);
    }
  });

  it('NOT_READY answers with report: false', () => {
    for (const network of networks) {
      const r = parseReport(network, { result: { report_state: 'NOT_READY', retryTtl: 20, restTokens: -1, report: false } }, NOW);
      expect(r.state).toBe('NOT_READY');
      expect(r.retryTtlSec).toBe(20);
      expect(r.restTokens).toBeNull();
    }
  });

  it('media time_added 0 is an unknown date, not 1970', () => {
    const page = parseYoutubeMediaPage({ result: { current_page: 1, total_pages: 1, media: [{ id: 'v1', time_added: 0 }, { id: 'v2', time_added: 0, time_added_iso: '2026-07-01T00:00:00Z' }] } });
    expect(page.items.map((v) => v.publishedAt)).toEqual([null, Date.UTC(2026, 6, 1)]);
  });

  it('empty maps as [] instead of {}', () => {
    const ig = readyFor('instagram');
    Object.assign(ig.result.user as object, { blogger_emv: [], blogger_reach: [], blogger_prices: [], audience_type: [] });
    expect(parseReport('instagram', ig, NOW).result._scoutUnparsed).toBeUndefined();
    const tt = readyFor('tiktok');
    Object.assign((tt.result.report as { features: object }).features, { audience_age_gender: { data: [] }, blogger_geo: { data: [] } });
    expect(parseReport('tiktok', tt, NOW).result._scoutUnparsed).toBeUndefined();
  });

  it('discovery social_networks[].type as a string with social_id', () => {
    const r = parseSearch({ result: { search_results: [{ basic: { username: 'a' }, features: { social_networks: [{ type: 'tiktok', social_id: '77', title: 'A', username: 'a', subscribers_count: 3, er: 1, state: 'READY' }] } }] } });
    expect(r.results[0]!.socialNetworks).toEqual([{ type: 3, id: '77' }]);
    expect(r.unparsed).toEqual([]);
  });

  it('the simulator answers in the real forms for a stable share of accounts, and they parse whole', () => {
    const real = cases.filter((c) => usesRealForms(c.network, c.name));
    expect(real.length).toBeGreaterThan(0);
    expect(real.length).toBeLessThan(cases.length);
    for (const c of real) expect(parseReport(c.network, c.answer, NOW).result._scoutUnparsed, `${c.network}/${c.name}`).toBeUndefined();
    const tiktok = cases.find((c) => c.network === 'tiktok' && usesRealForms('tiktok', c.name))!;
    expect(Array.isArray(getAt(tiktok.answer.result, 'report.features.audience_geo.data'))).toBe(false);
    expect(getAt(tiktok.answer.result, 'report.features.aqs.status')).toEqual({ code: 'OK' });
  });
});
