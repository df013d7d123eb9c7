// The library's filters, sorts, paging and count against the same computation in JS, over a
// few hundred reports with varied (and null, and tied) columns.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networks, type Network, type ReportSummary } from '../../platform/api/types';
import { Rng } from '../../../simulator/data/random';
import { librarySortKeys, ReportsRepository, type LibraryQuery, type LibrarySortKey, type StoredReportState } from './reportsRepository';
import { usernameText } from '../../platform/cache/repositories/searchText';
import { AccountNotesRepository } from '../notes/accountNotesRepository';
import { DEFAULT_STATUS_STEPS, NO_STATUS } from '@shared/workflow';
import { DAY_MS, NOW, parsedReport, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

const vocab = ['alpha', 'bravo', 'cosmos', 'delta', 'echo', 'falcon', 'garden', 'harbor', 'island', 'jungle', 'kitchen', 'lunar', 'meadow', 'nova'];
const countries = ['US', 'GB', 'DE', 'FR', 'BR', 'JP'];
const oddTitles = ['Café Élan', 'straße leben', '東京 daily', 'Ωmega', 'zebra', 'Zebra', 'apple', 'Apple', '_under', '123 go'];

interface Model {
  id: number;
  network: Network;
  accountKey: string;
  state: StoredReportState;
  fetchedAt: number;
  firstFetchedAt: number;
  unlockedAt: number | null;
  validUntil: number | null;
  summary: ReportSummary;
  snapshotCount: number;
  /** The research status's step (its place in DEFAULT_STATUS_STEPS, from 1); null: none. */
  statusPosition: number | null;
}

let t: TempDatabase;
let repo: ReportsRepository;
const model = new Map<string, Model>();

function randomSummary(rng: Rng, network: Network, username: string): ReportSummary {
  const maybe = <T>(value: T, nullShare = 0.1): T | null => (rng.bool(nullShare) ? null : value);
  const words = (n: number) => Array.from({ length: n }, () => rng.pick(vocab)).map((w) => (rng.bool(0.3) ? w[0]!.toUpperCase() + w.slice(1) : w));
  return {
    network,
    accountId: maybe(String(rng.int(1, 50)), 0.2),
    username,
    title: maybe(rng.bool(0.2) ? rng.pick(oddTitles) : words(rng.int(1, 3)).join(' ')),
    description: maybe(words(rng.int(2, 6)).join(' '), 0.3),
    avatarUrl: null,
    verified: maybe(rng.bool()),
    // Ties on purpose: a few followers values repeat.
    followers: maybe(rng.bool(0.3) ? rng.pick([1000, 5000, 250_000]) : rng.int(100, 2_000_000)),
    ...(() => {
      const engagementRate = maybe(rng.float(0, 20));
      return { engagementRate, engagementRateBasis: engagementRate === null ? null : rng.pick(['30d', 'overall'] as const) };
    })(),
    growthPrc: maybe(rng.float(-5, 10)),
    avgViews: maybe(rng.int(0, 1_000_000)),
    avgLikes: maybe(rng.int(0, 50_000)),
    avgComments: maybe(rng.int(0, 2_000)),
    audienceQuality: maybe(rng.int(1, 100)),
    country: maybe(rng.pick(countries), 0.15),
    language: maybe(rng.pick(['en', 'de', 'fr', 'pt', 'ja'])),
  };
}

beforeAll(() => {
  t = tempDatabase();
  repo = new ReportsRepository(t.db);
  const rng = new Rng('library');
  const save = (network: Network, username: string, summary: ReportSummary, state: StoredReportState, fetchedAt: number, unlockedAt: number | null) => {
    // Small bodies: the library reads only the reports row.
    const body = network === 'instagram' ? { user: { username } } : { report: { basic: { username } } };
    return repo.saveSnapshot(parsedReport(network, username, { body, summary, state }), { fetchedAt, unlockedAt, accountKey: username })!;
  };
  for (let i = 0; i < 320; i++) {
    const network = rng.pick(networks);
    const username = `${rng.pick(vocab)}${rng.pick(['', '.', '_'])}${rng.pick(vocab)}${i}`;
    const state: StoredReportState = rng.bool(0.2) ? 'READY_LOW_CONFIDENCE' : 'READY';
    // Whole days, so that several reports share a fetch time.
    const fetchedAt = NOW - rng.int(0, 400) * DAY_MS;
    const unlockedAt = rng.bool(0.7) ? fetchedAt : null;
    const summary = randomSummary(rng, network, username);
    const { reportId } = save(network, username, summary, state, fetchedAt, unlockedAt);
    let entry: Model = {
      id: reportId,
      network,
      accountKey: username,
      state,
      fetchedAt,
      firstFetchedAt: fetchedAt,
      unlockedAt,
      validUntil: NOW + 365 * DAY_MS,
      summary,
      snapshotCount: 1,
      statusPosition: null,
    };
    if (rng.bool(0.15)) {
      // A newer fetch: the row follows it.
      const newer = randomSummary(rng, network, username);
      save(network, username, newer, 'READY', fetchedAt + DAY_MS, null);
      entry = { ...entry, summary: newer, state: 'READY', fetchedAt: fetchedAt + DAY_MS, snapshotCount: entry.snapshotCount + 1 };
    }
    if (rng.bool(0.15)) {
      // An older fetch arriving late: the row stays.
      save(network, username, randomSummary(rng, network, username), 'READY', fetchedAt - 3 * DAY_MS, null);
      entry = { ...entry, firstFetchedAt: fetchedAt - 3 * DAY_MS, snapshotCount: entry.snapshotCount + 1 };
    }
    // A research status on about half the accounts (another table: the library joins it).
    if (rng.bool(0.5)) {
      const position = rng.int(1, DEFAULT_STATUS_STEPS.length);
      new AccountNotesRepository(t.db).set(network, username, { note: '', tags: [], status: DEFAULT_STATUS_STEPS[position - 1]!.id }, NOW);
      entry = { ...entry, statusPosition: position };
    }
    model.set(`${network}:${username}`, entry);
  }
});
afterAll(() => t.dispose());

// ---- The same query in JS ----

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** SQLite compares text as UTF-8 bytes; NOCASE folds ASCII only. */
const compareText = (a: string, b: string, nocase: boolean) => Buffer.compare(Buffer.from(nocase ? asciiLower(a) : a), Buffer.from(nocase ? asciiLower(b) : b));

const sortValue: Record<Exclude<LibrarySortKey, 'relevance'>, (m: Model) => string | number | null> = {
  fetchedAt: (m) => m.fetchedAt,
  firstFetchedAt: (m) => m.firstFetchedAt,
  unlockedAt: (m) => m.unlockedAt,
  validUntil: (m) => m.validUntil,
  network: (m) => m.network,
  state: (m) => m.state,
  accountId: (m) => m.summary.accountId,
  username: (m) => m.summary.username,
  title: (m) => m.summary.title,
  verified: (m) => (m.summary.verified === null ? null : m.summary.verified ? 1 : 0),
  followers: (m) => m.summary.followers,
  engagementRate: (m) => m.summary.engagementRate,
  growthPrc: (m) => m.summary.growthPrc,
  avgViews: (m) => m.summary.avgViews,
  avgLikes: (m) => m.summary.avgLikes,
  avgComments: (m) => m.summary.avgComments,
  audienceQuality: (m) => m.summary.audienceQuality,
  country: (m) => m.summary.country,
  language: (m) => m.summary.language,
  status: (m) => m.statusPosition,
};
const nocaseKeys = new Set<LibrarySortKey>(['accountId', 'username', 'title', 'country', 'language']);

const tokens = (text: string | null) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function matchesText(m: Model, text: string): boolean {
  const words = text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const docTokens = [...tokens(usernameText(m.summary.username)), ...tokens(m.summary.title), ...tokens(m.summary.description)];
  return words.every((w, i) => (i === words.length - 1 && w.length >= 2 ? docTokens.some((d) => d.startsWith(w)) : docTokens.includes(w)));
}

function expected(query: LibraryQuery): { total: number; keys: string[]; all: Model[] } {
  let rows = [...model.values()];
  const nonEmpty = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;
  if (nonEmpty(query.networks)) rows = rows.filter((m) => query.networks!.includes(m.network));
  if (nonEmpty(query.states)) rows = rows.filter((m) => query.states!.includes(m.state));
  if (nonEmpty(query.countries)) rows = rows.filter((m) => m.summary.country !== null && query.countries!.map((c) => c.toUpperCase()).includes(m.summary.country));
  if (query.fetchedAfter !== undefined) rows = rows.filter((m) => m.fetchedAt >= query.fetchedAfter!);
  if (query.fetchedBefore !== undefined) rows = rows.filter((m) => m.fetchedAt < query.fetchedBefore!);
  if (query.followersMin !== undefined) rows = rows.filter((m) => m.summary.followers !== null && m.summary.followers >= query.followersMin!);
  if (query.followersMax !== undefined) rows = rows.filter((m) => m.summary.followers !== null && m.summary.followers <= query.followersMax!);
  if (query.text !== undefined) rows = rows.filter((m) => matchesText(m, query.text!));
  if (query.status !== undefined) {
    const position = DEFAULT_STATUS_STEPS.findIndex((s) => s.id === query.status) + 1;
    rows = rows.filter((m) => (query.status === NO_STATUS ? m.statusPosition === null : m.statusPosition === position));
  }
  const sort = query.sort === undefined || query.sort === 'relevance' ? 'fetchedAt' : query.sort;
  const dir = query.order === 'asc' ? 1 : -1;
  const value = sortValue[sort];
  rows.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const c = typeof va === 'number' ? va - (vb as number) : compareText(va, vb as string, nocaseKeys.has(sort));
      if (c !== 0) return dir * Math.sign(c);
    }
    return dir * (a.id - b.id);
  });
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  return { total: rows.length, keys: rows.slice(offset, offset + limit).map((m) => `${m.network}:${m.accountKey}`), all: rows };
}

