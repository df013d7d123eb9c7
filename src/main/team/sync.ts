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
//
// Receiving (a page read, each row read as hostile and applied; a join's pages) is RecordsReceiver
// (syncReceive.ts), which this engine extends.
import fs from 'node:fs/promises';
import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import { ScoutError } from '@shared/errors';
import type { Db } from '../platform/cache/database';
import type { Logger } from '../platform/log';
import type { TeamCodecs, TeamRecordIn, TeamRecordOut } from './codecs';
import { TeamError } from '../kernel/teamErrors';
import { RECORDS_CHANNEL } from './names';
import { asTeamError, teamCall } from './pool';
import { pushRecord, type RecordBody } from './records';
import { RecordsReceiver } from './syncReceive';
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

/** The team database's refusal of this record for good (its content or a rule), not a passing failure. */
function refusedForGood(error: unknown): boolean {
  if (!(error instanceof TeamError) || error.code !== 'TEAM_REFUSED') return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  // Said by Scout before sending (too large), or by the database: a data exception (22) or an
  // integrity rule (23). A timeout, a lock or a permission may pass; those are tried again.
  return typeof code !== 'string' || code.startsWith('22') || code.startsWith('23');
}

export class TeamSync extends RecordsReceiver {
  /** When to push and pull (the transport's loop); this engine is its delegate for the records. */
  private readonly loop: StreamLoop;
  /** Its own listening connection, when none is shared with it (closed with it). */
  private readonly ownListener: TeamListener | null;
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
    status: Statement<[], { pending: number; refused: number; skipped: number; last_pulled_at: number | null }>;
  };

  /** Failures logged since the team database last answered (each said once). */
  private readonly lastFailures = new Set<string>();

  constructor(options: TeamSyncOptions) {
    super(options);
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
    return this.exclusivePull(() => this.joinPages(onProgress, signal));
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
