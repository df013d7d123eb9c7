// Shared work in a Team workspace: saved discovery queries with their runs, saved comparisons
// with their notes, the shortlist with its notes, a researcher's note and tags on an account,
// watchlists with their accounts and alert rules. Each is a shared "thing" (a doc: its kind and
// a uuid) made of fields; every edit of a field is one change, appended to the team database
// (team schema 0040) and never rewritten.
//
// THE CONFLICT RULE (one place: `fold` below; every laptop folds the same rows in the same
// order, so every laptop reaches the same result):
// - Last writer wins per field, in the server's order (seq, which is commit order).
// - An edit made on a stale base (its editor had not seen a teammate's later edit of the same
//   field) still wins if it is later in that order — but the value it overtook is never lost:
//   it stays in the field's history (`history`), and the researcher whose edit was overtaken is
//   told ("Anna changed the note while you were editing; yours is kept in its history — restore
//   it?", `notices`) and can bring it back (`restore`). Two equal values are no conflict.
// - Edits of different fields of one thing never touch each other: both survive.
// - A deletion against an edit: the edit wins, whichever reached the server first. A deletion
//   made without having seen a teammate's edit of that thing is kept in history but does not
//   delete it (the deleter is told it was kept); an edit made without having seen the deletion
//   brings the thing back (the deleter is told). A deletion made having seen every edit deletes.
//   Reason: a deletion throws work away, an edit is work; losing work silently is what the rule
//   exists to prevent, while a thing kept by mistake is deleted again with one click.
// - Discovery runs are append-only fields of their query (one per run): never in conflict.
// - What an edit "had seen" is its base version: the version its editor showed when the
//   researcher began (`edited(kind, seen)`, from the renderer through the contract), never the
//   latest this laptop pulled before the save was sent — a teammate's edit that arrived while the
//   editor was open was not seen. An edit a service reports without one (no editor: a run, a
//   shortlist entry) is based on the latest version this laptop has.
//
// Local edits are found by comparing each local row with what it held when last synced
// (`capture`), so the services only say "something of this kind changed" (`edited`), and an edit
// a crash kept from the outbox is found at the next start all the same. Pending changes are
// pushed in order, idempotent by their change id; the team's changes are pulled by seq, read as
// hostile input (a row that cannot be read is skipped with its reason, never guessed at), and
// written into the local rows through the repositories.
import type { TeamStamp } from '@shared/teamSeen';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../platform/cache/database';
import { TeamError } from '../kernel/teamErrors';
import { teamCall } from './pool';
import { SHARED_CHANNEL, TEAM_SCHEMA as S } from './names';
import { sequenceNumber } from './records';
import { SHARED_LIMITS } from './schema/0040-shared-work';
import { TeamListener } from './transport/listener';
import { StreamLoop } from './transport/loop';

export const sharedKinds = ['comparison', 'discovery_query', 'shortlist_item', 'account_notes', 'status_steps', 'watchlist'] as const;
export type SharedKind = (typeof sharedKinds)[number];

/** The field a deletion (value null) or a restore (value true) of the whole thing is written to. */
export const DOC_FIELD = '$doc';

export type Fields = Record<string, unknown>;

/** One kind of shared thing: how it is read from and written to its local rows. */
export interface DocAdapter {
  readonly kind: SharedKind;
  /** Every local thing of this kind, by local id, as its shared fields. */
  locals(): Map<number, Fields>;
  /** One local thing's shared fields; null when it is gone. */
  local(localId: number): Fields | null;
  /** Why a pulled value of a field cannot be used; null when it can. */
  problem(field: string, value: unknown): string | null;
  /**
   * Writes the thing into its local row (`localId` null: a new row) and returns the row, or
   * why it cannot be written yet (a report it is pinned to has not arrived).
   */
  write(localId: number | null, fields: Fields): { localId: number } | { waiting: string };
  remove(localId: number): void;
  /** A doc id every laptop derives alike (the shortlist: one per account); null: a new uuid. */
  docIdFor?(fields: Fields): string | null;
  /** Fields never removed by a local change (a query's runs, of which only the latest are kept locally). */
  appendOnly?(field: string): boolean;
  /** The field in a researcher's words ("the name", "the note on natgeo"). */
  describe(field: string): string;
  /** The thing in a researcher's words ("the comparison “Q3 beauty”"). */
  title(fields: Fields): string;
}