const keysOf = (page: ReturnType<ReportsRepository['library']>) => page.items.map((i) => `${i.network}:${i.accountKey}`);

const textArb = fc
  .tuple(fc.constantFrom(...vocab), fc.option(fc.constantFrom(...vocab), { nil: undefined }), fc.integer({ min: 1, max: 8 }), fc.boolean())
  .map(([a, b, cut, upper]) => {
    const last = (b ?? a).slice(0, cut);
    const text = b === undefined ? last : `${a} ${last}`;
    return upper ? text.toUpperCase() : text;
  });

/** Mostly absent, so that queries combine a few filters and still find rows. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight });

const queryArb: fc.Arbitrary<LibraryQuery> = fc
  .record({
    networks: sometimes(fc.subarray([...networks])),
    states: sometimes(fc.subarray(['READY', 'READY_LOW_CONFIDENCE'] as StoredReportState[])),
    fetchedAfter: sometimes(fc.integer({ min: 0, max: 400 }).map((d) => NOW - d * DAY_MS)),
    fetchedBefore: sometimes(fc.integer({ min: 0, max: 401 }).map((d) => NOW - d * DAY_MS + DAY_MS)),
    countries: sometimes(fc.subarray(['US', 'gb', 'De', 'FR', 'BR', 'JP', 'XX'])),
    followersMin: sometimes(fc.constantFrom(0, 1000, 5000, 100_000, 1_000_000)),
    followersMax: sometimes(fc.constantFrom(1000, 250_000, 1_500_000)),
    text: sometimes(textArb),
    status: sometimes(fc.constantFrom(NO_STATUS, ...DEFAULT_STATUS_STEPS.map((s) => s.id))),
    sort: fc.constantFrom(...librarySortKeys.filter((k) => k !== 'relevance')),
    order: sometimes(fc.constantFrom('asc' as const, 'desc' as const), 3),
    limit: sometimes(fc.integer({ min: 0, max: 120 }), 3),
    offset: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 60 }), weight: 2 }, fc.integer({ min: 0, max: 340 })),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as LibraryQuery);

describe('ReportsRepository.library', () => {
  it('returns the same page and total as the same query computed in JS', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const page = repo.library(query);
        const want = expected(query);
        expect(page.total).toBe(want.total);
        expect(keysOf(page)).toEqual(want.keys);
      }),
      { numRuns: 400 },
    );
  });

  it('reads the same page whether it walks the sort’s index or sorts the matches (the two plans a page chooses between)', () => {
    const walking = new ReportsRepository(t.db, 'walk');
    const sorting = new ReportsRepository(t.db, 'sort');
    fc.assert(
      fc.property(queryArb, (query) => {
        const want = expected(query);
        for (const plan of [walking, sorting]) {
          const page = plan.library(query);
          expect(page.total).toBe(want.total);
          expect(keysOf(page)).toEqual(want.keys);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives each row the newest snapshot’s columns and the report’s own', () => {
    const page = repo.library({ limit: 1000 });
    expect(page.total).toBe(model.size);
    for (const item of page.items) {
      const m = model.get(`${item.network}:${item.accountKey}`)!;
      expect(item).toEqual({
        network: m.network,
        accountKey: m.accountKey,
        summary: m.summary,
        state: m.state,
        quality: m.state === 'READY' ? 'high' : 'low',
        fetchedAt: m.fetchedAt,
        firstFetchedAt: m.firstFetchedAt,
        unlockedAt: m.unlockedAt,
        validUntil: m.validUntil,
        tiktokType: m.network === 'tiktok' ? 'advanced_report' : null,
        snapshotCount: m.snapshotCount,
      });
    }
  });

  it('pages through everything exactly once', () => {
    const query: LibraryQuery = { sort: 'followers', order: 'asc', networks: ['instagram', 'tiktok', 'youtube'] };
    const seen: string[] = [];
    for (let offset = 0; ; offset += 25) {
      const page = repo.library({ ...query, limit: 25, offset });
      if (page.items.length === 0) break;
      seen.push(...keysOf(page));
    }
    expect(seen).toEqual(expected({ ...query, limit: 10_000 }).keys);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('sorts nulls last in both directions', () => {
    for (const order of ['asc', 'desc'] as const) {
      const items = repo.library({ sort: 'title', order, limit: 1000 }).items;
      const firstNull = items.findIndex((i) => i.summary.title === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(items.slice(firstNull).every((i) => i.summary.title === null)).toBe(true);
    }
  });

  it('ranks by relevance when asked, with the same rows and total as the text filter', () => {
    const byRelevance = repo.library({ text: 'alpha', sort: 'relevance', limit: 1000 });
    const filtered = expected({ text: 'alpha', limit: 1000 });
    expect(byRelevance.total).toBe(filtered.total);
    expect(keysOf(byRelevance).sort()).toEqual([...filtered.keys].sort());
    // An account named after the word comes before one that only mentions it in its description.
    const first = byRelevance.items[0]!;
    expect(tokens(usernameText(first.summary.username)).some((w) => w.startsWith('alpha')) || tokens(first.summary.title).some((w) => w.startsWith('alpha'))).toBe(true);
    // Without text, relevance falls back to the newest first.
    expect(keysOf(repo.library({ sort: 'relevance', limit: 10 }))).toEqual(expected({ limit: 10 }).keys);
  });

  it('treats empty lists and unsearchable text as no filter, and refuses an unknown sort', () => {
    expect(repo.library({ networks: [], states: [], countries: [], text: ' ** " ( ' }).total).toBe(model.size);
    expect(() => repo.library({ sort: 'raw; DROP TABLE reports' as LibrarySortKey })).toThrow(RangeError);
    expect(repo.library({ limit: 5000 }).items).toHaveLength(Math.min(1000, model.size));
    expect(repo.library({ limit: -1 }).items).toHaveLength(0);
  });
});
