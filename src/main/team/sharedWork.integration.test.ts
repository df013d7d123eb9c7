// Shared work between two laptops, each the real services on its own SQLite file, through one
// real PostgreSQL: what one saves the other has after a pull; concurrent edits of one field are
// decided by the server's order with the overtaken value kept and its author told; different
// fields both survive; an edit beats a deletion; offline edits queue; a crash loses nothing; a
// hostile row is skipped with its reason.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accountRef } from '@shared/accountInput';
import { ComparisonsRepository } from '../domains/compare/comparisonsRepository';
import { ReportsRepository } from '../domains/reports/reportsRepository';
import { AccountNotesRepository } from '../domains/notes/accountNotesRepository';
import { DiscoveryRepository } from '../domains/discovery/discoveryRepository';
import { DiscoveryWorkspaceRepository } from '../domains/discovery/discoveryWorkspaceRepository';
import { NOW, parsedReport, tempDatabase, type TempDatabase } from '../platform/cache/repositories/testkit';
import { openDatabase } from '../platform/cache/database';
import { CreditLedger } from '../kernel/creditLedger';
import { PaidWork } from '../kernel/paidWork';
import { CompareService } from '../domains/compare/compareService';
import { ConnectionTracker } from '../kernel/connection';
import { DiscoveryService } from '../domains/discovery/discoveryService';
import { JobRegistry } from '../kernel/jobs';
import { bundleFixture, runNode } from '../../../test/childProcess';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamHarness';
import { createTeamPool } from './pool';
import { accountDocId, teamSharedWork } from '../workspace/sharedDocs';
import type { SharedKind, SharedNotice, SharedWork } from './sharedWork';

interface Laptop {
  t: TempDatabase;
  compare: CompareService;
  discovery: DiscoveryService;
  store: DiscoveryWorkspaceRepository;
  /** Notes and tags on accounts (no service yet: a test saves and tells shared work, as one would). */
  noteAccount(name: string, value: { note: string; tags: string[] }): void;
  notesOn(name: string): { note: string; tags: string[] } | null;
  shared: SharedWork;
  notices: SharedNotice[];
  /** The kinds each write of pulled changes told the renderer to refresh. */
  applied: SharedKind[][];
  /** Caches a report of an Instagram account fetched at `at`; returns its snapshot id here. */
  report(name: string, at?: number): number;
}

const ig = (name: string, snapshotId: number, note = '') => ({ network: 'instagram' as const, account: accountRef('instagram', name), snapshotId, note });

