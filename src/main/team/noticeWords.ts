// What a researcher is told when a teammate's edit overtook theirs, in the words the screens use:
// the thing as the researcher knows it (an account by its name and handle, a query by the name it
// had before the rename and the one it has now), never a key or an id.
import { DOC_FIELD, type Fields, type SharedChange } from './sharedFold';
import type { DocAdapter } from './sharedLog';

const quoted = (value: unknown) => (typeof value === 'string' ? `“${value}”` : null);

/**
 * The notice for `mine`, overtaken by `theirs`. `now`: the thing's fields as they are; `before`:
 * the field's value as the overtaken editor knew it when they began (undefined when there was none);
 * `deletion`: `mine` deleted the whole thing.
 */
export function noticeMessage(a: DocAdapter, mine: SharedChange, theirs: SharedChange, now: Fields, before: unknown, deletion: boolean): string {
  const who = theirs.authorName ?? 'A teammate';
  // A change of another field settled this one (a campaign's start froze its plan): the kind says how.
  if (!deletion && theirs.field !== mine.field && theirs.field !== DOC_FIELD && a.overruledWords) return a.overruledWords(mine, theirs, now);
  const what = a.title(now);
  if (deletion && (mine.seq ?? 0) < (theirs.seq ?? 0)) return `${who} changed ${what} after you deleted it, so it is back; your deletion is kept in its history.`;
  if (deletion) return `${who} changed ${what} while you were deleting it, so it was kept; delete it again if you still mean to.`;
  // A rename against a rename: the name both began from says which thing it is, then what it is called now.
  const was = quoted(before);
  const theirName = quoted(theirs.value);
  if (mine.field === 'name' && was !== null && theirName !== null && before !== theirs.value) {
    const yours = quoted(mine.value);
    return `${who} renamed ${a.title({ ...now, name: before })} to ${theirName} while you were renaming it; yours${yours ? `, ${yours},` : ''} is kept in its history — restore it?`;
  }
  const field = a.fieldOf ? a.fieldOf(mine.field, now) : `${a.describe(mine.field)} of ${what}`;
  return `${who} changed ${field} while you were editing; yours is kept in its history — restore it?`;
}