/** A change as this laptop knows it: pulled (seq set) or its own, not pushed yet (seq null). */
export interface SharedChange {
  changeId: string;
  seq: number | null;
  origin: string;
  docKind: SharedKind;
  docId: string;
  field: string;
  /** null: the field removed (for DOC_FIELD: the thing deleted). */
  value: unknown;
  /** The version of the thing (the seq of its latest change) its editor had seen. */
  baseVersion: number;
  author: string | null;
  authorName: string | null;
  changedAt: number;
}

/** The local row a researcher edited, and the version of its thing (`teamVersion`) their editor showed when they began. */
export interface SeenVersion {
  localId: number;
  version: number;
}

/** Where a local row's thing stands: its version, and who last changed each field when it was a teammate (their name). */
export type TeamVersion = TeamStamp;

export interface Conflict {
  /** overtaken: a field's value replaced by an edit that had not seen it; kept: a deletion that had not seen an edit, ignored; revived: a deletion undone by an edit that had not seen it. */
  kind: 'overtaken' | 'kept' | 'revived';
  overtaken: SharedChange;
  by: SharedChange;
}

export interface DocState {
  fields: Map<string, SharedChange>;
  deleted: SharedChange | null;
  /** The seq of its latest change the server has; 0 when none. */
  version: number;
  conflicts: Conflict[];
}

/** A stable JSON text of a value (keys sorted), to compare two values. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * THE RULE (see the top of this file): a thing's state from its changes — those the server has,
 * in seq order, then this laptop's pending ones in the order they were made.
 */
export function fold(changes: readonly SharedChange[]): DocState {
  const ordered = [...changes].sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
  const fields = new Map<string, SharedChange>();
  const conflicts: Conflict[] = [];
  let deleted: SharedChange | null = null;
  let version = 0;
  // Per laptop, its latest edit the server has (not a deletion): what a stale deletion had not
  // seen. Kept per origin so a thing's fold stays linear in its changes.
  const latestEdit = new Map<string, SharedChange>();
  const unseen = (p: SharedChange | undefined, c: SharedChange): p is SharedChange => p !== undefined && p.seq !== null && p.seq > c.baseVersion && p.origin !== c.origin;
  for (const c of ordered) {
    if (c.field === DOC_FIELD && c.value === null) {
      let missed: SharedChange | undefined;
      for (const p of latestEdit.values()) if (unseen(p, c) && (missed === undefined || p.seq! > missed.seq!)) missed = p;
      if (deleted === null && missed !== undefined) conflicts.push({ kind: 'kept', overtaken: c, by: missed });
      else deleted ??= c;
    } else {
      if (deleted !== null) {
        if (unseen(deleted, c)) conflicts.push({ kind: 'revived', overtaken: deleted, by: c });
        deleted = null;
      }
      if (c.field !== DOC_FIELD) {
        const previous = fields.get(c.field);
        if (unseen(previous, c) && canonical(previous.value) !== canonical(c.value)) conflicts.push({ kind: 'overtaken', overtaken: previous, by: c });
        fields.set(c.field, c);
        if (c.seq !== null) latestEdit.set(c.origin, c);
      }
    }
    if (c.seq !== null) version = Math.max(version, c.seq);
  }
  return { fields, deleted, version, conflicts };
}

/** The fields a state holds now (a removed field is absent). */
export function currentFields(state: DocState): Fields {
  const out: Fields = {};
  for (const [field, change] of state.fields) if (change.value !== null) out[field] = change.value;
  return out;
}

export interface HistoryEntry {
  value: unknown;
  /** Who made it: their name as the team's admin entered it; null for this laptop's change not pushed yet. */
  authorName: string | null;
  mine: boolean;
  changedAt: number;
  /** null while it waits in this laptop's outbox. */
  seq: number | null;
  changeId: string;
  /** The field's value now. */
  current: boolean;
  /** Why the team database refused it (it stays here). */
  refused: string | null;
}

