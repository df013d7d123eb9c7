// The sync engine against a real PostgreSQL, the simulator over loopback and real SQLite files:
// "laptops" are the main services on data folders of their own, each a researcher with its own
// role, its reports fetched through a kernel that claims in the team database and shared
// through its outbox, its teammates' records pulled into its own cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { accountRef } from '@shared/accountInput';
import { AttemptsRepository } from '../domains/reports/attemptsRepository';
import { openDatabase, type Db } from '../platform/cache/database';
import { runDbTask } from '../platform/cache/dbTasks';
import { PaidWork } from '../kernel/paidWork';
import { ReportService } from '../domains/reports/reportService';
import type { ProductionHarness } from '../../../test/productionHarness';
import type { TestPostgres } from '../../../test/postgres';
import { describeTeam, waitUntil, type Researcher, type TeamDatabase } from '../../../test/teamHarness';
import { bundleFixture, runNode } from '../../../test/childProcess';
import { TeamCodecs, type TeamRecordCodec, type TeamRecordIn } from './codecs';
import { TeamError } from '../kernel/teamErrors';
import { PostgresTeamGate } from './gate';
import { pushRecord, teamItem } from './records';
import { TeamSync, type JoinProgress, type TeamSyncOptions } from './sync';

interface Laptop {
  harness: ProductionHarness;
  db: Db;
  reports: ReportService;
  sync: TeamSync;
  pool: pg.Pool;
}

/**
 * Every record applied through a codec, by sequence number and outcome; `during` runs before
 * each (a test acts between two records there). Only `apply`: each record on its own.
 */
function counting(during?: (record: TeamRecordIn, n: number) => Promise<void>) {
  const outcomes = new Map<number, string[]>();
  let n = 0;
  return {
    outcomes,
    wrap: (real: TeamRecordCodec): TeamRecordCodec => ({
      kind: real.kind,
      apply: async (record) => {
        await during?.(record, ++n);
        const outcome = await real.apply(record);
        outcomes.set(record.seq, [...(outcomes.get(record.seq) ?? []), outcome]);
        return outcome;
      },
    }),
  };
}

