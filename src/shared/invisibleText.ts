// Control and format characters (C0/C1 controls, bidi overrides and isolates, zero-width
// characters, the byte-order mark): invisible, they make one name look like another or turn the
// text around it backwards ('a\u202Eexe.csv' shows as 'acsv.exe'). No network allows them in an
// account name, and no file Scout writes is named with one. One rule for both.
const invisible = /[\p{Cc}\p{Cf}]/u;
const invisibleAll = /[\p{Cc}\p{Cf}]/gu;

const invisibleNames: Record<number, string> = {
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'byte-order mark',
};

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first invisible character of `text`, named ('U+202E, right-to-left override'); null when it has none. */
export function invisibleCharacterIn(text: string): string | null {
  const found = invisible.exec(text)?.[0];
  if (found === undefined) return null;
  const name = invisibleNames[found.codePointAt(0)!] ?? (/\p{Cc}/u.test(found) ? 'control character' : 'formatting character');
  return `${codePoint(found)}, ${name}`;
}

/** Why a text cannot name an account because of an invisible character in it; null when it has none. */
export function invisibleCharacterProblem(text: string): string | null {
  const found = invisibleCharacterIn(text);
  return found === null ? null : `contains an invisible character (${found}); type the name rather than pasting it`;
}

/** The text with its invisible characters shown as code points, so a message quoting it reads as it is. */
export function visible(text: string): string {
  return text.replace(invisibleAll, (c) => `<${codePoint(c)}>`);
}

/** The text without its invisible characters (a name made from data, such as a file name from a title). */
export function withoutInvisible(text: string): string {
  return text.replace(invisibleAll, '');
}
