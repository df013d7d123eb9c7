// This laptop's copy of the shared work: every change it knows (pulled, pushed or in its outbox),
// which local row each thing is, the notices, and every read of them. Apart from the engine that
// syncs it with the team (sharedWork.ts, which extends SharedLog), so each reads on its own.
import type { TeamStamp } from '@shared/teamSeen';
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../platform/cache/database';
import { canonical, currentFields, DOC_FIELD, fold, type Conflict, type DocState, type Fields, type SharedChange, type SharedKind } from './sharedFold';
import { noticeMessage } from './noticeWords';

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
  /** A field of the thing in a researcher's words, where "`describe` of `title`" reads badly ("the note on National Geographic (@natgeo, Instagram)"). */
  fieldOf?(field: string, fields: Fields): string;
  /**
   * Changes a field of this kind settles overrule, on top of the rule (a campaign's start: an edit
   * of what makes its plan, made without having seen the start, does not change the frozen plan).
   * Each is told to its author as an overtaken edit, and stays in its field's history.
   */
  overruled?(state: DocState): Conflict[];
  /** The words telling the author of `mine` that `theirs`, a change of another field, overruled it. */
  overruledWords?(mine: SharedChange, theirs: SharedChange, now: Fields): string;
}

/** Where a local row's thing stands: its version, and who last changed each field when it was a teammate (their name). */
export type TeamVersion = TeamStamp;

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
  /** Whether restoring the overtaken value makes it current again: not a deletion, nor an edit another field overruled (a campaign's start). */
  restorable: boolean;
}

/** What the log stands on: the workspace's database and one adapter per kind. */
export interface SharedLogDeps {
  db: Db;
  adapters: readonly DocAdapter[];
  now?: () => number;
}

export type ChangeRow = {
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

/** The log's statements on the workspace's database (local migrations 0220 and 0310). */
interface LogStatements {
  cursor: Statement<[], { pulled_seq: number }>;
  setCursor: Statement<[number]>;
  docRows: Statement<[string], DocRow>;
  docRow: Statement<[string, string], DocRow>;
  docByLocal: Statement<[string, number], DocRow>;
  waitingDocs: Statement<[], DocRow>;
  putDoc: Statement<[string, string, number | null, string, string | null]>;
  docChanges: Statement<[string, string], ChangeRow>;
  fieldChanges: Statement<[string, string, string], ChangeRow>;
  change: Statement<[string], ChangeRow>;
  pending: Statement<[], ChangeRow>;
  queueChange: Statement<[string, string, string, string, string, string | null, number, number, number]>;
  settleQueued: Statement<[number, string, string | null, number, string]>;
  unqueue: Statement<[string]>;
  addChange: Statement<[string, number | null, string, string, string, string, string | null, number, string | null, string | null, number]>;
  pushed: Statement<[number, string, number, string]>;
  named: Statement<[number, string, string | null, number, string]>;
  refuse: Statement<[string, number, string]>;
  skip: Statement<[number, string, number]>;
  skipped: Statement<[], { seq: number; reason: string }>;
  notice: Statement<[string, string]>;
  notices: Statement<[], { overtaken_change: string; by_change: string }>;
  dismiss: Statement<[string]>;
}

export class SharedLog {
  protected readonly db: Db;
  protected readonly adapters = new Map<SharedKind, DocAdapter>();
  protected readonly now: () => number;
  readonly origin: string;
  protected readonly s: LogStatements;

  constructor(deps: SharedLogDeps) {
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

  protected adapter(kind: SharedKind): DocAdapter {
    const a = this.adapters.get(kind);
    if (!a) throw new Error(`No shared-work adapter for ${kind}.`);
    return a;
  }

  protected state(kind: SharedKind, docId: string): DocState {
    return fold(this.s.docChanges.all(kind, docId).map(toChange));
  }

  protected queue(kind: SharedKind, docId: string, field: string, value: unknown, base: number): void {
    const now = this.now();
    this.s.queueChange.run(randomUUID(), this.origin, kind, docId, field, value === null || value === undefined ? null : canonical(value), base, now, now);
  }

  /** A change of this laptop's the server has now numbered: out of the outbox (or, pulled before, named). */
  protected settle(changeId: string, seq: number, author: string, authorName: string | null, changedAt: number): void {
    this.db.transaction(() => {
      if (this.s.settleQueued.run(seq, author, authorName, changedAt, changeId).changes > 0) this.s.unqueue.run(changeId);
      else if (authorName === null) this.s.pushed.run(seq, author, changedAt, changeId);
      else this.s.named.run(seq, author, authorName, changedAt, changeId);
    })();
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

  protected noticeOf(overtaken: string, by: string): SharedNotice {
    const mine = toChange(this.s.change.get(overtaken)!);
    const theirs = toChange(this.s.change.get(by)!);
    const state = this.state(mine.docKind, mine.docId);
    // The field as the overtaken editor knew it when they began: the latest of it their base had.
    const known = this.s.fieldChanges.all(mine.docKind, mine.docId, mine.field).filter((row) => row.seq !== null && row.seq <= mine.baseVersion).at(-1);
    const before = known && known.value !== null ? (JSON.parse(known.value) as unknown) : undefined;
    const message = noticeMessage(this.adapter(mine.docKind), mine, theirs, currentFields(state), before, mine.field === DOC_FIELD);
    const restorable = mine.field !== DOC_FIELD && theirs.field === mine.field;
    return { overtakenChange: overtaken, docKind: mine.docKind, docId: mine.docId, field: mine.field, byName: theirs.authorName ?? 'A teammate', message, restorable };
  }

  /** This researcher's edits overtaken by a teammate's, not dismissed yet. */
  notices(): SharedNotice[] {
    return this.s.notices.all().map((n) => this.noticeOf(n.overtaken_change, n.by_change));
  }

  dismiss(overtakenChange: string): void {
    this.s.dismiss.run(overtakenChange);
  }
}