describeTeam('the sync engine (team database + simulator + SQLite files)', { team: false, simulator: { generationMs: 30 } }, (t) => {
  let server: TestPostgres;
  const syncs: TeamSync[] = [];

  beforeAll(() => {
    server = t.server;
  });
  // Runs before the harness closes this test's laptops and teams.
  afterEach(async () => {
    await Promise.all(syncs.splice(0).map((s) => s.stop()));
  });

  async function team(...names: string[]): Promise<{ db: TeamDatabase; researchers: Researcher[] }> {
    const { team: db, researchers } = await t.freshTeam(...names);
    return { db, researchers };
  }

  /**
   * A laptop: a data folder of its own, a kernel that claims through `researcher`'s pool, a
   * report service that shares what it saves through this laptop's outbox, and its sync engine.
   */
  async function laptop(researcher: Researcher, options: Partial<TeamSyncOptions> & { codec?: (reports: ReportService) => TeamRecordCodec; extraCodecs?: TeamRecordCodec[] } = {}): Promise<Laptop> {
    const harness = await t.production();
    const ws = harness.services.active();
    const pool = researcher.pool({ max: 4, connectTimeoutMs: 1_000 });
    const codecs = new TeamCodecs();
    const sync = new TeamSync({ pool: () => pool, db: ws.db, codecs, pollMs: 60_000, listeningPollMs: 60_000, backoff: { initialMs: 100, maxMs: 500 }, ...options });
    syncs.push(sync);
    const paid = new PaidWork({ api: () => ws.api(), ledger: ws.ledger, connection: ws.connection, isActive: () => true, workspaceLabel: 'Team', team: new PostgresTeamGate(pool, { leaseMs: 5_000, heldPollMs: 20 }) });
    const reports = new ReportService({ api: () => ws.api(), repo: ws.reportsRepo, attempts: new AttemptsRepository(ws.db), ledger: ws.ledger, paid, jobs: ws.jobs, pollDelayMs: () => 20, maxWaitMs: 10_000, share: (out) => sync.share(out) });
    codecs.register(options.codec ? options.codec(reports) : reports.teamCodec());
    for (const extra of options.extraCodecs ?? []) codecs.register(extra);
    return { harness, db: ws.db, reports, sync, pool };
  }

  const live = (l: Laptop) => waitUntil('the sync engine to listen', () => l.sync.status().live);
  const records = async (t: TeamDatabase, subject: string) =>
    (await t.admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM scout_team.records WHERE item_key = $1`, [teamItem('report', { network: 'instagram', subject }).key])).rows[0]!.n;

  it("a report one laptop fetches is in the other's cache within a second, announced, never asked for; its own comes back as already held", async () => {
    const t = await team('Ada', 'Bob');
    const a = await laptop(t.researchers[0]!);
    const b = await laptop(t.researchers[1]!);
    a.sync.start();
    b.sync.start();
    await live(a);
    await live(b);
    const ref = accountRef('instagram', 'announced');

    await a.reports.fetch(ref, 1);
    const saved = performance.now();
    // Pulls every minute only: within a second, only the announcement can have brought it.
    await waitUntil("the report in the teammate's cache", () => b.reports.open(ref) !== null, 1_000);
    expect(performance.now() - saved).toBeLessThan(1_000);

    expect(b.reports.open(ref)).toMatchObject({ state: 'READY', fetchedAt: a.reports.open(ref)!.fetchedAt, result: a.reports.open(ref)!.result });
    // Pushed by the kernel and again from the outbox: one record all the same.
    await waitUntil("A's outbox to empty", () => a.sync.status().pending === 0);
    expect(await records(t.db, 'announced')).toBe(1);
    // Ada's own record came back to her laptop and changed nothing there.
    await waitUntil("A's cursor to pass its own record", async () => a.sync.cursor() > 0);
    expect(a.reports.open(ref)!.snapshotCount).toBe(1);
    expect(b.reports.open(ref)!.snapshotCount).toBe(1);
    expect(a.sync.status()).toMatchObject({ pending: 0, skipped: 0, reachable: true, live: true });
  });

  it('shares every report saved from the API (bought, or a free refresh) through the outbox, never one taken from a teammate', async () => {
    const t = await team('Ada', 'Bob');
    const a = await laptop(t.researchers[0]!);
    const b = await laptop(t.researchers[1]!);
    const ref = accountRef('instagram', 'sharedtwice');
    const outbox = (l: Laptop) => l.db.prepare<[], { kind: string; item_key: string; fetched_at: number }>('SELECT kind, item_key, fetched_at FROM team_outbox ORDER BY id').all();

    await a.reports.fetch(ref, 1);
    expect(a.reports.quote(ref).cost).toBe(0);
    await a.reports.fetch(ref, 0);
    const key = teamItem('report', { network: 'instagram', subject: 'sharedtwice' }).key;
    expect(outbox(a)).toEqual(a.harness.services.active().reportsRepo.snapshots('instagram', 'sharedtwice').map((s) => ({ kind: 'report', item_key: key, fetched_at: s.fetchedAt })).reverse());
    expect(outbox(a)).toHaveLength(2);

    // Bob's fetch takes Ada's copy from the team database: nothing for his outbox.
    await b.reports.fetch(ref, 1);
    expect(b.reports.open(ref)).not.toBeNull();
    expect(outbox(b)).toEqual([]);
  });

  it('without LISTEN (refused), a laptop polls every few seconds and still gets the record', async () => {
    const t = await team('Ada', 'Bob');
    const a = await laptop(t.researchers[0]!);
    let tried = 0;
    const b = await laptop(t.researchers[1]!, {
      pollMs: 200,
      listener: () => {
        tried++;
        return Promise.reject(Object.assign(new Error('LISTEN is not allowed here'), { code: '0A000' }));
      },
    });
    b.sync.start();
    await waitUntil('a first try to listen', () => tried > 0);
    const ref = accountRef('instagram', 'polled');
    await a.reports.fetch(ref, 1);
    await waitUntil("the report in the teammate's cache", () => b.reports.open(ref) !== null, 5_000);
    expect(b.sync.status()).toMatchObject({ live: false, reachable: true });
    // It keeps trying to listen, with backoff.
    await waitUntil('another try to listen', () => tried > 1);
  });

  it('a listening connection that died without a word is found out by the next poll, and replaced', async () => {
    const t = await team('Ada', 'Bob');
    let made = 0;
    const b = await laptop(t.researchers[1]!, {
      listeningPollMs: 100,
      listener: async (pool) => {
        const client = await pool.connect();
        if (++made === 1) {
          // The first answers its LISTEN, then never again, with no event: a cut cable, not a server gone.
          const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
          let answered = 0;
          Object.assign(client, { query: (...args: unknown[]) => (answered++ === 0 ? query(...args) : Promise.reject(new Error('Query read timeout'))) });
        }
        return client;
      },
    });
    b.sync.start();
    await waitUntil('a second listening connection', () => made === 2 && b.sync.status().live);
    // And records still come.
    const a = await laptop(t.researchers[0]!);
    const ref = accountRef('instagram', 'afterthecut');
    await a.reports.fetch(ref, 1);
    await waitUntil("the report in the teammate's cache", () => b.reports.open(ref) !== null, 5_000);
  });

  it('the team database down: fetches go on locally, the outbox holds them, and once it is back they are pushed and the teammate gets them', async () => {
    const t = await team('Ada', 'Bob');
    const a = await laptop(t.researchers[0]!);
    const b = await laptop(t.researchers[1]!);
    a.sync.start();
    b.sync.start();
    await live(a);
    await live(b);
    const refs = [accountRef('instagram', 'offline1'), accountRef('instagram', 'offline2')];
    await server.stopServer('fast');
    try {
      await waitUntil('both to notice', () => a.sync.status().live === false && b.sync.status().live === false);
      for (const ref of refs) await a.reports.fetch(ref, 1, { teamUnreachableConfirmed: true });
      expect(refs.map((ref) => a.reports.open(ref)?.state)).toEqual(['READY', 'READY']);
      expect(a.sync.status().pending).toBe(2);
      await waitUntil('a push to fail', () => (a.db.prepare('SELECT count(*) FROM team_outbox WHERE attempts > 0').pluck().get() as number) > 0, 20_000);
      expect(a.db.prepare('SELECT last_error FROM team_outbox WHERE attempts > 0').pluck().get()).toMatch(/^The team database cannot be reached/);
      expect(a.sync.status()).toMatchObject({ pending: 2, reachable: false });
    } finally {
      await server.startServer();
    }
    await waitUntil("the teammate's cache to have both", () => refs.every((ref) => b.reports.open(ref) !== null), 30_000);
    expect(a.sync.status()).toMatchObject({ pending: 0, refused: 0, reachable: true });
    expect(await records(t.db, 'offline1')).toBe(1);
    expect(await records(t.db, 'offline2')).toBe(1);
    await waitUntil('both to listen again', () => a.sync.status().live && b.sync.status().live, 30_000);
  }, 90_000);

  /** Ada's records straight into the team database: one real report answer under many accounts. */
  async function seed(t: { db: TeamDatabase; researchers: Researcher[] }, subjects: string[]) {
    const a = await laptop(t.researchers[0]!);
    const ref = accountRef('instagram', 'seedsource');
    await a.reports.fetch(ref, 1);
    const result = a.reports.open(ref)!.result;
    const pool = t.researchers[0]!.pool();
    const at = Date.now() - 60_000;
    const seqs: number[] = [];
    for (const [i, subject] of subjects.entries()) {
      // The same answer, as each subject's own (a record's report must be the account it is filed under).
      const own = JSON.parse(JSON.stringify(result).replaceAll('seedsource', subject)) as unknown;
      seqs.push((await pushRecord(pool, { item: teamItem('report', { network: 'instagram', subject }), fetchedAt: new Date(at + i), body: { json: { result: own } } })).seq);
    }
    return seqs;
  }

  it('a PostgreSQL restart in the middle of a pull loses nothing and applies nothing twice', async () => {
    const t = await team('Ada', 'Bob');
    const subjects = Array.from({ length: 40 }, (_, i) => `restart${i}`);
    const seqs = await seed(t, subjects);
    let restarted = false;
    const applied = counting(async (_record, n) => {
      if (n === 15) {
        await server.restart('immediate');
        restarted = true;
      }
    });
    const b = await laptop(t.researchers[1]!, { pullBatch: 10, codec: (reports) => applied.wrap(reports.teamCodec()) });
    // The restart comes between two records of a page; the next page's query meets it.
    while (b.sync.cursor() < seqs.at(-1)!) await b.sync.pullNow();
    expect(restarted).toBe(true);
    expect(seqs.map((seq) => applied.outcomes.get(seq))).toEqual(seqs.map(() => ['saved']));
    expect(b.db.prepare(`SELECT count(*) FROM report_snapshots WHERE account_key LIKE 'restart%'`).pluck().get()).toBe(40);
    expect(b.sync.status().skipped).toBe(0);
  }, 60_000);

  it('its connections terminated mid-pull (pg_terminate_backend): nothing lost, nothing applied twice, and it listens again', async () => {
    const t = await team('Ada', 'Bob');
    const [ada, bob] = t.researchers as [Researcher, Researcher];
    const subjects = Array.from({ length: 30 }, (_, i) => `terminated${i}`);
    let terminated = 0;
    const applied = counting(async (_record, n) => {
      if (n === 12) terminated = await server.killConnections({ user: bob.role });
    });
    const b = await laptop(bob, { pullBatch: 8, codec: (reports) => applied.wrap(reports.teamCodec()) });
    b.sync.start();
    await live(b);
    const seqs = await seed(t, subjects);
    await waitUntil('every record applied', () => b.sync.cursor() >= seqs.at(-1)!, 30_000);
    // The listening connection and the pulling one at least.
    expect(terminated).toBeGreaterThanOrEqual(1);
    expect(seqs.map((seq) => applied.outcomes.get(seq))).toEqual(seqs.map(() => ['saved']));
    expect(b.db.prepare(`SELECT count(*) FROM report_snapshots WHERE account_key LIKE 'terminated%'`).pluck().get()).toBe(30);
    // The listening connection was among those ended: it comes back, and announcements with it.
    await live(b);
    const later = await pushRecord(ada.pool(), { item: teamItem('report', { network: 'instagram', subject: 'afterward' }), fetchedAt: new Date(), body: { json: { result: JSON.parse(JSON.stringify(b.reports.open(accountRef('instagram', 'terminated0'))!.result).replaceAll('terminated0', 'afterward')) as unknown } } });
    await waitUntil('the announced record', () => b.sync.cursor() >= later.seq, 5_000);
    expect(b.reports.open(accountRef('instagram', 'afterward'))).not.toBeNull();
  }, 60_000);

  it('a laptop killed (SIGKILL) between writing its outbox and pushing: the next start pushes the record', async () => {
    const t = await team('Ada', 'Bob');
    const [ada, bob] = t.researchers as [Researcher, Researcher];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sync-kill-'));
    const file = path.join(dir, 'team.sqlite');
    // The record the child shares: a real report answer, fetched here.
    const a = await laptop(ada);
    await a.reports.fetch(accountRef('instagram', 'killsource'), 1);
    const answer = path.join(dir, 'answer.json');
    // As the account the child files it under (a record's report must be that account).
    fs.writeFileSync(answer, JSON.stringify(a.reports.open(accountRef('instagram', 'killsource'))!.result).replaceAll('killsource', 'killedbeforepush'));
    const fixture = bundleFixture('test/fixtures/teamOutboxChild.ts');
    const child = runNode(fixture, [file, 'killedbeforepush', answer], { SCOUT_TEST_TEAM_CONNECTION: JSON.stringify(ada.connection) });
    try {
      await child.waitFor(/^queued$/);
      child.process.kill('SIGKILL');
      expect((await child.exited).signal).toBe('SIGKILL');
      expect(await records(t.db, 'killedbeforepush')).toBe(0);

      const db = openDatabase(file);
      try {
        const codecs = new TeamCodecs();
        const pool = ada.pool();
        const sync = new TeamSync({ pool: () => pool, db, codecs, backoff: { initialMs: 100, maxMs: 500 } });
        syncs.push(sync);
        expect(sync.status().pending).toBe(1);
        sync.start();
        await waitUntil('the record pushed', async () => (await records(t.db, 'killedbeforepush')) === 1);
        await waitUntil('the outbox empty', () => sync.status().pending === 0);
        await sync.stop();
      } finally {
        db.close();
      }
      // A teammate takes it like any other.
      const b = await laptop(bob);
      await b.sync.pullNow();
      expect(b.reports.open(accountRef('instagram', 'killedbeforepush'))).toMatchObject({ state: 'READY' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('hostile records (an unreadable report, an unknown kind, an oversized body, a key that names no report, bytes for a report) are kept aside with the reason, the rest applied', async () => {
    const t = await team('Ada', 'Bob');
    const [ada, bob] = t.researchers as [Researcher, Researcher];
    const [good1] = await seed(t, ['goodbefore']);
    const pool = ada.pool();
    const push = (kind: string, key: string, body: { json: unknown } | { bytes: Uint8Array }) => pushRecord(pool, { item: { kind: kind as 'report', key }, fetchedAt: new Date(), body }).then((r) => r.seq);
    const item = (subject: string) => teamItem('report', { network: 'instagram', subject }).key;
    const hostile = {
      unreadable: await push('report', item('hostile'), { json: { result: { user: '<script>alert(1)</script>' } } }),
      unknown: await push('future_thing', item('whatever'), { json: { anything: true } }),
      oversized: await push('report', item('huge'), { json: { result: { padding: 'x'.repeat(2_200_000) } } }),
      noReport: await push('report', 'not a report key', { json: { result: {} } }),
      bytes: await push('report', item('asbytes'), { bytes: new Uint8Array([1, 2, 3]) }),
    };
    const [good2] = await seed(t, ['goodafter']);
    const b = await laptop(bob, { maxBodyBytes: 1024 * 1024 });

    await b.sync.pullNow();

    expect(b.reports.open(accountRef('instagram', 'goodbefore'))).not.toBeNull();
    expect(b.reports.open(accountRef('instagram', 'goodafter'))).not.toBeNull();
    expect(b.reports.open(accountRef('instagram', 'hostile'))).toBeNull();
    expect(b.reports.open(accountRef('instagram', 'huge'))).toBeNull();
    expect(b.sync.cursor()).toBe(Math.max(good2!, good1!));
    const skipped = Object.fromEntries(b.sync.skipped().map((s) => [s.seq, s]));
    expect(Object.keys(skipped).map(Number).sort((x, y) => x - y)).toEqual(Object.values(hostile).sort((x, y) => x - y));
    expect(skipped[hostile.unreadable]).toMatchObject({ kind: 'report', researcher: ada.role, reason: expect.stringMatching(/cannot be read as a finished report/) });
    expect(skipped[hostile.unknown]).toMatchObject({ kind: 'future_thing', reason: expect.stringMatching(/does not know records of this kind \(future_thing\)/) });
    expect(skipped[hostile.oversized]).toMatchObject({ reason: expect.stringMatching(/^Its content \(2\.1 MB\) is larger than Scout reads \(1 MB\)\.$/) });
    expect(skipped[hostile.noReport]).toMatchObject({ reason: expect.stringMatching(/does not name a report/) });
    expect(skipped[hostile.bytes]).toMatchObject({ reason: expect.stringMatching(/is a file, not a report/) });
    expect(b.sync.status().skipped).toBe(5);
    // Kept aside once: a second pull asks for none of them again.
    await b.sync.pullNow();
    expect(b.sync.skipped()).toHaveLength(5);
  });

  it('shares bytes and files through the outbox; a file gone before its push is kept with why, not retried, and does not hold the others up', async () => {
    const t = await team('Ada', 'Bob');
    const [ada, bob] = t.researchers as [Researcher, Researcher];
    const got: TeamRecordIn[] = [];
    const pdfs: TeamRecordCodec = { kind: 'pdf', apply: async (record) => (got.push(record), 'saved') };
    const a = await laptop(ada);
    const b = await laptop(bob, { extraCodecs: [pdfs] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sync-file-'));
    try {
      const kept = path.join(dir, 'kept.pdf');
      fs.writeFileSync(kept, Buffer.from('%PDF-kept'));
      const item = (subject: string) => teamItem('pdf', { network: 'instagram', subject });
      a.sync.share({ item: item('inmemory'), fetchedAt: new Date(), body: { bytes: Buffer.from('%PDF-bytes') } });
      a.sync.share({ item: item('gone'), fetchedAt: new Date(), body: { file: path.join(dir, 'gone.pdf') } });
      a.sync.share({ item: item('kept'), fetchedAt: new Date(), body: { file: kept } });
      expect(a.sync.status().pending).toBe(3);
      a.sync.start();
      await waitUntil('the outbox drained', () => a.sync.status().pending === 0);
      expect(a.sync.status().refused).toBe(1);
      expect(a.db.prepare('SELECT item_key, last_error FROM team_outbox').all()).toEqual([{ item_key: item('gone').key, last_error: expect.stringMatching(/^Its content could not be read here: ENOENT/) }]);

      await b.sync.pullNow();
      expect(got.map((r) => [r.item.key, Buffer.from((r.body as { bytes: Uint8Array }).bytes).toString()])).toEqual([
        [item('inmemory').key, '%PDF-bytes'],
        [item('kept').key, '%PDF-kept'],
      ]);
      expect(got.every((r) => r.researcher === ada.role)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a record the team database refuses (a rule of its schema) is kept with why and not tried again; the next is pushed', async () => {
    const t = await team('Ada');
    const a = await laptop(t.researchers[0]!);
    // A NUL character in a string, which PostgreSQL's jsonb does not hold: the team database refuses it.
    a.sync.share({ item: teamItem('report', { network: 'instagram', subject: 'withnul' }), fetchedAt: new Date(), body: { json: { result: { name: 'a\u0000b' } } } });
    a.sync.share({ item: teamItem('report', { network: 'instagram', subject: 'afterrefusal' }), fetchedAt: new Date(), body: { json: { result: {} } } });
    a.sync.start();
    await waitUntil('the outbox drained', () => a.sync.status().pending === 0);
    expect(a.sync.status()).toMatchObject({ refused: 1, reachable: true });
    expect(a.db.prepare('SELECT attempts, last_error FROM team_outbox').get()).toEqual({ attempts: 0, last_error: expect.stringMatching(/^The team database refused to share a record with the team: .*Unicode/) });
    expect(await records(t.db, 'afterrefusal')).toBe(1);
  });

  it('a local failure while applying (the disk full) moves the cursor past no record it did not apply; the next pull applies the rest, each once', async () => {
    const t = await team('Ada', 'Bob');
    const seqs = await seed(t, ['full1', 'full2', 'full3']);
    let failOnce = true;
    const b = await laptop(t.researchers[1]!, {
      codec: (reports) => {
        const real = reports.teamCodec();
        const applyNow = (record: TeamRecordIn) => {
          if (record.seq === seqs[1] && failOnce) {
            failOnce = false;
            throw Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
          }
          return real.applyNow!(record);
        };
        return { kind: 'report', apply: async (record) => applyNow(record), applyNow };
      },
    });
    await b.sync.pullNow();
    // Applied in slices: the record before the failure may have been committed with its cursor; the failed one and those after were not.
    const cursor = b.sync.cursor();
    expect(cursor).toBeLessThan(seqs[1]!);
    expect(b.sync.status().skipped).toBe(0);
    expect(b.reports.open(accountRef('instagram', 'full1')) !== null).toBe(cursor >= seqs[0]!);
    expect(b.reports.open(accountRef('instagram', 'full2'))).toBeNull();
    expect(b.reports.open(accountRef('instagram', 'full3'))).toBeNull();
    await b.sync.pullNow();
    expect(b.sync.cursor()).toBe(seqs.at(-1));
    expect(b.db.prepare(`SELECT account_key, count(*) AS n FROM report_snapshots WHERE account_key LIKE 'full%' GROUP BY account_key ORDER BY account_key`).all()).toEqual([
      { account_key: 'full1', n: 1 },
      { account_key: 'full2', n: 1 },
      { account_key: 'full3', n: 1 },
    ]);
  });

  it('a new laptop joins: progress goes up to the total without stepping back, a cancel keeps what it took, the next join takes the rest', async () => {
    const t = await team('Ada', 'Cyd');
    const subjects = Array.from({ length: 120 }, (_, i) => `join${i}`);
    const seqs = await seed(t, subjects);
    const c = await laptop(t.researchers[1]!, { joinBatch: 25 });

    const stop = new AbortController();
    const first: JoinProgress[] = [];
    await expect(c.sync.join((p) => (first.push(p), p.received >= 50 && stop.abort()), stop.signal)).rejects.toMatchObject({ code: 'CANCELLED', message: expect.stringMatching(/^Stopped after 50 of 121 records/) });
    expect(first.map((p) => p.received)).toEqual([0, 25, 50]);
    const taken = c.sync.cursor();
    // The 50th record (seedsource's own report came first).
    expect(taken).toBe(seqs[48]);

    const rest: JoinProgress[] = [];
    const done = await c.sync.join((p) => rest.push(p));
    // Its total is what was left; seedsource's own report is the 121st record.
    expect(done).toEqual({ received: 71, total: 71 });
    expect(rest[0]).toEqual({ received: 0, total: 71 });
    expect(rest.map((p) => p.received)).toEqual([...rest.map((p) => p.received)].sort((x, y) => x - y));
    expect(rest.every((p) => p.total === 71)).toBe(true);
    expect(c.sync.cursor()).toBe(seqs.at(-1));
    expect(c.db.prepare(`SELECT count(*) FROM reports WHERE account_key LIKE 'join%'`).pluck().get()).toBe(120);
  }, 60_000);

  it("a join checkpoints off main: SQLite's checkpoint at commit is off while it writes, a worker copies the log into the database between pages, and the setting comes back", async () => {
    const t = await team('Ada', 'Cyd');
    await seed(t, Array.from({ length: 60 }, (_, i) => `ckpt${i}`));
    const asked: number[] = [];
    let file = '';
    let db: Db | null = null;
    const c = await laptop(t.researchers[1]!, {
      joinBatch: 20,
      checkpoint: async () => {
        asked.push(db!.pragma('wal_autocheckpoint', { simple: true }) as number);
        await runDbTask({ kind: 'checkpoint', file });
      },
    });
    db = c.db;
    file = c.db.name;
    const automatic = c.db.pragma('wal_autocheckpoint', { simple: true });
    expect(automatic).toBeGreaterThan(0);
    const sizeBefore = fs.statSync(file).size;

    expect(await c.sync.join(() => undefined)).toEqual({ received: 61, total: 61 });
    // At least one while it wrote and one at the end, each while main's own was off.
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((value) => value === 0)).toBe(true);
    expect(c.db.pragma('wal_autocheckpoint', { simple: true })).toBe(automatic);
    // Main never checkpointed (it was off): the reports reached the database file through the worker.
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore);
    expect(c.db.prepare(`SELECT count(*) FROM reports WHERE account_key LIKE 'ckpt%'`).pluck().get()).toBe(60);
  }, 60_000);

  it('pages cut short by their bytes budget (one body each here) still bring every record, in order, once', async () => {
    const t = await team('Ada', 'Bob', 'Cyd');
    const seqs = await seed(t, ['budget1', 'budget2', 'budget3', 'budget4']);
    const applied = counting();
    const b = await laptop(t.researchers[1]!, { pullBytes: 1, codec: (reports) => applied.wrap(reports.teamCodec()) });
    await b.sync.pullNow();
    expect([...applied.outcomes.keys()]).toEqual([seqs[0]! - 1, ...seqs]);
    expect([...applied.outcomes.values()].every((o) => o.length === 1)).toBe(true);
    const c = await laptop(t.researchers[2]!, { pullBytes: 1, joinBatch: 3 });
    const progress: JoinProgress[] = [];
    expect(await c.sync.join((p) => progress.push(p))).toEqual({ received: 5, total: 5 });
    expect(progress.map((p) => p.received)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(c.sync.cursor()).toBe(seqs.at(-1));
  });

  it('stop() waits for a pull under way and leaves no timer behind', async () => {
    const t = await team('Ada', 'Bob');
    await seed(t, ['stopping']);
    let entered = false;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const applied = counting(async () => {
      entered = true;
      await held;
    });
    const b = await laptop(t.researchers[1]!, { codec: (reports) => applied.wrap(reports.teamCodec()) });
    b.sync.start();
    await waitUntil('the pull to reach a record', () => entered);
    let stopped = false;
    const stopping = b.sync.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The record it was applying was applied, and the cursor kept.
    expect(applied.outcomes.size).toBeGreaterThanOrEqual(1);
    expect(b.sync.cursor()).toBe(Math.max(...applied.outcomes.keys()));
    expect((b.sync as unknown as { timers: Set<unknown> }).timers.size).toBe(0);
    expect(b.sync.status().live).toBe(false);
  });
});

describe('TeamSync without a team database', () => {
  it('keeps shared records in the outbox while the pool cannot even be made, and says the database is unreachable', async () => {
    const db = openDatabase(':memory:');
    const sync = new TeamSync({
      pool: () => {
        throw new TeamError('TEAM_UNREACHABLE', 'No team database is set up.');
      },
      db,
      codecs: new TeamCodecs(),
      backoff: { initialMs: 50, maxMs: 100 },
    });
    sync.start();
    sync.share({ item: teamItem('report', { network: 'instagram', subject: 'x' }), fetchedAt: new Date(), body: { json: { result: {} } } });
    await sync.pushNow();
    expect(sync.status()).toMatchObject({ pending: 1, reachable: false, live: false });
    expect(db.prepare('SELECT attempts, last_error FROM team_outbox').get()).toEqual({ attempts: 1, last_error: 'No team database is set up.' });
    await sync.stop();
    db.close();
  });
});