export interface SharedNotice {
  overtakenChange: string;
  docKind: SharedKind;
  docId: string;
  field: string;
  /** Who overtook it. */
  byName: string;
  message: string;
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

type ChangeRow = {
  change_id: string;
  seq: number | null;
  origin: string;
  doc_kind: string;
  doc_id: string;
  field: string;
  value: string | null;
  base_version: number;
  author: string | null;
  author_name: string | null;
  changed_at: number;
  refused: string | null;
};
type DocRow = { doc_kind: string; doc_id: string; local_id: number | null; synced: string; waiting: string | null };

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

function toChange(row: ChangeRow): SharedChange {
  return {
    changeId: row.change_id,
    seq: row.seq,
    origin: row.origin,
    docKind: row.doc_kind as SharedKind,
    docId: row.doc_id,
    field: row.field,
    value: row.value === null ? null : (JSON.parse(row.value) as unknown),
    baseVersion: row.base_version,
    author: row.author,
    authorName: row.author_name,
    changedAt: row.changed_at,
  };
}

export class SharedWork {
  private readonly db: Db;
  private readonly adapters = new Map<SharedKind, DocAdapter>();
  private readonly now: () => number;
  readonly origin: string;
  private chain: Promise<unknown> = Promise.resolve();
  /** Its own listening connection, when none is shared with it (closed with it). */
  private ownListener: TeamListener | null = null;
  /** When to sync (the transport's loop, made at start); this engine is its delegate for the shared work. */
  private loop: StreamLoop | null = null;
  /** A sync soon: by the loop once started (retried with backoff), else at once. */
  private readonly syncSoon = () => (this.loop?.started ? this.loop.requestPull() : void this.syncOnce().catch(() => undefined));
  private readonly s;

  private get pool(): pg.Pool {
    const pool = this.deps.pool;
    return typeof pool === 'function' ? pool() : pool;
  }

