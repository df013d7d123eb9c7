import fs from 'node:fs';
// Media, metrics history, brand mentions, list pages and creator profiles in a team, against a
// real PostgreSQL and one simulator over loopback: each "laptop" is the main services on its own
// SQLite file, with a kernel that claims in one team database. What one laptop fetched, another
// takes instead of asking (nothing sent, nothing spent); what the sync engine pulls is saved by
// the services' codecs, read as hostile as an API answer, once.
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { accountRef } from '@shared/accountInput';
import { CreatorsRepository } from '../domains/creators/creatorsRepository';
import { HistoryRepository, MentionsRepository } from '../domains/reports/accountDocuments';
import { ListsRepository } from '../domains/lists/listsRepository';
import { MediaRepository } from '../domains/reports/mediaRepository';
import { PaidWork } from '../kernel/paidWork';
import { ReportService } from '../domains/reports/reportService';
import { COMPANION_RECORD_BYTES, CompanionService, companionItems } from '../domains/reports/companionService';
import { answerBody } from './teamCopies';
import { LIST_RECORD_BYTES, ListsService, listPageItem } from '../domains/lists/listsService';
import { CREATOR_RECORD_BYTES, CreatorsService, creatorItem } from '../domains/creators/creatorsService';
import type { SimulatorHandle } from '../../simulator/server';
import type { ProductionHarness } from '../../../test/productionHarness';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, type Researcher } from '../../../test/teamHarness';
import type { ClaimOutcome } from './claims';
import type { TeamRecordCodec, TeamRecordIn, TeamRecordOut } from './codecs';
import { PostgresTeamGate, type TeamGate } from './gate';

/** What a shared record pushes as: a file of the archive (a PDF) read as the sync engine reads it when it pushes. */
function asRecord(out: TeamRecordOut): RecordInput {
  const body = 'file' in out.body ? { bytes: new Uint8Array(fs.readFileSync(out.body.file)) } : out.body;
  return { item: out.item, fetchedAt: out.fetchedAt, body };
}
import { pushRecord, recordJson, teammateCopy, teamItem, type RecordBody, type RecordInput, type TeamItem } from './records';

interface Laptop {
  harness: ProductionHarness;
  reports: ReportService;
  companions: CompanionService;
  lists: ListsService;
  creators: CreatorsService;
  /** What this laptop handed to the team's outbox (`share`). */
  shared: TeamRecordOut[];
  /** Every outcome of this laptop's claims, in order. */
  claims: ClaimOutcome['kind'][];
  ledgerRows: () => number;
  /** Rows of every local table a teammate's record may write. */
  rows: () => Record<string, number>;
}

const localTables = ['instagram_media', 'youtube_media_pages', 'metrics_history', 'brand_mentions', 'lists', 'list_items', 'list_pages', 'creators', 'creator_accounts'];

/** API operations whose calls the tests count (the simulator counts by operation). */
const companionOperations = ['auditor.reportMedia', 'auditor.youtubeMedia', 'auditor.instagramHistory', 'auditor.twitterHistory', 'auditor.tiktokBrandMentions', 'auditor.youtubeBrandMentions', 'auditor.list'];

