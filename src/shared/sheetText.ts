// How much room a cell's text takes when a spreadsheet program shows or prints it: how wide it is,
// how many lines it wraps to in a column and how tall those lines are. The one measure every
// sheet's columns and rows are sized by (sheets.ts): a row that holds wrapped text must say its
// height in the file, since Excel and LibreOffice keep a row one line high otherwise, and the
// wrapped lines are then cut off or printed over the row below.
//
// Measured for the fonts a client's program draws a sheet in, taking the wider of them:
// - widths in a column's own unit, the width of a digit of the sheet's font (Calibri 11): Excel
//   draws Calibri; LibreOffice draws Carlito where it is installed (Calibri's metrics) and DejaVu
//   Sans where it is not, its columns then as much wider as its digits. Per character, the wider
//   of Carlito and DejaVu Sans (bold a tenth wider); letters of other scripts as wide as the
//   widest Latin ones; CJK and emoji two digits wide.
// - line heights by the tallest font a line may need: Calibri's 15 pt line at 11 pt for Latin,
//   Greek and Cyrillic; the taller lines of the fallback fonts for CJK and emoji, and taller still
//   for scripts whose marks stack above and below (Devanagari, Arabic, Thai…).
// A row may keep a little room to spare in one program; no line is ever lost in another.

/** The font a cell's text is drawn in: size in points (11 unless said), bold or not. */
export interface TextFont {
  size?: number;
  bold?: boolean;
}

/** The sheet's font size, which the column widths are counted in. */
export const BASE_FONT_SIZE = 11;

/**
 * Widths of the printable ASCII characters (' ' to '~'), in hundredths of a digit: the wider of
 * Carlito's and DejaVu Sans' advance, each divided by its own font's digit width.
 */
const ASCII_WIDTHS = [
  50, 64, 79, 132, 100, 149, 135, 44, 61, 61, 98, 132, 50, 60, 50, 76, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 53, 53, 132, 132, 132, 91, 176, 114, 108, 110, 121, 99, 91, 124, 123, 50,
  63, 103, 88, 169, 127, 131, 102, 133, 109, 100, 96, 127, 112, 176, 108, 96, 108, 61, 76, 61, 132, 98, 79, 96, 104, 86, 104, 98, 60, 100, 104, 45, 47, 91, 45, 158, 104, 104, 104, 104, 69, 82,
  66, 104, 93, 141, 93, 93, 83, 100, 91, 100, 132,
];

/** Bold text is this much wider (DejaVu Sans Bold against the regular digit the columns count). */
const BOLD = 1.1;
/** Space a cell keeps between its text and its edges, in digits. */
const CELL_PADDING = 0.6;
/** Space a row keeps above and below its lines, in points. */
const ROW_PADDING = 3;

/** Characters drawn two digits wide: CJK, Hangul, fullwidth forms. */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
/** Marks drawn on the letter before them, and characters that draw nothing. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u;
/** Scripts drawn in a font with a line as tall as Calibri's: Latin, Greek, Cyrillic and their punctuation and symbols. */
const PLAIN_LINE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** Width of one character, in digits of the regular base font. */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (code >= 32 && code < 127) return ASCII_WIDTHS[code - 32]! / 100;
  if (ZERO_WIDTH.test(ch)) return 0;
  if (EMOJI.test(ch)) return 2.4;
  if (WIDE.test(ch)) return 2;
  // Accented Latin, Cyrillic, Greek, Arabic, Devanagari…: as wide as the wide Latin capitals.
  return 1.3;
}

/** How wide `text` is (one line of it), in digits of the sheet's font: the unit of a column's width. */
export function textWidth(text: string, font: TextFont = {}): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width * (font.bold ? BOLD : 1) * ((font.size ?? BASE_FONT_SIZE) / BASE_FONT_SIZE);
}

/** Where a line may break: after a space, and between any two CJK characters (as both programs break them). */
function pieces(line: string): string[] {
  return line.split(/(?<=\s)|(?=[\u2e80-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uffef])|(?<=[\u2e80-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uffef])/u).filter((p) => p !== '');
}

/**
 * How many lines `text` takes wrapped in a column `columnWidth` digits wide: each line break of
 * its own starts a line, words go on a line while they fit, and a word longer than the column is
 * broken where it reaches the edge.
 */
export function wrappedLines(text: string, columnWidth: number, font: TextFont = {}): number {
  const room = Math.max(1, columnWidth - CELL_PADDING);
  let lines = 0;
  for (const line of text.split('\n')) {
    lines++;
    let used = 0;
    for (const piece of pieces(line)) {
      const word = piece.trimEnd();
      const width = textWidth(word, font);
      const space = textWidth(piece.slice(word.length), font);
      if (used > 0 && used + width > room) {
        lines++;
        used = 0;
      }
      if (width > room) {
        // Broken where it reaches the edge, a character at a time.
        for (const ch of word) {
          const w = textWidth(ch, font);
          if (used > 0 && used + w > room) {
            lines++;
            used = 0;
          }
          used += w;
        }
      } else used += width;
      used += space;
    }
  }
  return lines;
}

/** Height in points of one line of `text`: by the tallest font its characters may be drawn in. */
export function lineHeight(text: string, font: TextFont = {}): number {
  const size = font.size ?? BASE_FONT_SIZE;
  if (PLAIN_LINE.test(text)) return (size * 15) / 11;
  // Stacked marks (Devanagari, Arabic, Thai…) take the tallest lines of all.
  if (![...text].every((ch) => PLAIN_LINE.test(ch) || WIDE.test(ch) || EMOJI.test(ch))) return size * 1.9;
  return size * 1.5;
}

/** Height in points a cell needs for `text` wrapped in a column `columnWidth` digits wide. */
export function textHeight(text: string, columnWidth: number, font: TextFont = {}): number {
  return wrappedLines(text, columnWidth, font) * lineHeight(text, font) + ROW_PADDING;
}
