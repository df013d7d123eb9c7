// Shared work in a Team workspace: saved discovery queries with their runs, saved comparisons
// with their notes, the shortlist with its notes, a researcher's note and tags on an account,
// watchlists with their accounts and alert rules. Each is a shared "thing" (a doc: its kind and
// a uuid) made of fields; every edit of a field is one change, appended to the team database
// (team schema 0040) and never rewritten.
//
// The conflict rule is `fold` (sharedFold.ts); what this laptop holds of the shared work, and every
// read of it, is SharedLog (sharedLog.ts), which this engine extends with the sync.
//
// Local edits are found by comparing each local row with what it held when last synced
// (`capture`), so the services only say "something of this kind changed" (`edited`), and an edit
// a crash kept from the outbox is found at the next start all the same. Pending changes are
// pushed in order, idempotent by their change id; the team's changes are pulled by seq, read as
// hostile input (a row that cannot be read is skipped with its reason, never guessed at), and
// written into the local rows through the repositories.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../platform/cache/database';
import { TeamError } from '../kernel/teamErrors';
import { teamCall } from './pool';
import { SHARED_CHANNEL, TEAM_SCHEMA as S } from './names';
import { sequenceNumber } from './records';
import { SHARED_LIMITS } from './schema/0040-shared-work';
import { canonical, currentFields, DOC_FIELD, sharedKinds, type Fields, type SharedChange, type SharedKind } from './sharedFold';
import { SharedLog, type ChangeRow, type DocAdapter, type SharedNotice } from './sharedLog';
import { TeamListener } from './transport/listener';
import { StreamLoop } from './transport/loop';

/** The local row a researcher edited, and the version of its thing (`teamVersion`) their editor showed when they began. */
export interface SeenVersion {
  localId: number;
  version: number;
}

export interface SharedWorkDeps {
  db: Db;
  adapters: readonly DocAdapter[];
  /**
   * The team database as this researcher; a getter when the pool may come later or change (a
   * Team workspace's connection): it throws TEAM_UNREACHABLE while there is none, and edits wait.
   */
  pool: pg.Pool | (() => pg.Pool);
  /** Changes pulled per round trip. */
  batch?: number;
  now?: () => number;
  /** After pulled changes were written into local rows: the renderer refreshes these kinds. */
  onApplied?: (kinds: SharedKind[]) => void;
  /** A new notice for this researcher (an edit of theirs was overtaken). */
  onNotice?: (notice: SharedNotice) => void;
  /** The laptop's one listening connection, shared with its other streams; none: one of its own. */
  listen?: TeamListener;
}

const uuid = z.string().uuid();
/** A pulled row's columns, checked before anything of it is used. */
const pulledRow = z.object({
  seq: sequenceNumber,
  change_id: uuid,
  origin: uuid,
  doc_kind: z.string().max(40),
  doc_id: uuid,
  field: z.string().min(1).max(SHARED_LIMITS.fieldChars),
  value: z.string().nullable(),
  size: z.number().int().nullable(),
  base_version: sequenceNumber,
  author: z.string().max(63),
  author_name: z.string().min(1).max(120),
  changed_at: z.date(),
});

export class SharedWork extends SharedLog {
  private chain: Promise<unknown> = Promise.resolve();
  /** Its own listening connection, when none is shared with it (closed with it). */
  private ownListener: TeamListener | null = null;
  /** When to sync (the transport's loop, made at start); this engine is its delegate for the shared work. */
  private loop: StreamLoop | null = null;
  /** A sync soon: by the loop once started (retried with backoff), else at once. */
  private readonly syncSoon = () => (this.loop?.started ? this.loop.requestPull() : void this.syncOnce().catch(() => undefined));

  private get pool(): pg.Pool {
    const pool = this.deps.pool;
    return typeof pool === 'function' ? pool() : pool;
  }

  constructor(private readonly deps: SharedWorkDeps) {
    super(deps);
  }

  // ---- local → outbox ---------------------------------------------------------------------

