// Receiving the team's records, for TeamSync (sync.ts, which extends RecordsReceiver): a page read
// after the cursor, each row read as hostile and applied in time slices, and a join's pages with
// checkpoints off main. Apart from the engine, which decides when to push and pull.
import type { Statement } from 'better-sqlite3';
import type pg from 'pg';
import { z } from 'zod';
import { TimeSlices } from '../platform/util/timeSlices';
import { ScoutError } from '@shared/errors';
import type { TeamCodecs, TeamRecordIn } from './codecs';
import { TeamError } from '../kernel/teamErrors';
import { ROLE_NAME, TEAM_SCHEMA as S } from './names';
import { asTeamError, teamCall } from './pool';
import { sequenceNumber, type RecordBody } from './records';
import { RECORD_LIMITS } from './schema/0010-team';
import type { JoinProgress, TeamSyncOptions } from './sync';

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

export class RecordsReceiver {
  protected readonly now: () => number;
  /** Set by stop(): a pull or join under way ends after its page. */
  protected halted = false;
  private readonly received: {
    cursor: Statement<[], number>;
    setCursor: Statement<[number, number]>;
    pulledAt: Statement<[number]>;
    skip: Statement<[number, string, string | null, string | null, string, number]>;
  };

  constructor(protected readonly options: TeamSyncOptions) {
    this.now = options.now ?? Date.now;
    const db = options.db;
    this.received = {
      cursor: db.prepare<[], number>('SELECT cursor FROM team_sync WHERE id = 1').pluck(),
      setCursor: db.prepare('UPDATE team_sync SET cursor = max(cursor, ?), last_pulled_at = ? WHERE id = 1'),
      pulledAt: db.prepare('UPDATE team_sync SET last_pulled_at = ? WHERE id = 1'),
      skip: db.prepare("INSERT INTO team_set_aside (stream, seq, kind, item_key, researcher, reason, skipped_at) VALUES ('records', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
    };
  }

  /** The last sequence number applied here. */
  cursor(): number {
    return this.received.cursor.get() ?? 0;
  }

  /** Teammates' records kept aside, with why. */
  skipped(): { seq: number; kind: string; itemKey: string | null; researcher: string | null; reason: string; skippedAt: number }[] {
    return this.options.db
      .prepare<[], { seq: number; kind: string; item_key: string | null; researcher: string | null; reason: string; skipped_at: number }>('SELECT seq, kind, item_key, researcher, reason, skipped_at FROM team_skipped ORDER BY seq')
      .all()
      .map((r) => ({ seq: r.seq, kind: r.kind, itemKey: r.item_key, researcher: r.researcher, reason: r.reason, skippedAt: r.skipped_at }));
  }

  /** The join's work (TeamSync.join keeps pulls out meanwhile): the records after the cursor, page by page. */
  protected async joinPages(onProgress: (progress: JoinProgress) => void, signal?: AbortSignal): Promise<JoinProgress> {
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

  // ---- Pull ----

  /**
   * Reads one page after the cursor and applies it. `rows`: how many the page held; `read`: how
   * many were applied, found already held, or skipped (bodies over the page's budget wait).
   */
  protected async pullPage(limit: number, upTo: number | null): Promise<{ rows: number; read: number }> {
    const cursor = this.cursor();
    return this.applyPage(cursor, await this.fetchPage(cursor, limit, upTo));
  }

  /** One page of raw rows after `cursor` (not applied). */
  private async fetchPage(cursor: number, limit: number, upTo: number | null): Promise<unknown[]> {
    const pool = this.pool();
    const budget = this.options.pullBytes ?? 32 * 1024 * 1024;
    const { rows } = await teamCall("read the team's records", () => pool.query(PULL_SQL, [cursor, limit, this.maxBody(), budget, upTo]));
    // The settings changed while it was out: the old database's answer is not applied (read again from the new settings).
    if (pool !== this.pool()) throw new TeamError('TEAM_UNREACHABLE', "The team database settings changed while its records were being read; they are read again from the new settings.");
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
      this.received.pulledAt.run(now);
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
        if (applied !== null) this.received.setCursor.run(applied, now);
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
        this.received.setCursor.run(record.seq, now);
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
    this.received.skip.run(seq, kind, itemKey, researcher, reason, this.now());
    this.options.logger?.warn('team sync: a teammate\'s record was kept aside', { seq, kind, reason });
  }

  protected pool(): pg.Pool {
    try {
      return this.options.pool();
    } catch (error) {
      throw asTeamError('reach the team database', error);
    }
  }
}
