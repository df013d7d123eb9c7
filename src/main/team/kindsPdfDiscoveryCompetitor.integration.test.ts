// PDF exports, discovery pages and competitor analyses in a Team workspace, against a real
// PostgreSQL and one simulator over loopback: two "laptops" — each the main services on its own
// SQLite file and archive folder, with a kernel that claims in one team database — never both
// pay for the same thing; the second takes the first's copy and sends nothing. Each kind's codec
// (what the sync engine calls for a pulled record, and what taking a copy goes through) refuses a
// hostile record without changing anything, and applying a record twice says it is held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountRef } from '@shared/accountInput';
import { DiscoveryRepository } from '../domains/discovery/discoveryRepository';
import { PdfsRepository } from '../domains/archive/pdfsRepository';
import { CompetitorRepository } from '../domains/competitor/competitorRepository';
import { CompetitorPostsRepository } from '../domains/competitor/competitorPostsRepository';
import { DiscoveryWorkspaceRepository } from '../domains/discovery/discoveryWorkspaceRepository';
import { PaidWork } from '../kernel/paidWork';
import { ArchiveService, MAX_TEAM_PDF_BYTES, PdfTeamCodec, pdfTeamItem } from '../domains/archive/archiveService';
import { CompetitorService, CompetitorTeamCodec, competitorCopyDays, competitorTeamItem } from '../domains/competitor/competitorService';
import { DiscoveryService, DiscoveryTeamCodec } from '../domains/discovery/discoveryService';
import { MAX_TEAM_PAGE_BYTES, discoveryTeamItem } from '../domains/discovery/discoveryTeam';
import { ReportService } from '../domains/reports/reportService';
import type { SimulatorHandle } from '../../simulator/server';
import type { ProductionHarness } from '../../../test/productionHarness';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, type Researcher } from '../../../test/teamHarness';
import type { ClaimOutcome } from './claims';
import type { TeamRecordIn, TeamRecordOut } from './codecs';
import { PostgresTeamGate, type TeamGate } from './gate';
import { pushRecord, recordBytes, recordJson, teammateCopy, type RecordInput, type TeamItem } from './records';

/** What a shared record pushes as: a file of the archive (a PDF) read as the sync engine reads it when it pushes. */
function asRecord(out: TeamRecordOut): RecordInput {
  const body = 'file' in out.body ? { bytes: new Uint8Array(fs.readFileSync(out.body.file)) } : out.body;
  return { item: out.item, fetchedAt: out.fetchedAt, body };
}
import { RECORD_LIMITS } from './schema/0010-team';

interface Laptop {
  harness: ProductionHarness;
  archive: ArchiveService;
  discovery: DiscoveryService;
  competitor: CompetitorService;
  codecs: { pdf: PdfTeamCodec; discovery: DiscoveryTeamCodec; competitor: CompetitorTeamCodec };
  archiveDir: string;
  /** Every outcome of this laptop's claims, in order. */
  claims: ClaimOutcome['kind'][];
  /** What the services handed over to be shared (the sync engine's `share`). */
  shared: TeamRecordOut[];
  /** Waits for the shared records to be in the team database (the stand-in sync engine pushes them). */
  flush(): Promise<void>;
  ledgerRows(): number;
}

/** What stands between a laptop's kernel and its gate: nothing, or a step held until the other laptop's. */
type Wrap = (gate: TeamGate, claims: ClaimOutcome['kind'][]) => TeamGate;

const simulator = { generationMs: 30, pdfMs: 60, analysisMs: 150, discovery: 5_000, seed: 'team-kinds' };