  /**
   * Finds what changed locally since the last sync, for `kinds` (all when absent), and queues it
   * as changes: a new thing, a changed field, a removed field, a deleted thing. Synchronous, in
   * one transaction with what it reads.
   */
  capture(kinds: readonly SharedKind[] = [...this.adapters.keys()], seen?: SeenVersion): number {
    return this.db.transaction(() => kinds.reduce((n, kind) => n + this.captureKind(this.adapter(kind), seen), 0))();
  }

  private captureKind(a: DocAdapter, seen?: SeenVersion): number {
    const locals = a.locals();
    let queued = 0;
    const linked = new Set<number>();
    for (const doc of this.s.docRows.all(a.kind)) {
      if (doc.local_id === null) continue;
      linked.add(doc.local_id);
      const synced = JSON.parse(doc.synced) as Fields;
      const local = locals.get(doc.local_id);
      if (!local) {
        // Deleted here: said once, unless the thing was already gone for the team.
        const state = this.state(a.kind, doc.doc_id);
        if (state.deleted === null) {
          this.queue(a.kind, doc.doc_id, DOC_FIELD, null, state.version);
          queued++;
        }
        this.s.putDoc.run(a.kind, doc.doc_id, null, '{}', null);
        continue;
      }
      const n = this.queueDiff(a, doc.doc_id, synced, local, seen?.localId === doc.local_id ? seen.version : undefined);
      if (n > 0) this.s.putDoc.run(a.kind, doc.doc_id, doc.local_id, canonical(local), doc.waiting);
      queued += n;
    }
    for (const [localId, fields] of locals) {
      if (linked.has(localId)) continue;
      const docId = a.docIdFor?.(fields) ?? randomUUID();
      const state = this.state(a.kind, docId);
      // A thing the team had deleted, made again here: say it exists again before its fields.
      if (state.deleted !== null) this.queue(a.kind, docId, DOC_FIELD, true, state.version);
      queued += this.queueDiff(a, docId, currentFields(state), fields, seen?.localId === localId ? seen.version : undefined);
      this.s.putDoc.run(a.kind, docId, localId, canonical(fields), null);
    }
    return queued;
  }

  /**
   * Queues what differs between `before` and `after`, as made on `seenVersion` (the version the
   * researcher's editor showed) when given — never later than what this laptop has — else on the
   * latest version this laptop has.
   */
  private queueDiff(a: DocAdapter, docId: string, before: Fields, after: Fields, seenVersion?: number): number {
    const latest = this.state(a.kind, docId).version;
    const version = seenVersion === undefined ? latest : Math.min(Math.max(0, seenVersion), latest);
    let n = 0;
    for (const [field, value] of Object.entries(after)) {
      if (field in before && canonical(before[field]) === canonical(value)) continue;
      this.queue(a.kind, docId, field, value, version);
      n++;
    }
    for (const field of Object.keys(before)) {
      if (field in after || a.appendOnly?.(field)) continue;
      this.queue(a.kind, docId, field, null, version);
      n++;
    }
    return n;
  }

  /**
   * A service saved, renamed or deleted something of this kind: queued now, pushed soon; `seen`:
   * the row the researcher edited and the version their editor showed when they began (their
   * edit's base for the rule: a teammate's change after it is one they had not seen). Never
   * throws into the service (its own save stands): what cannot be queued now (a full disk) is
   * found by the next sync's capture, which compares every row again.
   */
  edited(kind: SharedKind, seen?: SeenVersion): void {
    try {
      this.capture([kind], seen);
    } catch {
      // Found again at the next capture.
    }
    void this.syncOnce().catch(() => undefined);
  }

  // ---- outbox → team ----------------------------------------------------------------------

  /** This laptop's changes not pushed yet, in the order they were made. */
  pendingCount(): number {
    return this.s.pending.all().length;
  }

