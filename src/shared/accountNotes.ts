// A researcher's own note and tags on an account (shared with the team in a Team workspace),
// for main and the renderer alike. Pure: no runtime imports.
import type { TeamStamp } from './teamSeen';
import type { Network } from './reports';

export const MAX_ACCOUNT_NOTE = 2000;
export const MAX_TAGS = 30;
export const MAX_TAG_CHARS = 40;

/** A tag as kept: trimmed, inner spaces single, without a leading #; null when nothing is left or it is too long. */
export function cleanTag(text: string): string | null {
  const tag = text.replace(/^#+/, '').replace(/\s+/g, ' ').trim();
  return tag.length === 0 || tag.length > MAX_TAG_CHARS ? null : tag;
}

/** Two tags are one when they differ only in letter case ("Beauty" and "beauty"). */
export function tagKey(tag: string): string {
  return tag.toLocaleLowerCase('en');
}

/** Tags as kept: cleaned, the first spelling of each kept, in the order given, at most MAX_TAGS. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const t of tags) {
    const tag = cleanTag(t);
    if (tag !== null && !seen.has(tagKey(tag))) seen.set(tagKey(tag), tag);
  }
  return [...seen.values()].slice(0, MAX_TAGS);
}

/** An account's note and tags as the renderer sees them; `updatedAt` null when it has neither. */
export interface AccountNotesView {
  network: Network;
  accountKey: string;
  note: string;
  tags: string[];
  /** Its status: a step's id (@shared/workflow); null: none. */
  status: string | null;
  updatedAt: number | null;
  /**
   * In a Team workspace, once shared: the version of these notes an editor opening them now
   * starts from, and who last changed a field (`note`, `status`, `tag:<key>`) when it was a
   * teammate (their name) — so an open editor can say a teammate changed what it shows.
   */
  team?: TeamStamp;
}

/**
 * What an editor showed when the researcher began an edit (sent with it): main applies only what
 * they changed from it, and a Team workspace shares the edit as made on `version`.
 */
export interface AccountNotesSeen {
  /** `team.version` of the view the editor showed; 0 outside a team or before it was shared. */
  version: number;
  note: string;
  tags: string[];
  status: string | null;
}

/** An edit of an account's notes as the editor sends it (`notes:set` without the account). */
export interface AccountNotesEdit {
  note: string;
  tags: string[];
  status?: string | null;
  seen: AccountNotesSeen;
}

/** What an editor shows of a view, as sent with an edit begun on it. */
export function seenOf(view: Pick<AccountNotesView, 'note' | 'tags' | 'status' | 'team'>): AccountNotesSeen {
  return { version: view.team?.version ?? 0, note: view.note, tags: [...view.tags], status: view.status };
}

/**
 * The editor's edits, each made from what it shows (`shown`) — which may not hold yet what its
 * previous save changed, its answer still on the way: main applies only what differs from
 * `seen`, so a quick status → tag → note never sends the tag list of before the tag.
 */
export const notesEdits = {
  status: (shown: AccountNotesSeen, status: string | null): AccountNotesEdit => ({ note: shown.note, tags: shown.tags, status, seen: shown }),
  addTag: (shown: AccountNotesSeen, tag: string): AccountNotesEdit => ({ note: shown.note, tags: [...shown.tags, tag], seen: shown }),
  removeTag: (shown: AccountNotesSeen, tag: string): AccountNotesEdit => ({ note: shown.note, tags: shown.tags.filter((t) => t !== tag), seen: shown }),
  /** `seen`: what the editor showed when the researcher began typing the note. */
  note: (seen: AccountNotesSeen, note: string): AccountNotesEdit => ({ note, tags: seen.tags, seen }),
};

/**
 * What an edit changes, read against what its editor showed (`seen`): the note when it differs
 * from the note seen, each tag added or removed since, the status when it differs — applied to
 * the notes as they are now, so a teammate's change since (or a save of this researcher's own
 * still on its way to the screen) is never undone by a value the editor held before it.
 */
export function mergeSeen(
  now: { note: string; tags: readonly string[]; status: string | null },
  seen: AccountNotesSeen,
  next: { note: string; tags: readonly string[]; status?: string | null },
): { note: string; tags: string[]; status?: string | null } {
  const keys = (tags: readonly string[]) => new Set(tags.map(tagKey));
  const before = keys(seen.tags);
  const after = keys(next.tags);
  const tags = now.tags.filter((t) => !(before.has(tagKey(t)) && !after.has(tagKey(t))));
  const held = keys(tags);
  for (const t of next.tags) {
    if (before.has(tagKey(t)) || held.has(tagKey(t))) continue;
    tags.push(t);
    held.add(tagKey(t));
  }
  const out: { note: string; tags: string[]; status?: string | null } = { note: next.note.trim() !== seen.note.trim() ? next.note : now.note, tags };
  if (next.status !== undefined && next.status !== seen.status) out.status = next.status;
  return out;
}
