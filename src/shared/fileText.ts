// Characters a file a client receives cannot hold. XML 1.0 (every part of an XLSX is XML) allows
// tab, line feed and carriage return, and no other C0 control; nor U+FFFE, U+FFFF or a surrogate
// without its pair: one of them in a cell makes the whole workbook "not well-formed", and Excel
// refuses to open it. A CSV has no such rule, but a raw control character (a NUL, an escape) in
// it breaks the programs that read it. Text from the API, a teammate or a researcher is made safe
// in the one place each file is written (sheetWorker.ts, csv.ts); what a researcher types
// (the agency's name) is refused at input, with words.

/** Not allowed in XML 1.0: C0 controls but tab, LF, CR; U+FFFE, U+FFFF; a lone surrogate (the `u` flag matches only those). */
const NOT_IN_XML = /(?![\t\n\r\u007F-\u009F])\p{Cc}|[\uFFFE\uFFFF\p{Cs}]/u;
const NOT_IN_XML_ALL = new RegExp(NOT_IN_XML.source, 'gu');
/** Not written raw into a CSV: what XML refuses, and DEL and the C1 controls besides. */
const NOT_IN_CSV = /(?![\t\n\r])\p{Cc}|[\uFFFE\uFFFF\p{Cs}]/u;
const NOT_IN_CSV_ALL = new RegExp(NOT_IN_CSV.source, 'gu');

/** What stands for a character a file cannot hold: U+FFFD, the replacement character, so the reader sees one was there. */
export const REPLACEMENT = '\uFFFD';

/** `text` with every character XML 1.0 does not allow replaced by U+FFFD (the same string when it has none). */
export function xmlSafeText(text: string): string {
  return NOT_IN_XML.test(text) ? text.replace(NOT_IN_XML_ALL, REPLACEMENT) : text;
}

/** `text` with its control characters but tab, LF and CR (and what XML refuses) replaced by U+FFFD. */
export function csvSafeText(text: string): string {
  return NOT_IN_CSV.test(text) ? text.replace(NOT_IN_CSV_ALL, REPLACEMENT) : text;
}

/** Every string in a plain value (arrays, objects), made XML-safe; other values as they are. */
export function xmlSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return xmlSafeText(value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = xmlSafeDeep(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = xmlSafeDeep(record[key]);
  }
  return value;
}

/**
 * The first character of `text` a line of a file cannot hold — any control character (a name is
 * one line, so tab and line breaks too), U+FFFE, U+FFFF, a lone surrogate — named as a code point
 * ('U+FFFE'); null when it has none.
 */
export function lineCharacterProblem(text: string): string | null {
  const found = /[\p{Cc}\uFFFE\uFFFF\p{Cs}]/u.exec(text)?.[0];
  return found === undefined ? null : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
