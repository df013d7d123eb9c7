// The conflict rule of shared work and what it folds: a shared thing's kinds, fields and changes,
// and `fold`. Pure (no database, no team), apart from the engine (sharedWork.ts) so the rule every
// laptop applies is read and tested on its own (sharedFold.test.ts).
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
// - A kind may hold a field that settles others (a campaign's start freezes its plan): what its
//   adapter says that field overrules (`DocAdapter.overruled`) is told to its author the same way,
//   and kept in history; the rule above still decides each field's value in the team's log.

export const sharedKinds = ['comparison', 'discovery_query', 'shortlist_item', 'account_notes', 'status_steps', 'watchlist', 'campaign'] as const;
export type SharedKind = (typeof sharedKinds)[number];

/** The field a deletion (value null) or a restore (value true) of the whole thing is written to. */
export const DOC_FIELD = '$doc';

export type Fields = Record<string, unknown>;

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