describeTeam('shared work between two laptops (team database)', { team: false }, (harness) => {
  let server: TestPostgres;
  let team: TeamDatabase;
  let ada: Researcher;
  let bob: Researcher;
  const open: Laptop[] = [];

  beforeAll(() => {
    server = harness.server;
  });
  // Runs before the harness closes this test's team.
  afterEach(async () => {
    for (const l of open.splice(0)) {
      await l.shared.stop();
      l.t.dispose();
    }
  });

  async function freshTeam(): Promise<void> {
    ({ team, researchers: [ada, bob] } = await harness.freshTeam('Anna', 'Bob'));
  }

  /** `autoSync`: the services' hook is the one a Workspace wires (`edited`: queue, then push and pull at once). */
  function laptop(researcher: Researcher, t = tempDatabase('scout-shared-'), pool = researcher.pool(), autoSync = false): Laptop {
    const db = t.db;
    const repo = new ComparisonsRepository(db);
    const store = new DiscoveryWorkspaceRepository(db);
    const reports = new ReportsRepository(db);
    const accountNotes = new AccountNotesRepository(db);
    const notices: SharedNotice[] = [];
    const applied: SharedKind[][] = [];
    const shared = teamSharedWork(db, pool, { onNotice: (n) => notices.push(n), onApplied: (kinds) => applied.push(kinds) });
    // The hook only queues; tests push and pull themselves (syncOnce), so nothing races them.
    const onEdit = (kind: SharedKind) => (autoSync ? shared.edited(kind) : void shared.capture([kind]));
    const ledger = new CreditLedger(db);
    const connection = new ConnectionTracker('production', false, () => undefined);
    const paid = new PaidWork({ api: () => Promise.reject(new Error('no API in this test')), ledger, connection, isActive: () => true, workspaceLabel: 'Team' });
    const discovery = new DiscoveryService({ paid, jobs: new JobRegistry('production', () => undefined), ledger, pages: new DiscoveryRepository(db), store, connection, onEdit });
    const l: Laptop = {
      t,
      compare: new CompareService(repo, Date.now, onEdit),
      discovery,
      store,
      shared,
      notices,
      applied,
      noteAccount(name, value) {
        accountNotes.set('instagram', name, value, Date.now());
        shared.capture(['account_notes']);
      },
      notesOn(name) {
        const n = accountNotes.get('instagram', name);
        return n ? { note: n.note, tags: n.tags } : null;
      },
      report: (name, at = NOW) => reports.saveSnapshot(parsedReport('instagram', name, { now: at }), { fetchedAt: at, accountKey: name })!.snapshotId,
    };
    open.push(l);
    return l;
  }

  it('A saves a query, a comparison with notes and a shortlist entry → B has them after a pull, and can open them offline', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    const query = a.discovery.saveQuery({ name: 'Beauty DE', body: { social_network: 'instagram', er: { from: 2 } } });
    a.store.addRun(query.id, { at: NOW, sandbox: false, fromPage: 1, toPage: 3, pagesFetched: 3, pagesFromCache: 0, callsSpent: 3, outcome: 'finished', message: null });
    a.shared.capture(['discovery_query']);
    const [natgeo, nasa] = [a.report('natgeo'), a.report('nasa')];
    const saved = a.compare.save({ name: 'Q3 space', period: '30d', items: [ig('natgeo', natgeo, 'Great reach'), ig('nasa', nasa)] });
    a.discovery.addToShortlist([{ network: 'instagram', account: 'natgeo', title: 'National Geographic', followers: 1000 }]);
    expect(a.shared.pendingCount()).toBeGreaterThan(0);
    const firstSync = await a.shared.syncOnce();
    expect(a.shared.skipped()).toEqual([]);
    expect(firstSync).toMatchObject({ pulled: 3 });
    expect(a.shared.pendingCount()).toBe(0);

    // B has the same reports (the records sync's part), then pulls the shared work.
    const bSnapshots = [b.report('natgeo'), b.report('nasa')];
    await b.shared.syncOnce();
    expect(b.discovery.queries()).toEqual([
      expect.objectContaining({ name: 'Beauty DE', body: query.body, runs: [expect.objectContaining({ at: NOW, pagesFetched: 3, outcome: 'finished' })] }),
    ]);
    const [comparison] = b.compare.list();
    expect(comparison).toMatchObject({ name: 'Q3 space', period: '30d', items: [{ accountKey: 'natgeo', note: 'Great reach' }, { accountKey: 'nasa', note: '' }] });
    // Pinned to B's own snapshots of the same reports.
    expect(comparison!.items.map((i) => i.snapshotId)).toEqual(bSnapshots);
    expect(b.discovery.shortlist()).toEqual([expect.objectContaining({ account: 'natgeo', title: 'National Geographic', followers: 1000 })]);
    // Both laptops know each thing by one id.
    expect(b.shared.docIdOf('comparison', comparison!.id)).toBe(a.shared.docIdOf('comparison', saved.id));
    // Pulling again changes nothing and pushes nothing back.
    expect(await b.shared.syncOnce()).toEqual({ pushed: 0, pulled: 0 });
    // Deleted on A (through Compare): gone on B too.
    expect(a.compare.delete(saved.id)).toBe(true);
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    expect(b.compare.list()).toEqual([]);
  });

  it('a teammate’s edit arrives by NOTIFY, without waiting for the poll', async () => {
    await freshTeam();
    const a = laptop(ada, undefined, undefined, true);
    const b = laptop(bob);
    // A poll far longer than the test: only the notification can bring it.
    await b.shared.start(600_000);
    // Saving is all A does: the hook queues and pushes it.
    a.discovery.saveQuery({ name: 'Live', body: { social_network: 'youtube' } });
    await waitUntil('B to have the query', () => b.discovery.queries().length === 1, 5_000);
    expect(b.discovery.queries()[0]!.name).toBe('Live');
  });

  it('a change the team database refuses is kept here with why, and the ones after it still go', async () => {
    await freshTeam();
    const a = laptop(ada);
    a.discovery.saveQuery({ name: 'Before', body: { social_network: 'instagram' } });
    const docId = a.shared.docIdOf('discovery_query', a.discovery.queries()[0]!.id)!;
    // Larger than the team keeps (a value no service makes: put in the outbox by hand).
    a.t.db
      .prepare(`INSERT INTO team_outgoing (stream, payload, queued_at) VALUES ('shared', json_object('change_id', ?, 'origin', ?, 'doc_kind', 'discovery_query', 'doc_id', ?, 'field', 'name', 'value', ?, 'base_version', 0, 'changed_at', 0), 0)`)
      .run(randomUUID(), a.shared.origin, docId, JSON.stringify('x'.repeat(400_000)));
    a.discovery.renameQuery(a.discovery.queries()[0]!.id, 'After');
    expect(await a.shared.syncOnce()).toMatchObject({ pushed: 3 });
    expect(a.shared.pendingCount()).toBe(0);
    const history = a.shared.history('discovery_query', docId, 'name');
    expect(history.map((h) => [typeof h.value === 'string' ? h.value.slice(0, 6) : h.value, h.refused === null ? null : 'refused'])).toEqual([
      ['Before', null],
      ['After', null],
      ['xxxxxx', 'refused'],
    ]);
    expect(history[2]!.refused).toMatch(/larger than/);
    expect(a.discovery.queries()[0]!.name).toBe('After');
  });

  it('a comparison pinned to a report B does not have yet waits for it, then arrives', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    a.compare.save({ name: 'Pinned', period: '7d', items: [ig('natgeo', a.report('natgeo')), ig('nasa', a.report('nasa'))] });
    await a.shared.syncOnce();
    b.report('natgeo');
    await b.shared.syncOnce();
    expect(b.compare.list()).toEqual([]);
    const docId = a.shared.docIdOf('comparison', a.compare.list()[0]!.id)!;
    expect(b.shared.waiting('comparison', docId)).toBe('The report of nasa it was made from has not arrived from the team yet.');
    b.report('nasa');
    // The report landing (the records sync) is enough: no shared change is needed.
    b.applied.length = 0;
    b.shared.retryWaiting();
    expect(b.applied).toEqual([['comparison']]);
    expect(b.compare.list().map((c) => c.name)).toEqual(['Pinned']);
    expect(b.shared.waiting('comparison', docId)).toBeNull();
  });

  it('the same field edited on both from the same base: the server’s order decides, both values stay in history, the overtaken one’s author is told', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    const q = a.discovery.saveQuery({ name: 'Gaming', body: { social_network: 'twitch' } });
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    const qb = b.discovery.queries()[0]!;
    // Both rename from the same base; Bob's reaches the server first, Anna's second.
    b.discovery.renameQuery(qb.id, 'Streamers (Bob)');
    a.discovery.renameQuery(q.id, 'Streamers (Anna)');
    await b.shared.push();
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    // Last writer in the server's order wins, on both laptops alike.
    expect(a.discovery.queries().map((x) => x.name)).toEqual(['Streamers (Anna)']);
    expect(b.discovery.queries().map((x) => x.name)).toEqual(['Streamers (Anna)']);
    const docId = a.shared.docIdOf('discovery_query', q.id)!;
    const history = b.shared.history('discovery_query', docId, 'name');
    expect(history.map((h) => [h.value, h.authorName, h.current])).toEqual([
      ['Gaming', 'Anna', false],
      ['Streamers (Bob)', 'Bob', false],
      ['Streamers (Anna)', 'Anna', true],
    ]);
    // Bob, whose edit was overtaken, is told; Anna is not.
    expect(a.notices).toEqual([]);
    expect(b.notices.map((n) => n.message)).toEqual(['Anna changed the name of the saved query “Streamers (Anna)” while you were editing; yours is kept in its history — restore it?']);
    expect(b.shared.notices()).toHaveLength(1);
    // Bob restores his: a new edit, which wins now and is no conflict for anyone.
    b.shared.restore('discovery_query', docId, b.notices[0]!.overtakenChange);
    expect(b.discovery.queries().map((x) => x.name)).toEqual(['Streamers (Bob)']);
    expect(b.shared.notices()).toEqual([]);
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    expect(a.discovery.queries().map((x) => x.name)).toEqual(['Streamers (Bob)']);
    expect(a.notices).toEqual([]);
    expect(a.shared.history('discovery_query', docId, 'name')).toHaveLength(4);
  });

  it('different fields of one thing edited at once (the name here, a note there): both kept', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    const mineAt = [a.report('natgeo'), a.report('nasa')];
    const mine = a.compare.save({ name: 'Space', period: '30d', items: [ig('natgeo', mineAt[0]!), ig('nasa', mineAt[1]!)] });
    b.report('natgeo');
    b.report('nasa');
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    const theirs = b.compare.list()[0]!;
    a.compare.save({ id: mine.id, name: 'Space agencies', period: '30d', items: [ig('natgeo', mineAt[0]!), ig('nasa', mineAt[1]!)] });
    b.compare.save({ id: theirs.id, name: 'Space', period: '30d', items: theirs.items.map((i) => ig(i.accountKey, i.snapshotId, i.accountKey === 'nasa' ? 'Ask about Artemis' : '')) });
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    for (const l of [a, b]) {
      expect(l.compare.list()).toEqual([expect.objectContaining({ name: 'Space agencies', items: [expect.objectContaining({ accountKey: 'natgeo', note: '' }), expect.objectContaining({ accountKey: 'nasa', note: 'Ask about Artemis' })] })]);
    }
    expect([...a.notices, ...b.notices]).toEqual([]);
  });

  it('a deletion against an edit: the edit wins, whichever reached the team first, and the deleter is told', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    const q1 = a.discovery.saveQuery({ name: 'One', body: { social_network: 'youtube' } });
    const q2 = a.discovery.saveQuery({ name: 'Two', body: { social_network: 'tiktok' } });
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    const bobs = new Map(b.discovery.queries().map((q) => [q.name, q.id]));
    // One: Anna deletes first, Bob (not having seen it) renames after → it is back.
    a.discovery.deleteQuery(q1.id);
    await a.shared.syncOnce();
    b.discovery.renameQuery(bobs.get('One')!, 'One, kept');
    // Two: Bob renames first, Anna (not having seen it) deletes after → it is kept.
    b.discovery.renameQuery(bobs.get('Two')!, 'Two, kept');
    await b.shared.syncOnce();
    a.discovery.deleteQuery(q2.id);
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    for (const l of [a, b]) expect(l.discovery.queries().map((q) => q.name).sort()).toEqual(['One, kept', 'Two, kept']);
    expect(a.notices.map((n) => n.message).sort()).toEqual([
      'Bob changed the saved query “One, kept” after you deleted it, so it is back; your deletion is kept in its history.',
      'Bob changed the saved query “Two, kept” while you were deleting it, so it was kept; delete it again if you still mean to.',
    ]);
    expect(b.notices).toEqual([]);
    // A deletion made having seen every edit deletes, for both.
    a.discovery.deleteQuery(a.discovery.queries().find((q) => q.name === 'Two, kept')!.id);
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    for (const l of [a, b]) expect(l.discovery.queries().map((q) => q.name)).toEqual(['One, kept']);
  });

  it('offline: edits queue while the team cannot be reached and are all pushed on reconnect, in order', async () => {
    await freshTeam();
    const gone = createTeamPool({ ...ada.connection, port: 1 }, { connectTimeoutMs: 200 });
    const offline = laptop(ada, undefined, gone);
    const b = laptop(bob);
    const q = offline.discovery.saveQuery({ name: 'Offline 1', body: { social_network: 'instagram' } });
    offline.discovery.renameQuery(q.id, 'Offline 2');
    offline.discovery.addToShortlist([{ network: 'instagram', account: 'nasa' }]);
    await expect(offline.shared.syncOnce()).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
    const queued = offline.shared.pendingCount();
    expect(queued).toBe(4);
    await gone.end();
    // Back online: the same data folder, a pool that reaches the team.
    const file = offline.t.file;
    await offline.shared.stop();
    offline.t.db.close();
    const reopened = laptop(ada, { ...offline.t, db: openDatabase(file) });
    open.splice(open.indexOf(offline), 1);
    expect(await reopened.shared.syncOnce()).toMatchObject({ pushed: queued });
    await b.shared.syncOnce();
    expect(b.discovery.queries().map((x) => x.name)).toEqual(['Offline 2']);
    expect(b.discovery.shortlist().map((s) => s.account)).toEqual(['nasa']);
    const docId = reopened.shared.docIdOf('discovery_query', q.id)!;
    expect(b.shared.history('discovery_query', docId, 'name').map((h) => h.value)).toEqual(['Offline 1', 'Offline 2']);
  });

  it('the same account shortlisted on both laptops is one entry; a note written on one reaches the other', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    a.discovery.addToShortlist([{ network: 'instagram', account: 'NatGeo' }]);
    b.discovery.addToShortlist([{ network: 'instagram', account: 'natgeo' }]);
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    expect(a.shared.docIdOf('shortlist_item', a.discovery.shortlist()[0]!.id)).toBe(accountDocId('shortlist_item', 'instagram', 'natgeo'));
    b.store.setShortlistNote(b.discovery.shortlist()[0]!.id, 'Pitch in May');
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    expect(a.discovery.shortlist()).toEqual([expect.objectContaining({ note: 'Pitch in May' })]);
    a.discovery.removeFromShortlist([a.discovery.shortlist()[0]!.id]);
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    expect(b.discovery.shortlist()).toEqual([]);
  });

  it('tags added on both laptops at once are all kept; removing one tag takes no other; a note edit reaches the other', async () => {
    await freshTeam();
    const a = laptop(ada);
    const b = laptop(bob);
    a.noteAccount('natgeo', { note: 'Pitch in May', tags: ['Travel'] });
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    expect(b.notesOn('natgeo')).toEqual({ note: 'Pitch in May', tags: ['Travel'] });
    // From the same base: Anna adds "Beauty", Bob adds "Outdoor" and removes "Travel".
    a.noteAccount('natgeo', { note: 'Pitch in May', tags: ['Travel', 'Beauty'] });
    b.noteAccount('natgeo', { note: 'Pitch in June', tags: ['Outdoor'] });
    await a.shared.syncOnce();
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    for (const l of [a, b]) expect(l.notesOn('natgeo')).toEqual({ note: 'Pitch in June', tags: ['Beauty', 'Outdoor'] });
    expect([...a.notices, ...b.notices]).toEqual([]);
    // Cleared on one laptop: gone on the other.
    b.noteAccount('natgeo', { note: '', tags: [] });
    await b.shared.syncOnce();
    await a.shared.syncOnce();
    expect(a.notesOn('natgeo')).toBeNull();
    expect(a.shared.localIdOf('account_notes', accountDocId('account_notes', 'instagram', 'natgeo'))).toBeNull();
  });

  it('a hostile row (wrong type, oversized, unknown kind, a query Scout cannot run) is skipped with its reason; the rest arrive', async () => {
    await freshTeam();
    const mallory = await team.addResearcher('Mallory');
    const raw = await mallory.client();
    const insert = (kind: string, field: string, value: unknown) =>
      raw.query(`INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES ($1, $2, $3, $4, $5, $6::jsonb, 0)`, [
        randomUUID(),
        randomUUID(),
        kind,
        randomUUID(),
        field,
        JSON.stringify(value),
      ]);
    await insert('discovery_query', 'name', 42);
    await insert('discovery_query', 'name', 'x'.repeat(5000));
    await insert('vault', 'name', 'Secrets');
    await insert('discovery_query', 'body', { social_network: 'myspace' });
    await insert('comparison', 'script', '<img src=x onerror=alert(1)>');
    const a = laptop(ada);
    a.discovery.saveQuery({ name: 'Fine', body: { social_network: 'instagram' } });
    await a.shared.syncOnce();
    const b = laptop(bob);
    await b.shared.syncOnce();
    expect(b.discovery.queries().map((q) => q.name)).toEqual(['Fine']);
    const reasons = b.shared.skipped().map((s) => s.reason);
    expect(reasons).toHaveLength(5);
    expect(reasons[0]).toMatch(/^a name Scout cannot read/);
    expect(reasons[1]).toMatch(/^a name Scout cannot read/);
    expect(reasons[2]).toBe('a kind of shared work this Scout does not know (vault)');
    expect(reasons[3]).toMatch(/^a query Scout cannot run/);
    expect(reasons[4]).toBe('a field of a comparison this Scout does not know (script)');
  });

  it('a researcher cannot rewrite or remove a teammate’s edit (or their own)', async () => {
    await freshTeam();
    const a = laptop(ada);
    a.discovery.saveQuery({ name: 'Mine', body: { social_network: 'instagram' } });
    await a.shared.syncOnce();
    const bobSql = await bob.client();
    const adaSql = await ada.client();
    for (const sql of ['UPDATE scout_team.shared_changes SET value = \'"Theirs"\'', 'DELETE FROM scout_team.shared_changes', 'TRUNCATE scout_team.shared_changes']) {
      for (const client of [bobSql, adaSql]) await expect(client.query(sql)).rejects.toMatchObject({ code: '42501' });
    }
    const b = laptop(bob);
    await b.shared.syncOnce();
    expect(b.discovery.queries().map((q) => q.name)).toEqual(['Mine']);
  });

  it('an insert whose answer is lost (the connection dropped after it committed) is pushed again and stored once', async () => {
    await freshTeam();
    const real = ada.pool();
    let lose = 1;
    // The statement reaches the server and commits; its answer never comes back.
    const lossy = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return async (...args: Parameters<typeof real.query>) => {
          const answer = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (lose > 0 && String(args[0]).includes('INSERT INTO scout_team.shared_changes')) {
            lose--;
            throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
          }
          return answer;
        };
      },
    });
    const a = laptop(ada, undefined, lossy);
    const q = a.discovery.saveQuery({ name: 'Once', body: { social_network: 'instagram' } });
    expect(await a.shared.syncOnce()).toMatchObject({ pushed: 2 });
    expect(lose).toBe(0);
    const { rows } = await team.admin.query<{ field: string; n: string }>('SELECT field, count(*)::text AS n FROM scout_team.shared_changes GROUP BY field ORDER BY field');
    expect(rows).toEqual([
      { field: 'body', n: '1' },
      { field: 'name', n: '1' },
    ]);
    const docId = a.shared.docIdOf('discovery_query', q.id)!;
    expect(a.shared.history('discovery_query', docId, 'name').map((h) => h.seq)).toEqual([expect.any(Number)]);
  });

  it('the team database stopped between pushes: what was pushed stays pushed, the rest (and edits made meanwhile) go once it is back, nothing twice', async () => {
    await freshTeam();
    const a = laptop(ada);
    const q = a.discovery.saveQuery({ name: 'First', body: { social_network: 'instagram' } });
    await a.shared.syncOnce();
    a.discovery.renameQuery(q.id, 'Second');
    a.discovery.addToShortlist([{ network: 'instagram', account: 'nasa' }]);
    expect(a.shared.pendingCount()).toBe(2);
    await server.stopServer('immediate');
    try {
      await expect(a.shared.syncOnce()).rejects.toMatchObject({ code: 'TEAM_UNREACHABLE' });
      a.discovery.renameQuery(q.id, 'Third');
      expect(a.shared.pendingCount()).toBe(3);
    } finally {
      await server.startServer();
    }
    expect(await a.shared.syncOnce()).toMatchObject({ pushed: 3 });
    const b = laptop(bob);
    await b.shared.syncOnce();
    expect(b.discovery.queries().map((x) => x.name)).toEqual(['Third']);
    expect(b.discovery.shortlist().map((x) => x.account)).toEqual(['nasa']);
    const { rows } = await team.admin.query<{ n: string }>('SELECT count(*)::text AS n FROM scout_team.shared_changes');
    expect(rows).toEqual([{ n: '5' }]);
  });

  it.each(['before-outbox', 'before-push'] as const)('killed (SIGKILL) %s: the edit is pushed at the next start, nothing lost', async (mode) => {
    await freshTeam();
    const fixture = bundleFixture('test/fixtures/sharedWorkChild.ts');
    const t = tempDatabase('scout-shared-crash-');
    const reports = new ReportsRepository(t.db);
    const snapshots = ['natgeo', 'nasa'].map((key) => ({ key, id: reports.saveSnapshot(parsedReport('instagram', key, { now: NOW }), { fetchedAt: NOW, accountKey: key })!.snapshotId }));
    t.db.close();
    const child = runNode(fixture, [mode, t.file, JSON.stringify(snapshots)]);
    const line = await child.waitFor(/^saved/);
    expect(line).toBe(mode === 'before-push' ? 'saved pending=5' : 'saved pending=0');
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    const a = laptop(ada, { ...t, db: openDatabase(t.file) });
    expect(await a.shared.syncOnce()).toMatchObject({ pushed: 5 });
    const b = laptop(bob);
    b.report('natgeo');
    b.report('nasa');
    await b.shared.syncOnce();
    expect(b.compare.list()).toEqual([expect.objectContaining({ name: 'Saved just before the crash', items: [expect.objectContaining({ note: 'natgeo note' }), expect.objectContaining({ note: 'nasa note' })] })]);
  });
});
