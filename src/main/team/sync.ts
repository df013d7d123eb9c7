// The sync engine between a laptop's cache and the team database, for a Team workspace.
//
// Out: every paid record a service saves locally is written to the outbox (team_outgoing) in the
// same moment, synchronously, so a crash or a team database that cannot be reached loses
// nothing; the outbox is drained in order with pushRecord, which is content-addressed, so a push
// repeated after a lost answer is a no-op. Unreachable: the record waits, and is tried again
// with backoff and as soon as the database is back.
//
// In: records are pulled by sequence number (seq order is commit order, team schema 0010), each
// row read as hostile (its metadata checked, its size capped before its body is fetched) and
// saved through its kind's codec. A record of a kind this Scout does not know, or whose content
// cannot be read, is kept aside in team_set_aside with the reason, and the cursor moves on: never
// guessed at, never asked for again. One's own records come back too; codecs answer
// 'already-held'. Applying is idempotent, so a pull replayed after a crash or a lost connection
// saves nothing twice.
//
// Live: the laptop's one listening connection (transport/listener.ts) is told of a new record
// (team schema 0020) and the engine pulls at once. Without it (LISTEN refused, the connection
// dropped) the engine polls every few seconds; when to push and pull is the transport's loop
// (transport/loop.ts), this file is its delegate for the records.
import fs from 'node:fs/promises';
import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import { z } from 'zod';
import { TimeSlices } from '../platform/util/timeSlices';
import { ScoutError } from '@shared/errors';
import type { Db } from '../platform/cache/database';
import type { Logger } from '../platform/log';
import type { TeamCodecs, TeamRecordIn, TeamRecordOut } from './codecs';
import { TeamError } from '../kernel/teamErrors';
import { RECORDS_CHANNEL, ROLE_NAME, TEAM_SCHEMA as S } from './names';
import { asTeamError, teamCall } from './pool';
import { pushRecord, sequenceNumber, type RecordBody } from './records';
import { RECORD_LIMITS } from './schema/0010-team';
import { TeamListener, type ListenConnect } from './transport/listener';
import { StreamLoop } from './transport/loop';

export interface TeamSyncStatus {
  /** Records saved here and not yet in the team database. */
  pending: number;
  /** Records the team database refused (too large, a rule of its schema): kept here, with why, not tried again. */
  refused: number;
  /** Teammates' records this Scout could not apply, kept aside with the reason. */
  skipped: number;
  /** When the team's records were last read (epoch ms); null: never. */
  lastPulledAt: number | null;
  /** Whether the team database answered the last time it was asked; null: not asked yet. */
  reachable: boolean | null;
  /** Told of new records as they come (LISTEN); false: polling. */
  live: boolean;
}

export interface JoinProgress {
  received: number;
  total: number;
}

export interface TeamSyncOptions {
  /** The workspace's team pool; may throw TEAM_UNREACHABLE (no connection settings, no keychain …). */
  pool: () => pg.Pool;
  /** The workspace's own SQLite database (migration 0200). */
  db: Db;
  codecs: TeamCodecs;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Called whenever the status may have changed (a push, a pull, the connection). */
  onChange?: (status: TeamSyncStatus) => void;
  now?: () => number;
  /** Records per pull; join reads `joinBatch` at a time (10). */
  pullBatch?: number;
  joinBatch?: number;
  /** Bodies read per pull, in bytes (at least one record is always read). */
  pullBytes?: number;
  /** A body larger than this is not read: the record is skipped, said. The team database's own cap by default. */
  maxBodyBytes?: number;
  /** How often to pull while not told of new records (LISTEN lost or refused). */
  pollMs?: number;
  /** How often to pull while listening, in case an announcement was missed. */
  listeningPollMs?: number;
  /** Backoff of pushes and of reconnecting the listener. */
  backoff?: { initialMs: number; maxMs: number };
  /**
   * Copies the database's write-ahead log into it off main (a worker thread). A join turns SQLite's
   * own checkpoint at commit off while it writes and calls this between pages instead: at commit,
   * a checkpoint holds main for as long as it takes to copy and flush megabytes (80 ms measured).
   */
  checkpoint?: () => Promise<void>;
  /** How its own listening connection is opened (a dedicated one by default); a seam for tests of a refused LISTEN. */
  listener?: ListenConnect;
  /** The laptop's one listening connection, shared with its other streams; none: one of its own. */
  listen?: TeamListener;
}