describeTeam('media, history, mentions, lists and creators in a team (team database + simulator)', { researchers: ['Ada', 'Bob', 'Cyd'], simulator: { generationMs: 30 } }, (t) => {
  let server: TestPostgres;
  let ada: Researcher;
  let bob: Researcher;
  let cyd: Researcher;
  let sim: SimulatorHandle;

  beforeAll(() => {
    ({ server, sim } = t);
    ({ Ada: ada, Bob: bob, Cyd: cyd } = t.researchers);
  });

  /** One pool per researcher (its laptops, and what the sync engine and the outbox would do): a role may hold only so many connections. */
  const pools = new Map<Researcher, pg.Pool>();
  const poolOf = (r: Researcher) => pools.get(r) ?? pools.set(r, r.pool({ max: 4 })).get(r)!;

  async function laptop(researcher: Researcher, wrap: (gate: TeamGate, claims: ClaimOutcome['kind'][]) => TeamGate = (g) => g): Promise<Laptop> {
    const harness = await t.production();
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
    const api = () => ws.api();
    const paid = new PaidWork({ api, ledger: ws.ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: wrap(recording, claims) });
    const reports = new ReportService({ api, repo: ws.reportsRepo, ledger: ws.ledger, paid, jobs: ws.jobs, pollDelayMs: () => 20, maxWaitMs: 10_000 });
    const shared: TeamRecordOut[] = [];
    const share = (out: TeamRecordOut) => void shared.push(out);
    const db = ws.db;
    return {
      harness,
      reports,
      companions: new CompanionService({ api, reports, media: new MediaRepository(db), history: new HistoryRepository(db), mentions: new MentionsRepository(db), paid, share }),
      lists: new ListsService({ repo: new ListsRepository(db), paid, jobs: ws.jobs, share }),
      creators: new CreatorsService({ repo: new CreatorsRepository(db), paid, jobs: ws.jobs, share }),
      shared,
      claims,
      ledgerRows: () => ws.ledger.entries().length,
      rows: () => Object.fromEntries(localTables.map((t) => [t, db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number])),
    };
  }

  const apiCalls = () => companionOperations.reduce((n, op) => n + (sim.state.calls.get(op) ?? 0), 0);

  /** The newest record of an item as the sync engine would pull it: metadata from the team database, body hostile. */
  async function pulled(pool: pg.Pool, item: TeamItem): Promise<TeamRecordIn> {
    const copy = await teammateCopy(pool, item, null);
    if (!copy) throw new Error(`no record of ${item.kind} ${item.key}`);
    return { seq: copy.seq, item, researcher: copy.researcher, fetchedAt: copy.fetchedAt, body: { json: await recordJson(pool, item, copy.seq) } };
  }

  const record = (item: TeamItem, body: RecordBody, fetchedAt = new Date()): TeamRecordIn => ({ seq: 1, item, researcher: ada.role, fetchedAt, body });

  /** A deferred: a step one laptop waits on until the other's has happened. */
  function signal() {
    let fire!: () => void;
    const fired = new Promise<void>((resolve) => (fire = resolve));
    return { fire, fired };
  }

  it("media, history and brand mentions a teammate has: taken from the team, nothing sent, nothing spent, the same on both laptops", async () => {
    const a = await laptop(ada);
    const ig = accountRef('instagram', 'sharedmedia');
    const yt = accountRef('youtube', 'sharedchannel');
    const tw = accountRef('twitter', 'sharedhistory');
    const tt = accountRef('tiktok', 'sharedmentions');
    await a.reports.fetch(ig, 1);
    await a.reports.fetch(yt, 1);
    const bought = {
      igMedia: await a.companions.media(ig),
      ytMedia: await a.companions.media(yt, { page: 2 }),
      history: await a.companions.history(tw, { confirmedCost: 1 }),
      ttMentions: await a.companions.mentions(tt),
      ytMentions: await a.companions.mentions(yt),
    };
    // Every one claimed, won and shared under its own name (the media page and the account in it).
    expect(a.claims).toEqual(['won', 'won', 'won', 'won', 'won', 'won', 'won']);
    expect(a.shared.map((s) => s.item)).toEqual([
      companionItems.media({ network: 'instagram', key: 'sharedmedia' }),
      companionItems.media({ network: 'youtube', key: 'sharedchannel', page: 2 }),
      companionItems.history({ network: 'twitter', key: 'sharedhistory' }),
      companionItems.mentions({ network: 'tiktok', key: 'sharedmentions' }),
      companionItems.mentions({ network: 'youtube', key: 'sharedchannel' }),
    ]);
    expect(a.shared.map((s) => s.fetchedAt.getTime())).toEqual([bought.igMedia, bought.ytMedia, bought.history, bought.ttMentions, bought.ytMentions].map((d) => d!.fetchedAt));

    const b = await laptop(bob);
    await b.reports.fetch(ig, 1);
    await b.reports.fetch(yt, 1);
    const callsBefore = apiCalls();
    const spentBefore = sim.state.totalSpent();
    const taken = {
      igMedia: await b.companions.media(ig),
      ytMedia: await b.companions.media(yt, { page: 2 }),
      // Bob has no report of this account: history is quoted at a credit, and taken for nothing.
      history: await b.companions.history(tw, { confirmedCost: 1 }),
      ttMentions: await b.companions.mentions(tt),
      ytMentions: await b.companions.mentions(yt),
    };

    expect(apiCalls()).toBe(callsBefore);
    expect(sim.state.totalSpent()).toBe(spentBefore);
    expect(b.claims).toEqual(['copy', 'copy', 'copy', 'copy', 'copy', 'copy', 'copy']);
    expect(b.ledgerRows()).toBe(0);
    // A teammate's copy is theirs to share, not this laptop's.
    expect(b.shared).toEqual([]);
    // In the order the API answered (the team keeps an answer as text: jsonb would not keep it).
    expect(taken).toEqual(bought);
    // Kept locally: they open again from this laptop's cache, as of when Ada fetched them.
    expect(await b.companions.media(ig)).toEqual(bought.igMedia);
    expect(await b.companions.history(tw)).toEqual(bought.history);
    expect(apiCalls()).toBe(callsBefore);
  });

  it('two laptops asking for the same history at the same moment: the simulator charges once, the other takes the copy', async () => {
    const asked = { a: signal(), b: signal() };
    const holdUntil = (mine: 'a' | 'b', other: 'a' | 'b') => (gate: TeamGate, claims: ClaimOutcome['kind'][]): TeamGate =>
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
    const a = await laptop(ada, holdUntil('a', 'b'));
    const b = await laptop(bob, holdUntil('b', 'a'));
    const ref = accountRef('instagram', 'racehistory');
    const spentBefore = sim.state.spent.credits;
    const sentBefore = sim.state.calls.get('auditor.instagramHistory') ?? 0;

    const [ha, hb] = await Promise.all([a.companions.history(ref, { confirmedCost: 1 }), b.companions.history(ref, { confirmedCost: 1 })]);

    expect(sim.state.spent.credits - spentBefore).toBe(1);
    expect((sim.state.calls.get('auditor.instagramHistory') ?? 0) - sentBefore).toBe(1);
    const [winner, loser] = a.claims[0] === 'won' ? [a, b] : [b, a];
    expect(winner.claims).toEqual(['won']);
    expect(loser.claims[0]).toBe('held');
    expect(loser.claims.at(-1)).toBe('copy');
    expect(winner.ledgerRows()).toBe(1);
    expect(loser.ledgerRows()).toBe(0);
    expect(winner.shared).toHaveLength(1);
    expect(loser.shared).toEqual([]);
    expect(ha).toEqual(hb);
  });

  it('a list a teammate synced: every page taken, none asked of the API, the list whole and as old as their pages; synced again here, it is asked', async () => {
    const a = await laptop(ada);
    const mine = await a.lists.sync(3);
    expect(mine).toMatchObject({ itemCount: 300, complete: true });
    // 300 items: three full pages and the empty one that ends the list, each claimed and shared.
    expect(a.claims).toEqual(['won', 'won', 'won', 'won']);
    expect(a.shared.map((s) => s.item)).toEqual([0, 100, 200, 300].map((offset) => listPageItem({ listId: 3, offset })));

    const b = await laptop(bob);
    const callsBefore = apiCalls();
    const theirs = await b.lists.sync(3);

    expect(apiCalls()).toBe(callsBefore);
    expect(b.claims).toEqual(['copy', 'copy', 'copy', 'copy']);
    expect(b.ledgerRows()).toBe(0);
    expect(b.shared).toEqual([]);
    expect(b.lists.items(3)).toEqual(a.lists.items(3));
    // Synced when Ada's oldest page was fetched, not when Bob took it.
    expect(theirs).toEqual({ ...mine, syncedAt: Math.min(...a.shared.map((s) => s.fetchedAt.getTime())) });

    // A list synced here before: a sync wants it as it is now.
    await b.lists.sync(3);
    expect(apiCalls() - callsBefore).toBe(4);
    expect(b.claims).toHaveLength(4);
    expect(b.shared).toHaveLength(4);
  });

  it("a teammate's copy that is not a readable answer is no copy: not saved, and bought here instead", async () => {
    const b = await laptop(bob);
    const tt = accountRef('tiktok', 'hostilementions');
    await pushRecord(poolOf(ada), { item: companionItems.mentions({ network: 'tiktok', key: tt.key }), fetchedAt: new Date(), body: answerBody({ mentions: ['<script>alert(1)</script>'] }) });
    const list = 7;
    await pushRecord(poolOf(ada), { item: listPageItem({ listId: list, offset: 0 }), fetchedAt: new Date(), body: answerBody({ result: [{ name: 'no report number', type: 'IG', username: 'x' }] }) });
    const callsBefore = apiCalls();

    const mentions = await b.companions.mentions(tt);
    expect(JSON.stringify(mentions)).not.toContain('<script>');
    expect(b.claims).toEqual(['copy', 'won']);
    expect(apiCalls()).toBe(callsBefore + 1);
    await b.lists.sync(list).catch(() => undefined);
    // The list's unreadable page was not taken: claimed (and asked of the API) instead.
    expect(b.claims.slice(2, 4)).toEqual(['copy', 'won']);
    expect(apiCalls()).toBeGreaterThan(callsBefore + 1);
    expect(JSON.stringify(b.rows())).not.toContain('no report number');
  });

  it('pulled records saved on a laptop that never saw the account: what its tabs then show, with no API call; pulled again, already held', async () => {
    const a = await laptop(ada);
    const ig = accountRef('instagram', 'pulledmedia');
    const tw = accountRef('twitter', 'pulledhistory');
    const yt = accountRef('youtube', 'pulledchannel');
    await a.reports.fetch(ig, 1);
    await a.reports.fetch(yt, 1);
    const media = await a.companions.media(ig);
    const page = await a.companions.media(yt, { page: 1 });
    const history = await a.companions.history(tw, { confirmedCost: 1 });
    const mentions = await a.companions.mentions(yt);
    await a.lists.sync(2);

    const c = await laptop(cyd);
    const callsBefore = apiCalls();
    /** The codec a laptop's sync engine would call for a record of this kind. */
    const codecOf = (l: Laptop, kind: TeamItem['kind']): TeamRecordCodec => (kind === 'list' ? l.lists.codec : l.companions.codecs[kind as 'media' | 'history' | 'mentions']);
    const items: TeamItem[] = [
      companionItems.media({ network: 'instagram', key: ig.key }),
      companionItems.media({ network: 'youtube', key: yt.key, page: 1 }),
      companionItems.history({ network: 'twitter', key: tw.key }),
      companionItems.mentions({ network: 'youtube', key: yt.key }),
      ...a.shared.filter((s) => s.item.kind === 'list').map((s) => s.item),
    ];
    const records = await Promise.all(items.map((item) => pulled(poolOf(cyd), item)));
    const applied = (l: Laptop) => Promise.all(records.map((r) => codecOf(l, r.item.kind).apply(r)));
    expect(await applied(c)).toEqual(items.map(() => 'saved'));
    const rows = c.rows();
    expect(await applied(c)).toEqual(items.map(() => 'already-held'));
    expect(c.rows()).toEqual(rows);
    // Ada's own records, pulled back by her laptop: held already.
    const adaRows = a.rows();
    expect(await applied(a)).toEqual(items.map(() => 'already-held'));
    expect(a.rows()).toEqual(adaRows);

    // Cyd has no report of these accounts: the tabs open from what was pulled, as of Ada's fetch.
    expect(c.reports.open(ig)).toBeNull();
    expect(await c.companions.media(ig)).toEqual(media);
    expect(await c.companions.media(yt, { page: 1 })).toEqual(page);
    expect(await c.companions.history(tw)).toEqual(history);
    expect(await c.companions.mentions(yt)).toEqual(mentions);
    expect(c.lists.items(2)).toEqual(a.lists.items(2));
    // Every page from the first to a short one: the list is known whole.
    expect(c.lists.known()).toEqual(a.lists.known().map((l) => ({ ...l, syncedAt: expect.any(Number) })));
    expect(apiCalls()).toBe(callsBefore);
    expect(c.ledgerRows()).toBe(0);
    expect(c.claims).toEqual([]);
  });

  it('creators are never claimed but shared one by one; pulled, the newer fetch of a creator wins and an older one changes nothing', async () => {
    const a = await laptop(ada);
    const result = await a.creators.sync();
    expect(result.synced).toBeGreaterThan(1);
    expect(a.claims).toEqual([]);
    expect(a.shared).toHaveLength(result.synced);
    // The outbox's part, done here: each shared record pushed as Ada.
    for (const out of a.shared) await pushRecord(poolOf(ada), asRecord(out));

    const c = await laptop(cyd);
    const records = await Promise.all(a.shared.map((out) => pulled(poolOf(cyd), out.item)));
    expect(new Set(await Promise.all(records.map((r) => c.creators.codec.apply(r))))).toEqual(new Set(['saved']));
    expect(c.creators.list()).toEqual(a.creators.list());
    expect(new Set(await Promise.all(records.map((r) => c.creators.codec.apply(r))))).toEqual(new Set(['already-held']));

    const first = records[0]!;
    const answer = JSON.parse((first.body as { json: { answer: string } }).json.answer) as { result: { creators: Record<string, unknown>[] } };
    const renamed = (name: string) => answerBody({ result: { creators: [{ ...answer.result.creators[0], first_name: name }] } });
    const id = String(answer.result.creators[0]!.id);
    const nameOf = () => c.creators.list().find((v) => v.id === Number(id))?.name;
    const before = nameOf();
    expect(await c.creators.codec.apply({ ...first, body: renamed('Older'), fetchedAt: new Date(first.fetchedAt.getTime() - 60_000) })).toBe('already-held');
    expect(nameOf()).toBe(before);
    expect(await c.creators.codec.apply({ ...first, body: renamed('Newer'), fetchedAt: new Date(first.fetchedAt.getTime() + 60_000) })).toBe('saved');
    expect(nameOf()).toMatch(/^Newer\b/);
  });

  it('a hostile record (wrong shape, oversized, a file, a name that names nothing) is refused with TEAM_BAD_DATA and nothing local changes', async () => {
    const c = await laptop(cyd);
    const { companions, lists, creators } = c;
    const pad = (bytes: number) => 'x'.repeat(bytes + 1);
    const ig = companionItems.media({ network: 'instagram', key: 'hostileig' });
    const yt = companionItems.media({ network: 'youtube', key: 'hostileyt', page: 1 });
    const hi = companionItems.history({ network: 'instagram', key: 'hostilehistory' });
    const mt = companionItems.mentions({ network: 'tiktok', key: 'hostiletiktok' });
    const lp = listPageItem({ listId: 9, offset: 0 });
    const cr = creatorItem('4242');
    const listItem = (n: number) => ({ report_id: n, name: `Item ${n}`, username: `item${n}`, type: 'IG', followers: 10 });
    const creator = (id: number) => ({ id, first_name: 'Ann', last_name: 'Lee', accounts: [] });
    const cases: [string, TeamRecordCodec, TeamItem, RecordBody, RegExp][] = [
      ['media: not an object', companions.codecs.media, ig, answerBody({ result: ['not', 'media'] }), /expected object/],
      ['media: oversized', companions.codecs.media, ig, answerBody({ result: { media: {}, media_ids: {}, padding: pad(COMPANION_RECORD_BYTES.media) } }), /larger/],
      ['media: a file', companions.codecs.media, ig, { bytes: new Uint8Array([37, 80, 68, 70]) }, /a file/],
      ['media: JSON that is no answer', companions.codecs.media, ig, { json: { result: { media: {}, media_ids: {} } } }, /holds no answer/],
      ['media: an answer that is not JSON', companions.codecs.media, ig, { json: { answer: '{"result": {"media": ' } }, /not JSON/],
      ['media: a page of Instagram media', companions.codecs.media, { kind: 'media', key: JSON.stringify(['instagram', 'hostileig', '2']) }, answerBody({ result: { media: {}, media_ids: {} } }), /no pages/],
      ['media: a network without media', companions.codecs.media, teamItem('media', { network: 'twitch', subject: 'hostileig' }), answerBody({ result: { media: {}, media_ids: {} } }), /no network/],
      ['media: an account no fetch keys so', companions.codecs.media, teamItem('media', { network: 'instagram', subject: 'Not An Account!' }), answerBody({ result: { media: {}, media_ids: {} } }), /names no account/],
      ['media: a key that is no name', companions.codecs.media, { kind: 'media', key: '{"drop":"table"}' }, answerBody({ result: { media: {}, media_ids: {} } }), /name is not readable/],
      ['youtube page: not an object', companions.codecs.media, yt, answerBody({ result: 'page' }), /expected object/],
      ['history: points without a time', companions.codecs.history, hi, answerBody({ result: { metrics_history: { er: { history: [{ value: 1 }] } } } }), /no readable time/],
      ['history: oversized', companions.codecs.history, hi, answerBody({ result: { metrics_history: {}, padding: pad(COMPANION_RECORD_BYTES.history) } }), /larger/],
      ['history: of another kind', companions.codecs.history, mt, answerBody({ result: { metrics_history: {} } }), /another kind/],
      ['mentions: wrong shape', companions.codecs.mentions, mt, answerBody({ mentions: 5 }), /mentions/],
      ['mentions: oversized', companions.codecs.mentions, mt, answerBody({ mentions: { performance: {} }, padding: pad(COMPANION_RECORD_BYTES.mentions) }), /larger/],
      ['list: more than a page', lists.codec, lp, answerBody({ result: Array.from({ length: 101 }, (_, i) => listItem(i + 1)) }), /101 items/],
      ['list: not a list', lists.codec, lp, answerBody({ result: { items: [] } }), /expected array/],
      ['list: oversized', lists.codec, lp, answerBody({ result: [{ ...listItem(1), comment: pad(LIST_RECORD_BYTES) }] }), /larger/],
      ['list: an offset no page starts at', lists.codec, listPageItem({ listId: 9, offset: 50 }), answerBody({ result: [listItem(1)] }), /no page of a list/],
      ['creator: another creator than named', creators.codec, cr, answerBody({ result: { creators: [creator(1)] } }), /not the one creator/],
      ['creator: two creators', creators.codec, cr, answerBody({ result: { creators: [creator(4242), creator(4242)] } }), /not the one creator/],
      ['creator: oversized', creators.codec, cr, answerBody({ result: { creators: [{ ...creator(4242), bio: pad(CREATOR_RECORD_BYTES) }] } }), /larger/],
    ];
    const rows = c.rows();
    for (const [name, codec, item, body, why] of cases) {
      await expect(codec.apply(record(item, body)), name).rejects.toMatchObject({ name: 'TeamError', code: 'TEAM_BAD_DATA', message: expect.stringMatching(why) });
    }
    expect(c.rows()).toEqual(rows);
    // The same bodies made sound are saved: each case fails for its fault alone.
    expect(await companions.codecs.media.apply(record(ig, answerBody({ result: { media: {}, media_ids: {} } })))).toBe('saved');
    expect(await lists.codec.apply(record(lp, answerBody({ result: [listItem(1)] })))).toBe('saved');
    expect(await creators.codec.apply(record(cr, answerBody({ result: { creators: [creator(4242)] } })))).toBe('saved');
    expect(lists.items(9).map((i) => i.username)).toEqual(['item1']);
    expect(creators.list().map((v) => v.name)).toEqual(['Ann Lee']);
  });

  it('the team database unreachable: brand mentions refused with words to act on, asked once the researcher confirms, and handed to the outbox for a teammate to take later', async () => {
    const b = await laptop(bob);
    const ref = accountRef('youtube', 'whileteamdown');
    const sent = () => sim.state.calls.get('auditor.youtubeBrandMentions') ?? 0;
    const before = sent();
    await server.stopServer('fast');
    let got;
    try {
      await expect(b.companions.mentions(ref)).rejects.toMatchObject({
        code: 'TEAM_UNREACHABLE',
        message: expect.stringMatching(/^The team database cannot be reached: a teammate may already have the brand mentions of whileteamdown, and your team's monthly limit cannot be checked\. Buy anyway\?/),
      });
      expect(sent()).toBe(before);
      got = await b.companions.mentions(ref, { teamUnreachableConfirmed: true });
      expect(sent() - before).toBe(1);
    } finally {
      await server.startServer();
    }
    expect(b.shared).toEqual([{ item: companionItems.mentions({ network: 'youtube', key: ref.key }), fetchedAt: new Date(got!.fetchedAt), body: expect.anything() }]);
    // Reachable again, the outbox pushes it: a teammate then takes it instead of asking.
    for (const out of b.shared) await pushRecord(poolOf(bob), asRecord(out));
    const c = await laptop(cyd);
    expect(await c.companions.mentions(ref)).toEqual(got);
    expect(c.claims).toEqual(['copy']);
    expect(sent() - before).toBe(1);
  }, 60_000);
});