  constructor(private readonly deps: SharedWorkDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    for (const a of deps.adapters) this.adapters.set(a.kind, a);
    const db = this.db;
    db.prepare('INSERT OR IGNORE INTO shared_state (id, origin) VALUES (1, ?)').run(randomUUID());
    this.origin = (db.prepare('SELECT origin FROM shared_state WHERE id = 1').get() as { origin: string }).origin;
    this.s = {
      cursor: db.prepare<[], { pulled_seq: number }>('SELECT pulled_seq FROM shared_state WHERE id = 1'),
      setCursor: db.prepare<[number]>('UPDATE shared_state SET pulled_seq = max(pulled_seq, ?) WHERE id = 1'),
      docRows: db.prepare<[string], DocRow>('SELECT * FROM shared_docs WHERE doc_kind = ?'),
      docRow: db.prepare<[string, string], DocRow>('SELECT * FROM shared_docs WHERE doc_kind = ? AND doc_id = ?'),
      docByLocal: db.prepare<[string, number], DocRow>('SELECT * FROM shared_docs WHERE doc_kind = ? AND local_id = ?'),
      waitingDocs: db.prepare<[], DocRow>('SELECT * FROM shared_docs WHERE waiting IS NOT NULL'),
      putDoc: db.prepare<[string, string, number | null, string, string | null]>(
        `INSERT INTO shared_docs (doc_kind, doc_id, local_id, synced, waiting) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (doc_kind, doc_id) DO UPDATE SET local_id = excluded.local_id, synced = excluded.synced, waiting = excluded.waiting`,
      ),
      // Every change known here: pulled or pushed (shared_changes), and this laptop's not pushed yet, in the
      // one outbox (team_outgoing); shared_change_log is both (local migration 0310).
      docChanges: db.prepare<[string, string], ChangeRow>('SELECT * FROM shared_change_log WHERE doc_kind = ? AND doc_id = ? AND refused IS NULL ORDER BY seq IS NULL, seq, id'),
      fieldChanges: db.prepare<[string, string, string], ChangeRow>('SELECT * FROM shared_change_log WHERE doc_kind = ? AND doc_id = ? AND field = ? ORDER BY seq IS NULL, seq, id'),
      change: db.prepare<[string], ChangeRow>('SELECT * FROM shared_change_log WHERE change_id = ?'),
      pending: db.prepare<[], ChangeRow>('SELECT * FROM shared_change_log WHERE seq IS NULL AND refused IS NULL ORDER BY id'),
      queueChange: db.prepare<[string, string, string, string, string, string | null, number, number, number]>(
        `INSERT INTO team_outgoing (stream, payload, queued_at)
         VALUES ('shared', json_object('change_id', ?, 'origin', ?, 'doc_kind', ?, 'doc_id', ?, 'field', ?, 'value', ?, 'base_version', ?, 'changed_at', ?), ?)`,
      ),
      // Pushed (or pulled back before its push's answer came): out of the outbox, into the changes the server has.
      settleQueued: db.prepare<[number, string, string | null, number, string]>(
        `INSERT INTO shared_changes (change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at)
         SELECT json_extract(payload, '$.change_id'), ?, json_extract(payload, '$.origin'), json_extract(payload, '$.doc_kind'), json_extract(payload, '$.doc_id'),
                json_extract(payload, '$.field'), json_extract(payload, '$.value'), json_extract(payload, '$.base_version'), ?, ?, ?
           FROM team_outgoing WHERE stream = 'shared' AND json_extract(payload, '$.change_id') = ?`,
      ),
      unqueue: db.prepare<[string]>("DELETE FROM team_outgoing WHERE stream = 'shared' AND json_extract(payload, '$.change_id') = ?"),
      addChange: db.prepare<[string, number | null, string, string, string, string, string | null, number, string | null, string | null, number]>(
        `INSERT INTO shared_changes (change_id, seq, origin, doc_kind, doc_id, field, value, base_version, author, author_name, changed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      pushed: db.prepare<[number, string, number, string]>('UPDATE shared_changes SET seq = ?, author = ?, changed_at = ? WHERE change_id = ?'),
      named: db.prepare<[number, string, string | null, number, string]>('UPDATE shared_changes SET seq = ?, author = ?, author_name = ?, changed_at = ? WHERE change_id = ?'),
      refuse: db.prepare<[string, number, string]>("UPDATE team_outgoing SET last_error = ?, refused_at = ? WHERE stream = 'shared' AND json_extract(payload, '$.change_id') = ?"),
      skip: db.prepare<[number, string, number]>("INSERT OR REPLACE INTO team_set_aside (stream, seq, reason, skipped_at) VALUES ('shared', ?, ?, ?)"),
      skipped: db.prepare<[], { seq: number; reason: string }>('SELECT seq, reason FROM shared_skipped ORDER BY seq'),
      notice: db.prepare<[string, string]>('INSERT OR IGNORE INTO shared_notices (overtaken_change, by_change) VALUES (?, ?)'),
      notices: db.prepare<[], { overtaken_change: string; by_change: string }>('SELECT overtaken_change, by_change FROM shared_notices WHERE dismissed = 0 ORDER BY rowid'),
      dismiss: db.prepare<[string]>('UPDATE shared_notices SET dismissed = 1 WHERE overtaken_change = ?'),
    };
  }

  private adapter(kind: SharedKind): DocAdapter {
    const a = this.adapters.get(kind);
    if (!a) throw new Error(`No shared-work adapter for ${kind}.`);
    return a;
  }

  private state(kind: SharedKind, docId: string): DocState {
    return fold(this.s.docChanges.all(kind, docId).map(toChange));
  }

  private queue(kind: SharedKind, docId: string, field: string, value: unknown, base: number): void {
    const now = this.now();
    this.s.queueChange.run(randomUUID(), this.origin, kind, docId, field, value === null || value === undefined ? null : canonical(value), base, now, now);
  }

  /** A change of this laptop's the server has now numbered: out of the outbox (or, pulled before, named). */
  private settle(changeId: string, seq: number, author: string, authorName: string | null, changedAt: number): void {
    this.db.transaction(() => {
      if (this.s.settleQueued.run(seq, author, authorName, changedAt, changeId).changes > 0) this.s.unqueue.run(changeId);
      else if (authorName === null) this.s.pushed.run(seq, author, changedAt, changeId);
      else this.s.named.run(seq, author, authorName, changedAt, changeId);
    })();
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
      const { rows } = await teamCall('read the team’s shared work', () =>
        this.pool.query(
          `SELECT c.seq::text AS seq, c.change_id::text AS change_id, c.origin::text AS origin, c.doc_kind, c.doc_id::text AS doc_id, c.field,
                  c.value::text AS value, octet_length(c.value::text) AS size, c.base_version::text AS base_version, c.author,
                  coalesce(r.display_name, c.author) AS author_name, c.changed_at
             FROM ${S}.shared_changes c LEFT JOIN ${S}.researchers r ON r.role_name = c.author
            WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
          [after, batch],
        ),
      );
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
    for (const c of state.conflicts) {
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

  // ---- reading ------------------------------------------------------------------------------

  /** The shared thing a local row is, or null (not captured yet). */
  docIdOf(kind: SharedKind, localId: number): string | null {
    return this.s.docByLocal.get(kind, localId)?.doc_id ?? null;
  }

  /**
   * The version of a local row's thing as this laptop has it (what an editor opening it now
   * shows), and the teammates whose change each field's value is; null when not shared yet.
   */
  teamVersion(kind: SharedKind, localId: number): TeamVersion | null {
    const docId = this.docIdOf(kind, localId);
    if (docId === null) return null;
    const state = this.state(kind, docId);
    const by: Record<string, string> = {};
    for (const [field, c] of state.fields) if (c.origin !== this.origin && c.authorName !== null) by[field] = c.authorName;
    return { version: state.version, by };
  }

  /** A local row's thing, when it could be written here; null otherwise. */
  localIdOf(kind: SharedKind, docId: string): number | null {
    return this.s.docRow.get(kind, docId)?.local_id ?? null;
  }

  /** Why a thing's latest version is not in its local row yet; null when it is. */
  waiting(kind: SharedKind, docId: string): string | null {
    return this.s.docRow.get(kind, docId)?.waiting ?? null;
  }

  /** Every value a field has had, oldest first (the server's order, then this laptop's outbox). */
  history(kind: SharedKind, docId: string, field: string): HistoryEntry[] {
    const state = this.state(kind, docId);
    const current = state.deleted === null ? state.fields.get(field)?.changeId : undefined;
    return this.s.fieldChanges.all(kind, docId, field).map((row) => ({
      value: row.value === null ? null : (JSON.parse(row.value) as unknown),
      authorName: row.author_name,
      mine: row.origin === this.origin,
      changedAt: row.changed_at,
      seq: row.seq,
      changeId: row.change_id,
      current: row.change_id === current,
      refused: row.refused,
    }));
  }

  /** The rows skipped as unreadable, with why. */
  skipped(): { seq: number; reason: string }[] {
    return this.s.skipped.all();
  }

  private noticeOf(overtaken: string, by: string): SharedNotice {
    const mine = toChange(this.s.change.get(overtaken)!);
    const theirs = toChange(this.s.change.get(by)!);
    const a = this.adapter(mine.docKind);
    const state = this.state(mine.docKind, mine.docId);
    const what = a.title(currentFields(state));
    const name = theirs.authorName ?? 'A teammate';
    let message: string;
    if (mine.field === DOC_FIELD && (mine.seq ?? 0) < (theirs.seq ?? 0)) message = `${name} changed ${what} after you deleted it, so it is back; your deletion is kept in its history.`;
    else if (mine.field === DOC_FIELD) message = `${name} changed ${what} while you were deleting it, so it was kept; delete it again if you still mean to.`;
    else message = `${name} changed ${a.describe(mine.field)} of ${what} while you were editing; yours is kept in its history — restore it?`;
    return { overtakenChange: overtaken, docKind: mine.docKind, docId: mine.docId, field: mine.field, byName: name, message };
  }

  /** This researcher's edits overtaken by a teammate's, not dismissed yet. */
  notices(): SharedNotice[] {
    return this.s.notices.all().map((n) => this.noticeOf(n.overtaken_change, n.by_change));
  }

  dismiss(overtakenChange: string): void {
    this.s.dismiss.run(overtakenChange);
  }

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
