// Saved lists: the API gives a list only its number, so the researcher names it in Scout. The
// rule for a name (checked as it is typed and again by the contract) and how a list is referred
// to wherever it appears: by its name, or by its number until it has one.
import { z } from 'zod';

export const LIST_NAME_MAX = 80;

/** A list's name as typed: trimmed, inner runs of space made one; empty clears the name (null). */
export const listNameSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(LIST_NAME_MAX, `A list name has at most ${LIST_NAME_MAX} characters.`))
  .transform((s) => (s === '' ? null : s));

/** How a list is referred to: 'Summer shortlist'; 'List 5' while it has no name. */
export function listLabel(list: { listId: number; name: string | null }): string {
  return list.name ?? `List ${list.listId}`;
}