  /** Pushes pending changes in order; an unreachable team leaves the rest queued (TEAM_UNREACHABLE). */
  async push(): Promise<number> {
    let pushed = 0;
    for (const row of this.s.pending.all()) {
      try {
        const done = await teamCall('share an edit', () => this.pushOne(row));
        this.settle(row.change_id, done.seq, done.author, null, done.changedAt);
        pushed++;
      } catch (error) {
        if (error instanceof TeamError && error.code === 'TEAM_REFUSED') {
          // Refused by a rule of the team schema (too large …): kept here with why, the rest go on.
          this.s.refuse.run(error.message.slice(0, 500), this.now(), row.change_id);
          continue;
        }
        throw error;
      }
    }
    return pushed;
  }

  private async pushOne(row: ChangeRow): Promise<{ seq: number; author: string; changedAt: number }> {
    const params = [row.change_id, row.origin, row.doc_kind, row.doc_id, row.field, row.value, row.base_version];
    const answer = z.object({ seq: sequenceNumber, author: z.string(), changed_at: z.date() });
    const inserted = await this.pool.query(
      `INSERT INTO ${S}.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       ON CONFLICT (change_id) DO NOTHING RETURNING seq::text AS seq, author, changed_at`,
      params,
    );
    let found = inserted.rows[0] as unknown;
    if (found === undefined) {
      // Pushed before, its answer lost: the first push's row, if it is ours.
      const again = await this.pool.query(`SELECT seq::text AS seq, author, changed_at FROM ${S}.shared_changes WHERE change_id = $1 AND author = session_user`, [row.change_id]);
      found = again.rows[0];
    }
    const read = answer.safeParse(found);
    if (!read.success) throw new TeamError('TEAM_BAD_DATA', 'The team database neither stored this edit nor has it.');
    return { seq: read.data.seq, author: read.data.author, changedAt: read.data.changed_at.getTime() };
  }

  // ---- team → local -----------------------------------------------------------------------