describeTeam('PDFs, discovery pages and competitor analyses: nobody on the team pays for what a teammate has', { researchers: ['Ada', 'Bob'], simulator }, (t) => {
  let server: TestPostgres;
  let ada: Researcher;
  let bob: Researcher;
  let sim: SimulatorHandle;
  /** One pool per researcher for the whole file (a researcher's role has a connection limit). */
  const pools = new Map<Researcher, pg.Pool>();
  const poolOf = (r: Researcher) => pools.get(r) ?? pools.set(r, r.pool()).get(r)!;
  const folders: string[] = [];
  /** Pushes the stand-in sync engine started: all in before a test's laptops close. */
  const pushing: Promise<unknown>[] = [];

  beforeAll(() => {
    ({ server, sim } = t);
    ({ Ada: ada, Bob: bob } = t.researchers);
  });
  afterEach(async () => {
    await Promise.allSettled(pushing.splice(0));
    await t.closeLaptops();
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function laptop(researcher: Researcher, wrap: Wrap = (g) => g): Promise<Laptop> {
    // A machine shared by many test runs: an answer is given time enough never to count as lost.
    const harness = await t.production({ apiTimeoutMs: 30_000, transport: { retry: { initialDelayMs: 5, maxDelayMs: 30, maxAttempts: 3 } }, polling: { pollDelayMs: () => 20, maxWaitMs: 30_000 } });
    const ws = harness.services.active();
    const claims: ClaimOutcome['kind'][] = [];
    const real = new PostgresTeamGate(poolOf(researcher), { leaseMs: 5_000, heldPollMs: 20 });
    const recording: TeamGate = Object.assign(Object.create(real) as TeamGate, {
      claim: async (...args: Parameters<TeamGate['claim']>) => {
        const outcome = await real.claim(...args);
        claims.push(outcome.kind);
        return outcome;
      },
    });
    const paid = new PaidWork({ api: () => ws.api(), ledger: ws.ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: wrap(recording, claims) });
    // The sync engine's `share`, as far as this needs: the record pushed as this researcher.
    const shared: TeamRecordOut[] = [];
    const pushes: Promise<unknown>[] = [];
    const pusher = poolOf(researcher);
    const share = (out: TeamRecordOut) => {
      shared.push(out);
      const pushed = pushRecord(pusher, asRecord(out));
      // Awaited by `flush` (where a test needs it in) and after each test; never left unhandled.
      pushed.catch(() => undefined);
      pushes.push(pushed);
      pushing.push(pushed);
    };
    const reports = new ReportService({ api: () => ws.api(), repo: ws.reportsRepo, ledger: ws.ledger, paid, jobs: ws.jobs, pollDelayMs: () => 20, maxWaitMs: 30_000 });
    const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-team-archive-'));
    folders.push(archiveDir);
    const archive = new ArchiveService({ reports, repo: new PdfsRepository(ws.db), paid, jobs: ws.jobs, dir: archiveDir, loopbackOrigin: async () => new URL(sim.url).origin, pollDelayMs: () => 20, share });
    const discovery = new DiscoveryService({ paid, jobs: ws.jobs, ledger: ws.ledger, pages: new DiscoveryRepository(ws.db), store: new DiscoveryWorkspaceRepository(ws.db), connection: ws.connection, share });
    const competitorRepo = new CompetitorRepository(ws.db);
    const competitor = new CompetitorService({ repo: competitorRepo, posts: new CompetitorPostsRepository(ws.db, competitorRepo), paid, jobs: ws.jobs, ledger: ws.ledger, brand: () => ws.agency.brand(), pageSize: 200, share });
    return {
      harness,
      archive,
      discovery,
      competitor,
      codecs: { pdf: new PdfTeamCodec(archive), discovery: new DiscoveryTeamCodec(discovery), competitor: new CompetitorTeamCodec(competitor) },
      archiveDir,
      claims,
      shared,
      flush: async () => {
        await Promise.all(pushes);
      },
      ledgerRows: () => ws.ledger.entries().length,
    };
  }

  /** A deferred: a step one laptop waits on until the other's has happened. */
  function signal() {
    let fire!: () => void;
    const fired = new Promise<void>((resolve) => (fire = resolve));
    return { fire, fired };
  }

  /**
   * Each laptop, having won, sends only once the other laptop's first claim has been answered:
   * the loser asks while the winner holds the claim and has not sent yet — a true race, whichever
   * laptop the database lets win.
   */
  function racing(): { a: Wrap; b: Wrap } {
    const asked = { a: signal(), b: signal() };
    const hold =
      (mine: 'a' | 'b', other: 'a' | 'b'): Wrap =>
      (gate, claims) =>
        Object.assign(Object.create(gate) as TeamGate, {
          claim: async (...args: Parameters<TeamGate['claim']>) => {
            const outcome = await gate.claim(...args);
            if (claims.length === 1) asked[mine].fire();
            return outcome;
          },
          confirm: async (...args: Parameters<TeamGate['confirm']>) => {
            await asked[other].fired;
            return gate.confirm(...args);
          },
        });
    return { a: hold('a', 'b'), b: hold('b', 'a') };
  }

  const run = (l: Laptop, runId: string, body: object, page = 1, options: { teamUnreachableConfirmed?: boolean } = {}) =>
    l.discovery.run({ runId, body, sandbox: false, fromPage: page, toPage: page, confirmedCalls: 1 }, false, options);
  const analysesOf = (username: string) => [...sim.state.analyses.values()].filter((x) => x.username === username).length;
  const apiCalls = () => [...sim.state.calls.values()].reduce((s, n) => s + n, 0);
  const callsOf = (method: string) => sim.state.calls.get(method) ?? 0;
  const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

  /** The newest record of an item in the team database, read back as the sync engine hands it to a codec. */
  async function pulled(researcher: Researcher, item: TeamItem, bytes = false): Promise<TeamRecordIn> {
    const pool = poolOf(researcher);
    const copy = await teammateCopy(pool, item, null);
    expect(copy).not.toBeNull();
    const body = bytes ? { bytes: (await recordBytes(pool, item, copy!.seq))! } : { json: await recordJson(pool, item, copy!.seq) };
    return { seq: copy!.seq, item, researcher: copy!.researcher, fetchedAt: copy!.fetchedAt, body };
  }

  // ---- PDFs -------------------------------------------------------------------------------

  describe('PDF exports', () => {
    it("a PDF a teammate exported: taken from the team database, byte for byte, nothing sent and nothing spent", async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const ref = accountRef('twitch', 'teampdfone');
      const spentBefore = sim.state.totalSpent();

      const bought = await a.archive.export(ref, 1);
      expect(sim.state.totalSpent() - spentBefore).toBe(1);
      expect(a.claims).toEqual(['won']);
      expect(a.shared).toHaveLength(1);
      expect(a.shared[0]!.item).toEqual(pdfTeamItem('twitch', 'teampdfone'));
      const callsBefore = apiCalls();

      const taken = await b.archive.export(ref, 1);

      expect(apiCalls()).toBe(callsBefore);
      expect(sim.state.totalSpent() - spentBefore).toBe(1);
      expect(b.claims).toEqual(['copy']);
      expect(b.ledgerRows()).toBe(0);
      // Taken, not bought: nothing to share again.
      expect(b.shared).toHaveLength(0);
      const aBytes = fs.readFileSync(a.archive.existingFile(bought.id));
      const bBytes = fs.readFileSync(b.archive.existingFile(taken.id));
      expect(bBytes.equals(aBytes)).toBe(true);
      expect(bBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(taken).toMatchObject({ kind: 'api', network: 'twitch', accountKey: 'teampdfone', exportedAt: bought.exportedAt, bytes: bought.bytes, missing: false });
      expect(b.archive.list().map((p) => p.id)).toEqual([taken.id]);
    });

    it('both laptops exporting the same new PDF at the same moment: the simulator charges once, the other takes the copy', async () => {
      const race = racing();
      const a = await laptop(ada, race.a);
      const b = await laptop(bob, race.b);
      const ref = accountRef('snapchat', 'teampdfrace');
      const spentBefore = sim.state.totalSpent();

      const [pa, pb] = await Promise.all([a.archive.export(ref, 1), b.archive.export(ref, 1)]);

      expect(sim.state.totalSpent() - spentBefore).toBe(1);
      expect(a.ledgerRows() + b.ledgerRows()).toBe(1);
      const [winner, loser] = a.ledgerRows() === 1 ? [a, b] : [b, a];
      expect(winner.claims).toEqual(['won']);
      expect(loser.claims[0]).toBe('held');
      expect(loser.claims.at(-1)).toBe('copy');
      expect(fs.readFileSync(a.archive.existingFile(pa.id)).equals(fs.readFileSync(b.archive.existingFile(pb.id)))).toBe(true);
    });

    it("a teammate's 'PDF' that is a web page is no copy: not saved, and the PDF bought here instead", async () => {
      const b = await laptop(bob);
      const ref = accountRef('youtube', 'UCteamHostilePdf00000000');
      await pushRecord(poolOf(ada), { item: pdfTeamItem('youtube', ref.key), fetchedAt: new Date(), body: { bytes: new TextEncoder().encode('<!doctype html><html><body>Sign in</body></html>') } });
      const callsBefore = apiCalls();

      const exported = await b.archive.export(ref, 1);
      expect(b.claims).toEqual(['copy', 'won']);
      expect(apiCalls()).toBeGreaterThan(callsBefore);
      expect(b.ledgerRows()).toBe(1);
      expect(fs.readFileSync(b.archive.existingFile(exported.id)).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('the codec: a pulled PDF is saved once (then held), and a hostile one changes nothing', async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const ref = accountRef('instagram', 'teampdfcodec');
      await a.archive.export(ref, 1);
      const record = await pulled(bob, pdfTeamItem('instagram', ref.key), true);

      expect(await b.codecs.pdf.apply(record)).toBe('saved');
      expect(await b.codecs.pdf.apply(record)).toBe('already-held');
      // Its own record, pulled back: held already.
      expect(await a.codecs.pdf.apply(record)).toBe('already-held');
      expect(b.archive.list()).toHaveLength(1);
      const files = filesIn(b.archiveDir);
      expect(files).toHaveLength(1);

      const pdfBytes = (record.body as { bytes: Uint8Array }).bytes;
      const hostile: [string, TeamRecordIn][] = [
        ['a web page', { ...record, fetchedAt: new Date(record.fetchedAt.getTime() + 1), body: { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>') } }],
        ['JSON instead of a file', { ...record, fetchedAt: new Date(record.fetchedAt.getTime() + 2), body: { json: { pdfUrl: 'https://example.com/x.pdf' } } }],
        ['a PDF header with no pages', { ...record, fetchedAt: new Date(record.fetchedAt.getTime() + 3), body: { bytes: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') } }],
        ['larger than the team database keeps', { ...record, fetchedAt: new Date(record.fetchedAt.getTime() + 4), body: { bytes: (() => { const big = new Uint8Array(MAX_TEAM_PDF_BYTES + 1); big.set(pdfBytes); return big; })() } }],
        ['an item that names no account', { ...record, item: { kind: 'pdf', key: '["twitch","no account here!",""]' } }],
        ['an item of another kind', { ...record, item: { kind: 'discovery', key: record.item.key } }],
      ];
      for (const [what, bad] of hostile) {
        await expect(b.codecs.pdf.apply(bad), what).rejects.toMatchObject({ code: 'TEAM_BAD_DATA' });
      }
      expect(b.archive.list()).toHaveLength(1);
      expect(filesIn(b.archiveDir)).toEqual(files);
    });
  });

  // ---- discovery pages --------------------------------------------------------------------

  describe('discovery pages', () => {
    /** Instagram accounts with 2 M followers or more (more than one page in the simulator). */
    const query = { social_network: 'instagram', subscribers_count: { from: 2_000_000 } } as const;
    /** The same query spelled another way: the same page for the team, as for the local cache. */
    const querySpelledAgain = { subscribers_count: { from: 2_000_000 }, social_network: 'instagram' } as const;

    it("a page a teammate bought: taken from the team database, nothing sent and nothing spent", async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const spentBefore = sim.state.spent.discoveryRequests;

      expect(await run(a, 'a1', query)).toMatchObject({ pagesFetched: 1, callsSpent: 1, outcome: 'finished' });
      expect(a.shared.map((s) => s.item)).toEqual([discoveryTeamItem('instagram', DiscoveryRepository.queryHash(query), 1)]);
      const callsBefore = apiCalls();

      // Asked in another spelling: the same item.
      const taken = await run(b, 'b1', querySpelledAgain);

      expect(taken).toMatchObject({ pagesFetched: 1, callsSpent: 0, outcome: 'finished' });
      expect(apiCalls()).toBe(callsBefore);
      expect(sim.state.spent.discoveryRequests - spentBefore).toBe(1);
      expect(b.claims).toEqual(['copy']);
      expect(b.ledgerRows()).toBe(0);
      expect(b.shared).toHaveLength(0);
      const mine = a.discovery.results({ body: query, sandbox: false });
      const theirs = b.discovery.results({ body: query, sandbox: false });
      expect(theirs.rows).toHaveLength(20);
      expect(theirs.rows).toEqual(mine.rows);
      expect(theirs).toMatchObject({ pages: [1], totalPages: mine.totalPages, fetchedAt: mine.fetchedAt });
      // Cached now: a quote says it is free, and the next page is still bought.
      expect((await b.discovery.quote({ body: query, sandbox: false, fromPage: 1, toPage: 2 })).pagesToFetch).toEqual([2]);
      expect(await run(b, 'b2', query, 2)).toMatchObject({ pagesFetched: 1, callsSpent: 1 });
      expect(b.claims).toEqual(['copy', 'won']);
    });

    it('both laptops running the same new page at the same moment: the simulator charges once, the other takes the copy', async () => {
      const race = racing();
      const a = await laptop(ada, race.a);
      const b = await laptop(bob, race.b);
      const body = { social_network: 'youtube', subscribers_count: { from: 1_000_000 } };
      const spentBefore = sim.state.spent.discoveryRequests;
      const searchesBefore = callsOf('auditor.search');

      const [ra, rb] = await Promise.all([run(a, 'ra', body), run(b, 'rb', body)]);

      expect(sim.state.spent.discoveryRequests - spentBefore).toBe(1);
      expect(callsOf('auditor.search') - searchesBefore).toBe(1);
      expect(ra.callsSpent + rb.callsSpent).toBe(1);
      expect(a.ledgerRows() + b.ledgerRows()).toBe(1);
      const loser = a.ledgerRows() === 1 ? b : a;
      expect(loser.claims[0]).toBe('held');
      expect(loser.claims.at(-1)).toBe('copy');
      expect(a.discovery.results({ body, sandbox: false }).rows).toEqual(b.discovery.results({ body, sandbox: false }).rows);
    });

    it('the codec: a pulled page is saved once (then held), and a hostile one changes nothing', async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const body = { social_network: 'tiktok', subscribers_count: { from: 3_000_000 } };
      expect(await run(a, 'c1', body)).toMatchObject({ message: null, pagesFetched: 1, callsSpent: 1 });
      const item = discoveryTeamItem('tiktok', DiscoveryRepository.queryHash(body), 1);
      const record = await pulled(bob, item);

      expect(await b.codecs.discovery.apply(record)).toBe('saved');
      expect(await b.codecs.discovery.apply(record)).toBe('already-held');
      expect(await a.codecs.discovery.apply(record)).toBe('already-held');
      const held = b.discovery.results({ body, sandbox: false });
      expect(held.rows).toEqual(a.discovery.results({ body, sandbox: false }).rows);

      const json = (record.body as { json: { query: object; page: number; answer: { search_results: unknown[] } } }).json;
      const later = (ms: number) => new Date(record.fetchedAt.getTime() + ms);
      const hostile: [string, TeamRecordIn][] = [
        ['HTML instead of an answer', { ...record, fetchedAt: later(1), body: { json: { ...json, answer: '<html><body>Bad gateway</body></html>' } } }],
        ['bytes instead of an answer', { ...record, fetchedAt: later(2), body: { bytes: new Uint8Array([1, 2, 3]) } }],
        ['no results list', { ...record, fetchedAt: later(3), body: { json: { ...json, answer: { search_results: 'none' } } } }],
        ['another query than its item names', { ...record, fetchedAt: later(4), body: { json: { ...json, query: { social_network: 'tiktok', subscribers_count: { from: 4_000_000 } } } } }],
        ['another page than its item names', { ...record, fetchedAt: later(5), body: { json: { ...json, page: 2 } } }],
        ['a query Scout would not send', { ...record, item: discoveryTeamItem('tiktok', DiscoveryRepository.queryHash({ social_network: 'tiktok', nonsense: 1 }), 1), fetchedAt: later(6), body: { json: { ...json, query: { social_network: 'tiktok', nonsense: 1 } } } }],
        ['larger than a page can be', { ...record, fetchedAt: later(7), body: { json: { ...json, answer: { ...json.answer, padding: 'x'.repeat(MAX_TEAM_PAGE_BYTES) } } } }],
        ['an item that is no page', { ...record, item: { kind: 'discovery', key: JSON.stringify(['tiktok', 'not-a-hash', '1']) } }],
      ];
      for (const [what, bad] of hostile) {
        await expect(b.codecs.discovery.apply(bad), what).rejects.toMatchObject({ code: 'TEAM_BAD_DATA' });
      }
      expect(b.discovery.results({ body, sandbox: false })).toEqual(held);
      expect(b.discovery.results({ body: { social_network: 'tiktok', subscribers_count: { from: 4_000_000 } }, sandbox: false }).pages).toEqual([]);
    });
  });

  // ---- competitor analyses ----------------------------------------------------------------

  describe('competitor analyses', () => {

    async function ready(l: Laptop, reportId: string) {
      let view = await l.competitor.check(reportId);
      for (let i = 0; view.state !== 10 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        view = await l.competitor.check(reportId);
      }
      expect(view.state).toBe(10);
      return view;
    }

    it('one request, however it is spelled, is one item; a teammate’s counts at any age once its days are over, for a day while they run', () => {
      const asked = { username: '@Acme', dateFrom: '2026-01-01', dateTo: '2026-01-31', audienceGeo: ['gb', 'US'], hashtags: ['#Spring', 'acme'] };
      expect(competitorTeamItem(asked)).toEqual(competitorTeamItem({ ...asked, username: 'acme', audienceGeo: ['US', 'GB'], hashtags: ['acme', 'spring'] }));
      expect(competitorTeamItem(asked)).not.toEqual(competitorTeamItem({ ...asked, hashtags: ['acme'] }));
      expect(competitorTeamItem(asked)).not.toEqual(competitorTeamItem({ ...asked, dateTo: '2026-02-01' }));
      const day = 86_400_000;
      expect(competitorCopyDays('2026-01-31', Date.parse('2026-02-11T00:00:00Z'))).toBe(10);
      expect(competitorCopyDays('2026-01-31', Date.parse('2026-01-31T12:00:00Z'))).toBe(1);
      expect(competitorCopyDays('2026-01-31', Date.parse('2026-02-01T00:00:00Z') + day / 2)).toBe(1);
    });

    it('an analysis a teammate made, with its figures and posts: taken from the team database, nothing created, nothing sent', async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const request = { username: 'teambrand_posts450', dateFrom: '2026-01-01', dateTo: '2026-01-31', audienceGeo: ['US'], hashtags: ['launch'] };

      const created = await a.competitor.create(request);
      expect(a.claims).toEqual(['won']);
      expect(analysesOf('teambrand_posts450')).toBe(1);
      await ready(a, created.reportId);
      const mine = await a.competitor.fetchPosts(created.reportId);
      expect(mine).toMatchObject({ postsCached: 450, postsComplete: true });
      // Shared as it grew: made, ready with its figures, then with all its posts.
      expect(a.shared).toHaveLength(3);
      await a.flush();
      const callsBefore = apiCalls();

      const taken = await b.competitor.create({ ...request, username: 'TeamBrand_posts450', hashtags: ['#Launch'] });

      expect(apiCalls()).toBe(callsBefore);
      expect(analysesOf('teambrand_posts450')).toBe(1);
      expect(b.claims).toEqual(['copy']);
      expect(b.ledgerRows()).toBe(0);
      expect(b.shared).toHaveLength(0);
      expect(taken).toEqual({ ...mine, createdAt: taken.createdAt, updatedAt: taken.updatedAt });
      const query = { offset: 0, limit: 1_000 } as const;
      expect(b.competitor.posts(taken.reportId, query)).toEqual(a.competitor.posts(created.reportId, query));
      // Held whole: fetching its posts sends nothing.
      await b.competitor.fetchPosts(taken.reportId);
      expect(apiCalls()).toBe(callsBefore);
    });

    it('both laptops creating the same analysis at the same moment: the simulator makes one, the other takes it', async () => {
      const race = racing();
      const a = await laptop(ada, race.a);
      const b = await laptop(bob, race.b);
      const request = { username: 'teamrace_posts300', dateFrom: '2026-02-01', dateTo: '2026-02-28', audienceGeo: [], hashtags: [] };

      const [va, vb] = await Promise.all([a.competitor.create(request), b.competitor.create(request)]);

      expect(analysesOf('teamrace_posts300')).toBe(1);
      expect(va.reportId).toBe(vb.reportId);
      const [winner, loser] = a.claims[0] === 'won' ? [a, b] : [b, a];
      expect(winner.claims).toEqual(['won']);
      expect(loser.claims[0]).toBe('held');
      expect(loser.claims.at(-1)).toBe('copy');
      expect(loser.ledgerRows()).toBe(0);
      // The one taken is the teammate's: checking it is a free read of the same analysis.
      expect((await ready(loser, vb.reportId)).reportId).toBe(va.reportId);
    });

    it('the codec: a pulled analysis is saved once (then held), grows with a later record, and a hostile one changes nothing', async () => {
      const a = await laptop(ada);
      const b = await laptop(bob);
      const request = { username: 'teamcodec_posts250', dateFrom: '2026-03-01', dateTo: '2026-03-31', audienceGeo: [], hashtags: ['x'] };
      const created = await a.competitor.create(request);
      const item = competitorTeamItem(request);
      const first = await pulled(bob, item);

      expect(await b.codecs.competitor.apply(first)).toBe('saved');
      expect(await b.codecs.competitor.apply(first)).toBe('already-held');
      expect(await a.codecs.competitor.apply(first)).toBe('already-held');
      expect(b.competitor.get(created.reportId)).toMatchObject({ state: 0, postsCached: 0, hashtags: ['x'] });

      await ready(a, created.reportId);
      await a.competitor.fetchPosts(created.reportId);
      await a.flush();
      const whole = await pulled(bob, item);
      expect(await b.codecs.competitor.apply(whole)).toBe('saved');
      expect(await b.codecs.competitor.apply(whole)).toBe('already-held');
      // An older record pulled after a newer one takes nothing back.
      expect(await b.codecs.competitor.apply(first)).toBe('already-held');
      const held = b.competitor.get(created.reportId);
      expect(held).toMatchObject({ state: 10, postsCached: 250, postsComplete: true });

      const json = (whole.body as { json: { request: object; answer: { report: { basic: object } }; posts: unknown[] } }).json;
      const hostile: [string, TeamRecordIn][] = [
        ['HTML instead of an analysis', { ...whole, body: { json: '<html><body>Not found</body></html>' } }],
        ['bytes instead of an analysis', { ...whole, body: { bytes: new TextEncoder().encode('%PDF-1.7') } }],
        ['an answer that is no analysis', { ...whole, body: { json: { ...json, answer: { report: { basic: { state: 'ready' } } } } } }],
        ['posts that are not posts', { ...whole, body: { json: { ...json, posts: 'many' } } }],
        ['another brand than its item names', { ...whole, body: { json: { ...json, request: { ...request, username: 'someoneelse' } } } }],
        ['an answer of another brand', { ...whole, body: { json: { ...json, answer: { ...json.answer, report: { ...json.answer.report, basic: { ...json.answer.report.basic, username: 'someoneelse' } } } } } }],
        ['a request Scout would not send', { ...whole, body: { json: { ...json, request: { ...request, dateFrom: 'yesterday' } } } }],
        ['larger than the team database keeps', { ...whole, body: { json: { ...json, padding: 'x'.repeat(RECORD_LIMITS.jsonBytes) } } }],
      ];
      const fresh = await laptop(bob);
      for (const [what, bad] of hostile) {
        await expect(fresh.codecs.competitor.apply(bad), what).rejects.toMatchObject({ code: 'TEAM_BAD_DATA' });
        await expect(b.codecs.competitor.apply(bad), what).rejects.toMatchObject({ code: 'TEAM_BAD_DATA' });
      }
      expect(fresh.competitor.list()).toEqual([]);
      expect(b.competitor.get(created.reportId)).toEqual(held);
    });
  });

  // ---- the team database unreachable (last: it stops the server) --------------------------

  describe('the team database unreachable', () => {
    it('each kind is refused with words to act on, nothing sent, and bought only once the researcher confirms', async () => {
      const b = await laptop(bob);
      const ref = accountRef('instagram', 'teamdownpdf');
      const body = { social_network: 'youtube', subscribers_count: { from: 3_000_000 } };
      const request = { username: 'teamdown_posts200', dateFrom: '2026-04-01', dateTo: '2026-04-30', audienceGeo: [], hashtags: [] };
      const spentBefore = sim.state.totalSpent();
      const callsBefore = apiCalls();
      await server.stopServer('fast');
      try {
        const unreachable = (what: string) => new RegExp(`^The team database cannot be reached: a teammate may already have ${what}, and your team's monthly limit cannot be checked\\. Buy anyway\\? Nothing was spent\\.`);
        await expect(b.archive.export(ref, 1)).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE', message: expect.stringMatching(unreachable('the PDF of teamdownpdf')) });
        expect(await run(b, 'down1', body)).toMatchObject({ outcome: 'failed', pagesFetched: 0, callsSpent: 0, message: expect.stringMatching(unreachable('page 1 of this search')) });
        await expect(b.competitor.create(request)).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE', message: expect.stringMatching(unreachable('the competitor analysis of teamdown_posts200')) });
        // Refused before the balance gate: not even a balance was read.
        expect(apiCalls()).toBe(callsBefore);
        expect(b.ledgerRows()).toBe(0);

        const pdf = await b.archive.export(ref, 1, false, { teamUnreachableConfirmed: true });
        expect(fs.readFileSync(b.archive.existingFile(pdf.id)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(await run(b, 'down2', body, 1, { teamUnreachableConfirmed: true })).toMatchObject({ outcome: 'finished', pagesFetched: 1, callsSpent: 1 });
        const analysis = await b.competitor.create(request, false, { teamUnreachableConfirmed: true });
        expect(analysis).toMatchObject({ username: 'teamdown_posts200', state: 0 });
        expect(sim.state.totalSpent() - spentBefore).toBe(2);
        expect(analysesOf('teamdown_posts200')).toBe(1);
        // Saved here, and handed over to be shared once the team database is back (the sync engine's outbox).
        expect(b.shared.map((o) => o.item.kind)).toEqual(['pdf', 'discovery', 'competitor']);
      } finally {
        await server.startServer();
      }
    }, 60_000);
  });
});
