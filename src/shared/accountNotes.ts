// A researcher's own note and tags on an account (shared with the team in a Team workspace),
// for main and the renderer alike. Pure: no runtime imports.
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
}