  /** Pulls every change after the cursor, batch by batch, and writes them into the local rows. */
  async pull(): Promise<number> {
    let total = 0;
    const batch = this.deps.batch ?? 500;
    for (;;) {
      const after = this.s.cursor.get()!.pulled_seq;
      const asked = this.pool;
      const { rows } = await teamCall('read the team’s shared work', () =>
        asked.query(
          `SELECT c.seq::text AS seq, c.change_id::text AS change_id, c.origin::text AS origin, c.doc_kind, c.doc_id::text AS doc_id, c.field,
                  c.value::text AS value, octet_length(c.value::text) AS size, c.base_version::text AS base_version, c.author,
                  coalesce(r.display_name, c.author) AS author_name, c.changed_at
             FROM ${S}.shared_changes c LEFT JOIN ${S}.researchers r ON r.role_name = c.author
            WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
          [after, batch],
        ),
      );
      // The settings changed while it was out (another database, or Scout told it is away): what
      // the old one said is not applied; the next pull asks the database of the new settings.
      if (asked !== this.pool) throw new TeamError('TEAM_UNREACHABLE', 'The team database settings changed while its shared work was being read; it is read again from the new settings.');
      if (rows.length === 0) break;
      total += this.applyPulled(rows as unknown[], after);
      if (rows.length < batch) break;
    }
    this.retryWaiting();
    return total;
  }

  /** One batch, in one local transaction: local edits captured first, so none is overwritten. */
  private applyPulled(rows: unknown[], after: number): number {
    const touched = new Map<string, { kind: SharedKind; docId: string }>();
    const notices: SharedNotice[] = [];
    this.db.transaction(() => {
      this.capture();
      let cursor = after;
      for (const raw of rows) {
        const seq = sequenceNumber.safeParse((raw as { seq?: unknown }).seq);
        if (!seq.success || seq.data <= cursor) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with shared work out of order.');
        cursor = seq.data;
        const read = this.readPulled(raw);
        if ('reason' in read) {
          this.s.skip.run(seq.data, read.reason, this.now());
          continue;
        }
        const c = read.change;
        const known = this.s.change.get(c.changeId);
        if (known) {
          // Our own change (its push answer perhaps lost), or pulled twice: only what the server says of it.
          if (known.origin !== c.origin || known.doc_id !== c.docId || known.field !== c.field) {
            this.s.skip.run(seq.data, 'a change id already used for another change', this.now());
            continue;
          }
          this.settle(c.changeId, seq.data, c.author!, c.authorName, c.changedAt);
        } else {
          this.s.addChange.run(c.changeId, seq.data, c.origin, c.docKind, c.docId, c.field, c.value === null ? null : canonical(c.value), c.baseVersion, c.author, c.authorName, c.changedAt);
        }
        touched.set(`${c.docKind}\u0000${c.docId}`, { kind: c.docKind, docId: c.docId });
      }
      for (const { kind, docId } of touched.values()) notices.push(...this.writeDoc(kind, docId));
      this.s.setCursor.run(cursor);
    })();
    const kinds = [...new Set([...touched.values()].map((t) => t.kind))];
    if (kinds.length > 0) this.deps.onApplied?.(kinds);
    for (const n of notices) this.deps.onNotice?.(n);
    return touched.size;
  }

  private readPulled(raw: unknown): { change: SharedChange } | { reason: string } {
    const row = pulledRow.safeParse(raw);
    if (!row.success) return { reason: `a change Scout cannot read (${row.error.issues[0]?.path.join('.') ?? 'shape'})` };
    const r = row.data;
    if (!(sharedKinds as readonly string[]).includes(r.doc_kind)) return { reason: `a kind of shared work this Scout does not know (${r.doc_kind})` };
    if (r.size !== null && r.size > SHARED_LIMITS.valueBytes) return { reason: `a value larger than ${SHARED_LIMITS.valueBytes} bytes` };
    if (r.base_version >= r.seq) return { reason: 'an edit that claims to have seen later changes' };
    let value: unknown = null;
    if (r.value !== null) {
      try {
        value = JSON.parse(r.value) as unknown;
      } catch {
        return { reason: 'a value that is not JSON' };
      }
    }
    const kind = r.doc_kind as SharedKind;
    if (r.field === DOC_FIELD) {
      if (value !== null && value !== true) return { reason: 'a deletion or restore that is neither' };
    } else if (value !== null) {
      const adapter = this.adapters.get(kind);
      const problem = adapter ? adapter.problem(r.field, value) : `a kind of shared work this Scout does not read (${kind})`;
      if (problem !== null) return { reason: problem };
    }
    return {
      change: { changeId: r.change_id, seq: r.seq, origin: r.origin, docKind: kind, docId: r.doc_id, field: r.field, value, baseVersion: r.base_version, author: r.author, authorName: r.author_name, changedAt: r.changed_at.getTime() },
    };
  }

  /** Writes a thing's folded state into its local row; returns the new notices for this researcher. */
  private writeDoc(kind: SharedKind, docId: string): SharedNotice[] {
    const a = this.adapter(kind);
    const state = this.state(kind, docId);
    const doc = this.s.docRow.get(kind, docId);
    let localId = doc?.local_id ?? null;
    if (state.deleted !== null || state.fields.size === 0) {
      if (localId !== null) a.remove(localId);
      this.s.putDoc.run(kind, docId, null, '{}', null);
    } else {
      const fields = currentFields(state);
      const synced = doc ? (JSON.parse(doc.synced) as Fields) : null;
      if (localId === null || (doc?.waiting ?? null) !== null || canonical(synced) !== canonical(fields)) {
        const written = a.write(localId, fields);
        if ('waiting' in written) {
          this.s.putDoc.run(kind, docId, localId, doc?.synced ?? '{}', written.waiting);
        } else {
          localId = written.localId;
          // A row another doc held (a shortlist entry both laptops added): this doc's now.
          const other = this.s.docByLocal.get(kind, localId);
          if (other && other.doc_id !== docId) this.s.putDoc.run(kind, other.doc_id, null, '{}', null);
          this.s.putDoc.run(kind, docId, localId, canonical(a.local(localId) ?? fields), null);
        }
      }
    }
    const out: SharedNotice[] = [];
    for (const c of [...state.conflicts, ...(a.overruled?.(state) ?? [])]) {
      if (c.overtaken.origin !== this.origin || c.overtaken.seq === null || c.by.seq === null) continue;
      const inserted = this.s.notice.run(c.overtaken.changeId, c.by.changeId).changes > 0;
      if (inserted) out.push(this.noticeOf(c.overtaken.changeId, c.by.changeId));
    }
    return out;
  }

  /**
   * Things whose latest version could not be written yet (a pinned report missing): tried again.
   * Called after each pull; the records sync calls it too once teammates' reports have landed.
   */
  retryWaiting(): void {
    const waiting = this.s.waitingDocs.all();
    if (waiting.length === 0) return;
    const kinds = new Set<SharedKind>();
    this.db.transaction(() => {
      for (const doc of waiting) {
        this.writeDoc(doc.doc_kind as SharedKind, doc.doc_id);
        if (this.s.docRow.get(doc.doc_kind, doc.doc_id)?.waiting === null) kinds.add(doc.doc_kind as SharedKind);
      }
    })();
    if (kinds.size > 0) this.deps.onApplied?.([...kinds]);
  }

  /** Capture, push, pull: one at a time (a second call waits for the first). */
  syncOnce(): Promise<{ pushed: number; pulled: number }> {
    const run = async () => {
      this.capture();
      const pushed = await this.push();
      const pulled = await this.pull();
      return { pushed, pulled };
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Listens for teammates' changes (NOTIFY) and polls every `pollMs` as the fallback, syncing at
   * each (capture, push, pull); a sync that finds the team unreachable is tried again with backoff.
   * Resolves once it listens (or a first try to listen failed).
   */
  async start(pollMs = 30_000): Promise<void> {
    this.capture();
    if (this.loop?.started) return;
    const listener = this.deps.listen ?? (this.ownListener ??= new TeamListener({ pool: () => this.pool }));
    this.loop = new StreamLoop({ name: 'shared work', channel: SHARED_CHANNEL, pull: () => this.syncOnce().then(() => undefined), pollMs, listeningPollMs: pollMs }, listener);
    await this.loop.start();
  }

  /**
   * The team database answers (again, or for the first time: a Team workspace opened before its
   * connection was set up): listens now rather than at the next poll, and syncs.
   */
  reconnected(): void {
    if (!this.loop?.started) return;
    (this.deps.listen ?? this.ownListener)?.check(true);
    this.syncSoon();
  }

  /** Told of teammates' changes as they come (LISTEN); false: only the poll finds them. */
  get live(): boolean {
    return this.loop?.live ?? false;
  }

  /** Listening (a test looks): null while not. */
  private get listener(): StreamLoop | null {
    return this.live ? this.loop : null;
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    await this.ownListener?.stop();
    await this.chain;
  }

  // ---- restoring ----------------------------------------------------------------------------

  /**
   * Makes an earlier value of a field (from its history) the current one again: a new edit, on
   * the version this laptop has seen, written into the local row at once and pushed at the next sync.
   */
  restore(kind: SharedKind, docId: string, changeId: string): void {
    this.db.transaction(() => {
      this.capture([kind]);
      const row = this.s.change.get(changeId);
      if (!row || row.doc_kind !== kind || row.doc_id !== docId) throw new Error('That value is not in this thing’s history.');
      const state = this.state(kind, docId);
      if (state.deleted !== null) this.queue(kind, docId, DOC_FIELD, true, state.version);
      this.queue(kind, docId, row.field, row.value === null ? null : (JSON.parse(row.value) as unknown), state.version);
      this.writeDoc(kind, docId);
      this.s.dismiss.run(changeId);
    })();
    void this.syncOnce().catch(() => undefined);
  }
}
