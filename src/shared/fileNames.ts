// File names: the rule for a name Scout is given (refused with the reason) and the way Scout makes
// one from a title (cleaned), kept together so the two cannot drift. A file name is a name only,
// never a path; it holds no character a file system refuses (Windows' * ? " < > | among them), no
// control or invisible formatting character (a right-to-left override makes 'a\u202Eexe.csv'
// show as 'acsv.exe'), and does not start with a dot (a hidden file).
import { invisibleCharacterIn, withoutInvisible } from './invisibleText';

export const MAX_FILE_NAME_CHARS = 200;
const separators = /[/\\:]/;
const reserved = /[*?"<>|]/;

/** Why `name` cannot be a file's name; null when it can. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Give the file a name.';
  if (name.length > MAX_FILE_NAME_CHARS) return 'That file name is too long.';
  if (separators.test(name)) return 'A file name may not contain / \\ or :, only the name itself.';
  if (reserved.test(name)) return 'A file name may not contain * ? " < > or |.';
  const hidden = invisibleCharacterIn(name);
  if (hidden !== null) return `A file name may not contain control or invisible formatting characters (it has ${hidden}).`;
  if (name.trim().startsWith('.')) return 'A file name may not start with a dot.';
  return null;
}

/**
 * A file name made from a title ('Q3 creators: US/UK' → 'Q3 creators US UK.xlsx'): every
 * character a name may not hold becomes a space, invisible formatting ones are dropped, at most 120
 * characters before the extension; `fallback` when nothing is left.
 */
export function fileNameFor(title: string, extension: string, fallback = 'Scout export'): string {
  // A control character (a tab, a line break) parts words: it becomes a space; a formatting one is dropped.
  const base = withoutInvisible(title.replace(/\p{Cc}+/gu, ' '))
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${base || fallback}.${extension}`;
}