interface OutboxRow {
  id: number;
  kind: string;
  item_key: string;
  fetched_at: number;
  body_json: string | null;
  body_bytes: Buffer | null;
  body_file: string | null;
}

/** A pulled record whose codec saves asynchronously (a PDF's file): applied after its slice commits. */
type AppliedLater = { codec: NonNullable<ReturnType<TeamCodecs['get']>>; record: TeamRecordIn };

/** A row of the team's records, read as hostile: only its sequence number is needed to move on. */
const pulledRow = z.object({
  seq: sequenceNumber,
  kind: z.string(),
  item_key: z.string(),
  researcher: z.string(),
  fetched_at: z.date(),
  size: z.number().int().nonnegative(),
  body_json: z.string().nullable(),
  body_bytes: z.instanceof(Buffer).nullable(),
});
const countRow = z.object({ total: z.number().int().nonnegative(), newest: sequenceNumber.nullable() });
const KIND = /^[a-z][a-z0-9_]{0,39}$/;
/** How often a join asks for a checkpoint off main, at most. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * One page of records after a cursor (and up to `upTo`): the page's sequence numbers first, so
 * only its own bodies are turned into text (with the bodies in the same query, a plan that sorts
 * the records after the cursor turns every one of them into text first: a bitmap scan and a sort
 * is what PostgreSQL chose for a freshly filled team), their sizes: a body over the cap
 * is not fetched at all, and bodies stop once a page holds `budget` bytes (the first always comes).
 */
const PULL_SQL = `
WITH keys AS (
  SELECT seq FROM ${S}.records
   WHERE seq > $1 AND ($5::bigint IS NULL OR seq <= $5)
     -- Never one the admin set aside (npm run team -- set-aside).
     AND NOT EXISTS (SELECT 1 FROM ${S}.records_set_aside a WHERE a.seq = records.seq)
   ORDER BY seq
   LIMIT $2
), page AS (
  SELECT r.seq, r.kind, r.item_key, r.researcher, r.fetched_at, r.body_json::text AS json_text, r.body_bytes
    FROM keys JOIN ${S}.records AS r ON r.seq = keys.seq
), sized AS (
  SELECT page.*, coalesce(octet_length(json_text), octet_length(body_bytes)) AS size FROM page
), counted AS (
  SELECT sized.*, CASE WHEN size <= $3 THEN size ELSE 0 END AS read,
         sum(CASE WHEN size <= $3 THEN size ELSE 0 END) OVER (ORDER BY seq) AS running
    FROM sized
)
SELECT counted.seq::text AS seq, kind, item_key, researcher, fetched_at, size,
       CASE WHEN size <= $3 THEN json_text END AS body_json,
       CASE WHEN size <= $3 THEN body_bytes END AS body_bytes
  FROM counted
 WHERE running - read < $4 OR counted.seq = (SELECT min(seq) FROM page)
 ORDER BY counted.seq`;

/** A failure of the local disk, not of the record: the pull stops, the cursor stays, and it is tried again. */
function isLocalFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'SqliteError') return true;
  if (error instanceof ScoutError && (error.code === 'DISK_FULL' || error.code === 'DATABASE_BUSY' || error.code === 'DATABASE_UNREADABLE')) return true;
  const code = (error as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EIO' || code === 'EROFS';
}

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** The team database's refusal of this record for good (its content or a rule), not a passing failure. */
function refusedForGood(error: unknown): boolean {
  if (!(error instanceof TeamError) || error.code !== 'TEAM_REFUSED') return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  // Said by Scout before sending (too large), or by the database: a data exception (22) or an
  // integrity rule (23). A timeout, a lock or a permission may pass; those are tried again.
  return typeof code !== 'string' || code.startsWith('22') || code.startsWith('23');
}

export class TeamSync {
  private readonly now: () => number;
  /** When to push and pull (the transport's loop); this engine is its delegate for the records. */
  private readonly loop: StreamLoop;
  /** Its own listening connection, when none is shared with it (closed with it). */
  private readonly ownListener: TeamListener | null;
  /** Set by stop(): a pull or join under way ends after its page. */
  private halted = false;
  private reachable: boolean | null = null;
  /** The pull under way, and the join (which keeps background pulls out until it ends). */
  private pulling: Promise<void> | null = null;
  private joining: Promise<void> | null = null;

  private readonly statements: {
    queue: Statement<[string, string, number, string | null, string | null, Buffer | null, number]>;
    next: Statement<[], OutboxRow>;
    attempted: Statement<[number, string | null, number]>;
    refuse: Statement<[number, string, number]>;
    pushed: Statement<[number]>;
    cursor: Statement<[], number>;
    setCursor: Statement<[number, number]>;
    pulledAt: Statement<[number]>;
    skip: Statement<[number, string, string | null, string | null, string, number]>;
    status: Statement<[], { pending: number; refused: number; skipped: number; last_pulled_at: number | null }>;
  };

  /** Failures logged since the team database last answered (each said once). */
  private readonly lastFailures = new Set<string>();

  constructor(private readonly options: TeamSyncOptions) {
    this.now = options.now ?? Date.now;
    this.ownListener = options.listen ? null : new TeamListener({ pool: options.pool, connect: options.listener, backoff: options.backoff, logger: options.logger });
    this.loop = new StreamLoop(
      {
        name: 'records',
        channel: RECORDS_CHANNEL,
        push: () => this.drain(),
        pull: () => this.pullOnce(),
        pollMs: options.pollMs ?? 5_000,
        listeningPollMs: options.listeningPollMs ?? 60_000,
        live: () => this.changed(),
      },
      options.listen ?? this.ownListener,
      options.backoff,
    );
    const db = options.db;
    this.statements = {
      // The one outbox (local migration 0310), read back through its records' view (team_outbox).
      queue: db.prepare(
        "INSERT INTO team_outgoing (stream, payload, body, queued_at) VALUES ('records', json_object('kind', ?, 'item_key', ?, 'fetched_at', ?, 'file', ?), coalesce(?, ?), ?)",
      ),
      next: db.prepare('SELECT id, kind, item_key, fetched_at, body_json, body_bytes, body_file FROM team_outbox WHERE refused_at IS NULL ORDER BY id LIMIT 1'),
      attempted: db.prepare('UPDATE team_outgoing SET attempts = attempts + 1, last_attempt_at = ?, last_error = ? WHERE id = ?'),
      refuse: db.prepare('UPDATE team_outgoing SET refused_at = ?, last_error = ? WHERE id = ?'),
      pushed: db.prepare('DELETE FROM team_outgoing WHERE id = ?'),
      cursor: db.prepare<[], number>('SELECT cursor FROM team_sync WHERE id = 1').pluck(),
      setCursor: db.prepare('UPDATE team_sync SET cursor = max(cursor, ?), last_pulled_at = ? WHERE id = 1'),
      pulledAt: db.prepare('UPDATE team_sync SET last_pulled_at = ? WHERE id = 1'),
      skip: db.prepare("INSERT INTO team_set_aside (stream, seq, kind, item_key, researcher, reason, skipped_at) VALUES ('records', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
      status: db.prepare(
        `SELECT (SELECT count(*) FROM team_outbox WHERE refused_at IS NULL) AS pending,
                (SELECT count(*) FROM team_outbox WHERE refused_at IS NOT NULL) AS refused,
                (SELECT count(*) FROM team_skipped) AS skipped,
                (SELECT last_pulled_at FROM team_sync WHERE id = 1) AS last_pulled_at`,
      ),
    };
  }

  status(): TeamSyncStatus {
    const row = this.statements.status.get()!;
    return { pending: row.pending, refused: row.refused, skipped: row.skipped, lastPulledAt: row.last_pulled_at, reachable: this.reachable, live: this.loop.live };
  }

  /** The last sequence number applied here. */
  cursor(): number {
    return this.statements.cursor.get() ?? 0;
  }

  /** Teammates' records kept aside, with why. */
  skipped(): { seq: number; kind: string; itemKey: string | null; researcher: string | null; reason: string; skippedAt: number }[] {
    return this.options.db
      .prepare<[], { seq: number; kind: string; item_key: string | null; researcher: string | null; reason: string; skipped_at: number }>('SELECT seq, kind, item_key, researcher, reason, skipped_at FROM team_skipped ORDER BY seq')
      .all()
      .map((r) => ({ seq: r.seq, kind: r.kind, itemKey: r.item_key, researcher: r.researcher, reason: r.reason, skippedAt: r.skipped_at }));
  }

  /**
   * A record saved here, for the team: into the outbox now (synchronously: once this returns, a
   * crash loses nothing), pushed as soon as it can be. Throws only when the local disk refuses.
   */
  share(out: TeamRecordOut): void {
    const body = out.body;
    try {
      this.statements.queue.run(
        out.item.kind,
        out.item.key,
        out.fetchedAt.getTime(),
        'file' in body ? body.file : null,
        'json' in body ? JSON.stringify(body.json) : null,
        'bytes' in body ? Buffer.from(body.bytes) : null,
        this.now(),
      );
    } catch (error) {
      this.options.logger?.warn('team sync: a record could not be queued for the team', { kind: out.item.kind, error: String(error) });
      throw error;
    }
    this.changed();
    this.loop.requestPush();
  }

  /**
   * The workspace now shares with another team database: its records are received from the
   * first (a cursor of the old database would skip them), and what the old one held that could
   * not be read is forgotten. Stops first, so no pull of either database is under way; applying a
   * record held already changes nothing, so receiving again loses nothing and doubles nothing.
   */
  async startOver(): Promise<void> {
    const wasRunning = this.loop.started;
    await this.stop();
    this.options.db.transaction(() => {
      this.options.db.prepare('UPDATE team_sync SET cursor = 0, last_pulled_at = NULL WHERE id = 1').run();
      this.options.db.prepare("DELETE FROM team_set_aside WHERE stream = 'records'").run();
    })();
    if (wasRunning) this.start();
    this.changed();
  }

  /** Starts pushing, pulling and listening. */
  start(): void {
    if (this.loop.started) return;
    this.halted = false;
    void this.loop.start();
  }

  /** Stops everything: waits for a pull, join or push under way; leaves no timer and no connection of its own. */
  async stop(): Promise<void> {
    this.halted = true;
    await this.loop.stop();
    await Promise.allSettled([this.pulling, this.joining].filter((p) => p !== null));
    await this.ownListener?.stop();
  }

  /** The loop's timers (none is left after stop). */
  private get timers(): Set<NodeJS.Timeout> {
    return this.loop.timers.pending;
  }

  /**
   * A new laptop takes the whole team cache: every record after the cursor that was there when
   * it began, in pages, each page applied in local transactions of a time slice each (see applyPage).
   * `onProgress` goes up to `total`. Cancelled by `signal` between pages: what was applied
   * stays, and the next pull or join goes on from there.
   */
  async join(onProgress: (progress: JoinProgress) => void, signal?: AbortSignal): Promise<JoinProgress> {
    return this.exclusivePull(async () => {
      const pool = this.pool();
      const from = this.cursor();
      const counted = await teamCall("count the team's records", () =>
        pool.query(`SELECT count(*)::int AS total, max(seq)::text AS newest FROM ${S}.records WHERE seq > $1`, [from]),
      );
      const { total, newest } = countRow.parse(counted.rows[0]);
      const progress = { received: 0, total };
      onProgress({ ...progress });
      // Small pages: one of hundreds of reports held main for 70 to 180 ms while the driver decoded
      // it and the collector copied it (measured alone: 25 to 50 ms for the decoding of 500); ten
      // at a time stay near 15 ms. The next page is read while this one is applied.
      const batch = this.options.joinBatch ?? 10;
      const fetch = (after: number) => {
        const page = this.fetchPage(after, batch, newest);
        page.catch(() => undefined);
        return { after, page };
      };
      let next = newest !== null && from < newest ? fetch(from) : null;
      await this.checkpointingOffMain(async (checkpoint) => {
        while (next) {
          if (signal?.aborted || this.halted) throw new ScoutError({ code: 'CANCELLED', message: `Stopped after ${progress.received} of ${total} records; the rest comes with the next sync.` });
          const { after, page } = next;
          const rows = await page;
          const last = rows.length > 0 ? sequenceNumber.safeParse((rows.at(-1) as { seq?: unknown }).seq) : null;
          next = last?.success && last.data < newest! ? fetch(last.data) : null;
          const applied = await this.applyPage(after, rows);
          checkpoint();
          if (applied.read === 0) break;
          progress.received = Math.min(total, progress.received + applied.read);
          onProgress({ ...progress });
        }
      });
      return progress;
    });
  }

  /**
   * Runs `work` with SQLite's checkpoint at commit turned off; `work` asks for one off main after
   * each page (one at a time, one a second at most; a failed one only leaves the log longer). At the end the last
   * checkpoint is awaited before commits checkpoint again, so the first one after does not copy
   * the whole join's log on main.
   */
  private async checkpointingOffMain(work: (checkpoint: () => void) => Promise<void>): Promise<void> {
    const offMain = this.options.checkpoint;
    if (!offMain) return work(() => undefined);
    const db = this.options.db;
    const automatic = db.pragma('wal_autocheckpoint', { simple: true }) as number;
    let running: Promise<void> | null = null;
    let startedAt = -Infinity;
    // At most one at a time and one a second: each is a worker thread, and the log grows by a few megabytes a second.
    const checkpoint = (now = false) => {
      if (running || (!now && performance.now() - startedAt < CHECKPOINT_EVERY_MS)) return;
      startedAt = performance.now();
      running = offMain()
        .catch((error: unknown) => this.options.logger?.warn('team: a checkpoint off main failed', { error: String(error) }))
        .finally(() => (running = null));
    };
    db.pragma('wal_autocheckpoint = 0');
    try {
      await work(checkpoint);
    } finally {
      while (running) await running;
      checkpoint(true);
      while (running) await running;
      db.pragma(`wal_autocheckpoint = ${automatic}`);
    }
  }

  /** Pulls now (also what a LISTEN announcement does); resolves once everything up to now is applied. */
  pullNow(): Promise<void> {
    return this.loop.pullNow();
  }

  /** Pushes what waits now; resolves once the outbox was drained as far as it could be. */
  pushNow(): Promise<void> {
    if (!this.loop.started) return Promise.resolve();
    return this.loop.pushNow();
  }

  // ---- Pull ----

  /** The loop's pull: after a join under way; a failure is said, then thrown for the loop's backoff. */
  private async pullOnce(): Promise<void> {
    while (this.joining) await this.joining;
    const run = this.pullAll();
    this.pulling = run.catch(() => undefined);
    try {
      await run;
      this.reached(true);
    } catch (error) {
      this.failed('pull', error);
      throw error;
    } finally {
      this.pulling = null;
      this.changed();
    }
  }

  /** Runs a join after the pull under way, and keeps background pulls out until it ends. */
  private async exclusivePull<T>(work: () => Promise<T>): Promise<T> {
    while (this.joining) await this.joining;
    const done = (async () => {
      while (this.pulling) await this.pulling;
      return work();
    })();
    this.joining = done.then(
      () => undefined,
      () => undefined,
    );
    try {
      const value = await done;
      this.reached(true);
      return value;
    } catch (error) {
      const failure = error instanceof ScoutError ? error : asTeamError("take the team's records", error);
      if (failure instanceof TeamError && failure.code === 'TEAM_UNREACHABLE') this.reached(false);
      throw failure;
    } finally {
      this.joining = null;
      this.changed();
    }
  }

  /** Pages until one comes back empty (a page may stop short of its rows for its bytes' budget). */
  private async pullAll(): Promise<void> {
    const batch = this.options.pullBatch ?? 200;
    for (;;) {
      const page = await this.pullPage(batch, null);
      this.reached(true);
      if (page.rows === 0 || this.halted) return;
    }
  }

  /**
   * Reads one page after the cursor and applies it. `rows`: how many the page held; `read`: how
   * many were applied, found already held, or skipped (bodies over the page's budget wait).
   */
  private async pullPage(limit: number, upTo: number | null): Promise<{ rows: number; read: number }> {
    const cursor = this.cursor();
    return this.applyPage(cursor, await this.fetchPage(cursor, limit, upTo));
  }

  /** One page of raw rows after `cursor` (not applied). */
  private async fetchPage(cursor: number, limit: number, upTo: number | null): Promise<unknown[]> {
    const pool = this.pool();
    const budget = this.options.pullBytes ?? 32 * 1024 * 1024;
    const { rows } = await teamCall("read the team's records", () => pool.query(PULL_SQL, [cursor, limit, this.maxBody(), budget, upTo]));
    return rows as unknown[];
  }

  private maxBody(): number {
    return this.options.maxBodyBytes ?? Math.max(RECORD_LIMITS.jsonBytes, RECORD_LIMITS.bytes);
  }

  /** Applies a page read after `cursor`, moving the cursor with it. */
  private async applyPage(cursor: number, rows: unknown[]): Promise<{ rows: number; read: number }> {
    const maxBody = this.maxBody();
    const now = this.now();
    if (rows.length === 0) {
      this.statements.pulledAt.run(now);
      return { rows: 0, read: 0 };
    }
    // Records are read (each body's JSON parsed) and applied with the cursor in transactions of one
    // time slice each: a page of 500 reports is half a second of work, which main must not spend in
    // one block (an RPC would wait that long). Between slices the event loop takes a turn; each
    // commit moves the cursor past exactly what it applied. A record is applied as soon as it is
    // read, so a page's parsed bodies are never all held at once (the collector would copy them
    // again at every pause: tens of milliseconds each).
    const slices = new TimeSlices();
    let next = 0;
    let read = 0;
    while (next < rows.length) {
      await slices.due();
      // Set inside the transaction's callback (TypeScript cannot see that, hence the cast).
      let later = null as AppliedLater | null;
      this.options.db.transaction(() => {
        let applied: number | null = null;
        do {
          const step = this.readRow(rows[next++], cursor, maxBody);
          read++;
          if ('apply' in step) {
            step.apply();
            applied = step.seq;
          } else {
            // A codec that saves asynchronously (a PDF's file): what came before is committed first.
            later = step;
            break;
          }
        } while (next < rows.length && !slices.spent());
        if (applied !== null) this.statements.setCursor.run(applied, now);
      })();
      if (later === null) continue;
      const { codec, record } = later;
      let reason: string | null = null;
      try {
        await codec.apply(record);
      } catch (error) {
        if (isLocalFailure(error)) throw error;
        reason = error instanceof Error ? error.message : String(error);
      }
      this.options.db.transaction(() => {
        if (reason !== null) this.skip(record.seq, record.item.kind, record.item.key, record.researcher, reason);
        this.statements.setCursor.run(record.seq, now);
      })();
    }
    return { rows: rows.length, read };
  }

  /**
   * One pulled row read: how to apply it in the slice's transaction (or keep it aside, said), or
   * the codec and record to apply asynchronously after it. Throws only for a row whose sequence
   * number cannot be read (the cursor cannot move past it).
   */
  private readRow(
    raw: unknown,
    cursor: number,
    maxBody: number,
  ): { seq: number; apply: () => void } | AppliedLater {
    const parsed = pulledRow.safeParse(raw);
    if (!parsed.success) {
      const seq = sequenceNumber.safeParse((raw as { seq?: unknown }).seq);
      if (!seq.success || seq.data <= cursor) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a record whose sequence number Scout cannot read.');
      return { seq: seq.data, apply: () => this.skip(seq.data, String((raw as { kind?: unknown }).kind ?? '?').slice(0, 40), null, null, 'Its details (kind, item, researcher, date) cannot be read.') };
    }
    const row = parsed.data;
    const decided = this.readRecord(row, maxBody);
    if ('reason' in decided) {
      return { seq: row.seq, apply: () => this.skip(row.seq, row.kind.slice(0, 40), row.item_key.slice(0, 400), row.researcher.slice(0, 63), decided.reason) };
    }
    const { codec, record } = decided;
    const applyNow = codec.applyNow?.bind(codec);
    if (!applyNow) return { codec, record };
    return { seq: row.seq, apply: () => this.applyOrSkip(record, () => void applyNow(record)) };
  }

  /** Applies one record inside the page's transaction; one its codec cannot read is skipped, said. */
  private applyOrSkip(record: TeamRecordIn, apply: () => void): void {
    try {
      apply();
    } catch (error) {
      if (isLocalFailure(error)) throw error;
      this.skip(record.seq, record.item.kind, record.item.key, record.researcher, error instanceof Error ? error.message : String(error));
    }
  }

  /** A pulled row's metadata and body checked: a record for its codec, or why it is kept aside. */
  private readRecord(row: z.infer<typeof pulledRow>, maxBody: number): { reason: string } | { codec: NonNullable<ReturnType<TeamCodecs['get']>>; record: TeamRecordIn } {
    if (!KIND.test(row.kind) || row.item_key.length === 0 || row.item_key.length > RECORD_LIMITS.keyChars || !ROLE_NAME.test(row.researcher) || Number.isNaN(row.fetched_at.getTime())) {
      return { reason: 'Its details (kind, item, researcher, date) cannot be read.' };
    }
    const codec = this.options.codecs.get(row.kind);
    if (!codec) return { reason: `This version of Scout does not know records of this kind (${row.kind}); a newer one may.` };
    if (row.size > maxBody) return { reason: `Its content (${sizeOf(row.size)}) is larger than Scout reads (${sizeOf(maxBody)}).` };
    let body: RecordBody;
    if (row.body_json !== null && row.body_bytes === null) {
      try {
        body = { json: JSON.parse(row.body_json) as unknown };
      } catch {
        return { reason: 'Its content is not readable JSON.' };
      }
    } else if (row.body_bytes !== null && row.body_json === null) {
      body = { bytes: new Uint8Array(row.body_bytes) };
    } else {
      return { reason: 'It holds no content, or two.' };
    }
    return { codec, record: { seq: row.seq, item: { kind: row.kind as TeamRecordIn['item']['kind'], key: row.item_key }, researcher: row.researcher, fetchedAt: row.fetched_at, body } };
  }

  private skip(seq: number, kind: string, itemKey: string | null, researcher: string | null, reason: string): void {
    this.statements.skip.run(seq, kind, itemKey, researcher, reason, this.now());
    this.options.logger?.warn('team sync: a teammate\'s record was kept aside', { seq, kind, reason });
  }

  // ---- Push ----

  /** Pushes the outbox in order; false when the database could not be reached (tried again later). */
  private async drain(): Promise<boolean> {
    while (this.loop.started) {
      const row = this.statements.next.get();
      if (!row) return true;
      let body: RecordBody;
      try {
        body = row.body_json !== null ? { json: JSON.parse(row.body_json) as unknown } : row.body_bytes !== null ? { bytes: row.body_bytes } : { bytes: await fs.readFile(row.body_file!) };
      } catch (error) {
        this.refuse(row, `Its content could not be read here: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      try {
        const pool = this.pool();
        await teamCall('share a record with the team', () => pushRecord(pool, { item: { kind: row.kind as TeamRecordIn['item']['kind'], key: row.item_key }, fetchedAt: new Date(row.fetched_at), body }));
        this.statements.pushed.run(row.id);
        this.reached(true);
        this.changed();
      } catch (error) {
        const failure = asTeamError('share a record with the team', error);
        if (refusedForGood(failure)) {
          this.refuse(row, failure.message);
          continue;
        }
        this.statements.attempted.run(this.now(), failure.message, row.id);
        this.failed('push', failure);
        return false;
      }
    }
    return false;
  }

  private refuse(row: OutboxRow, reason: string): void {
    this.statements.refuse.run(this.now(), reason, row.id);
    this.options.logger?.warn('team sync: a record was not shared', { kind: row.kind, reason });
    this.changed();
  }

  // ---- Shared ----

  private pool(): pg.Pool {
    try {
      return this.options.pool();
    } catch (error) {
      throw asTeamError('reach the team database', error);
    }
  }

  private reached(yes: boolean): void {
    const was = this.reachable;
    this.reachable = yes;
    if (yes) this.lastFailures.clear();
    // Back: what waited is pushed now, not at its backoff's next turn.
    if (yes && was === false) this.loop.requestPush(true);
    if (was !== yes) this.changed();
  }

  private failed(what: 'pull' | 'push', error: unknown): void {
    const failure = error instanceof TeamError ? error : asTeamError('reach the team database', error);
    if (failure instanceof TeamError && failure.code === 'TEAM_UNREACHABLE') this.reached(false);
    // Said once while it lasts, not at every retry of a database that is away for hours.
    const line = `team sync: ${what} failed: ${failure.message}`;
    if (this.lastFailures.has(line)) return;
    this.lastFailures.add(line);
    this.options.logger?.warn(`team sync: ${what} failed`, { error: failure.message });
  }

  private changed(): void {
    try {
      this.options.onChange?.(this.status());
    } catch {
      // A listener's failure is not the sync's.
    }
  }
}
